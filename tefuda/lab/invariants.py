"""The invariants a game must keep after every action, checked on a live game (the soak, bench/soak.py).

Each check raises :class:`AssertionError` naming what broke:

- the state's own consistency (``State.check_invariants``: card conservation, every card in exactly one
  zone, zone capacities, no mark on a hidden card, and each game's own);
- knowledge only grows: a seat forgets a card only where the rules make it (the card moved, or its pile
  changed — shuffled, or a card left a hand beside it);
- the hash is stable and a clone is the original: the clone, taken after the original was hashed, hashes the
  same (so hashing changed nothing, and two digests of one game agree) and has the same legal actions;
- a finished game's replay round-trips: written, read back and re-simulated, it gives the same outcome and
  final hash (``verify``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tefuda.core import State
from tefuda.core.replay import Replay, parse_replay, verify
from tefuda.core.rng import stream_state


@dataclass(frozen=True)
class Before:
    """What an action may not take away: each card's knowledge, its place and its pile, and the stream."""

    known: tuple[int, ...]
    where: tuple[int, ...]
    zones: tuple[tuple[int, ...], ...]
    rng: int | str


def before(state: State) -> Before:
    """The state's knowledge and places before an action (for :func:`check_step`)."""
    return Before(
        tuple(state.known), tuple(state.where), tuple(map(tuple, state.zones)), stream_state(state.rng)
    )


def check_knowledge(prev: Before, state: State) -> None:
    """A card's knowledge shrinks only if the card moved, its pile changed (a card left or came in, or it
    was reordered), or the stream was drawn from (a shuffle that happened to keep the order)."""
    known, where, zones = state.known, state.where, state.zones
    shuffled = stream_state(state.rng) != prev.rng
    for i, k in enumerate(prev.known):
        lost = k & ~known[i]
        if not lost:
            continue
        w = where[i]
        if w != prev.where[i] or shuffled:
            continue
        if w < 0 or tuple(zones[w]) != prev.zones[w]:
            continue
        raise AssertionError(
            f"knowledge shrank: seats {lost:#b} forgot instance {i} in {state.zone_specs[w].name}, "
            "though neither it nor its pile changed"
        )


def check_state(state: State, *, hashes: bool = True) -> None:
    """Consistency, and (``hashes``) a stable hash and a clone that is the original: two hashes, most of
    the cost (a third hash of the original itself would add nothing the clone's does not check)."""
    state.check_invariants()
    if not hashes:
        return
    h = state.digest()
    twin = state.clone()
    assert twin.digest() == h, "a clone hashes differently from its original (or hashing changed the state)"
    if not state.is_over:
        assert twin.legal_actions() == state.legal_actions(), "a clone has other legal actions"


def check_step(prev: Before, state: State, *, hashes: bool = True) -> None:
    """Everything after one action: :func:`check_state` and :func:`check_knowledge`."""
    check_state(state, hashes=hashes)
    check_knowledge(prev, state)


def check_replay(rep: Replay) -> None:
    """A replay written as text, read back and re-simulated gives its outcome and final hash."""
    verify(parse_replay(rep.to_json(), "<soak replay>"))
