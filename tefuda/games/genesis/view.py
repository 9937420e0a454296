"""How a ジェネシス・ガーデン table and its events read to a player: Japanese and English side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HIDDEN = "裏向きのカード (a hidden card)"
WHY = {
    "upkeep": "ユニットの維持 upkeep",
    "cost": "召喚コスト summon cost",
    "damage": "戦闘ダメージ damage",
    "penalty": "攻撃失敗 penalty",
    "return": "手札に戻す cost of returning",
}


def render_event(game: Any, ev: dict[str, Any], viewer: int) -> str:
    cs = game.cardset
    k, seat = ev["kind"], ev["seat"]
    a = (*ev["args"], "", "", "", "")
    card = ev["card"]
    c = HIDDEN if card is None else (cs[card].label if card >= 0 else "")
    who = f"P{seat + 1}" if seat >= 0 else ""
    you = " (you)" if seat == viewer else ""
    union = (" (ユニオンの片方も)", " (the union's other card too)") if a[0] == "union" else ("", "")
    t = {
        "shuffle": f"{who} 本陣をシャッフル — shuffles the deck",
        "bow": f"「{a[0]}」 — the players bow",
        "draw": f"{who}{you} ドロー — draws: {c}",
        "mulligan": f"{who}{you} マリガン — mulligans",
        "keep": f"{who}{you} マリガンしない — keeps",
        "reveal": f"{who} 公開 — shows {c} (召喚+階級 {a[0]}, 速度 {a[1]})",
        "first_player": f"{who} が先攻 — {who} goes first" + (" (coin)" if a[0] == "coin" else ""),
        "breakout": f"『{a[0]}』 — Breakout!",
        "round": f"══ ラウンド{a[0]} — round {a[0]} ══",
        "player_turn": f"── {who}{you} のプレイヤーターン — {who}'s turn ──",
        "battle_turn": "── バトルターン — battle turn ──",
        "upkeep": f"{who} ユニットの維持: {a[0]}枚 — upkeep {a[0]}",
        "mill": f"{who} 本陣→冥府 ({WHY.get(a[0], a[0])}): {c}",
        "cycle": f"{who} サイクル{a[0]}回目 ({a[1]}枚) — cycle {a[0]}: {a[1]} cards back into the deck",
        "third_empty": f"{who} 本陣が3回目の0 — deck empty a third time",
        "summon_cost": f"{who}{you} 召喚コスト{a[0]} — pays summon cost {a[0]} for {c}",
        "summon": f"{who}{you} 召喚 — summons {c} ({a[0]})",
        "quick_summon": f"{who}{you} 速攻召喚 — quick-summons {c} ({a[0]})",
        "end_declared": f"{who}{you} ターン終了 — ends the turn",
        "return": f"{who}{you} 手札に戻す{union[0]} — returns {c} to hand{union[1]}",
        "bury": f"{who}{you} 冥府に送る{union[0]} — sends {c} to the underworld{union[1]}",
        "to_front": f"{who}{you} 前衛へ — {c} to the front",
        "to_rear": f"{who}{you} 後衛へ — {c} to the rear",
        "union": f"{who}{you} ユニオン: {c} → {a[0]}",
        "release": f"{who}{you} ユニオン解除: {c} ← {a[0]}",
        "union_done": f"{who}{you} 配置完了 — done arranging",
        "pass": f"{who}{you} 速度{a[0]}: パス — passes at speed {a[0]}",
        "effect": f"{who}{you} {c} 効果 {a[0]} — {a[1]} {a[2]}",
        "reincarnate": f"{who} 転生 — turns {c} face down",
        "ritual": f"{who}{you} 術式発動 — ritual: {c}",
        "decline": f"{who}{you} 効果を発動しない — does not use {c}",
        "damaged": f"{c} {a[0]}ダメージ (防衛 {a[1]}) — takes {a[0]} damage",
        "reduced": f"{c} 攻撃・防衛-{a[0]} (防衛 {a[1]}) — reduced",
        "immune": f"{c} はダメージを受けない — takes no damage",
        "destroyed": f"{a[0]} 破壊 — destroyed",
        "attack": f"{who}{you} 攻撃宣言 {a[0]} (攻撃 {a[1]}) — attacks",
        "block": f"{who}{you} {a[0]} で受ける (防衛 {a[1]}) — blocks",
        "take": f"{who}{you} 受けない — takes the attack",
        "battle": f"戦闘: {a[0]}",
        "direct_attack": f"{who} 直接攻撃 {a[0]} — direct attack for {a[0]}",
        "penalty": f"{who} 攻撃失敗の代償 {a[0]}枚 — attack failed: {a[0]} cards (not damage)",
        "game_over": "ゲーム終了 — game over: {} / {}".format(*game.outcomes.get(a[0], (a[0], a[0]))),
        "say": f"{who}{you}: 「{a[0]}」",
    }.get(k)
    return t if t else f"{who} {k} {c} {' '.join(map(str, ev['args']))}".strip()


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
