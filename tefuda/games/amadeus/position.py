"""Set up an アマデウス position by hand (scenario tests, rule puzzles, bug reports): ``game.position(...)``.

Cards are named (Japanese, English or id); every per-player argument has one entry per player (P1's, then
P2's). ``decks`` are listed top first; ``shields`` name each shield (or give a number of filler shields);
``battle`` lists creatures, ``"~name"`` standing tapped and ``"top<base"`` an evolution on its base;
``mana`` lists mana cards, ``"~name"`` tapped; ``doubt`` the cards already in a ダウトゾーン. ``sick`` lists
battle entries (``(seat, index)``) that came this turn. The position stops at the turn player's first decision
of ``step`` (charge, main or attack); with ``suspicion_used`` a player's イエローカード is already face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tefuda.core import FACE_UP
from tefuda.core.handmade import arg_error, named_card, per_player

from .cards import CREATURES, RED, YELLOW
from .phase_ids import ATTACK, CHARGE, MAIN, TAPPED
from .state import AmadeusState
from .zones import BATTLE, DECK, DOUBT, GRAVE, HAND, MANA, NZ, SHIELDS, SUSPICION, UNDER, zone_specs

FILLER = ("うごめく者ボーン・グール",) * 20
_STEPS = {"charge": CHARGE, "main": MAIN, "attack": ATTACK}


def position(
    game: Any,  # the game object (its tables and options), typed loosely: position files are not hot code
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    decks: Sequence[Sequence[str]] = (FILLER, FILLER),
    shields: Sequence[Sequence[str] | int] = (5, 5),
    mana: Sequence[Sequence[str]] = ((), ()),
    battle: Sequence[Sequence[str]] = ((), ()),
    graves: Sequence[Sequence[str]] = ((), ()),
    doubt: Sequence[Sequence[str]] = ((), ()),
    points: Sequence[int] = (0, 0),
    sick: Sequence[tuple[int, int]] = (),
    suspicion_used: Sequence[bool] = (False, False),
    active: int = 0,
    first: int = 0,
    turn: int = 3,
    step: str = "main",
    seed: int = 0,
    record: bool = True,
) -> AmadeusState:
    cs = game.cardset
    for arg, value in (
        ("hands", hands),
        ("decks", decks),
        ("shields", shields),
        ("mana", mana),
        ("battle", battle),
        ("graves", graves),
        ("doubt", doubt),
        ("points", points),
        ("suspicion_used", suspicion_used),
    ):
        per_player(arg, value)
    if step not in _STEPS:
        raise arg_error("step", f"must be one of {', '.join(_STEPS)}, not {step!r}")
    for arg, v in (("active", active), ("first", first)):
        if v not in (0, 1):
            raise arg_error(arg, f"must be 0 or 1 (P1 or P2), not {v!r}")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise arg_error("turn", f"must be a whole number ≥ 1, not {turn!r}")

    def card(name: Any, where: str) -> int:
        c = named_card(cs, name, where)
        if cs[c].type not in ("creature", "evolution", "spell"):
            raise arg_error(where, f"{cs[c].label} lies in the 疑心ゾーン, never elsewhere")
        return c

    instances: list[tuple[int, int, int, int]] = []
    tapped: list[int] = []
    public: list[int] = []
    unders: list[tuple[int, int]] = []  # (entry under, entry on top)
    battle_entries: list[list[int]] = [[], []]
    table_cards: list[int] = []
    for seat in (0, 1):
        z = seat * NZ
        for k in reversed(range(len(decks[seat]))):
            instances.append((card(decks[seat][k], f"decks[{seat}][{k}]"), seat, 0, z + DECK))
        sh = shields[seat]
        names = [FILLER[0]] * sh if isinstance(sh, int) else list(sh)
        for k, name in enumerate(names):
            instances.append((card(name, f"shields[{seat}][{k}]"), seat, 0, z + SHIELDS))
        for k, name in enumerate(hands[seat]):
            instances.append((card(name, f"hands[{seat}][{k}]"), seat, 0, z + HAND))
        for zone, arg, values in ((MANA, "mana", mana), (GRAVE, "graves", graves), (DOUBT, "doubt", doubt)):
            for k, name in enumerate(values[seat]):
                if name.startswith("~"):
                    tapped.append(len(instances))
                public.append(len(instances))
                instances.append((card(name, f"{arg}[{seat}][{k}]"), seat, 0, z + zone))
        for k, spec in enumerate(battle[seat]):
            arg = f"battle[{seat}][{k}]"
            top_name, *base_names = spec.split("<")
            c = card(top_name, arg)
            if cs[c].type not in CREATURES:
                raise arg_error(arg, f"{cs[c].label} is not a creature")
            if base_names and cs[c].type != "evolution":
                raise arg_error(arg, f"{cs[c].label} is no evolution creature: nothing goes under it")
            if top_name.startswith("~"):
                tapped.append(len(instances))
            top = len(instances)
            battle_entries[seat].append(top)
            public.append(top)
            instances.append((c, seat, 0, z + BATTLE))
            for name in base_names:
                unders.append((len(instances), top))
                public.append(len(instances))
                instances.append((card(name, arg), seat, 0, z + UNDER))
        if not game.base_only:
            table_cards += [len(instances), len(instances) + 1]
            instances.append((game._table_cards[YELLOW], seat, 1, z + SUSPICION))
            instances.append((game._table_cards[RED], seat, 1, z + SUSPICION))
    for seat, k in sick:
        if seat not in (0, 1) or not 0 <= k < len(battle_entries[seat]):
            raise arg_error("sick", f"no battle entry {k} for P{seat + 1}")

    s = AmadeusState.__new__(AmadeusState)
    ids = s._init_core(game, 2, zone_specs(2), instances, seed, record)
    s.init_fields(game.options)
    for e in public + table_cards:
        s.turn_face_up(ids[e])
    for e in tapped:
        s.flags[ids[e]] |= TAPPED
    for e, top in unders:
        s.under_of[ids[e]] = ids[top]
    s.first, s.active, s.turn = first, active, turn
    for seat in (0, 1):
        for k, e in enumerate(battle_entries[seat]):
            s.entered[ids[e]] = turn if (seat, k) in sick else turn - 1
        if suspicion_used[seat] and not game.base_only:
            s.flags[ids[table_cards[2 * seat]]] &= ~FACE_UP
    s.points = list(points)
    s.step = _STEPS[step]
    s.push("proceed")
    s.run()
    return s
