"""Phase numbers (フェイズ), their names, and the few constants every rules module shares."""

from __future__ import annotations

from tefuda.core import Action

SEAT, REDRAW, DRAW, SET_ATTACKER, SET_SUPPORT, TRUMP_PHASE, SUPPORT_OPEN, CHOICE, TAKE_LIFE, OVER = range(10)
ATTACKER_OPEN = 10  # added after OVER, so the older phase numbers keep their meaning
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
    ("attacker_open", "アタッカーオープンフェイズ"),
)

SET_ATTACKER_FLAG = 2  # flags bit: a support opened as セットアタッカー (face down, counts as open)
UNOPENED_FLAG = 4  # flags bit: a support in the attacker slot that did not turn face up at the attacker open
MAX_POS = 32  # positions in the action space (life cards)

# argument-free actions, made once (the hot paths never build them again)
PASS, DONE, REVEAL_ACT, NO_REVEAL, NO_TRUMP, TRUMP_ATTACKER_ACT, USE_TRUMP = map(
    Action, ("pass", "done", "reveal", "no-reveal", "no-trump", "trump-attacker", "use-trump")
)
DECLARE_SET_ATTACKER, KEEP_SET = Action("open-set-attacker"), Action("keep-set")
TRUMP_SUPPORT_ACTS = (Action("trump-support", 0), Action("trump-support", 1))
OPEN_SUPPORT_ACTS = (Action("open-support", 0), Action("open-support", 1))
