"""``tefuda games``, ``tefuda cards``, ``tefuda deck check``: what there is to play with."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from tefuda.core import TefudaError
from tefuda.core.cards import load_cardset

from .app import (
    CARDS_HELP,
    app,
    console,
    deck_app,
    err,
    fail,
    game_arg,
    parse_options,
)


# ---------------------------------------------------------------------- games / cards / deck
@app.command()
def games() -> None:
    """List the registered games, their rules versions and house-rule options (games come from tefuda itself
    and from any installed package with a ``tefuda.games`` entry point)."""
    from tefuda.core import game_ids, load_game
    from tefuda.core.game import broken_games

    t = Table(title="games")
    for col in ("id", "日本語", "English", "rules", "players"):
        t.add_column(col, overflow="fold")
    options: list[str] = []
    broken: list[str] = []
    for gid in game_ids():
        try:
            g = load_game(gid)
        except TefudaError as e:  # e.g. its card file was edited into an invalid one
            broken.append(f"game {gid}: {e}")
            continue
        m = g.metadata()
        lo, hi = m["players"]
        t.add_row(gid, m["name"], m["name_en"], m["rules_version"], str(lo) if lo == hi else f"{lo}–{hi}")
        # options below the table, as words that wrap whole on a narrow terminal (never cut mid-name)
        opts = "  ".join(f"{k}={v['default']}" for k, v in m["options"].items())
        options.append(f"{gid} options (default): {opts or 'none'}")
    console.print(t)
    for line in options:
        console.print(line, highlight=False, markup=False, soft_wrap=False)
    console.print("set one with --option key=value (tefuda play, sim, deck check)", highlight=False)
    for name, why in broken_games().items():
        err.print(f"warning: the game {name!r} offered by an installed package could not be loaded: {why}")
    if broken:
        for line in broken:
            err.print(f"error: {line}", highlight=False, markup=False)
        raise typer.Exit(1)


@app.command()
def cards(
    game_id: str = typer.Argument(..., metavar="GAME", help="a game's id, or `check` to check a card file"),
    file: Path | None = typer.Argument(None, metavar="[FILE]", help="with `check`: the card file"),
    type_: str | None = typer.Option(None, "--type", help="card type id, e.g. support"),
    attr: str | None = typer.Option(None, "--attr", help="attribute (属性), e.g. 火"),
    search: str | None = typer.Option(None, "--search", help="text in a name or card text"),
    as_json: bool = typer.Option(False, "--json"),
    cards_file: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
    game: str | None = typer.Option(None, "--game", help="with `check`: the game the file is for"),
) -> None:
    """Show a game's card pool as a table, filterable (`--cards` for your own file). `tefuda cards check FILE
    [--game GAME]` checks a card file alone: every problem names its file, line, card and field."""
    if game_id == "check":
        _check_card_file(file, game)
        return
    if file is not None:
        fail(f"unexpected argument {file} (did you mean `tefuda cards check {file}`?)")
    g = game_arg(game_id, None, cards_file)
    rows = [g.card_table_row(c) for c in g.cardset]
    if type_:
        types = sorted({str(r.get("type")) for r in rows})
        if type_ not in types:
            fail(f"--type {type_}: {g.id} has no cards of that type (types: {', '.join(types)})")
        rows = [r for r in rows if r.get("type") == type_]
    if attr:
        rows = [r for r in rows if attr in (r.get("attributes") or [])]
    if search:
        s = search.casefold()
        rows = [r for r in rows if any(s in str(v).casefold() for v in r.values())]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    title = f"{g.name} ({g.name_en}) — {len(rows)} cards"
    if console.width < WIDE_TABLE:
        # a narrow terminal: each card as a block whose words wrap whole (a table's narrow columns cut them)
        from tefuda.view.cards import card_block

        console.print(title, style="bold", highlight=False)
        for r in rows:
            console.print(card_block(g, r), highlight=False, soft_wrap=False)
        return
    t = Table(title=title)
    hide = {"id", "type"} if rows and "type_label" in rows[0] else {"id"}  # show the ja/en label instead
    cols: list[str] = []
    for r in rows:  # every column any card has, in first-seen order
        cols.extend(k for k in r if k not in hide and k not in cols)
    for c in cols:
        t.add_column(_HEADERS.get(c, c), overflow="fold", no_wrap=c in ("name", "name_en", "type_label"))
    for r in rows:
        t.add_row(
            *(
                "" if r.get(c) is None else (" ".join(r[c]) if isinstance(r[c], list) else str(r[c]))
                for c in cols
            )
        )
    console.print(t)


def _check_card_file(file: Path | None, game: str | None) -> None:
    """A card file checked against one game's card rules, or (no --game) against each game's until one
    takes it."""
    from tefuda.core import game_ids
    from tefuda.core.game import game_class

    if file is None:
        fail("tefuda cards check FILE [--game GAME]: which file?")
    if not file.is_file():
        fail(f"{file}: no such file")
    candidates = [game] if game else game_ids()
    problems = []
    for gid in candidates:
        try:
            cls = game_class(gid)
            cs = load_cardset(file, cls.card_schema)
        except TefudaError as e:
            problems.append((gid, str(e)))
            continue
        console.print(
            f"OK: {file} — {len(cs)} cards for {cls.name} ({cls.name_en}) [{gid}]",
            highlight=False,
            markup=False,
        )
        return
    if len(problems) == 1:
        fail(problems[0][1])
    for gid, msg in problems:
        err.print(f"as {gid} cards: {msg}", highlight=False, markup=False)
    fail(f"{file} is a card file of none of the games (--game GAME to see one game's errors only)")


WIDE_TABLE = 160  # columns from which `tefuda cards` is a table: below, card blocks (no word is ever cut)

_HEADERS = {
    "name": "名前",
    "name_en": "English",
    "type_label": "種類 type",
    "attributes": "属性",
    "cost": "コスト cost",
    "lilith": "リリス lilith",
    "level": "LV",
    "power": "パワー power",
    "copies": "枚数 copies",
    "civ": "文明 civ",
    "race": "種族 race",
    "status": "規制 status",
    "text": "テキスト",
    "text_en": "text",
}


@deck_app.command("check")
def deck_check(
    game_id: str = typer.Argument(..., metavar="GAME"),
    path: Path = typer.Argument(...),
    option: list[str] = typer.Option(
        None, "--option", help="house rule key=value: the deck rules it changes"
    ),
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Check a deck list against the game's deck rules (under its house rules); every problem names its
    line."""
    g = game_arg(game_id, parse_options(option), cards)
    try:
        deck = g.load_deck(path)
    except TefudaError as e:
        err.print(str(e), highlight=False, markup=False)
        raise typer.Exit(1) from None
    by_type: dict[str, int] = {}
    for e in deck.entries:
        by_type[e.card.type] = by_type.get(e.card.type, 0) + e.count
    detail = ", ".join(f"{k} {v}" for k, v in by_type.items())
    console.print(f"OK: {path} — {deck.count()} cards ({detail})", highlight=False)
