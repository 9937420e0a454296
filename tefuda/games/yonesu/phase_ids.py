"""Phase numbers (フェイズ) and the action values the hot paths reuse."""

from __future__ import annotations

from typing import Final

from tefuda.core import Action
from tefuda.core.fields import Code, Ctx

OPENING: Final = 0  # 初期手札補充: the first player picks how many to draw
EXCHANGE: Final = 1  # 手札交換フェイズ: discard 1, draw 1 (mandatory)
EXCHANGE_FREE: Final = 2  # 手札交換フェイズ, the second player's first turn: any number
COST: Final = 3  # コストフェイズ
SUMMON: Final = 4  # 召喚フェイズ
BATTLE: Final = 5  # 戦闘フェイズ
FORCE: Final = 6  # フォースフェイズ
WINDOW: Final = 7  # a priority window: 戦闘時フォースフェイズ, or answering a force with an [Interrupt]
PAY: Final = 8  # paying a [捨/…] special cost
DISCARD_DOWN: Final = 9  # discarding down to a lowered [上限枚数]
SETTLE: Final = 10  # コスト精算フェイズ
OVER: Final = 11
GATHER: Final = (
    12  # 戦闘フェイズ: gathering the ヨネス of a combined attack one by one (more than MAX_ATTACKERS ready)
)

PHASE_NAMES: Final = {
    OPENING: ("初期手札補充", "opening draw"),
    EXCHANGE: ("手札交換フェイズ", "hand exchange"),
    EXCHANGE_FREE: ("手札交換フェイズ(任意枚数)", "hand exchange (any number)"),
    COST: ("コストフェイズ", "cost phase"),
    SUMMON: ("召喚フェイズ", "summon phase"),
    BATTLE: ("戦闘フェイズ", "battle phase"),
    FORCE: ("フォースフェイズ", "force phase"),
    WINDOW: ("フォース発動の順番", "priority window"),
    PAY: ("特殊コストの支払い", "paying a special cost"),
    DISCARD_DOWN: ("[上限枚数]まで捨てる", "discarding down to the card limit"),
    SETTLE: ("コスト精算フェイズ", "cost settlement"),
    OVER: ("ゲーム終了", "game over"),
    GATHER: ("戦闘フェイズ(合成攻撃のヨネスを選ぶ)", "battle phase (gathering a combined attack)"),
}
MAIN_PHASES: Final = (SUMMON, BATTLE, FORCE)
# each phase's code (position files, observations)
PHASE_CODES: Final = (
    "opening",
    "exchange",
    "exchange_free",
    "cost",
    "summon",
    "battle",
    "force",
    "window",
    "pay",
    "discard_down",
    "settle",
    "over",
    "gather",
)

# instance flags (bit 0 is the core's FACE_UP)
ATTACKED: Final = 2  # attacked this turn (このターンに攻撃した)
PROTECTED: Final = 4  # cannot be destroyed this turn

MAX_INST: Final = 256  # most cards a box may hold; target codes above this name players
PLAYER_T: Final = MAX_INST  # target code of seat p: PLAYER_T + p
NONE_T: Final = MAX_INST + 4  # no target
NTARGETS: Final = MAX_INST + 5
# with at most this many ヨネス ready, every combined attack is one action (2^7 - 1 groups a target); with
# more, the attacker gathers the group one ヨネス at a time (battle.gather_actions)
MAX_ATTACKERS: Final = 7

PASS: Final = Action("pass")
NO_COST: Final = Action("no-cost")
EXCHANGE_DONE: Final = Action("exchange-done")
EXCHANGE_NO_DRAW: Final = Action("exchange-no-draw")
END_SUMMON: Final = Action("end-summon")
END_BATTLE: Final = Action("end-battle")
END_TURN: Final = Action("end-turn")
SETTLE_DONE: Final = Action("settle-done")
# taking back a combined attack being gathered, before its 攻撃宣言 (back to the battle phase's choices)
GATHER_CANCEL: Final = Action("gather-cancel")


def _target_name(v: int, ctx: Ctx) -> str:
    return "none" if v == NONE_T else f"p{v - PLAYER_T + 1}"


def _parse_target(x: str, ctx: Ctx) -> int | None:
    if x == "none":
        return NONE_T
    if x[:1] == "p" and x[1:].isdigit() and 1 <= int(x[1:]) <= ctx.nplayers:
        return PLAYER_T + int(x[1:]) - 1
    return None


# a force's or an attack's target: a ヨネス (an instance), a player, or none
TARGET: Final = Code(PLAYER_T, _target_name, _parse_target)
