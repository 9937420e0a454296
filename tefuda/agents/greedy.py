"""``greedy``: one-ply lookahead, card-agnostic — each legal action is scored by random playouts from
determinized states (sampled from the agent's own knowledge), and the best average result is taken.

Its cost per decision is bounded: ``rollouts`` passes over the legal actions (one random playout each, at
most ``max_actions`` long), stopped early once ``seconds`` (default 0.2) have gone by — a game with many
actions or long games cannot make it slow. ``greedy:seconds=0`` drops the time cap: a count-only agent,
the same on every machine."""

from __future__ import annotations

import time
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
    OPTIONS: ClassVar[dict[str, type]] = {"rollouts": int, "max_actions": int, "seconds": float}

    def __init__(
        self, seed: int = 0, rollouts: int = 6, max_actions: int = 2000, seconds: float = 0.2
    ) -> None:
        if not 1 <= rollouts <= 100_000:
            raise ValueError("greedy: rollouts must be 1–100000")
        if not 1 <= max_actions <= 1_000_000:
            raise ValueError("greedy: max_actions must be 1–1000000")
        if not 0 <= seconds <= 3600:  # also refuses nan
            raise ValueError("greedy: seconds must be 0–3600 (0: no time cap)")
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.max_actions = max_actions
        self.seconds = seconds
        self.playouts = 0  # playouts run so far (what the clock and the budget allow)

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        seat = decision.seat
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        sampler = decision.sampler()
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        for _ in range(self.rollouts):
            world = sampler.sample(self.rng)
            # each pass in a fresh order, so a pass the clock cuts short favours no action
            for i in self.rng.permutation(len(legal)):
                s = world.clone()
                s.apply(legal[i])
                random_playout(s, self.rng, self.max_actions)
                self.playouts += 1
                res = s.outcome()
                totals[i] += 0.0 if res is None else res.returns(s.nplayers)[seat]
                counts[i] += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            else:
                continue
            break
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts, strict=True)]
        best = max(means)
        ties = [a for a, m in zip(legal, means, strict=True) if m == best]
        return ties[self.rng.below(len(ties))]
