"""The terminal's table: any game's observation (tefuda/schema/observation.schema.json) as Rich panels —
one per player (their counters and zones), one for the shared zones, the game's own ``extra`` lines, in
Japanese and English side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HIDDEN = "裏向きのカード (a face-down card)"


def term(game: Any, key: str) -> str:
    """A flag, counter or stat name as ``日本語 (English)`` (``Game.term_labels``), else the key."""
    ja, en = getattr(game, "term_labels", {}).get(key, (key, key.replace("_", " ")))
    return en if ja == en else f"{ja} ({en})"


def card_line(game: Any, e: dict[str, Any], table: bool = True) -> str:
    """A card as one line; ``table``: on the table, where lying face down is worth saying."""
    if e["card"] is None:
        text = HIDDEN if not e["face_up"] else "? (unknown)"
    else:
        text = f"{e['name']} ({e['name_en']})"
        if table and not e["face_up"]:
            text += " 〔裏 face down〕"
    stats = e.get("stats") or {}
    if stats:
        text += "  " + " ".join(f"{term(game, k)} {v}" for k, v in stats.items() if v is not None)
    counters = e.get("counters") or {}
    if counters:
        text += "  " + " ".join(f"{term(game, k)} {v}" for k, v in counters.items())
    flags = e.get("flags") or []
    if flags:
        text += "  [" + ", ".join(term(game, f) for f in flags) + "]"
    w = e.get("with")
    if w:
        from .text import card_label, zone_label

        where = zone_label(game, w["zone"], 0) + (f" #{w['pos'] + 1}" if w.get("pos") is not None else "")
        on = card_label(game, w["card"], 0) if w.get("card") is not None else ""
        text += f"  ← {on} [{where}]" if on else f"  ← [{where}]"
    return text


def zone_text(game: Any, z: dict[str, Any], viewer: int) -> str:
    cards = z["cards"]
    listed = z["visibility"] != "hidden" and not (z["name"] and _is_hand(z) and z["owner"] != viewer)
    if _is_hand(z) and z["owner"] == viewer:
        return "\n".join(card_line(game, e, False) for e in cards) or "—"
    if not listed or z["visibility"] == "hidden":
        known = ", ".join(_from_top(z, e) + card_line(game, e, False) for e in cards)
        return f"{z['count']} 枚" + (f" (known: {known})" if known else "")
    if z["visibility"] == "private" and z["ordered"]:  # a pile of one's own set aside (a trump deck)
        return "\n".join(card_line(game, e, False) for e in cards)
    if not cards:
        return "—"
    if len(cards) > 8 and all(e["face_up"] for e in cards):  # a long public pile: its count and last cards
        last = ", ".join(f"{e['name']} ({e['name_en']})" for e in cards[-3:])
        return f"{z['count']} 枚 (last: {last})"
    return "\n".join(card_line(game, e) for e in cards)


def _from_top(z: dict[str, Any], e: dict[str, Any]) -> str:
    """``上から2枚目 2nd from the top: `` for a known card of a pile."""
    if e["pos"] is None or not z["ordered"]:
        return ""
    k = e["pos"] + 1 if z["top"] == "first" else z["count"] - e["pos"]
    return f"上から{k}枚目 #{k} from the top: "


def _is_hand(z: dict[str, Any]) -> bool:
    return z["visibility"] == "private" and z["name"] == "hand"


def counters_line(counters: list[dict[str, Any]]) -> str:
    """A player's counters on one line: ``ライフ life 3 · POW 500 · …`` (false flags and empty values left
    out, true ones named)."""
    parts = []
    for c in counters:
        v = c["value"]
        name = f"{c['ja']} {c['en']}" if c["ja"] != c["en"] else c["en"]
        if v is None or v is False:
            continue
        parts.append(name if v is True else f"{name} {v}")
    return " · ".join(parts)


def render_observation(game: Any, obs: dict[str, Any]) -> Any:
    seat = obs["seat"]
    ph = obs["phase"]
    to_move = obs["to_move"]
    head = (
        f"{ph['ja']} ({ph['en']}) · ターン turn {obs['turn']} · 先攻 first: P{obs['first_player'] + 1} · "
        f"手番 to move: {'—' if to_move < 0 else f'P{to_move + 1}'}"
    )
    parts: list[Any] = [Text(head, style="bold")]
    pr = obs.get("prompt")
    if pr and pr["seat"] != seat:
        parts.append(Text(f"P{pr['seat'] + 1}: {pr['ja']} ({pr['en']})"))
    shared = [z for z in obs["zones"] if z["owner"] is None]
    if shared:
        t = Table.grid(padding=(0, 1))
        t.add_column(style="cyan", no_wrap=True)
        t.add_column()
        for z in shared:
            t.add_row(f"{z['ja']} {z['en']}", zone_text(game, z, seat))
        parts.append(Panel(t, title="場 table", border_style="blue"))
    for p in obs["players"]:
        me = p["seat"] == seat
        t = Table.grid(padding=(0, 1))
        t.add_column(style="cyan", no_wrap=True)
        t.add_column()
        line = counters_line(p["counters"])
        if line:
            t.add_row("", Text(line, style="bold"))
        for z in obs["zones"]:
            if z["owner"] == p["seat"]:
                t.add_row(f"{z['ja']} {z['en']}", zone_text(game, z, seat))
        title = f"{p['name']}{' (you)' if me else ''}"
        parts.append(Panel(t, title=title, border_style="green" if me else "red"))
    for line in game.render_extra(obs):
        parts.append(Text(line))
    out = obs.get("outcome")
    if out is not None:
        who = " & ".join(f"P{w + 1}" for w in out["winners"]) or "引き分け draw"
        parts.append(Text(f"ゲーム終了 game over — {who} ({out['ja']} / {out['en']})", style="bold"))
    return Group(*parts)
