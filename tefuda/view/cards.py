"""A card on its own, readable at any width: its names, type, numbers and whole text in Japanese and English
(``tefuda cards`` on a narrow terminal, ``card NAME`` during play). Words wrap whole; nothing is cut."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text

# the labels of the columns a game's card table has, for the fields no game names itself
HEADERS = {
    "name": "名前",
    "name_en": "English",
    "type_label": "種類 type",
    "attributes": "属性 attributes",
    "cost": "コスト cost",
    "lilith": "リリス lilith",
    "level": "レベル level",
    "power": "パワー power",
    "copies": "枚数 copies",
    "civ": "文明 civilization",
    "race": "種族 race",
    "status": "規制 status",
    "color": "色 colour",
    "summon": "召喚コスト summon cost",
    "rank": "ランク rank",
    "effect": "効果 effect",
    "text": "テキスト",
    "text_en": "text",
}
_SKIP = {"id", "type", "name", "name_en", "type_label", "text", "text_en"}


def label(game: Any, key: str) -> str:
    """A card field's name in both languages: the game's own term, else the common one, else the key."""
    terms = getattr(game, "term_labels", {})
    if key in terms:
        ja, en = terms[key]
        return en if ja == en else f"{ja} {en}"
    return HEADERS.get(key, key)


def value_text(v: Any) -> str:
    if isinstance(v, list):
        return " ".join(str(x) for x in v)
    return str(v)


def card_block(game: Any, row: dict[str, Any]) -> Group:
    """One card (a row of ``Game.card_table_row``) as a few lines: ``名前 (English) — 種類 (type)``, its
    numbers, then its text in Japanese and in English, each indented and wrapping on whole words."""
    name = row["name"] if row["name"] == row["name_en"] else f"{row['name']} ({row['name_en']})"
    head = Text(name, style="bold")
    if row.get("type_label"):
        head.append(f" — {row['type_label']}")
    parts: list[Any] = [head]
    facts = [
        f"{label(game, k)} {value_text(v)}"
        for k, v in row.items()
        if k not in _SKIP and v not in (None, "", [])
    ]
    if facts:
        parts.append(Padding(Text(" · ".join(facts)), (0, 0, 0, 2), expand=False))
    if row.get("text"):
        parts.append(Padding(Text(str(row["text"])), (0, 0, 0, 2), expand=False))
    if row.get("text_en"):
        parts.append(Padding(Text(str(row["text_en"]), style="italic"), (0, 0, 0, 2), expand=False))
    return Group(*parts)


def find_cards(game: Any, query: str) -> list[Any]:
    """Cards of the game's pool whose Japanese or English name (or id) is ``query`` — exactly, else
    starting with it, else containing it (case-insensitive)."""
    q = query.strip().casefold()
    cards = list(game.cardset)
    for test in (
        lambda s: s == q,
        lambda s: s.startswith(q),
        lambda s: q in s,
    ):
        hits = [c for c in cards if any(test(x.casefold()) for x in (c.name, c.name_en, c.id))]
        if hits:
            return hits
    return []
