"""The automatic steps between decisions: who decides next, and everything that happens without a choice.

After every action (and after a chat line) ``proceed`` checks the 勝利/敗北条件, passes for seats that
publicly cannot act in a window, resolves forces and battles as windows close, runs コスト精算 seat by seat,
手札補充 and the change of turn, until someone has a decision to make or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import forces, turn, victory
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
from .zones import HAND, zid

if TYPE_CHECKING:
    from .state import YonesuState

TURN_PHASES = frozenset({EXCHANGE, EXCHANGE_FREE, COST, SUMMON, BATTLE, FORCE, WINDOW, PAY, DISCARD_DOWN})


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
                s.to_move = s.attacker
                return
            holder = s.windows[-1].seat
            if forces.can_act(s, holder):
                s.to_move = holder
                return
            forces.step_pass(s)
            continue
        if ph == DISCARD_DOWN:
            p = forces.next_discarder(s)
            if p >= 0:
                s.to_move = p
                return
            s.phase = WINDOW
            continue
        if ph == PAY:
            s.to_move = s.pending[1]
            return
        if ph == SETTLE:
            p = turn.settler(s)
            if p >= 0:
                s.to_move = p
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
            s.to_move = s.first
            return
        s.to_move = s.attacker
        return
