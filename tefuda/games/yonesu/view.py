"""How a ヨネス table and its events read to a player: Japanese and English side by side."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HIDDEN = "裏向きのカード (a hidden card)"


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _sg(v: Any) -> str:
    return f"{v:+d}" if isinstance(v, int) else str(v)


def render_event(game: Any, ev: dict[str, Any], viewer: int) -> str:
    """One event as ``viewer`` may see it (``ev`` is ``Event.view(viewer)``)."""
    cs = game.cardset
    k, seat = ev["kind"], ev["seat"]
    a = (*ev["args"], "", "", "")
    card = ev["card"]
    c = HIDDEN if card is None else (cs[card].label if card >= 0 else "")
    who = _p(seat) if seat >= 0 else ""
    you = " (you)" if seat == viewer else ""
    t = {
        "first_player": f"じゃんけん: {who}{you} が先攻 — {who} goes first",
        "opening_draw": f"初期手札補充: {a[0]}枚ずつ引く — everyone draws {a[0]}",
        "start": f"ゲーム開始宣言 — game start: {a[0]}",
        "turn": f"── ターン{a[0]}: {who}{you} が攻撃側 — turn {a[0]}, {who} attacks ──",
        "no_exchange": f"{who} 先攻1ターン目は手札交換なし — no exchange on the first player's first turn",
        "draw": f"{who}{you} 引いた — draws: {c}",
        "deck_empty": f"山札も捨て札もない — no cards left to draw for {who}",
        "reshuffle": f"捨て札をシャッフルして山札に({a[0]}枚) — discard pile reshuffled into the deck",
        "exchange": f"{who}{you} 手札交換で捨てた — exchanges away: {c}",
        "exchange_draw": f"{who}{you} 捨てた枚数({a[0]})を引く — draws {a[0]}",
        "cost": f"{who}{you} コストにセット — sets as cost: {c}",
        "summon": f"{who}{you} 召喚 — summons {c} (リリス{a[0]})",
        "evolve": f"{who}{you} 進化 — evolves {a[0]} into {c}",
        "force": f"{who}{you} フォース発動 — activates {c}{' → ' + str(a[0]) if a[0] else ''} (リリス{a[1]})",
        "pay": f"{who}{you} 見せて捨てる — shows and discards {c}",
        "pass": f"{who}{you} フォースは使いません — passes",
        "resolve": f"{c} の効果 — resolves{' → ' + str(a[0]) if a[0] else ''}",
        "negated": f"{c} は無効 — has no effect (negated)",
        "negate": f"{c} を打ち消す — negates {c}",
        "fizzle": f"{c}: 効果なし — no effect ({a[0]})",
        "protected": f"{c} は破壊されない — is protected",
        "power": f"{c} パワー{_sg(a[0])} → {a[1]} — power {_sg(a[0])}",
        "protect": f"{c} はこのターン破壊されない — cannot be destroyed this turn",
        "ready": f"{c} はもう一度攻撃できる — may attack again",
        "bounce": f"{a[0]} を手札に戻す — returns to {who}'s hand",
        "damage": f"{who} ライフ-{a[0]} → {a[1]} — loses {a[0]} life",
        "heal": f"{who} ライフ+{a[0]} → {a[1]} — gains {a[0]} life",
        "limit": f"{who} [上限枚数]{_sg(a[0])} → {a[1]} — card limit now {a[1]}",
        "recover": f"{who} 捨て札から手札へ — takes back {c}",
        "cancel_attack": f"{who} 攻撃を無効にした — cancels the attack",
        "discard": f"{who}{you} [上限枚数]まで捨てる — discards {c}",
        "attack": f"{who}{you} 攻撃宣言: {a[0]} → {a[1]} — attacks",
        "battle": f"戦闘処理: {a[0]} — battle",
        "destroy": f"{a[0]} 破壊 — destroyed",
        "direct_hit": f"{who} に直接攻撃 ライフ-{a[0]} → {a[1]} — takes {a[0]} damage",
        "turn_end": f"{who}{you} ターンエンド宣言 — ends the turn",
        "settle": f"{who}{you} コスト精算で捨てる — settles with {c}",
        "settled": f"{who} 精算完了(使用リリス{a[0]}, 捨てたコスト{a[1]}) — settled",
        "lose": f"{who}{you} 敗北 — is out: " + "{} / {}".format(*game.outcomes.get(a[0], (a[0], a[0]))),
        "game_over": "ゲーム終了 — game over: {} / {}".format(*game.outcomes.get(a[0], (a[0], a[0]))),
        "phase": f"── {a[0]} ({a[1]}) ──",
        "no_cost": f"{who}{you} コストをセットしない — sets no cost",
        "show": f"{who}{you} 見せる — shows {c}",
        "say": f"{who}{you}: 「{a[0]}」",
    }.get(k)
    return t if t else f"{who} {k} {c} {' '.join(map(str, ev['args']))}".strip()


def _card(game: Any, cid: str | None) -> str:
    if cid is None:
        return HIDDEN
    c = game.cardset.find(cid)
    return c.label if c else cid


def render_observation(game: Any, obs: dict[str, Any]) -> Any:
    """The table as the viewing seat sees it."""
    seat = obs["seat"]
    parts: list[Any] = []
    head = Text(
        f"ターン {obs['turn']} — {obs['phase']} ({obs['phase_en']}) · 攻撃側 attacker P{obs['attacker'] + 1}"
        f" · 山札 deck {obs['deck']} · 捨て札 discard {len(obs['discard'])}"
    )
    parts.append(head)
    for p in obs["players"]:
        t = Table(show_header=False, box=None, pad_edge=False)
        t.add_column(style="bold")
        t.add_column()
        me = " (you)" if p["seat"] == seat else ""
        status = "" if p["alive"] else " — 敗退 (out)"
        hand = p["hand"]
        if isinstance(hand, dict):
            known = [_card(game, c) for c in hand["known"]]
            hand_txt = f"{hand['count']}枚 cards" + (f" — {', '.join(known)}" if known else "")
        else:
            hand_txt = str(hand)
        t.add_row("ライフ life", str(p["life"]))
        t.add_row("[上限枚数] limit", f"{p['cards']}/{p['limit']}")
        t.add_row("手札 hand", hand_txt)
        field = []
        for y in p["yonesu_field"]:
            stack = " ← ".join(_card(game, c) for c in reversed(y["stack"]))
            marks = ("(攻撃済 attacked)" if y["attacked"] else "") + (
                "(破壊されない)" if y["protected"] else ""
            )
            field.append(f"{y['name']}: パワー {y['power']} {marks} [{stack}]")
        t.add_row("ヨネスフィールド", "\n".join(field) or "—")
        cost = ", ".join(_card(game, c) for c in p["cost_field"])
        t.add_row(
            "コストフィールド", f"{cost or '—'} (コスト計 {p['cost_total']}, 使用リリス {p['lilith_used']})"
        )
        parts.append(Panel(t, title=f"P{p['seat'] + 1}{me}{status}", expand=False))
    if obs["stack"]:
        lines = [
            f"P{i['seat'] + 1}: {_card(game, i['card'])}{' → ' + i['target'] if i['target'] else ''}"
            + (" (無効 negated)" if i["negated"] else "")
            for i in obs["stack"]
        ]
        parts.append(Panel("\n".join(lines), title="発動中のフォース (forces on the stack, newest last)"))
    if obs["battle"]:
        b = obs["battle"]
        parts.append(
            Text(
                f"戦闘中 battle: {' + '.join(str(x) for x in b['attackers'])} → {b['target']}"
                + (" (無効 cancelled)" if b["cancelled"] else "")
            )
        )
    return Group(*parts)
