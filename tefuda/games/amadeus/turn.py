"""ゲームの準備 and the turn (ターンの進行): じゃんけん, 5 shields and 5 cards each; then each turn
開始 (untap everything of yours) → ドロー (not the first player's first turn) → マナチャージ (at most one
card) → メイン → 攻撃 → 終了. Between any two steps the 疑心ゾーン's cards are offered to whoever may
play them (a card went to its owner's hand), and the special loss is carried out at the end of the turn it
is due (a skipped end of turn carries nothing out: 「特殊敗北条件を満たしたが敗北しなかった」)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action
from tefuda.core.fields import Inst, Seq
from tefuda.core.prompt import YESNO, ask

from . import doubt, suspicion
from .phase_ids import (
    ATTACK,
    CHARGE,
    DRAW,
    END,
    GO_FIRST,
    GO_SECOND,
    MAIN,
    PASS_CHARGE,
    SEAT,
    START,
    TAPPED,
)
from .rules import go_on, rules
from .table import draw, place_doubts, put
from .zones import BATTLE, DECK, HAND, MANA, NZ, SHIELDS

if TYPE_CHECKING:
    from .state import AmadeusState

SHIELD_COUNT: Final = 5  # シールドは5枚
HAND_SIZE: Final = 5  # 手札5枚


def start(s: AmadeusState) -> None:
    for p in (0, 1):
        s.shuffle(p * NZ + DECK)
    winner = s.rng.below(2)
    s.emit("rps", winner)
    s.step = SEAT
    s.decide(winner, "seat")


@rules.offer("seat")
def seat_actions(s: AmadeusState) -> list[Action]:
    return [GO_FIRST, GO_SECOND]


@rules.rule()
def seat(s: AmadeusState, action: Action) -> None:
    """The top 5 cards become shields, face down, unseen even by their owner; then 5 cards to the hand."""
    s.first = s.to_move if action.kind == "go-first" else 1 - s.to_move
    s.emit("first_player", s.first)
    for p in (s.first, 1 - s.first):
        for _ in range(SHIELD_COUNT):
            s.move(s.zones[p * NZ + DECK][-1], p * NZ + SHIELDS)  # the deck read again: a move replaces it
        s.emit("shields_set", p, count=SHIELD_COUNT)
        for _ in range(HAND_SIZE):
            draw(s, p)
    s.hand_added = False  # the opening hands are no moment for the 疑心ゾーン's cards
    s.active = s.first
    s.turn = 1
    s.step = START
    s.push("proceed")


@rules.rule()
def proceed(s: AmadeusState) -> None:
    """The automatic steps, up to the next decision."""
    while s.result is None and s.pending is None:
        if s.hand_added:
            s.hand_added = False
            if suspicion.offer_window(s):
                return
            continue
        step = s.step
        if s.skip and step not in (START, SEAT):
            next_turn(s)  # 終末の時計 ザ・クロック: the rest of the turn is skipped, its end too
            continue
        if step == START:
            start_of_turn(s)
        elif step == DRAW:
            s.step = CHARGE
            if s.turn == 1 and s.active == s.first:
                s.emit("no_first_draw", s.active)
            else:
                draw(s, s.active)
        elif step == CHARGE:
            if s.zones[s.active * NZ + HAND]:
                s.decide(s.active, "charge")
                return
            s.step = MAIN
        elif step == MAIN:
            s.decide(s.active, "main")
            return
        elif step == ATTACK:
            s.decide(s.active, "attack")
            return
        elif step == END:
            end_of_turn(s)
            return


def start_of_turn(s: AmadeusState) -> None:
    """Untap all of yours; two same-name cards still public (a skipped end of turn left them) are a doubt
    again (③: the rulebook's 「次の相手のターンのはじめに、ダウトが墓地に見えている場合」)."""
    seat = s.active
    s.emit("turn_start", seat, turn=s.turn)
    flags = s.flags
    for k in (BATTLE, MANA):
        for i in s.zones[seat * NZ + k]:
            flags[i] &= ~TAPPED
    doubt.state_check(s)
    s.step = DRAW


@rules.offer("charge")
def charge_actions(s: AmadeusState) -> list[Action]:
    charge = s.game.acts["charge"]
    return [*(charge[c] for c in s.hand_cards(s.to_move)), PASS_CHARGE]


@rules.rule()
def charge(s: AmadeusState, action: Action) -> None:
    seat = s.to_move
    s.step = MAIN
    if action.kind == "charge":
        inst = s.hand_instance(seat, action.a)
        put(s, inst, MANA)
        s.emit("charge", seat, inst)
    go_on(s)


def end_of_turn(s: AmadeusState) -> None:
    """「ターンの終わりに」: the turn player's own abilities first (untap), then the doubt marks, then the
    special loss."""
    cands = tuple(i for i in s.creatures(s.active) if s.flags[i] & TAPPED and s.kw(i, "untap_at_end"))
    s.push("end_rest")
    s.push("ask_untaps", cands)


@rules.rule(Seq(Inst(), tuple))
def ask_untaps(s: AmadeusState, cands: tuple[int, ...]) -> None:
    if not cands:
        return
    s.ask(ask(s.active, YESNO, "untap", (), "untap_answer", (cands[0], cands[1:]), source=cands[0]))


@rules.rule(Inst(), Seq(Inst(), tuple))
def untap_answer(s: AmadeusState, inst: int, rest: tuple[int, ...], yes: bool) -> None:
    if yes:
        s.flags[inst] &= ~TAPPED
        s.emit("untap", s.active, inst)
    s.push("ask_untaps", rest)


@rules.rule()
def end_rest(s: AmadeusState) -> None:
    doubt.check_doubt_zones(s, place_doubts(s))
    if doubt.resolve_loss(s):
        return
    next_turn(s)
    go_on(s)


def next_turn(s: AmadeusState) -> None:
    """The turn passes: what lasted until the end of the turn ends."""
    if s.skip:
        s.emit("turn_skipped", s.active)
        doubt.clear_marks(s)
    s.skip = False
    gp, gb = s.grant_pa, s.grant_breaker
    for i in range(len(gp)):
        gp[i] = gb[i] = 0
    s.attack = None
    s.broken = ()
    s.declared = ()
    s.emit("turn_end", s.active)
    s.active = 1 - s.active
    s.turn += 1
    s.step = START
