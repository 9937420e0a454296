"""The ladder (番付): every pair of agents plays in every seat arrangement; ratings with 95 % intervals.

For two players, each pair plays ``n`` games in each seat order on the same seeds (so the deal is paired and
the seat evens out). For three or four players, agent A sits alone in each seat in turn against copies of B in
the others, and the other way round.

By default every seat plays the game's own deck for it (``Game.default_deck``), so a two-player ladder plays
one deck matchup — and "the seat" is also "the deck". With ``decks`` (two players), the deals cycle through
every ordered pair of those decks, mirrors included (deal ``g`` plays matchup ``g mod k²``; its mirrored seat
order plays the same decks in the same seats), so each agent plays each deck in each seat against each deck.

Ratings come from the Luce choice model — the winner of a game among players of strengths ``s`` is player
``w`` with probability ``s_w / Σ s`` (Bradley–Terry for two players) — fitted by maximum likelihood with
Hunter's MM iteration, shown on the Elo scale (400·log10 s, the agents' mean at 1500). A draw counts half a
win for each side. The 95 % intervals come from a bootstrap over games (seeded, so a run repeats). Time per
decision is measured in the worker around each agent's ``act``.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tefuda.agents import decision_for_agent, make_agent
from tefuda.core import Rng, load_game

from .journal import Journal, header
from .runner import agent_seed, game_seed
from .stats import wilson

BOOTSTRAP = 200  # resamples for the rating intervals
ELO_MEAN = 1500.0


@dataclass
class Match:
    """One game of the ladder: ``seats[k]`` is the agent (index) in seat k; ``winners`` its winning seats."""

    seats: tuple[int, ...]
    seed: int
    decks: tuple[int, ...] | None = None  # the deck (index into the ladder's decks) in each seat, or defaults
    winners: tuple[int, ...] = ()
    draw: bool = False
    actions: int = 0
    error: str | None = None
    think: dict[int, list[float]] = field(default_factory=dict)  # agent -> [seconds, decisions, max]

    def score(self, agent: int) -> float:
        """The agent's share of the win: 1 if one of its seats won, ½ for a draw, else 0."""
        if self.draw:
            return 0.5
        return 1.0 if any(self.seats[w] == agent for w in self.winners) else 0.0

    @property
    def key(self) -> tuple[tuple[int, ...], int, tuple[int, ...] | None]:
        """Which game of the ladder this is (its seats, seed and decks)."""
        return (self.seats, self.seed, self.decks)

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "decks": list(self.decks) if self.decks is not None else None,
            "winners": list(self.winners),
            "draw": self.draw,
            "actions": self.actions,
            "error": self.error,
            "think": {str(a): t for a, t in self.think.items()},
        }

    @classmethod
    def from_json(cls, d: Any) -> Match:
        """A game as ``to_json`` wrote it; raises ValueError, KeyError or TypeError on anything else."""
        if not isinstance(d, dict) or not isinstance(d["think"], dict):
            raise TypeError("not a game")
        decks = d["decks"]
        return cls(
            seats=tuple(int(x) for x in d["seats"]),
            seed=int(d["seed"]),
            decks=tuple(int(x) for x in decks) if decks is not None else None,
            winners=tuple(int(x) for x in d["winners"]),
            draw=bool(d["draw"]),
            actions=int(d["actions"]),
            error=None if d["error"] is None else str(d["error"]),
            think={int(a): [float(t[0]), int(t[1]), float(t[2])] for a, t in d["think"].items()},
        )


def schedule(k: int, players: int, n: int, seed: int) -> list[tuple[tuple[int, ...], int, int]]:
    """Every game to play: (the agent in each seat, the seed, the deal's number ``g`` within its seat
    arrangement). Pairs (i < j); per seat arrangement ``n`` seeds, the same seeds (and numbers) for the
    mirrored arrangement."""
    out = []
    pair = 0
    for i in range(k):
        for j in range(i + 1, k):
            for lone in range(players):  # the seat the lone agent sits in (two players: P1 or P2)
                for a, b in ((i, j), (j, i)):
                    if players == 2 and lone == 1:
                        continue  # two players: (i, j) and (j, i) with the lone seat 0 cover both orders
                    seats = tuple(a if s == lone else b for s in range(players))
                    for g in range(n):
                        out.append((seats, game_seed(seed, (pair * players + lone) * n + g), g))
            pair += 1
    return out


def matchups(ndecks: int) -> list[tuple[int, int]]:
    """Every ordered pair of decks (seat 1's, seat 2's), mirrors included."""
    return [(x, y) for x in range(ndecks) for y in range(ndecks)]


def plan(
    k: int, players: int, n: int, seed: int, ndecks: int = 0
) -> list[tuple[tuple[int, ...], int, tuple[int, ...] | None]]:
    """Every game to play with its decks: (the agent in each seat, the seed, the deck in each seat — None:
    the game's defaults). With ``ndecks``, deal ``g`` of every seat arrangement plays matchup ``g mod k²``."""
    pairs = matchups(ndecks)
    return [
        (seats, s, pairs[g % len(pairs)] if pairs else None) for seats, s, g in schedule(k, players, n, seed)
    ]


def in_seat(games: list, seat: int | None) -> list:
    """The games (``plan`` or ``schedule`` entries) in which the first agent sits in ``seat`` (1: the first
    player); all of them when ``seat`` is None."""
    return games if seat is None else [g for g in games if g[0][seat - 1] == 0]


def play_match(
    game_id: str,
    options: dict[str, Any],
    specs: list[str],
    seats: tuple[int, ...],
    seed: int,
    max_actions: int | None,
    cards: str | None,
    deck_texts: list[str] | None = None,
    decks: tuple[int, ...] | None = None,
) -> Match:
    """One ladder game (in a worker): every failure is caught and reported with the game's seed."""
    game = load_game(game_id, options, cards_path=cards)
    cap = max_actions or game.max_game_length
    agents = [make_agent(specs[a], agent_seed(seed, s)) for s, a in enumerate(seats)]
    m = Match(seats, seed, decks)
    try:
        lists = None
        if deck_texts is not None and decks is not None:
            lists = [game.parse_deck(deck_texts[d], f"deck {d + 1}") for d in decks]
        state = game.new_state(lists, seed, players=len(seats), record=False)
        while not state.is_over and m.actions < cap:
            seat = state.current_player
            agent = agents[seat]
            decision = decision_for_agent(state, agent)
            t0 = time.perf_counter()
            action = agent.act(decision)
            dt = time.perf_counter() - t0
            rec = m.think.setdefault(seats[seat], [0.0, 0, 0.0])
            rec[0] += dt
            rec[1] += 1
            rec[2] = max(rec[2], dt)
            state.apply(action)
            m.actions += 1
    except Exception as e:  # an engine or agent bug: reported, never a silent rating
        m.error = f"{type(e).__name__}: {e}"
        return m
    res = state.outcome()
    if res is None or res.winner is None:
        m.draw = True
    else:
        m.winners = tuple(res.winners)
    return m


def _chunk(args: tuple) -> list[Match]:
    game_id, options, specs, games, max_actions, cards, deck_texts = args
    return [
        play_match(game_id, options, specs, seats, seed, max_actions, cards, deck_texts, decks)
        for seats, seed, decks in games
    ]


def run_ladder(
    game_id: str,
    specs: list[str],
    n: int,
    *,
    players: int | None = None,
    seed: int = 0,
    jobs: int | None = None,
    options: dict[str, Any] | None = None,
    max_actions: int | None = None,
    cards: str | None = None,
    decks: list[str] | None = None,
    progress: Callable[[int], None] | None = None,
    resume: Path | None = None,
    seat: int | None = None,
) -> dict[str, Any]:
    """Play the ladder and rate it (the dict ``--json`` prints). ``decks``: deck list files (or names of the
    game's sample decks) to cycle through, every ordered pair of them (two players only). ``resume``: a
    journal file (lab/journal.py): the games it holds are not played again, each new one is written to it as
    it ends; ``progress`` is told of the journal's games first. ``seat``: play and rate only the games in
    which the first agent sits in that seat (1: the first player) — one seat's measurement; a journal keeps
    them, and the same ladder without ``seat`` plays the rest."""
    if len(specs) < 2:
        raise ValueError("a ladder needs at least two agents")
    game = load_game(game_id, options, cards_path=cards)
    nplayers = players or game.min_players
    problem = game.players_problem(nplayers)
    if problem:
        raise ValueError(problem)
    if seat is not None and not 1 <= seat <= nplayers:
        raise ValueError(f"seat {seat}: a seat of the {nplayers} players, 1–{nplayers}")
    for s in specs:
        make_agent(s)  # a bad spec fails now, in one line
    deck_texts = None
    names: list[str] = []
    if decks:
        deck_texts, names = load_decks(game, decks, nplayers, seed)
        names = [f"{x} ({k + 1})" if names.count(x) > 1 else x for k, x in enumerate(names)]
    everything = plan(len(specs), nplayers, n, seed, len(deck_texts or []))
    chosen = set(in_seat(everything, seat))
    done: dict[tuple[tuple[int, ...], int, tuple[int, ...] | None], Match] = {}
    journal = None
    if resume is not None:
        head = header(game, nplayers, specs, n, seed, deck_texts, max_actions)
        journal = _open_journal(resume, head, everything)
        done = {m.key: m for m in journal.games if m.key in chosen}  # (one seat's: the others kept)
        if progress and done:
            progress(len(done))
    games = [g for g in in_seat(everything, seat) if (g[0], g[1], g[2]) not in done]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(games) or 1))
    # a journal keeps every game as it ends: chunks of one, so a stop loses at most the games being played
    size = 1 if journal is not None else max(1, min(8, len(games) // (jobs * 4) or 1))
    tasks = [
        (game_id, dict(game.options), list(specs), games[i : i + size], max_actions, cards, deck_texts)
        for i in range(0, len(games), size)
    ]
    t0 = time.perf_counter()
    matches: list[Match] = list(done.values())

    def took(got: list[Match]) -> None:
        matches.extend(got)
        if journal is not None:
            journal.file.add([m.to_json() for m in got])
        if progress:
            progress(len(got))

    if jobs == 1:
        for t in tasks:
            took(_chunk(t))
    else:
        from tefuda.lab.workers import ordered_map

        # as each game ends (a long game holds up no other; the matches are put in the plan's order below)
        for got in ordered_map(_chunk, tasks, jobs, ordered=False):
            took(got)
    seconds = time.perf_counter() - t0
    order = {(seats, s, d): k for k, (seats, s, d) in enumerate(everything)}
    matches.sort(key=lambda m: order[m.key])  # the plan's order, however many runs played it
    return summarize(game, specs, nplayers, n, seed, matches, seconds, names)


@dataclass
class _Resumed:
    file: Journal
    games: list[Match]


def _open_journal(
    path: Path, head: dict[str, Any], everything: list[tuple[tuple[int, ...], int, tuple[int, ...] | None]]
) -> _Resumed:
    """The journal at ``path`` for the ladder ``head``, with its games read back (each a game of the plan)."""
    journal = Journal(path, head)
    planned = set(everything)
    games = []
    for no, raw in journal.done:
        try:
            m = Match.from_json(raw)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            raise ValueError(f"{path}:{no}: not a game of the ladder ({type(e).__name__}: {e})") from None
        if m.key not in planned:
            raise ValueError(f"{path}:{no}: not a game of this ladder (seats {m.seats}, seed {m.seed})")
        games.append(m)
    return _Resumed(journal, games)


def load_decks(game: Any, decks: list[str], nplayers: int, seed: int) -> tuple[list[str], list[str]]:
    """The decks a run cycles through (files or sample deck names): their texts and labels. Every ordered
    pair of them is set up once, so a pair no game can start with fails now, in one line."""
    if nplayers != 2:
        raise ValueError("--decks: every pair of decks is for two players")
    if len(decks) < 2:
        raise ValueError("--decks: name at least two deck lists")
    loaded = [resolve_deck(game, d) for d in decks]
    for a, b in matchups(len(loaded)):
        game.new_state([loaded[a], loaded[b]], seed, players=2, record=False)
    return [d.to_text() for d in loaded], [d.label for d in loaded]


def resolve_deck(game: Any, name: str) -> Any:
    """A deck list file, or the name of one of the game's sample decks (``dragon_roar``)."""
    samples = game.sample_decks()
    if name in samples:
        return game.load_deck(samples[name])
    path = Path(name)
    if not path.exists():
        known = ", ".join(samples) or "none"
        raise ValueError(f"--decks: {name}: no such deck list file, nor a sample deck of {game.id} ({known})")
    return game.load_deck(path)


# ------------------------------------------------------------------------------------------- ratings
def fit(
    k: int, games: list[tuple[tuple[int, ...], list[tuple[int, float]]]], iters: int = 2000
) -> list[float]:
    """Luce-model strengths by Hunter's MM algorithm. ``games``: (the agent in each seat, [(winning agent,
    weight)]); a draw is two half-wins. A prior of one half-win and one half-loss against a mean opponent
    keeps an unbeaten agent finite."""
    s = [1.0] * k
    wins = [0.5] * k  # the prior's half-win
    for _seats, won in games:
        for a, w in won:
            wins[a] += w
    for _ in range(iters):
        denom = [1.0 / (s[i] + 1.0) for i in range(k)]  # the prior's game against a strength-1 opponent
        for seats, won in games:
            total = sum(s[a] for a in seats)
            weight = sum(w for _, w in won)
            for a in set(seats):
                denom[a] += weight * seats.count(a) / total
        new = [wins[i] / denom[i] for i in range(k)]
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        if max(abs(a - b) for a, b in zip(new, s, strict=True)) < 1e-9:
            s = new
            break
        s = new
    return s


def _elo(s: list[float]) -> list[float]:
    e = [400.0 * math.log10(x) for x in s]
    mean = sum(e) / len(e)
    return [x - mean + ELO_MEAN for x in e]


def summarize(
    game: Any,
    specs: list[str],
    nplayers: int,
    n: int,
    seed: int,
    matches: list[Match],
    seconds: float,
    decks: list[str] | None = None,
) -> dict[str, Any]:
    k = len(specs)
    ok = [m for m in matches if m.error is None]
    data = []
    for m in ok:
        if m.draw:
            won = [(a, 0.5) for a in set(m.seats)]
        else:
            won = [(m.seats[w], 1.0 / len(m.winners)) for w in m.winners]
        data.append((m.seats, won))
    elo = _elo(fit(k, data))
    rng = Rng(seed ^ 0xB007)
    boot: list[list[float]] = [[] for _ in range(k)]
    for _ in range(BOOTSTRAP if data else 0):
        sample = [data[rng.below(len(data))] for _ in data]
        for i, e in enumerate(_elo(fit(k, sample, iters=300))):
            boot[i].append(e)
    ratings = []
    for i, spec in enumerate(specs):
        b = sorted(boot[i])
        ci = [b[int(0.025 * len(b))], b[min(len(b) - 1, int(0.975 * len(b)))]] if b else [elo[i], elo[i]]
        mine = [m for m in ok if i in m.seats]
        think = [m.think.get(i, [0.0, 0, 0.0]) for m in matches]
        decisions = sum(t[1] for t in think)
        ratings.append(
            {
                "agent": spec,
                "elo": round(elo[i], 1),
                "ci": [round(ci[0], 1), round(ci[1], 1)],
                "games": len(mine),
                "score": round(sum(m.score(i) for m in mine) / max(1, len(mine)), 4),
                "decisions": decisions,
                "seconds_per_decision": round(sum(t[0] for t in think) / max(1, decisions), 5),
                "max_seconds_per_decision": round(max((t[2] for t in think), default=0.0), 4),
            }
        )
    pairs = []
    for i in range(k):
        for j in range(i + 1, k):
            both = [m for m in ok if set(m.seats) == {i, j}]
            score = sum(m.score(i) for m in both)
            lo, hi = wilson(score, len(both)) if both else (0.0, 1.0)
            by_seat: dict[str, float] = {}  # A's score with A in each seat (alone, for 3–4 players)
            for lone in range(nplayers):
                seats = tuple(i if s == lone else j for s in range(nplayers))
                these = [m for m in both if m.seats == seats]
                if these:
                    by_seat[f"P{lone + 1}"] = round(sum(m.score(i) for m in these) / len(these), 4)
            b_by_seat: dict[str, float] = {}
            for lone in range(nplayers):
                seats = tuple(j if s == lone else i for s in range(nplayers))
                these = [m for m in both if m.seats == seats]
                if these:
                    b_by_seat[f"P{lone + 1}"] = round(sum(m.score(j) for m in these) / len(these), 4)
            by_deck: dict[str, float] = {}  # A's score with A playing each deck (in either seat)
            for d, label in enumerate(decks or []):
                these = [m for m in both if m.decks is not None and m.decks[m.seats.index(i)] == d]
                if these:
                    by_deck[label] = round(sum(m.score(i) for m in these) / len(these), 4)
            pairs.append(
                {
                    "a": specs[i],
                    "b": specs[j],
                    "games": len(both),
                    "score_a": round(score / max(1, len(both)), 4),
                    "ci_a": [round(lo, 4), round(hi, 4)],
                    "wins_a": sum(1 for m in both if not m.draw and m.score(i) == 1.0),
                    "wins_b": sum(1 for m in both if not m.draw and m.score(j) == 1.0),
                    "draws": sum(1 for m in both if m.draw),
                    "a_by_seat": by_seat,
                    "b_by_seat": b_by_seat,
                    **({"a_by_deck": by_deck} if decks else {}),
                }
            )
    return {
        "game": game.id,
        "players": nplayers,
        "options": dict(game.options),
        "card_set": game.cardset.digest,
        "agents": list(specs),
        "n": n,
        "seed": seed,
        "decks": list(decks) if decks else None,  # None: each seat played the game's default deck for it
        "games": len(matches),
        "errors": [
            {"seats": [specs[a] for a in m.seats], "seed": m.seed, "error": m.error}
            for m in matches
            if m.error
        ],
        "seconds": round(seconds, 2),
        "ratings": sorted(ratings, key=lambda r: -r["elo"]),
        "pairs": pairs,
        "model": "Luce choice (Bradley–Terry for 2 players), MM fit, Elo scale with mean 1500, "
        f"95 % intervals from {BOOTSTRAP} bootstrap resamples of the games",
    }
