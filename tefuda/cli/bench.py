"""``tefuda bench``: the engine's speed, measured (never asserted in tests)."""

from __future__ import annotations

import json

import typer

from .app import (
    CARDS_HELP,
    app,
    console,
    fail,
    game_arg,
    players_arg,
)


# ---------------------------------------------------------------------- bench
@app.command("bench")
def bench_cmd(
    game_id: str = typer.Argument(..., metavar="GAME"),
    seconds: float = typer.Option(3.0),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    ismcts: bool = typer.Option(False, "--ismcts", help="measure the ISMCTS agent's iterations/s instead"),
    rl: bool = typer.Option(
        False, "--rl", help="the PettingZoo environment's steps/s beside the engine's (needs tefuda\\[rl])"
    ),
    as_json: bool = typer.Option(False, "--json"),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Random-playout throughput and median clone time of mid-game states, on one core (or, with
    --ismcts, the search's iterations per second; with --rl, the research environment's steps per second),
    and which build ran (pure Python, or compiled by `make fast`). Takes about --seconds (twice that with
    --rl)."""
    from tefuda.lab.bench import bench, bench_ismcts

    if not 0 < seconds <= 3600:  # also refuses nan
        fail(f"--seconds {seconds}: a number of seconds above 0 (at most 3600)")
    n = players_arg(game_arg(game_id, None, cards), players)
    if rl:
        if cards:
            fail("--rl measures a game's own cards: leave out --cards")
        try:
            from tefuda.lab.bench import bench_rl

            r = bench_rl(game_id, seconds, players=n)
        except ImportError as e:
            fail(str(e))
    else:
        run = bench_ismcts if ismcts else bench
        r = run(game_id, seconds, players=n, cards=cards)
    from tefuda.build import describe

    r = {"build": describe(), **r}  # pure Python, or compiled (make fast)
    if as_json:
        print(json.dumps(r))
        return
    for k, v in r.items():
        console.print(f"{k:>14}: {v}", highlight=False)
