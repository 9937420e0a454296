"""How a 切り札 table and its events read to a player: Japanese and English side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import ATTRIBUTES_EN, TYPES_EN, TYPES_JA

HIDDEN = "裏向きのカード (a face-down card)"
SLOT = {
    "attacker": ("アタッカー置き場", "attacker slot"),
    "support1": ("サポート置き場1", "support slot 1"),
    "support2": ("サポート置き場2", "support slot 2"),
    "hand": ("手札", "hand"),
    "discard": ("捨て札", "discard pile"),
}


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _slot(name: str) -> str:
    ja, en = SLOT.get(name, (name, name))
    return f"{ja} ({en})"


def render_event(game: Any, ev: dict[str, Any], viewer: int) -> str:
    """One event as ``viewer`` may see it (``ev`` is ``Event.view(viewer)``)."""
    cs = game.cardset
    k, seat = ev["kind"], ev["seat"]
    a = (*ev["args"], "", "", "")  # every template below may index a[0..2]; absent args read as ""
    card = ev["card"]
    c = HIDDEN if card is None else (cs[card].label if card >= 0 else "")
    who = _p(seat) if seat >= 0 else ""
    you = " (you)" if seat == viewer else ""
    t = {
        "rps": f"じゃんけん: {who}{you} の勝ち — {who} wins rock-paper-scissors",
        "first_player": f"{who}{you} がファーストプレイヤー — {who} goes first",
        "reveal_card": f"{who}{you} 公開 shows: {c}",
        "redraw": f"{who}{you} 引き直し — redraws the shown cards",
        "keep_hand": f"{who}{you} 引き直さない — keeps the shown cards",
        "life_set": f"{who} ライフ {a[0]} 枚 — sets {a[0] if a else 0} life cards",
        "round": f"── 第{a[0] if a else ''}ラウンド — round {a[0] if a else ''} ──",
        "draw": f"{who}{you} ドロー draws: {c}",
        "revealed_draw": f"{who}{you} 引いたカードを公開して2枚手札に — showed the draw and took 2",
        "kept_draw": f"{who}{you} 公開しない — keeps the drawn card hidden",
        "no_draw": f"{who} 山札がないので引けない — cannot draw (empty deck)",
        "reshuffle": f"{who} 捨て札を山札に — reshuffles the discard pile into a new deck",
        "set": f"{who}{you} セット: {_slot(a[0])} — sets a card face down",
        "no_attacker_set": f"{who} 手札がない — has no card to set",
        "support_set_done": f"{who}{you} セットしました — done setting",
        "overwrite": f"{who}{you} 上書き: {_slot(a[0])} → {_slot(a[1])} {c}",
        "no_trump": f"{who}{you} 切り札を使いません — no trump",
        "trump": f"{who}{you} 切り札を使う! — uses a trump in the {_slot(a[0])}",
        "open_attacker": f"{who}{you} アタッカーオープン opens {c} — POW {a[0] if a else ''}",
        "set_attacker": f"{who}{you} セットアタッカー (set attacker) — POW {a[0]}, 全属性 all attributes",
        "no_attacker": f"{who} アタッカーなし — has no attacker",
        "open_support": f"{who}{you} サポートオープン opens {c} ({_slot(a[0])})",
        "support_pass": f"{who}{you} サポートを使いません — uses no support",
        "pow": f"{who} のアタッカー POW {_signed(a[0])} → {a[1]} ({c})",
        "pow_set": f"{who} のアタッカー POW = {a[0]} ({c})" if a else "",
        "pow_swap": f"POW 入れ替え swapped: {_p(seat)} {a[0]}, {_p(1 - seat)} {a[1]} ({c})" if a else "",
        "protect": f"{who} ライフを守る — life protected this round ({c})",
        "guard": f"{who} POWを守る — attacker guarded this round ({c})",
        "guarded": f"{who} の守りで効果は無効 — the guard stops {c}",
        "protected": f"{who} は守られている — protected: no life card is taken",
        "peek_support": f"{who}{you} 相手の{_slot(a[0])}を見る looks at: {c}",
        "peek_life": f"{who}{you} 相手のライフ{a[0]}枚目を見る looks at life card {a[0]}: {c}",
        "discard_support": f"{who}{you} 相手の{_slot(a[0])}を捨てる discards: {c}",
        "scry": f"{who}{you} 山札の一番上を{'下' if a and a[0] == 'bottom' else '上'}に — puts the top card "
        f"{'at the bottom' if a and a[0] == 'bottom' else 'back on top'}",
        "swap_life": f"{who}{you} ライフ{a[0]}枚目と手札を入れ替え — swaps a hand card with life card {a[0]}",
        "skip": f"{who}{you} 入れ替えない — does not swap",
        "life_added": f"{who} ライフ+1 (now {a[0] if a else ''}) — adds a life card",
        "cost_paid": f"{who}{you} コスト支払い pays: {c}",
        "cost_declined": f"{who}{you} コストを払わない — declines the cost of {c}",
        "cost_unpaid": f"{who} コストを払えない — cannot pay the cost of {c}",
        "condition_failed": f"{who} 条件を満たさない — condition not met ({c})",
        "battle_won": f"バトル: {who}{you} の勝ち — {who} wins the battle, POW {a[0]} vs {a[1]}" if a else "",
        "battle_tie": f"バトル: 引き分け — equal POW ({a[0] if a else ''})",
        "no_battle": "バトルなし — no attackers, no battle",
        "life_taken": f"{who}{you} ライフ{a[0]}枚目を手札に — takes life card {a[0]} into hand: {c} "
        f"(life {a[1]})"
        if a
        else "",
        "discard": f"{who} 捨て札へ discards: {c}",
        "game_over": "ゲーム終了 — game over: {} / {}".format(*game.outcomes.get(a[0], (a[0], a[0]))),
    }.get(k)
    return t if t is not None else f"{k} {who} {c} {a}"


def _signed(x: Any) -> str:
    return f"{x:+d}" if isinstance(x, int) else str(x)


def _card_line(game: Any, cid: str | None) -> str:
    if cid is None:
        return HIDDEN
    c = game.cardset.find(cid)
    if c is None:
        return cid
    pw = c.get("pow")
    attrs = "".join(c.get("attributes", []))
    extra = f" POW {pw} {attrs}" if pw else ""
    return f"{c.label}{extra}"


def _slot_text(game: Any, slot: list[dict[str, Any]], set_attacker: bool = False) -> str:
    if not slot:
        return "—"
    e = slot[0]
    if set_attacker:
        shown = "" if e["card"] is None else f" [{_card_line(game, e['card'])}]"
        return f"セットアタッカー (set attacker) POW 200{shown}"
    state = "表 face up" if e["face_up"] else "裏 set"
    return f"{_card_line(game, e['card'])} ({state})"


def render_observation(game: Any, obs: dict[str, Any]) -> Any:
    seat = obs["seat"]
    head = Text(
        f"第{obs['round']}ラウンド round {obs['round']} · {obs['phase_ja']} ({obs['phase']}) · "
        f"ファースト first: {_p(obs['first'])} · "
        f"手番 to move: {_p(obs['to_move']) if obs['to_move'] >= 0 else '—'}",
        style="bold",
    )
    panels = []
    for p in obs["players"]:
        me = p["seat"] == seat
        t = Table.grid(padding=(0, 1))
        t.add_column(style="cyan", no_wrap=True)
        t.add_column()
        t.add_row(
            "ライフ life",
            str(p["life"]["count"])
            + (
                "  " + ", ".join(f"{pos + 1}:{_card_line(game, cid)}" for pos, cid in p["life"]["known"])
                if p["life"]["known"]
                else ""
            ),
        )
        t.add_row("山札 deck", str(p["deck"]["count"]))
        hand = p["hand"]
        if me:
            t.add_row("手札 hand", "\n".join(_card_line(game, c) for c in hand["known"]) or "—")
        else:
            known = ", ".join(_card_line(game, c) for c in hand["known"])
            t.add_row("手札 hand", f"{hand['count']} 枚" + (f" (known: {known})" if known else ""))
        pw = "" if p["pow"] is None else f"  → POW {p['pow']} {''.join(p['attributes'])}"
        t.add_row("アタッカー", _slot_text(game, p["attacker"], p["set_attacker"]) + pw)
        for k, sl in enumerate(p["supports"]):
            t.add_row(f"サポート{k + 1}", _slot_text(game, sl))
        tr = p["trump"]
        if me:
            t.add_row("切り札 trump", ", ".join(_card_line(game, cid) for _, cid in tr["known"]) or "—")
        else:
            t.add_row("切り札 trump", f"{tr['count']} 枚")
        flags = []
        if p["trump_used"]:
            flags.append("切り札使用済 trump used")
        if p["overwrite_used"]:
            flags.append("上書き済 overwrite used")
        if p["protect"]:
            flags.append("ライフ守り protected")
        if p["guard"]:
            flags.append("POW守り guarded")
        if flags:
            t.add_row("", " · ".join(flags))
        disc = p["discard"]
        t.add_row(
            "捨て札 discard",
            f"{len(disc)} 枚"
            + (" (last: " + ", ".join(game.cardset.find(c).name for c in disc[-3:]) + ")" if disc else ""),
        )
        title = f"{_p(p['seat'])}{' (you)' if me else ''}"
        panels.append(Panel(t, title=title, border_style="green" if me else "red"))
    return Group(head, *panels)


def type_label(t: str) -> str:
    return f"{TYPES_JA[t]} ({TYPES_EN[t]})"


def attr_label(a: str) -> str:
    return f"{a} ({ATTRIBUTES_EN.get(a, a)})"
