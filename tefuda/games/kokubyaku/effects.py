"""効果処理: what can be activated now, its targets, the チェーン it goes on, and what each verb does when it
resolves; 誘発 / 誘発即時 effects waiting for their controller; 破壊, damage and SP.

A link of the core's chain (core/chain.py, CHAIN style) is ``(seat, source card, effect index, targets)``;
a spell's activation is its effect ``0`` of kind 発動 (or, for an equip, the equipping itself). Costs are paid
on activation (the spell goes to its zone, a クイック・マジック straight to 屍の森, a once-a-turn effect is
marked used); effects happen when the link resolves, after both players pass in a row, newest first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core.chain import CHAIN, Link, hand_to, negate
from tefuda.core.chain import activate as chain_activate
from tefuda.core.triggers import CORE_CONDITIONS, Subscriptions, Trigger, Waiting

from .cards import AURA, CHAOS, EQUIP, FIELD, MONSTER, POSSESS, QUICK, SINGLE, Effect
from .phase_ids import DEFENSE, MAINS, USED
from .setup import draw_card
from .table import free_zones, leave_field, put_monster, unequip
from .zones import (
    DECK,
    EDGE_SPELL_ZONES,
    FIELD_ZONE,
    GRAVE,
    HAND,
    MIDDLE_SPELL_ZONES,
    NZ,
)

if TYPE_CHECKING:
    from .state import KokubyakuState


# ---------------------------------------------------------------------- targets
def targets(s: KokubyakuState, seat: int, e: Effect, source: int = -1) -> list[int]:
    """The cards an effect may aim at (instances; [-1] for no target)."""
    t = e.target
    if t == "none":
        return [-1]
    if t == "own_monster":
        return s.monsters(seat)
    if t == "enemy_monster":
        return s.monsters(1 - seat)
    if t in ("monster", "equipped"):  # an equip spell's monster: any monster on the field
        return s.monsters(seat) + s.monsters(1 - seat)
    if t == "enemy_spell":
        return s.spells(1 - seat)
    return []


def resolvable(s: KokubyakuState, seat: int, e: Effect, source: int) -> bool:
    """Whether activating ``e`` now could do anything (a target exists, a negation has something below)."""
    if e.do == "negate":
        return bool(s.links) or s.battle is not None
    if e.do == "revive":  # a fitting monster with a free zone of its colour
        grave = s.zones[seat * NZ + GRAVE]
        return any(fits_revive(s, seat, i, e) and free_zones(s, seat, s.cards[i]) for i in grave)
    if e.do == "search":
        return True  # the deck is hidden: searching an empty-handed deck is allowed (it finds nothing)
    return bool(targets(s, seat, e, source))


def fits_revive(s: KokubyakuState, seat: int, inst: int, e: Effect) -> bool:
    tb = s.game.tables
    c = s.cards[inst]
    return tb.ctype[c] == MONSTER and tb.level[c] <= e.level


# ---------------------------------------------------------------------- what may be activated now
def spell_zone(s: KokubyakuState, seat: int, ctype: int) -> int:
    """The zone a spell of this kind goes to (the first free one its kind allows), or -1 (full: unusable)."""
    if ctype == FIELD:
        return seat * NZ + FIELD_ZONE if not s.zones[seat * NZ + FIELD_ZONE] else -1  # no overwrite
    if ctype == QUICK:
        return seat * NZ + GRAVE  # 手札から直接墓地に送ることで発動
    zones = EDGE_SPELL_ZONES if ctype in (SINGLE, AURA) else MIDDLE_SPELL_ZONES
    for z in zones:
        if not s.zones[seat * NZ + z]:
            return seat * NZ + z
    return -1


def castable(s: KokubyakuState, seat: int, card: int) -> list[int]:
    """Targets (instances, -1: none) a spell or field in hand may be activated at now; [] if it may not."""
    tb = s.game.tables
    ct = tb.ctype[card]
    if ct in (MONSTER, CHAOS):
        return []
    own_main = seat == s.active and s.phase in MAINS and not s.links
    if ct != QUICK and not own_main:
        return []
    if spell_zone(s, seat, ct) < 0:
        return []
    effects = tb.effects[card]
    if ct in (EQUIP, POSSESS):
        return s.monsters(seat) + s.monsters(1 - seat)
    first = next((e for e in effects if e.kind == "発動"), None)
    if first is None:  # an aura or field that only stays (永続 / 起動)
        return [-1]
    if not resolvable(s, seat, first, -1):
        return []
    return targets(s, seat, first)


def usable_effects(s: KokubyakuState, seat: int) -> list[tuple[int, int]]:
    """(card on the table, effect index) pairs whose 起動効果 may be activated now: your own main phase, an
    empty chain is not required (they chain), once a turn when marked; a field's by either player."""
    if seat != s.active or s.phase not in MAINS:
        return []
    tb, cards = s.game.tables, s.cards
    out = []
    sources = s.monsters(seat) + s.spells(seat)
    opp_field = s.zones[(1 - seat) * NZ + FIELD_ZONE]
    sources += opp_field  # フィールド: お互いに効果を使用できる
    for src in sources:
        for k, e in enumerate(tb.effects[cards[src]]):
            if e.kind != "起動" or (e.once and s.flags[src] & USED):
                continue
            if resolvable(s, seat, e, src):
                out.append((src, k))
    return out


# ---------------------------------------------------------------------- activating
def activate_spell(s: KokubyakuState, seat: int, inst: int, target: int) -> None:
    """Cost on activation: the card goes to its zone (a クイック・マジック to 屍の森); then it chains."""
    ct = s.ctype(inst)
    s.move(inst, spell_zone(s, seat, ct), face_up=True)
    s.emit("cast", seat, inst, at=inst)
    effects = s.game.tables.effects[s.cards[inst]]
    k = next((k for k, e in enumerate(effects) if e.kind == "発動"), -1)
    if ct in (EQUIP, POSSESS):
        k = -1  # the activation equips: its effects are 永続 while it stays
    chain(s, Link(seat, inst, k + 1, (target,) if target >= 0 else ()))


def activate_effect(s: KokubyakuState, seat: int, inst: int, k: int, target: int) -> None:
    e = s.game.tables.effects[s.cards[inst]][k]
    if e.once:
        s.flags[inst] |= USED
    s.emit("activate", seat, inst, at=inst)
    chain(s, Link(seat, inst, k + 1, (target,) if target >= 0 else ()))


def chain(s: KokubyakuState, link: Link) -> None:
    """Onto the チェーン; priority moves to the opponent (activating counts as the activator's pass)."""
    chain_activate(s.windows, s.links, link, CHAIN)


# ---------------------------------------------------------------------- resolving
def resolve_chain(s: KokubyakuState) -> None:
    """逆順処理: the newest link first, until the chain is empty."""
    s.emit("chain_resolves", s.active, links=len(s.links))
    while s.links and s.result is None:
        resolve(s, s.links.pop())


def resolve(s: KokubyakuState, link: Link) -> None:
    seat, src, ability, tgts = link.seat, link.source, link.ability, link.targets
    tb = s.game.tables
    ct = tb.ctype[s.cards[src]]
    target = tgts[0] if tgts else -1
    effects = tb.effects[s.cards[src]]
    card_itself = ability == 0 or effects[ability - 1].kind == "発動"  # the card's activation, not its effect
    if link.negated:
        s.emit("negated", seat, src, at=src)
        if card_itself and ct in (SINGLE, AURA, EQUIP, POSSESS, FIELD) and s.on_field(src):
            s.move(src, s.seat_of(src) * NZ + GRAVE, face_up=True)  # a negated spell goes to 屍の森
        return
    if ct in (EQUIP, POSSESS) and ability == 0:
        equip(s, seat, src, target)
        return
    if ability == 0:  # an aura or field activated: it stays
        s.emit("resolved", seat, src, at=src)
        return
    e = effects[ability - 1]
    do(s, seat, src, e, target)
    if ct == SINGLE and e.kind == "発動" and s.on_field(src):
        s.move(src, s.seat_of(src) * NZ + GRAVE, face_up=True)  # 単発: 使ったら屍の森へ


def equip(s: KokubyakuState, seat: int, spell: int, monster: int) -> None:
    if not s.is_monster_on_field(monster):
        s.emit("fizzled", seat, spell, at=spell)
        s.move(spell, s.seat_of(spell) * NZ + GRAVE, face_up=True)
        return
    if s.ctype(spell) == EQUIP:  # 一体に装備できる魔器は一枚のみ: the old one goes
        for other in s.spells(0) + s.spells(1):
            if other != spell and s.equipped_to[other] == monster and s.ctype(other) == EQUIP:
                unequip(s, other)
    s.equipped_to[spell] = monster
    s.emit("equipped", seat, spell, at=spell, target=monster)


def do(s: KokubyakuState, seat: int, src: int, e: Effect, target: int) -> None:
    """One verb of the vocabulary (cards.VOCABULARY), at resolution: a target that left is no target."""
    verb = e.do
    if e.target != "none" and (target < 0 or not s.on_field(target)):
        s.emit("fizzled", seat, src, at=src)
        return
    if verb == "draw":
        for _ in range(e.amount):
            if not draw_card(s, seat):
                return
    elif verb == "destroy":
        destroy(s, target)
    elif verb == "modify":
        if e.stat == "ap":
            s.ap_mod[target] += e.amount
        else:
            s.dp_mod[target] += e.amount
        s.emit("modified", seat, target, at=target, stat=e.stat.upper(), amount=e.amount)
    elif verb == "search":
        search(s, seat, e)
    elif verb == "damage":
        damage(s, 1 - seat, e.amount)
    elif verb == "heal":
        s.sp[seat] += e.amount
        s.emit("healed", seat, amount=e.amount, sp=s.sp[seat])
    elif verb == "position":
        s.flags[target] ^= DEFENSE
        s.emit("position", seat, target, at=target, defense=s.defending(target))
    elif verb == "bounce":
        leave_field(s, target, s.owner[target] * NZ + HAND)
        s.emit("bounced", s.owner[target], target)
    elif verb == "revive":
        revive(s, seat, e)
    elif verb == "source":
        s.sources[seat] += e.amount
        s.emit("source_gained", seat, count=e.amount, total=s.sources[seat])
    elif verb == "negate":
        below = len(s.links) - 1  # the link this one answered (resolution pops newest first)
        if below >= 0:
            negate(s.links, below)
        elif s.battle is not None:
            s.emit("attack_negated", seat, s.battle[0], at=s.battle[0])
            s.battle = None


def search(s: KokubyakuState, seat: int, e: Effect) -> None:
    """デッキから手札へ: the first fitting monster from the top (the deck is then shuffled; no choice is
    asked, so nothing of the deck's order is shown)."""
    tb = s.game.tables
    deck = s.zones[seat * NZ + DECK]
    for inst in reversed(deck):
        c = s.cards[inst]
        if tb.ctype[c] == MONSTER and (not e.race or tb.race[c] == e.race):
            s.move(inst, seat * NZ + HAND)
            s.known[inst] |= 1 << (1 - seat)  # 手札に加える: shown
            s.emit("searched", seat, inst)
            break
    else:
        s.emit("search_failed", seat)
    s.shuffle(seat * NZ + DECK)


def revive(s: KokubyakuState, seat: int, e: Effect) -> None:
    grave = s.zones[seat * NZ + GRAVE]
    for inst in reversed(grave):  # the newest fitting card (our decision: no choice to ask)
        if fits_revive(s, seat, inst, e):
            zones = free_zones(s, seat, s.cards[inst])
            if not zones:
                break
            put_monster(s, seat, inst, zones[0], defense=False, special=True)
            return
    s.emit("fizzled", seat, -1)


# ---------------------------------------------------------------------- 破壊, damage
def destroy(s: KokubyakuState, inst: int) -> None:
    if not s.on_field(inst):
        return
    seat = s.owner[inst]
    leave_field(s, inst, seat * NZ + GRAVE)
    s.emit("destroyed", seat, inst)  # 誘発 "destroyed" listens (the card, now in 屍の森)


def damage(s: KokubyakuState, seat: int, amount: int) -> None:
    if amount <= 0:
        return
    s.sp[seat] -= amount
    s.emit("damage", seat, amount=amount, sp=s.sp[seat])


def check_sp(s: KokubyakuState) -> bool:
    """SP 0 or less loses (both at once: a draw). True when the game ended."""
    out = [p for p in (0, 1) if s.sp[p] <= 0]
    if len(out) == 2:
        s.finish(None, "both_sp_zero")
    elif out:
        s.finish(1 - out[0], "sp_zero")
    return bool(out)


# ---------------------------------------------------------------------- 誘発 / 誘発即時
WHEN_EVENTS = {
    "summoned": (("summon", "", "self"), ("special_summon", "", "self")),
    "destroyed": (("destroyed", "grave", "self"),),
    "standby": (("standby", "", "mine"),),
    "attacked": (("attack", "", "theirs"),),
    "opp_summon": (("summon", "", "theirs"), ("special_summon", "", "theirs")),
}
WHERE_FIELD = ("m1", "m2", "m3", "m4", "m5")


def subscriptions(tables) -> Subscriptions:
    """Each card's 誘発 / 誘発即時 effects as the core's triggers: the events of their moment."""
    by_card: dict[int, list[Trigger]] = {}
    for card, effects in enumerate(tables.effects):
        for k, e in enumerate(effects):
            if e.kind not in ("誘発", "誘発即時"):
                continue
            for code, where, cond in WHEN_EVENTS[e.when]:
                wheres = (where,) if where or cond == "self" else WHERE_FIELD
                for w in wheres:
                    by_card.setdefault(card, []).append(Trigger(code, w, cond, k + 1))
    return Subscriptions(by_card)


CONDITIONS = dict(CORE_CONDITIONS)


def trigger_usable(s: KokubyakuState, w: Waiting) -> bool:
    """A waiting trigger may be activated: 誘発 only in its controller's turn; the card still where it
    was (a "destroyed" one in 屍の森, any other on the field); something to do."""
    e = s.game.tables.effects[s.cards[w.source]][w.ability - 1]
    if e.kind == "誘発" and w.seat != s.active:
        return False
    if e.when == "destroyed":
        if s.place_of(w.source) != GRAVE:
            return False
    elif not s.is_monster_on_field(w.source):
        return False
    return resolvable(s, w.seat, e, w.source)


def trigger_targets(s: KokubyakuState, w: Waiting) -> list[int]:
    e = s.game.tables.effects[s.cards[w.source]][w.ability - 1]
    if e.do in ("negate", "revive", "search"):
        return [-1]
    return targets(s, w.seat, e, w.source)


def use_trigger(s: KokubyakuState, w: Waiting, target: int) -> None:
    s.emit("activate", w.seat, w.source, at=w.source if s.on_field(w.source) else -1)
    link = Link(w.seat, w.source, w.ability, (target,) if target >= 0 else ())
    s.links.append(link)
    # its controller need not hold priority now: it moves to their opponent, as after any activation
    hand_to(s.windows, (0, 1), 1 - w.seat)
