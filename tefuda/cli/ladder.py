"""``tefuda ladder``: agents rated against each other (番付) — ratings with intervals, the pairwise scores,
time per decision; how every AI change is accepted or rejected."""

from __future__ import annotations

import html
import json
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from tefuda.core import TefudaError

from .app import CARDS_HELP, app, console, fail, game_arg, jobs_arg, out_file_arg, parse_options, players_arg


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def ladder(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    agents: list[str] = typer.Option(
        None, "--agents", help="the agents to rate: --agents random greedy ismcts:iters=400 (two or more)"
    ),
    n: int = typer.Option(20, "-n", help="games per pair and seat arrangement"),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    seed: int = typer.Option(0),
    jobs: int | None = typer.Option(None, help="worker processes (default: all cores)"),
    option: list[str] = typer.Option(None, "--option", help="house rule key=value"),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
    max_actions: int | None = typer.Option(None, help="a game this long counts as a draw"),
    decks: list[str] = typer.Option(
        None,
        "--decks",
        help="cycle the deals through every ordered pair of these decks, mirrors included (two players): "
        "deck list files or the game's sample deck names, comma-separated: --decks a.txt,b.txt",
    ),
    all_decks: bool = typer.Option(
        False,
        "--all-decks",
        help="--decks with every sample deck of the game legal under the options",
    ),
    as_json: bool = typer.Option(False, "--json"),
    report: Path | None = typer.Option(None, "--report", help="write a self-contained HTML report here"),
    resume: Path | None = typer.Option(
        None,
        "--resume",
        help="write each finished game to this file; run the same command again to play only the games it "
        "lacks (a long ladder survives being stopped)",
    ),
    seat: int | None = typer.Option(
        None,
        "--seat",
        help="play and rate only the games in which the first agent sits in this seat (1: first player); "
        "with --resume, the same command without --seat plays the rest",
    ),
) -> None:
    """Rate agents against each other: every pair plays n games in every seat arrangement (two players: both
    seat orders on the same deals; three or four: each agent alone in every seat against the other), then
    Bradley–Terry / Luce ratings on the Elo scale with 95 % intervals, the pairwise score table and each
    agent's time per decision. By default each seat plays the game's own deck for it, one deck matchup;
    --decks / --all-decks spread the deals over every pair of decks, so a seat's score is not a deck's."""
    from tefuda.lab.ladder import in_seat, run_ladder, schedule

    specs = [*(agents or []), *[a for a in ctx.args if not a.startswith("-")]]
    stray = [a for a in ctx.args if a.startswith("-")]
    if stray:
        fail(f"unknown option {stray[0]} (see tefuda ladder --help)")
    if len(specs) < 2:
        fail("--agents: name at least two agents, e.g. --agents random greedy")
    if len(set(specs)) != len(specs):
        fail("--agents: each agent once (the same spec twice would play itself)")
    if n < 1:
        fail("-n must be at least 1")
    g = game_arg(game_id, parse_options(option), cards)
    nplayers = players_arg(g, players)
    jobs_arg(jobs)
    out_file_arg(report, "--report")
    out_file_arg(resume, "--resume")
    deck_names = deck_list_arg(g, decks, all_decks)
    for name in specs:
        if name.endswith(".txt") or name in g.sample_decks():
            fail(f"{name}: a deck among the agents — --decks takes one comma-separated value: --decks a,b")
    if seat is not None and not 1 <= seat <= nplayers:
        fail(f"--seat {seat}: a seat of the {nplayers} players, 1–{nplayers}")
    total = len(in_seat(schedule(len(specs), nplayers, n, seed), seat))
    progress_cb = None
    bar = None
    if not as_json and sys.stdout.isatty():
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn("{task.completed}/{task.total} games"), BarColumn(), TimeRemainingColumn())
        task = bar.add_task("ladder", total=total)
        bar.start()

        def progress_cb(k: int) -> None:
            bar.update(task, advance=k)

    t0 = time.perf_counter()
    try:
        res = run_ladder(
            game_id, specs, n, players=nplayers, seed=seed, jobs=jobs, options=g.options,
            max_actions=max_actions, cards=cards, decks=deck_names or None, progress=progress_cb,
            resume=resume, seat=seat,
        )  # fmt: skip
    except (TefudaError, ValueError) as e:
        fail(str(e))
    except KeyboardInterrupt:
        if bar is not None:
            bar.stop()
        kept = f"; the games played are in {resume} — run the same command to go on" if resume else ""
        console.print(f"中断 — interrupted: no rating from a part of the ladder{kept}", highlight=False)
        raise typer.Exit(130) from None
    finally:
        if bar is not None:
            bar.stop()
    res["command"] = "tefuda ladder " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else ""
    from tefuda.agents.evaluation import evaluation_note

    res["evaluation"] = evaluation_note(g, nplayers, specs)
    del t0
    if report is not None:
        report.write_text(html_report(res), encoding="utf-8")
    if as_json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return
    show(res)
    if res.get("evaluation"):
        console.print(res["evaluation"], highlight=False, markup=False)
    if report is not None:
        console.print(f"report: {report}", highlight=False)


def deck_list_arg(g: Any, decks: list[str] | None, all_decks: bool) -> list[str]:
    """``--decks a,b,c`` (files or sample deck names) or ``--all-decks``: the decks to cycle through."""
    names = [d.strip() for item in decks or [] for d in item.split(",") if d.strip()]
    if all_decks:
        if names:
            fail("--all-decks or --decks, not both")
        names = list(g.legal_sample_decks())
        if len(names) < 2:
            fail(f"--all-decks: {g.id} has fewer than two sample decks legal under these options")
    return names


def show(res: dict[str, Any]) -> None:
    head = f"{res['game']}: {res['games']} games, {res['players']} players, n={res['n']}, seed {res['seed']}"
    if res.get("decks"):
        head += f", every pair of decks: {', '.join(res['decks'])}"
    t = Table(title=f"番付 ladder — {head}")
    for col in ("agent", "Elo", "95% interval", "score", "games", "s/decision", "max s"):
        t.add_column(col, overflow="fold")
    for r in res["ratings"]:
        t.add_row(
            r["agent"],
            f"{r['elo']:.0f}",
            f"{r['ci'][0]:.0f}–{r['ci'][1]:.0f}",
            f"{100 * r['score']:.1f}%",
            str(r["games"]),
            f"{r['seconds_per_decision']:.4f}",
            f"{r['max_seconds_per_decision']:.3f}",
        )
    console.print(t)
    p = Table(title="pairs: A's score against B (95 % interval), by seat")
    cols = ["A", "B", "games", "A's score", "interval", "by seat"]
    if res.get("decks"):
        cols.append("by A's deck")
    for col in cols:
        p.add_column(col, overflow="fold")
    for r in res["pairs"]:
        seats = _seats(r, res["players"])
        row = [
            r["a"],
            r["b"],
            str(r["games"]),
            f"{100 * r['score_a']:.1f}%",
            f"{100 * r['ci_a'][0]:.0f}–{100 * r['ci_a'][1]:.0f}%",
            seats,
        ]
        if res.get("decks"):
            row.append(_by_deck(r))
        p.add_row(*row)
    console.print(p)
    console.print(f"{res['model']}; {res['seconds']} s", highlight=False)
    for e in res["errors"]:
        console.print(f"error (seed {e['seed']}, {' vs '.join(e['seats'])}): {e['error']}", highlight=False)


def _seats(r: dict[str, Any], players: int) -> str:
    """``A as P1 55% · A as P2 48%`` (three or four players: A alone in each seat, then B alone)."""
    alone = "" if players == 2 else " alone"
    out = [f"A{alone} as {k} {100 * v:.0f}%" for k, v in r["a_by_seat"].items()]
    if players > 2:
        out += [f"B{alone} as {k} {100 * v:.0f}%" for k, v in r["b_by_seat"].items()]
    return " · ".join(out)


def _by_deck(r: dict[str, Any]) -> str:
    """``A with 竜騎の咆哮 60% · …``: A's score with each deck, in either seat."""
    return " · ".join(f"{k} {100 * v:.0f}%" for k, v in r.get("a_by_deck", {}).items())


def html_report(res: dict[str, Any]) -> str:
    esc = html.escape
    rows = "".join(
        f"<tr><td>{esc(r['agent'])}</td><td>{r['elo']:.0f}</td><td>{r['ci'][0]:.0f}–{r['ci'][1]:.0f}</td>"
        f"<td>{100 * r['score']:.1f}%</td><td>{r['games']}</td><td>{r['seconds_per_decision']:.4f}</td></tr>"
        for r in res["ratings"]
    )
    pairs = "".join(
        f"<tr><td>{esc(r['a'])}</td><td>{esc(r['b'])}</td><td>{r['games']}</td>"
        f"<td>{100 * r['score_a']:.1f}%</td><td>{100 * r['ci_a'][0]:.0f}–{100 * r['ci_a'][1]:.0f}%</td>"
        f"<td>{esc(_seats(r, res['players']))}</td><td>{esc(_by_deck(r))}</td></tr>"
        for r in res["pairs"]
    )
    title = f"tefuda ladder — {esc(res['game'])}"
    return f"""<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:4px 8px;text-align:left}}</style></head><body>
<h1>番付 ladder — {esc(res["game"])} ({res["players"]} players)</h1>
<p>{res["games"]} games, n={res["n"]} per pair and seat arrangement, seed {res["seed"]}, {res["seconds"]} s;
decks: {esc(", ".join(res.get("decks") or []) or "each seat's default")}.
<code>{esc(res.get("command", ""))}</code></p>
<h2>Ratings</h2><table><tr><th>agent</th><th>Elo</th><th>95% interval</th><th>score</th><th>games</th>
<th>s/decision</th></tr>{rows}</table>
<h2>Pairs</h2><table><tr><th>A</th><th>B</th><th>games</th><th>A's score</th><th>interval</th>
<th>by seat</th><th>by A's deck</th></tr>
{pairs}</table><p>{esc(res["model"])}</p></body></html>
"""


@app.command()
def train(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    minutes: float = typer.Option(3.0, help="how long to play self-play games (on every core)"),
    games: int | None = typer.Option(None, help="exactly this many games instead (a run that repeats)"),
    seed: int = typer.Option(0),
    jobs: int | None = typer.Option(None, help="worker processes (default: all cores)"),
    option: list[str] = typer.Option(None, "--option", help="house rule key=value"),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
    out: Path | None = typer.Option(None, "--out", help="write the weights here instead"),
    decks: list[str] = typer.Option(
        None,
        "--decks",
        help="self-play every ordered pair of these decks in turn, so the evaluation learns every matchup "
        "(two players): deck list files or sample deck names, comma-separated",
    ),
    all_decks: bool = typer.Option(
        False, "--all-decks", help="--decks with every sample deck of the game legal under the options"
    ),
    force: bool = typer.Option(
        False, "--force", help="write the weights even if they predict no better than the game's own guess"
    ),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Fit the AI's evaluation (評価関数) to self-play for this game and card set — a designer's own cards
    with --cards — in a few minutes on this machine. The search (ismcts, the default AI) scores the playouts
    it cuts short with it from then on; without it, it uses the game's hand-written guess."""
    from tefuda.lab.train import train as fit

    if not 0 < minutes <= 24 * 60:  # also refuses nan
        fail("--minutes must be more than 0 and at most 1440")
    if games is not None and games < 2:
        fail("--games must be at least 2")
    g = game_arg(game_id, parse_options(option), cards)
    nplayers = players_arg(g, players)
    jobs_arg(jobs)
    if out is not None:
        out_file_arg(out, "--out")
    deck_names = deck_list_arg(g, decks, all_decks)
    bar = None
    progress_cb = None
    if not as_json and sys.stdout.isatty():
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        total = games if games is not None else minutes * 60
        bar = Progress(TextColumn("{task.fields[what]}"), BarColumn(), TimeElapsedColumn())
        task = bar.add_task("train", total=total, what="self-play")
        bar.start()
        started = time.monotonic()

        def progress_cb(done: int, positions: int) -> None:
            now = done if games is not None else min(total, time.monotonic() - started)
            bar.update(task, completed=now, what=f"{done} games, {positions} positions")

    try:
        res = fit(
            game_id, players=nplayers, options=g.options, cards=cards, minutes=minutes, games=games,
            seed=seed, jobs=jobs, progress=progress_cb, out=str(out) if out else None, force=force,
            decks=deck_names or None,
        )  # fmt: skip
    except (TefudaError, ValueError) as e:
        fail(str(e))
    except KeyboardInterrupt:
        console.print("中断 — interrupted: nothing written", highlight=False)
        raise typer.Exit(130) from None
    finally:
        if bar is not None:
            bar.stop()
    figures = res["trained"]
    if as_json:
        print(
            json.dumps(
                {"path": res["path"], "written": res["written"], **figures}, ensure_ascii=False, indent=1
            )
        )
        return
    if res["written"]:
        what = f"{res['game']} ({res['mode']}, card set {res['card_set']})"
        head = f"評価関数 evaluation for {what}: {res['path']}"
    else:
        head = (
            f"評価関数 evaluation for {res['game']} ({res['mode']}): not written — on the held-out games it "
            "predicts no better than the game's own guess, which the search keeps using (more --games or "
            "--minutes may help; --force writes it anyway)"
        )
    console.print(head, highlight=False)
    line = f"  {figures['games']} games, {figures['positions']} positions"
    if figures.get("decks"):
        line += f" over every pair of decks ({', '.join(figures['decks'])})"
    if "log_loss" in figures:
        line += (
            f"; held-out log-loss {figures['log_loss']} (the game's own guess alone "
            f"{figures['log_loss_estimate']}, a coin {figures['log_loss_even']}), accuracy "
            f"{100 * figures['accuracy']:.1f}%"
        )
    console.print(line, highlight=False)
