"""効果: 起動 in the スペルフェイズ (速度 4 → 1), 召喚 / 対応 / 戦闘 / 術式 when their moment
comes, 永続 always.

An effect is usable only where its 場所 says, by a unit that is not 疲労状態
(「疲労状態のカードは効果を使えません。」 — a 永続 effect too, unless continuous_when_tapped), not destroyed
(our decision) and not in a union (「ユニオン状態のカードは効果と技能が使えません。」). Its 発動コスト (N) is
paid by 転生: the N lowest face-up cards of the 冥府 turn face down — the player does not choose which
(「転生させるカードは冥府の1番下にあるカードから順番なのでプレイヤーは選べません。」). A 戦闘 effect is an
起動 effect (「この戦闘は起動効果である」), used in the スペルフェイズ, unless battle_effects=battle.
"""

from __future__ import annotations

from typing import Final

from tefuda.core import FACE_UP, Action
from tefuda.core.triggers import CORE_CONDITIONS, Waiting

from .cards import VERBS, Effect
from .phase_ids import (
    CARD_T,
    DESTROYED,
    MAX_SUMMONS,
    NONE_T,
    ON_BATTLE,
    ON_RITUAL,
    PASS,
    TAPPED,
)
from .state import PLACE_ZONES, GenesisState, continuous, effect_at, effect_of, face_up_grave, order_since
from .turns import place
from .zones import FRONT, GRAVE, HAND, NZ, REAR, SLOTS

_EFFECT_CODES: Final = {do: f"effect_{do}" for do in VERBS}  # one event per verb, made once


# ---------------------------------------------------------------------- 永続 (the lookups: state.py)
def immune(s: GenesisState, inst: int) -> bool:
    """A 永続 "takes no damage" (reductions of 攻撃/防衛 still apply: they are not damage)."""
    return continuous(s, inst, "immune_damage") is not None


# ---------------------------------------------------------------------- can it be used, at what
def usable(s: GenesisState, inst: int, e: Effect, *, in_battle: bool = False) -> bool:
    if s.place_of(inst) not in PLACE_ZONES[e.place]:
        return False
    if e.kind == "術式":
        return bool(s.flags[inst] & FACE_UP) and units_standing(s, s.seat_of(inst)) >= e.need_units
    if s.flags[inst] & DESTROYED or s.partner[inst] >= 0:
        return False
    # 疲労状態のカードは効果を使えません; only battle_effects=battle (the other reading of 戦闘 effects) lets
    # a unit's own 戦闘 effect work in its battle, where attacking or blocking has made it 疲労
    return in_battle or not s.flags[inst] & TAPPED


def units_standing(s: GenesisState, seat: int) -> int:
    """The player's units that are not destroyed — what a 術式's ``自軍にユニットN体以上`` counts (our
    decision, as for a 英雄's 階級: a destroyed unit waits to leave the field). A union is one unit."""
    flags = s.flags
    return sum(1 for i in s.units(seat) if not flags[i] & DESTROYED)


def cost_room(s: GenesisState, seat: int, inst: int, e: Effect) -> int:
    """The face-up 冥府 cards that can pay a 発動コスト by 転生 — not a 術式 card itself, which turns face
    down as its own act (「自身を表向きから裏向きにする事で効果を発動できます」), the cost being paid
    besides."""
    n = face_up_grave(s, seat)
    if e.kind == "術式" and s.flags[inst] & FACE_UP and s.place_of(inst) == GRAVE:
        n -= 1
    return n


def pay(s: GenesisState, seat: int, n: int) -> None:
    """転生: the lowest N face-up cards of the 冥府 turn face down (not chosen)."""
    left = n
    for i in s.zones[seat * NZ + GRAVE]:
        if left == 0:
            break
        if s.flags[i] & FACE_UP:
            s.flags[i] &= ~FACE_UP
            s.emit("reincarnate", seat, i)
            left -= 1


def targets(s: GenesisState, seat: int, inst: int, e: Effect, ctx: int) -> list[int]:
    t = e.target
    if t == "none":
        return [NONE_T]
    if t == "self":
        return [inst] if s.alive_unit(inst) else []
    if t == "attacker":
        return [ctx] if ctx >= 0 and s.alive_unit(ctx) else []
    if t == "card":
        return summon_choices(s, seat, e, inst)
    side = seat if t == "ally" else 1 - seat
    out = [i for i in s.units(side) if not s.flags[i] & DESTROYED]
    if e.max_def >= 0:
        out = [i for i in out if s.defense(i) <= e.max_def]
    return out


def summon_choices(s: GenesisState, seat: int, e: Effect, source: int) -> list[int]:
    """速攻召喚: a card (from hand or the 冥府, face up) and a row with room; it counts toward the 4.
    A 術式 card turns itself face down to fire, so it cannot call itself back."""
    if s.summons[seat] >= MAX_SUMMONS:
        return []
    tb = s.game.tables
    room = [len(s.zones[seat * NZ + k]) < SLOTS for k in (FRONT, REAR)]
    if e.source == "hand":
        pool = {s.cards[i] for i in s.zones[seat * NZ + HAND]}
    else:
        # the 転生 paid first turns the lowest face-up cards down: those cannot be called
        up = [i for i in s.zones[seat * NZ + GRAVE] if s.flags[i] & FACE_UP and i != source]
        pool = {s.cards[i] for i in up[e.cost :]}
    out: list[int] = []
    for c in sorted(pool):
        if tb.summon[c] > e.amount or (e.race and tb.race[c] != e.race) or not s.can_summon_card(seat, c):
            continue
        out.extend(CARD_T + c * 2 + r for r in (0, 1) if room[r])
    return out


# ---------------------------------------------------------------------- doing it
def announce(s: GenesisState, seat: int, inst: int, e: Effect, t: int) -> None:
    """The event of an effect being used: what it does and to which unit (told before its 転生 is paid)."""
    if t < CARD_T:
        s.emit(_EFFECT_CODES[e.do], seat, inst, at=inst, target=t, amount=e.amount)
    else:  # no unit (NONE_T), or a card to quick-summon: its summon says which
        s.emit(_EFFECT_CODES[e.do], seat, inst, at=inst, amount=e.amount)


def resolve(s: GenesisState, seat: int, inst: int, e: Effect, t: int) -> None:
    do = e.do
    if do in ("damage", "reduce"):
        s.stats_changed = True
    if do == "damage":
        if immune(s, t):
            s.emit("immune", s.seat_of(t), t, at=t)
        else:
            s.dmg[t] += e.amount
            s.emit("damaged", s.seat_of(t), t, at=t, amount=e.amount, defense=s.defense(t))
    elif do == "reduce":
        s.atk_mod[t] -= e.amount
        s.def_mod[t] -= e.amount
        s.emit("reduced", s.seat_of(t), t, at=t, amount=e.amount, defense=s.defense(t))
    elif do == "boost":
        s.atk_mod[t] += e.amount
    elif do == "fortify":
        s.def_mod[t] += e.amount
    elif do == "destroy":
        destroy(s, t)
    elif do == "mill":
        s.mill(1 - seat, e.amount, "damage")
    elif do == "draw":
        for _ in range(e.amount):
            s.draw(seat)
    elif do == "heal":
        s.dmg[t] = 0
    elif do == "untap":
        s.flags[t] &= ~TAPPED
    elif do == "quick_summon":
        card, row = divmod(t - CARD_T, 2)
        zone = s.zones[seat * NZ + (HAND if e.source == "hand" else GRAVE)]
        unit = next(
            i
            for i in zone
            if s.cards[i] == card and i != inst and (e.source == "hand" or s.flags[i] & FACE_UP)
        )
        place(s, seat, unit, row, quick=True)


def target_label(s: GenesisState, t: int, lang: str = "ja") -> str:
    if t == NONE_T:
        return ""
    if t >= CARD_T:
        card, row = divmod(t - CARD_T, 2)
        c = s.game.cardset[card]
        name = c.name if lang == "ja" else c.name_en
        rows = ("前衛", "後衛") if lang == "ja" else ("front", "rear")
        return f"{name}@{rows[row]}"
    return s.unit_name(t, lang)


def destroy(s: GenesisState, inst: int) -> None:
    """破壊: the unit turns round (破壊状態) and stays until its player's エンド / リーブ; a union
    goes whole."""
    if s.flags[inst] & DESTROYED:
        return
    seat = s.seat_of(inst)
    s.flags[inst] |= DESTROYED
    p = s.partner[inst]
    if p >= 0:
        s.flags[p] |= DESTROYED
    s.emit("destroyed", seat, inst, at=inst)  # 対応 ally_destroyed listens


def check_defense(s: GenesisState) -> None:
    """防衛 0 or less destroys (蓄積ダメージ and reductions alike). Only after something changed 防衛. Units
    destroyed together set off their responses as one batch, in 速度 order."""
    if not s.stats_changed:
        return
    s.stats_changed = False
    mark = len(s.waiting)
    printed = s.game.tables.defense
    cards, flags, dmg, mod, partner = s.cards, s.flags, s.dmg, s.def_mod, s.partner
    for seat in (0, 1):
        for i in s.units(seat):
            if flags[i] & DESTROYED:
                continue
            d = printed[cards[i]] + mod[i] - dmg[i]
            if partner[i] >= 0:
                d += printed[cards[partner[i]]]
            if d <= 0:
                destroy(s, i)
    order_since(s, mark)


def spell_speeds(s: GenesisState, seat: int) -> set[int]:
    """速度 at which the player has a unit with a 起動 effect (whether usable now or not)."""
    tb = s.game.tables
    cards = s.cards
    kinds = s.game.spell_kinds  # 起動, and 戦闘 (「この戦闘は起動効果である」) unless battle_effects=battle
    return {
        tb.speed[cards[u]]
        for u in s.units(seat)
        if (e := tb.effect[cards[u]]) is not None and e.kind in kinds
    }


# ---------------------------------------------------------------------- offering optional effects
# (their 速度 order is state.py's: the state sorts what it hears)
# whose event an optional effect answers (cards.WHEN names them), beyond the core's self / mine / theirs
CONDITIONS: Final = {
    **CORE_CONDITIONS,
    # another of your units
    "ally": lambda s, src, ctl, seat, subj: seat == ctl and subj != src,
    # this unit is the attacker or the blocker of the battle now
    "in_battle": lambda s, src, ctl, seat, subj: s.battle is not None and src in s.battle,
}


def offer_ok(s: GenesisState, item: Waiting) -> bool:
    seat, inst, kind, ctx = item
    e = effect_of(s, inst)
    if e is None or not usable(s, inst, e, in_battle=kind == ON_BATTLE):
        return False
    if cost_room(s, seat, inst, e) < e.cost:
        return False
    # choices from a hand are private: the player is asked anyway (no tell), and may only decline
    return private_choices(e) or bool(targets(s, seat, inst, e, ctx))


def private_choices(e: Effect) -> bool:
    return e.do == "quick_summon" and e.source == "hand"


def trigger_actions(s: GenesisState) -> list[Action]:
    seat, inst, _kind, ctx = s.waiting[0]
    e = effect_at(s, inst)
    place = s.place_code(inst)  # actions name cards by place, never by id
    return [
        *(Action("use", place, s.target_code(t)) for t in targets(s, seat, inst, e, ctx)),
        Action("decline", place),
    ]


def apply_trigger(s: GenesisState, action: Action) -> None:
    seat, inst, kind, _ctx = s.waiting.pop(0)
    e = effect_at(s, inst)
    if action.kind == "decline":
        s.emit("decline", seat, inst)
        return
    t = s.target_at(action.b)
    if kind == ON_RITUAL:
        s.emit("ritual", seat, inst, at=inst)
    announce(s, seat, inst, e, t)
    if kind == ON_RITUAL:
        # 術式: the card turns itself face down to fire (自身を表向きから裏向きにする), then its cost is paid
        # by 転生 of other cards
        s.flags[inst] &= ~FACE_UP
    pay(s, seat, e.cost)
    resolve(s, seat, inst, e, t)


# ---------------------------------------------------------------------- スペルフェイズ (起動)
def spell_units(s: GenesisState, seat: int) -> list[int]:
    """Units of the current 速度 that may activate a 起動 effect now (a 戦闘 effect is one, by default)."""
    out: list[int] = []
    room = -1  # counted only when some unit could use it
    kinds = s.game.spell_kinds
    for u in s.units(seat):
        e = effect_of(s, u)
        if e is None or e.kind not in kinds or s.unit_speed(u) != s.speed or not usable(s, u, e):
            continue
        if room < 0:
            room = face_up_grave(s, seat)
        if e.cost <= room:
            out.append(u)
    return out


def spell_actions(s: GenesisState, seat: int) -> list[Action]:
    """Who is asked depends on public facts only (a hand-dependent choice may leave just ``pass``)."""
    out: list[Action] = []
    asked = False
    for u in spell_units(s, seat):
        e = effect_at(s, u)
        tg = targets(s, seat, u, e, -1)
        asked = asked or bool(tg) or private_choices(e)
        if tg:
            place = s.place_code(u)
            made = s.game.activate_acts[place]  # each action made once (Game._setup)
            for t in tg:
                code = s.target_code(t)
                a = made.get(code)
                if a is None:
                    a = made[code] = Action("activate", place, code)
                out.append(a)
    return [*out, PASS] if asked else []


def apply_spell(s: GenesisState, action: Action) -> None:
    seat = s.to_move
    if action.kind == "pass":
        s.emit("spell_pass", seat, speed=s.speed)
        advance_speed(s)
        return
    u = s.at_place(action.a)
    t = s.target_at(action.b)
    e = effect_at(s, u)
    s.flags[u] |= TAPPED  # 起動効果を発動したカードは…疲労状態にします (a 戦闘 effect is an 起動 effect)
    announce(s, seat, u, e, t)
    pay(s, seat, e.cost)
    resolve(s, seat, u, e, t)


def advance_speed(s: GenesisState) -> None:
    """First player's units of this 速度, then the second's, then the next 速度 down."""
    s.side += 1
    if s.side == 2:
        s.side = 0
        s.speed -= 1
