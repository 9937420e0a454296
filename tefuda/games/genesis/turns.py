"""プレイヤーターン (スタンバイ → ドロー → メイン → エンド) and the バトルターン's ユニオン and
リーブ phases."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from .cards import HERO
from .phase_ids import (
    DESTROYED,
    DONE,
    END,
    END_MAIN,
    LAID,
    MAX_SUMMONS,
    MOVED,
    STANDBY,
    TAPPED,
    UNION,
)
from .zones import FRONT, GRAVE, HAND, NZ, REAR, SLOTS
from .zones import UNION as UNION_ZONE

if TYPE_CHECKING:
    from .state import GenesisState

ROWS: Final = (FRONT, REAR)


def next_phase(s: GenesisState, phase: int) -> None:
    s.phase = phase
    s.serial += 1


# ---------------------------------------------------------------------- the round
def begin_round(s: GenesisState) -> None:
    """先攻のターン → 後攻のターン → バトルのターン."""
    s.round += 1
    s.emit("round", round=s.round)
    begin_player_turn(s, s.first)


def begin_player_turn(s: GenesisState, seat: int) -> None:
    """A turn begins: every player's count of summons starts afresh (「1ターンに4体までの制約」)."""
    s.turn_seat = seat
    s.summons = [0, 0]
    s.emit("player_turn", seat)
    next_phase(s, STANDBY)


def standby(s: GenesisState) -> None:
    """スタンバイフェイズ: 回復 (untap), 蓄積ダメージ heals, then ユニットの維持 — one card from
    the top of the 本陣 to the 冥府 per card on your field (a union counts 2). Mandatory."""
    seat = s.turn_seat
    for k in (FRONT, REAR, UNION_ZONE):
        for i in s.zones[seat * NZ + k]:
            s.flags[i] &= ~TAPPED
            s.dmg[i] = 0
    upkeep = s.field_cards(seat)
    s.emit("upkeep", seat, count=upkeep)
    s.mill(seat, upkeep, "upkeep")


def end_of_turn(s: GenesisState) -> None:
    """Changes "until the end of the turn" end (a lost 防衛 bonus can leave a damaged unit at 0)."""
    atk, dfn = s.atk_mod, s.def_mod
    for seat in (0, 1):  # only units carry changes (a card leaving the field drops them)
        for i in s.units(seat):
            atk[i] = 0
            if dfn[i] > 0:
                s.stats_changed = True  # a lost 防衛 bonus can leave a damaged unit at 0
            dfn[i] = 0


def after_end(s: GenesisState) -> None:
    """The エンドフェイズ is over: the second player's turn, or the バトルターン."""
    end_of_turn(s)
    if s.turn_seat == s.first:
        begin_player_turn(s, s.second)
        return
    s.turn_seat = -1
    s.summons = [0, 0]
    s.emit("battle_turn")
    for seat in range(2):
        clear_arrangement_marks(s, seat)
    next_phase(s, UNION)
    s.side = 0


# ---------------------------------------------------------------------- メインフェイズ
def summon_actions(s: GenesisState, seat: int) -> list[Action]:
    if s.summons[seat] >= MAX_SUMMONS:
        return []
    front = len(s.zones[seat * NZ + FRONT]) < SLOTS
    rear = len(s.zones[seat * NZ + REAR]) < SLOTS
    if not (front or rear):
        return []
    acts = s.game.summon_acts
    hero = s.game.tables.ctype
    out: list[Action] = []
    for c in s.hand_cards(seat):
        if hero[c] != HERO or s.can_summon_card(seat, c):
            if front:
                out.append(acts[c][0])
            if rear:
                out.append(acts[c][1])
    return out


def main_actions(s: GenesisState, seat: int) -> list[Action]:
    return [*summon_actions(s, seat), END_MAIN]


def place(s: GenesisState, seat: int, inst: int, row: int, *, quick: bool) -> None:
    """A unit enters the 前衛 (row 0) or 後衛 (row 1); its 召喚 effect may be offered."""

    s.move(inst, seat * NZ + ROWS[row], face_up=True)
    s.flags[inst] &= ~(TAPPED | DESTROYED | MOVED | LAID)
    s.summoned_at[inst] = s.serial
    s.summons[seat] += 1
    s.emit("quick_summon" if quick else "summon", seat, inst, at=inst)  # 召喚 effects listen


def apply_main(s: GenesisState, action: Action) -> None:
    seat = s.turn_seat
    if action.kind == "end":
        s.emit("end_declared", seat)
        next_phase(s, END)
        return
    card, row = action.a, action.b
    inst = s.hand_instance(seat, card)
    cost = s.game.tables.summon[card]
    s.move(inst, seat * NZ + ROWS[row], face_up=True)  # shown while its 召喚コスト is paid
    s.emit("summon_cost", seat, inst, cost=cost)
    s.mill(seat, cost, "cost")
    if s.result is None:
        place(s, seat, inst, row, quick=False)


# ---------------------------------------------------------------------- エンド / リーブ: destroyed cards
def destroyed_cards(s: GenesisState, seat: int) -> list[int]:
    """The player's destroyed units (破壊状態). A union is one unit, its 前衛 card: the card laid on it goes
    with it."""
    return [i for k in ROWS for i in s.zones[seat * NZ + k] if s.flags[i] & DESTROYED]


def destroyed_actions(s: GenesisState, seat: int) -> list[Action]:
    out = []
    g = s.game
    for i in destroyed_cards(s, seat):
        place = s.place_code(i)
        out.append(g.return_acts[place])
        out.append(g.bury_acts[place])
    return out


def leave_field(s: GenesisState, inst: int, dst: int) -> None:
    """A unit leaves the field for ``dst``; a union leaves whole, both cards to the same place
    (どちらかが冥府に送られたり効果を受けると、両方に同じ効果が適用されます)."""
    p = s.partner[inst]
    for i in (inst, p) if p >= 0 else (inst,):
        s.partner[i] = -1
        s.flags[i] &= ~(TAPPED | DESTROYED | MOVED | LAID)
        s.dmg[i] = 0
        s.atk_mod[i] = 0
        s.def_mod[i] = 0
        s.move(i, dst, face_up=True)


def apply_destroyed(s: GenesisState, action: Action) -> None:
    """手札に戻す (and send one card from the top of the 本陣 to the 冥府) or 冥府に送る. A union is one unit:
    one decision moves both its cards, and returning it costs one card (only 維持コスト is 2体分)."""
    seat = s.to_move
    inst = s.at_place(action.a)
    p = s.partner[inst]
    s.emit(action.kind, seat, inst, at=inst)
    if p >= 0:
        s.emit(f"{action.kind}_union", seat, p)
    if action.kind == "return":
        s.mill(seat, 1, "return")
        if s.result is not None:
            return
        leave_field(s, inst, seat * NZ + HAND)
    else:
        leave_field(s, inst, seat * NZ + GRAVE)


# ---------------------------------------------------------------------- ユニオンフェイズ
def clear_arrangement_marks(s: GenesisState, seat: int) -> None:
    """The seat's "moved" and "laid" marks (each card changes row and is laid once a ユニオンフェイズ) off."""
    for k in (*ROWS, UNION_ZONE):
        for i in s.zones[seat * NZ + k]:
            s.flags[i] &= ~(MOVED | LAID)


def union_actions(s: GenesisState, seat: int) -> list[Action]:
    """「ここでは自軍戦域のカードの配置を好きに変更できます。」: any card of the 戦域 changes row (a destroyed
    one too: it is still on the field; with no free place in either row, a 前衛 card and a 後衛 card swap), a
    後衛 card is laid on a slower 前衛 unit of its 種族, a union that is not destroyed is released into a free
    後衛 place. Our decision, so that the phase ends: each card changes row at most once and is laid at
    most once a phase; a destroyed unit takes part in no union."""
    g = s.game
    tb = g.tables
    flags, partner, cards = s.flags, s.partner, s.cards
    race, speed = tb.race, tb.speed
    fz = s.zones[seat * NZ + FRONT]
    rz = s.zones[seat * NZ + REAR]
    nf, nr = len(fz), len(rz)
    fbase = seat * 2 * SLOTS  # actions name units by place (phase_ids.ROW_PLACES)
    rbase = fbase + SLOTS
    out: list[Action] = []
    if nf < SLOTS:
        to_front = g.to_front_acts
        out += [to_front[rbase + k] for k in range(nr) if not flags[rz[k]] & MOVED]
    if nr < SLOTS:
        to_rear, release = g.to_rear_acts, g.release_acts
        out += [to_rear[fbase + k] for k in range(nf) if partner[fz[k]] < 0 and not flags[fz[k]] & MOVED]
        # a destroyed union is one unit, destroyed whole: it leaves the field whole (エンド / リーブ)
        out += [release[fbase + k] for k in range(nf) if partner[fz[k]] >= 0 and not flags[fz[k]] & DESTROYED]
    elif nf == SLOTS:  # both rows full: no card moves alone, two change places (a move each)
        swaps = g.swap_acts
        movable = [rbase + k for k in range(nr) if not flags[rz[k]] & MOVED]
        for k in range(nf):
            f = fz[k]
            if partner[f] < 0 and not flags[f] & MOVED:
                row = swaps[fbase + k]
                out += [row[rk] for rk in movable]
    free = [fbase + k for k in range(nf) if partner[fz[k]] < 0 and not flags[fz[k]] & DESTROYED]
    if free:
        unions = g.union_acts
        for k in range(nr):
            r = rz[k]
            if flags[r] & (LAID | DESTROYED):
                continue
            rr, rs = race[cards[r]], speed[cards[r]]
            row = unions[rbase + k]
            for fk in free:
                f = fz[fk - fbase]
                if race[cards[f]] == rr and speed[cards[f]] < rs:
                    out.append(row[fk])
    out.append(DONE)
    return out


def apply_union(s: GenesisState, action: Action) -> None:
    """Rearrange freely (our decision: each card changes row once and is laid once a phase), swap (both rows
    full), union, release; then ``done``."""
    seat = s.to_move
    kind = action.kind
    if kind == "done":
        s.emit("union_done", seat)
        s.side += 1
        clear_arrangement_marks(s, seat)  # they count only within its arrangement: off the board once done
        return
    unit = s.at_place(action.a)
    if kind == "to-front":
        s.move(unit, seat * NZ + FRONT, face_up=True)
        s.flags[unit] |= MOVED
        s.emit("to_front", seat, unit)
    elif kind == "to-rear":
        s.move(unit, seat * NZ + REAR, face_up=True)
        s.flags[unit] |= MOVED
        s.emit("to_rear", seat, unit)
    elif kind == "swap":
        r = s.at_place(action.b)
        s.move(r, seat * NZ + FRONT, face_up=True)
        s.move(unit, seat * NZ + REAR, face_up=True)
        s.flags[unit] |= MOVED
        s.flags[r] |= MOVED
        s.emit("swap", seat, unit, unit=r)
    elif kind == "union":
        r, f = unit, s.at_place(action.b)
        s.move(r, seat * NZ + UNION_ZONE, face_up=True)
        s.partner[r] = f
        s.partner[f] = r
        s.flags[r] |= LAID
        # the union is one unit: the laid card's 蓄積ダメージ (「しかし防衛はダメージ分減少します。」) and
        # changes go onto the 前衛 card, which keeps them when the union is released
        s.dmg[f] += s.dmg[r]
        s.atk_mod[f] += s.atk_mod[r]
        s.def_mod[f] += s.def_mod[r]
        s.dmg[r] = s.atk_mod[r] = s.def_mod[r] = 0
        s.emit("union", seat, r, onto=f)
    elif kind == "release":
        f = unit
        r = s.partner[f]
        s.partner[f] = s.partner[r] = -1
        s.stats_changed = True  # the front card loses its partner's 防衛
        s.move(r, seat * NZ + REAR, face_up=True)
        s.emit("release", seat, r, unit=f)


def leave_phase_done(s: GenesisState) -> None:
    """リーブフェイズ over: the round ends, the next begins with the first player's turn."""
    end_of_turn(s)
    s.battle = None
    begin_round(s)
