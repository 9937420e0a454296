"""A prior over an opponent's unseen cards (事前分布): what an agent imagines a closed deck list to hold.
Every imagined world draws from it, so it lives in a hot module, compiled by ``make fast``."""

from __future__ import annotations

from typing import Any


def sample_capped(pool: list[int], cap: int, n: int, known_defs: list[int], rng: Any) -> list[int]:
    """``n`` card definitions from ``pool``, no more than ``cap`` copies of one counting the known ones (a
    prior over an opponent's unseen cards when deck lists are closed)."""
    used: dict[int, int] = {}
    for c in known_defs:
        used[c] = used.get(c, 0) + 1
    choices = [c for c in pool if used.get(c, 0) < cap]
    out: list[int] = []
    for _ in range(n):
        c = rng.choice(choices or pool)
        k = used.get(c, 0) + 1
        used[c] = k
        out.append(c)
        if choices and k >= cap:
            choices.remove(c)  # the same list as filtering the pool afresh, without doing it every draw
    return out
