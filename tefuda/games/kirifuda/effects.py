"""【オープン】 effects and costs (コスト), resolved one at a time on the core's flow.

Opening a card schedules ``open_card`` (pay its cost, then schedule its effects ``effect`` 0, 1, … in
order); an effect that needs a choice asks (the offer ``choice``) and ``apply_choice`` goes on with the
answer. What comes after the effects (the オープン window) is the frame below them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action
from tefuda.core.fields import Inst, Int, Seat, Str

from .cards import Effect
from .draw import draw_to
from .phase_ids import CHOICE, UNOPENED_FLAG
from .rules import rules
from .zones import ATTACKER_SLOT, DECK, DISCARD, HAND, LIFE, NZ, SUPPORT_SLOTS

if TYPE_CHECKING:
    from .state import KirifudaState

# what an effect may stop to ask: its cost, or a choice it makes
CHOICES: Final = ("cost", "scry", "peek_support", "discard_support", "peek_life", "swap_life")


@rules.rule(Seat(), Inst())
def open_card(s: KirifudaState, seat: int, inst: int) -> None:
    """A card just opened: pay its cost (if it has one), then its effects resolve in order."""
    cost = s.game.tables.cost[s.cards[inst]]
    if cost:
        if _cost_options(s, seat, inst, cost):
            _ask(s, "cost", seat, inst)
            return
        s.emit("cost_unpaid", seat, inst)
        return
    _queue_effects(s, seat, inst)


@rules.rule(Seat(), Inst(), Int(0))
def effect(s: KirifudaState, seat: int, inst: int, k: int) -> None:
    eff = s.game.tables.effects[s.cards[inst]][k]
    if not _conditions_hold(s, seat, eff):
        s.emit("condition_failed", seat, inst, effect=eff.do)
        return
    _resolve(s, seat, inst, eff)


def _ask(s: KirifudaState, kind: str, seat: int, inst: int) -> None:
    s.phase = CHOICE
    s.decide(seat, "choice", "apply_choice", kind, seat, inst)


def _queue_effects(s: KirifudaState, seat: int, inst: int) -> None:
    n = len(s.game.tables.effects[s.cards[inst]])
    s.then(*(("effect", seat, inst, k) for k in range(n)))


def _conditions_hold(s: KirifudaState, seat: int, e: Effect) -> bool:
    opp = 1 - seat
    if e.self_attr and (s.pow[seat] < 0 or not s.attr[seat] & e.self_attr):
        return False
    if e.opp_attr and (s.pow[opp] < 0 or not s.attr[opp] & e.opp_attr):
        return False
    if e.behind and not (0 <= s.pow[seat] < s.pow[opp] or (s.pow[seat] < 0 <= s.pow[opp])):
        return False
    return not (e.life_le >= 0 and len(s.zones[seat * NZ + LIFE]) > e.life_le)


def _guarded(s: KirifudaState, seat: int, target: int, inst: int) -> bool:
    """ガード: the opponent's effects cannot lower, set or swap a guarded attacker's POW this round."""
    if target != seat and s.guard[target]:
        s.emit("guarded", target, inst)
        return True
    return False


def _resolve(s: KirifudaState, seat: int, inst: int, e: Effect) -> bool:
    """Carry out one effect. Returns True when it stopped to ask for a choice."""

    opp = 1 - seat
    do = e.do
    if do == "pow":
        t = opp if e.to_opponent else seat
        if s.pow[t] < 0 or (e.amount < 0 and _guarded(s, seat, t, inst)):
            return False
        s.pow[t] = max(0, s.pow[t] + e.amount)
        s.emit("pow", t, inst, change=e.amount, pow=s.pow[t])
    elif do == "set_pow":
        t = opp if e.to_opponent else seat
        if s.pow[t] < 0 or _guarded(s, seat, t, inst):
            return False
        s.pow[t] = e.amount
        s.emit("pow_set", t, inst, pow=e.amount)
    elif do == "swap_pow":
        if s.pow[seat] < 0 or s.pow[opp] < 0 or _guarded(s, seat, opp, inst):
            return False
        s.pow[seat], s.pow[opp] = s.pow[opp], s.pow[seat]
        s.emit("pow_swap", seat, inst, mine=s.pow[seat], theirs=s.pow[opp])
    elif do == "draw":
        for _ in range(e.amount):
            if draw_to(s, seat, HAND) < 0:
                s.emit("no_draw", seat)
                break
    elif do == "add_life":
        for _ in range(e.amount):
            deck = s.zones[seat * NZ + DECK]
            if not deck:
                break
            s.move(deck[0], seat * NZ + LIFE)
            s.emit("life_added", seat, count=len(s.zones[seat * NZ + LIFE]))
    elif do == "protect":
        s.protect[seat] = True
        s.emit("protect", seat, inst)
    elif do == "guard":
        s.guard[seat] = True
        s.emit("guard", seat, inst)
    elif do == "scry":
        deck = s.zones[seat * NZ + DECK]
        if deck:
            s.tell(deck[0], seat)
            _ask(s, "scry", seat, inst)
            return True
    elif do in ("peek_support", "discard_support"):
        slots = s.face_down_supports(opp)
        if len(slots) == 1:
            _target_support(s, seat, do, slots[0])
        elif slots:
            _ask(s, do, seat, inst)
            return True
    elif do == "peek_life":
        life = s.zones[opp * NZ + LIFE]
        if len(life) == 1:
            _peek_life(s, seat, 0)
        elif life:
            _ask(s, do, seat, inst)
            return True
    elif do == "swap_life" and s.zones[seat * NZ + HAND] and s.zones[seat * NZ + LIFE]:
        _ask(s, do, seat, inst)
        return True
    return False


def _target_support(s: KirifudaState, seat: int, do: str, slot: int) -> None:
    opp = 1 - seat
    target = s.zones[opp * NZ + SUPPORT_SLOTS[slot]][0]
    if do == "peek_support":
        s.tell(target, seat)
        s.emit("peek_support", seat, target, slot=opp * NZ + SUPPORT_SLOTS[slot])
    else:
        s.move(target, opp * NZ + DISCARD, face_up=True)
        s.emit("discard_support", seat, target, slot=opp * NZ + SUPPORT_SLOTS[slot])


def _peek_life(s: KirifudaState, seat: int, pos: int) -> None:
    target = s.zones[(1 - seat) * NZ + LIFE][pos]
    s.tell(target, seat)
    s.emit("peek_life", seat, target, pos=pos + 1)


def _cost_options(s: KirifudaState, seat: int, inst: int, cost: str) -> list[Action]:
    """``discard_set`` (「自分の他のセットカードを1枚捨てる」): any other card of yours still set — face down
    in a support slot, or a support left set in the attacker slot (not a セットアタッカー: that counts as
    open); ``discard_hand``: any hand card."""
    if cost == "discard_set":
        out = [
            Action("pay-set", k)
            for k in s.face_down_supports(seat)
            if s.zones[seat * NZ + SUPPORT_SLOTS[k]][0] != inst
        ]
        att = s.zones[seat * NZ + ATTACKER_SLOT]
        if att and att[0] != inst and s.flags[att[0]] & UNOPENED_FLAG:
            out.append(Action("pay-set-attacker"))
        return out
    return [Action("pay-hand", c) for c in s.hand_cards(seat)]


@rules.offer("choice")
def choice_actions(s: KirifudaState, kind: str, seat: int, inst: int) -> list[Action]:
    opp = 1 - seat
    if kind == "cost":
        return [*_cost_options(s, seat, inst, s.game.tables.cost[s.cards[inst]]), Action("decline")]
    if kind == "scry":
        return [Action("scry-keep"), Action("scry-bottom")]
    if kind == "peek_support":
        return [Action("peek-support", k) for k in s.face_down_supports(opp)]
    if kind == "discard_support":
        return [Action("discard-support", k) for k in s.face_down_supports(opp)]
    if kind == "peek_life":
        return [Action("peek-life", p) for p in range(len(s.zones[opp * NZ + LIFE]))]
    if kind == "swap_life":
        hand = s.hand_cards(seat)
        n = len(s.zones[seat * NZ + LIFE])
        return [*(Action("swap-life", p, c) for p in range(n) for c in hand), Action("skip")]
    raise AssertionError(f"unknown pending choice {kind}")


@rules.rule(Str(*CHOICES), Seat(), Inst())
def apply_choice(s: KirifudaState, kind: str, seat: int, inst: int, action: Action) -> None:
    k = action.kind
    if k in ("pay-set", "pay-set-attacker"):
        zk = SUPPORT_SLOTS[action.a] if k == "pay-set" else ATTACKER_SLOT
        paid = s.zones[seat * NZ + zk][0]
        s.flags[paid] &= ~UNOPENED_FLAG
        s.move(paid, seat * NZ + DISCARD, face_up=True)
        s.emit("cost_paid", seat, paid, source=inst, paid_from=seat * NZ + zk)
        _queue_effects(s, seat, inst)
    elif k == "pay-hand":
        paid = s.hand_instance(seat, action.a)
        s.move(paid, seat * NZ + DISCARD, face_up=True)
        s.emit("cost_paid", seat, paid, source=inst, paid_from=seat * NZ + HAND)
        _queue_effects(s, seat, inst)
    elif k == "decline":
        s.emit("cost_declined", seat, inst)
    elif k in ("scry-keep", "scry-bottom"):
        if k == "scry-bottom":
            deck = s.zones[seat * NZ + DECK]
            s.zones[seat * NZ + DECK] = (*deck[1:], deck[0])  # same zone: only the order changes
        s.emit("scry_bottom" if k == "scry-bottom" else "scry_top", seat)
    elif k in ("peek-support", "discard-support"):
        _target_support(s, seat, kind, action.a)
    elif k == "peek-life":
        _peek_life(s, seat, action.a)
    elif k == "swap-life":
        life_card = s.zones[seat * NZ + LIFE][action.a]
        hand_card = s.hand_instance(seat, action.b)
        s.move(hand_card, seat * NZ + LIFE)
        s.place_at(hand_card, action.a)  # the hand card takes the life card's position
        s.move(life_card, seat * NZ + HAND)
        s.emit("swap_life", seat, pos=action.a + 1)
    else:  # skip
        s.emit("skip", seat, inst)
