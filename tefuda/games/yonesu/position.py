"""Set up a ヨネス position by hand (scenario tests, rule puzzles, bug reports): ``game.position(...)``.

Cards are named (Japanese, English or id). ``hands`` has one list per player (2 to 4 players; 4 for the
team game); ``fields`` lists each player's ヨネス as evolution stacks, bottom card first
(``[["ファーストヨネス", "ガチヨネス"]]``); ``costs`` each player's コストフィールド; ``deck`` (the
shared 山札) is listed top first, ``discard`` bottom first. The box rules are not checked — a position is
a moment of a game, not a game's start — but the table is: every name must be a card, only ヨネス lie on a
ヨネスフィールド, each card of a stack is one LV above the card under it (a 複合LV card counts as each of its
levels; the bottom card may be any ヨネス, so a puzzle can start anywhere), per-player lists have one entry
per player, seats exist, ``used`` リリス is covered by the コストフィールド, nobody holds more than their
[上限枚数]. ``refilled`` says, per player, whether they have refilled (手札補充) and discarded nothing since —
the window of the 引き忘れ rule, which then lowers the [上限枚数] of a player short of it (default: nobody,
so a hand-made table may hold fewer cards than the limit).

The position stops exactly where it is asked: at the start of phase ``start`` of ``attacker``'s turn, with
the attacker to move. If the rules' automatic steps would move on from there (a win or a loss that holds at
once, an exchange with an empty hand, a settlement with nothing to settle) it raises :class:`PositionError`
saying where the rules went, unless ``advance=True`` lets them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from tefuda.core import FACE_UP, PositionError

from . import turn
from .cards import YONESU, level_label
from .phase_ids import BATTLE, COST, EXCHANGE, EXCHANGE_FREE, FORCE, MAX_INST, PHASE_NAMES, SETTLE, SUMMON
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
    "settle": SETTLE,
}


def _bad(message: str) -> PositionError:
    return PositionError(f"position: {message}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _names(arg: str, value: Any) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise _bad(f"{arg} must be a list of card names, not {value!r}")
    return value


def _per_player(arg: str, value: Any, n: int) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != n:
        got = len(value) if isinstance(value, Sequence) and not isinstance(value, str) else repr(value)
        raise _bad(f"{arg} needs one entry per player ({n}), got {got}")
    return value


def _numbers(arg: str, value: Any, n: int, lo: int | None = None) -> list[int]:
    out = list(_per_player(arg, value, n))
    for k, v in enumerate(out):
        if not _is_int(v) or (lo is not None and v < lo):
            want = "a whole number" + (f" ≥ {lo}" if lo is not None else "")
            raise _bad(f"{arg}[{k}]: {v!r} is not {want}")
    return out


def _seat(arg: str, value: Any, n: int) -> int:
    if not _is_int(value) or not 0 <= value < n:
        raise _bad(f"{arg} must be a seat 0–{n - 1} (P1–P{n}), not {value!r}")
    return value


def position(
    game: Any,  # the game object (its tables and options), typed loosely: position files are not hot code
    *,
    hands: Sequence[Names],
    fields: Sequence[Sequence[Names]] | None = None,
    costs: Sequence[Names] | None = None,
    deck: Names = FILLER,
    discard: Names = (),
    life: Sequence[int] | None = None,
    limit: Sequence[int] | None = None,
    used: Sequence[int] | None = None,
    attacker: int = 0,
    first: int = 0,
    start: str = "summon",
    turns_taken: Sequence[int] | None = None,
    refilled: Sequence[bool] | None = None,
    seed: int = 0,
    record: bool = True,
    advance: bool = False,
) -> YonesuState:
    """A state at the start of phase ``start`` (exchange, exchange_free, cost, summon, battle, force or
    settle) of ``attacker``'s turn (seats are 0-based: 0 is P1). Raises :class:`PositionError` naming the
    argument that breaks a rule of the table, or saying where the rules went if they would not stop there."""
    cs = game.cardset
    tb = game.tables
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise _bad(f"hands must be one list of card names per player, not {hands!r}")
    n = len(hands)
    if not game.min_players <= n <= game.max_players:
        raise _bad(
            f"hands needs one entry per player, {game.min_players} to {game.max_players} players; got {n}"
        )
    if game.options["teams"] and n != 4:
        raise _bad(f"the team game (option teams) is for exactly 4 players; hands has {n}")
    if start not in _STARTS:
        raise _bad(f"start must be one of {', '.join(_STARTS)}, not {start!r}")
    attacker = _seat("attacker", attacker, n)
    first = _seat("first", first, n)
    if not _is_int(seed):
        raise _bad(f"seed must be a whole number, not {seed!r}")
    fields = [()] * n if fields is None else _per_player("fields", fields, n)
    costs = [()] * n if costs is None else _per_player("costs", costs, n)
    life = [game.options["life"]] * n if life is None else _numbers("life", life, n)
    limit = [game.options["limit"]] * n if limit is None else _numbers("limit", limit, n, 0)
    used = [0] * n if used is None else _numbers("used", used, n, 0)
    turns = [2] * n if turns_taken is None else _numbers("turns_taken", turns_taken, n, 0)
    if refilled is None:
        refilled = [False] * n
    else:
        refilled = list(_per_player("refilled", refilled, n))
        for k, v in enumerate(refilled):
            if not isinstance(v, bool):
                raise _bad(f"refilled[{k}]: {v!r} is not true/false")

    def card(name: Any, where: str) -> int:
        c = cs.find(name) if isinstance(name, str) else None
        if c is None:
            raise _bad(f"{where}: no card named {name!r}")
        return c.index

    instances: list[tuple[int, int, int, int]] = []
    stacks: list[list[int]] = []
    for k, name in enumerate(reversed(_names("deck", deck))):  # the top of the 山札 is the end of the list
        instances.append((card(name, f"deck[{len(deck) - 1 - k}]"), 0, 0, DECK))
    for k, name in enumerate(_names("discard", discard)):
        instances.append((card(name, f"discard[{k}]"), 0, 0, DISCARD))
    for seat in range(n):
        for k, name in enumerate(_names(f"hands[{seat}]", hands[seat])):
            instances.append((card(name, f"hands[{seat}][{k}]"), 0, 0, zid(seat, HAND)))
        for j, stack in enumerate(_names(f"fields[{seat}]", fields[seat])):
            where = f"fields[{seat}][{j}]"
            if not _names(where, stack):
                raise _bad(f"{where}: an evolution stack needs at least one ヨネス")
            ids = []
            below = -1
            for k, name in enumerate(stack):
                c = card(name, f"{where}[{k}]")
                if tb.ctype[c] != YONESU:
                    raise _bad(
                        f"{where}[{k}]: {cs[c].label} is not a ヨネス (only ヨネス lie on a ヨネスフィールド)"
                    )
                if below >= 0 and not (tb.levels[below] << 1) & tb.levels[c]:
                    raise _bad(
                        f"{where}[{k}]: {cs[c].label} ({level_label(tb.levels[c])}) cannot evolve from "
                        f"{cs[below].label} ({level_label(tb.levels[below])}): each card of a stack "
                        "is one LV above the card under it"
                    )
                below = c
                ids.append(len(instances))
                instances.append((c, 0, 0, zid(seat, YFIELD)))
            stacks.append(ids)
        for k, name in enumerate(_names(f"costs[{seat}]", costs[seat])):
            instances.append((card(name, f"costs[{seat}][{k}]"), 0, 0, zid(seat, CFIELD)))
    if len(instances) > MAX_INST:
        raise _bad(f"a table holds at most {MAX_INST} cards, this one has {len(instances)}")
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
    s.life = life
    s.limit = limit
    s.used = used
    s.first = first
    s.turns_taken = turns
    s.refilled = refilled
    s.attacker = attacker
    s.turn = sum(turns)
    want = _STARTS[start]
    if want == SETTLE:
        turn.start_settlement(s)
    else:
        s.phase = want
        s.main = want if want in (SUMMON, BATTLE, FORCE) else SUMMON
    s.to_move = attacker
    try:
        s.check_invariants()
    except AssertionError as e:
        raise _bad(f"{_explain(e, s)}") from None
    s.push("proceed")
    s.run()
    if not advance and (s.is_over or s.phase != want or s.to_move != attacker):
        if s.is_over:
            res = s.outcome()
            assert res is not None
            who = "a draw" if res.winner is None else f"P{res.winner + 1} wins"
            got = f"the game is over at once ({who}: {res.reason_ja} / {res.reason})"
        else:
            ja, en = PHASE_NAMES[s.phase]
            got = f"the rules move on to P{s.to_move + 1}'s decision in {ja} ({en})"
        ja, en = PHASE_NAMES[want]
        raise _bad(
            f"P{attacker + 1} has no decision at the start of {ja} ({en}) here — {got} "
            "(pass advance=True to accept)"
        )
    return s


def _explain(e: AssertionError, s: YonesuState) -> str:
    """An invariant the hand-made table breaks, with the argument to look at."""
    why = str(e)
    if why == "over the limit":
        over = [
            f"P{p + 1} holds {s.total(p)}"
            for p in range(s.nplayers)
            if s.alive[p] and s.total(p) > s.limit[p]
        ]
        return f"limit: hand + fields over the [上限枚数] ({', '.join(over)}; limit {s.limit})"
    if why == "リリス overspent":
        return (
            f"used: more リリス used than the コストフィールド covers "
            f"(used {s.used}, cost {[s.cost_total(p) for p in range(s.nplayers)]})"
        )
    return why
