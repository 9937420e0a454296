"""Running games between agents: one game (``play_game``), many (``simulate``), seeds derived so that the
same seed gives the same games however they are spread over processes.

Many games are streamed: seeds are made chunk by chunk as workers ask for them, and ``simulate`` sums each
result up as it comes (``Tally``), so a run of any length holds a few chunks and the running totals — not a
seed, a result or a row per game. Ctrl-C (SIGINT) and SIGTERM (``stop_on_signals``) stop the workers and
leave the summary of the games that finished (``SimInterrupted``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import socket
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterator
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
            if _waiting and _waiting[-1]:  # a stop came during the last action (see _run_chunk_here)
                _raise_stop(_waiting[-1][0])
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


def _run_chunk(args: tuple) -> list[GameResult]:
    game_id, options, deck_texts, specs, seeds, max_actions, keep, cards = args
    return [run_one(game_id, options, deck_texts, specs, s, max_actions, keep, cards) for s in seeds]


def _run_chunk_here(args: tuple) -> list[GameResult]:
    """``_run_chunk`` in this process (``--jobs 1``): a stop signal that comes during a game is raised between
    two actions, never inside the engine or an agent — the compiled build (mypyc) cannot unwind an exception
    from every point of its code, and aborted ("fatal: out of memory") when SIGTERM landed there."""
    game_id, options, deck_texts, specs, seeds, max_actions, keep, cards = args
    out = []
    for s in seeds:
        with _stops_wait():
            out.append(run_one(game_id, options, deck_texts, specs, s, max_actions, keep, cards))
    return out


# ---------------------------------------------------------------------- stopping
class Stopped(KeyboardInterrupt):
    """SIGTERM during a run, raised where Ctrl-C's KeyboardInterrupt would be: the same clean stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def stopped_by(stop: BaseException) -> str:
    """The signal that stopped a run: ``SIGTERM`` for ``Stopped``, else Ctrl-C's ``SIGINT``."""
    return signal.Signals(getattr(stop, "signum", signal.SIGINT)).name


# while a game is played in this process: the stop signal that came meanwhile, raised after it (one at most)
_waiting: list[list[int]] = []


@contextlib.contextmanager
def _stops_wait() -> Iterator[None]:
    pending: list[int] = []
    _waiting.append(pending)
    try:
        yield
    finally:
        _waiting.pop()
    if pending:
        _raise_stop(pending[0])


def _raise_stop(signum: int) -> None:
    raise KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While a run and its wrapping up last: the first SIGTERM stops it as Ctrl-C does (``Stopped``, a
    KeyboardInterrupt), the first Ctrl-C as ever; a later one of either is ignored, so the summary of what
    finished is still written. A SIGINT ignored on entry (a background job) stays ignored. The handlers
    before are put back after. Workers put SIGTERM back to its default (``workers._serve``)."""
    if threading.current_thread() is not threading.main_thread():  # pragma: no cover - no signals there
        yield
        return
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    seen: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        if seen:
            return
        seen.append(signum)
        if _waiting:  # a game is being played here: it ends first
            _waiting[-1].append(signum)
            return
        _raise_stop(signum)

    for sig, handler in before.items():
        if handler is not signal.SIG_IGN:
            signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


# ---------------------------------------------------------------------- Ray
RAY_PROBE_SECONDS = 5.0  # a TCP connect to the address
RAY_CONNECT_SECONDS = 10.0  # then Ray's own connect, if something answered


def _ray_gave_no_answer(address: str) -> None:
    """The watchdog of ``ray.init``: it cannot be interrupted, so the process ends here, in one line."""
    import sys

    print(
        f"error: --address {address}: something answers there, but no Ray cluster did in "
        f"{RAY_CONNECT_SECONDS:g} s — is it a Ray head's GCS port (6379 by default)?",
        file=sys.stderr,
        flush=True,
    )
    os._exit(1)


def check_ray_address(address: str, timeout: float = RAY_PROBE_SECONDS) -> None:
    """Fail in one line, within ``timeout``, when nothing answers at a Ray address (``HOST:PORT``, the head's
    GCS port, or ``ray://HOST:PORT``) — Ray itself would retry for ever behind its warnings. ``auto`` and
    ``local`` are Ray's own to find."""
    if address in ("auto", "local"):
        return
    target = address.split("://", 1)[1] if "://" in address else address
    host, _, port = target.rstrip("/").rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(
            f"--address {address}: expected HOST:PORT, a Ray head's address (port 6379 by default)"
        )
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as e:
        why = f"no answer in {timeout:g} s" if isinstance(e, TimeoutError) else (e.strerror or str(e)).lower()
        raise ValueError(
            f"--address {address}: nothing answers there ({why}) — is the Ray head running "
            "(`ray start --head`)?"
        ) from None


Chunks = Generator[list[GameResult], None, None]  # a run's results, chunk by chunk in seed order


def _stream_on_ray(tasks: Iterator[tuple], jobs: int, address: str | None) -> Chunks:
    """The same chunks as the local backend, as Ray tasks (``pip install tefuda[ray]``), at most a few per
    worker in flight; results come back in order, so a seed gives the same summary on either backend."""
    if address:
        check_ray_address(address)
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'tefuda[ray]'") from None
    started = not ray.is_initialized()
    # ray.init puts in its own SIGTERM handlers (one exits at once, one prints a stack): a run's own handler
    # (stop_on_signals: a clean stop with the summary of what finished) is put back after it
    main = threading.current_thread() is threading.main_thread()
    on_term = signal.getsignal(signal.SIGTERM) if main else None
    if started:
        if address:
            # something answers there; if it is not a Ray head, ray.init retries for ever in Ray's C++ client,
            # deaf to signals: a watchdog ends the process with one line instead
            watchdog = threading.Timer(RAY_CONNECT_SECONDS, _ray_gave_no_answer, (address,))
            watchdog.daemon = True
            watchdog.start()
            try:
                ray.init(address=address, log_to_driver=False)
            except (ConnectionError, TimeoutError, RuntimeError) as e:
                first = str(e).splitlines()[0] if str(e) else type(e).__name__
                raise ValueError(f"--address {address}: not a Ray cluster ({first})") from None
            finally:
                watchdog.cancel()
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        if callable(on_term):
            signal.signal(signal.SIGTERM, on_term)
    pending: deque[Any] = deque()
    try:
        remote = ray.remote(_run_chunk)
        window = 4 * jobs
        for t in tasks:
            pending.append(remote.remote(t))
            if len(pending) >= window:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        for ref in pending:  # a stop: the cluster drops what is left
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


# ---------------------------------------------------------------------- many games
def start_games(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    deck_paths: list[str | None] | list[str | Path | None] | None = None,
    max_actions: int | None = None,
    keep: bool = False,
    backend: str = "local",
    address: str | None = None,
    cards: str | None = None,
) -> tuple[Game, Chunks]:
    """Check everything a run needs (game, agents, decks, one game set up), then give the game and a stream
    of the results, chunk by chunk in seed order. Seeds are made as the workers take them; the stream owns
    the workers: closing it (or a Ctrl-C / ``Stopped`` while it waits) ends them."""
    if backend not in ("local", "ray"):
        raise ValueError(f"unknown backend {backend!r} (backends: local, ray)")
    game = load_game(game_id, options, cards_path=cards)
    max_actions = max_actions or game.max_game_length
    for s in specs:
        make_agent(s)  # fail early on a bad agent name
    nplayers = len(specs)
    deck_texts = []
    decks = []
    for seat in range(nplayers):
        path = deck_paths[seat] if deck_paths and seat < len(deck_paths) else None
        deck = game.load_deck(path) if path else game.default_deck(seat)
        decks.append(deck)
        deck_texts.append(deck.to_text())
    # set up one game here, so settings no game can start with fail now, in one line, not in every game
    game.new_state(decks, seed, players=nplayers, record=False)
    jobs = max(1, min(jobs or os.cpu_count() or 1, n or 1))
    chunk = max(1, min(50, n // (jobs * 4) or 1))
    opts = dict(game.options)

    def tasks() -> Iterator[tuple]:
        for i in range(0, n, chunk):
            seeds = [game_seed(seed, k) for k in range(i, min(n, i + chunk))]
            yield (game_id, opts, deck_texts, specs, seeds, max_actions, keep, cards)

    if backend == "ray":
        return game, _stream_on_ray(tasks(), jobs, address)
    if jobs == 1:
        return game, (_run_chunk_here(t) for t in tasks())
    return game, _stream_on_pool(tasks(), jobs)


def _stream_on_pool(tasks: Iterator[tuple], jobs: int) -> Chunks:
    """Worker processes (``workers.ordered_map``: one pipe each, so a worker killed by a signal sent to the
    whole group cannot hang the stop); a few chunks are in flight whatever the run's length."""
    from tefuda.lab.workers import ordered_map

    yield from ordered_map(_run_chunk, tasks, jobs)


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
    """The games themselves as a list, one result per seed in seed order (what an A/B test pairs), and the
    seconds. It holds every result: ``simulate`` and ``round_robin`` sum them up as they come instead."""
    game, stream = start_games(
        game_id, specs, n, seed=seed, jobs=jobs, options=options, deck_paths=deck_paths,
        max_actions=max_actions, keep=keep, backend=backend, address=address, cards=cards,
    )  # fmt: skip
    results: list[GameResult] = []
    t0 = time.perf_counter()
    try:
        for got in stream:
            results.extend(got)
            if progress:
                progress(len(got))
    except KeyboardInterrupt as stop:
        raise Interrupted(game, results, time.perf_counter() - t0, stopped_by(stop)) from None
    finally:
        stream.close()
    return game, results, time.perf_counter() - t0


class Interrupted(Exception):
    """Ctrl-C or SIGTERM during ``run_games``: the games finished so far, to summarise."""

    def __init__(self, game: Game, results: list[GameResult], seconds: float, by: str = "SIGINT") -> None:
        super().__init__("interrupted")
        self.game, self.results, self.seconds, self.by = game, results, seconds, by


@dataclass
class SimSummary:
    game: str
    games: int
    wins: dict[str, int]
    draws: int
    aborted: int
    errors: list[dict[str, Any]]  # the first LISTED (errors_total counts them all)
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
    holes: list[dict[str, Any]] = field(default_factory=list)  # the first LISTED (holes_total: all)
    cards: list[dict[str, Any]] = field(default_factory=list)
    baseline: float = 0.0  # a seat's overall win rate (what per-card rates are compared with)
    length_counts: dict[int, int] = field(default_factory=dict, repr=False)  # actions -> games, for plots
    interrupted: int = 0  # the games asked for, when Ctrl-C or SIGTERM stopped the run before them all
    stopped_by: str = ""  # "SIGINT" (Ctrl-C) or "SIGTERM", when interrupted
    decks: dict[str, dict[str, str]] = field(default_factory=dict)  # seat -> {name, source}
    errors_total: int = 0
    holes_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


LISTED = 200  # errors and rule holes listed (and their replays saved) per run; the rest are counted


class Tally:
    """A run's answers summed up game by game, in constant memory: counts per seat, outcome, length and card;
    per-game rows only for the first ``LISTED`` errors and rule holes (each with its replay; the others are
    counted, and repeat from their seed)."""

    def __init__(
        self,
        game: Game,
        specs: list[str],
        save_replays: str | Path | None = None,
        error_dir: str | Path | None = None,
    ) -> None:
        self.game, self.specs = game, specs
        self.nplayers = len(specs)
        self.save_replays = save_replays
        # replays of failed games: with the others when --save-replays is given, else in the data directory
        self.out_dir = Path(save_replays or error_dir or data_dir() / "sim-errors")
        self.n = self.draws = self.aborted = self.fpw = self.total_actions = 0
        self.wins = {f"p{i + 1}": 0 for i in range(self.nplayers)}
        self.errors: list[dict[str, Any]] = []
        self.holes: list[dict[str, Any]] = []
        self.errors_total = self.holes_total = 0
        self.reasons: dict[str, int] = {}
        self.actions: Counter[int] = Counter()
        self.turns: Counter[int] = Counter()
        self.card_drawn: dict[int, list[int]] = {}  # card -> [seat-games, wins]
        self.card_played: dict[int, list[int]] = {}

    def add(self, r: GameResult) -> None:
        i = self.n
        self.n += 1
        self.total_actions += r.actions
        if r.error is not None:
            self.errors_total += 1
            self.holes_total += 1
            if len(self.errors) < LISTED:
                path = self.out_dir / f"error-{r.seed}.json"
                if r.replay is not None:
                    r.replay.save(path)
                replay = str(path) if r.replay else None
                first = r.error.splitlines()[0]
                self.errors.append(
                    {"game": i, "seed": r.seed, "error": first, "replay": replay, "traceback": r.error}
                )
                if len(self.holes) < LISTED:
                    self.holes.append({"game": i, "seed": r.seed, "kind": "error", "detail": first,
                                       "replay": replay})  # fmt: skip
            return
        if r.hole is not None:
            self.holes_total += 1
            if len(self.holes) < LISTED:
                path = self.out_dir / f"hole-{r.seed}.json"
                if r.replay is not None:
                    r.replay.save(path)
                self.holes.append({"game": i, "seed": r.seed, "kind": r.hole, "replay": str(path)})
        if r.aborted:
            self.aborted += 1
            return
        self.actions[r.actions] += 1
        self.turns[r.turns] += 1
        self.reasons[r.reason] = self.reasons.get(r.reason, 0) + 1
        won = r.winners or (() if r.winner is None else (r.winner,))
        if r.winner is None:
            self.draws += 1
        else:
            for w in won:
                self.wins[f"p{w + 1}"] += 1
            if r.first in won:
                self.fpw += 1
        for c, (drew, played) in r.cards.items():
            for seat in range(self.nplayers):
                bit = 1 << seat
                for masks, table in ((drew, self.card_drawn), (played, self.card_played)):
                    if masks & bit:
                        e = table.setdefault(c, [0, 0])
                        e[0] += 1
                        e[1] += seat in won
        if self.save_replays is not None and r.replay is not None:
            r.replay.save(Path(self.save_replays) / f"game-{i:05d}-{r.seed}.json")

    def summary(self, seed: int, seconds: float) -> SimSummary:
        """The lab's answers so far: rates with intervals, lengths, holes, cards."""
        from .stats import describe_counts, wilson

        game, specs, n, nplayers, wins = self.game, self.specs, self.n, self.nplayers, self.wins
        finished = n - self.aborted - self.errors_total
        decided = finished - self.draws
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
        for c in sorted(set(self.card_drawn) | set(self.card_played)):
            d = self.card_drawn.get(c, [0, 0])
            p = self.card_played.get(c, [0, 0])
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
            wins=dict(wins),
            draws=self.draws,
            aborted=self.aborted,
            errors=list(self.errors),
            first_player_wins=self.fpw,
            mean_actions=self.total_actions / n if n else 0.0,
            actions_per_s=self.total_actions / seconds if seconds > 0 else 0.0,
            games_per_s=n / seconds if seconds > 0 else 0.0,
            seconds=seconds,
            agents={f"p{i + 1}": s for i, s in enumerate(specs)},
            seed=seed,
            reasons=dict(self.reasons),
            reason_texts={code: list(game.outcomes.get(code, (code, code))) for code in self.reasons},
            decided=decided,
            wins_ci=wins_ci,
            by_agent=by_agent,
            first_player={
                "wins": self.fpw,
                "decided": decided,
                "rate": self.fpw / decided if decided else 0.0,
                "ci": list(wilson(self.fpw, decided)),
                "fair_share": 1 / game.sides(nplayers),
            },
            length={"actions": describe_counts(self.actions), "turns": describe_counts(self.turns)},
            holes=list(self.holes),
            cards=cards,
            baseline=baseline,
            length_counts=dict(sorted(self.actions.items())),
            errors_total=self.errors_total,
            holes_total=self.holes_total,
        )


def summarize(
    game: Game,
    specs: list[str],
    results: list[GameResult],
    seed: int,
    seconds: float,
    save_replays: str | Path | None = None,
    error_dir: str | Path | None = None,
) -> SimSummary:
    """Turn a list of games' results into the lab's answers (``Tally`` over them)."""
    tally = Tally(game, specs, save_replays, error_dir)
    for r in results:
        tally.add(r)
    return tally.summary(seed, seconds)


class SimInterrupted(Exception):
    """A simulation stopped by Ctrl-C or SIGTERM, with the summary of the games it finished (and, for a deck
    grid, the grid so far)."""

    def __init__(self, summary: SimSummary, rr: dict[str, Any] | None = None) -> None:
        super().__init__("interrupted")
        self.summary, self.rr = summary, rr


def simulate(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    deck_paths: list[str | None] | list[str | Path | None] | None = None,
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
    designer's card file (``+FILE`` laid over the game's pool). Memory stays the same for any ``n``; a
    Ctrl-C or ``Stopped`` raises ``SimInterrupted`` with the summary of the games finished."""
    game, stream = start_games(
        game_id, specs, n, seed=seed, jobs=jobs, options=options, deck_paths=deck_paths,
        max_actions=max_actions, keep=save_replays is not None, backend=backend, address=address,
        cards=cards,
    )  # fmt: skip
    tally = Tally(game, specs, save_replays, error_dir)
    t0 = time.perf_counter()
    try:
        for got in stream:
            # a stop signal that comes while a result is counted waits for it: one raised between the game
            # count and the wins would leave a game counted with no result (seen in CI, 1 run in many)
            with _stops_wait():
                for r in got:
                    tally.add(r)
            if progress:
                progress(len(got))
    except KeyboardInterrupt as stop:  # what was finished is still worth a summary
        stream.close()
        summary = tally.summary(seed, time.perf_counter() - t0)
        summary.interrupted, summary.stopped_by = n, stopped_by(stop)
        summary.decks = deck_names(game, len(specs), deck_paths)
        raise SimInterrupted(summary) from None
    finally:
        stream.close()
    summary = tally.summary(seed, time.perf_counter() - t0)
    summary.decks = deck_names(game, len(specs), deck_paths)
    return summary


def deck_names(
    game: Game, nplayers: int, deck_paths: list[str | None] | list[str | Path | None] | None
) -> dict[str, dict[str, str]]:
    """Which deck each seat played, and where it came from (a file, or the game's default for the seat)."""
    out = {}
    for seat in range(nplayers):
        path = deck_paths[seat] if deck_paths and seat < len(deck_paths) else None
        deck = game.load_deck(path) if path else game.default_deck(seat)
        source = str(path) if path else f"default for P{seat + 1}: {Path(deck.source).name}"
        out[f"p{seat + 1}"] = {"name": deck.label, "source": source}
    return out
