"""The seeded RNG: its inline fast paths draw exactly what the plain definitions draw (replays rely on it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tefuda.core import Rng

MASK = (1 << 64) - 1


def reference_below(r: Rng, n: int) -> int:
    return (r.next64() * n) >> 64


@given(st.integers(0, MASK), st.lists(st.integers(1, 10**6), max_size=30))
def test_below_is_next64_scaled(seed, bounds):
    fast, plain = Rng(seed), Rng(seed)
    assert [fast.below(n) for n in bounds] == [reference_below(plain, n) for n in bounds]
    assert fast.s == plain.s


@given(st.integers(0, MASK), st.integers(0, 60))
def test_shuffle_is_fisher_yates_over_below(seed, n):
    fast, plain = Rng(seed), Rng(seed)
    a, b = list(range(n)), list(range(n))
    fast.shuffle(a)
    for i in range(n - 1, 0, -1):
        j = reference_below(plain, i + 1)
        b[i], b[j] = b[j], b[i]
    assert a == b and fast.s == plain.s
    assert sorted(a) == list(range(n))
