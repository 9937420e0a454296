"""黒白物語's rules, chapter by chapter — 準備 (setup), ターン進行 and 優先権 (flow), 召喚, バトル and
効果処理 — gathered in one table: importing this module registers every step (rules.py holds the table, so the
chapters can register in it without importing each other)."""

from __future__ import annotations

from . import battle, effects, flow, setup, summon  # noqa: F401 - importing a chapter registers its rules
from .rules import rules

__all__ = ["rules"]
