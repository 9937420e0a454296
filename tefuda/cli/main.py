"""The ``tefuda`` command: games, cards, decks, play, sim, replay, bench.

Every error a user can cause ends in one clear line and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

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


def _game(game_id: str, options: dict[str, Any] | None = None):
    from tefuda.core import load_game

    try:
        return load_game(game_id, options)
    except TefudaError as e:
        fail(str(e))


# ---------------------------------------------------------------------- games / cards / deck
@app.command()
def games() -> None:
    """List the registered games, their rules versions and house-rule options (games come from tefuda itself
    and from any installed package with a ``tefuda.games`` entry point)."""
    from tefuda.core import game_ids, load_game
    from tefuda.core.game import broken_games

    t = Table(title="games")
    for col in ("id", "日本語", "English", "rules", "players", "options (default)"):
        t.add_column(col)
    for gid in game_ids():
        g = load_game(gid)
        m = g.metadata()
        opts = "\n".join(f"{k}={v['default']}" for k, v in m["options"].items())
        t.add_row(gid, m["name"], m["name_en"], m["rules_version"], "–".join(map(str, m["players"])), opts)
    console.print(t)
    for name, why in broken_games().items():
        err.print(f"warning: the game {name!r} offered by an installed package could not be loaded: {why}")


@app.command()
def cards(
    game_id: str = typer.Argument(..., metavar="GAME"),
    type_: str | None = typer.Option(None, "--type", help="card type id, e.g. support"),
    attr: str | None = typer.Option(None, "--attr", help="attribute (属性), e.g. 火"),
    search: str | None = typer.Option(None, "--search", help="text in a name or card text"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Show a game's card pool as a table, filterable."""
    g = _game(game_id)
    rows = [g.card_table_row(c) for c in g.cardset]
    if type_:
        rows = [r for r in rows if r.get("type") == type_]
    if attr:
        rows = [r for r in rows if attr in (r.get("attributes") or [])]
    if search:
        s = search.casefold()
        rows = [r for r in rows if any(s in str(v).casefold() for v in r.values())]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    t = Table(title=f"{g.name} ({g.name_en}) — {len(rows)} cards")
    hide = {"id", "type"} if rows and "type_label" in rows[0] else {"id"}  # show the ja/en label instead
    cols: list[str] = []
    for r in rows:  # every column any card has, in first-seen order
        cols.extend(k for k in r if k not in hide and k not in cols)
    for c in cols:
        t.add_column(_HEADERS.get(c, c), overflow="fold")
    for r in rows:
        t.add_row(
            *(
                "" if r.get(c) is None else (" ".join(r[c]) if isinstance(r[c], list) else str(r[c]))
                for c in cols
            )
        )
    console.print(t)


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
    "text": "テキスト",
    "text_en": "text",
}


@deck_app.command("check")
def deck_check(game_id: str = typer.Argument(..., metavar="GAME"), path: Path = typer.Argument(...)) -> None:
    """Check a deck list against the game's deck rules; every problem names its line."""
    g = _game(game_id)
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


# ---------------------------------------------------------------------- play
HELP = """\
Type the number of an action, or its notation (e.g. `set-attacker 紅蓮の竜騎士`; English names work too).
  ?  / help     this help            view / board   show the table again
  log           recent events        quit           stop (the replay is saved if --save was given)
  say <text>    say something to the table (everyone sees it; some games have rules about it)
  hint          what the AI (ismcts) thinks of each action, from your seat's knowledge only"""


def _players(g, players: int | None) -> int:
    n = players or g.min_players
    if not g.min_players <= n <= g.max_players:
        fail(f"{g.id} is played by {g.min_players}–{g.max_players} players, not {n}")
    return n


def _load_decks(g, paths: list[Path | None]):
    decks = []
    for seat, p in enumerate(paths):
        try:
            decks.append(g.load_deck(p) if p else g.default_deck(seat))
        except TefudaError as e:
            fail(str(e))
    return decks


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


@app.command()
def play(
    game_id: str = typer.Argument("kirifuda", metavar="GAME"),
    p1: str = typer.Option("human", help="human | random | greedy[:rollouts=N]"),
    p2: str = typer.Option("greedy", help="human | random | greedy[:rollouts=N]"),
    p3: str = typer.Option("greedy", help="seat 3's agent (with --players 3 or 4)"),
    p4: str = typer.Option("greedy", help="seat 4's agent (with --players 4)"),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    deck1: Path | None = typer.Option(None, help="P1's deck list"),
    deck2: Path | None = typer.Option(None, help="P2's deck list"),
    seed: int | None = typer.Option(None, help="random seed (printed if not given)"),
    save: Path | None = typer.Option(None, help="write the replay here"),
    option: list[str] = typer.Option(None, "--option", help="house rule key=value (see `tefuda games`)"),
    max_actions: int | None = typer.Option(
        None, help="safety cap on the number of actions (default: the game's max_game_length)"
    ),
    from_: Path | None = typer.Option(
        None, "--from", help="play on from a position file (tefuda position save); its game, players, options"
    ),
    force: bool = typer.Option(
        False, "--force", help="with --from: read it even if the card set has changed"
    ),
) -> None:
    """Play a game: humans see only their own seat's view."""
    from tefuda.agents import decision_for_agent, make_agent
    from tefuda.core import position as positions
    from tefuda.core.replay import chat_entry, record
    from tefuda.runner import agent_seed

    start = None
    if from_ is not None:
        start = _state_at(from_, None, force)
        if start.is_over:
            fail(f"{from_}: the game is over in this position: nothing to play")
        g = start.game
        n = start.nplayers
        decks = []
    else:
        g = _game(game_id, parse_options(option))
        n = _players(g, players)
        decks = _load_decks(g, [deck1, deck2, None, None][:n])
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    specs = [p1, p2, p3, p4][:n]
    agents: list[Any] = []
    for seat, spec in enumerate(specs):
        if spec == "human":
            agents.append(None)
            continue
        try:
            agents.append(make_agent(spec, agent_seed(seed, seat)))
        except ValueError as e:
            fail(str(e))
    humans = [i for i, a in enumerate(agents) if a is None]
    # the viewer: the human, or (no human) a spectator; with two humans, whoever is to move
    viewer = humans[0] if humans else n
    seats = ", ".join(f"P{i + 1} {s}" for i, s in enumerate(specs))
    where = f"from {from_}" if from_ is not None else f"seed {seed}"
    console.print(f"{g.name} ({g.name_en}) — {where}; {seats}", highlight=False)
    state = start if start is not None else g.new_state(decks, seed, players=n)
    start_data = positions.dump(state) if start is not None else None
    actions: list[str] = []
    shown = 0
    _last_seen: dict[int, int] = {}  # per human seat: how much of the log they have been shown

    def show_events(seat: int) -> None:
        nonlocal shown
        for ev in state.log[shown:]:
            console.print(
                "  " + g.render_event(ev.view(seat, g.card_ids), seat), highlight=False, markup=False
            )
        shown = len(state.log)

    def save_replay() -> None:
        if save is not None:
            rep = record(state, actions, [d.to_text() for d in decks], seed, specs, position=start_data)
            rep.save(save)
            console.print(f"replay saved: {save}", highlight=False)

    max_actions = max_actions or g.max_game_length
    while not state.is_over and len(actions) < max_actions:
        seat = state.current_player
        if agents[seat] is None:
            if len(humans) > 1 and seat != viewer:
                # hot seat: hide the last player's screen before the next one looks
                _last_seen[viewer] = shown
                console.clear()
                if _read(f"P{seat + 1} の番です — hand over to P{seat + 1} and press Enter ") is None:
                    save_replay()
                    return
                console.clear()
                shown = _last_seen.get(seat, 0)
            viewer = seat
            show_events(viewer)
            console.print(g.render_observation(state.observation(seat)))
            action = _ask_human(state, seat, g)
            if action is None:
                console.print("quit.")
                save_replay()
                return
            if isinstance(action, tuple) and action[0] == "say":
                state.say(seat, action[1])
                actions.append(chat_entry(seat, action[1]))
                continue
        else:
            action = agents[seat].act(decision_for_agent(state, agents[seat]))
        actions.append(state.notation(action))
        state.apply(action)
    show_events(viewer)
    res = state.outcome()
    if res is None:
        console.print(f"stopped at the action cap ({max_actions})")
    elif res.winner is None:
        console.print(f"引き分け — draw ({res.reason_ja} / {res.reason})", highlight=False)
    else:
        who = " & ".join(f"P{w + 1}" for w in res.winners)
        verb = "win" if len(res.winners) > 1 else "wins"
        console.print(f"{who} の勝ち — {who} {verb} ({res.reason_ja} / {res.reason})", highlight=False)
    save_replay()


def _ask_human(state, seat: int, g):
    legal = state.legal_actions()
    while True:
        console.print(f"P{seat + 1} — 選んでください choose:", highlight=False)
        for i, a in enumerate(legal, 1):
            console.print(
                f"  {i:>2}. {state.describe(a)}   [{state.notation(a)}]", highlight=False, markup=False
            )
        text = _read(f"P{seat + 1}> ")
        if text is None:
            return None
        text = text.strip()
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit", "q"):
            return None
        if low in ("?", "help", "h"):
            console.print(HELP, highlight=False, markup=False)
            continue
        if low in ("view", "board"):
            console.print(g.render_observation(state.observation(seat)))
            continue
        if low == "hint":
            console.print(_evaluate(state, "ismcts:iters=300", seat))
            continue
        if low == "say" or low.startswith("say "):
            said = text[3:].strip()
            if not said:
                console.print("say what? — `say <text>`", highlight=False)
                continue
            return ("say", said)
        if low == "log":
            for ev in (state.log or [])[-15:]:
                console.print(
                    "  " + g.render_event(ev.view(seat, g.card_ids), seat), highlight=False, markup=False
                )
            continue
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            console.print(f"no action {n}: choose 1–{len(legal)}", highlight=False)
            continue
        try:
            return state.parse_action(text)
        except TefudaError as e:
            console.print(f"{e}", highlight=False, markup=False)


# ---------------------------------------------------------------------- sim
@app.command(context_settings={"allow_extra_args": True})
def sim(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    p1: str = typer.Option("random"),
    p2: str = typer.Option("random"),
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
    backend: str = typer.Option("local", help="local (worker processes) or ray (pip install 'tefuda[ray]')"),
    address: str | None = typer.Option(None, help="a Ray cluster's address (default: start a local Ray)"),
) -> None:
    """Simulate many games between agents and summarize them (seats and agents with 95 % intervals, first
    player, game length, rule holes, per-card win rates; --decks for a deck-vs-deck grid)."""
    from tefuda.runner import simulate

    if n < 1:
        fail("-n must be at least 1")
    g = _game(game_id, parse_options(option))
    nseats = _players(g, players)
    for p in (deck1, deck2):
        if p is not None:
            try:
                g.load_deck(p)
            except TefudaError as e:
                fail(str(e))
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
        task = bar.add_task("sim", total=n, rate="")
        bar.start()
        started = time.perf_counter()
        done = [0]

        def progress_cb(k: int) -> None:
            done[0] += k
            rate = done[0] / max(1e-9, time.perf_counter() - started)
            bar.update(task, advance=k, rate=f"{rate:.1f} games/s")

    try:
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
        )
    except (TefudaError, ValueError) as e:
        fail(str(e))
    finally:
        if bar is not None:
            bar.stop()
    rr = None
    if ctx.args:
        if not decks:
            fail(f"unexpected arguments: {' '.join(ctx.args)}")
        decks = [*decks, *(Path(a) for a in ctx.args)]  # --decks A B C: the rest follow the first
    if decks:
        if nseats != 2:
            fail("--decks plays a two-player round robin")
        if len(decks) < 2:
            fail("--decks needs at least two deck lists")
        from tefuda.lab import round_robin

        rr = round_robin(
            game_id, [p1, p2], [str(x) for x in decks], n, seed=seed, jobs=jobs, options=g.options,
            max_actions=max_actions,
        )  # fmt: skip
    d = summary.to_dict()
    if report is not None:
        from tefuda.lab import html_report

        html_report(report, d, rr)
    if as_json:
        for e in d["errors"]:
            e.pop("traceback", None)
        d.pop("lengths", None)
        if rr is not None:
            d["round_robin"] = rr
        print(json.dumps(d, ensure_ascii=False))
        return
    from tefuda.lab import grid_table, summary_tables

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
    if report is not None:
        console.print(f"report: {report}", highlight=False)


# ---------------------------------------------------------------------- replay
@app.command()
def replay(
    path: Path = typer.Argument(...),
    verify: bool = typer.Option(False, "--verify", help="re-simulate and check the final hash"),
    seat: int | None = typer.Option(None, help="show the game as this seat saw it (0 = P1)"),
    all_: bool = typer.Option(False, "--all", help="omniscient: every card and action"),
    force: bool = typer.Option(False, "--force", help="load even if the card set has changed"),
) -> None:
    """Print a recorded game step by step, or verify it."""
    from tefuda.core import ReplayError
    from tefuda.core.replay import load_replay, replay_steps
    from tefuda.core.replay import verify as verify_replay

    try:
        rep = load_replay(path)
        if verify:
            state = verify_replay(rep, str(path), allow_other_cards=force)
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
        g = _game(rep.game, rep.options)
        viewer = rep.players if seat is None else seat
        if not 0 <= viewer <= rep.players:
            fail(f"--seat must be 0–{rep.players - 1}")
        mover = -1
        for step, text, state, events in replay_steps(rep, str(path), allow_other_cards=force):
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
        console.print(f"outcome: {rep.outcome if res is None else res}", highlight=False, markup=False)
    except ReplayError as e:
        fail(str(e))


# ---------------------------------------------------------------------- analyze / hint
DEFAULT_ANALYZER = "ismcts:iters=1000"


def _evaluate(state, spec: str, seed: int = 0) -> Table:
    """The agent's evaluation of every legal action, built from the acting seat's decision only."""
    from tefuda.agents import decision_for, make_agent

    agent = make_agent(spec, seed)
    if not hasattr(agent, "evaluate"):
        raise ValueError(f"agent {spec!r} cannot evaluate actions (use ismcts, e.g. {DEFAULT_ANALYZER})")
    d = decision_for(state)
    evals = sorted(agent.evaluate(d), key=lambda e: (-e.visits, -e.win_rate))
    t = Table(title=f"P{d.seat + 1}: {spec} ({getattr(agent, 'last_iterations', '?')} iterations)")
    for col in ("#", "行動 action", "notation", "visits", "勝率 win rate"):
        t.add_column(col)
    for i, e in enumerate(evals, 1):
        t.add_row(
            str(i), d.describe(e.action), state.notation(e.action), str(e.visits), f"{100 * e.win_rate:.1f}%"
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
) -> None:
    """ "What is best here?": the AI's view of each legal action in a position, or at a step of a replay,
    from the acting player's point of view only."""
    state = _state_at(path, step, force)
    g = state.game
    if state.is_over:
        fail(f"the game is over{'' if step is None else f' at step {step}'}: nothing to decide")
    seat = state.current_player
    where = "the position" if step is None else f"step {step}"
    console.print(f"{where}: P{seat + 1} to act — as P{seat + 1} sees it", highlight=False)
    console.print(g.render_observation(state.observation(seat)))
    try:
        console.print(_evaluate(state, agent, seed))
    except ValueError as e:
        fail(str(e))


def _state_at(path: Path, step: int | None, force: bool):
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

    state = _state_at(path, step, force)
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
    state = _state_at(path, None, force)
    viewer = state.current_player if seat is None else seat
    if viewer < 0:
        viewer = state.nplayers
    if not 0 <= viewer <= state.nplayers:
        fail(f"--seat must be 0–{state.nplayers - 1}")
    console.print(state.game.render_observation(state.observation(viewer)))


# ---------------------------------------------------------------------- bench
@app.command("bench")
def bench_cmd(
    game_id: str = typer.Argument(..., metavar="GAME"),
    seconds: float = typer.Option(3.0),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    ismcts: bool = typer.Option(False, "--ismcts", help="measure the ISMCTS agent's iterations/s instead"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Random-playout throughput and median clone time of mid-game states, on one core (or, with
    --ismcts, the search's iterations per second)."""
    from tefuda.bench import bench, bench_ismcts

    n = _players(_game(game_id), players)
    r = bench_ismcts(game_id, seconds, players=n) if ismcts else bench(game_id, seconds, players=n)
    if as_json:
        print(json.dumps(r))
        return
    for k, v in r.items():
        console.print(f"{k:>14}: {v}", highlight=False)


def main() -> None:  # pragma: no cover
    app()
