"""Phase numbers (フェイズ), instance flags and action values the hot paths reuse."""

from __future__ import annotations

from typing import Final

from tefuda.core import Action

from .zones import SLOTS

MULLIGAN: Final = 0  # ゲームの準備 5: マリガン
STANDBY: Final = 1  # スタンバイフェイズ (automatic)
DRAW: Final = 2  # ドローフェイズ (automatic)
MAIN: Final = 3  # メインフェイズ
END: Final = 4  # エンドフェイズ: destroyed cards to hand or 冥府
UNION: Final = 5  # ユニオンフェイズ
SPELL: Final = 6  # スペルフェイズ
ATTACK: Final = 7  # バトルフェイズ: whose attack right it is
BLOCK: Final = 8  # バトルフェイズ: the defender blocks or takes it
FIGHT: Final = 9  # バトルフェイズ: the battle is compared (automatic)
LEAVE: Final = 10  # リーブフェイズ
TRIGGER: Final = 11  # an optional effect is offered (召喚, 対応, 戦闘, 術式)
OVER: Final = 12

# how many phases into the バトルターン each of its phases is (its serial minus the ユニオンフェイズ's): a
# unit summoned at a serial since the ユニオンフェイズ's was called in this turn (召喚酔い, battle.py)
BATTLE_TURN_STEP: Final = {UNION: 0, SPELL: 1, ATTACK: 2, BLOCK: 2, FIGHT: 2, LEAVE: 3}

# what kind of optional effect waits to be offered (the ``ability`` of a core Waiting): 召喚, 対応, 戦闘, 術式
ON_SUMMON: Final = 0
ON_RESPONSE: Final = 1
ON_BATTLE: Final = 2
ON_RITUAL: Final = 3

PHASE_NAMES: Final = {
    MULLIGAN: ("マリガン", "mulligan"),
    STANDBY: ("スタンバイフェイズ", "standby phase"),
    DRAW: ("ドローフェイズ", "draw phase"),
    MAIN: ("メインフェイズ", "main phase"),
    END: ("エンドフェイズ", "end phase"),
    UNION: ("ユニオンフェイズ", "union phase"),
    SPELL: ("スペルフェイズ", "spell phase"),
    ATTACK: ("バトルフェイズ", "battle phase"),
    BLOCK: ("バトルフェイズ(防御)", "battle phase (block)"),
    FIGHT: ("戦闘", "battle"),
    LEAVE: ("リーブフェイズ", "leave phase"),
    TRIGGER: ("効果の発動", "effect"),
    OVER: ("ゲーム終了", "game over"),
}

# each phase's code (position files, observations)
PHASE_CODES: Final = (
    "mulligan",
    "standby",
    "draw",
    "main",
    "end",
    "union",
    "spell",
    "attack",
    "block",
    "fight",
    "leave",
    "trigger",
    "over",
)

# instance flags (bit 0 is the core's FACE_UP)
TAPPED: Final = 2  # 疲労状態
DESTROYED: Final = 4  # 破壊状態
MOVED: Final = 8  # changed row (前衛 ↔ 後衛) in this ユニオンフェイズ
LAID: Final = 16  # laid on a 前衛 unit (ユニオン) in this ユニオンフェイズ

MAX_INST: Final = 128
# An action names a card by its place, never by its instance id (ids are dealt at random, and determinized
# worlds renumber them: an action, and its index in the action space, must mean the same in every world).
ROW_PLACES: Final = 2 * 2 * SLOTS  # a unit: seat * 10 + row * 5 + its place in the row (row 0 前衛, 1 後衛)
# a 冥府 card (a 術式 offered there): GRAVE_PLACES + seat * MAX_INST + position
GRAVE_PLACES: Final = ROW_PLACES
NPLACES: Final = GRAVE_PLACES + 2 * MAX_INST
CARD_T: Final = MAX_INST  # effect targets: a unit's place (< ROW_PLACES); 速攻召喚: CARD_T + card * 2 + row
NONE_T: Final = 1023
NTARGETS: Final = 1024
MAX_SUMMONS: Final = 4

PASS: Final = Action("pass")
END_MAIN: Final = Action("end")
KEEP: Final = Action("keep")
MULLIGAN_ACT: Final = Action("mulligan")
TAKE: Final = Action("take")
DONE: Final = Action("done")
