"""The simulation lab's answers for a designer: summary tables, the deck-vs-deck grid, and an HTML report.

Everything here reads a simulation summary (``SimSummary.to_dict()``); nothing plays games except
``round_robin``, which runs ``simulate`` once per ordered pair of decks.
"""

from __future__ import annotations

import base64
import html
import io
import time
from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from typing import Any

from rich.table import Table


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: list[float]) -> str:
    return f"[{_pct(ci[0])}–{_pct(ci[1])}]"


def summary_tables(d: dict[str, Any], *, top_cards: int = 8) -> list[Table]:
    """The human summary: seats and agents with 95 % Wilson intervals, the first player's share, game
    length, how games ended, rule holes, and the cards whose players won most and least."""
    n = d["games"]
    finished = n - d["aborted"] - _errors(d)
    t = Table(title=f"{d['game']}: {n} games, seed {d['seed']}{_stopped(d)}")
    t.add_column("")
    t.add_column("value", justify="right")
    t.add_column("95% interval", justify="right")
    decks = d.get("decks") or {}
    for k, v in d["wins"].items():
        rate = v / finished if finished else 0.0
        t.add_row(f"wins {k} ({d['agents'][k]})", f"{v} ({_pct(rate)})", _ci(d["wins_ci"][k]))
    for k, e in decks.items():
        t.add_row(f"deck {k}", e["name"], e["source"])
    if len(d["by_agent"]) > 1 or len(d["agents"]) > 2:
        for spec, e in d["by_agent"].items():
            t.add_row(f"agent {spec}", f"{e['wins']}/{e['seat_games']} ({_pct(e['rate'])})", _ci(e["ci"]))
    t.add_row("draws", str(d["draws"]), "")
    fp = d["first_player"]
    t.add_row(
        "first player wins",
        f"{fp['wins']}/{fp['decided']} ({_pct(fp['rate'])}; fair {_pct(fp['fair_share'])})",
        _ci(fp["ci"]),
    )
    if len({e["name"] for e in decks.values()}) > 1:
        t.add_row(
            "note",
            "the seats play different decks: a seat's share is the deck gap,",
            "the first player's share the seat's",
        )
    for what in ("actions", "turns"):
        ln = d["length"][what]
        t.add_row(
            f"length in {what}",
            f"mean {ln['mean']:.1f} · median {ln['median']:.0f} · p95 {ln['p95']:.0f}",
            "",
        )
    t.add_row("aborted (action cap)", str(d["aborted"]), "")
    t.add_row("errors", str(_errors(d)), "")
    t.add_row("games / s", f"{d['games_per_s']:.1f}", "")
    for r, c in sorted(d["reasons"].items()):
        t.add_row(f"ended by: {_reason(d, r)}", str(c), "")
    out = [t]
    if d["holes"]:
        h = Table(title="rule holes (open with `tefuda replay FILE`)")
        for col in ("game", "seed", "kind", "replay"):
            h.add_column(col)
        for e in d["holes"]:
            h.add_row(str(e["game"]), str(e["seed"]), e["kind"], str(e.get("replay")))
        more = d.get("holes_total", len(d["holes"])) - len(d["holes"])
        if more > 0:
            h.add_row("…", "", f"{more} more (counted; each repeats from its seed)", "")
        out.append(h)
    played = [c for c in d["cards"] if c["played"] >= 10]
    if played:
        played.sort(key=lambda c: c["played_win_rate"], reverse=True)
        c = Table(title=f"cards: win rate of the player who played them (baseline {_pct(d['baseline'])})")
        for col in ("card", "drawn", "played", "win rate", "95% interval", "vs baseline"):
            c.add_column(col)
        shown = played if len(played) <= 2 * top_cards else played[:top_cards] + played[-top_cards:]
        for e in shown:
            c.add_row(
                f"{e['name']} ({e['name_en']})",
                str(e["drawn"]),
                str(e["played"]),
                _pct(e["played_win_rate"]),
                _ci(e["played_ci"]),
                f"{100 * e['played_vs_baseline']:+.1f}",
            )
        out.append(c)
    return out


# ---------------------------------------------------------------------- deck vs deck
def round_robin(
    game_id: str,
    specs: list[str],
    decks: list[str],
    n: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    max_actions: int | None = None,
    progress: Callable[[int], None] | None = None,
    cards: str | None = None,
) -> dict[str, Any]:
    """Every ordered pair of decks (so each deck sits first and second) for ``n`` games: the grid of the
    row deck's win rate against the column deck, with intervals; ``summary``: the lab's summary of all the
    grid's games together (seats, first player, lengths, errors and rule holes, cards)."""
    from .runner import SimInterrupted, SimSummary, Tally, start_games, stopped_by
    from .stats import wilson

    names = [Path(p).stem for p in decks]
    wins: dict[tuple[int, int], list[int]] = {}
    seconds = 0.0
    tally: Tally | None = None
    unfinished = 0

    def answer() -> dict[str, Any]:
        grid: dict[str, dict[str, Any]] = {}
        for (a, b), (w, m) in wins.items():
            grid.setdefault(names[a], {})[names[b]] = {"wins": w, "games": m, "rate": w / m if m else 0.0,
                                                       "ci": list(wilson(w, m))}  # fmt: skip
        assert tally is not None
        summary = tally.summary(seed, seconds).to_dict()
        summary["decks"] = {
            "grid": {"name": f"{len(decks)} decks, every ordered pair", "source": ", ".join(decks)}
        }
        return {
            "decks": names,
            "grid": grid,
            "games_per_pair": 2 * n,
            "unfinished": unfinished,
            "summary": summary,
        }

    for k, (i, j) in enumerate(permutations(range(len(decks)), 2)):
        game, stream = start_games(
            game_id, specs, n, seed=seed + 7919 * (k + 1), jobs=jobs, options=options,
            deck_paths=[decks[i], decks[j]], max_actions=max_actions, cards=cards,
        )  # fmt: skip
        if tally is None:  # the grid's games summed up as they come, whatever n
            tally = Tally(game, specs)
        t0 = time.perf_counter()
        try:
            for got in stream:
                for r in got:
                    tally.add(r)
                    if r.error is not None or r.aborted:
                        unfinished += 1
                        continue
                    for a, b, seat in ((i, j, 0), (j, i, 1)):
                        e = wins.setdefault((a, b), [0, 0])
                        e[0] += r.winner == seat or seat in (r.winners or ())
                        e[1] += 1
                if progress:
                    progress(len(got))
        except KeyboardInterrupt as stop:  # the grid so far, and the summary of its finished games
            stream.close()
            seconds += time.perf_counter() - t0
            rr = answer()
            summary = SimSummary(**rr.pop("summary"))
            summary.interrupted = n * len(names) * (len(names) - 1)  # the games asked for
            summary.stopped_by = stopped_by(stop)
            raise SimInterrupted(summary, rr) from None
        finally:
            stream.close()
        seconds += time.perf_counter() - t0
    return answer()


def grid_table(rr: dict[str, Any]) -> Table:
    left = rr.get("unfinished", 0)
    note = f"; {left} games not finished (errors or the action cap: listed above)" if left else ""
    t = Table(title=f"deck vs deck: the row deck's win rate ({rr['games_per_pair']} games per pair{note})")
    t.add_column("")
    for name in rr["decks"]:
        t.add_column(name, justify="right")
    for a in rr["decks"]:
        row = [a]
        for b in rr["decks"]:
            e = rr["grid"].get(a, {}).get(b)
            row.append("—" if e is None else f"{_pct(e['rate'])}\n{_ci(e['ci'])}")
        t.add_row(*row)
    return t


# ---------------------------------------------------------------------- HTML report
def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def html_report(path: str | Path, d: dict[str, Any], rr: dict[str, Any] | None = None) -> None:
    """One self-contained page: the tables, and plots (win rates with interval bars, the game-length
    histogram, per-card win rates) embedded as PNG images."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib_fontja  # noqa: F401 - a Japanese font (IPAexGothic), so card names keep their 日本語

    plots: list[tuple[str, str]] = []
    # win rates per seat with their intervals
    fig, ax = plt.subplots(figsize=(6, 3))
    seats = list(d["wins"])
    finished = max(1, d["games"] - d["aborted"] - _errors(d))
    rates = [d["wins"][k] / finished for k in seats]
    lo = [r - d["wins_ci"][k][0] for r, k in zip(rates, seats, strict=True)]
    hi = [d["wins_ci"][k][1] - r for r, k in zip(rates, seats, strict=True)]
    ax.bar(seats, rates, yerr=[lo, hi], capsize=6, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("勝率 win rate")
    ax.set_title("席ごとの勝率 wins per seat (95% Wilson interval)")
    plots.append(("Win rates", _png(fig)))
    plt.close(fig)
    # game length
    fig, ax = plt.subplots(figsize=(6, 3))
    counts = d.get("length_counts") or {0: 0}  # actions -> games (a run's lengths, in constant memory)
    ax.hist([int(v) for v in counts], bins=30, weights=list(counts.values()), color="#55a868")
    ax.set_xlabel("1ゲームの行動数 actions per game")
    ax.set_ylabel("ゲーム数 games")
    ax.set_title("ゲームの長さ game length")
    plots.append(("Game length", _png(fig)))
    plt.close(fig)
    # per-card win rate of the player who played it
    cards = sorted((c for c in d["cards"] if c["played"] >= 10), key=lambda c: c["played_win_rate"])
    if cards:
        fig, ax = plt.subplots(figsize=(8, max(3, 0.24 * len(cards))))
        ys = range(len(cards))
        rates = [c["played_win_rate"] for c in cards]
        lo = [r - c["played_ci"][0] for r, c in zip(rates, cards, strict=True)]
        hi = [c["played_ci"][1] - r for r, c in zip(rates, cards, strict=True)]
        ax.errorbar(rates, list(ys), xerr=[lo, hi], fmt="o", color="#c44e52", capsize=3)
        ax.axvline(d["baseline"], color="grey", linestyle="--")
        ax.set_yticks(list(ys))
        ax.set_yticklabels([f"{c['name']} ({c['name_en']})" for c in cards], fontsize=7)
        ax.set_xlim(0, 1)
        ax.set_xlabel(
            "そのカードを使ったプレイヤーの勝率 win rate of the player who played it (dashed: baseline)"
        )
        ax.set_title("カード別勝率 per-card win rate")
        plots.append(("Cards", _png(fig)))
        plt.close(fig)

    def table(rows: list[list[str]], head: list[str]) -> str:
        th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        trs = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><tr>{th}</tr>{trs}</table>"

    seat_rows = [
        [k, d["agents"][k], d["wins"][k], _pct(d["wins"][k] / finished), _ci(d["wins_ci"][k])] for k in seats
    ]
    fp = d["first_player"]
    facts = [
        ["games", d["games"]],
        ["draws", d["draws"]],
        ["first player wins", f"{fp['wins']}/{fp['decided']} ({_pct(fp['rate'])}) {_ci(fp['ci'])}"],
        [
            "length (actions)",
            "mean {mean:.1f}, median {median:.0f}, p95 {p95:.0f}".format(**d["length"]["actions"]),
        ],
        [
            "length (turns)",
            "mean {mean:.1f}, median {median:.0f}, p95 {p95:.0f}".format(**d["length"]["turns"]),
        ],
        ["aborted", d["aborted"]],
        ["errors", _errors(d)],
        *([f"ended by: {_reason(d, r)}", c] for r, c in sorted(d["reasons"].items())),
    ]
    card_rows = [
        [f"{c['name']} ({c['name_en']})", c["drawn"], c["played"],
         "" if c["played_win_rate"] is None else _pct(c["played_win_rate"]), _ci(c["played_ci"])]
        for c in sorted(d["cards"], key=lambda c: -(c["played_win_rate"] or 0))
    ]  # fmt: skip
    holes = [[h["game"], h["seed"], h["kind"], h.get("replay")] for h in d["holes"]]
    more = d.get("holes_total", len(holes)) - len(holes)
    if more > 0:
        holes.append(["…", "", f"{more} more (counted; each repeats from its seed)", ""])
    banner = ""
    if d.get("interrupted"):
        by = html.escape(d.get("stopped_by") or "SIGINT")
        banner = (
            f"<p class='stopped'><strong>interrupted</strong> ({by}): "
            f"{d['games']} of {d['interrupted']} games were finished; every figure here is of those.</p>"
        )
    parts = [
        f"<h1>tefuda sim — {html.escape(d['game'])}{' (interrupted)' if d.get('interrupted') else ''}</h1>",
        banner,
        table(seat_rows, ["seat", "agent", "wins", "rate", "95% interval"]),
        table([[a, b] for a, b in facts], ["", ""]),
        *(f"<h2>{t}</h2><img alt='{t}' src='data:image/png;base64,{b}'>" for t, b in plots),
        "<h2>Rule holes</h2>"
        + (table(holes, ["game", "seed", "kind", "replay"]) if holes else "<p>none</p>"),
        "<h2>Cards</h2>" + table(card_rows, ["card", "drawn", "played", "win rate", "95% interval"]),
    ]
    if rr is not None:
        head = ["", *rr["decks"]]

        def cell(a: str, b: str) -> str:
            e = rr["grid"].get(a, {}).get(b)
            return "—" if e is None else f"{_pct(e['rate'])} {_ci(e['ci'])}"

        rows = [[a, *(cell(a, b) for b in rr["decks"])] for a in rr["decks"]]
        parts.insert(4, "<h2>Deck vs deck (row deck's win rate)</h2>" + table(rows, head))
    style = (
        "body{font-family:sans-serif;max-width:960px;margin:2em auto}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px}"
        ".stopped{background:#fff3cd;border:1px solid #e0b000;padding:.5em 1em}"
    )
    title = f"tefuda sim {html.escape(d['game'])}"
    page = (
        f"<!doctype html><html lang='ja'><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{style}</style></head><body>{''.join(parts)}</body></html>"
    )
    Path(path).write_text(page, encoding="utf-8")


def _errors(d: dict[str, Any]) -> int:
    """The games that raised (the summary lists the first few of them)."""
    return int(d.get("errors_total") or len(d["errors"]))


def _stopped(d: dict[str, Any]) -> str:
    """A title's note that the run was stopped before all its games."""
    if not d.get("interrupted"):
        return ""
    return f" — interrupted ({d.get('stopped_by') or 'SIGINT'}) after {d['games']} of {d['interrupted']}"


def _reason(d: dict[str, Any], code: str) -> str:
    """An outcome code as its Japanese and English texts."""
    ja, en = d.get("reason_texts", {}).get(code, (code, code))
    return f"{ja} ({en})"


# ---------------------------------------------------------------------- A/B test of a card change
def _delta(e: dict[str, Any]) -> tuple[str, str, str, str]:
    """A, B, B − A (points) and its interval, from a paired or unpaired comparison."""
    if e["delta"] is None:
        return ("—" if e["a"] is None else _pct(e["a"]), "—" if e["b"] is None else _pct(e["b"]), "—", "")
    lo, hi = e["ci"]
    mark = " *" if e["significant"] else ""
    return _pct(e["a"]), _pct(e["b"]), f"{100 * e['delta']:+.1f}{mark}", f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"


def _change(e: dict[str, Any]) -> str:
    return e["change"] + (f" ({', '.join(e['fields'])})" if e["fields"] else "")


def ab_tables(res: dict[str, Any]) -> list[Table]:
    """The A/B answer in the terminal: per matchup P1's score, per changed card its play and win rates."""
    head = (
        f"{res['game']}: A = {res['cards_a']}, B = {res['cards_b']}; {res['games_per_matchup']} games per "
        f"matchup and card set, paired by seed (* : the 95% interval excludes 0)"
    )
    m = Table(title=head)
    for col in ("P1 deck", "P2 deck", "P1 score A", "P1 score B", "B − A (points)", "95% interval"):
        m.add_column(col)
    for e in res["matchups"]:
        m.add_row(e["p1_deck"], e["p2_deck"], *_delta(e["p1_score"]))
    out = [m]
    c = Table(title="changed cards: 変更されたカード")
    for col in ("card", "change", "play rate A", "B", "B − A", "95%", "win rate A", "B", "B − A", "95%"):
        c.add_column(col)
    for e in res["cards"]:
        c.add_row(
            f"{e['name']} ({e['name_en']})", _change(e), *_delta(e["play_rate"]), *_delta(e["win_rate"])
        )
    if not res["cards"]:
        c.add_row("(no card differs between the two sets)", *[""] * 9)
    out.append(c)
    if res["unfinished"]:
        n = Table(title="not compared")
        n.add_column("")
        n.add_row(f"{res['unfinished']} seeds had an error or hit the action cap under A or B")
        out.append(n)
    return out


def ab_html(path: str | Path, res: dict[str, Any]) -> None:
    """The A/B answer as one self-contained page (the same tables as the terminal)."""
    esc = html.escape

    def table(headers: list[str], rows: list[list[str]]) -> str:
        th = "".join(f"<th>{esc(h)}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{esc(str(x))}</td>" for x in r) + "</tr>" for r in rows)
        return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"

    m = table(
        ["P1 deck", "P2 deck", "P1 score A", "P1 score B", "B − A (points)", "95% interval"],
        [[e["p1_deck"], e["p2_deck"], *_delta(e["p1_score"])] for e in res["matchups"]],
    )
    c = table(
        ["card", "change", "play rate A", "B", "B − A", "95%", "win rate A", "B", "B − A", "95%"],
        [[f"{e['name']} ({e['name_en']})", _change(e), *_delta(e["play_rate"]), *_delta(e["win_rate"])]
         for e in res["cards"]],
    )  # fmt: skip
    page = f"""<!doctype html><html lang="ja"><head><meta charset="utf-8">
<title>tefuda A/B — {esc(res["game"])}</title>
<style>body{{font-family:sans-serif;margin:2em}} table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #bbb;padding:4px 8px;text-align:right}} td:first-child{{text-align:left}}
</style></head>
<body><h1>A/B: {esc(res["game"])}</h1>
<p>A = <code>{esc(res["cards_a"])}</code> ({esc(res["card_set_a"])}), B = <code>{esc(res["cards_b"])}</code>
({esc(res["card_set_b"])}); agents {esc(", ".join(f"{k} {v}" for k, v in res["agents"].items()))};
{res["games_per_matchup"]} games per matchup and card set on the same seeds (seed {res["seed"]}); deltas are
paired by seed (a card's win rate: Newcombe's interval); * marks a 95% interval that excludes 0.
{res["unfinished"]} seeds were not compared (an error or the action cap under A or B).</p>
<h2>対戦ごと P1's score per matchup</h2>{m}<h2>変更されたカード changed cards</h2>{c}</body></html>
"""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(page, encoding="utf-8")
