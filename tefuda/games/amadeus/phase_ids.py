"""Steps of the turn, card flags and the argument-free actions of アマデウス (data only)."""

from __future__ import annotations

from tefuda.core import Action

# ターンの進行: 開始 (アンタップ) → ドロー → マナチャージ → メイン → 攻撃 → 終了
SEAT, START, DRAW, CHARGE, MAIN, ATTACK, END, OVER = range(8)
STEP_CODES = ("seat", "start", "draw", "charge", "main", "attack", "end", "over")
STEP_NAMES = {
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
TAPPED = 1 << 4  # タップ (a creature that attacked or blocked, a mana card paid with)
MARKED = 1 << 5  # 「このターンの終わりに、このカードをダウトゾーンに表向きにして置く。」 was given to it

PLAYER = 0  # an attack's target code for the opponent (creatures are 1 + their place in the battle zone)

PASS_CHARGE, TO_ATTACK, END_TURN, NO_BLOCK, DONE, GO_FIRST, GO_SECOND, PLAY, DECLINE, NO_INVASION = map(
    Action,
    (
        "no-charge",
        "to-attack",
        "end-turn",
        "no-block",
        "done",
        "go-first",
        "go-second",
        "play",
        "decline",
        "no-invasion",
    ),
)
