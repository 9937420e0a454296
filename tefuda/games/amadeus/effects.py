"""What cards do (効果): a creature's effects when it enters the battle zone, a spell's when it is cast, in
the order printed. Each verb of cards.py's vocabulary is here; a choice (a target, a "may", a card to discard)
is a prompt of the core's flow and the effect goes on with the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.fields import Inst, Int, Seat
from tefuda.core.observe import FACE_UP
from tefuda.core.prompt import PICK, YESNO, ask

from . import doubt
from .cards import CREATURE, EVOLUTION
from .destruction import destroy
from .phase_ids import TAPPED
from .rules import rules
from .table import draw, put, put_all
from .zones import DECK, GRAVE, HAND, MANA, NZ, SHIELDS

if TYPE_CHECKING:
    from .cards import Effect
    from .state import AmadeusState


def start(s: AmadeusState, src: int, seat: int) -> None:
    n = len(s.game.tables.effects[s.cards[src]])
    for k in reversed(range(n)):
        s.push("effect", src, seat, k)


def _effect(s: AmadeusState, src: int, k: int) -> Effect:
    return s.game.tables.effects[s.cards[src]][k]


@rules.rule(Inst(), Seat(), Int(0))
def effect(s: AmadeusState, src: int, seat: int, k: int) -> None:
    if s.result is not None:
        return
    e = _effect(s, src, k)
    if e.may:
        s.ask(ask(seat, YESNO, "may", (), "may_answer", (src, seat, k), source=src))
        return
    do(s, src, seat, k)


@rules.rule(Inst(), Seat(), Int(0))
def may_answer(s: AmadeusState, src: int, seat: int, k: int, yes: bool) -> None:
    if yes:
        do(s, src, seat, k)


def targets(s: AmadeusState, seat: int, e: Effect) -> list[int]:
    """The creatures an effect may choose."""
    opp = 1 - seat
    t = e.target
    if t in ("enemy_creature", "all_enemy"):
        out = list(s.creatures(opp))
    elif t == "enemy_untapped":
        out = [i for i in s.creatures(opp) if not s.flags[i] & TAPPED]
    elif t == "own_creature":
        out = list(s.creatures(seat))
    else:  # any_creature
        out = list(s.creatures(seat)) + list(s.creatures(opp))
    if e.do == "tap":
        out = [i for i in out if not s.flags[i] & TAPPED]
    if e.max_power:
        out = [i for i in out if s.power(i) <= e.max_power]
    return out


def _pick(
    s: AmadeusState, seat: int, what: str, options: list[int], lo: int, hi: int, src: int, k: int
) -> None:
    s.ask(ask(seat, PICK, what, options, "picked", (src, seat, k), min=lo, max=hi, source=src))


def do(s: AmadeusState, src: int, seat: int, k: int) -> None:
    e = _effect(s, src, k)
    v = e.do
    opp = 1 - seat
    zs = s.zones
    if v == "draw":
        for _ in range(e.count):
            if not draw(s, seat):
                return
    elif v in ("tap", "destroy", "to_mana", "bounce", "grant"):
        opts = targets(s, seat, e)
        if v == "tap" and e.target == "all_enemy":
            for i in opts:
                s.flags[i] |= TAPPED
            s.emit("tapped_all", seat, count=len(opts))
            return
        if not opts:
            s.emit("no_target", seat, src)
            return
        hi = min(e.count, len(opts))
        # 「…まで」 (a count above 1): up to; otherwise one must be chosen — a "may" (「破壊してもよい」) was
        # answered yes already
        lo = 0 if e.count > 1 else hi
        _pick(s, seat, "target", opts, lo, hi, src, k)
    elif v in ("discard_random", "discard_all"):
        hand = zs[opp * NZ + HAND]
        n = len(hand) if v == "discard_all" else e.count
        if e.per_shield:
            n = len(zs[seat * NZ + SHIELDS])
        chosen = []
        for _ in range(min(n, len(hand))):
            rest = [i for i in hand if i not in chosen]
            chosen.append(rest[s.rng.below(len(rest))])
        put_all(s, chosen, GRAVE)
        for i in chosen:
            s.emit("discarded", opp, i)  # in the graveyard: everyone sees which
    elif v == "peek_discard":
        seen = list(zs[opp * NZ + HAND])
        for i in seen:
            s.tell(i, seat)
        s.emit("peeked", seat, count=len(seen))
        if seen:
            _pick(s, seat, "discard", seen, 1, 1, src, k)
    elif v == "mana_to_grave":
        mana = list(zs[seat * NZ + MANA])
        n = min(e.count, len(mana))
        if n == len(mana):
            picked(s, src, seat, k, tuple(mana))
        elif n:
            _pick(s, seat, "target", mana, n, n, src, k)
    elif v == "top_to_mana":
        tops: list[int] = []
        for _ in range(e.count):
            deck = zs[seat * NZ + DECK]
            if len(deck) > len(tops):
                tops.append(deck[-1 - len(tops)])
        put_all(s, tops, MANA)
        s.emit("charged_from_deck", seat, count=len(tops))
    elif v == "search":
        for i in zs[seat * NZ + DECK]:
            s.tell(i, seat)  # you look through your own deck
        # asked even when no creature is there: the opponent learns nothing from the question
        s.decide(seat, "search", "searched", src)
    elif v == "mill":
        for p, n in ((seat, e.own), (opp, e.opponent)):
            deck = zs[p * NZ + DECK]
            tops = list(deck[-n:][::-1]) if n else []
            put_all(s, tops, GRAVE)
            s.emit("milled", p, count=len(tops))
            if s.result is not None:
                return
    elif v == "skip_turn":
        s.skip = True
        s.emit("skip_turn", seat, src)
    elif v == "shields_face_up":
        n = len(s.creatures(seat))
        pool = [seat] if not s.game.base_only else [seat, opp]  # Amadeus: your own shields only
        opts = [i for p in pool for i in zs[p * NZ + SHIELDS] if not s.flags[i] & FACE_UP]
        n = min(n, len(opts))
        if n == len(opts):
            picked(s, src, seat, k, tuple(opts))
        elif n:
            _pick(s, seat, "target", opts, n, n, src, k)
    elif v == "reshuffle_shields":
        shields = list(zs[seat * NZ + SHIELDS])
        for i in shields:
            s.move(i, seat * NZ + DECK)
        s.shuffle(seat * NZ + DECK)
        for _ in range(min(len(shields), len(zs[seat * NZ + DECK]))):
            s.move(zs[seat * NZ + DECK][-1], seat * NZ + SHIELDS)  # the deck read again: a move replaces it
        s.emit("reshuffled_shields", seat, count=len(shields))
    else:  # pragma: no cover - the vocabulary and this table are checked against each other in the tests
        raise AssertionError(f"no rule for effect {v!r}")


@rules.offer("search")
def search_actions(s: AmadeusState, src: int) -> list[Action]:
    """The creatures of the deck, one action a kind, or none."""
    seat = s.to_move
    ctype, cards = s.game.tables.ctype, s.cards
    found = sorted({cards[i] for i in s.zones[seat * NZ + DECK] if ctype[cards[i]] in (CREATURE, EVOLUTION)})
    return [*(Action("take", c) for c in found), Action("done")]


@rules.rule(Inst())
def searched(s: AmadeusState, src: int, action: Action) -> None:
    seat = s.to_move
    deck = seat * NZ + DECK
    if action.kind == "take":
        i = s.first_instance(deck, action.a)
        s.turn_face_up(i)  # shown (見せる): public for an instant
        s.flags[i] &= ~FACE_UP
        s.emit("searched", seat, i)
        doubt.publish(s, [i])
        put(s, i, HAND)
    else:
        s.emit("search_failed", seat)
    s.shuffle(deck)


@rules.rule(Inst(), Seat(), Int(0))
def picked(s: AmadeusState, src: int, seat: int, k: int, chosen: tuple[int, ...]) -> None:
    e = _effect(s, src, k)
    v = e.do
    if v == "tap":
        for i in chosen:
            s.flags[i] |= TAPPED
            s.emit("tapped", seat, i)
    elif v == "destroy":
        if len(chosen) == 1:
            destroy(s, chosen[0])
        else:
            s.push("destroy_each", tuple(chosen))
    elif v == "to_mana":
        for i in chosen:
            if not (s.kw(i, "stays_with_3") and len(s.under(i)) >= 3):
                s.emit("to_mana", seat, i)
                put(s, i, MANA)
    elif v == "bounce":
        for i in chosen:
            if not (s.kw(i, "stays_with_3") and len(s.under(i)) >= 3):
                s.emit("bounced", seat, i)
                put(s, i, HAND)
    elif v == "grant":
        for i in chosen:
            s.grant_pa[i] += e.power_attacker
            s.grant_breaker[i] = max(s.grant_breaker[i], e.breaker)
            s.emit("granted", seat, i, amount=e.power_attacker)
    elif v == "peek_discard":
        put(s, chosen[0], GRAVE)
        s.emit("discarded", 1 - seat, chosen[0])
    elif v == "mana_to_grave":
        put_all(s, list(chosen), GRAVE)
        s.emit("mana_burned", seat, count=len(chosen))
    elif v == "shields_face_up":
        for i in chosen:
            s.turn_face_up(i)
            s.emit("shield_face_up", s.owner[i], i)
        doubt.publish(s, list(chosen))
