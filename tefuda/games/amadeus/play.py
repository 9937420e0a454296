"""メインステップ: summon creatures (召喚), put evolution creatures on their base (進化), cast spells (呪文を
唱える), paying each card's コスト by tapping that many untapped mana cards, among them at least one of each
of the card's 文明 (a mana card gives one mana of one of its 文明)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.fields import Inst, Int
from tefuda.core.prompt import PAY, _cover, ask

from . import effects
from .cards import CIV_BITS, CREATURE, EVOLUTION, SPELL
from .phase_ids import ATTACK, TAPPED, TO_ATTACK
from .rules import rules
from .table import put
from .zones import BATTLE, GRAVE, NOWHERE, NZ, UNDER

if TYPE_CHECKING:
    from .state import AmadeusState

SUMMON, EVOLVE, CAST = 0, 1, 2


def payable(s: AmadeusState, seat: int, card: int) -> bool:
    tb = s.game.tables
    cost = tb.cost[card]
    mana = s.untapped_mana(seat)
    if cost > len(mana):
        return False
    need = tb.civ[card]
    if not need:
        return True
    cards = s.cards
    tags = tuple(sorted(tb.civ[cards[i]] & need for i in mana if tb.civ[cards[i]] & need))
    return _cover(need, tags, cost)


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
    for card in s.hand_cards(seat):
        if not tb.supported[card] or not payable(s, seat, card):
            continue
        ct = tb.ctype[card]
        if ct == CREATURE:
            out.append(Action("summon", card))
        elif ct == SPELL:
            out.append(Action("cast", card))
        elif ct == EVOLUTION:
            out += [Action("evolve", card, k) for k in bases(s, seat, card)]
    out.append(TO_ATTACK)
    return out


@rules.rule()
def main(s: AmadeusState, action: Action) -> None:
    from .turn import go_on

    seat = s.to_move
    if action.kind == "to-attack":
        s.step = ATTACK
        s.emit("to_attack", seat)
        go_on(s)
        return
    inst = s.hand_instance(seat, action.a)
    how = {"summon": SUMMON, "evolve": EVOLVE, "cast": CAST}[action.kind]
    base = s.creatures(seat)[action.b] if how == EVOLVE else -1
    s.push("proceed")
    s.push("paid_for", inst, how, base)
    pay(s, seat, inst)


def pay(s: AmadeusState, seat: int, inst: int) -> None:
    """Tap the mana: asked when there is a choice, done at once when every untapped card is needed."""
    tb = s.game.tables
    card = s.cards[inst]
    cost = tb.cost[card]
    mana = s.untapped_mana(seat)
    if cost == 0:
        return
    if cost == len(mana):
        for i in mana:
            s.flags[i] |= TAPPED
        return
    tags = [tb.civ[s.cards[i]] for i in mana]
    s.ask(
        ask(
            seat,
            PAY,
            "pay",
            mana,
            "mana_chosen",
            (),
            min=cost,
            max=cost,
            tags=tags,
            need=tb.civ[card],
            source=inst,
        )
    )


@rules.rule()
def mana_chosen(s: AmadeusState, chosen: tuple[int, ...]) -> None:
    for i in chosen:
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
    zone = s.zones[seat * NZ + BATTLE]
    pos = zone.index(base)
    was_tapped = s.flags[base] & TAPPED
    put(s, inst, BATTLE)
    zone.remove(inst)
    zone.insert(pos, inst)
    moved = [*s.under(base), base]  # bottom first: the old stack, then its top
    for i in moved:
        s.move(i, s.owner[i] * NZ + UNDER)
        s.under_of[i] = inst
    s.flags[inst] |= was_tapped
    s.emit("evolve", seat, inst, base=base)
    effects.start(s, inst, seat)


def cast(s: AmadeusState, seat: int, inst: int, how: str = "cast") -> None:
    """A spell goes to the どこでもないゾーン (public) while it resolves, then to the graveyard."""
    put(s, inst, NOWHERE)
    s.emit(how, seat, inst)
    s.push("spell_done", inst)
    effects.start(s, inst, seat)


@rules.rule(Inst())
def spell_done(s: AmadeusState, inst: int) -> None:
    if s.place_of(inst) == NOWHERE:
        put(s, inst, GRAVE)
