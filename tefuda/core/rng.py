"""A tiny seeded RNG whose whole state is one int, so cloning a game state costs nothing.

splitmix64 (Steele, Lea & Flood 2014): fast in pure Python, good enough for shuffles, and identical on
every platform and Python version — unlike ``random.Random``, whose state is 625 words to copy.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = seed & _MASK

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = self.s
        return r

    def next64(self) -> int:
        self.s = s = (self.s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n) (Lemire's multiply-shift; the bias is < n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # next64, inline (the hottest call of every random playout)
        self.s = s = (self.s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place (``below(i + 1)`` for each i, inline: the same draws, fewer calls)."""
        s = self.s
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.s = s

    def permutation(self, n: int) -> list[int]:
        """A random ordering of ``range(n)`` from one step of this stream: keys from SHAKE-128 of that step,
        sorted — all in C, for dealing instance ids at the start of every game."""
        if n <= 1:
            return list(range(n))
        keys = struct.unpack(f"<{n}Q", hashlib.shake_128(self.next64().to_bytes(8, "little")).digest(8 * n))
        return sorted(range(n), key=keys.__getitem__)

    def fork(self) -> Rng:
        """A new independent stream derived from this one (advances this one by one step)."""
        return Rng(self.next64())
