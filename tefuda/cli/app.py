"""The ``tefuda`` command's root: the Typer app, its sub-apps and the helpers every command group shares.

Every error a user can cause ends in one clear line and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from tefuda.core import TefudaError

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="手札 tefuda — homebrew card games, enforced."
)
deck_app = typer.Typer(no_args_is_help=True, help="Deck lists: check them against a game's deck rules.")
app.add_typer(deck_app, name="deck")
position_app = typer.Typer(
    no_args_is_help=True, help="Positions: any moment of a game as a readable file (TOML), and back."
)
app.add_typer(position_app, name="position")
console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def fail(msg: str, code: int = 1) -> None:
    err.print(f"error: {msg}", highlight=False, markup=False)
    raise typer.Exit(code)


def parse_options(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        k, eq, v = item.partition("=")
        if not eq or not k:
            fail(f"--option {item!r}: expected key=value")
        out[k.strip()] = v.strip()
    return out


AGENTS_HELP = (
    "ai (the search with a learned evaluation and learning playouts; it never goes round in a circle; "
    "≤ about 1 s a decision; on the ladder it won 90–95 % of its games against "
    "greedy:rollouts=6,seconds=0 (n=100 a seat, every game) and 60–76 % against "
    "ismcts:iters=400, by game; play's default; docs/ai.md) | human | "
    "random (no search: the floor) | greedy[:rollouts=6,seconds=0.2] (one ply of random playouts, "
    "≤ about 0.2 s a decision) | ismcts[:seconds=S or iters=N] (the search with settings of your own; "
    "iters=400: 0.05–0.15 s a decision, 59–91 % against greedy) | "
    "policy:module=M[,path=WEIGHTS] (your trained policy's Python module; docs/rl.md)"
)
CARDS_HELP = (
    "a card file of your own instead of the game's pool; +FILE adds it to the pool (same id: replaced)"
)


def cards_arg(value: str | None) -> str | None:
    """``--cards FILE`` / ``--cards +FILE``: checked to exist here, so the error names the option."""
    if value is None:
        return None
    path = Path(value[1:] if value.startswith("+") else value)
    if not path.is_file():
        fail(f"--cards {value}: no such file")
    return value


def jobs_arg(jobs: int | None) -> int | None:
    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: at least 1 worker process")
    return jobs


def max_actions_arg(n: int | None) -> int | None:
    if n is not None and n < 1:
        fail(f"--max-actions {n}: at least 1")
    return n


def out_file_arg(path: Path | None, option: str) -> Path | None:
    """An output file, checked before any work is done (so a long run never ends in a write error)."""
    if path is None:
        return None
    if path.is_dir():
        fail(f"{option} {path}: is a directory (name a file in it)")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        fail(f"{option} {path}: no such directory {parent}")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{option} {path}: not writable")
    return path


def out_dir_arg(path: Path | None, option: str) -> Path | None:
    """An output directory, made (and checked writable) before any work is done."""
    if path is None:
        return None
    if path.exists() and not path.is_dir():
        fail(f"{option} {path}: is a file, not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"{option} {path}: cannot make the directory ({e.strerror})")
    if not os.access(path, os.W_OK):
        fail(f"{option} {path}: not writable")
    return path


def cards_payload(value: str) -> dict[str, str]:
    """``--cards`` for a replay: the file's text, embedded as a replay records it (replacing its own)."""
    path = Path(cards_arg(value).lstrip("+"))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"--cards {value}: cannot read it ({getattr(e, 'strerror', None) or e})")
    return {"mode": "add" if value.startswith("+") else "replace", "toml": text}


def game_arg(game_id: str, options: dict[str, Any] | None = None, cards: str | None = None):
    from tefuda.core import load_game

    try:
        return load_game(game_id, options, cards_path=cards_arg(cards))
    except TefudaError as e:
        fail(str(e))


def players_arg(g, players: int | None) -> int:
    n = g.min_players if players is None else players
    if not g.min_players <= n <= g.max_players:
        many = str(g.min_players) if g.min_players == g.max_players else f"{g.min_players}–{g.max_players}"
        fail(f"{g.id} is played by {many} players, not {n}")
    return n


def decks_arg(g, paths: list[Path | None]):
    decks = []
    for seat, p in enumerate(paths):
        try:
            decks.append(g.load_deck(p) if p else g.default_deck(seat))
        except TefudaError as e:
            fail(str(e))
    return decks
