"""疑心ゾーン: the イエローカード and the レッドカード, face up in each player's 疑心ゾーン from the start
(not part of the deck).

Both may be played 「いずれかのプレイヤーがカードを持ち主の手札に加えた時」 — after any card went to its
owner's hand — by their owner: the イエローカード with 3+ cards in their mana zone, the レッドカード with 2
or fewer shields once the イエローカード is face down. The opponent shows their whole hand (公開: ダウト is
looked for). The イエローカード only looks — the opponent gets no points and no marks while it is played —
and when no doubt was found its player puts the top card of their deck face up in their 疑心ゾーン; the
レッドカード catches for real, and when it finds nothing its player puts the top 2 there. Played, the card
turns face down (option ``yellow_zone``: where the イエローカード lies face down — RULES.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.fields import Seat, Seq
from tefuda.core.observe import FACE_UP

from . import doubt
from .cards import RED, YELLOW
from .phase_ids import DECLINE, PLAY
from .rules import go_on, rules
from .table import put, put_all
from .zones import DECK, DOUBT, HAND, MANA, NZ, SHIELDS, SUSPICION

if TYPE_CHECKING:
    from .state import AmadeusState


def card_of(s: AmadeusState, seat: int, kind: int) -> int:
    """The seat's イエローカード or レッドカード (-1 if it is not in the 疑心ゾーン)."""
    ctype = s.game.tables.ctype
    for k in (SUSPICION, DOUBT):
        for i in s.zones[seat * NZ + k]:
            if ctype[s.cards[i]] == kind:
                return i
    return -1


def playable(s: AmadeusState, seat: int) -> int:
    """The card ``seat`` may play now, or -1."""
    if s.game.base_only:
        return -1
    flags = s.flags
    yellow = card_of(s, seat, YELLOW)
    if yellow >= 0 and flags[yellow] & FACE_UP:
        return yellow if len(s.zones[seat * NZ + MANA]) >= 3 else -1
    red = card_of(s, seat, RED)
    if red >= 0 and flags[red] & FACE_UP and len(s.zones[seat * NZ + SHIELDS]) <= 2:
        return red
    return -1


def offer_window(s: AmadeusState) -> bool:
    """A card went to its owner's hand: each player who may play a 疑心ゾーン card is asked, the turn player
    first. True when someone is asked."""
    seats = tuple(p for p in (s.active, 1 - s.active) if playable(s, p) >= 0)
    if not seats:
        return False
    s.push("suspicion_next", seats)
    return True


@rules.rule(Seq(Seat(), tuple))
def suspicion_next(s: AmadeusState, seats: tuple[int, ...]) -> None:
    while seats and playable(s, seats[0]) < 0:
        seats = seats[1:]
    if not seats:
        go_on(s)
        return
    s.decide(seats[0], "suspicion", "suspicion", seats[1:])


@rules.offer("suspicion")
def suspicion_actions(s: AmadeusState, rest: tuple[int, ...]) -> list[Action]:
    return [PLAY, DECLINE]


@rules.rule(Seq(Seat(), tuple))
def suspicion(s: AmadeusState, rest: tuple[int, ...], action: Action) -> None:
    seat = s.to_move
    if action.kind == "play":
        play(s, seat, playable(s, seat))
    s.push("suspicion_next", rest)


def play(s: AmadeusState, seat: int, card: int) -> None:
    yellow = s.game.tables.ctype[s.cards[card]] == YELLOW
    opp = 1 - seat
    s.emit("play_yellow" if yellow else "play_red", seat, card)
    hand = list(s.zones[opp * NZ + HAND])
    for i in hand:
        s.turn_face_up(i)  # 相手は手札をすべて見せる
        s.flags[i] &= ~FACE_UP  # shown, not left face up: everyone knows it now
        s.emit("shown", opp, i)
    found = doubt.publish(s, hand, guard=opp if yellow else -1)
    s.flags[card] &= ~FACE_UP  # プレイした後、このカードを裏向きにして置く
    if yellow and s.game.options["yellow_zone"] == "doubt":
        put(s, card, DOUBT, check=False)
        s.flags[card] &= ~FACE_UP
    if found:
        s.emit("suspicion_found", seat, card)
        return
    n = 1 if yellow else 2
    deck = s.zones[seat * NZ + DECK]
    top = list(deck[-n:][::-1])
    s.emit("suspicion_missed", seat, card, count=len(top))
    put_all(s, top, SUSPICION)
    for i in top:
        s.turn_face_up(i)
