"""Phase ids, card flags, place codes and the argument-free actions of 黒白物語 (data only)."""

from __future__ import annotations

from typing import Final

from tefuda.core import Action

# ターン進行: ドロー → スタンバイ → メイン1 → バトル → メイン2 → エンド
SEAT: Final = 0
DRAW: Final = 1
STANDBY: Final = 2
MAIN1: Final = 3
BATTLE: Final = 4
MAIN2: Final = 5
END: Final = 6
OVER: Final = 7
PHASE_CODES: Final = ("seat", "draw", "standby", "main1", "battle", "main2", "end", "over")
PHASE_NAMES: Final = {
    SEAT: ("先攻後攻", "first or second"),
    DRAW: ("ドローフェイズ", "draw phase"),
    STANDBY: ("スタンバイフェイズ", "standby phase"),
    MAIN1: ("メインフェイズ1", "main phase 1"),
    BATTLE: ("バトルフェイズ", "battle phase"),
    MAIN2: ("メインフェイズ2", "main phase 2"),
    END: ("エンドフェイズ", "end phase"),
    OVER: ("ゲーム終了", "game over"),
}
MAINS: Final = (MAIN1, MAIN2)

# card flags (beyond the core's FACE_UP)
DEFENSE: Final = 1 << 4  # 守備表示 (sideways); clear: 攻撃表示
ATTACKED: Final = 1 << 5  # attacked this turn: no position change until the エンドフェイズ
CHANGED: Final = 1 << 6  # its 表示形式 was changed this turn (once a turn)
USED: Final = 1 << 7  # its once-a-turn 起動効果 was used this turn

# places a player's actions name (never an instance id): own monster zones 0-4, the opponent's 5-9, own
# spell zones 10-14, the opponent's 15-19, own field zone 20, the opponent's 21; NONE: no target
OWN_M: Final = 0
OPP_M: Final = 5
OWN_S: Final = 10
OPP_S: Final = 15
OWN_F: Final = 20
OPP_F: Final = 21
NPLACES: Final = 22
NONE: Final = NPLACES  # the "no target" code
NTARGETS: Final = NPLACES + 1
DIRECT: Final = 5  # an attack's target when it is aimed at the player

SIDES: Final = (0, 1)  # a grey monster's side: 0 the black (left) zones, 1 the white (right) zones

PASS: Final = Action("pass")
ACCEPT: Final = Action("accept")
REFUSE: Final = Action("refuse")
GO_FIRST: Final = Action("go-first")
GO_SECOND: Final = Action("go-second")
DECLINE: Final = Action("decline")
DONE: Final = Action("done")
