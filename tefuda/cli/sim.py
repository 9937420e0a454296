"""``tefuda sim``: many AI games, measured (the lab's front end)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import typer

from tefuda.core import TefudaError

from .app import (
    AGENTS_HELP,
    CARDS_HELP,
    app,
    console,
    err,
    fail,
    game_arg,
    jobs_arg,
    max_actions_arg,
    out_dir_arg,
    out_file_arg,
    parse_options,
    players_arg,
)


# ---------------------------------------------------------------------- sim
@app.command(context_settings={"allow_extra_args": True})
def sim(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    p1: str = typer.Option("random", help=AGENTS_HELP.replace("human | ", "")),
    p2: str = typer.Option("random", help="seat 2's agent"),
    p3: str = typer.Option("random", help="seat 3's agent (with --players 3 or 4)"),
    p4: str = typer.Option("random", help="seat 4's agent (with --players 4)"),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    n: int = typer.Option(100, "-n", help="number of games"),
    seed: int = typer.Option(0),
    jobs: int | None = typer.Option(None, help="worker processes (default: all cores)"),
    save_replays: Path | None = typer.Option(None, help="write every game's replay here"),
    as_json: bool = typer.Option(False, "--json"),
    max_actions: int | None = typer.Option(
        None, help="games this long count as stuck, a rule hole (default: the game's max_game_length)"
    ),
    deck1: Path | None = typer.Option(None),
    deck2: Path | None = typer.Option(None),
    option: list[str] = typer.Option(None, "--option"),
    decks: list[Path] = typer.Option(
        None, "--decks", help="round robin of these deck lists: --decks A.txt B.txt C.txt"
    ),
    report: Path | None = typer.Option(None, "--report", help="write a self-contained HTML report here"),
    backend: str = typer.Option(
        "local", help="local (worker processes) or ray (pip install 'tefuda\\[ray]')"
    ),
    address: str | None = typer.Option(None, help="a Ray cluster's address (default: start a local Ray)"),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
    vs_cards: str | None = typer.Option(
        None,
        "--vs-cards",
        help="A/B test: play the same seeds again with this card file (B; --cards is A) and report the "
        "deltas per deck matchup and per changed card, paired by seed",
    ),
) -> None:
    """Simulate many games between agents and summarize them (seats and agents with 95 % intervals, first
    player, game length, rule holes, per-card win rates; --decks for a deck-vs-deck grid)."""
    from tefuda.lab.runner import SimInterrupted, simulate, stop_on_signals
    from tefuda.lab.workers import WorkerDied

    if n < 1:
        fail("-n must be at least 1")
    g = game_arg(game_id, parse_options(option), cards)
    nseats = players_arg(g, players)
    jobs_arg(jobs)
    max_actions_arg(max_actions)
    for p in [deck1, deck2, *(decks or []), *(Path(a) for a in ctx.args if not a.startswith("-"))]:
        if p is not None:
            try:
                g.load_deck(p)  # every deck checked before any game is played
            except TefudaError as e:
                fail(str(e))
    out_file_arg(report, "--report")
    out_dir_arg(save_replays, "--save-replays")
    for i, spec in enumerate([p1, p2, p3, p4][:nseats]):
        if spec.split(":", 1)[0].strip() == "human":
            fail(
                f"--p{i + 1} human: a person plays with `tefuda play`; "
                "sim's agents are random, greedy and ismcts"
            )
    if vs_cards is not None:
        decks = [*(decks or []), *(Path(a) for a in ctx.args)]
        _ab(
            g,
            game_id,
            [p1, p2, p3, p4][:nseats],
            n,
            seed,
            jobs,
            cards,
            vs_cards,
            decks,
            max_actions,
            as_json,
            report,
        )
        return
    if ctx.args:
        if not decks:
            fail(f"unexpected arguments: {' '.join(ctx.args)}")
        decks = [*decks, *(Path(a) for a in ctx.args)]  # --decks A B C: the rest follow the first
    if decks:
        if nseats != 2:
            fail("--decks plays a two-player round robin")
        if len(decks) < 2:
            fail("--decks needs at least two deck lists")
    games_total = n * len(decks) * (len(decks) - 1) if decks else n
    progress_cb = None
    bar = None
    if not as_json and sys.stdout.isatty():
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(
            TextColumn("{task.completed}/{task.total} games"),
            BarColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
        )
        task = bar.add_task("sim", total=games_total, rate="")
        bar.start()
        started = time.perf_counter()
        done = [0]

        def progress_cb(k: int) -> None:
            done[0] += k
            rate = done[0] / max(1e-9, time.perf_counter() - started)
            bar.update(task, advance=k, rate=f"{rate:.1f} games/s")

    rr = None
    stopped: SimInterrupted | None = None
    with stop_on_signals():  # SIGTERM stops as Ctrl-C does; a second signal no longer cuts the wrap-up short
        try:
            if decks:  # the grid's own games are the run: its headline and card statistics come from them
                from tefuda.lab.reports import round_robin

                rr = round_robin(
                    game_id, [p1, p2], [str(x) for x in decks], n, seed=seed, jobs=jobs, options=g.options,
                    max_actions=max_actions, cards=cards, progress=progress_cb,
                )  # fmt: skip
                summary = rr.pop("summary")
            else:
                summary = simulate(
                    game_id,
                    [p1, p2, p3, p4][:nseats],
                    n,
                    seed=seed,
                    jobs=jobs,
                    options=g.options,
                    deck_paths=[deck1, deck2][:nseats],
                    max_actions=max_actions,
                    save_replays=save_replays,
                    progress=progress_cb,
                    backend=backend,
                    address=address,
                    cards=cards,
                ).to_dict()
        except (TefudaError, ValueError, WorkerDied) as e:
            fail(str(e))
        except SimInterrupted as stop:  # what was finished is summed up, printed and written, as at the end
            stopped = stop
            summary, rr = stop.summary.to_dict(), stop.rr
        finally:
            if bar is not None:
                bar.stop()
        from tefuda.agents.evaluation import evaluation_note

        summary["evaluation"] = evaluation_note(g, nseats, [p1, p2, p3, p4][:nseats])
        _answer(summary, rr, report, as_json)
    if stopped is not None:
        d = stopped.summary
        err.print(
            f"interrupted: {d.games} of {d.interrupted} games were finished (summed up above; "
            f"stopped by {d.stopped_by or 'SIGINT'})",
            highlight=False,
        )
        raise typer.Exit(143 if d.stopped_by == "SIGTERM" else 130)


def _answer(d: dict, rr: dict | None, report: Path | None, as_json: bool) -> None:
    """The run's answer — whole, or of the games finished before a stop: the HTML report, then the JSON or
    the tables."""
    if report is not None:
        from tefuda.lab.reports import html_report

        html_report(report, d, rr)
    if as_json:
        for e in d["errors"]:
            e.pop("traceback", None)
        d.pop("length_counts", None)
        if rr is not None:
            d["round_robin"] = rr
        print(json.dumps(d, ensure_ascii=False))
        return
    from tefuda.lab.reports import grid_table, summary_tables

    for t in summary_tables(d):
        console.print(t)
    if rr is not None:
        console.print(grid_table(rr))
    for e in d["errors"]:
        console.print(
            f"error in game {e['game']} (seed {e['seed']}): {e['error']} — replay {e['replay']}",
            highlight=False,
            markup=False,
        )
    if d.get("evaluation"):
        console.print(d["evaluation"], highlight=False, markup=False)
    if report is not None:
        console.print(f"report: {report}", highlight=False)


def _ab(g, game_id, specs, n, seed, jobs, cards, vs_cards, decks, max_actions, as_json, report) -> None:
    """``sim --vs-cards``: the A/B test of a card change (tefuda.lab.ab)."""
    from tefuda.lab.ab import ab_test
    from tefuda.lab.reports import ab_html, ab_tables

    game_arg(game_id, g.options, vs_cards)  # B must load: its errors name its file
    if decks and len(decks) < 2:
        fail("--decks needs at least two deck lists")
    total = 2 * n * (len(decks) * (len(decks) - 1) if decks else 1)
    bar = None
    progress_cb = None
    if not as_json and sys.stdout.isatty():
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        bar = Progress(TextColumn("{task.completed}/{task.total} games"), BarColumn(), TimeRemainingColumn())
        task = bar.add_task("ab", total=total)
        bar.start()

        def progress_cb(k: int) -> None:
            bar.update(task, advance=k)

    from tefuda.lab.runner import Interrupted, stop_on_signals

    try:
        with stop_on_signals():
            res = ab_test(
                game_id, specs, n, cards_a=cards, cards_b=vs_cards, decks=[str(d) for d in decks] or None,
                seed=seed, jobs=jobs, options=g.options, max_actions=max_actions, progress=progress_cb,
            )  # fmt: skip
    except (TefudaError, ValueError) as e:
        fail(str(e))
    except Interrupted as stop:  # an A/B answer pairs every seed: half a run has none to give
        if bar is not None:
            bar.stop()
        bar = None
        err.print(
            f"interrupted ({stop.by}): the A/B test was stopped before its end; no answer", highlight=False
        )
        raise typer.Exit(143 if stop.by == "SIGTERM" else 130) from None
    finally:
        if bar is not None:
            bar.stop()
    if report is not None:
        ab_html(report, res)
    if as_json:
        print(json.dumps(res, ensure_ascii=False))
        return
    for t in ab_tables(res):
        console.print(t)
    if report is not None:
        console.print(f"report: {report}", highlight=False)
