"""アマデウス's rules, chapter by chapter — the turn (turn.py), playing cards (play.py), attacks and battles
(battle.py), destruction (destruction.py), what cards do (effects.py) and the 疑心ゾーン (suspicion.py) —
gathered in one table: importing this module registers every step."""

from __future__ import annotations

from . import battle, destruction, effects, play, suspicion, turn  # noqa: F401 - importing a chapter registers its rules
from .rules import rules

__all__ = ["rules"]
