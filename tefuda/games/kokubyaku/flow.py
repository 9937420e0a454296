"""ターン進行 and 優先権: the phases, who holds priority, what they may do, and what happens when both pass.

The turn player gets 優先権 at the start of every phase (the core's chain, CHAIN style). Activating a
spell, effect or field hands it over (and counts as the activator's pass); a summon, special summon (once
the chain it happened in has resolved) or position change keeps it only for that card's 起動効果
(「直後にそのカードの起動効果を発動できるタイミング」), else it is given up; the turn player's pass over an
empty chain is the フェイズ終了宣言.
Anything else — an attack declaration, a card put in the ソース置き場 — is no 「優先権が移る行動」: the
player keeps priority. When both pass in a row the chain resolves newest first and the turn player holds
priority again — or, after a declared end with nothing to answer, the phase ends. A seat is asked only
when public facts say it could act (cards in hand, a usable effect, the turn player's main or battle
phase), so being asked tells nobody what a hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action
from tefuda.core.chain import CHAIN, hand_to, open_window, pass_priority
from tefuda.core.fields import Bool, Inst, Int, Seq
from tefuda.core.priority import window_from
from tefuda.core.triggers import WAITING, Waiting

from . import battle, effects, summon
from .phase_ids import (
    ACCEPT,
    ATTACKED,
    BATTLE,
    CHANGED,
    DECLINE,
    DONE,
    DRAW,
    END,
    MAIN1,
    MAIN2,
    MAINS,
    NONE,
    PASS,
    PHASE_CODES,
    REFUSE,
    STANDBY,
    USED,
)
from .rules import rules
from .setup import draw_card
from .zones import GRAVE, HAND, M0, NZ, SOURCE

if TYPE_CHECKING:
    from .state import KokubyakuState

HAND_LIMIT: Final = 8  # 上限8枚
PHASE_EVENTS: Final = {ph: f"phase_{PHASE_CODES[ph]}" for ph in (DRAW, STANDBY, MAIN1, BATTLE, MAIN2, END)}
NEXT: Final = {DRAW: STANDBY, STANDBY: MAIN1, MAIN1: BATTLE, BATTLE: MAIN2, MAIN2: END}
_MAINS_AND_BATTLE: Final = (*MAINS, BATTLE)  # the turn player's phases where holding the priority is open


# ---------------------------------------------------------------------- the automatic steps
@rules.rule()
def proceed(s: KokubyakuState) -> None:
    while s.result is None and s.pending is None:
        if effects.check_losses(s):
            return
        if s.waiting:  # 誘発 / 誘発即時: the turn player's first, each asked at once
            s.waiting.sort(key=lambda w: w.seat != s.active)
            w = s.waiting.pop(0)
            if effects.trigger_usable(s, w):
                # a 誘発効果 is activated (「発動する効果」): with one way to do it, it simply is
                if effects.mandatory(s, w) and len(ts := effects.trigger_targets(s, w)) == 1:
                    effects.use_trigger(s, w, ts[0])
                    continue
                s.decide(w.seat, "trigger", "trigger", w)
                return
            continue
        if not s.windows:
            reopen(s)
            continue
        holder = s.windows[-1].seat
        if can_hold(s, holder):
            s.decide(holder, "priority")
            return
        pass_by(s, holder)


def can_hold(s: KokubyakuState, seat: int) -> bool:
    """Public facts only: cards in hand (a クイック・マジック may be among them), a usable 起動効果, or the
    turn player's own main or battle phase with an empty chain."""
    if s.zones[seat * NZ + HAND]:
        return True
    if seat == s.active and s.phase in _MAINS_AND_BATTLE and not s.links and s.battle is None:
        return True
    return bool(effects.usable_effects(s, seat))


def reopen(s: KokubyakuState) -> None:
    """The turn player holds priority again (after a chain resolved, a battle, or at a phase's start); when
    triggered effects went on the chain meanwhile, the last activator's opponent holds it (activating
    counts as the activator's pass)."""
    s.end_declared = False
    s.windows.clear()
    if s.links:
        hand_to(s.windows, (0, 1), 1 - s.links[-1].seat)
        return
    open_window(s.windows, s.links, (0, 1), s.active)


@rules.rule()
def start_turn(s: KokubyakuState) -> None:
    """The first turn begins (after 先攻後攻 and the opening hands)."""
    begin_phase(s, DRAW)
    go_on(s)


@rules.rule()
def start_at(s: KokubyakuState) -> None:
    """A position set up by hand: the turn player holds priority at the start of its phase."""
    reopen(s)
    go_on(s)


def begin_phase(s: KokubyakuState, phase: int) -> None:
    s.phase = phase
    s.windows.clear()
    s.emit(PHASE_EVENTS[phase], s.active)
    if phase == DRAW:
        first_turn = s.turn == 1 and s.active == s.first
        if first_turn and not s.game.options["first_draw"]:
            s.emit("no_first_draw", s.active)
        elif not draw_card(s, s.active):
            return
    elif phase == STANDBY:
        gain = 1
        if s.game.options["source_card"] == "standby":
            gain += len(s.zones[s.active * NZ + SOURCE])
        s.sources[s.active] += gain
        s.emit("source_gained", s.active, count=gain, total=s.sources[s.active])
        s.emit("standby", s.active)  # 誘発 "standby" listens
    reopen(s)


def end_phase(s: KokubyakuState) -> None:
    s.windows.clear()
    if s.phase == END:
        if len(s.zones[s.active * NZ + HAND]) > HAND_LIMIT:
            s.decide(s.active, "discard")
            return
        end_turn(s)
        return
    begin_phase(s, NEXT[s.phase])


def end_turn(s: KokubyakuState) -> None:
    """ターンを終了し、相手ターンに移る: changes until the end of the turn end."""
    clear = ~(ATTACKED | CHANGED | USED)
    flags, ap_mod, dp_mod = s.flags, s.ap_mod, s.dp_mod
    for p in (0, 1):  # only cards on the table carry the turn's marks and changes
        for i in s.monsters(p) + s.spells(p):
            ap_mod[i] = 0
            dp_mod[i] = 0
            flags[i] &= clear
    s.normal_done = False
    s.source_done = False
    s.emit("turn_end", s.active)
    s.active = 1 - s.active
    s.turn += 1
    begin_phase(s, DRAW)


def pass_by(s: KokubyakuState, seat: int, *, give_up: bool = False) -> None:
    """A pass (or priority given up after a summon): when both passed in a row, the chain resolves, the
    battle goes on, the phase ends (after a declared end), or the turn player acts again."""
    if not give_up and seat == s.active and not s.links and s.battle is None:
        s.end_declared = True
        s.emit("end_declared", seat)
    else:
        s.emit("pass", seat)
    what = pass_priority(s.windows, s.links, CHAIN)
    if what == "continue":
        return
    if what == "resolve":
        s.end_declared = False  # an answered end declaration: the turn player acts again
        if not effects.resolve_chain(s):
            return  # a link asks its controller to choose; chain_goes_on resumes
    after_chain(s)


@rules.rule()
def chain_goes_on(s: KokubyakuState) -> None:
    """After a choice made while a link resolved: the rest of the chain, then what follows it."""
    if effects.continue_chain(s):
        after_chain(s)
    go_on(s)


def after_chain(s: KokubyakuState) -> None:
    """Both passed: a 特殊召喚 made while the chain resolved moves priority, or a pending battle goes on, or
    a declared end ends the phase, or priority returns."""
    s.windows.clear()
    special, s.special = s.special, None
    if s.result is not None:
        return
    if special is not None:
        after_special_summon(s, *special)
        return
    if s.battle is not None:
        if not battle.battle_valid(s):
            s.emit("battle_ended", s.active)
            attacker = s.battle[0]
            s.battle = None
            effects.end_attack(s, attacker)
        elif s.battle[1] < 0:
            battle.direct(s)
        else:
            s.decide(1 - s.active, "accept")
        return
    if s.end_declared:
        end_phase(s)


def go_on(s: KokubyakuState) -> None:
    """Back to the automatic steps, unless a decision is already asked for."""
    if s.pending is None and s.result is None:
        s.push("proceed")


# ---------------------------------------------------------------------- 優先権: what the holder may do
def _code(s: KokubyakuState, seat: int, inst: int) -> int:
    return NONE if inst < 0 else s.place_code(seat, inst)


@rules.offer("priority")
def priority_actions(s: KokubyakuState) -> list[Action]:
    seat = s.to_move
    g = s.game
    acts = g.acts  # every action made once (Game._setup): an offer only picks them
    out: list[Action] = []
    if seat != s.active or s.links or s.phase not in _MAINS_AND_BATTLE:
        # answering, or outside the turn player's own main and battle phases: activations only — in your own
        # main phase any spell or field (「対応して呪文、効果を発動できる」), else クイック・マジック only
        quick, cards = g.quick, s.cards
        own_main = seat == s.active and s.phase in MAINS
        held = sorted({cards[i] for i in s.zones[seat * NZ + HAND] if own_main or quick[cards[i]]})
        _casts(s, seat, held, acts["cast"], out)
        _activations(s, seat, acts["activate"], out)
        out.append(PASS)
        return out
    summons, tributes = acts["summon"], acts["tribute"]
    for card, side in summon.normal_summons(s, seat):
        out += (summons[side * 2][card], summons[side * 2 + 1][card])
    for card, side in summon.tribute_summons(s, seat):
        out += (tributes[side * 2][card], tributes[side * 2 + 1][card])
    merges = acts["merge"]
    for card, b, w in summon.merges(s, seat):
        out.append(merges[b * 5 + w][card])
    positions = acts["position"]
    out += [positions[k] for k in summon.position_changes(s, seat)]
    sources = acts["source"]
    out += [sources[c] for c in summon.source_cards(s, seat)]
    _casts(s, seat, s.hand_cards(seat), acts["cast"], out)
    _activations(s, seat, acts["activate"], out)
    attacks = acts["attack"]
    for k, code in battle.attacks(s, seat):
        out.append(attacks[k][NONE if code < 0 else code])
    out.append(PASS)
    return out


def _casts(
    s: KokubyakuState, seat: int, held: list[int], casts: list[list[Action]], out: list[Action]
) -> None:
    """発動 of each spell or field held, at each target it may take."""
    for card in held:
        for t in effects.castable(s, seat, card):
            out.append(casts[_code(s, seat, t)][card])


def _activations(
    s: KokubyakuState, seat: int, activates: list[list[Action]], out: list[Action], only: int = -1
) -> None:
    """起動効果 of the cards on the table (of card ``only`` alone, when given), at each target."""
    usable = effects.usable_effects(s, seat)
    if not usable:
        return
    table = s.game.tables.effects
    for src, k in usable:
        if only >= 0 and src != only:
            continue
        e = table[s.cards[src]][k]
        row = activates[s.place_code(seat, src) * 4 + k]
        for t in effects.targets(s, seat, e, src):
            out.append(row[_code(s, seat, t)])


@rules.rule()
def priority(s: KokubyakuState, action: Action) -> None:
    seat = s.to_move
    kind = action.kind
    if kind == "pass":
        pass_by(s, seat)
    elif kind in ("summon", "tribute"):
        side, pos = divmod(action.a, 2)
        inst = s.hand_instance(seat, action.b)
        if kind == "tribute":
            s.known[inst] = s.all_mask  # declared: everyone (spectators too) knows what is being summoned
            s.note_change(inst)
            s.decide(seat, "sacrifice", "sacrifice", inst, side, pos == 1, ())
            return
        summon.summon(s, seat, inst, side, pos == 1, ())
        after_summon_of(s, seat, inst)
    elif kind == "merge":
        b, w = divmod(action.a, 5)
        summon.merge(s, seat, action.b, b, w)
        after_summon_of(s, seat, s.zones[seat * NZ + M0 + 2][0])
    elif kind == "position":
        inst = summon.change_position(s, seat, action.a)
        after_summon_of(s, seat, inst)
    elif kind == "source":
        summon.put_source(s, seat, action.a)
    elif kind == "cast":
        inst = s.hand_instance(seat, action.b)
        effects.activate_spell(s, seat, inst, s.at_code(seat, action.a))
    elif kind == "activate":
        code, k = divmod(action.a, 4)
        effects.activate_effect(s, seat, s.at_code(seat, code), k, s.at_code(seat, action.b))
    elif kind == "attack":
        battle.declare(s, seat, action.a, -1 if action.b == NONE else action.b)
        # an attack declaration is none of the text's 「優先権が移る行動」: the attacker keeps priority (and
        # may act first); its pass hands it to the defender, who may answer before the battle
        s.windows[-1] = window_from((0, 1), seat)
    go_on(s)


def after_summon_of(s: KokubyakuState, seat: int, inst: int) -> None:
    """Right after a summon or position change: that card's 起動効果, or priority is given up."""
    if any(src == inst for src, _ in effects.usable_effects(s, seat)):
        s.decide(seat, "after_summon", "after_summon", inst)
        return
    pass_by(s, seat, give_up=True)


def after_special_summon(s: KokubyakuState, seat: int, inst: int) -> None:
    """「優先権が移る行動 …○モンスターの召喚、特殊召喚、表示形式変更し、起動効果を発動、または優先権を放棄
    したとき」: once the chain that special-summoned has resolved, its player holds priority only as after a
    summon — for that monster's 起動効果 (「直後にそのカードの起動効果を発動できるタイミング」), else it is
    given up — and it moves to the opponent, who may answer; when they pass too, the turn player acts again
    (or a pending battle goes on). With several special summons in one chain, the newest counts."""
    s.windows.append(window_from((0, 1), seat))
    if s.is_monster_on_field(inst) and s.seat_of(inst) == seat:
        after_summon_of(s, seat, inst)
    else:  # the monster left before the chain ended: the summon was made all the same
        pass_by(s, seat, give_up=True)


@rules.offer("after_summon")
def after_summon_actions(s: KokubyakuState, inst: int) -> list[Action]:
    out: list[Action] = []
    _activations(s, s.to_move, s.game.acts["activate"], out, only=inst)
    return [*out, PASS]


@rules.rule(Inst())
def after_summon(s: KokubyakuState, inst: int, action: Action) -> None:
    seat = s.to_move
    if action.kind == "pass":
        pass_by(s, seat, give_up=True)
    else:
        code, k = divmod(action.a, 4)
        effects.activate_effect(s, seat, s.at_code(seat, code), k, s.at_code(seat, action.b))
    go_on(s)


# ---------------------------------------------------------------------- 転生: the sacrifices
@rules.offer("sacrifice")
def sacrifice_actions(s: KokubyakuState, inst: int, side: int, defense: bool, chosen: tuple) -> list[Action]:
    seat = s.to_move
    out = [Action("sacrifice", s.place_of(i) - M0) for i in s.monsters(seat) if i not in chosen]
    if summon.sacrifice_done_ok(s, seat, inst, side, chosen):
        out.append(DONE)
    return out


@rules.rule(Inst(), Int(0, 1), Bool(), Seq(Inst(), tuple))
def sacrifice(s: KokubyakuState, inst: int, side: int, defense: bool, chosen: tuple, action: Action) -> None:
    seat = s.to_move
    if action.kind == "done":
        summon.summon(s, seat, inst, side, defense, chosen)
        after_summon_of(s, seat, inst)
        go_on(s)
        return
    pick = s.zones[seat * NZ + M0 + action.a][0]
    s.decide(seat, "sacrifice", "sacrifice", inst, side, defense, (*chosen, pick))


# ---------------------------------------------------------------------- the other decisions
@rules.offer("accept")
def accept_actions(s: KokubyakuState) -> list[Action]:
    return [ACCEPT, REFUSE]


@rules.rule()
def accept(s: KokubyakuState, action: Action) -> None:
    s.emit("accepted" if action.kind == "accept" else "refused", s.to_move)
    if action.kind == "accept":
        battle.fight(s)
    else:
        battle.direct(s)
    go_on(s)


@rules.offer("trigger")
def trigger_actions(s: KokubyakuState, w: Waiting) -> list[Action]:
    """A 誘発効果 must be used (its target is the only choice); a 誘発即時効果 may be declined."""
    uses = [Action("use", _code(s, w.seat, t)) for t in effects.trigger_targets(s, w)]
    return uses if effects.mandatory(s, w) else [*uses, DECLINE]


@rules.rule(WAITING)
def trigger(s: KokubyakuState, w: Waiting, action: Action) -> None:
    if action.kind == "decline":
        s.emit("declined", w.seat, w.source)
    else:
        effects.use_trigger(s, w, s.at_code(w.seat, action.a))
    go_on(s)


@rules.offer("search")
def search_actions(s: KokubyakuState, src: int, ability: int) -> list[Action]:
    e = s.game.tables.effects[s.cards[src]][ability - 1]
    return [Action("take", c) for c in effects.search_choices(s, s.to_move, e)]


@rules.rule(Inst(), Int(1))
def search(s: KokubyakuState, src: int, ability: int, action: Action) -> None:
    effects.take_searched(s, s.to_move, action.a)
    s.push("chain_goes_on")


@rules.offer("revive")
def revive_actions(s: KokubyakuState, src: int, ability: int) -> list[Action]:
    e = s.game.tables.effects[s.cards[src]][ability - 1]
    return [
        Action("revive", (z - M0) * 2 + defense, c)
        for c, z, defense in effects.revive_choices(s, s.to_move, e)
    ]


@rules.rule(Inst(), Int(1))
def revive(s: KokubyakuState, src: int, ability: int, action: Action) -> None:
    k, defense = divmod(action.a, 2)
    effects.special_summon_from_grave(s, s.to_move, action.b, M0 + k, defense == 1)
    s.push("chain_goes_on")


@rules.offer("discard")
def discard_actions(s: KokubyakuState) -> list[Action]:
    return [Action("discard", c) for c in s.hand_cards(s.to_move)]


@rules.rule()
def discard(s: KokubyakuState, action: Action) -> None:
    seat = s.to_move
    inst = s.hand_instance(seat, action.a)
    s.move(inst, seat * NZ + GRAVE, face_up=True)
    s.emit("discard", seat, inst)
    end_phase(s)
    go_on(s)
