"""A seat's memory of the positions it decided at this turn, so a search does not go round in a circle.

A search rates a move that changes nothing — 黒白物語's 表示形式の変更 back and forth, each change passing
priority and the opponent passing it back — about as well as the move that ends the turn, and may take it
for ever: nothing in such a rule ends a turn that does not end (stop 35 saw a game run to the lab's cap).
A strong player does not go round in a circle, whether ahead or behind, so an agent that remembers forbids
itself, at a position it has already decided at ``limit`` times with the same move, that move again this turn.
It can only go round a circle as many times as it has moves at each position of it, then must take one that
leads elsewhere — unless every move has been spent, when nothing is forbidden.

A position is the seat's whole observation (its own view: nothing it may not know), and the memory is the
current turn's only (the observation names the turn, so a position cannot come back in another turn)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tefuda.core import Action


class Repetitions:
    """What one seat took at each position of the current turn, and how often. Plain data (a server's
    worker gets it with the decision and hands it back)."""

    __slots__ = ("taken", "turn")

    def __init__(self) -> None:
        self.turn: Any = None
        self.taken: dict[bytes, dict[Action, int]] = {}

    def at(self, observation: dict[str, Any]) -> dict[Action, int]:
        """The moves taken so far at this position, with their counts (a dict to add to): a new turn
        forgets the last."""
        turn = observation.get("turn")
        if turn != self.turn:
            self.turn = turn
            self.taken = {}
        return self.taken.setdefault(position_key(observation), {})


def position_key(observation: dict[str, Any]) -> bytes:
    """A position's fingerprint: the observation written out with sorted keys (the same in every process,
    whatever its hash seed) and hashed."""
    text = json.dumps(observation, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def spent(counts: dict[Action, int], limit: int) -> frozenset[Action]:
    """The moves taken ``limit`` times or more at a position."""
    return frozenset([a for a, n in counts.items() if n >= limit])
