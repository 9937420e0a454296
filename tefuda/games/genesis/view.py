"""How a ジェネシス・ガーデン table and its events read to a player: Japanese and English side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HIDDEN = "裏向きのカード (a hidden card)"


def _card(game: Any, cid: str | None) -> str:
    if cid is None:
        return HIDDEN
    c = game.cardset.find(cid)
    return c.label if c else cid


def _unit(game: Any, u: dict[str, Any]) -> str:
    marks = []
    if u["tapped"]:
        marks.append("疲労")
    if u["destroyed"]:
        marks.append("破壊")
    if u["summoning_sick"]:
        marks.append("召喚酔い")
    union = f" + {_card(game, u['union'])}" if u["union"] else ""
    return f"{_card(game, u['card'])}{union}: 攻{u['attack']} 防{u['defense']} 速{u['speed']}" + (
        f" ({'/'.join(marks)})" if marks else ""
    )


def render_observation(game: Any, obs: dict[str, Any]) -> Any:
    seat = obs["seat"]
    parts: list[Any] = [
        Text(
            f"ラウンド {obs['round']} — {obs['phase']} ({obs['phase_en']})"
            + (f" · 速度 {obs['speed']}" if obs["speed"] else "")
            + f" · 先攻 P{obs['first'] + 1}"
        )
    ]
    for p in obs["players"]:
        t = Table(show_header=False, box=None, pad_edge=False)
        t.add_column(style="bold")
        t.add_column()
        hand = p["hand"]
        known = [_card(game, c) for c in hand["known"]]
        t.add_row("本陣 deck", f"{p['deck']['count']}枚 · サイクル {p['cycles']}/2")
        t.add_row("手札 hand", f"{hand['count']}枚" + (f" — {', '.join(known)}" if known else ""))
        t.add_row("前衛 front", "\n".join(_unit(game, u) for u in p["front"]) or "—")
        t.add_row("後衛 rear", "\n".join(_unit(game, u) for u in p["rear"]) or "—")
        t.add_row("冥府", f"{len(p['grave'])}枚 (表向き face up {p['grave_face_up']})")
        me = " (you)" if p["seat"] == seat else ""
        parts.append(Panel(t, title=f"P{p['seat'] + 1}{me}", expand=False))
    if obs["battle"]:
        b = obs["battle"]
        parts.append(Text(f"戦闘中 battle: {b['attacker']} → {b['blocker'] or '(直接 direct)'}"))
    return Group(*parts)
