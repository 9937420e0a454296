"""``tefuda play``: a game in the terminal, humans and agents at any seats."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import typer

from tefuda.core import TefudaError

from .app import (
    AGENTS_HELP,
    CARDS_HELP,
    app,
    console,
    decks_arg,
    fail,
    game_arg,
    max_actions_arg,
    out_file_arg,
    parse_options,
    players_arg,
)
from .interrupts import held_interrupt

# ---------------------------------------------------------------------- play
RECENT = 8  # events shown under the board at a time (`log` shows more)
HELP = """\
Type the number of an action, or its notation (e.g. `set-attacker 紅蓮の竜騎士`; English names work too).
  ?  / help     this help            view / board   show the table again
  log           recent events        quit           stop (the replay is saved if --save was given)
  say <text>    say something to the table (everyone sees it; some games have rules about it)
  undo          take back your last action (and the AI's answers to it) — never past a draw, a card
                shown, a shuffle or a chat line, nor once you have seen anything about a card you could
                not see (a face-down card shown to be a support …): 取り消し
  hint          what the AI (ismcts) thinks of each action, from your seat's knowledge only
  card NAME     a card's whole text (日本語 and English): `card 紅蓮`, `card Crimson`; card N: the card(s)
                action N names
  zone NAME     every card of a zone you may see: `zone 墓地`, `zone p2.grave`, `zone` lists the zones"""


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


@app.command()
def play(
    game_id: str = typer.Argument("kirifuda", metavar="GAME"),
    p1: str = typer.Option("human", help=AGENTS_HELP),
    p2: str = typer.Option("ai", help=AGENTS_HELP),
    p3: str = typer.Option("ai", help="seat 3's agent (with --players 3 or 4)"),
    p4: str = typer.Option("ai", help="seat 4's agent (with --players 4)"),
    players: int | None = typer.Option(None, help="number of players (default: the game's minimum)"),
    deck1: Path | None = typer.Option(None, help="P1's deck list"),
    deck2: Path | None = typer.Option(None, help="P2's deck list"),
    seed: int | None = typer.Option(
        None,
        help="a chosen seed, for a reproducible game (not a secret one). Without it the game's secret comes "
        "from the operating system and is shown only when the game is over",
    ),
    save: Path | None = typer.Option(
        None,
        help="write the replay here (`auto`: a new file in the data directory, "
        "$TEFUDA_DATA or ~/.local/share/tefuda/games)",
    ),
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
    cards: str | None = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Play a game: humans see only their own seat's view."""
    from tefuda.agents import decision_for_agent, make_agent
    from tefuda.core import position as positions
    from tefuda.core.fair import commit, settings_of
    from tefuda.core.replay import chat_entry, parse_chat, record
    from tefuda.core.rng import new_secret
    from tefuda.core.undo import UndoLog, UndoRefused
    from tefuda.lab.runner import agent_seed

    start = None
    if from_ is not None:
        from .replays import state_at

        start = state_at(from_, None, force)
        if start.is_over:
            fail(f"{from_}: the game is over in this position: nothing to play")
        g = start.game
        n = start.nplayers
        decks = []
    else:
        g = game_arg(game_id, parse_options(option), cards)
        n = players_arg(g, players)
        decks = decks_arg(g, [deck1, deck2, None, None][:n])
    chosen = seed is not None
    game_seed: int | str = seed if seed is not None else new_secret()
    specs = [p1, p2, p3, p4][:n]
    agents: list[Any] = []
    for seat, spec in enumerate(specs):
        if spec == "human":
            agents.append(None)
            continue
        try:
            # an agent's own stream: from the chosen seed (a reproducible game), else from the OS — never
            # from the game's secret
            own = agent_seed(seed, seat) if seed is not None else secrets.randbits(64)
            agents.append(make_agent(spec, own))
        except ValueError as e:
            fail(str(e))
    humans = [i for i, a in enumerate(agents) if a is None]
    # the viewer: the human, or (no human) a spectator; with two humans, whoever is to move
    viewer = humans[0] if humans else n
    seats = ", ".join(f"P{i + 1} {s}" for i, s in enumerate(specs))
    if from_ is not None:
        where = f"from {from_}"
    elif chosen:
        where = f"seed {seed} (chosen: a reproducible game, not a secret one)"
    else:
        where = "secret from the OS, shown when the game is over"
    console.print(f"{g.name} ({g.name_en}) — {where}; {seats}", highlight=False)
    if save is not None and str(save) == "auto":  # make play: every game kept in the data directory
        from tefuda.core.paths import data_dir

        stamp = time.strftime("%Y%m%d-%H%M%S")
        save = data_dir() / "games" / f"{g.id}-{stamp}.json"
        try:
            save.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            fail(f"--save auto: cannot make {save.parent} ({e.strerror})")
        console.print(f"この対局は保存されます — this game is saved to {save}", highlight=False)
    save = out_file_arg(save, "--save")
    max_actions_arg(max_actions)
    if start is not None:
        state = start
    else:
        try:
            state = g.new_state(decks, game_seed, players=n)
        except (TefudaError, ValueError) as e:  # e.g. a house rule for another number of players
            fail(str(e))
    commitment = ""
    if start is None:
        commitment = commit(game_seed, settings_of(g, n, [d.to_text() for d in decks]))
        console.print(
            f"約束 commitment: {commitment}  (the secret is revealed at the end; keep this to check it)",
            highlight=False,
        )
    _say_teams(state, humans)
    start_data = positions.dump(state) if start is not None else None
    actions: list[str] = []
    undo_log = UndoLog()

    def rebuild(keep: int):
        """The game as it was after its first ``keep`` entries (same seed, same actions: the same game)."""
        again = (
            positions.load(start_data) if start_data is not None else g.new_state(decks, game_seed, players=n)
        )
        for entry in actions[:keep]:
            chat = parse_chat(entry)
            if chat is not None:
                again.say(*chat)
            else:
                again.apply(again.parse_action(entry))
        return again

    shown = 0
    _last_seen: dict[int, int] = {}  # per human seat: how much of the log they have been shown

    def show_events(seat: int) -> None:
        """What happened since this seat last looked, under the board (the screen ends with it and the
        prompt); a long run of events shows its last lines (`log` shows more)."""
        nonlocal shown
        new = (state.log or [])[shown:]
        if len(new) > RECENT:
            console.print(f"  … {len(new) - RECENT} 件前 earlier events (log)", highlight=False)
            new = new[-RECENT:]
        for ev in new:
            console.print(
                "  " + g.render_event(ev.view(seat, g.card_ids), seat),
                highlight=False,
                markup=False,
                soft_wrap=False,
            )
        shown = len(state.log or [])

    def save_replay() -> None:
        if commitment:
            # the game is over (or left): its secret may be known now, and checked against the commitment
            shown_seed = seed if chosen else game_seed
            console.print(f"秘密 secret: {shown_seed}", highlight=False)
        if save is not None:
            rep = record(state, actions, [d.to_text() for d in decks], game_seed, specs, position=start_data)
            rep.save(save)
            console.print(f"replay saved: {save}", highlight=False)
            if commitment:
                console.print(
                    f"  check it: tefuda replay {save} --verify --commitment {commitment}", highlight=False
                )

    max_actions = max_actions or g.max_game_length

    def turns() -> bool:
        """Play until the game ends (True) or a person quits (False, the replay saved)."""
        nonlocal state, shown, viewer
        while not state.is_over and len(actions) < max_actions:
            seat = state.current_player
            if agents[seat] is None:
                if len(humans) > 1 and seat != viewer:
                    # hot seat: hide the last player's screen before the next one looks
                    _last_seen[viewer] = shown
                    console.clear()
                    if _read(f"P{seat + 1} の番です — hand over to P{seat + 1} and press Enter ") is None:
                        save_replay()
                        return False
                    console.clear()
                    shown = _last_seen.get(seat, 0)
                viewer = seat
                console.print(g.render_observation(state.observation(seat)), soft_wrap=False)
                show_events(viewer)
                action = _ask_human(state, seat, g)
                if action is None:
                    console.print("quit.")
                    save_replay()
                    return False
                if isinstance(action, tuple) and action[0] == "say":
                    state.say(seat, action[1])
                    actions.append(chat_entry(seat, action[1]))
                    undo_log.chat()
                    show_events(seat)  # what it caused, at once (in ヨネス a word can lose the game)
                    continue
                if isinstance(action, tuple) and action[0] == "undo":
                    try:
                        keep = undo_log.target(seat, agents, rebuild, actions)
                    except UndoRefused as e:
                        console.print(str(e), highlight=False, markup=False)
                        continue
                    state = rebuild(keep)
                    del actions[keep:]
                    undo_log.cut(keep)
                    for agent in agents:  # what an AI seat remembers of the turn was taken back too
                        forget = getattr(agent, "forget", None)
                        if forget is not None:
                            forget()
                    shown = len(state.log or [])
                    console.print(f"取り消しました — undone: back to step {state.steps}", highlight=False)
                    continue
                with held_interrupt():  # the engine runs: Ctrl-C waits for it (cli/interrupts.py)
                    apply(action, seat)
            else:
                with held_interrupt():
                    apply(agents[seat].act(decision_for_agent(state, agents[seat])), seat)
        return True

    def apply(action: Any, seat: int) -> None:
        actions.append(state.notation(action))
        before = undo_log.before(state)
        state.apply(action)
        undo_log.after(state, before, seat)

    try:
        finished = turns()
    except KeyboardInterrupt:
        # Ctrl-C: the game is left as `quit` leaves it — its replay saved
        console.print("\n中断 — interrupted.", highlight=False)
        save_replay()
        raise typer.Exit(130) from None
    if not finished:
        return
    show_events(viewer)
    res = state.outcome()
    if res is None:
        console.print(f"stopped at the action cap ({max_actions})")
    else:
        console.print(outcome_line(res, humans), highlight=False)
    save_replay()


def outcome_line(res: Any, humans: list[int]) -> str:
    """How the game ended, in words for the person at the screen: あなたの勝ち — you win (one person
    playing), else who won; a draw; and why."""
    why = f"({res.reason_ja} / {res.reason})"
    if res.winner is None:
        return f"引き分け — draw {why}"
    who = " & ".join(f"P{w + 1}" for w in res.winners)
    if len(humans) == 1:
        if humans[0] in res.winners:
            return f"あなたの勝ち — you win {why}"
        return f"あなたの負け — you lose: {who} の勝ち {why}"
    verb = "win" if len(res.winners) > 1 else "wins"
    return f"{who} の勝ち — {who} {verb} {why}"


def _say_teams(state, humans: list[int]) -> None:
    """In a team game, each person is told who their partner is (チーム戦: 味方)."""
    teams = state.observation(state.nplayers).get("extra", {}).get("teams")
    if not teams:
        return
    sides = " vs ".join(" & ".join(f"P{p + 1}" for p in team) for team in teams)
    console.print(f"チーム戦 team game: {sides}", highlight=False)
    for seat in humans:
        team = next((t for t in teams if seat in t), [])
        mates = [f"P{p + 1}" for p in team if p != seat]
        if mates:
            console.print(f"  P{seat + 1}: 味方 your partner: {' & '.join(mates)}", highlight=False)


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
            from .replays import evaluate

            console.print(evaluate(state, "ismcts:iters=300", seat))
            continue
        if low == "undo":
            return ("undo",)
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
        if low == "card" or low.startswith("card "):
            show_card(state, seat, g, text[4:].strip(), legal)
            continue
        if low == "zone" or low.startswith("zone "):
            show_zone(state, seat, g, text[4:].strip())
            continue
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            console.print(f"no action {n}: choose 1–{len(legal)}", highlight=False)
            continue
        try:
            return state.parse_action(text)
        except TefudaError:
            # not an action of this moment: say so, and what is (never the whole list of verbs)
            console.print(
                f"「{text}」は選べません — not a choice now. 番号か次のどれか — a number or one of: "
                + ", ".join(state.notation(a) for a in legal[:12])
                + (", …" if len(legal) > 12 else "")
                + "  (? for help)",
                highlight=False,
                markup=False,
                soft_wrap=False,
            )


def show_card(state: Any, seat: int, g: Any, query: str, legal: Any) -> None:
    """``card NAME`` (Japanese or English, or the start of it) — any card of the game's pool (the pool is
    public, where each card lies is not); ``card N`` — the cards action N names."""
    from tefuda.view.cards import card_block, find_cards

    if not query:
        console.print("card NAME or card N — e.g. `card 紅蓮`, `card 3`", highlight=False)
        return
    if query.isdigit():
        n = int(query)
        if not 1 <= n <= len(legal):
            console.print(f"no action {n}: choose 1–{len(legal)}", highlight=False)
            return
        obs = state.observation(seat)
        named = {r["card"] for a in obs["legal"] if a["index"] == g.action_space.index(legal[n - 1])
                 for r in a["refs"] if r.get("card")}  # fmt: skip
        words = state.notation(legal[n - 1]).split()
        cards = [c for c in g.cardset if c.id in named or c.name in words or c.name_en in words]
        if not cards:
            console.print(f"action {n} names no card — {state.describe(legal[n - 1])}", highlight=False)
            return
    else:
        cards = find_cards(g, query)
        if not cards:
            console.print(f"no card named 「{query}」 — そのカードはありません", highlight=False)
            return
    for c in cards[:6]:
        console.print(card_block(g, g.card_table_row(c)), highlight=False, soft_wrap=False)
    if len(cards) > 6:
        console.print(f"… {len(cards) - 6} more — be more precise", highlight=False)


def show_zone(state: Any, seat: int, g: Any, query: str) -> None:
    """``zone NAME``: every card of a zone the seat may see (a graveyard, a deck's known cards), by its
    Japanese or English name or id (``p2.grave``); your own zone first when several players have one."""
    from tefuda.view.terminal import zone_text

    obs = state.observation(seat)
    q = query.casefold()
    if not q:
        names = ", ".join(f"{z['id']} ({z['ja']})" for z in obs["zones"])
        console.print(f"zone NAME — {names}", highlight=False, soft_wrap=False)
        return
    hits = [
        z
        for z in obs["zones"]
        if q in (z["id"].casefold(), z["ja"].casefold(), z["en"].casefold(), z["name"])
    ]
    if not hits:
        hits = [z for z in obs["zones"] if q in z["id"].casefold() or q in z["ja"] or q in z["en"].casefold()]
    hits.sort(key=lambda z: z["owner"] != seat)
    if not hits:
        console.print(f"no zone 「{query}」 — `zone` lists them", highlight=False)
        return
    z = hits[0]
    owner = "" if z["owner"] is None else f"P{z['owner'] + 1} "
    console.print(f"{owner}{z['ja']} ({z['en']}) — {z['count']} 枚", style="bold", highlight=False)
    console.print(zone_text(g, z, seat), highlight=False, markup=False, soft_wrap=False)
