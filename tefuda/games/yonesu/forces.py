"""フォース: activation with リリス, [捨/…] special costs, [Interrupt] responses, and resolution.

Activating a force puts it on the stack (発動中のフォース, a public zone) and opens a response window on the
core's chain in its EACH style (core/chain.py): from the next seat clockwise, every other player may
answer with an [Interrupt] force; answers resolve first (last in, first out). In the 戦闘時フォースフェイズ
the battle's own window is the bottom one, and there every player may activate any force in turn.

Who is asked is decided from public facts only (hand size, unused コスト, whose force is on top), so being
asked tells nobody what a player holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tefuda.core import Action
from tefuda.core.chain import EACH, Link, negate, pass_priority, pop_link
from tefuda.core.chain import activate as chain_activate
from tefuda.core.fields import Inst, Int, Seat
from tefuda.core.priority import Window, clockwise_from

from . import battle
from .cards import FORCE, matches_discard
from .phase_ids import (
    ATTACKED,
    DISCARD_DOWN,
    NONE_T,
    PASS,
    PAY,
    PLAYER_T,
    PROTECTED,
    TARGET,
    WINDOW,
)
from .rules import rules
from .zones import DISCARD, HAND, STACK, zid

if TYPE_CHECKING:
    from .state import YonesuState


# ---------------------------------------------------------------------- what may be activated
def in_response(s: YonesuState) -> bool:
    """The top window answers a force (only [Interrupt] forces), rather than being the battle's own."""
    return s.in_response()


def targets(s: YonesuState, seat: int, card: int) -> list[int]:
    tb = s.game.tables
    kind = tb.target[card]
    if kind == "none" or kind == "each_opponent":
        return [NONE_T]
    n = s.nplayers
    alive = s.alive
    if kind in ("player", "opponent"):
        return [PLAYER_T + p for p in range(n) if alive[p] and (kind == "player" or s.opponents(seat, p))]
    cap = tb.max_power[card]
    attacked = tb.attacked_only[card]
    flags = s.flags
    out = []
    for p in range(n):
        if not alive[p]:
            continue
        if (kind == "own_yonesu" and p != seat) or (kind == "opp_yonesu" and not s.opponents(seat, p)):
            continue
        for t in s.tops(p):
            if (cap < 0 or s.power(t) <= cap) and (not attacked or flags[t] & ATTACKED):
                out.append(t)
    return out


def can_pay_discard(s: YonesuState, seat: int, card: int) -> bool:
    dc = s.game.tables.discard[card]
    if dc is None:
        return True
    tb = s.game.tables
    cards = s.cards
    fits = sum(1 for i in s.zones[zid(seat, HAND)] if matches_discard(tb, cards[i], dc))
    if matches_discard(tb, card, dc):
        fits -= 1  # the force itself is not in hand any more when the cost is paid
    return fits >= dc.count


def force_actions(s: YonesuState, seat: int, *, response: bool) -> list[Action]:
    tb = s.game.tables
    ctype, cards = tb.ctype, s.cards
    forces = {cards[i] for i in s.zones[zid(seat, HAND)] if ctype[cards[i]] == FORCE}
    if not forces:
        return []
    room = s.remaining(seat)
    if room < (tb.min_interrupt_lilith if response else tb.min_force_lilith):
        return []
    out: list[Action] = []
    codes: dict[int, int] | None = None
    for c in sorted(forces):
        if tb.lilith[c] > room:
            continue
        if response and not tb.interrupt[c]:
            continue
        if tb.battle_only[c] and (s.battle is None or s.battle[2]):
            continue
        if not response and any(e.do == "negate" for e in tb.effects[c]):
            continue
        if not can_pay_discard(s, seat, c):
            continue
        tgts = targets(s, seat, c)
        if tgts and tgts[0] < PLAYER_T:  # ヨネス: named by their place on the table, not their instance
            if codes is None:
                codes = s.field_codes()
            tgts = [codes[t] for t in tgts]
        out.extend(Action("force", c, t) for t in tgts)
    return out


def may_answer(s: YonesuState, seat: int) -> bool:
    """「相手のフォース発動に対して発動することのできるフォース」: an [Interrupt] answers a force of one of
    the seat's 相手 — never its own, nor (in the team game) its partner's."""
    return s.opponents(seat, s.links[-1].seat)


def can_act(s: YonesuState, seat: int) -> bool:
    """Whether ``seat`` could possibly act in the top window, judged from public facts only."""
    if not s.alive[seat] or not s.zones[zid(seat, HAND)]:
        return False
    tb = s.game.tables
    if s.at_once:  # the activator, right after activating: any force of the phase, at once
        return s.remaining(seat) >= tb.min_force_lilith
    if in_response(s):
        return may_answer(s, seat) and s.remaining(seat) >= tb.min_interrupt_lilith
    return s.remaining(seat) >= tb.min_force_lilith


def window_actions(s: YonesuState, seat: int) -> list[Action]:
    if s.at_once:
        return [PASS, *force_actions(s, seat, response=False)]
    if in_response(s) and not may_answer(s, seat):
        return [PASS]
    return [PASS, *force_actions(s, seat, response=in_response(s))]


# ---------------------------------------------------------------------- activation
def activate(s: YonesuState, seat: int, card: int, target: int) -> None:
    """Use リリス, put the force on the stack; a [捨/…] cost is paid next, then others may answer."""
    tb = s.game.tables
    inst = s.hand_instance(seat, card)
    s.used[seat] += tb.lilith[card]
    s.move(inst, STACK, face_up=True)
    s.refilled[seat] = False  # 「フォース発動により既にカードを捨てている」 (引き忘れ, 例2)
    lilith = tb.lilith[card]
    if target < PLAYER_T:
        s.emit("force_on", seat, inst, target=target, lilith=lilith)
    elif target == NONE_T:
        s.emit("force", seat, inst, lilith=lilith)
    else:
        s.emit("force_on_player", seat, inst, player=target - PLAYER_T, lilith=lilith)
    dc = tb.discard[card]
    if dc is not None:
        s.phase = PAY
        s.push("ask_pay", seat, inst, target, dc.count)  # asked once the automatic steps have run
        return
    push(s, seat, inst, target)


@rules.rule(Seat(), Inst(), TARGET, Int(1))
def ask_pay(s: YonesuState, seat: int, inst: int, target: int, left: int) -> None:
    """The payer of a [捨/…] cost shows and discards the next card (unless the payment fell through)."""
    if s.phase == PAY:
        s.decide(seat, "pay", "paid", inst, target, left)


@rules.offer("pay")
def pay_actions(s: YonesuState, inst: int, target: int, left: int) -> list[Action]:
    tb = s.game.tables
    dc = tb.discard[s.cards[inst]]
    acts = s.game.pay_acts
    return [acts[c] for c in s.hand_cards(s.to_move) if matches_discard(tb, c, dc)]


@rules.rule(Inst(), TARGET, Int(1))
def paid(s: YonesuState, inst: int, target: int, left: int, action: Action) -> None:
    """特殊なコスト: the card is shown and discarded from hand (it goes face up to the 捨て札置き場)."""
    seat = s.to_move
    paid_inst = s.hand_instance(seat, action.a)
    s.move(paid_inst, DISCARD, face_up=True)
    s.refilled[seat] = False
    s.emit("pay", seat, paid_inst, force=inst)
    if left > 1:
        s.push("ask_pay", seat, inst, target, left - 1)
    else:
        push(s, seat, inst, target)
    s.push("proceed")


def push(s: YonesuState, seat: int, inst: int, target: int) -> None:
    """The force goes on the stack and a window opens to answer it, from the next seat clockwise.

    「複数のフォースを何度かに分けて発動しても、一度に複数のフォースを発動してもどちらでも構いません。」: a
    force the 攻撃側 activates in their own phase (召喚 / 戦闘 / フォース — not in the 戦闘時フォースフェイズ,
    where everyone acts in turn) opens its window with the activator first (``at_once``): they may activate
    another force at once, on top of it, before anyone answers, or pass and let the others answer."""
    link = Link(seat, inst, 0, (target,))
    at_once = not s.windows or s.at_once  # the attacker's own phase, or adding to forces just activated
    order = clockwise_from(s.nplayers, s.attacker)
    if s.windows:
        chain_activate(s.windows, s.links, link, EACH)
        if at_once:
            s.windows[-1] = Window(s.windows[-1].order, s.windows[-1].order.index(seat), 0)
    else:
        s.links.append(link)
        first = seat if at_once else (seat + 1) % s.nplayers
        s.windows.append(Window(order, order.index(first), 0))
    s.at_once = at_once
    s.phase = WINDOW


def apply_pass(s: YonesuState) -> None:
    s.emit("pass", s.to_move)
    step_pass(s)


def step_pass(s: YonesuState) -> None:
    """The holder passes (or is passed for): the window moves on, closes, or its force resolves."""
    s.at_once = False
    what = pass_priority(s.windows, s.links, EACH)
    if what == "resolve":
        resolve(s, pop_link(s.links))
    elif what == "closed":
        battle.resolve_battle(s)


# ---------------------------------------------------------------------- resolution
def resolve(s: YonesuState, link: Link) -> None:
    seat, inst, t, negated = link.seat, link.source, link.targets[0], link.negated
    s.losses_due = True  # effects change ライフ, [上限枚数] and card counts
    s.move(inst, DISCARD, face_up=True)
    if negated:
        s.emit("negated", seat, inst)
        return
    if t < PLAYER_T:  # the target's place, or only its name once it has left the field
        if s.field_seat(t) >= 0:
            s.emit("resolve_on", seat, inst, target=t)
        else:
            s.emit("resolve_on", seat, inst, gone=t)
    elif t == NONE_T:
        s.emit("resolve", seat, inst)
    else:
        s.emit("resolve_on_player", seat, inst, player=t - PLAYER_T)
    tb = s.game.tables
    on_yonesu = t < PLAYER_T
    valid = s.is_top(t) if on_yonesu else (t == NONE_T or s.alive[t - PLAYER_T])
    card = s.cards[inst]
    kind = tb.target[card]
    cap = tb.max_power[card]
    if on_yonesu and valid and 0 <= cap < s.power(t):
        # 「パワー3以下のヨネス1体を破壊する」: a ヨネス grown past the cap meanwhile is not one any more
        s.emit("fizzle_power", seat, inst, target=t, power=s.power(t), cap=cap)
        return
    for e in tb.effects[card]:
        do = e.do
        if on_yonesu:
            if not valid:
                s.emit("fizzle_gone", seat, inst)
                break
            if do == "destroy":
                if s.flags[t] & PROTECTED:
                    s.emit("protected", seat, t)
                else:
                    battle.destroy(s, t)
                    valid = False
            elif do == "power":
                s.bonus[t] += e.amount
                s.emit("power", seat, t, change=e.amount, power=s.power(t))
            elif do == "protect":
                s.flags[t] |= PROTECTED
                s.emit("protect", seat, t)
            elif do == "ready":
                s.flags[t] &= ~ATTACKED
                s.emit("ready", seat, t)
            elif do == "bounce":
                battle.bounce(s, t)
                valid = False
            continue
        if do in ("damage", "limit"):
            if kind == "each_opponent":
                who = [p for p in range(s.nplayers) if s.alive[p] and s.opponents(seat, p)]
            elif t == NONE_T:
                who = [seat]
            else:
                who = [t - PLAYER_T] if valid else []
            for p in who:
                if do == "damage":
                    s.life[p] -= e.amount
                    s.emit("damage", p, amount=e.amount, life=s.life[p])
                else:
                    s.limit[p] += e.amount
                    s.emit("limit", p, change=e.amount, limit=s.limit[p])
                    if s.total(p) > s.limit[p] and p not in s.discard_down:
                        s.discard_down = (*s.discard_down, p)
        elif do == "heal":
            s.life[seat] += e.amount
            s.emit("heal", seat, amount=e.amount, life=s.life[seat])
        elif do == "draw":
            s.draw(seat, e.amount)
        elif do == "recover_first":
            first = tb.first
            pile = s.zones[DISCARD]
            found = next((i for i in reversed(pile) if first[s.cards[i]]), -1)
            if found >= 0:
                s.move(found, zid(seat, HAND), face_up=True)
                s.first_moved = True
                s.emit("recover", seat, found)
            else:
                s.emit("fizzle_no_first", seat, inst)
        elif do == "negate":
            if s.links:
                negate(s.links, len(s.links) - 1)
                s.emit("negate", seat, s.links[-1].source, by=inst)
        elif do == "cancel_attack" and s.battle is not None:
            atk, bt, _ = s.battle
            s.battle = (atk, bt, True)
            s.emit("cancel_attack", seat)
    if s.discard_down:
        s.phase = DISCARD_DOWN


# ---------------------------------------------------------------------- a lowered [上限枚数]
def discard_down_actions(s: YonesuState, seat: int) -> list[Action]:
    acts = s.game.discard_acts
    return [acts[c] for c in s.hand_cards(seat)]


def apply_discard_down(s: YonesuState, action: Action) -> None:
    seat = s.to_move
    inst = s.hand_instance(seat, action.a)
    s.move(inst, DISCARD, face_up=True)
    s.refilled[seat] = False
    s.emit("discard", seat, inst)


def next_discarder(s: YonesuState) -> int:
    """The first seat still over its lowered limit with a card to discard; others leave the list (one
    with an empty hand who is still over the limit then loses by the 上限枚数 rule)."""
    for p in s.discard_down:
        if s.alive[p] and s.total(p) > s.limit[p] and s.zones[zid(p, HAND)]:
            return p
    s.discard_down = ()
    s.losses_due = True  # anyone still over the limit now loses
    s.first_moved = True  # ... and one back within it with four ファーストヨネス now wins
    return -1
