"""The table's own moves: a card going from zone to zone with everything that follows from it — a whole
evolution stack leaving the battle zone together, a multicolour card entering mana tapped, a ダウト mark lost
when its card goes into a hidden zone, the イエロー/レッドカード's moment (a card added to its owner's hand),
a deck running out, and every card made public checked for ダウト (doubt.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core.observe import FACE_UP
from tefuda.core.state import without

from . import doubt
from .phase_ids import MARKED, TAPPED
from .zones import BATTLE, DECK, DOUBT, HAND, MANA, NZ, PUBLIC_ZONES, SHIELDS, UNDER

if TYPE_CHECKING:
    from .state import AmadeusState

HIDDEN_ZONES: Final = (DECK, HAND, SHIELDS)


def put(s: AmadeusState, inst: int, k: int, *, check: bool = True) -> None:
    """Move a card to the end of its owner's zone ``k`` (a deck's top); a creature in the battle zone takes
    the cards under it along. ``check``: look for ダウト now (a batch checks once, at its end)."""
    moved = _move(s, inst, k)
    if check:
        doubt.publish(s, moved)


def put_all(s: AmadeusState, insts: list[int], k: int) -> None:
    """Several cards moved at once (a mill, a discarded hand): made public together (ダウト条件③)."""
    moved: list[int] = []
    for i in insts:
        moved += _move(s, i, k)
    doubt.publish(s, moved)


def _move(s: AmadeusState, inst: int, k: int) -> list[int]:
    moved = [inst]
    if s.place_of(inst) == BATTLE:
        moved += s.under(inst)
    out: list[int] = []
    for i in moved:
        owner = s.owner[i]
        src = s.where[i]
        s.under_of[i] = -1
        s.move(i, owner * NZ + k)
        flags = s.flags
        flags[i] &= ~TAPPED
        if k in HIDDEN_ZONES:
            flags[i] &= ~MARKED  # ただしそのターン中に非公開領域に移動した場合、この効果は失われます
        elif k == MANA and s.game.tables.ncivs[s.cards[i]] > 1:
            flags[i] |= TAPPED  # 多色カードはタップしてマナゾーンに置く
        if k == BATTLE:
            s.entered[i] = s.turn
        if k == HAND:
            s.hand_added = True
        if src % NZ == DECK and not s.zones[src]:
            deck_ran_out(s, src // NZ)
        if k in PUBLIC_ZONES:
            flags[i] |= FACE_UP  # a public zone's cards lie face up
            out.append(i)
    return out


def top_of_deck(s: AmadeusState, seat: int) -> int:
    """The top card of a deck (-1: empty)."""
    deck = s.zones[seat * NZ + DECK]
    return deck[-1] if deck else -1


def deck_ran_out(s: AmadeusState, seat: int) -> None:
    """山札が0枚になったプレイヤーは負け (deck_out = empty): the moment its last card leaves."""
    if s.result is None and s.game.options["deck_out"] == "empty":
        s.emit("deck_empty", seat)
        s.finish(1 - seat, "deck_out")


def draw(s: AmadeusState, seat: int) -> bool:
    """Draw one (deck_out = draw: drawing from an empty deck loses). False when the game ended."""
    top = top_of_deck(s, seat)
    if top < 0:
        s.emit("deck_empty", seat)
        s.finish(1 - seat, "deck_out")
        return False
    put(s, top, HAND)
    s.emit("draw", seat, top)
    return s.result is None


def tap(s: AmadeusState, inst: int) -> None:
    s.flags[inst] |= TAPPED


def under_put(s: AmadeusState, inst: int, top: int) -> None:
    """Put a card under a creature (ブッディ): into the public stack."""
    put(s, inst, UNDER, check=False)
    s.under_of[inst] = top
    doubt.publish(s, [inst])


def place_doubts(s: AmadeusState) -> tuple[int, ...]:
    """「このターンの終わりに」: every marked card goes face up to its owner's ダウトゾーン, the turn
    player's first — above every other text: nothing replaces or stops it (not even ブッディ's "stays").
    Returns the players whose ダウトゾーン received cards."""
    if s.game.base_only or not s.marked:
        return ()
    s.marked = False
    flags = s.flags
    got: list[int] = []
    for p in (s.active, 1 - s.active):
        for i in [i for i in s.place_order() if flags[i] & MARKED and s.owner[i] == p]:
            if s.place_of(i) == BATTLE and s.under(i):
                _leave_top(s, i)  # an evolution's top: what is under it stays as the creature
            put(s, i, DOUBT, check=False)
            flags[i] &= ~MARKED
            s.turn_face_up(i)
            s.emit("to_doubt", p, i)
            if p not in got:
                got.append(p)
    return tuple(got)


def _leave_top(s: AmadeusState, top: int) -> None:
    """The top card of an evolution leaves alone: the newest card under it becomes the creature."""
    under = s.under(top)
    new_top = under[-1]
    zs, bz = s.zones, s.where[top]
    zone = zs[bz]
    k = zone.index(top)
    zs[bz] = (*zone[:k], new_top, *zone[k + 1 :])  # the creature keeps its place in the battle zone
    zs[s.where[new_top]] = without(zs[s.where[new_top]], new_top)
    s.where[new_top] = bz
    s.note_change(new_top)
    zs[bz] += (top,)  # put() takes the old top from the battle zone's end
    for i in under[:-1]:
        s.under_of[i] = new_top
    s.under_of[new_top] = -1
    s.entered[new_top] = s.entered[top]
    s.flags[new_top] = (s.flags[new_top] & ~TAPPED) | (s.flags[top] & TAPPED)  # the creature stays as it was
