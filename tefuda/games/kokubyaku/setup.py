"""ゲームの準備 (setup): the text has no setup chapter, so じゃんけん, whose winner chooses to go first or
second, is ours (RULES.md); both decks shuffled; 「手札6枚」 each; 「最初にカウンターは3つ置かれていて」
(init_fields)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from .phase_ids import GO_FIRST, GO_SECOND, SEAT
from .rules import rules
from .zones import DECK, HAND, NZ

if TYPE_CHECKING:
    from .state import KokubyakuState

HAND_SIZE: Final = 6  # 手札6枚


def start(s: KokubyakuState) -> None:
    for p in (0, 1):
        s.shuffle(p * NZ + DECK)
    winner = s.rng.below(2)
    s.emit("rps", winner)
    s.phase = SEAT
    s.decide(winner, "seat")


@rules.offer("seat")
def seat_actions(s: KokubyakuState) -> list[Action]:
    return [GO_FIRST, GO_SECOND]


@rules.rule()
def seat(s: KokubyakuState, action: Action) -> None:
    s.first = s.to_move if action.kind == "go-first" else 1 - s.to_move
    s.emit("first_player", s.first)
    for p in (s.first, 1 - s.first):
        for _ in range(HAND_SIZE):
            draw_card(s, p)
    s.active = s.first
    s.turn = 1
    s.push("start_turn")


def draw_card(s: KokubyakuState, seat: int) -> bool:
    """Draw one. 「デッキが無くなったら負け」: with ``deck_out = empty`` (the default) the last card leaving
    the deck loses at once; with ``draw`` a player who must draw from an empty deck loses. False when the
    game ended."""
    deck = s.zones[seat * NZ + DECK]
    if not deck:
        s.emit("deck_empty", seat)
        s.finish(1 - seat, "deck_out")
        return False
    inst = deck[-1]
    s.move(inst, seat * NZ + HAND)
    s.emit("draw", seat, inst)
    if not s.zones[seat * NZ + DECK] and s.game.options["deck_out"] == "empty":  # read again after the move
        s.emit("deck_empty", seat)
        s.finish(1 - seat, "deck_out")
        return False
    return True
