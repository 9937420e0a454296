"""準備 (preparation): first player by じゃんけん, the shown opening hand with one redraw, life cards.

From the surviving part of the blog's setup page (docs/sources/reference/kirifuda_setup.md): the じゃんけん
winner chooses to go first or second; each player draws 3 cards face up into the 公開エリア and may redraw
once (first player declares first: the 3 go to the bottom of the deck, 3 new ones are drawn face up, then
the deck is shuffled); the shown cards go to hand and each draws 2 more, unseen; then life cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from .draw import draw_to
from .phase_ids import REDRAW, SEAT
from .rules import rules
from .zones import DECK, HAND, LIFE, NZ, REVEAL

if TYPE_CHECKING:
    from .state import KirifudaState

OPENING_SHOWN: Final = 3
OPENING_HIDDEN: Final = 2


def start(s: KirifudaState) -> None:
    """Shuffle both decks and play the じゃんけん; its winner then chooses the seat order."""

    for p in range(s.nplayers):
        s.shuffle(p * NZ + DECK)
    s.rps_winner = s.rng.below(2)
    s.emit("rps", s.rps_winner)
    s.phase = SEAT
    s.decide(s.rps_winner, "seat", "apply_seat")


@rules.offer("seat")
def seat_actions(s: KirifudaState) -> list[Action]:
    return [Action("go-first"), Action("go-second")]


@rules.offer("redraw")
def redraw_actions(s: KirifudaState) -> list[Action]:
    return [Action("redraw"), Action("keep-hand")]


@rules.rule()
def apply_seat(s: KirifudaState, action: Action) -> None:

    s.first = s.to_move if action.kind == "go-first" else 1 - s.to_move
    s.emit("first_player", s.first)
    for p in (s.first, 1 - s.first):
        for _ in range(OPENING_SHOWN):
            draw_to(s, p, REVEAL, face_up=True)
    s.phase = REDRAW
    s.decide(s.first, "redraw", "apply_redraw")


@rules.rule()
def apply_redraw(s: KirifudaState, action: Action) -> None:
    """Each redraw is carried out as it is declared, so the second player is asked knowing the first's new
    cards (our reading of the setup summary's order: RULES.md §1)."""
    p = s.to_move
    if action.kind == "redraw":
        for inst in list(s.z(p, REVEAL)):
            s.move(inst, p * NZ + DECK)  # to the bottom, still face up in everyone's memory until shuffled
        for _ in range(OPENING_SHOWN):
            draw_to(s, p, REVEAL, face_up=True)
        s.shuffle(p * NZ + DECK)
        s.emit("redraw", p)
    else:
        s.emit("keep_hand", p)
    if p == s.first:
        s.decide(1 - s.first, "redraw", "apply_redraw")
        return
    finish_setup(s)


def finish_setup(s: KirifudaState) -> None:
    """Shown cards to hand, 2 unseen cards each, then the life cards (ライフ) face down; round 1 begins at
    the セットフェイズ (the rulebook: no ドローフェイズ in round 1)."""

    for p in (s.first, 1 - s.first):
        for inst in list(s.z(p, REVEAL)):
            s.move(inst, p * NZ + HAND)
        for _ in range(OPENING_HIDDEN):
            draw_to(s, p, HAND)
        for _ in range(s.game.options["life"]):
            if s.z(p, DECK):
                s.move(s.z(p, DECK)[0], p * NZ + LIFE)
        s.emit("life_set", p, count=len(s.z(p, LIFE)))
    s.round = 1
    s.emit("round", round=1)
    s.push("begin_set_phase")
