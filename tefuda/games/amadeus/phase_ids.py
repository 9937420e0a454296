"""Steps of the turn, card flags and the argument-free actions of アマデウス (data only)."""

from __future__ import annotations

from typing import Final

from tefuda.core import Action

# ターンの進行: 開始 (アンタップ) → ドロー → マナチャージ → メイン → 攻撃 → 終了
SEAT: Final = 0
START: Final = 1
DRAW: Final = 2
CHARGE: Final = 3
MAIN: Final = 4
ATTACK: Final = 5
END: Final = 6
OVER: Final = 7
STEP_CODES: Final = ("seat", "start", "draw", "charge", "main", "attack", "end", "over")
STEP_NAMES: Final = {
    SEAT: ("先攻後攻", "first or second"),
    START: ("ターンのはじめ", "start of turn"),
    DRAW: ("ドローステップ", "draw step"),
    CHARGE: ("マナチャージステップ", "mana charge step"),
    MAIN: ("メインステップ", "main step"),
    ATTACK: ("攻撃ステップ", "attack step"),
    END: ("ターンの終わり", "end of turn"),
    OVER: ("ゲーム終了", "game over"),
}

# card flags (beyond the core's FACE_UP)
TAPPED: Final = 1 << 4  # タップ (a creature that attacked or blocked, a mana card paid with)
# 「このターンの終わりに、このカードをダウトゾーンに表向きにして置く。」 was given to it
MARKED: Final = 1 << 5

# an attack's target code for the opponent (creatures are 1 + their place in the battle zone)
PLAYER: Final = 0

PASS_CHARGE: Final = Action("no-charge")
TO_ATTACK: Final = Action("to-attack")
END_TURN: Final = Action("end-turn")
NO_BLOCK: Final = Action("no-block")
DONE: Final = Action("done")
GO_FIRST: Final = Action("go-first")
GO_SECOND: Final = Action("go-second")
PLAY: Final = Action("play")
DECLINE: Final = Action("decline")
NO_INVASION: Final = Action("no-invasion")
