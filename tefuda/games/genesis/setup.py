"""ゲームの準備: shuffle and cut, the bow, 5 cards, one マリガン each, the reveal for 先攻,
「ブレイクアウト!」."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from . import turns
from .phase_ids import KEEP, MULLIGAN_ACT
from .zones import DECK, HAND, NZ, REVEAL

if TYPE_CHECKING:
    from .state import GenesisState

HAND_SIZE: Final = 5
MAX_REVEALS: Final = 200  # our decision: after this many tied reveals, a coin decides (RULES.md)


def start(s: GenesisState) -> None:
    for seat in range(2):
        s.shuffle(seat * NZ + DECK)  # the opponent shuffles, the owner cuts: one fair shuffle
        s.emit("shuffle", seat)
    s.emit("bow")
    for seat in range(2):
        for _ in range(HAND_SIZE):
            s.draw(seat)
    s.mull_seat = 0
    s.to_move = 0


def mulligan_actions(s: GenesisState, seat: int) -> list[Action]:
    return [KEEP, MULLIGAN_ACT]


def apply_mulligan(s: GenesisState, action: Action) -> None:
    """マリガン: the whole hand back, shuffled again, 5 new cards — once per player."""
    seat = s.mull_seat
    if action.kind == "mulligan":
        for inst in list(s.zones[seat * NZ + HAND]):
            s.move(inst, seat * NZ + DECK)
        s.shuffle(seat * NZ + DECK)
        s.emit("mulligan", seat)
        for _ in range(HAND_SIZE):
            s.draw(seat)
    else:
        s.emit("keep", seat)
    if seat == 0:
        s.mull_seat = 1
        s.to_move = 1
        return
    decide_first(s)
    s.emit("breakout", s.first)
    turns.begin_round(s)


def reveal_value(s: GenesisState, inst: int) -> tuple[int, int]:
    """召喚 + 階級 icons, then 速度 to break a tie."""
    tb = s.game.tables
    c = s.cards[inst]
    return tb.summon[c] + tb.rank[c], tb.speed[c]


def decide_first(s: GenesisState) -> None:
    """Both show the top card of their 本陣 at once; the higher 召喚 + 階級 goes first, then the higher 速度;
    still tied: show again. A shown card goes to the bottom of its 本陣."""
    for _ in range(MAX_REVEALS):
        shown = []
        for seat in range(2):
            deck = s.zones[seat * NZ + DECK]
            inst = deck[-1]
            s.move(inst, seat * NZ + REVEAL, face_up=True)
            shown.append(inst)
        v0, v1 = reveal_value(s, shown[0]), reveal_value(s, shown[1])
        s.emit("reveal", 0, shown[0], value=v0[0], speed=v0[1])
        s.emit("reveal", 1, shown[1], value=v1[0], speed=v1[1])
        for seat, inst in enumerate(shown):
            s.move(inst, seat * NZ + DECK, bottom=False, face_up=True)  # index 0 is the bottom
            s.flags[inst] &= ~1
        if v0 != v1:
            s.first = 0 if v0 > v1 else 1
            s.emit("first_player", s.first)
            return
    s.first = s.rng.below(2)
    s.emit("first_player_coin", s.first)
