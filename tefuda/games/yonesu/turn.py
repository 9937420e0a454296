"""One turn of the 攻撃側: 手札交換 → コスト → 召喚 → 戦闘 → フォース → コスト精算 → 手札補充."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action

from . import battle, forces
from .cards import YONESU
from .phase_ids import (
    ATTACKED,
    BATTLE,
    COST,
    END_BATTLE,
    END_SUMMON,
    END_TURN,
    EXCHANGE,
    EXCHANGE_DONE,
    EXCHANGE_FREE,
    EXCHANGE_NO_DRAW,
    FORCE,
    GATHER,
    NO_COST,
    PROTECTED,
    SETTLE,
    SETTLE_DONE,
    SUMMON,
)
from .zones import CFIELD, DISCARD, HAND, YFIELD, zid

if TYPE_CHECKING:
    from .state import YonesuState


def begin_turn(s: YonesuState, seat: int) -> None:
    """A new turn: ``seat`` is the 攻撃側, everyone else 防御側."""
    s.attacker = seat
    s.turn += 1
    s.turns_taken[seat] += 1
    s.emit("turn", seat, turn=s.turn)
    s.to_move = seat
    if seat == s.first and s.turns_taken[seat] == 1:
        # 先攻側1ターン目では手札交換はできません
        s.emit("no_exchange", seat)
        s.phase = COST
    elif s.turns_taken[seat] == 1:
        # 後攻側1ターン目: any number, 0 included (our decision: every later seat's first turn, 3–4 players)
        s.phase = EXCHANGE_FREE
        s.ex_count = 0
    else:
        s.phase = EXCHANGE  # flow.proceed makes a player who cannot exchange lose


# ---------------------------------------------------------------------- 手札交換フェイズ
def exchange_actions(s: YonesuState, seat: int) -> list[Action]:
    """手札交換: one card (then one drawn); on the 後攻側's first turn any number, then
    「その分だけカードを引くことができます」 — drawing them is a choice too (任意: option exchange_draw)."""
    acts = s.game.exchange_acts
    out = [acts[c] for c in s.hand_cards(seat)]
    if s.phase == EXCHANGE_FREE:
        out.append(EXCHANGE_DONE)
        if s.ex_count and s.game.options["exchange_draw"] == "may":
            out.append(EXCHANGE_NO_DRAW)
    return out


def apply_exchange(s: YonesuState, action: Action) -> None:
    seat = s.attacker
    if action.kind in ("exchange-done", "exchange-no-draw"):
        if action.kind == "exchange-done":
            s.emit("exchange_draw", seat, count=s.ex_count)
            s.draw(seat, s.ex_count)
        else:
            s.emit("exchange_no_draw", seat, count=s.ex_count)
        s.ex_count = 0
        s.losses_due = True  # a player short of [上限枚数] now meets the 引き忘れ rule
        s.phase = COST
        return
    inst = s.hand_instance(seat, action.a)
    s.move(inst, DISCARD, face_up=True)
    s.emit("exchange", seat, inst)
    if s.phase == EXCHANGE:
        s.draw(seat, 1)
        s.phase = COST
    else:
        s.ex_count += 1


# ---------------------------------------------------------------------- コストフェイズ
def cost_actions(s: YonesuState, seat: int) -> list[Action]:
    acts = s.game.cost_acts
    return [*(acts[c] for c in s.hand_cards(seat)), NO_COST]


def apply_cost(s: YonesuState, action: Action) -> None:
    seat = s.attacker
    if action.kind == "cost":
        inst = s.hand_instance(seat, action.a)
        s.move(inst, zid(seat, CFIELD), face_up=True)
        s.emit("cost", seat, inst)
    else:
        s.emit("no_cost", seat)
    s.emit("summon_phase", seat)
    s.phase = SUMMON
    s.main = SUMMON


# ---------------------------------------------------------------------- 召喚 / 戦闘 / フォース
def summon_actions(s: YonesuState, seat: int) -> list[Action]:
    """LV1 ヨネス to the field; LV n+1 onto a ヨネス of LV n (複合LV counts as each of its levels)."""
    tb = s.game.tables
    room = s.remaining(seat)
    tops = s.tops(seat)
    top_levels = [tb.levels[s.cards[t]] for t in tops]
    codes = s.field_codes() if tops else {}
    out = []
    g = s.game
    for c in s.hand_cards(seat):
        if tb.ctype[c] != YONESU or tb.lilith[c] > room:
            continue
        lv = tb.levels[c]
        if lv & 2:
            out.append(g.summon_acts[c])
        for t, tl in zip(tops, top_levels, strict=True):
            if (tl << 1) & lv:
                out.append(Action("evolve", c, codes[t]))
    return out


def main_actions(s: YonesuState, seat: int) -> list[Action]:
    ph = s.phase
    if ph == SUMMON:
        return [*summon_actions(s, seat), *forces.force_actions(s, seat, response=False), END_SUMMON]
    if ph == BATTLE:
        return [*battle.attack_actions(s, seat), *forces.force_actions(s, seat, response=False), END_BATTLE]
    if ph == GATHER:  # choosing a group: it attacks or is taken back before a force or the end of the phase
        return battle.gather_actions(s, seat)
    return [*forces.force_actions(s, seat, response=False), END_TURN]


def apply_main(s: YonesuState, action: Action) -> None:
    seat = s.attacker
    kind = action.kind
    tb = s.game.tables
    if kind == "summon":
        inst = s.hand_instance(seat, action.a)
        s.used[seat] += tb.lilith[action.a]
        s.move(inst, zid(seat, YFIELD), face_up=True)
        s.emit("summon", seat, inst, lilith=tb.lilith[action.a])
    elif kind == "evolve":
        inst = s.hand_instance(seat, action.a)
        base = s.target_inst(action.b)
        s.used[seat] += tb.lilith[action.a]
        s.move(inst, zid(seat, YFIELD), face_up=True)
        s.below[inst] = base
        s.above[base] = inst
        s.flags[inst] |= s.flags[base] & (ATTACKED | PROTECTED)
        s.bonus[inst] = s.bonus[base]
        s.emit("evolve", seat, inst, base=base, lilith=tb.lilith[action.a])
    elif kind == "end-summon":
        s.emit("battle_phase", seat)
        s.phase = s.main = BATTLE
    elif kind == "end-battle":
        s.emit("force_phase", seat)
        s.phase = s.main = FORCE
    elif kind == "end-turn":
        s.emit("turn_end", seat)
        start_settlement(s)


# ---------------------------------------------------------------------- コスト精算フェイズ
def start_settlement(s: YonesuState) -> None:
    s.phase = SETTLE
    s.settle_k = 0
    s.settle_paid = 0


def settler(s: YonesuState) -> int:
    """The seat whose コスト精算 it is, or -1 when everyone has settled.

    「各プレイヤーはこのフェイズ中に自分のコスト置き場のコストを捨て札置き場に捨てます。」 — every player, not
    only those who used リリス: the total discarded must be 「同じかそれを上回る」 the リリス used, so a
    player who used none may still discard cost cards (or none). A player with an empty コストフィールド has
    no choice."""
    n = s.nplayers
    while s.settle_k < n:
        seat = (s.attacker + s.settle_k) % n
        if s.alive[seat] and (s.used[seat] > 0 or s.zones[zid(seat, CFIELD)]):
            return seat
        s.settle_k += 1
        s.settle_paid = 0
    return -1


def settle_actions(s: YonesuState, seat: int) -> list[Action]:
    acts = s.game.settle_acts
    cards = s.cards
    out = [acts[c] for c in sorted({cards[i] for i in s.z(seat, CFIELD)})]
    if s.settle_paid >= s.used[seat]:
        out.append(SETTLE_DONE)
    return out


def apply_settle(s: YonesuState, action: Action) -> None:
    seat = s.to_move
    if action.kind == "settle-done":
        s.emit("settled", seat, used=s.used[seat], paid=s.settle_paid)
        s.used[seat] = 0
        s.settle_k += 1
        s.settle_paid = 0
        return
    inst = next(i for i in s.z(seat, CFIELD) if s.cards[i] == action.a)
    s.settle_paid += s.game.tables.cost[action.a]
    s.move(inst, DISCARD, face_up=True)
    s.refilled[seat] = False  # 「次にカードを捨てる」
    s.emit("settle", seat, inst)


# ---------------------------------------------------------------------- 手札補充フェイズ
def refill(s: YonesuState) -> None:
    """Turn end: from the 攻撃側 on, everyone draws up to [上限枚数].

    Refills are automatic; from here until the player next discards a card (the exchange aside) the
    引き忘れ rule watches their count (``refilled``; victory.check) — every player's, one who drew nothing
    included (our reading of 「手札を補充」: the phase counts, not the cards drawn; RULES.md 5.)."""
    n = s.nplayers
    for k in range(n):
        seat = (s.attacker + k) % n
        if s.alive[seat]:
            want = s.limit[seat] - s.total(seat)
            if want > 0:
                s.draw(seat, want)
            s.refilled[seat] = True
    for seat in range(n):
        s.used[seat] = 0
        for i in s.z(seat, YFIELD):
            s.flags[i] &= ~(ATTACKED | PROTECTED)
            s.bonus[i] = 0


def pass_turn(s: YonesuState) -> None:
    """攻撃側と防御側を交代: the next player still in the game, clockwise, attacks."""
    n = s.nplayers
    nxt = next((p for p in ((s.attacker + k) % n for k in range(1, n + 1)) if s.alive[p]), s.attacker)
    begin_turn(s, nxt)


def hand_size(s: YonesuState, seat: int) -> int:
    return len(s.zones[zid(seat, HAND)])
