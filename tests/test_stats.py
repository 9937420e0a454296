"""The lab's statistics."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tefuda.lab.stats import describe, wilson


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(min_value=1, max_value=5000), st.data())
def test_wilson_contains_the_estimate(n, data):
    k = data.draw(st.integers(min_value=0, max_value=n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_describe():
    d = describe([1, 2, 3, 4, 100])
    assert d == {"mean": 22.0, "median": 3.0, "p95": 100.0}
    assert describe([]) == {"mean": 0.0, "median": 0.0, "p95": 0.0}
