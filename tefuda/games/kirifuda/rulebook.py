"""切り札's rules, chapter by chapter — 準備 (setup), the round's phases, 【オープン】 effects, バトル —
gathered in one table: importing this module registers every step the flow can resume at (rules.py holds
the table, so the chapters can register in it without importing each other)."""

from __future__ import annotations

from . import battle, effects, phases, setup  # noqa: F401 - importing a chapter registers its rules
from .rules import rules

__all__ = ["rules"]
