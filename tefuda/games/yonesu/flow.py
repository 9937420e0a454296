"""The automatic steps between decisions: who decides next, and everything that happens without a choice.

After every action (and after a chat line that costs a player the game) the step ``proceed`` checks the
勝利/敗北条件, passes for seats that publicly cannot act in a window, resolves forces and battles as windows
close, runs コスト精算 seat by seat, 手札補充 and the change of turn, until someone has a decision to make
(a prompt of the core's flow: the decision named after the phase) or the game is over; the action taken is
carried out (``rules.decisions`` below) and ``proceed`` goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from . import battle, forces, setup, turn, victory
from .phase_ids import (
    BATTLE,
    COST,
    DISCARD_DOWN,
    EXCHANGE,
    EXCHANGE_FREE,
    FORCE,
    GATHER,
    OPENING,
    PAY,
    SETTLE,
    SUMMON,
    WINDOW,
)
from .rules import rules
from .zones import DECK, DISCARD, HAND, zid

if TYPE_CHECKING:
    from .state import YonesuState

TURN_PHASES: Final = frozenset(
    {EXCHANGE, EXCHANGE_FREE, COST, SUMMON, BATTLE, GATHER, FORCE, WINDOW, PAY, DISCARD_DOWN}
)
# the decision a phase asks for
OFFERS: Final = {
    SUMMON: "main",
    BATTLE: "main",
    GATHER: "main",
    FORCE: "main",
    EXCHANGE: "exchange",
    EXCHANGE_FREE: "exchange",
    COST: "cost",
    WINDOW: "window",
    SETTLE: "settle",
    DISCARD_DOWN: "discard_down",
    OPENING: "opening",
}


@rules.rule()
def proceed(s: YonesuState) -> None:
    while s.result is None:
        victory.check(s)
        if s.is_over:  # not ``s.result``: the loop's test narrowed it to None for mypy (and a compiled build)
            return
        if not s.zones[DECK] and s.zones[DISCARD] and s.game.options["reshuffle"] == "empty":
            # 山札のカードがなくなった場合 (and it stays so while the 捨て札置き場 was empty): rebuilt at once
            s.reshuffle(s.attacker)
        ph = s.phase
        if ph in TURN_PHASES and not s.alive[s.attacker]:
            victory.abandon_turn(s)
            turn.start_settlement(s)
            continue
        if ph == WINDOW:
            if not s.windows:
                s.phase = s.main
                s.decide(s.attacker, OFFERS[s.main])
                return
            holder = s.windows[-1].seat
            if forces.can_act(s, holder):
                s.decide(holder, "window")
                return
            forces.step_pass(s)
            continue
        if ph == DISCARD_DOWN:
            p = forces.next_discarder(s)
            if p >= 0:
                s.decide(p, "discard_down")
                return
            s.phase = WINDOW
            continue
        if ph == PAY:
            return  # the payment's own step, scheduled under this one, asks for the next card
        if ph == SETTLE:
            p = turn.settler(s)
            if p >= 0:
                s.decide(p, "settle")
                return
            turn.refill(s)
            victory.check(s)
            if s.is_over:
                return
            turn.pass_turn(s)
            continue
        if ph == EXCHANGE and not s.zones[zid(s.attacker, HAND)]:
            victory.eliminate(s, s.attacker, "no_exchange")
            continue
        if ph == OPENING:
            if not s.alive[s.first]:  # the first player lost already: the next one clockwise goes first
                n = s.nplayers
                s.first = s.attacker = next(p for p in ((s.first + k) % n for k in range(1, n)) if s.alive[p])
            s.decide(s.first, "opening")
            return
        s.decide(s.attacker, OFFERS[ph])
        return


def window_act(s: YonesuState, action: Action) -> None:
    if action.kind == "force":
        forces.activate(s, s.to_move, action.a, s.target_inst(action.b))
    else:
        forces.apply_pass(s)


def main_act(s: YonesuState, action: Action) -> None:
    if action.kind == "force":
        forces.activate(s, s.to_move, action.a, s.target_inst(action.b))
    elif action.kind == "attack":
        battle.declare(s, action.a, s.target_inst(action.b))
    elif action.kind == "gather":
        battle.gather(s, s.target_inst(action.a))
    elif action.kind == "attack-gathered":
        battle.declare_gathered(s, s.target_inst(action.a))
    elif action.kind == "gather-cancel":
        battle.cancel_gathering(s)
    else:
        turn.apply_main(s, action)


# every decision: what the seat asked chooses among, and what the action taken does; then proceed
rules.decisions(
    {
        "main": (turn.main_actions, main_act),
        "exchange": (turn.exchange_actions, turn.apply_exchange),
        "cost": (turn.cost_actions, turn.apply_cost),
        "window": (forces.window_actions, window_act),
        "settle": (turn.settle_actions, turn.apply_settle),
        "discard_down": (forces.discard_down_actions, forces.apply_discard_down),
        "opening": (setup.opening_actions, setup.apply_opening),
    },
    then=proceed,
)
