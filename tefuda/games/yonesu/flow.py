"""The automatic steps between decisions: who decides next, and everything that happens without a choice.

After every action (and after a chat line that costs a player the game) the step ``proceed`` checks the
勝利/敗北条件, passes for seats that publicly cannot act in a window, resolves forces and battles as windows
close, runs コスト精算 seat by seat, 手札補充 and the change of turn, until someone has a decision to make
(a prompt of the core's flow: the offer named after the phase) or the game is over. ``act`` carries out the
action taken, by phase, and schedules ``proceed`` again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action

from . import battle, forces, setup, turn, victory
from .phase_ids import (
    BATTLE,
    COST,
    DISCARD_DOWN,
    EXCHANGE,
    EXCHANGE_FREE,
    FORCE,
    OPENING,
    PAY,
    SETTLE,
    SUMMON,
    WINDOW,
)
from .rules import rules
from .zones import HAND, zid

if TYPE_CHECKING:
    from .state import YonesuState

TURN_PHASES = frozenset({EXCHANGE, EXCHANGE_FREE, COST, SUMMON, BATTLE, FORCE, WINDOW, PAY, DISCARD_DOWN})
# the offer that lists a phase's actions
OFFERS = {
    SUMMON: "main",
    BATTLE: "main",
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
        if s.result is not None:
            return
        ph = s.phase
        if ph in TURN_PHASES and not s.alive[s.attacker]:
            victory.abandon_turn(s)
            turn.start_settlement(s)
            continue
        if ph == WINDOW:
            if not s.windows:
                s.phase = s.main
                s.decide(s.attacker, OFFERS[s.main], "act")
                return
            holder = s.windows[-1].seat
            if forces.can_act(s, holder):
                s.decide(holder, "window", "act")
                return
            forces.step_pass(s)
            continue
        if ph == DISCARD_DOWN:
            p = forces.next_discarder(s)
            if p >= 0:
                s.decide(p, "discard_down", "act")
                return
            s.phase = WINDOW
            continue
        if ph == PAY:
            return  # the payment's own step, scheduled under this one, asks for the next card
        if ph == SETTLE:
            p = turn.settler(s)
            if p >= 0:
                s.decide(p, "settle", "act")
                return
            turn.refill(s)
            victory.check(s)
            if s.result is not None:
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
            s.decide(s.first, "opening", "act")
            return
        s.decide(s.attacker, OFFERS[ph], "act")
        return


@rules.rule()
def act(s: YonesuState, action: Action) -> None:
    """Carry out the action taken in the current phase; then the automatic steps go on."""
    ph = s.phase
    kind = action.kind
    if kind == "force":
        forces.activate(s, s.to_move, action.a, s.target_inst(action.b))
    elif ph == WINDOW:
        forces.apply_pass(s)
    elif kind == "attack":
        battle.declare(s, action.a, s.target_inst(action.b))
    elif ph in (SUMMON, BATTLE, FORCE):
        turn.apply_main(s, action)
    elif ph == SETTLE:
        turn.apply_settle(s, action)
    elif ph in (EXCHANGE, EXCHANGE_FREE):
        turn.apply_exchange(s, action)
    elif ph == COST:
        turn.apply_cost(s, action)
    elif ph == DISCARD_DOWN:
        forces.apply_discard_down(s, action)
    elif ph == OPENING:
        setup.apply_opening(s, action)
    proceed(s)  # what a "proceed" step would do next, without the detour through the frames


@rules.offer("main")
def main_offer(s: YonesuState) -> list[Action]:
    return turn.main_actions(s, s.to_move)


@rules.offer("exchange")
def exchange_offer(s: YonesuState) -> list[Action]:
    return turn.exchange_actions(s, s.to_move)


@rules.offer("cost")
def cost_offer(s: YonesuState) -> list[Action]:
    return turn.cost_actions(s, s.to_move)


@rules.offer("window")
def window_offer(s: YonesuState) -> list[Action]:
    return forces.window_actions(s, s.to_move)


@rules.offer("settle")
def settle_offer(s: YonesuState) -> list[Action]:
    return turn.settle_actions(s, s.to_move)


@rules.offer("discard_down")
def discard_down_offer(s: YonesuState) -> list[Action]:
    return forces.discard_down_actions(s, s.to_move)


@rules.offer("opening")
def opening_offer(s: YonesuState) -> list[Action]:
    return setup.opening_actions(s, s.to_move)
