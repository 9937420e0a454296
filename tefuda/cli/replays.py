"""``tefuda replay``, ``analyze``, ``position``: recorded games and any moment of them."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.table import Table

from .app import (
    app,
    cards_payload,
    console,
    fail,
    position_app,
)


# ---------------------------------------------------------------------- replay
@app.command()
def replay(
    path: Path = typer.Argument(...),
    verify: bool = typer.Option(
        False, "--verify", help="re-simulate and check the final hash, and the secret against its commitment"
    ),
    commitment: str | None = typer.Option(
        None,
        "--commitment",
        help="with --verify: the commitment you were given when the game began (64 hex digits); the replay's "
        "secret and settings must give exactly it",
    ),
    seat: int | None = typer.Option(None, help="show the game as this seat saw it (0 = P1)"),
    all_: bool = typer.Option(False, "--all", help="omniscient: every card and action"),
    force: bool = typer.Option(False, "--force", help="load even if the card set has changed"),
    cards: str | None = typer.Option(
        None, "--cards", help="the card file it was played with, if the replay lacks it (+FILE: added)"
    ),
) -> None:
    """Print a recorded game step by step, or verify it."""
    from tefuda.core import ReplayError
    from tefuda.core.replay import check_commitment, load_replay, replay_steps
    from tefuda.core.replay import verify as verify_replay

    if commitment is not None:
        commitment = commitment.strip().lower()
        if not verify:
            fail("--commitment is checked with --verify")
        if len(commitment) != 64 or any(c not in "0123456789abcdef" for c in commitment):
            fail("--commitment: 64 hexadecimal digits, as the game showed them when it began")
    try:
        rep = load_replay(path)
        if cards is not None:
            rep.cards = cards_payload(cards)
        if verify:
            state = verify_replay(rep, str(path), commitment=commitment, allow_other_cards=force)
            checked = check_commitment(rep, str(path), commitment)
            if checked is not None:
                whose = "the one you were given" if commitment else "the one recorded at the start"
                console.print(
                    f"公正 fair: the secret and settings give commitment {checked} — {whose}", highlight=False
                )
            if rep.state_format != state.game.state_format:
                console.print(
                    f"OK: {path} re-simulates, every action legal, to the recorded outcome (recorded "
                    f"under state format {rep.state_format}, now {state.game.state_format}: "
                    "its hash is not comparable)",
                    highlight=False,
                )
                return
            console.print(
                f"OK: {path} re-simulates to the recorded outcome and hash {state.digest()}", highlight=False
            )
            return
        viewer = rep.players if seat is None else seat
        if not 0 <= viewer <= rep.players:
            fail(f"--seat must be 0–{rep.players - 1}")
        mover = -1
        for step, text, state, events in replay_steps(rep, str(path), allow_other_cards=force):
            g = state.game  # the replay's own cards (a designer's file it holds)
            if text is not None:
                # an action names cards: shown in full only to its own player (or with --all)
                own = all_ or mover == viewer
                console.print(
                    f"[{step}] P{mover + 1}" + (f": {text}" if own else ""), highlight=False, markup=False
                )
            for ev in events:
                view = ev.view(-1 if all_ else viewer, g.card_ids)
                console.print("  " + g.render_event(view, viewer), highlight=False, markup=False)
            mover = state.current_player
        res = state.outcome()
        console.print(outcome_words(res, rep.outcome), highlight=False, markup=False)
    except ReplayError as e:
        fail(str(e))


def outcome_words(res, recorded: dict | None) -> str:
    """How a game ended, in words (Japanese and English), for a finished game or a stopped one."""
    if res is None:
        if recorded:
            return f"結果 outcome: recorded as {recorded.get('code', '?')}, not reached by these actions"
        return "対局途中 — the game was not finished"
    if res.winner is None and not res.winners:
        return f"引き分け — draw ({res.reason_ja} / {res.reason})"
    who = " & ".join(f"P{w + 1}" for w in (res.winners or (res.winner,)))
    verb = "win" if len(res.winners or ()) > 1 else "wins"
    return f"{who} の勝ち — {who} {verb} ({res.reason_ja} / {res.reason})"


# ---------------------------------------------------------------------- analyze / hint
DEFAULT_ANALYZER = "ismcts:iters=1000"


def evaluate(state, spec: str, seed: int = 0) -> Table:
    """The agent's evaluation of every legal action, built from the acting seat's decision only."""
    from tefuda.agents import decision_for, make_agent

    agent = make_agent(spec, seed)
    if not hasattr(agent, "evaluate"):
        raise ValueError(f"agent {spec!r} cannot evaluate actions (use ismcts, e.g. {DEFAULT_ANALYZER})")
    d = decision_for(state)
    evals = sorted(agent.evaluate(d), key=lambda e: (-e.visits, -e.win_rate))
    t = Table(title=f"P{d.seat + 1}: {spec} ({getattr(agent, 'last_iterations', '?')} iterations)")
    for col in ("番号 type", "行動 action", "notation", "visits", "勝率 win rate"):
        t.add_column(col)
    for e in evals:  # best first; the number is the one the menu shows (what you type)
        t.add_row(
            str(d.legal.index(e.action) + 1),
            d.describe(e.action),
            state.notation(e.action),
            str(e.visits),
            f"{100 * e.win_rate:.1f}%",
        )
    return t


@app.command()
def analyze(
    path: Path = typer.Argument(..., help="a replay file, or a position file (tefuda position save)"),
    step: int | None = typer.Option(
        None, "--step", help="with a replay: the position after this many actions (0 = the start)"
    ),
    agent: str = typer.Option(DEFAULT_ANALYZER, "--agent", help="the searching agent and its budget"),
    seed: int = typer.Option(0, help="the search's seed"),
    force: bool = typer.Option(False, "--force", help="load even if the card set has changed"),
    cards: str | None = typer.Option(
        None, "--cards", help="the card file the replay was played with, if it does not hold it"
    ),
) -> None:
    """ "What is best here?": the AI's view of each legal action in a position, or at a step of a replay,
    from the acting player's point of view only."""
    state = state_at(path, step, force, cards)
    g = state.game
    if state.is_over:
        fail(f"the game is over{'' if step is None else f' at step {step}'}: nothing to decide")
    seat = state.current_player
    where = "the position" if step is None else f"step {step}"
    console.print(f"{where}: P{seat + 1} to act — as P{seat + 1} sees it", highlight=False)
    console.print(g.render_observation(state.observation(seat)))
    try:
        console.print(evaluate(state, agent, seed))
    except ValueError as e:
        fail(str(e))


def state_at(path: Path, step: int | None, force: bool, cards: str | None = None):
    """The state in a position file, or after ``step`` actions of a replay (errors end the command)."""
    from tefuda.core import PositionError, ReplayError
    from tefuda.core import position as positions
    from tefuda.core.replay import load_replay, replay_steps

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{path}: cannot read the file ({getattr(e, 'strerror', None) or e})")
    if positions.is_position(text):
        if step is not None:
            fail("--step is for a replay; a position file is one moment already")
        try:
            return positions.load(positions.parse(text, str(path)), str(path), allow_other_cards=force)
        except PositionError as e:
            fail(str(e))
    try:
        rep = load_replay(path)
        if cards is not None:
            rep.cards = cards_payload(cards)
        if step is None:
            fail(f"{path} is a replay: say which moment with --step (0–{len(rep.actions)})")
        if not 0 <= step <= len(rep.actions):
            fail(f"--step must be 0–{len(rep.actions)} (this replay has {len(rep.actions)} actions)")
        state = None
        for n, _, st, _ in replay_steps(rep, str(path), allow_other_cards=force):
            state = st
            if n == step:
                break
        return state
    except ReplayError as e:
        fail(str(e))


@position_app.command("save")
def position_save(
    path: Path = typer.Argument(..., help="a replay file"),
    step: int = typer.Option(..., "--step", help="the moment after this many actions (0 = the start)"),
    as_json: bool = typer.Option(False, "--json", help="write JSON instead of TOML"),
    out: Path | None = typer.Option(None, "-o", "--output", help="write here instead of printing"),
    force: bool = typer.Option(False, "--force", help="load even if the card set has changed"),
) -> None:
    """Write the position after --step actions of a replay (every card, face, knowledge and the game's
    state; omniscient): `tefuda position save game.json --step 40 > pos.toml`."""
    from tefuda.core import position as positions

    state = state_at(path, step, force)
    note = f"from {path.name} at step {step}"
    text = positions.to_json(state, note=note) + "\n" if as_json else positions.to_toml(state, note=note)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"{out}: cannot write the position ({e.strerror})")
    console.print(f"position written: {out}", highlight=False)


@position_app.command("show")
def position_show(
    path: Path = typer.Argument(..., help="a position file"),
    seat: int | None = typer.Option(None, help="as this seat sees it (0 = P1); default: the player to move"),
    force: bool = typer.Option(False, "--force", help="load even if the card set has changed"),
) -> None:
    """Read a position file (every check made) and show it as a seat sees it."""
    state = state_at(path, None, force)
    viewer = state.current_player if seat is None else seat
    if viewer < 0:
        viewer = state.nplayers
    if not 0 <= viewer <= state.nplayers:
        fail(f"--seat must be 0–{state.nplayers - 1}")
    console.print(state.game.render_observation(state.observation(viewer)))
