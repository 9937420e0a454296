"""メインステップ: summon creatures (召喚), put evolution creatures on their base (進化), cast spells (呪文を
唱える), paying each card's コスト by tapping that many untapped mana cards, among them at least one of each
of the card's 文明 (a mana card gives one mana of one of its 文明)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from tefuda.core import Action
from tefuda.core.fields import Inst, Int
from tefuda.core.prompt import can_cover

from . import effects
from .cards import CIV_BITS, CREATURE, EVOLUTION, SPELL
from .phase_ids import ATTACK, TAPPED, TO_ATTACK
from .rules import go_on, rules
from .table import put
from .zones import BATTLE, GRAVE, MANA, NOWHERE, NZ, UNDER

if TYPE_CHECKING:
    from .state import AmadeusState

SUMMON: Final = 0
EVOLVE: Final = 1
CAST: Final = 2


def bases(s: AmadeusState, seat: int, card: int) -> list[int]:
    """Where an evolution may go: the positions of the seat's creatures meeting its condition."""
    tb = s.game.tables
    by, value = tb.evolution[card]
    cards = s.cards
    out = []
    for k, i in enumerate(s.creatures(seat)):
        c = cards[i]
        if (by == "race" and value in tb.race[c]) or (by == "civ" and tb.civ[c] & CIV_BITS[value]):
            out.append(k)
    return out


@rules.offer("main")
def main_actions(s: AmadeusState) -> list[Action]:
    seat = s.to_move
    tb = s.game.tables
    out: list[Action] = []
    acts = s.game.acts
    kinds = mana_counts(s, seat)
    cost, civ, supported = tb.cost, tb.civ, tb.supported
    for card in s.hand_cards(seat):
        if not supported[card] or cost[card] > kinds[0] or not _ways(kinds[1], cost[card], civ[card]):
            continue
        ct = tb.ctype[card]
        if ct == CREATURE:
            out.append(acts["summon"][card])
        elif ct == SPELL:
            out.append(acts["cast"][card])
        elif ct == EVOLUTION:
            evolve = acts["evolve"][card]
            out += [evolve[k] for k in bases(s, seat, card)]
    out.append(TO_ATTACK)
    return out


@rules.rule()
def main(s: AmadeusState, action: Action) -> None:
    seat = s.to_move
    if action.kind == "to-attack":
        s.step = ATTACK
        s.emit("to_attack", seat)
        go_on(s)
        return
    inst = s.hand_instance(seat, action.a)
    how = {"summon": SUMMON, "evolve": EVOLVE, "cast": CAST}[action.kind]
    base = s.creatures(seat)[action.b] if how == EVOLVE else -1
    # the card is shown as it is played, before it is paid for: out of the hand into the どこでもないゾーン
    put(s, inst, NOWHERE)
    s.emit("play", seat, inst)
    s.push("proceed")
    s.push("paid_for", inst, how, base)
    pay(s, seat, inst)


def pay(s: AmadeusState, seat: int, inst: int) -> None:
    """Tap the mana. Mana cards of the same 文明 are interchangeable for a payment, so the player chooses how
    many of each kind to tap (``pay 火×3 自然×1``); with one way only, it is paid at once."""
    ways = payments(s, seat, s.cards[inst])
    if len(ways) == 1:
        tap_payment(s, seat, ways[0])
        return
    s.decide(seat, "pay", "paid_with", inst)


def mana_kinds(s: AmadeusState, seat: int) -> list[tuple[int, list[int]]]:
    """The untapped mana by kind (its 文明 bits), kinds in a fixed order, cards in zone order."""
    civ, cards = s.game.tables.civ, s.cards
    kinds: dict[int, list[int]] = {}
    for i in s.untapped_mana(seat):
        kinds.setdefault(civ[cards[i]], []).append(i)
    return sorted(kinds.items())


def mana_counts(s: AmadeusState, seat: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """How many untapped mana cards, and how many of each kind."""
    civ, cards, flags = s.game.tables.civ, s.cards, s.flags
    counts: dict[int, int] = {}
    n = 0
    for i in s.zones[seat * NZ + MANA]:
        if not flags[i] & TAPPED:
            t = civ[cards[i]]
            counts[t] = counts.get(t, 0) + 1
            n += 1
    return n, tuple(sorted(counts.items()))


def payments(s: AmadeusState, seat: int, card: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to pay: how many mana cards of each kind, ``((kind, count), …)``, that make the cost and
    hold a card of each of the card's 文明 (each mana card paying one 文明)."""
    tb = s.game.tables
    return _ways(mana_counts(s, seat)[1], tb.cost[card], tb.civ[card])


@cache
def _ways(
    kinds: tuple[tuple[int, int], ...], cost: int, need: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    out: list[tuple[tuple[int, int], ...]] = []

    def walk(j: int, left: int, chosen: list[tuple[int, int]]) -> None:
        if j == len(kinds):
            if left == 0:
                tags = tuple(sorted(t & need for t, n in chosen for _ in range(min(n, 5)) if t & need))
                if can_cover(need, tags, cost):
                    out.append(tuple((t, n) for t, n in chosen if n))
            return
        t, avail = kinds[j]
        for n in range(min(avail, left), -1, -1):
            walk(j + 1, left - n, [*chosen, (t, n)])

    if cost == 0:
        return ((),)  # nothing to tap
    walk(0, cost, [])
    return tuple(out)


@rules.offer("pay")
def pay_actions(s: AmadeusState, inst: int) -> list[Action]:
    return [Action("pay", k) for k in range(len(payments(s, s.to_move, s.cards[inst])))]


@rules.rule(Inst())
def paid_with(s: AmadeusState, inst: int, action: Action) -> None:
    tap_payment(s, s.to_move, payments(s, s.to_move, s.cards[inst])[action.a])


def tap_payment(s: AmadeusState, seat: int, way: tuple[tuple[int, int], ...]) -> None:
    kinds = dict(mana_kinds(s, seat))
    for t, n in way:
        for i in kinds[t][:n]:
            s.flags[i] |= TAPPED


@rules.rule(Inst(), Int(0, 2), Inst(none=True))
def paid_for(s: AmadeusState, inst: int, how: int, base: int) -> None:
    seat = s.owner[inst]
    if how == CAST:
        cast(s, seat, inst)
    elif how == SUMMON:
        summon(s, seat, inst, "summon")
    else:
        evolve(s, seat, inst, base)


def summon(s: AmadeusState, seat: int, inst: int, how: str) -> None:
    """召喚 (or put into the battle zone by an S・トリガー): it comes, then what it does on coming."""
    put(s, inst, BATTLE)
    s.emit(how, seat, inst)
    effects.start(s, inst, seat)


def evolve(s: AmadeusState, seat: int, inst: int, base: int) -> None:
    """進化: on top of one of your creatures; the stack is one creature, untapped or tapped as the base was,
    never summoning sick."""
    pos = s.zones[seat * NZ + BATTLE].index(base)
    was_tapped = s.flags[base] & TAPPED
    put(s, inst, BATTLE)
    s.place_at(inst, pos)
    moved = [*s.under(base), base]  # bottom first: the old stack, then its top
    for i in moved:
        s.move(i, s.owner[i] * NZ + UNDER)
        s.under_of[i] = inst
    s.flags[inst] |= was_tapped
    s.emit("evolve", seat, inst, base=base)
    effects.start(s, inst, seat)


def cast(s: AmadeusState, seat: int, inst: int, how: str = "cast") -> None:
    """A spell goes to the どこでもないゾーン (public) while it resolves, then to the graveyard."""
    if s.place_of(inst) != NOWHERE:
        put(s, inst, NOWHERE)
    s.emit(how, seat, inst)
    s.push("spell_done", inst)
    effects.start(s, inst, seat)


@rules.rule(Inst())
def spell_done(s: AmadeusState, inst: int) -> None:
    if s.place_of(inst) == NOWHERE:
        put(s, inst, GRAVE)
