"""Set up a 黒白物語 position by hand (scenario tests, rule puzzles, bug reports): ``game.position(...)``.

Cards are named (Japanese, English or id); every per-player argument has one entry per player (P1's, then
P2's). ``monsters`` maps a monster zone (1–5, left to right) to a card name, ``"~name"`` standing in
守備表示; ``spells`` maps a spell zone (1–5) to a card; ``equips`` maps an equip spell's zone to the
monster it is equipped to (``"m2"`` its owner's zone 2, ``"om4"`` the opponent's zone 4); ``fields`` is a
field card or None. ``decks`` are listed top first. The zones' colour and kind rules are checked, and
every bad argument raises :class:`PositionError` naming it. The position stops at the turn player's first
decision of ``phase`` (main1, battle or main2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tefuda.core import FACE_UP, PositionError
from tefuda.core.handmade import arg_error, named_card, per_player

from .cards import AURA, CHAOS, EQUIP, FIELD, MONSTER, POSSESS, SINGLE
from .phase_ids import BATTLE, DEFENSE, MAIN1, MAIN2
from .state import KokubyakuState
from .table import allowed_zones
from .zones import (
    CHAOS_DECK,
    DECK,
    EDGE_SPELL_ZONES,
    FIELD_ZONE,
    GRAVE,
    HAND,
    M0,
    MIDDLE_SPELL_ZONES,
    NZ,
    S0,
    zone_specs,
)

FILLER = ("骨の兵士",) * 20
_PHASES = {"main1": MAIN1, "battle": BATTLE, "main2": MAIN2}


def _fail(arg: str, why: str) -> PositionError:
    return arg_error(arg, why)


def _pair(arg: str, value: Any) -> None:
    per_player(arg, value)


def position(
    game: Any,  # the game object (its tables and options), typed loosely: position files are not hot code
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    decks: Sequence[Sequence[str]] = (FILLER, FILLER),
    graves: Sequence[Sequence[str]] = ((), ()),
    chaos: Sequence[Sequence[str]] = ((), ()),
    monsters: Sequence[Mapping[int, str]] = ({}, {}),
    spells: Sequence[Mapping[int, str]] = ({}, {}),
    equips: Sequence[Mapping[int, str]] = ({}, {}),
    fields: Sequence[str | None] = (None, None),
    sp: Sequence[int] = (8000, 8000),
    sources: Sequence[int] = (3, 3),
    active: int = 0,
    first: int = 0,
    turn: int = 2,
    phase: str = "main1",
    seed: int = 0,
    record: bool = True,
) -> KokubyakuState:
    cs, tb = game.cardset, game.tables
    args = {
        "hands": hands,
        "decks": decks,
        "graves": graves,
        "chaos": chaos,
        "monsters": monsters,
        "spells": spells,
        "equips": equips,
        "fields": fields,
        "sp": sp,
        "sources": sources,
    }
    for arg, value in args.items():
        _pair(arg, value)
    if phase not in _PHASES:
        raise _fail("phase", f"must be one of {', '.join(_PHASES)}, not {phase!r}")
    for arg, v in (("active", active), ("first", first)):
        if v not in (0, 1):
            raise _fail(arg, f"must be 0 or 1 (P1 or P2), not {v!r}")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise _fail("turn", f"must be a whole number ≥ 1, not {turn!r}")

    def card(name: Any, where: str) -> int:
        return named_card(cs, name, where)

    instances: list[tuple[int, int, int, int]] = []
    defense: list[int] = []
    table: list[int] = []  # entries on the table (face up)
    spell_entry: list[dict[int, int]] = [{}, {}]
    monster_entry: list[dict[int, int]] = [{}, {}]
    for seat in (0, 1):
        deck = decks[seat]
        for k in reversed(range(len(deck))):
            instances.append((card(deck[k], f"decks[{seat}][{k}]"), seat, 0, seat * NZ + DECK))
        for k, name in enumerate(hands[seat]):
            c = card(name, f"hands[{seat}][{k}]")
            if tb.ctype[c] == CHAOS:
                raise _fail(
                    f"hands[{seat}][{k}]", f"{cs[c].label} is a カオスモンスター: it is in the カオスデッキ"
                )
            instances.append((c, seat, 0, seat * NZ + HAND))
        for k, name in enumerate(graves[seat]):
            table.append(len(instances))
            instances.append((card(name, f"graves[{seat}][{k}]"), seat, 0, seat * NZ + GRAVE))
        for k, name in enumerate(chaos[seat]):
            c = card(name, f"chaos[{seat}][{k}]")
            if tb.ctype[c] != CHAOS:
                raise _fail(f"chaos[{seat}][{k}]", f"{cs[c].label} is no カオスモンスター")
            instances.append((c, seat, 1, seat * NZ + CHAOS_DECK))
        for z, name in monsters[seat].items():
            arg = f"monsters[{seat}][{z}]"
            if z not in range(1, 6):
                raise _fail(arg, "monster zones are 1 to 5, left to right")
            c = card(name, arg)
            if tb.ctype[c] not in (MONSTER, CHAOS):
                raise _fail(arg, f"{cs[c].label} is not a monster")
            if M0 + z - 1 not in allowed_zones(tb, c):
                raise _fail(
                    arg, f"{cs[c].label} cannot stand in zone {z} (黒: 1-2, カオス: 3, 白: 4-5, 灰: 1-2, 4-5)"
                )
            if name.startswith("~"):
                defense.append(len(instances))
            monster_entry[seat][z] = len(instances)
            table.append(len(instances))
            instances.append((c, seat, 1 if tb.ctype[c] == CHAOS else 0, seat * NZ + M0 + z - 1))
        for z, name in spells[seat].items():
            arg = f"spells[{seat}][{z}]"
            c = card(name, arg)
            ct = tb.ctype[c]
            allowed = EDGE_SPELL_ZONES if ct in (SINGLE, AURA) else MIDDLE_SPELL_ZONES
            if ct not in (SINGLE, AURA, EQUIP, POSSESS) or S0 + z - 1 not in allowed:
                raise _fail(
                    arg, f"{cs[c].label} cannot lie in spell zone {z} (単発/オーラ: 1, 5; 魔器/憑依: 2-4)"
                )
            spell_entry[seat][z] = len(instances)
            table.append(len(instances))
            instances.append((c, seat, 0, seat * NZ + S0 + z - 1))
        if fields[seat] is not None:
            c = card(fields[seat], f"fields[{seat}]")
            if tb.ctype[c] != FIELD:
                raise _fail(f"fields[{seat}]", f"{cs[c].label} is not a フィールド")
            table.append(len(instances))
            instances.append((c, seat, 0, seat * NZ + FIELD_ZONE))
    equipped: list[tuple[int, int]] = []
    for seat in (0, 1):
        for z, where in equips[seat].items():
            arg = f"equips[{seat}][{z}]"
            entry = spell_entry[seat].get(z)
            if entry is None or tb.ctype[instances[entry][0]] not in (EQUIP, POSSESS):
                raise _fail(arg, f"no 魔器 or 憑依 in P{seat + 1}'s spell zone {z}")
            side = 1 - seat if where.startswith("o") else seat
            try:
                mz = int(where.lstrip("o").removeprefix("m"))
            except ValueError:
                raise _fail(arg, f"name a monster zone like 'm2' or 'om4', not {where!r}") from None
            if mz not in monster_entry[side]:
                raise _fail(arg, f"no monster in P{side + 1}'s zone {mz}")
            equipped.append((entry, monster_entry[side][mz]))
    for seat in (0, 1):
        for z in spell_entry[seat]:
            entry = spell_entry[seat][z]
            if tb.ctype[instances[entry][0]] in (EQUIP, POSSESS) and entry not in [e for e, _ in equipped]:
                raise _fail(f"equips[{seat}]", f"the equip spell in zone {z} needs its monster (equips)")

    s = KokubyakuState.__new__(KokubyakuState)
    ids = s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields(game.options)
    for e in table:
        s.flags[ids[e]] |= FACE_UP
        s.known[ids[e]] = 3
    for e in defense:
        s.flags[ids[e]] |= DEFENSE
    for sp_entry, m_entry in equipped:
        s.equipped_to[ids[sp_entry]] = ids[m_entry]
    s.sp = list(sp)
    s.sources = list(sources)
    s.first, s.active, s.turn = first, active, turn
    s.phase = _PHASES[phase]
    s.push("start_at")
    s.run()
    return s
