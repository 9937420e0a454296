"""召喚: 通常召喚, 転生, 混成 and 特殊召喚; 表示形式の変更; the ソース置き場 and its counters.

Costs are ソースカウンター: a monster's level (「モンスターのレベルの数カウンターを取り除き、召喚。」); for
転生 the level minus the sacrificed monsters' levels (「転生する場合は、転生するモンスターのレベル−生贄にする
モンスターのレベルの数カウンターを取り除く。」), never below 0; 混成 pays the chaos monster's level (the
general rule: the text makes the exception for 転生 alone; option ``merge_cost = tribute`` counts the
sacrifices as 転生 does). 召喚ルール効果 (no_sacrifice, discount) change these rules for their own card and
never chain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .cards import FIELD, MONSTER
from .phase_ids import ATTACKED, CHANGED, DEFENSE, MAINS
from .table import allowed_zones, free_zones, leave_field, put_monster
from .zones import CHAOS_DECK, CHAOS_ZONE, GRAVE, M0, NZ, SOURCE

if TYPE_CHECKING:
    from .state import KokubyakuState

TRIBUTE_LEVEL: Final = 4  # レベル4以上のモンスターは … 転生しなければ場に出せない


def rule_effects(s: KokubyakuState, card: int) -> tuple[bool, int]:
    """召喚ルール効果: (may skip the sacrifices, counters off the cost)."""
    free, off = False, 0
    for e in s.game.tables.effects[card]:
        if e.kind == "召喚ルール":
            if e.do == "no_sacrifice":
                free = True
            elif e.do == "discount":
                off += e.amount
    return free, off


def cost(s: KokubyakuState, card: int, sacrificed_levels: int = 0) -> int:
    _, off = rule_effects(s, card)
    return max(0, s.game.tables.level[card] - sacrificed_levels - off)


def can_act_main(s: KokubyakuState, seat: int) -> bool:
    return seat == s.active and s.phase in MAINS and not s.links


# ---------------------------------------------------------------------- 通常召喚 and 転生
def normal_summons(s: KokubyakuState, seat: int) -> list[tuple[int, int]]:
    """(card, side) pairs that may be 通常召喚'd now without sacrifices (level 1-3, or a no_sacrifice
    card): a free zone of its colour and the counters for its level."""
    if s.normal_done or not can_act_main(s, seat):
        return []
    tb = s.game.tables
    out = []
    for card in s.hand_cards(seat):
        if tb.ctype[card] != MONSTER:
            continue
        free, _ = rule_effects(s, card)
        if tb.level[card] >= TRIBUTE_LEVEL and not free:
            continue
        if cost(s, card) > s.sources[seat]:
            continue
        for side in _sides(tb, card):
            if free_zones(s, seat, card, side):
                out.append((card, side))
    return out


def tribute_summons(s: KokubyakuState, seat: int) -> list[tuple[int, int]]:
    """(card, side) pairs that may be 転生'd: level 4+, at least one monster to sacrifice, and some choice
    of sacrifices leaves a zone free and the cost payable."""
    if s.normal_done or not can_act_main(s, seat):
        return []
    tb = s.game.tables
    mine = s.monsters(seat)
    if not mine:
        return []
    all_levels = sum(tb.level[s.cards[i]] for i in mine)
    out = []
    for card in s.hand_cards(seat):
        if tb.ctype[card] != MONSTER or tb.level[card] < TRIBUTE_LEVEL:
            continue
        if cost(s, card, all_levels) > s.sources[seat]:
            continue
        for side in _sides(tb, card):
            zones = allowed_zones(tb, card, side)
            if any(not s.zones[seat * NZ + z] for z in zones) or any(s.place_of(i) in zones for i in mine):
                out.append((card, side))
    return out


def _sides(tb, card: int) -> tuple[int, ...]:
    return (0, 1) if tb.color[card] == "grey" else (0,) if tb.color[card] == "black" else (1,)


def sacrifice_done_ok(s: KokubyakuState, seat: int, inst: int, side: int, chosen: tuple[int, ...]) -> bool:
    if not chosen:
        return False
    tb = s.game.tables
    card = s.cards[inst]
    levels = sum(tb.level[s.cards[i]] for i in chosen)
    if cost(s, card, levels) > s.sources[seat]:
        return False
    zones = allowed_zones(tb, card, side)
    return any(not s.zones[seat * NZ + z] or s.zones[seat * NZ + z][0] in chosen for z in zones)


def summon(
    s: KokubyakuState, seat: int, inst: int, side: int, defense: bool, sacrifices: tuple[int, ...]
) -> int:
    """通常召喚 (no sacrifices) or 転生: sacrifices to 屍の森, counters paid, the monster (an instance in
    hand) put on the field."""
    tb = s.game.tables
    card = s.cards[inst]
    levels = sum(tb.level[s.cards[i]] for i in sacrifices)
    for i in sacrifices:
        leave_field(s, i, s.owner[i] * NZ + GRAVE)
        s.emit("sacrificed", seat, i)
    paid = cost(s, card, levels)
    s.sources[seat] -= paid
    zone = free_zones(s, seat, card, side)[0]
    s.normal_done = True
    if sacrifices:
        s.emit("tribute", seat, inst, paid=paid)
    put_monster(s, seat, inst, zone, defense=defense)
    return inst


# ---------------------------------------------------------------------- 混成
def merge_cost(s: KokubyakuState, card: int, black: int, white: int) -> int:
    """The counters a 混成 pays: the chaos monster's level, or (``merge_cost = tribute``) less its
    sacrifices'."""
    if s.game.options["merge_cost"] != "tribute":
        return cost(s, card)
    tb = s.game.tables
    return cost(s, card, tb.level[s.cards[black]] + tb.level[s.cards[white]])


def merges(s: KokubyakuState, seat: int) -> list[tuple[int, int, int]]:
    """(chaos card, black sacrifice's zone, white sacrifice's zone) that may be 混成'd now:
    「黒属性のモンスターと白属性の決められた種族、カード名のモンスターを生贄にすることで混成(場に出す)できる」
    — no limit a turn but the one middle zone (the text counts 転生 alone 「通常召喚に含む」)."""
    if not can_act_main(s, seat) or s.zones[seat * NZ + CHAOS_ZONE]:
        return []
    tb = s.game.tables
    mine = s.monsters(seat)
    blacks = [i for i in mine if tb.color[s.cards[i]] == "black"]
    whites = [i for i in mine if tb.color[s.cards[i]] == "white"]
    if not blacks or not whites:
        return []
    out = []
    for card in s.distinct_cards(seat * NZ + CHAOS_DECK):
        (bby, bval), (wby, wval) = tb.recipe[card]
        for b in blacks:
            if not _fits(s, b, bby, bval):
                continue
            for w in whites:
                if not _fits(s, w, wby, wval):
                    continue
                if merge_cost(s, card, b, w) <= s.sources[seat]:
                    out.append((card, s.place_of(b) - M0, s.place_of(w) - M0))
    return out


def _fits(s: KokubyakuState, inst: int, by: str, value: str) -> bool:
    tb = s.game.tables
    c = s.cards[inst]
    return tb.race[c] == value if by == "race" else s.game.cardset[c].name == value


def merge(s: KokubyakuState, seat: int, card: int, b: int, w: int) -> None:
    black = s.zones[seat * NZ + M0 + b][0]
    white = s.zones[seat * NZ + M0 + w][0]
    paid = merge_cost(s, card, black, white)
    for i in (black, white):
        leave_field(s, i, seat * NZ + GRAVE)
        s.emit("sacrificed", seat, i)
    s.sources[seat] -= paid
    inst = s.first_instance(seat * NZ + CHAOS_DECK, card)
    s.emit("merge", seat, inst, paid=paid)
    # 混成 is a summon by the rules, no 特殊召喚: 「カードの効果による召喚を特殊召喚という」
    put_monster(s, seat, inst, CHAOS_ZONE, defense=False)


# ---------------------------------------------------------------------- 表示形式, ソース置き場
def position_changes(s: KokubyakuState, seat: int) -> list[int]:
    """Own monster zones (0-4) whose monster may change position: 「・モンスターの表示形式を変更する。」 in
    your main phase, at will, but not a monster that attacked (「そのモンスターはエンドフェイズまで表示形式を
    変更できない」); option ``position_change = once``: also once a turn, and not on the turn it came out."""
    if not can_act_main(s, seat):
        return []
    once = s.game.options["position_change"] == "once"
    out = []
    for i in s.monsters(seat):
        if s.flags[i] & ATTACKED:
            continue
        if once and (s.flags[i] & CHANGED or s.summoned_turn[i] == s.turn):
            continue
        out.append(s.place_of(i) - M0)
    return out


def change_position(s: KokubyakuState, seat: int, k: int) -> int:
    inst = s.zones[seat * NZ + M0 + k][0]
    s.flags[inst] ^= DEFENSE
    s.flags[inst] |= CHANGED
    s.emit("position", seat, inst, at=inst, defense=s.defending(inst))
    return inst


def source_cards(s: KokubyakuState, seat: int) -> list[int]:
    """Hand cards that may go to the ソース置き場 now: monsters and spells, never a field; once a turn."""
    if s.source_done or not can_act_main(s, seat):
        return []
    ctype = s.game.tables.ctype
    return [c for c in s.hand_cards(seat) if ctype[c] != FIELD]


def put_source(s: KokubyakuState, seat: int, card: int) -> None:
    inst = s.hand_instance(seat, card)
    s.move(inst, seat * NZ + SOURCE, face_up=True)
    s.source_done = True
    if s.game.options["source_card"] == "counter":  # else: one more at each スタンバイフェイズ
        s.sources[seat] += 1
    s.emit("source", seat, inst, total=s.sources[seat])
