"""The terminal's table: any game's observation (tefuda/schema/observation.schema.json) in a compact layout
that fits a 100×30 terminal in every game — a header, then each player in a few lines (others first, the
viewer last, nearest the prompt): their counters; their piles as counts and top cards (a deck, a
graveyard, life); the cards on the table inline, stats as a row of numbers under a legend; their hand. A
pile's every card is one command away (``zone NAME`` in ``tefuda play``), a card's whole text another
(``card NAME``). Japanese and English side by side, always."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

HIDDEN = "裏向きのカード (a face-down card)"
BACK = "裏 (face down)"


def term(game: Any, key: str) -> str:
    """A flag, counter or stat name as ``日本語 (English)`` (``Game.term_labels``), else the key."""
    ja, en = term_pair(game, key)
    return en if ja == en else f"{ja} ({en})"


def term_pair(game: Any, key: str) -> tuple[str, str]:
    return getattr(game, "term_labels", {}).get(key, (key, key.replace("_", " ")))


def card_name(e: dict[str, Any]) -> str:
    return f"{e['name']} ({e['name_en']})" if e["name"] != e["name_en"] else e["name"]


def card_line(
    game: Any, e: dict[str, Any], table: bool = True, stats: bool = True, flags_seen: set[str] | None = None
) -> str:
    """A card as one line; ``table``: on the table, where lying face down is worth saying; ``stats``: with
    its stats named (a zone that gives a legend shows bare numbers instead); ``flags_seen``: flags in
    Japanese only, noted here for one legend in both languages under the table."""
    if e["card"] is None:
        text = HIDDEN if not e["face_up"] else "? (unknown)"
    else:
        text = card_name(e)
        if table and not e["face_up"]:
            text += " 〔裏 face down〕"
    values = e.get("stats") or {}
    if values:
        if stats:
            text += "  " + " ".join(f"{term(game, k)} {v}" for k, v in values.items() if v is not None)
        else:
            text += " " + "/".join("-" if v is None else str(v) for v in values.values())
    counters = e.get("counters") or {}
    if counters:
        text += "  " + " ".join(f"{term(game, k)} {v}" for k, v in counters.items())
    flags = e.get("flags") or []
    if flags:
        if flags_seen is None:
            text += " [" + ", ".join(term(game, f) for f in flags) + "]"
        else:
            flags_seen.update(flags)
            text += " [" + ", ".join(term_pair(game, f)[0] for f in flags) + "]"
    w = e.get("with")
    if w:
        from .text import card_label, zone_label

        where = zone_label(game, w["zone"], 0) + (f" #{w['pos'] + 1}" if w.get("pos") is not None else "")
        on = card_label(game, w["card"], 0) if w.get("card") is not None else ""
        text += f" ← {on} [{where}]" if on else f" ← [{where}]"
    return text


def _is_hand(z: dict[str, Any]) -> bool:
    return z["visibility"] == "private" and z["name"] == "hand"


def _specs(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    """The game's zone specs by id (capacity, whether cards there are in play)."""
    return {s.key: s for s in game.zone_specs(len(obs["players"]))}


def _kind(z: dict[str, Any], spec: Any) -> str:
    """``hand``, ``table`` (cards in play, slots: shown card by card) or ``pile`` (a deck, a graveyard,
    life: a count and the top card)."""
    if _is_hand(z) or (spec is not None and spec.mixes):
        return "hand"
    in_play = spec is not None and spec.played and z["visibility"] == "public" and z["count"] <= 12
    if spec is not None and (spec.capacity is not None or in_play):
        return "table"
    if not z["ordered"] and z["visibility"] != "hidden" and z["count"] <= 6:
        return "table"
    return "pile"


def _from_top(z: dict[str, Any], e: dict[str, Any]) -> int | None:
    if e["pos"] is None or not z["ordered"]:
        return None
    return e["pos"] + 1 if z["top"] == "first" else z["count"] - e["pos"]


def pile_text(game: Any, z: dict[str, Any]) -> str:
    """``冥府 underworld 22 (上 top: 天の審判 (Heaven's Judgement), 表 face up 15)``."""
    out = f"{z['ja']} {z['en']} {z['count']}" if z["ja"] != z["en"] else f"{z['en']} {z['count']}"
    cards = z["cards"]
    notes = []
    top = next((e for e in cards if _from_top(z, e) == 1), None)
    if top is not None and top["card"] is not None:
        notes.append(f"上 top: {card_name(top)}")
    known = [e for e in cards if e["card"] is not None and e is not top and _from_top(z, e) is not None]
    if z["visibility"] == "hidden" and known:
        notes.append(", ".join(f"{_from_top(z, e)}枚目 #{_from_top(z, e)} {card_name(e)}" for e in known[:3]))
    if z["visibility"] != "hidden" and cards and z["count"] > 1:
        up = sum(1 for e in cards if e["face_up"])
        if 0 < up < len(cards):
            notes.append(f"表 face up {up}")
    return out + (f" ({'; '.join(notes)})" if notes else "")


def _legend(game: Any, cards: list[dict[str, Any]]) -> str | None:
    """One legend for a zone whose cards all show the same stats (``攻撃/防衛/速度 attack/defense/speed``)."""
    keys = {tuple((c.get("stats") or {}).keys()) for c in cards if c.get("stats")}
    if len(keys) != 1:
        return None
    (names,) = keys
    ja = "/".join(term_pair(game, k)[0] for k in names)
    en = "/".join(term_pair(game, k)[1] for k in names)
    return ja if ja == en else f"{ja} {en}"


def table_text(game: Any, z: dict[str, Any], spec: Any, flags_seen: set[str] | None = None) -> str:
    cards = z["cards"]
    label = f"{z['ja']} {z['en']}" if z["ja"] != z["en"] else z["en"]
    if not cards:
        return f"{label}: —"
    legend = _legend(game, cards)
    head = f"{label} ({legend})" if legend else label
    shown = [card_line(game, e, True, stats=legend is None, flags_seen=flags_seen) for e in cards]
    unknown = z["count"] - len(cards)
    if unknown > 0:
        shown.append(f"{BACK} ×{unknown}")
    return f"{head}: " + " · ".join(shown)


def _grouped(lines: list[str]) -> list[str]:
    """Copies side by side as one entry: ``堕天使 (Fallen Angel) ×2``."""
    out: dict[str, int] = {}
    for line in lines:
        out[line] = out.get(line, 0) + 1
    return [line if n == 1 else f"{line} ×{n}" for line, n in out.items()]


def hand_text(game: Any, z: dict[str, Any], viewer: int) -> str:
    label = f"{z['ja']} {z['en']} {z['count']}"
    if z["owner"] == viewer:
        return f"{label}: " + (", ".join(_grouped([card_line(game, e, False) for e in z["cards"]])) or "—")
    known = _grouped([card_name(e) for e in z["cards"] if e["card"] is not None])
    return label + (f" (known: {', '.join(known)})" if known else "")


def counters_line(counters: list[dict[str, Any]], compact: bool = False) -> str:
    """A player's counters on one line: ``ライフ life 3 · POW 500 · …`` (false flags and empty values left
    out, true ones named; ``compact``: zeros after the first counter left out too)."""
    parts = []
    for k, c in enumerate(counters):
        v = c["value"]
        name = f"{c['ja']} {c['en']}" if c["ja"] != c["en"] else c["en"]
        if v is None or v is False or (compact and k > 0 and v == 0 and not isinstance(v, bool)):
            continue
        parts.append(name if v is True else f"{name} {v}")
    return " · ".join(parts)


def zone_text(game: Any, z: dict[str, Any], viewer: int, spec: Any = None) -> str:
    """A zone in full, every card it shows on its own line (``zone NAME``)."""
    cards = z["cards"]
    if _is_hand(z) and z["owner"] == viewer:
        return "\n".join(card_line(game, e, False) for e in cards) or "—"
    lines = []
    for e in cards:
        k = _from_top(z, e)
        lines.append(
            (f"{k}枚目 #{k}: " if k is not None else "") + card_line(game, e, z["visibility"] != "hidden")
        )
    unknown = z["count"] - len(cards)
    if unknown:
        lines.append(f"{BACK} ×{unknown}")
    return "\n".join(lines) or "—"


def seat_lines(
    game: Any, obs: dict[str, Any], p: dict[str, Any], specs: dict[str, Any], flags_seen: set[str]
) -> list[Text]:
    seat = obs["seat"]
    me = p["seat"] == seat
    title = f"━━ {p['name']}{' (あなた you)' if me else ''} ━━ "
    line = Text(title, style="bold green" if me else "bold red")
    line.append(counters_line(p["counters"], compact=True))
    out = [line]
    said = counters_line(p["counters"])
    piles, tables, hands, empty = [], [], [], []
    for z in obs["zones"]:
        if z["owner"] != p["seat"]:
            continue
        spec = specs.get(z["id"])
        kind = _kind(z, spec)
        if kind == "hand":
            hands.append(hand_text(game, z, seat))
        elif kind == "table":
            if z["count"]:
                tables.append(table_text(game, z, spec, flags_seen))
            elif spec is not None and spec.capacity is not None:
                empty.append(f"{z['ja']} {z['en']}" if z["ja"] != z["en"] else z["en"])
        elif z["count"] or z["visibility"] != "public":  # an empty public pile says nothing
            text = pile_text(game, z)
            if text not in said:  # already among the counters (シールド shields 4)
                piles.append(text)
    others = hands if not me else []
    # a few empty places are worth naming (no attacker set); a row of empty slots is shown by its absence
    named = [f"空 empty: {', '.join(empty)}"] if 0 < len(empty) <= 2 else []
    row = " · ".join([*piles, *others, *named])
    if row:
        out.append(Text("  " + row))
    for t in tables:
        out.append(Text("  " + t))
    if me:
        for h in hands:
            out.append(Text("  " + h, style="bold"))
    return out


def render_observation(game: Any, obs: dict[str, Any]) -> Any:
    seat = obs["seat"]
    ph = obs["phase"]
    to_move = obs["to_move"]
    specs = _specs(game, obs)
    head = (
        f"{ph['ja']} ({ph['en']}) · ターン turn {obs['turn']} · 先攻 first P{obs['first_player'] + 1} · "
        f"手番 to move: {'—' if to_move < 0 else f'P{to_move + 1}'}"
    )
    parts: list[Any] = [Text(head, style="bold")]
    pr = obs.get("prompt")
    if pr and pr["seat"] != seat:
        parts.append(Text(f"P{pr['seat'] + 1}: {pr['ja']} ({pr['en']})"))
    shared = [z for z in obs["zones"] if z["owner"] is None]
    if shared:
        bits = []
        for z in shared:
            spec = specs.get(z["id"])
            kind = _kind(z, spec)
            bits.append(table_text(game, z, spec) if kind == "table" else pile_text(game, z))
        parts.append(Text("場 table: " + " · ".join(bits)))
    n = len(obs["players"])
    me = seat if seat < n else None
    order = [p for p in obs["players"] if p["seat"] != me] + [p for p in obs["players"] if p["seat"] == me]
    flags_seen: set[str] = set()
    for p in order:
        parts.extend(seat_lines(game, obs, p, specs, flags_seen))
    extra = game.render_extra(obs)
    if extra:
        parts.append(Text(" · ".join(extra)))
    legend = [f"{ja} = {en}" for ja, en in sorted(term_pair(game, f) for f in flags_seen) if ja != en]
    if legend:
        parts.append(Text("［" + " · ".join(legend) + "］", style="dim"))
    out = obs.get("outcome")
    if out is not None:
        who = " & ".join(f"P{w + 1}" for w in out["winners"]) or "引き分け draw"
        parts.append(Text(f"ゲーム終了 game over — {who} ({out['ja']} / {out['en']})", style="bold"))
    return Group(*parts)
