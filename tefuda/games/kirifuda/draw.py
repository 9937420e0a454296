"""Drawing (ドロー): the top card of a deck to a zone — the one move every chapter of the rules makes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phase_ids import REDRAW
from .zones import DECK, HAND, NZ, REVEAL

if TYPE_CHECKING:
    from .state import KirifudaState


def draw_to(s: KirifudaState, p: int, k: int, *, face_up: bool = False) -> int:
    """Top card of ``p``'s deck to zone ``k`` of ``p``; returns the instance, or -1 if the deck is empty.

    The first card shown by a redraw (準備's 引き直し: the 公開エリア emptied back into the deck while the
    redraw is decided) announces the redraw first, so its cards are logged after the line that says why
    (the redraw's own ``redraw`` event, once the deck is shuffled, closes it)."""
    deck = s.zones[p * NZ + DECK]
    if not deck:
        return -1
    if k == REVEAL and s.phase == REDRAW and not s.zones[p * NZ + REVEAL]:
        s.emit("redraw_begins", p)
    inst = deck[0]
    s.move(inst, p * NZ + k, face_up=face_up)
    if k == HAND:
        s.emit("draw", p, inst)
    elif k == REVEAL:
        s.emit("reveal_card", p, inst)
    return inst
