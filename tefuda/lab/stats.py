"""Small statistics for the simulation lab: Wilson score intervals and length summaries."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (good for small n and rates near 0 or 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else min(p, max(0.0, centre - half))
    hi = 1.0 if wins >= n else max(p, min(1.0, centre + half))
    return (lo, hi)


def describe(values: Sequence[int]) -> dict[str, float]:
    """Mean, median and 95th percentile (nearest rank) of a sample."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0}
    v = sorted(values)
    n = len(v)
    median = v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
    p95 = v[min(n - 1, max(0, math.ceil(0.95 * n) - 1))]
    return {"mean": sum(v) / n, "median": float(median), "p95": float(p95)}


def describe_counts(counts: Mapping[int, int]) -> dict[str, float]:
    """``describe`` of a sample given as value -> how often (a run's lengths, in constant memory): the same
    mean, median and nearest-rank 95th percentile as of the values written out."""
    n = sum(counts.values())
    if not n:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0}
    items = sorted(counts.items())

    def at(rank: int) -> int:  # the value at 0-based rank in sorted order
        seen = 0
        for v, c in items:
            seen += c
            if rank < seen:
                return v
        return items[-1][0]

    median = at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2
    p95 = at(min(n - 1, max(0, math.ceil(0.95 * n) - 1)))
    return {"mean": sum(v * c for v, c in items) / n, "median": float(median), "p95": float(p95)}
