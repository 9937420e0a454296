"""準備, 先攻後攻の決定, 初期手札補充, ゲーム開始宣言: the start of a game of ヨネス."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tefuda.core import Action

from . import turn, victory
from .phase_ids import OPENING
from .zones import DECK, HAND, zid

if TYPE_CHECKING:
    from .state import YonesuState

DRAW_ACTS: Final = [Action("draw", k) for k in range(16)]  # draw k + 1 cards


def start(s: YonesuState) -> None:
    """準備 is done by new_state (one ファーストヨネス on each ヨネスフィールド, the rest shuffled into the
    山札). 先攻後攻: the rulebook's じゃんけん, as a fair random choice."""
    s.shuffle(DECK)
    s.first = s.rng.below(s.nplayers)
    s.attacker = s.first
    s.emit("first_player", s.first)
    s.phase = OPENING
    s.decide(s.first, "opening")


def opening_target(s: YonesuState, seat: int) -> int:
    """初期手札補充 fills every hand to [上限枚数] − 1."""
    return s.limit[seat] - 1


def opening_actions(s: YonesuState, seat: int) -> list[Action]:
    """The first player draws any number not past the target (at least one)."""
    room = opening_target(s, seat) - len(s.zones[zid(seat, HAND)])
    return DRAW_ACTS[: max(1, min(room, len(DRAW_ACTS)))]


def apply_opening(s: YonesuState, action: Action) -> None:
    k = action.a + 1
    n = s.nplayers
    s.emit("opening_draw", s.first, count=k)
    stuck = True
    for j in range(n):
        seat = (s.first + j) % n
        if not s.alive[seat]:
            continue
        room = opening_target(s, seat) - len(s.zones[zid(seat, HAND)])
        if s.draw(seat, min(k, max(room, 0))):
            stuck = False
    done = all(len(s.zones[zid(p, HAND)]) >= opening_target(s, p) for p in range(n) if s.alive[p])
    if done or stuck:
        # ゲーム開始宣言: everyone says 「ヨネス」 together (done for the players, so nobody loses by it);
        # from now on nobody meets 「ゲーム開始宣言をしていない。」, so four ファーストヨネス drawn in the
        # opening win at once, before the first turn
        s.emit("start", s.first)
        victory.four_first(s)
        if s.result is None:
            turn.begin_turn(s, s.first)
