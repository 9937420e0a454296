"""``greedy``: one-ply lookahead, card-agnostic — each legal action is scored by random playouts from
determinized states (sampled from the agent's own knowledge), and the best average result is taken."""

from __future__ import annotations

from typing import ClassVar

from tefuda.core import Action, Rng, State

from .base import Decision


def random_playout(state: State, rng: Rng, max_actions: int = 2000) -> State:
    """Play uniformly random legal actions until the end (or ``max_actions``), in place."""
    n = 0
    while state.result is None and n < max_actions:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        n += 1
    return state


class GreedyAgent:
    name = "greedy"
    uses = frozenset({"world"})
    OPTIONS: ClassVar[dict[str, type]] = {"rollouts": int, "max_actions": int}

    def __init__(self, seed: int = 0, rollouts: int = 6, max_actions: int = 2000) -> None:
        if rollouts < 1:
            raise ValueError("greedy: rollouts must be at least 1")
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.max_actions = max_actions

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        seat = decision.seat
        totals = [0.0] * len(legal)
        sampler = decision.sampler()
        for _ in range(self.rollouts):
            world = sampler.sample(self.rng)
            for i, a in enumerate(legal):
                s = world.clone()
                s.apply(a)
                random_playout(s, self.rng, self.max_actions)
                res = s.outcome()
                totals[i] += 0.0 if res is None else res.returns(s.nplayers)[seat]
        best = max(totals)
        ties = [a for a, t in zip(legal, totals, strict=True) if t == best]
        return ties[self.rng.below(len(ties))]
