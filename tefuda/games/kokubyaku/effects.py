"""効果処理: what can be activated now, its targets, the チェーン it goes on, and what each verb does when it
resolves; 誘発 / 誘発即時 effects waiting for their controller; 破壊, damage and SP.

A link of the core's chain (core/chain.py, CHAIN style) is ``(seat, source card, effect index, targets)``;
a spell's activation is its effect ``0`` of kind 発動 (or, for an equip, the equipping itself). Costs are paid
on activation (the spell goes to its zone, a クイック・マジック straight to 屍の森, a once-a-turn effect is
marked used); effects happen when the link resolves, after both players pass in a row, newest first
(「効果処理がなされて初めて呪文、効果が意味を成す」). A link whose effect makes its controller choose (which
monster a search adds, which one a revive brings back) stops the resolution for that choice; the chain goes
on from there once it is made.

「SPが無くなったり、デッキが無くなったら負け」: the losses are checked the moment SP or a deck changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core.chain import CHAIN, Link, hand_to, negate
from tefuda.core.chain import activate as chain_activate
from tefuda.core.subscriptions import Subscriptions, Trigger
from tefuda.core.triggers import CORE_CONDITIONS, Waiting

from .cards import AURA, CHAOS, EQUIP, FIELD, MONSTER, POSSESS, QUICK, SINGLE, Effect
from .phase_ids import DEFENSE, MAINS, USED
from .setup import draw_card
from .table import free_zones, leave_field, put_monster, unequip
from .zones import (
    CHAOS_DECK,
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
    if e.do == "negate":  # 「その発動を無効にする」: an activation to answer
        return bool(s.links)
    if e.do == "negate_attack":  # 「その攻撃を無効にする」: an attack being made
        return s.battle is not None
    if e.do == "revive":  # a fitting monster with a free zone of its colour
        return bool(revive_choices(s, seat, e))
    if e.do == "search":
        return True  # the deck is hidden: searching an empty-handed deck is allowed (it finds nothing)
    return bool(targets(s, seat, e, source))


def fits_revive(s: KokubyakuState, seat: int, inst: int, e: Effect) -> bool:
    """「レベルN以下のモンスター1体」: any monster card of that level, a カオスモンスター too (it is a
    モンスター; it comes back to the middle zone)."""
    tb = s.game.tables
    c = s.cards[inst]
    return tb.ctype[c] in (MONSTER, CHAOS) and tb.level[c] <= e.level


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
    # 「優先権を持つプレイヤーは呪文、モンスター効果、フィールドを発動できる」 and 「お互いが優先権をパスする
    # まで対応して呪文、効果を発動できる」: in your own main phase any spell or field, chain or no chain; a
    # クイック・マジック whenever you hold priority (「相手ターンでも発動できる」)
    own_main = seat == s.active and s.phase in MAINS
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
    empty chain is not required (they chain), once a turn when marked; a field's by either player; not an
    オーラ's or フィールド's whose own activation is still on the chain."""
    if seat != s.active or s.phase not in MAINS:
        return []
    tb, cards = s.game.tables, s.cards
    out = []
    sources = s.monsters(seat) + s.spells(seat)
    opp_field = s.zones[(1 - seat) * NZ + FIELD_ZONE]
    sources += opp_field  # フィールド: お互いに効果を使用できる
    unresolved = s.activating() if s.links else ()  # 「効果処理がなされて初めて…意味を成す」
    ignition, flags = tb.ignition, s.flags
    for src in sources:
        effects = ignition[cards[src]]
        if not effects or src in unresolved:
            continue
        for k, e in effects:
            if e.once and flags[src] & USED:
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
def resolve_chain(s: KokubyakuState) -> bool:
    """逆順処理: the newest link first, until the chain is empty (True) — or until a link asks its
    controller to choose (False: :func:`continue_chain` goes on once the choice is made)."""
    s.emit("chain_resolves", s.active, links=len(s.links))
    return continue_chain(s)


def continue_chain(s: KokubyakuState) -> bool:
    while s.links and s.result is None:
        resolve(s, s.links.pop())
        if s.pending is not None:
            return False
    return True


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
        search(s, seat, src, e)
    elif verb == "damage":
        damage(s, 1 - seat, e.amount)
    elif verb == "heal":
        s.sp[seat] += e.amount
        s.emit("healed", seat, amount=e.amount, sp=s.sp[seat])
    elif verb == "position":
        s.flags[target] ^= DEFENSE
        s.emit("position", seat, target, at=target, defense=s.defending(target))
    elif verb == "bounce":
        bounce(s, target)
    elif verb == "revive":
        revive(s, seat, src, e)
    elif verb == "source":
        s.sources[seat] += e.amount
        s.emit("source_gained", seat, count=e.amount, total=s.sources[seat])
    elif verb == "negate":  # 「その発動を無効にする」: the link this one answered (newest below it)
        below = len(s.links) - 1
        if below >= 0:
            negate(s.links, below)
        else:
            s.emit("fizzled", seat, src, at=src if s.on_field(src) else -1)
    elif verb == "negate_attack" and s.battle is not None:  # 「その攻撃を無効にする」: no battle, no damage
        attacker = s.battle[0]
        s.emit("attack_negated", seat, attacker, at=attacker)
        s.battle = None
        end_attack(s, attacker)


def search_choices(s: KokubyakuState, seat: int, e: Effect) -> list[int]:
    """The monsters (card definitions) 「デッキから…モンスター1体を手札に加える」 may add: every fitting name
    in the deck. Its owner can tell them from their own list and the cards they see, so naming them shows
    nothing of the deck's order, which is all it hides from them."""
    tb = s.game.tables
    return sorted(
        {
            c
            for c in (s.cards[i] for i in s.zones[seat * NZ + DECK])
            if tb.ctype[c] == MONSTER and (not e.race or tb.race[c] == e.race)
        }
    )


def search(s: KokubyakuState, seat: int, src: int, e: Effect) -> None:
    """デッキから手札へ: the player chooses the monster (a menu of the fitting names); with none, nothing."""
    if not search_choices(s, seat, e):
        s.emit("search_failed", seat)
        s.shuffle(seat * NZ + DECK)
        return
    k = s.game.tables.effects[s.cards[src]].index(e)
    s.decide(seat, "search", "search", src, k + 1)


def take_searched(s: KokubyakuState, seat: int, card: int) -> None:
    """The chosen monster goes to the hand, shown (手札に加える); the deck is shuffled."""
    deck = seat * NZ + DECK
    inst = s.first_instance(deck, card)
    s.move(inst, seat * NZ + HAND)
    s.tell(inst, 1 - seat)
    s.emit("searched", seat, inst)
    s.shuffle(deck)
    check_losses(s)


def revive_choices(s: KokubyakuState, seat: int, e: Effect) -> list[tuple[int, int, bool]]:
    """(card definition, monster zone, defence?) a revive may bring back: a fitting monster of your 屍の森
    into a free zone its colour allows (a カオスモンスター: the middle one), in either position."""
    out = []
    for c in sorted({s.cards[i] for i in s.zones[seat * NZ + GRAVE] if fits_revive(s, seat, i, e)}):
        for z in free_zones(s, seat, c):
            out += [(c, z, False), (c, z, True)]
    return out


def revive(s: KokubyakuState, seat: int, src: int, e: Effect) -> None:
    """「自分の屍の森から…モンスター1体を特殊召喚する」: the player chooses which one, where and how."""
    if not revive_choices(s, seat, e):
        s.emit("fizzled", seat, src, at=src if s.on_field(src) else -1)
        return
    k = s.game.tables.effects[s.cards[src]].index(e)
    s.decide(seat, "revive", "revive", src, k + 1)


def special_summon_from_grave(s: KokubyakuState, seat: int, card: int, zone: int, defense: bool) -> None:
    """特殊召喚 from 屍の森. 「優先権が移る行動 …○モンスターの召喚、特殊召喚…」: remembered, so that once the
    chain has resolved its player gives up priority as after any summon (flow.after_chain)."""
    grave = s.zones[seat * NZ + GRAVE]
    inst = next(i for i in reversed(grave) if s.cards[i] == card)  # the newest copy (they are alike)
    put_monster(s, seat, inst, zone, defense=defense, special=True)
    s.special = (seat, inst)


def bounce(s: KokubyakuState, target: int) -> None:
    """「持ち主の手札に戻す」; a カオスモンスター, which no hand holds, goes back to its owner's
    カオスデッキ."""
    owner = s.owner[target]
    to_chaos = s.ctype(target) == CHAOS
    leave_field(s, target, owner * NZ + (CHAOS_DECK if to_chaos else HAND))
    s.emit("bounced_chaos" if to_chaos else "bounced", owner, target)


def end_attack(s: KokubyakuState, attacker: int) -> None:
    """The attack is over (fought, direct, negated or ended): 「基本的に装備したモンスターが攻撃した場合、屍の
    森に置く」 — the attacker's 憑依 go to 屍の森 now, their effect having counted for the attack."""
    if not s.is_monster_on_field(attacker):
        return
    for sp in s.spells(0) + s.spells(1):
        if s.equipped_to[sp] == attacker and s.ctype(sp) == POSSESS:
            unequip(s, sp)


# ---------------------------------------------------------------------- 破壊, damage
def destroy(s: KokubyakuState, inst: int) -> None:
    if not s.on_field(inst):
        return
    seat = s.owner[inst]
    leave_field(s, inst, seat * NZ + GRAVE)
    s.emit("destroyed", seat, inst)  # 誘発 "destroyed" listens (the card, now in 屍の森)


def damage(s: KokubyakuState, seat: int, amount: int) -> bool:
    """SP goes down; 「SPが無くなったら負け」 at once, even in the middle of a チェーン (the links left never
    resolve). True when the game ended."""
    if amount <= 0:
        return False
    s.sp[seat] -= amount
    s.emit("damage", seat, amount=amount, sp=s.sp[seat])
    return check_losses(s)


def check_losses(s: KokubyakuState) -> bool:
    """「SPが無くなったり、デッキが無くなったら負け」: SP 0 or less loses; with ``deck_out = empty`` (the
    default) so does an empty deck (with ``draw``, only a draw from an empty deck: setup.draw_card). Both at
    once: a draw (our decision; no event of our pool can do it). True when the game ended."""
    if s.result is not None:
        return True
    sp, zones = s.sp, s.zones
    empty = s.game.options["deck_out"] == "empty"
    if sp[0] > 0 and sp[1] > 0 and (not empty or (zones[DECK] and zones[NZ + DECK])):
        return False  # nobody loses: the common case, before any list is made
    by_sp = [p for p in (0, 1) if sp[p] <= 0]
    by_deck = [p for p in (0, 1) if empty and not s.zones[p * NZ + DECK] and p not in by_sp]
    for p in by_deck:
        s.emit("deck_empty", p)
    out = by_sp + by_deck
    if len(out) == 2:
        s.finish(None, "both_sp_zero" if len(by_sp) == 2 else "both_lose")
    elif out:
        s.finish(1 - out[0], "sp_zero" if by_sp else "deck_out")
    return bool(out)


# ---------------------------------------------------------------------- 誘発 / 誘発即時
WHEN_EVENTS: Final = {
    "summoned": (("summon", "", "self"), ("special_summon", "", "self")),
    "destroyed": (("destroyed", "grave", "self"),),
    "standby": (("standby", "", "mine"),),
    "attacked": (("attack", "", "theirs"),),
    "opp_summon": (("summon", "", "theirs"), ("special_summon", "", "theirs")),
}
WHERE_FIELD: Final = ("m1", "m2", "m3", "m4", "m5")


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


CONDITIONS: Final = dict(CORE_CONDITIONS)


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
    if e.do in ("negate", "negate_attack", "revive", "search"):
        return [-1]
    return targets(s, w.seat, e, w.source)


def mandatory(s: KokubyakuState, w: Waiting) -> bool:
    """誘発効果 is 「決められたタイミングで発動する効果」: it is activated, not may be; 誘発即時効果 is
    「…発動できる効果」: its controller may decline."""
    return s.game.tables.effects[s.cards[w.source]][w.ability - 1].kind == "誘発"


def use_trigger(s: KokubyakuState, w: Waiting, target: int) -> None:
    s.emit("activate", w.seat, w.source, at=w.source if s.on_field(w.source) else -1)
    link = Link(w.seat, w.source, w.ability, (target,) if target >= 0 else ())
    s.links.append(link)
    # its controller need not hold priority now: it moves to their opponent, as after any activation
    hand_to(s.windows, (0, 1), 1 - w.seat)
