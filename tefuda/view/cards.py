"""A card on its own, readable at any width: its names, type, numbers and whole text in Japanese and English
(``tefuda cards`` on a narrow terminal, ``card NAME`` during play). Words wrap whole; nothing is cut."""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------------------------------------- card faces
# A card's face for a screen (the browser's table): the same fields as ``card_block``, sorted into what a
# printed card shows — a badge in its corner (its cost or level), its numbers, its facts (attributes, race,
# civilization …), its keywords, a short effect line and the whole text — each with its label in Japanese
# and English. Derived from ``Game.card_table_row`` and ``Game.term_labels`` alone, so a third-party game's
# cards have faces too.

# the common names of card fields, as (Japanese, English); a game's own term_labels come first
FIELD_WORDS: dict[str, tuple[str, str]] = {
    "type_label": ("種類", "type"),
    "attributes": ("属性", "attributes"),
    "cost": ("コスト", "cost"),
    "lilith": ("リリス", "lilith"),
    "level": ("レベル", "level"),
    "power": ("パワー", "power"),
    "pow": ("POW", "POW"),
    "copies": ("枚数", "copies"),
    "civ": ("文明", "civilization"),
    "race": ("種族", "race"),
    "status": ("規制", "status"),
    "color": ("色", "colour"),
    "summon": ("召喚コスト", "summon cost"),
    "rank": ("ランク", "rank"),
    "effect": ("効果", "effect"),
    "attack": ("攻撃", "attack"),
    "defense": ("防衛", "defense"),
    "speed": ("速度", "speed"),
    "ap": ("AP", "AP"),
    "dp": ("DP", "DP"),
    "damage": ("ダメージ", "damage"),
    "text": ("テキスト", "text"),
}

# values that card tables hold as words of their own (a colour, an element, a cost kind): Japanese, English
VALUE_WORDS: dict[str, tuple[str, str]] = {
    "black": ("黒", "black"),
    "white": ("白", "white"),
    "grey": ("灰", "grey"),
    "gray": ("灰", "grey"),
    "火": ("火", "Fire"),
    "水": ("水", "Water"),
    "風": ("風", "Wind"),
    "土": ("土", "Earth"),
    "光": ("光", "Light"),
    "闇": ("闇", "Darkness"),
    "自然": ("自然", "Nature"),
    "無色": ("無色", "Colourless"),
    "discard_hand": ("手札を1枚捨てる", "discard a card from your hand"),
    "discard_set": ("セットカードを1枚捨てる", "discard one of your set cards"),
    "殿堂": ("殿堂", "Hall of Fame: 1 copy"),
    "プレミアム殿堂": ("プレミアム殿堂", "Premium Hall of Fame: none"),
    "禁止": ("使用禁止", "banned"),
    "unsupported": ("未対応", "not playable here"),
}

# the fields that make the corner badge, the first a card has (a number, or a short mark such as LV1)
BADGE_KEYS = ("cost", "summon", "level", "rank")
_FACE_SKIP = {"id", "type", "name", "name_en", "type_label", "text", "text_en", "effect"}
_BILINGUAL = re.compile(r"^(.+?) \(([^()]+)\)$")  # "ドラゴン (Dragon)"
_KEYWORD_JA = re.compile(r"^[\u30a0-\u30ffA-Za-z0-9\uff21-\uff3a・\s]{1,14}$")  # ブロッカー, W・ブレイカー
_BRACKETS = re.compile(r"^\s*(?:【([^】]+)】|〔([^〕]+)〕|\[([^\]]+)\])")


def term_words(game: Any, key: str) -> tuple[str, str]:
    """A field, stat, flag or counter name as (Japanese, English): the game's term, the common one, else
    the key made readable."""
    terms = getattr(game, "term_labels", {}) or {}
    if key in terms:
        return tuple(terms[key])  # type: ignore[return-value]
    if key in FIELD_WORDS:
        return FIELD_WORDS[key]
    words = key.replace("_", " ")
    return words, words


def value_words(game: Any, value: Any) -> tuple[str, str]:
    """A field's value as (Japanese, English): a list joined, ``ja (en)`` split, known words translated."""
    if isinstance(value, list | tuple):
        parts = [value_words(game, v) for v in value]
        return "・".join(p[0] for p in parts), ", ".join(p[1] for p in parts)
    if isinstance(value, bool):
        return ("はい", "yes") if value else ("いいえ", "no")
    text = str(value)
    terms = getattr(game, "term_labels", {}) or {}
    if text in terms:
        return tuple(terms[text])  # type: ignore[return-value]
    if text in VALUE_WORDS:
        return VALUE_WORDS[text]
    m = _BILINGUAL.match(text)
    if m:
        return m.group(1), m.group(2)
    if "/" in text and all(p in VALUE_WORDS for p in text.split("/")):
        parts = [VALUE_WORDS[p] for p in text.split("/")]
        return "/".join(p[0] for p in parts), "/".join(p[1] for p in parts)
    if " " in text and all(p in VALUE_WORDS or not p.isascii() for p in text.split()):
        parts = [VALUE_WORDS.get(p, (p, p)) for p in text.split()]
        return " ".join(p[0] for p in parts), ", ".join(p[1] for p in parts)
    return text, text


def _sentences(text: str, stop: str) -> list[str]:
    out, cur = [], ""
    for ch in text:
        cur += ch
        if cur.endswith(stop):
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out


def _keywords(ja: str, en: str) -> tuple[list[dict[str, str]], str, str]:
    """The keywords a text begins with — bracketed (【オープン】 / [Open]) or a leading one-word sentence
    (ブロッカー。 / Blocker.) — and the text after them."""
    out: list[dict[str, str]] = []
    while True:
        mj, me = _BRACKETS.match(ja), _BRACKETS.match(en)
        if not mj:
            break
        kja = next(g for g in mj.groups() if g)
        ken = next((g for g in me.groups() if g), kja) if me else kja
        out.append({"ja": kja, "en": ken})
        ja = ja[mj.end() :]
        en = en[me.end() :] if me else en
    sj, se = _sentences(ja, "。"), _sentences(en, ". ")
    while sj and len(sj) > 0 and _KEYWORD_JA.match(sj[0].rstrip("。")):
        word_en = se[0].rstrip(".").strip() if se and len(se[0].split()) <= 3 else sj[0].rstrip("。")
        out.append({"ja": sj[0].rstrip("。"), "en": word_en})
        sj = sj[1:]
        se = se[1:] if se else se
    return out, "".join(sj), " ".join(se)


def _short(text: str, stop: str, limit: int) -> str:
    """The first sentence of a text (cut at ``limit`` characters, …)."""
    first = _sentences(text, stop)[:1]
    line = first[0] if first else ""
    if len(line) > limit:
        line = line[: limit - 1].rstrip() + "…"
    elif len(text.strip()) > len(line) + 1:
        line = line.rstrip() + " …"
    return line


def _type_words(game: Any, c: Any) -> tuple[str, str]:
    schema = getattr(game, "card_schema", None)
    ja = schema.types.get(c.type, c.type) if schema is not None else c.type
    en = getattr(game, "types_en", {}).get(c.type, c.type)
    return ja, en


def card_face(game: Any, c: Any) -> dict[str, Any]:
    """One card of the pool as a face (plain data for a screen): names, type, badge, numbers, facts,
    keywords, a short effect line and the whole text, every label in Japanese and English."""
    row = game.card_table_row(c)
    tja, ten = _type_words(game, c)
    types = list(getattr(getattr(game, "card_schema", None), "types", {}) or [])
    face: dict[str, Any] = {
        "id": c.id,
        "name": row.get("name", c.name),
        "name_en": row.get("name_en", c.name_en),
        "type": c.type,
        "type_ja": tja,
        "type_en": ten,
        "type_index": types.index(c.type) if c.type in types else len(types),
        "badge": None,
        "stats": [],
        "facts": [],
    }
    for key in BADGE_KEYS:
        v = row.get(key)
        if (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, str) and 0 < len(v) <= 8):
            ja, en = term_words(game, key)
            face["badge"] = {"key": key, "ja": ja, "en": en, "value": v}
            break
    badge = face["badge"]["key"] if face["badge"] else None
    for key, v in row.items():
        if key in _FACE_SKIP or key == badge or v is None or v == "" or v == []:
            continue
        ja, en = term_words(game, key)
        if isinstance(v, int) and not isinstance(v, bool) and key != "copies":
            face["stats"].append({"key": key, "ja": ja, "en": en, "value": v})
        else:
            vja, ven = value_words(game, v)
            face["facts"].append({"key": key, "ja": ja, "en": en, "value_ja": vja, "value_en": ven})
    text_ja, text_en = str(row.get("text") or ""), str(row.get("text_en") or "")
    keywords, rest_ja, rest_en = _keywords(text_ja, text_en)
    effect = row.get("effect")
    if isinstance(effect, str) and effect:  # a game's own short mark of the card's effect (起動/前衛(1))
        en = text_en.split(":", 1)[0] if text_ja.startswith(effect) and ":" in text_en else effect
        keywords.insert(0, {"ja": effect, "en": en})
        if rest_ja.startswith(effect):
            rest_ja = rest_ja[len(effect) :].lstrip(":： ")
            rest_en = rest_en.split(":", 1)[1].strip() if ":" in rest_en else rest_en
    face["keywords"] = keywords
    face["effect"] = {"ja": _short(rest_ja, "。", 60), "en": _short(rest_en, ". ", 90)}
    face["text"] = {"ja": text_ja, "en": text_en}
    return face


def deck_title(path: Any) -> tuple[str, str]:
    """A sample deck's name in both languages, from its first comment line (``# 紅蓮速攻 (Crimson Rush) —
    …``); the file's name made readable when it has none."""
    from pathlib import Path

    p = Path(path)
    try:
        with p.open(encoding="utf-8") as f:
            first = f.readline().strip()
    except OSError:
        first = ""
    m = re.match(r"^#\s*(.+?)\s*\(([^()]+)\)", first)
    if m:
        return m.group(1).strip(), m.group(2).strip()
    words = p.stem.replace("_", " ")
    return words, words
