"""Phase numbers (フェイズ), their names, and the few constants every rules module shares."""

from __future__ import annotations

from typing import Final

from tefuda.core import Action

SEAT: Final = 0
REDRAW: Final = 1
DRAW: Final = 2
SET_ATTACKER: Final = 3
SET_SUPPORT: Final = 4
TRUMP_PHASE: Final = 5
SUPPORT_OPEN: Final = 6
CHOICE: Final = 7
TAKE_LIFE: Final = 8
OVER: Final = 9
ATTACKER_OPEN: Final = 10  # added after OVER, so the older phase numbers keep their meaning
PHASE_NAMES: Final = (
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

SET_ATTACKER_FLAG: Final = 2  # flags bit: a support opened as セットアタッカー (face down, counts as open)
# flags bit: a support in the attacker slot that did not turn face up at the attacker open
UNOPENED_FLAG: Final = 4
MAX_POS: Final = 32  # positions in the action space (life cards)

# argument-free actions, made once (the hot paths never build them again)
PASS: Final = Action("pass")
DONE: Final = Action("done")
REVEAL_ACT: Final = Action("reveal")
NO_REVEAL: Final = Action("no-reveal")
NO_TRUMP: Final = Action("no-trump")
TRUMP_ATTACKER_ACT: Final = Action("trump-attacker")
USE_TRUMP: Final = Action("use-trump")
DECLARE_SET_ATTACKER: Final = Action("open-set-attacker")
KEEP_SET: Final = Action("keep-set")
TRUMP_SUPPORT_ACTS: Final = (Action("trump-support", 0), Action("trump-support", 1))
OPEN_SUPPORT_ACTS: Final = (Action("open-support", 0), Action("open-support", 1))
