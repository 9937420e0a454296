"""Set up a ジェネシス・ガーデン position by hand (scenario tests, rule puzzles, bug reports):
``game.position(...)``.

Cards are named (Japanese, English or id). Every per-player argument has one entry per player (P1's, then
P2's). ``decks`` are listed top first; ``graves`` bottom first, a name with a leading ``~`` lying face down
(転生済み); ``fronts``/``rears`` list units (5 places a row), and ``unions`` maps a front unit's index to the
card laid on it (same 種族, higher 速度 than the front card). ``tapped``/``destroyed``/``damage`` name units
in the player's 前衛 or 後衛 (the first of that name; a destroyed union is destroyed whole).

The 本陣 rules are not checked — a position is a moment of a game, not a game's start — but the table is:
every bad argument raises :class:`PositionError` naming it and the rule it breaks. The position stops exactly
where it is asked to — the first decision of the phase ``start`` names — or says where the rules went instead
(``advance=True`` accepts that, e.g. a スペルフェイズ nobody has a 起動 effect for).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tefuda.core import FACE_UP, PositionError
from tefuda.core.handmade import arg_error, named_card

from . import turns
from .phase_ids import ATTACK, DESTROYED, MAIN, MAX_INST, PHASE_NAMES, SPELL, STANDBY, TAPPED, UNION
from .state import GenesisState
from .zones import DECK, FRONT, GRAVE, HAND, NZ, REAR, SLOTS, zone_specs
from .zones import UNION as UNION_ZONE

Names = Sequence[str]
FILLER = ("歩兵",) * 20

# start -> (the phase it begins, the phase whose first decision it stops at): a player turn begins at its
# スタンバイ, whose upkeep and draw run by themselves, then stops at the メインフェイズ
_STARTS = {
    "standby": (STANDBY, MAIN),
    "main": (MAIN, MAIN),
    "union": (UNION, UNION),
    "spell": (SPELL, SPELL),
    "battle": (ATTACK, ATTACK),
}


def _fail(arg: str, why: str) -> PositionError:
    return arg_error(arg, why)


def _per_player(arg: str, value: Any) -> None:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise _fail(arg, f"needs one entry per player (2), got {value!r}")
    if len(value) != 2:
        raise _fail(arg, f"needs one entry per player (2), got {len(value)}")


def _phase(phase: int) -> str:
    ja, en = PHASE_NAMES[phase]
    return f"{ja} ({en})"


def _names(arg: str, value: Any) -> Sequence[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise _fail(arg, f"must be a list of card names, not {value!r}")
    return value


def position(
    game: Any,  # the game object (its tables and options), typed loosely: position files are not hot code
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
    advance: bool = False,
) -> GenesisState:
    """A state at the first decision of a phase of round 1: the メインフェイズ of ``turn_seat``'s player
    turn (``start="main"``, or ``"standby"`` to run its upkeep and draw first), or the バトルターン's
    ``"union"``, ``"spell"`` or ``"battle"`` (バトルフェイズ). Raises :class:`PositionError` naming the
    argument that breaks a rule of the table, or saying where the rules went if they cannot stop there
    (unless ``advance``)."""
    cs = game.cardset
    tb = game.tables
    if start not in _STARTS:
        raise _fail("start", f"must be one of {', '.join(_STARTS)}, not {start!r}")
    per_player = {
        "hands": hands,
        "decks": decks,
        "graves": graves,
        "fronts": fronts,
        "rears": rears,
        "unions": unions,
        "tapped": tapped,
        "destroyed": destroyed,
        "damage": damage,
        "cycles": cycles,
    }
    for arg, value in per_player.items():
        _per_player(arg, value)
    if first not in (0, 1):
        raise _fail("first", f"must be 0 or 1 (P1 or P2), not {first!r}")
    if turn_seat not in (0, 1):
        raise _fail("turn_seat", f"must be 0 or 1 (P1 or P2), not {turn_seat!r}")
    for seat in range(2):
        c = cycles[seat]
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= 2:
            raise _fail(f"cycles[{seat}]", f"must be 0, 1 or 2 (the third empty 本陣 loses), not {c!r}")

    def card(name: Any, where: str) -> int:
        return named_card(cs, name, where)

    instances: list[tuple[int, int, int, int]] = []
    marks: list[int] = []  # entries that lie face up in a 冥府
    union_pairs: list[tuple[int, int]] = []
    by_name: list[dict[str, int]] = [{}, {}]  # a unit's name (as written) -> its entry
    for seat in range(2):
        deck = _names(f"decks[{seat}]", decks[seat])
        if not deck:
            raise _fail(f"decks[{seat}]", "a 本陣 cannot be empty (an empty 本陣 cycles at once)")
        for k in reversed(range(len(deck))):  # top first: the top is the zone's last card
            instances.append((card(deck[k], f"decks[{seat}][{k}]"), seat, 0, seat * NZ + DECK))
        for k, name in enumerate(_names(f"hands[{seat}]", hands[seat])):
            instances.append((card(name, f"hands[{seat}][{k}]"), seat, 0, seat * NZ + HAND))
        for k, name in enumerate(_names(f"graves[{seat}]", graves[seat])):
            if isinstance(name, str) and not name.startswith("~"):
                marks.append(len(instances))
            instances.append((card(name, f"graves[{seat}][{k}]"), seat, 0, seat * NZ + GRAVE))
        front = _names(f"fronts[{seat}]", fronts[seat])
        rear = _names(f"rears[{seat}]", rears[seat])
        for arg, row, ja in (("fronts", front, "前衛"), ("rears", rear, "後衛")):
            if len(row) > SLOTS:
                raise _fail(f"{arg}[{seat}]", f"the {ja} has {SLOTS} places, got {len(row)} units")
        laid = unions[seat]
        if not isinstance(laid, Mapping):
            raise _fail(f"unions[{seat}]", f"must map a front unit's index to a card name, not {laid!r}")
        for k in laid:
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(front):
                raise _fail(
                    f"unions[{seat}]",
                    f"no front unit at index {k!r} (fronts[{seat}] has {len(front)} units, from index 0)",
                )
        for zone, arg, names in ((FRONT, "fronts", front), (REAR, "rears", rear)):
            for k, name in enumerate(names):
                entry = len(instances)
                c = card(name, f"{arg}[{seat}][{k}]")
                by_name[seat].setdefault(name, entry)
                instances.append((c, seat, 0, seat * NZ + zone))
                if zone == FRONT and k in laid:
                    r = card(laid[k], f"unions[{seat}][{k}]")
                    fc, rc = cs[c], cs[r]
                    if tb.race[r] != tb.race[c]:
                        raise _fail(
                            f"unions[{seat}][{k}]",
                            f"{rc.label} ({tb.race[r]}) cannot be laid on {fc.label} ({tb.race[c]}): "
                            "a union is two cards of the same 種族",
                        )
                    if not tb.speed[c] < tb.speed[r]:
                        raise _fail(
                            f"unions[{seat}][{k}]",
                            f"{rc.label} (速度 {tb.speed[r]}) cannot be laid on {fc.label} "
                            f"(速度 {tb.speed[c]}): the front card must have the lower 速度",
                        )
                    union_pairs.append((entry, len(instances)))
                    instances.append((r, seat, 0, seat * NZ + UNION_ZONE))

    def unit(arg: str, seat: int, name: Any) -> int:
        if not isinstance(name, str) or name not in by_name[seat]:
            raise _fail(
                arg,
                f"{name!r} is not a unit on P{seat + 1}'s field "
                f"(name it as in fronts[{seat}] or rears[{seat}])",
            )
        return by_name[seat][name]

    for seat in range(2):
        for arg, names in (("tapped", tapped[seat]), ("destroyed", destroyed[seat])):
            for name in _names(f"{arg}[{seat}]", names):
                unit(f"{arg}[{seat}]", seat, name)
        if not isinstance(damage[seat], Mapping):
            raise _fail(f"damage[{seat}]", f"must map a unit's name to its damage, not {damage[seat]!r}")
        for name, n in damage[seat].items():
            unit(f"damage[{seat}]", seat, name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise _fail(f"damage[{seat}][{name!r}]", f"蓄積ダメージ is a whole number ≥ 0, not {n!r}")
    if len(instances) > MAX_INST:
        raise _fail("the cards", f"{len(instances)} in all; a game holds at most {MAX_INST}")

    s = GenesisState.__new__(GenesisState)
    ids_of = s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields()
    for entry in marks:
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
    begin, stop = _STARTS[start]
    if start in ("standby", "main"):
        s.turn_seat = turn_seat
    else:
        s.turn_seat = -1
        s.speed, s.side = 4, 0
    try:
        s.check_invariants()
    except AssertionError as e:
        raise PositionError(f"position: {e}") from None
    turns.next_phase(s, begin)
    s.push("proceed")
    s.run()
    if advance:
        return s
    who = turn_seat if start in ("standby", "main") else first if start == "union" else None
    if s.is_over or s.phase != stop or (who is not None and s.to_move != who):
        asked = _phase(stop) + (f" for P{who + 1}" if who is not None else "")
        if s.is_over:
            res = s.outcome()
            assert res is not None
            got = f"the game is over ({res.reason_ja} / {res.reason})"
        else:
            got = f"the rules move on to P{s.to_move + 1}'s decision in the {_phase(s.phase)}"
        raise PositionError(
            f"position: start={start!r}: no decision in the {asked} here — {got} "
            "(pass advance=True to accept)"
        )
    return s
