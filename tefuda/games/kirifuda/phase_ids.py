"""Phase numbers (フェイズ), their names, and the few constants every rules module shares."""

from __future__ import annotations

from tefuda.core import Action

SEAT, REDRAW, DRAW, SET_ATTACKER, SET_SUPPORT, TRUMP_PHASE, SUPPORT_OPEN, CHOICE, TAKE_LIFE, OVER = range(10)
PHASE_NAMES = (
    ("seat", "先攻・後攻の選択"),
    ("redraw", "引き直し"),
    ("draw", "ドローフェイズ"),
    ("set_attacker", "アタッカーセットフェイズ"),
    ("set_support", "サポートセットフェイズ"),
    ("trump", "切り札フェイズ"),
    ("support_open", "サポートオープンフェイズ"),
    ("choice", "効果の選択"),
    ("take_life", "バトルフェイズ(ライフの選択)"),
    ("over", "ゲーム終了"),
)

SET_ATTACKER_FLAG = 2  # flags bit: a support opened as セットアタッカー (face down, counts as open)
MAX_POS = 32  # positions in the action space (life cards)

# argument-free actions, made once (the hot paths never build them again)
PASS, DONE, REVEAL_ACT, NO_REVEAL, NO_TRUMP, TRUMP_ATTACKER_ACT = map(
    Action, ("pass", "done", "reveal", "no-reveal", "no-trump", "trump-attacker")
)
TRUMP_SUPPORT_ACTS = (Action("trump-support", 0), Action("trump-support", 1))
OPEN_SUPPORT_ACTS = (Action("open-support", 0), Action("open-support", 1))
