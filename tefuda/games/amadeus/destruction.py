"""破壊 (destruction): a creature goes to its owner's graveyard — to the mana zone instead for 無敵の咆哮
and からみカズラ; 三界 ブッディ may take a creature from its owner's hand under it instead, and does not
leave while 3 or more cards lie under it. Battles and effects both destroy through here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.fields import Inst, Seq

from .cards import CREATURE, EVOLUTION
from .phase_ids import DONE
from .rules import rules
from .table import put, under_put
from .zones import BATTLE, GRAVE, HAND, MANA, NZ

if TYPE_CHECKING:
    from .state import AmadeusState


@rules.rule(Seq(Inst(), tuple))
def destroy_each(s: AmadeusState, insts: tuple[int, ...]) -> None:
    if not insts or s.result is not None:
        return
    s.push("destroy_each", insts[1:])
    destroy(s, insts[0])


def destroy(s: AmadeusState, inst: int) -> None:
    """破壊: to the graveyard (to the mana zone instead for 無敵の咆哮 and からみカズラ; 三界 ブッディ may
    put a creature from its owner's hand under it instead, and stays while 3 or more cards lie under it)."""
    if s.place_of(inst) != BATTLE:
        return
    owner = s.owner[inst]
    if s.kw(inst, "stays_with_3") and len(s.under(inst)) >= 3:
        s.emit("stays", owner, inst)
        return
    if s.kw(inst, "substitute") and s.zones[owner * NZ + HAND]:
        # asked whenever the hand holds a card (its size is public), creature or not: nothing is told
        s.decide(owner, "substitute", "substituted", inst)
        return
    _destroyed(s, inst)


@rules.offer("substitute")
def substitute_actions(s: AmadeusState, inst: int) -> list[Action]:
    tb = s.game.tables
    hand = s.hand_cards(s.to_move)
    under = s.game.acts["under"]
    return [*(under[c] for c in hand if tb.ctype[c] in (CREATURE, EVOLUTION)), DONE]


@rules.rule(Inst())
def substituted(s: AmadeusState, inst: int, action: Action) -> None:
    if action.kind == "under":
        card = s.hand_instance(s.to_move, action.a)
        under_put(s, card, inst)
        s.emit("substitute", s.owner[inst], inst, under=card)
        return
    _destroyed(s, inst)


def _destroyed(s: AmadeusState, inst: int) -> None:
    to = MANA if s.kw(inst, "to_mana_on_destroy") else GRAVE
    s.emit("destroyed", s.owner[inst], inst)
    put(s, inst, to)
