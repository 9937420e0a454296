"""``random``: a uniformly random legal action, from its own seeded stream."""

from __future__ import annotations

from tefuda.core import Action, Rng

from .base import Decision


class RandomAgent:
    name = "random"
    uses: frozenset[str] = frozenset()  # the legal actions are all it needs

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, decision: Decision) -> Action:
        return self.rng.choice(decision.legal)
