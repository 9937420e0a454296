"""Running games between agents: one game (``play_game``), many (``simulate``), seeds derived so that the
same seed gives the same games however they are spread over processes."""

from __future__ import annotations

import hashlib
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tefuda.agents import Agent, decision_for_agent, make_agent
from tefuda.core import Deck, Game, Rng, State, load_game
from tefuda.core.paths import data_dir
from tefuda.core.replay import Replay, record


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``base`` (independent of how games are split)."""
    return Rng((base * 0x9E3779B97F4A7C15 + index) & ((1 << 64) - 1)).next64() & 0x7FFFFFFF


def agent_seed(seed: int, seat: int) -> int:
    """The agent stream of ``seat`` in a game with a chosen seed (a sim's, ``play --seed``): one-way from
    it (BLAKE2b), so an agent cannot work back from its own stream to the game's. Games with a secret give
    their agents streams from the OS instead."""
    h = hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=8, person=b"tefuda-agent")
    return int.from_bytes(h.digest(), "little")


@dataclass
class GameResult:
    seed: int
    winner: int | None
    reason: str
    first: int | None
    actions: int
    aborted: bool = False
    error: str | None = None
    winners: tuple[int, ...] = ()  # every winning seat (a team game has two)
    turns: int = 0
    hole: str | None = None  # a rule hole: "loop …", "action cap", "no legal action"
    cards: dict[int, tuple[int, int]] = field(default_factory=dict)  # card -> (seats drew, seats played)
    replay: Replay | None = field(default=None, repr=False)


def play_game(
    game: Game,
    decks: list[Deck],
    agents: list[Agent],
    seed: int,
    *,
    max_actions: int | None = None,
    agent_names: list[str] | None = None,
    on_step: Callable[[State, Any], None] | None = None,
    record_events: bool = False,
) -> tuple[State, list[str]]:
    """Play one game to the end (or ``max_actions``, by default the game's ``max_game_length``); returns the
    final state and the actions in notation."""
    max_actions = max_actions or game.max_game_length
    state = game.new_state(decks, seed, players=len(agents), record=record_events)
    actions: list[str] = []
    while not state.is_over and len(actions) < max_actions:
        agent = agents[state.current_player]
        action = agent.act(decision_for_agent(state, agent))
        actions.append(state.notation(action))
        events = state.apply(action)
        if on_step is not None:
            on_step(state, events)
    return state, actions


def run_one(
    game_id: str,
    options: dict[str, Any],
    deck_texts: list[str],
    specs: list[str],
    seed: int,
    max_actions: int,
    keep_replay: bool,
    cards: str | None = None,
) -> GameResult:
    """One simulated game, with every failure caught and reported (for worker processes)."""
    game = load_game(game_id, options, cards_path=cards)
    decks = [game.parse_deck(t, f"deck {i + 1}") for i, t in enumerate(deck_texts)]
    agents = [make_agent(s, agent_seed(seed, i)) for i, s in enumerate(specs)]
    actions: list[str] = []
    state: State | None = None
    hole = None
    try:
        state = game.new_state(decks, seed, players=len(specs), record=False)
        state.start_tracking()
        while not state.is_over and len(actions) < max_actions:
            if not state.legal_actions():
                hole = "no legal action"
                break
            agent = agents[state.current_player]
            a = agent.act(decision_for_agent(state, agent))
            actions.append(state.notation(a))
            state.apply(a)
    except Exception as e:  # a rule hole or an engine bug: report it with everything needed to repeat it
        err = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}"
        rep = None
        if state is not None:
            rep = record(state, actions, deck_texts, seed, specs, note=f"error after {len(actions)} actions")
        first = None if state is None else state.first_player
        return GameResult(seed, None, "error", first, len(actions), error=err, replay=rep)
    res = state.outcome()
    aborted = res is None
    if aborted and hole is None:
        hole = classify_cap(game, decks, seed, len(specs), actions)
    note = "" if hole is None else f"rule hole: {hole}"
    rep = record(state, actions, deck_texts, seed, specs, note=note) if (keep_replay or aborted) else None
    return GameResult(
        seed,
        None if res is None else res.winner,
        "aborted" if aborted else res.code,
        state.first_player,
        len(actions),
        aborted=aborted,
        winners=() if res is None else res.winners,
        turns=state.turn_count(),
        hole=hole,
        cards={c: (d, p) for c, (d, p) in (state.track or {}).items()},
        replay=rep,
    )


def classify_cap(game: Game, decks: list[Deck], seed: int, players: int, actions: list[str]) -> str:
    """A game stopped by the action cap: did a whole state repeat (a loop the rules allow), or is it only
    long? Replayed from its seed, comparing every state's hash."""
    state = game.new_state(decks, seed, players=players, record=False)
    seen = {state.digest(): 0}
    for k, text in enumerate(actions, 1):
        state.apply(state.parse_action(text))
        h = state.digest()
        if h in seen:
            return f"loop: the state after action {k} repeats the one after action {seen[h]}"
        seen[h] = k
    return "action cap (no exact repetition)"


def _run_on_ray(
    tasks: list[tuple], jobs: int, address: str | None, progress: Callable[[int], None] | None
) -> list[GameResult]:
    """The same chunks as the local backend, as Ray tasks (``pip install tefuda[ray]``); results come back
    in order, so a seed gives the same summary on either backend."""
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'tefuda[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(_run_chunk)
        refs = [remote.remote(t) for t in tasks]
        results: list[GameResult] = []
        for ref in refs:
            got = ray.get(ref)
            results.extend(got)
            if progress:
                progress(len(got))
        return results
    finally:
        if started:
            ray.shutdown()


def _run_chunk(args: tuple) -> list[GameResult]:
    game_id, options, deck_texts, specs, seeds, max_actions, keep, cards = args
    return [run_one(game_id, options, deck_texts, specs, s, max_actions, keep, cards) for s in seeds]


@dataclass
class SimSummary:
    game: str
    games: int
    wins: dict[str, int]
    draws: int
    aborted: int
    errors: list[dict[str, Any]]
    first_player_wins: int
    mean_actions: float
    actions_per_s: float
    games_per_s: float
    seconds: float
    agents: dict[str, str]
    seed: int
    reasons: dict[str, int]  # outcome code -> games
    reason_texts: dict[str, list[str]] = field(default_factory=dict)  # outcome code -> [ja, en]
    decided: int = 0
    wins_ci: dict[str, list[float]] = field(default_factory=dict)  # 95 % Wilson, per seat
    by_agent: dict[str, dict[str, Any]] = field(default_factory=dict)
    first_player: dict[str, Any] = field(default_factory=dict)
    length: dict[str, dict[str, float]] = field(default_factory=dict)  # actions and turns
    holes: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    baseline: float = 0.0  # a seat's overall win rate (what per-card rates are compared with)
    lengths: list[int] = field(default_factory=list, repr=False)  # per game, for plots
    interrupted: int = 0  # the games asked for, when Ctrl-C stopped the run before them all
    decks: dict[str, dict[str, str]] = field(default_factory=dict)  # seat -> {name, source}

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def simulate(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    deck_paths: list[str | None] | None = None,
    max_actions: int | None = None,
    save_replays: str | Path | None = None,
    error_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    cards: str | None = None,
) -> SimSummary:
    """Play ``n`` games between ``specs`` (one agent spec per seat), in ``jobs`` processes; a game that
    reaches ``max_actions`` (by default the game's ``max_game_length``) is a rule hole. ``cards``: a
    designer's card file (``+FILE`` laid over the game's pool)."""
    try:
        game, results, seconds = run_games(
            game_id, specs, n, seed=seed, jobs=jobs, options=options, deck_paths=deck_paths,
            max_actions=max_actions, keep=save_replays is not None, progress=progress, backend=backend,
            address=address, cards=cards,
        )  # fmt: skip
    except Interrupted as stop:  # what was finished is still worth a summary
        summary = summarize(stop.game, specs, stop.results, seed, stop.seconds, save_replays, error_dir)
        summary.interrupted = n
        raise SimInterrupted(summary) from None
    summary = summarize(game, specs, results, seed, seconds, save_replays, error_dir)
    summary.decks = deck_names(game, len(specs), deck_paths)
    return summary


def deck_names(game: Game, nplayers: int, deck_paths: list[str | None] | None) -> dict[str, dict[str, str]]:
    """Which deck each seat played, and where it came from (a file, or the game's default for the seat)."""
    out = {}
    for seat in range(nplayers):
        path = deck_paths[seat] if deck_paths and seat < len(deck_paths) else None
        deck = game.load_deck(path) if path else game.default_deck(seat)
        source = str(path) if path else f"default for P{seat + 1}: {Path(deck.source).name}"
        name = deck.name.split(" — ")[0].strip() or Path(deck.source).stem
        out[f"p{seat + 1}"] = {"name": name, "source": source}
    return out


class SimInterrupted(Exception):
    """A simulation stopped by Ctrl-C, with the summary of the games it finished."""

    def __init__(self, summary: SimSummary) -> None:
        super().__init__("interrupted")
        self.summary = summary


def run_games(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    deck_paths: list[str | None] | None = None,
    max_actions: int | None = None,
    keep: bool = False,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    cards: str | None = None,
) -> tuple[Game, list[GameResult], float]:
    """The games themselves, one result per seed in seed order (what an A/B test pairs), and the seconds."""
    game = load_game(game_id, options, cards_path=cards)
    max_actions = max_actions or game.max_game_length
    for s in specs:
        make_agent(s)  # fail early on a bad agent name
    nplayers = len(specs)
    deck_texts = []
    decks = []
    for seat in range(nplayers):
        path = (deck_paths or [None] * nplayers)[seat] if deck_paths and seat < len(deck_paths) else None
        deck = game.load_deck(path) if path else game.default_deck(seat)
        decks.append(deck)
        deck_texts.append(deck.to_text())
    # set up one game here, so settings no game can start with fail now, in one line, not in every game
    game.new_state(decks, seed, players=nplayers, record=False)
    seeds = [game_seed(seed, i) for i in range(n)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, n or 1))
    chunk = max(1, min(50, n // (jobs * 4) or 1))
    tasks = [
        (game_id, dict(game.options), deck_texts, specs, seeds[i : i + chunk], max_actions, keep, cards)
        for i in range(0, n, chunk)
    ]
    results: list[GameResult] = []
    t0 = time.perf_counter()
    if backend not in ("local", "ray"):
        raise ValueError(f"unknown backend {backend!r} (backends: local, ray)")
    try:
        if backend == "ray":
            results = _run_on_ray(tasks, jobs, address, progress)
        elif jobs == 1:
            for t in tasks:
                got = _run_chunk(t)
                results.extend(got)
                if progress:
                    progress(len(got))
        else:
            import multiprocessing as mp

            ctx = mp.get_context("spawn" if os.name == "nt" else "fork")
            pool = ctx.Pool(jobs, initializer=_ignore_interrupts)
            try:
                for got in pool.imap(_run_chunk, tasks):
                    results.extend(got)
                    if progress:
                        progress(len(got))
            finally:  # Ctrl-C: the workers stop at once and quietly (they ignore it; the pool ends them)
                pool.terminate()
                pool.join()
    except KeyboardInterrupt:
        raise Interrupted(game, results, time.perf_counter() - t0) from None
    return game, results, time.perf_counter() - t0


class Interrupted(Exception):
    """Ctrl-C during a simulation: the games finished so far, to summarise."""

    def __init__(self, game: Game, results: list[GameResult], seconds: float) -> None:
        super().__init__("interrupted")
        self.game, self.results, self.seconds = game, results, seconds


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool: no traceback from every worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def summarize(
    game: Game,
    specs: list[str],
    results: list[GameResult],
    seed: int,
    seconds: float,
    save_replays: str | Path | None = None,
    error_dir: str | Path | None = None,
) -> SimSummary:
    """Turn the games' results into the lab's answers: rates with intervals, lengths, holes, cards."""
    from .stats import describe, wilson

    n = len(results)
    nplayers = len(specs)
    wins = {f"p{i + 1}": 0 for i in range(nplayers)}
    draws = aborted = fpw = total_actions = 0
    errors: list[dict[str, Any]] = []
    holes: list[dict[str, Any]] = []
    reasons: dict[str, int] = {}
    actions_len: list[int] = []
    turns_len: list[int] = []
    card_drawn: dict[int, list[int]] = {}  # card -> [seat-games, wins]
    card_played: dict[int, list[int]] = {}
    # replays of failed games: with the others when --save-replays is given, else in the data directory
    out_dir = Path(save_replays or error_dir or data_dir() / "sim-errors")
    for i, r in enumerate(results):
        total_actions += r.actions
        if r.error is not None:
            path = out_dir / f"error-{r.seed}.json"
            if r.replay is not None:
                r.replay.save(path)
            errors.append(
                {
                    "game": i,
                    "seed": r.seed,
                    "error": r.error.splitlines()[0],
                    "replay": str(path) if r.replay else None,
                    "traceback": r.error,
                }
            )
            holes.append({"game": i, "seed": r.seed, "kind": "error", "detail": r.error.splitlines()[0],
                          "replay": str(path) if r.replay else None})  # fmt: skip
            continue
        if r.hole is not None:
            path = out_dir / f"hole-{r.seed}.json"
            if r.replay is not None:
                r.replay.save(path)
            holes.append({"game": i, "seed": r.seed, "kind": r.hole, "replay": str(path)})
        if r.aborted:
            aborted += 1
            continue
        actions_len.append(r.actions)
        turns_len.append(r.turns)
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        won = r.winners or (() if r.winner is None else (r.winner,))
        if r.winner is None:
            draws += 1
        else:
            for w in won:
                wins[f"p{w + 1}"] += 1
            if r.first in won:
                fpw += 1
        for c, (drew, played) in r.cards.items():
            for seat in range(nplayers):
                bit = 1 << seat
                for masks, table in ((drew, card_drawn), (played, card_played)):
                    if masks & bit:
                        e = table.setdefault(c, [0, 0])
                        e[0] += 1
                        e[1] += seat in won
        if save_replays is not None and r.replay is not None:
            r.replay.save(Path(save_replays) / f"game-{i:05d}-{r.seed}.json")
    finished = n - aborted - len(errors)
    decided = finished - draws
    wins_ci = {k: list(wilson(v, finished)) for k, v in wins.items()}
    by_agent: dict[str, dict[str, Any]] = {}
    for i, spec in enumerate(specs):
        e = by_agent.setdefault(spec, {"seat_games": 0, "wins": 0})
        e["seat_games"] += finished
        e["wins"] += wins[f"p{i + 1}"]
    for e in by_agent.values():
        e["rate"] = e["wins"] / e["seat_games"] if e["seat_games"] else 0.0
        e["ci"] = list(wilson(e["wins"], e["seat_games"]))
    total_wins = sum(wins.values())
    baseline = total_wins / (finished * nplayers) if finished else 0.0
    cards = []
    for c in sorted(set(card_drawn) | set(card_played)):
        d = card_drawn.get(c, [0, 0])
        p = card_played.get(c, [0, 0])
        cd = game.cardset[c]
        cards.append(
            {
                "card": cd.id,
                "name": cd.name,
                "name_en": cd.name_en,
                "drawn": d[0],
                "drawn_win_rate": d[1] / d[0] if d[0] else None,
                "drawn_ci": list(wilson(d[1], d[0])),
                "played": p[0],
                "played_win_rate": p[1] / p[0] if p[0] else None,
                "played_ci": list(wilson(p[1], p[0])),
                "played_vs_baseline": (p[1] / p[0] - baseline) if p[0] else None,
            }
        )
    return SimSummary(
        game=game.id,
        games=n,
        wins=wins,
        draws=draws,
        aborted=aborted,
        errors=errors,
        first_player_wins=fpw,
        mean_actions=total_actions / n if n else 0.0,
        actions_per_s=total_actions / seconds if seconds > 0 else 0.0,
        games_per_s=n / seconds if seconds > 0 else 0.0,
        seconds=seconds,
        agents={f"p{i + 1}": s for i, s in enumerate(specs)},
        seed=seed,
        reasons=reasons,
        reason_texts={code: list(game.outcomes.get(code, (code, code))) for code in reasons},
        decided=decided,
        wins_ci=wins_ci,
        by_agent=by_agent,
        first_player={
            "wins": fpw,
            "decided": decided,
            "rate": fpw / decided if decided else 0.0,
            "ci": list(wilson(fpw, decided)),
            "fair_share": 1 / game.sides(nplayers),
        },
        length={"actions": describe(actions_len), "turns": describe(turns_len)},
        holes=holes,
        cards=cards,
        baseline=baseline,
        lengths=actions_len,
    )
