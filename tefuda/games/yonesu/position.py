"""Set up a ヨネス position by hand (for scenario tests, rule puzzles and bug reports).

Cards are named (Japanese, English or id). ``fields`` lists each player's ヨネス as evolution stacks,
bottom card first (``[["ファーストヨネス", "ガチヨネス"]]``); ``deck`` is listed top first. The box rules
are not checked: a position is a moment of a game, not a game's start.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tefuda.core import FACE_UP, Game

from . import flow, turn
from .phase_ids import BATTLE, COST, EXCHANGE, EXCHANGE_FREE, FORCE, SUMMON
from .state import YonesuState
from .zones import CFIELD, DECK, DISCARD, HAND, YFIELD, zid, zone_specs

Names = Sequence[str]
FILLER = ("見習いヨネス",) * 30

_STARTS = {
    "exchange": EXCHANGE,
    "exchange_free": EXCHANGE_FREE,
    "cost": COST,
    "summon": SUMMON,
    "battle": BATTLE,
    "force": FORCE,
}


def position(
    game: Game,
    *,
    hands: Sequence[Names],
    fields: Sequence[Sequence[Names]] = (),
    costs: Sequence[Names] = (),
    deck: Names = FILLER,
    discard: Names = (),
    life: Sequence[int] | None = None,
    limit: Sequence[int] | None = None,
    used: Sequence[int] | None = None,
    attacker: int = 0,
    first: int = 0,
    start: str = "summon",
    turns_taken: Sequence[int] | None = None,
    seed: int = 0,
    record: bool = True,
) -> YonesuState:
    """A state at the start of a phase (``start``) of ``attacker``'s turn."""
    n = len(hands)
    cs = game.cardset

    def card(name: str) -> int:
        c = cs.find(name)
        if c is None:
            raise ValueError(f"position: no card named {name!r}")
        return c.index

    instances: list[tuple[int, int, int, int]] = []
    stacks: list[list[int]] = []
    for name in reversed(deck):  # the top of the 山札 is the end of the list
        instances.append((card(name), 0, 0, DECK))
    for name in discard:
        instances.append((card(name), 0, 0, DISCARD))
    for seat in range(n):
        for name in hands[seat]:
            instances.append((card(name), 0, 0, zid(seat, HAND)))
        for stack in fields[seat] if seat < len(fields) else ():
            ids = []
            for name in stack:
                ids.append(len(instances))
                instances.append((card(name), 0, 0, zid(seat, YFIELD)))
            stacks.append(ids)
        for name in costs[seat] if seat < len(costs) else ():
            instances.append((card(name), 0, 0, zid(seat, CFIELD)))
    s = YonesuState.__new__(YonesuState)
    ids_of = s._init_core(game, n, zone_specs(n), instances, seed, record)
    s.init_fields(game.options)
    for i in range(len(instances)):
        if s.zone_specs[s.where[i]].visibility == 0:
            s.flags[i] |= FACE_UP
    for entries in stacks:
        for lower, upper in itertools.pairwise(ids_of[k] for k in entries):
            s.below[upper] = lower
            s.above[lower] = upper
    if life is not None:
        s.life = list(life)
    if limit is not None:
        s.limit = list(limit)
    if used is not None:
        s.used = list(used)
    s.first = first
    s.turns_taken = list(turns_taken) if turns_taken is not None else [2] * n
    s.attacker = attacker
    s.turn = sum(s.turns_taken)
    if start == "settle":
        turn.start_settlement(s)
    else:
        if start not in _STARTS:
            raise ValueError(f"start must be one of {', '.join(_STARTS)} or settle")
        s.phase = _STARTS[start]
        s.main = s.phase if s.phase in (SUMMON, BATTLE, FORCE) else SUMMON
    s.to_move = attacker
    flow.proceed(s)
    return s
