"""Phase ids, card flags, place codes and the argument-free actions of 黒白物語 (data only)."""

from __future__ import annotations

from tefuda.core import Action

# ターン進行: ドロー → スタンバイ → メイン1 → バトル → メイン2 → エンド
SEAT, DRAW, STANDBY, MAIN1, BATTLE, MAIN2, END, OVER = range(8)
PHASE_CODES = ("seat", "draw", "standby", "main1", "battle", "main2", "end", "over")
PHASE_NAMES = {
    SEAT: ("先攻後攻", "first or second"),
    DRAW: ("ドローフェイズ", "draw phase"),
    STANDBY: ("スタンバイフェイズ", "standby phase"),
    MAIN1: ("メインフェイズ1", "main phase 1"),
    BATTLE: ("バトルフェイズ", "battle phase"),
    MAIN2: ("メインフェイズ2", "main phase 2"),
    END: ("エンドフェイズ", "end phase"),
    OVER: ("ゲーム終了", "game over"),
}
MAINS = (MAIN1, MAIN2)

# card flags (beyond the core's FACE_UP)
DEFENSE = 1 << 4  # 守備表示 (sideways); clear: 攻撃表示
ATTACKED = 1 << 5  # attacked this turn: no position change until the エンドフェイズ
CHANGED = 1 << 6  # its 表示形式 was changed this turn (once a turn)
USED = 1 << 7  # its once-a-turn 起動効果 was used this turn

# places a player's actions name (never an instance id): own monster zones 0-4, the opponent's 5-9, own
# spell zones 10-14, the opponent's 15-19, own field zone 20, the opponent's 21; NONE: no target
OWN_M, OPP_M, OWN_S, OPP_S, OWN_F, OPP_F = 0, 5, 10, 15, 20, 21
NPLACES = 22
NONE = NPLACES  # the "no target" code
NTARGETS = NPLACES + 1
DIRECT = 5  # an attack's target when it is aimed at the player

SIDES = (0, 1)  # a grey monster's side: 0 the black (left) zones, 1 the white (right) zones

PASS, ACCEPT, REFUSE, GO_FIRST, GO_SECOND, DECLINE, DONE = map(
    Action, ("pass", "accept", "refuse", "go-first", "go-second", "decline", "done")
)
