"""勝利/敗北条件: checked after every step, exactly as the rulebook lists them.

勝利: every other player has lost, or four ファーストヨネス in your hand and on your field — while meeting no
敗北条件 yourself (so four win only from the ゲーム開始宣言 on). 敗北: someone else won; ライフ 0 or less;
hand + field over [上限枚数]; not exchanging when you must (手札交換); saying the name 邪神グラジヨネス. With
three or four players a loser leaves the game (サバイバル戦) and the last one standing — or the last team —
wins.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Final

from tefuda.core.fields import Seat, Str

from .phase_ids import EXCHANGE_FREE, OPENING, WINDOW
from .rules import rules
from .zones import BASE, CFIELD, DISCARD, HAND, NZ, STACK, YFIELD, zid

if TYPE_CHECKING:
    from .state import YonesuState

FIRST_TO_WIN: Final = 4
FORBIDDEN: Final = "邪神グラジヨネス"


def check(s: YonesuState) -> None:
    """Apply every win/lose condition that holds now (and the 引き忘れ rule, which changes a [上限枚数])."""
    n = s.nplayers
    if s.first_moved and s.phase != OPENING:
        # during the 初期手札補充 nobody has made the ゲーム開始宣言 yet: the four are looked at right after
        # it (setup.apply_opening), ``first_moved`` staying set until then
        four_first(s)
        if s.is_over:
            return
    if not s.losses_due:
        return
    s.losses_due = False
    if s.phase != EXCHANGE_FREE:  # not in the middle of the 後攻側's exchange: its draw is still to come
        forgot_to_draw(s)
    zones = s.zones
    losers: list[tuple[int, str]] = []
    for k in range(n):
        seat = (s.attacker + k) % n
        if not s.alive[seat]:
            continue
        b = BASE + seat * NZ  # hand, ヨネスフィールド, コストフィールド (hot path)
        if s.life[seat] <= 0:
            losers.append((seat, "life_zero"))
        elif (
            len(zones[b]) + len(zones[b + 1]) + len(zones[b + 2]) > s.limit[seat]
            and seat not in s.discard_down
        ):
            losers.append((seat, "over_limit"))
    if losers:
        # 「自分がどの敗北条件も満たしていない状態で」: everyone who meets one now loses together, so none
        # of them is left as the last player standing
        eliminate_all(s, losers)


def four_first(s: YonesuState) -> None:
    """勝利条件 「自分の手札とフィールドにファーストヨネスが4体存在している。」, for a player meeting no
    敗北条件 — so never before the ゲーム開始宣言 (「ゲーム開始宣言をしていない。」 is one): the opening
    draw's four win the moment the start is declared, before the first turn."""
    if not s.first_moved:
        return
    # only a ファーストヨネス reaching a hand or a field can complete four (draws, recoveries, returns), or a
    # player with four coming back within their [上限枚数] (discarding down)
    s.first_moved = False
    n = s.nplayers
    for k in range(n):
        seat = (s.attacker + k) % n
        ok = s.alive[seat] and s.life[seat] > 0 and s.total(seat) <= s.limit[seat]
        if ok and s.first_count(seat) >= FIRST_TO_WIN:
            show_firsts(s, seat)
            win(s, seat, "four_first")
            return


def forgot_to_draw(s: YonesuState) -> None:
    """カードを引き忘れた場合のペナルティ: 「プレイヤーの手札とフィールドのカードの枚数の合計が[上限枚数]未満
    になっていた場合、それ以降そのプレイヤーはそのときの枚数を[上限枚数]としてプレイすることになります。」 —
    only 「そのプレイヤーが最後に手札補充フェイズで手札を補充してから次にカードを捨てる(手札交換を除く)までの
    間」 (``refilled``). The opponents point it out at once (it only ever helps them)."""
    for seat in range(s.nplayers):
        if s.alive[seat] and s.refilled[seat] and s.total(seat) < s.limit[seat]:
            before = s.limit[seat]
            s.limit[seat] = s.total(seat)
            s.emit("short_limit", seat, before=before, limit=s.limit[seat])


def show_firsts(s: YonesuState, seat: int) -> None:
    """The winner shows the ファーストヨネス in their hand (the field ones are face up already)."""
    first = s.game.tables.first
    for inst in s.zones[zid(seat, HAND)]:
        if first[s.cards[inst]]:
            s.turn_face_up(inst)
            s.emit("show", seat, inst)


def win(s: YonesuState, seat: int, code: str) -> None:
    team = tuple(p for p in range(s.nplayers) if s.team_of(p) == s.team_of(seat)) if s.teams else ()
    s.finish(seat, code, team)


def eliminate(s: YonesuState, seat: int, code: str) -> None:
    """A player meets a 敗北条件: with others left they leave the game, their cards to the 捨て札置き場."""
    eliminate_all(s, [(seat, code)])


def eliminate_all(s: YonesuState, losers: list[tuple[int, str]]) -> None:
    """Players who meet a 敗北条件 at the same moment lose together; then, if one player (or one team) is
    left, it wins, and if nobody is, nobody does."""
    if s.result is not None:
        return
    losers = [(p, code) for p, code in losers if s.alive[p]]
    if not losers:
        return
    for seat, code in losers:
        _leave_game(s, seat, code)
    code = losers[0][1]
    teams_left = {s.team_of(p) for p in range(s.nplayers) if s.alive[p]}
    if len(teams_left) == 1:
        last = next(p for p in range(s.nplayers) if s.alive[p])
        team = tuple(p for p in range(s.nplayers) if s.team_of(p) == s.team_of(last)) if s.teams else ()
        s.finish(last, code, team)
    elif not teams_left:
        s.finish(None, "everyone_lost")


def _leave_game(s: YonesuState, seat: int, code: str) -> None:
    s.alive[seat] = False
    s.out_order.append(seat)
    s.emit("lose", seat, code=code)
    paying = s.paying()
    if paying is not None and paying[0] == seat:
        # an activation they were paying for never completes
        s.move(paying[1], DISCARD, face_up=True)
        s.pending = None
        s.phase = WINDOW  # flow passes for them, or returns to the main phase
    for k in (HAND, YFIELD, CFIELD):
        for inst in list(s.zones[zid(seat, k)]):
            s.below[inst] = -1
            s.above[inst] = -1
            s.bonus[inst] = 0
            s.flags[inst] = 0
            s.move(inst, DISCARD, face_up=True)
    s.used[seat] = 0
    s.refilled[seat] = False
    s.discard_down = tuple(p for p in s.discard_down if p != seat)


def abandon_turn(s: YonesuState) -> None:
    """The 攻撃側 lost mid-turn: forces still on the stack and the battle end without effect."""
    for inst in list(s.zones[STACK]):  # every activated force, one being paid for included
        s.move(inst, DISCARD, face_up=True)
    s.links.clear()
    s.windows.clear()
    s.at_once = False
    s.gathered = ()
    s.battle = None
    s.discard_down = ()  # a payment's own step finds the phase changed and asks nothing


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in t if ch.isalnum())


@rules.rule(Seat(), Str())
def said(s: YonesuState, seat: int, text: str) -> None:
    """A player said something to the table (``State.say``; the state's chat hook calls this rule): saying
    邪神グラジヨネス's name loses, and the rules run on from where they stood."""
    if says_forbidden_name(s, text):
        eliminate(s, seat, "forbidden_name")
        if s.result is not None:
            return
        p = s.pending
        s.pending = None
        if p is not None and p.what == "pay":  # still paying: asked again once the steps have run
            s.push("ask_pay", p.seat, *p.args)
        s.push("proceed")
        s.run()


def says_forbidden_name(s: YonesuState, text: str) -> bool:
    """「邪神グラジヨネス」のカード名を宣言した: its Japanese or English name, spaces and width ignored."""
    if not s.game.options["forbidden_name"] or s.result is not None:
        return False
    said = _norm(text)
    for c in s.game.cardset:
        if c.name == FORBIDDEN and (_norm(c.name) in said or _norm(c.name_en) in said):
            return True
    return False
