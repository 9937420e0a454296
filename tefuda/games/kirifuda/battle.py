"""バトルフェイズ: the higher final POW wins; the winner picks one of the loser's life cards (face down),
which the loser adds to hand; a player whose life reaches 0 loses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action

from .phase_ids import TAKE_LIFE
from .rules import rules
from .zones import HAND, LIFE, NZ

if TYPE_CHECKING:
    from .state import KirifudaState


@rules.rule(name="battle")
def resolve(s: KirifudaState) -> None:
    """Compare POW by the text: 「より数値の高いアタッカーを出しているプレイヤーがバトルに勝利します。」 — so
    no attacker loses to any attacker, and equal POW has no winner: no life card is taken (RULES.md §2.4,
    §2.5; option ``tie = both_damage`` is a house rule). Neither has an attacker: no battle (our decision)."""

    a, b = s.first, s.second
    pa, pb = s.pow[a], s.pow[b]
    if pa < 0 and pb < 0:
        s.emit("no_battle")
        s.push("end_phase")
        return
    if pa == pb:
        s.emit("battle_tie", pow=pa)
        if s.game.options["tie"] == "both_damage":
            s.hits = [(a, b), (b, a)]
    else:
        w = a if pa > pb else b
        s.emit("battle_won", w, pow=max(pa, pb), vs=min(pa, pb))
        s.hits = [(w, 1 - w)]
    _next_hit(s)


def _next_hit(s: KirifudaState) -> None:

    while s.hits:
        taker, victim = s.hits[0]
        if s.protect[victim]:
            s.emit("protected", victim)
            s.hits.pop(0)
            continue
        life = s.zones[victim * NZ + LIFE]
        if len(life) > 1:
            s.phase = TAKE_LIFE
            s.decide(taker, "take_life", "apply_take_life")
            return
        if life:
            _take(s, 0)
        else:
            s.hits.pop(0)
    losers = [p for p in (s.first, s.second) if not s.zones[p * NZ + LIFE]]
    if len(losers) == 2:
        s.finish(None, "both_life_zero")
    elif losers:
        s.finish(1 - losers[0], "life_zero")
    else:
        s.push("end_phase")


def _take(s: KirifudaState, pos: int) -> None:
    _, victim = s.hits.pop(0)
    inst = s.zones[victim * NZ + LIFE][pos]
    s.move(inst, victim * NZ + HAND)
    s.emit("life_taken", victim, inst, pos=pos + 1, left=len(s.zones[victim * NZ + LIFE]))


@rules.offer("take_life")
def take_life_actions(s: KirifudaState) -> list[Action]:
    victim = s.hits[0][1]
    return [Action("take-life", p) for p in range(len(s.zones[victim * NZ + LIFE]))]


@rules.rule()
def apply_take_life(s: KirifudaState, action: Action) -> None:
    _take(s, action.a)
    _next_hit(s)
