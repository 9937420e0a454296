"""ジェネシス・ガーデン's rules, chapter by chapter — 準備 (setup), the turns, effects, 戦闘 and the
automatic steps between decisions (flow) — gathered in one table: importing this module registers every
step (rules.py holds the table, so the chapters can register in it without importing each other)."""

from __future__ import annotations

from . import battle, effects, flow, setup, turns  # noqa: F401 - importing a chapter registers its rules
from .rules import rules

__all__ = ["rules"]
