"""The automatic steps between decisions: 防衛 checks, optional effects offered in order, スタンバイ and
ドロー, who has the right to act at each 速度, battles compared, and the turn order of a round.

``proceed`` runs them until someone must decide — a prompt of the core's flow, the decision named after
the phase — or the game is over; the action taken is carried out (``rules.decisions`` below), then the
steps go on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action

from . import battle, effects, setup, turns
from .phase_ids import (
    ATTACK,
    BLOCK,
    DRAW,
    END,
    FIGHT,
    LEAVE,
    MAIN,
    MULLIGAN,
    OVER,
    SPELL,
    STANDBY,
    TRIGGER,
    UNION,
)
from .rules import rules

if TYPE_CHECKING:
    from .state import GenesisState


@rules.rule()
def proceed(s: GenesisState) -> None:
    while s.result is None:
        if s.stats_changed:
            effects.check_defense(s)
        queue = s.waiting
        if queue:
            while queue and not effects.offer_ok(s, queue[0]):
                queue.pop(0)  # its moment passed (the card left, the cost cannot be paid, no target)
            if queue:
                if s.phase != TRIGGER:
                    s.resume = s.phase
                    s.phase = TRIGGER
                s.decide(queue[0].seat, "trigger")
                return
        ph = s.phase
        if ph == TRIGGER:
            s.phase = ph = s.resume
        # the decision phases most often met first
        if ph == MAIN:
            s.decide(s.turn_seat, "main")
            return
        if ph == UNION:
            if s.side < 2:
                s.decide(s.first if s.side == 0 else s.second, "union")
                return
            turns.next_phase(s, SPELL)
            s.speed, s.side = 4, 0
            continue
        if ph in (SPELL, ATTACK):
            # 速度 4 → 1, the first player's units first at each: the first seat with something to do
            find = effects.spell_actions if ph == SPELL else battle.attack_actions
            speeds = effects.spell_speeds if ph == SPELL else battle.attack_speeds
            maybe = (speeds(s, s.first), speeds(s, s.second))  # a cheap superset, to skip empty speeds
            while s.speed >= 1:
                seat = s.first if s.side == 0 else s.second
                if s.speed in maybe[s.side] and (acts := find(s, seat)):
                    s.decide(seat, "spell" if ph == SPELL else "attack")
                    s.offer_legal(acts)  # found them to know who acts: not listed twice
                    return
                effects.advance_speed(s)
            turns.next_phase(s, ATTACK if ph == SPELL else LEAVE)
            s.speed, s.side = 4, 0
            continue
        if ph == BLOCK:
            assert s.battle is not None
            a = s.battle[0]
            if not s.alive_unit(a):
                s.battle = None
                s.phase = ATTACK
                continue
            s.decide(1 - s.seat_of(a), "block")
            return
        if ph == FIGHT:
            battle.fight(s)
            continue
        if ph == END:
            if turns.destroyed_cards(s, s.turn_seat):
                s.decide(s.turn_seat, "destroyed")
                return
            turns.after_end(s)
            continue
        if ph == STANDBY:
            turns.standby(s)
            turns.next_phase(s, DRAW)
            continue
        if ph == DRAW:
            s.draw(s.turn_seat)  # mandatory
            turns.next_phase(s, MAIN)
            continue
        if ph == LEAVE:
            if s.side < 2:
                seat = s.first if s.side == 0 else s.second
                if turns.destroyed_cards(s, seat):
                    s.decide(seat, "destroyed")
                    return
                s.side += 1
                continue
            turns.leave_phase_done(s)
            continue
        if ph == MULLIGAN:
            s.decide(s.mull_seat, "mulligan")
            return
        return


def settled(s: GenesisState) -> None:
    """After an action: the automatic steps; a payment may end the game in the middle of any step."""
    proceed(s)
    if s.result is not None:
        s.phase = OVER
        s.to_move = -1
        s.pending = None
        s.frames.clear()


def _trigger_actions(s: GenesisState, seat: int) -> list[Action]:
    return effects.trigger_actions(s)


# every decision: what the seat asked chooses among, and what the action taken does; then the steps go on
rules.decisions(
    {
        "trigger": (_trigger_actions, effects.apply_trigger),
        "main": (turns.main_actions, turns.apply_main),
        "attack": (battle.attack_actions, battle.apply_attack),
        "block": (battle.block_actions, battle.apply_block),
        "spell": (effects.spell_actions, effects.apply_spell),
        "union": (turns.union_actions, turns.apply_union),
        "destroyed": (turns.destroyed_actions, turns.apply_destroyed),
        "mulligan": (setup.mulligan_actions, setup.apply_mulligan),
    },
    then=settled,
)
