"""Events as text, from each game's templates (``Game.event_text``: code -> (Japanese, English)).

A template is a ``str.format`` string over the event's arguments plus ``who`` (the seat, "(you)" for the
viewer) and ``card`` (the event's card, or "a face-down card" when the viewer may not know it). Argument
values render by kind: a place (``{"zone", "pos", "card"}``) as the zone, position and card; another card as
its name; a list joined by "+". Format specs: ``{x:seat}`` a seat number as P1…, ``{x:outcome}`` an outcome
code as its text, ``{x:zone}`` a zone's name only, ``{x:+}`` a signed number.

Card names follow the language: in Japanese text ``紅蓮の竜騎士 (Crimson Dragoon)``, in English text
``Crimson Dragoon (紅蓮の竜騎士)`` — players read Japanese, so it is never dropped; ``both`` gives the
Japanese sentence, then the English one with English names.
"""

from __future__ import annotations

import string
from functools import cache
from typing import Any

HIDDEN_CARD = ("裏向きのカード", "a face-down card")
YOU = ("(あなた)", " (you)")


@cache
def _zone_labels(game_cls: Any, game: Any) -> dict[str, tuple[str, str]]:
    specs = game.zone_specs(game.max_players)
    return {s.name: (s.name_ja, s.label_en) for s in specs}


def zone_label(game: Any, zone_id: str, lang: int) -> str:
    """``p2.front`` -> ``P2 前衛`` / ``P2 front``; a shared zone by its name alone."""
    labels = _zone_labels(game.__class__, game)
    seat, dot, name = zone_id.partition(".")
    if not dot:
        name, seat = zone_id, ""
    text = labels.get(name, (name, name))[lang]
    return f"{seat.upper()} {text}" if seat else text


def card_label(game: Any, card: str | None, lang: int, bilingual: bool = True) -> str:
    if card is None:
        return HIDDEN_CARD[lang]
    c = game.cardset.find(card)
    if c is None:
        return card
    if not bilingual:
        return c.name_en if lang else c.name
    return f"{c.name_en} ({c.name})" if lang else f"{c.name} ({c.name_en})"


class _Formatter(string.Formatter):
    def __init__(self, game: Any, lang: int, bilingual: bool) -> None:
        self.game, self.lang, self.bilingual = game, lang, bilingual

    def format_field(self, value: Any, spec: str) -> str:
        g, lang = self.game, self.lang
        if spec == "seat":
            return "—" if value is None or value < 0 else f"P{value + 1}"
        if spec == "outcome":
            return g.outcomes.get(value, (value, value))[lang]
        if spec == "+":
            return f"{value:+d}" if isinstance(value, int) else str(value)
        if isinstance(value, dict) and "zone" in value:
            where = zone_label(g, value["zone"], lang)
            if spec == "zone":
                return where
            if value.get("pos") is not None and value.get("card", "") is not None:
                return card_label(g, value["card"], lang, self.bilingual) + f" [{where}]"
            if value.get("pos") is not None:
                return f"{where} #{value['pos'] + 1}"
            return where
        if isinstance(value, dict) and "card" in value:
            return card_label(g, value["card"], lang, self.bilingual)
        if isinstance(value, list | tuple):
            return "+".join(self.format_field(v, spec) for v in value)
        return super().format_field(value, spec)


def _fields(game: Any, ev: dict[str, Any], viewer: int, lang: int, bilingual: bool) -> dict[str, Any]:
    seat = ev.get("seat")
    who = "" if seat is None else f"P{seat + 1}" + (YOU[lang] if seat == viewer else "")
    fields: dict[str, Any] = dict(ev.get("args", {}))
    fields["who"] = who
    if "card" in ev:
        fields["card"] = card_label(game, ev["card"], lang, bilingual)
    return fields


def render_event(game: Any, ev: dict[str, Any], viewer: int, lang: str = "both") -> str:
    """One event (``Event.view(viewer, game.card_ids)``) as text: ``ja``, ``en`` or ``both`` (ja — en)."""
    templates = game.event_template(ev["code"])
    if templates is None:  # an event without a template still reads, never fails
        args = " ".join(f"{k}={v}" for k, v in ev.get("args", {}).items())
        templates = (f"{ev['code']} {{who}} {args}".strip(),) * 2
    if lang == "ja":
        return _render(game, templates[0], ev, viewer, 0, True)
    if lang == "en":
        return _render(game, templates[1], ev, viewer, 1, True)
    ja = _render(game, templates[0], ev, viewer, 0, True)
    return f"{ja} — {_render(game, templates[1], ev, viewer, 1, False)}"


@cache
def _compiled(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A template cut once into (literal, field, spec) pieces; None when it uses more than plain fields
    (attribute or index access, conversions, nested specs): those go through ``str.format``'s own path."""
    parts = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        if name is not None and (conv or not name.isidentifier() or "{" in (spec or "")):
            return None
        parts.append((literal, name, spec or ""))
    return tuple(parts)


def _render(game: Any, template: str, ev: dict[str, Any], viewer: int, lang: int, bilingual: bool) -> str:
    fields = _fields(game, ev, viewer, lang, bilingual)
    fmt = _Formatter(game, lang, bilingual)
    try:
        parts = _compiled(template)
        if parts is None:
            text = fmt.vformat(template, (), _Default(fields))
        else:
            out = []
            for literal, name, spec in parts:
                out.append(literal)
                if name is not None:
                    out.append(fmt.format_field(fields.get(name, ""), spec))
            text = "".join(out)
        return " ".join(text.split())
    except (ValueError, TypeError, IndexError, KeyError) as e:
        return f"{ev['code']} {fields.get('who', '')} ({type(e).__name__}: {e})"


class _Default(dict):
    """Missing arguments read as empty, so a template never fails on an event that omits one."""

    def __missing__(self, key: str) -> str:
        return ""
