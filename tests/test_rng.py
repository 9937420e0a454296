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


@given(st.integers(0, 2**31), st.integers(0, 20), st.lists(st.integers(0, 70), max_size=6))
def test_chance_shuffle_takes_the_draws_next64_would(seed, skip, sizes):
    """The game's stream takes a shuffle's draws whole blocks at a time: the same words, in the same order,
    from any place in a block, as one ``next64`` each (every replay depends on it)."""
    from tefuda.core.rng import Chance

    fast, plain = Chance.of(seed), Chance.of(seed)
    for _ in range(skip):
        assert fast.next64() == plain.next64()
    for n in sizes:
        a, b = list(range(n)), list(range(n))
        fast.shuffle(a)
        for i in range(n - 1, 0, -1):
            j = (plain.next64() * (i + 1)) >> 64
            b[i], b[j] = b[j], b[i]
        assert a == b and fast.n == plain.n
    assert fast.next64() == plain.next64()


@given(st.integers(0, 2**31), st.integers(0, 20), st.lists(st.integers(2, 130), max_size=6))
def test_chance_shuffle_by_quarters_is_the_same_shuffle(seed, skip, sizes):
    """The compiled build's shuffle takes each draw in 16-bit quarters (no product beyond a machine word): the
    same permutations as the 64-bit words give, from any place in a block, in either build."""
    from tefuda.core.rng import Chance

    quarters, words = Chance.of(seed), Chance.of(seed)
    for _ in range(skip):
        quarters.next64(), words.next64()
    for n in sizes:
        a, b = list(range(n)), list(range(n))
        quarters._shuffle_by_quarters(a)
        for i, w in zip(range(n - 1, 0, -1), words.words(n - 1), strict=True):
            j = (w * (i + 1)) >> 64
            b[i], b[j] = b[j], b[i]
        assert a == b and quarters.n == words.n
    assert quarters.next64() == words.next64()


@given(st.integers(0, 2**31), st.integers(0, 40))
def test_chance_draws_are_keyed_blake2b_of_the_block_number(seed, skip):
    """Draw k is word k % 8 of BLAKE2b(key = the secret, message = k // 8): the stream's definition, which
    the copied keyed hash must keep, in a copy and after pickling too."""
    import hashlib
    import pickle
    import struct

    from tefuda.core.rng import _PERSON_CHANCE, Chance, secret_key

    key = secret_key(seed)

    def word(k: int) -> int:
        digest = hashlib.blake2b(
            (k >> 3).to_bytes(8, "little"), key=key, digest_size=64, person=_PERSON_CHANCE
        ).digest()
        return struct.unpack("<8Q", digest)[k & 7]

    c = Chance.of(seed)
    assert [c.next64() for _ in range(skip)] == [word(k) for k in range(skip)]
    twin, thawed = c.copy(), pickle.loads(pickle.dumps(c))
    assert [r.next64() for r in (c, twin, thawed)] == [word(skip)] * 3


@given(st.integers(0, MASK), st.lists(st.integers(1, (1 << 30) - 1), max_size=30))
def test_below_by_quarters_is_below(seed, bounds):
    """The compiled build draws ``below`` in 16-bit quarters (its products stay machine words): the same
    numbers and the same stream state as the 64-bit step, in either build."""
    quarters, plain = Rng(seed), Rng(seed)
    assert [quarters._below_by_quarters(n) for n in bounds] == [reference_below(plain, n) for n in bounds]
    assert quarters.s == plain.s
