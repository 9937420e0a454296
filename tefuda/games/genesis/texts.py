"""How ジェネシス・ガーデン's events, effects and table terms read: texts.toml, read once (the view layer's
templates; see tefuda/view/text.py for the placeholders)."""

from __future__ import annotations

from pathlib import Path

from tefuda.core.texts import load_texts

TEXTS = load_texts(Path(__file__).with_name("texts.toml"), more_pairs=("effects",))

# what an effect does (``Effect.do``), for event texts and menu labels: {amount} is the effect's number
EFFECT_TEXT: dict[str, tuple[str, str]] = TEXTS.tables["effects"]
# 種類 (effect kinds) and 場所 (where the card must be) in English
KINDS_EN: dict[str, str] = TEXTS.tables["kinds"]
PLACES_EN: dict[str, str] = TEXTS.tables["places"]

# the reason cards go from the top of a 本陣 to the 冥府: one event code each (``mill`` is a hot path, so the
# code is looked up, never built)
MILL_CODES = {
    "upkeep": "mill_upkeep",
    "cost": "mill_cost",
    "damage": "mill_damage",
    "penalty": "mill_penalty",
    "return": "mill_return",
}
