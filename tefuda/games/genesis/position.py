"""Set up a ジェネシス・ガーデン position by hand (for scenario tests, rule puzzles and bug reports).

Cards are named (Japanese, English or id). ``decks`` are listed top first; ``graves`` bottom first, a name
with a leading ``~`` lies face down (転生済み); ``fronts``/``rears`` list units, and ``unions`` maps a front
unit's index to the rear card laid on it. The 本陣 rules are not checked: a position is a moment of a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tefuda.core import FACE_UP, Game

from . import flow, turns
from .phase_ids import ATTACK, DESTROYED, MAIN, SPELL, STANDBY, TAPPED, UNION
from .state import GenesisState
from .zones import DECK, FRONT, GRAVE, HAND, NZ, REAR, zone_specs
from .zones import UNION as UNION_ZONE

Names = Sequence[str]
FILLER = ("歩兵",) * 20

_STARTS = {"standby": STANDBY, "main": MAIN, "union": UNION, "spell": SPELL, "battle": ATTACK}


def position(
    game: Game,
    *,
    hands: Sequence[Names] = ((), ()),
    decks: Sequence[Names] = (FILLER, FILLER),
    graves: Sequence[Names] = ((), ()),
    fronts: Sequence[Names] = ((), ()),
    rears: Sequence[Names] = ((), ()),
    unions: Sequence[Mapping[int, str]] = ({}, {}),
    tapped: Sequence[Sequence[str]] = ((), ()),
    destroyed: Sequence[Sequence[str]] = ((), ()),
    damage: Sequence[Mapping[str, int]] = ({}, {}),
    cycles: Sequence[int] = (0, 0),
    first: int = 0,
    start: str = "main",
    turn_seat: int = 0,
    seed: int = 0,
    record: bool = True,
) -> GenesisState:
    """A state at the start of a phase: ``main``/``standby`` of ``turn_seat``'s player turn, or the battle
    turn's ``union``, ``spell`` or ``battle``. ``tapped``/``destroyed``/``damage`` name front/rear units (a
    destroyed union is destroyed whole)."""
    cs = game.cardset

    def card(name: str) -> int:
        c = cs.find(name.lstrip("~"))
        if c is None:
            raise ValueError(f"position: no card named {name!r}")
        return c.index

    instances: list[tuple[int, int, int, int]] = []
    marks: list[tuple[int, str]] = []  # (instance, how)
    union_pairs: list[tuple[int, int]] = []
    by_name: list[dict[str, int]] = [{}, {}]
    for seat in range(2):
        for name in reversed(decks[seat]):
            instances.append((card(name), seat, 0, seat * NZ + DECK))
        for name in hands[seat]:
            instances.append((card(name), seat, 0, seat * NZ + HAND))
        for name in graves[seat]:
            marks.append((len(instances), "down" if name.startswith("~") else "up"))
            instances.append((card(name), seat, 0, seat * NZ + GRAVE))
        for zone, names in ((FRONT, fronts[seat]), (REAR, rears[seat])):
            for k, name in enumerate(names):
                inst = len(instances)
                by_name[seat].setdefault(name, inst)
                instances.append((card(name), seat, 0, seat * NZ + zone))
                if zone == FRONT and k in unions[seat]:
                    partner = len(instances)
                    instances.append((card(unions[seat][k]), seat, 0, seat * NZ + UNION_ZONE))
                    union_pairs.append((inst, partner))
    s = GenesisState.__new__(GenesisState)
    ids_of = s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields()
    for entry, how in marks:
        if how == "up":
            s.flags[ids_of[entry]] |= FACE_UP
    for i in range(len(instances)):
        if s.place_of(i) in (FRONT, REAR, UNION_ZONE):
            s.flags[i] |= FACE_UP
    for f, r in union_pairs:
        s.partner[ids_of[f]] = ids_of[r]
        s.partner[ids_of[r]] = ids_of[f]
    for seat in range(2):
        for name in tapped[seat]:
            s.flags[ids_of[by_name[seat][name]]] |= TAPPED
        for name in destroyed[seat]:
            u = ids_of[by_name[seat][name]]
            s.flags[u] |= DESTROYED
            if s.partner[u] >= 0:
                s.flags[s.partner[u]] |= DESTROYED  # a union is destroyed whole
        for name, n in damage[seat].items():
            s.dmg[ids_of[by_name[seat][name]]] = n
    s.cycles = list(cycles)
    s.stats_changed = True
    s.first = first
    s.round = 1
    if start not in _STARTS:
        raise ValueError(f"start must be one of {', '.join(_STARTS)}")
    if start in ("standby", "main"):
        s.turn_seat = turn_seat
    else:
        s.turn_seat = -1
        s.speed, s.side = 4, 0
    turns.next_phase(s, _STARTS[start])
    flow.proceed(s)
    return s
