"""The automatic steps between decisions: 防衛 checks, optional effects offered in order, スタンバイ and
ドロー, who has the right to act at each 速度, battles compared, and the turn order of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import battle, effects, turns
from .phase_ids import (
    ATTACK,
    BLOCK,
    DRAW,
    END,
    FIGHT,
    LEAVE,
    MAIN,
    MULLIGAN,
    SPELL,
    STANDBY,
    TRIGGER,
    UNION,
)

if TYPE_CHECKING:
    from .state import GenesisState


def proceed(s: GenesisState) -> None:
    while s.result is None:
        if s.stats_changed:
            effects.check_defense(s)
        queue = s.queue
        if queue:
            while queue and not effects.offer_ok(s, queue[0]):
                queue.pop(0)  # its moment passed (the card left, the cost cannot be paid, no target)
            if queue:
                if s.phase != TRIGGER:
                    s.resume = s.phase
                    s.phase = TRIGGER
                s.to_move = queue[0][1]
                return
        ph = s.phase
        if ph == TRIGGER:
            s.phase = ph = s.resume
        # the decision phases most often met first
        if ph == MAIN:
            s.to_move = s.turn_seat
            return
        if ph == UNION:
            if s.side < 2:
                s.to_move = s.first if s.side == 0 else s.second
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
                    s.to_move = seat
                    s.offer_legal(acts)  # found them to know who acts: not listed twice
                    return
                effects.advance_speed(s)
            turns.next_phase(s, ATTACK if ph == SPELL else LEAVE)
            s.speed, s.side = 4, 0
            continue
        if ph == BLOCK:
            a = s.battle[0]
            if not s.alive_unit(a):
                s.battle = None
                s.phase = ATTACK
                continue
            s.to_move = 1 - s.seat_of(a)
            return
        if ph == FIGHT:
            battle.fight(s)
            continue
        if ph == END:
            if turns.destroyed_cards(s, s.turn_seat):
                s.to_move = s.turn_seat
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
                    s.to_move = seat
                    return
                s.side += 1
                continue
            turns.leave_phase_done(s)
            continue
        if ph == MULLIGAN:
            s.to_move = s.mull_seat
            return
        return
