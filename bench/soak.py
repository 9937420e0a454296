"""The soak (issue 26): N seeded games over every game, mode (player count), house-rule option and sample
deck matchup, by random agents (and a greedy seat in one game in ten), with the invariants checked after
every action and the replay of every game round-tripped at its end (tefuda/lab/invariants.py).

    .venv/bin/python bench/soak.py --games 3000 [--jobs J] [--out DIR] [--seed S] [--resume]

Games are made lazily, chunk by chunk, on every core; a checkpoint in --out after every chunk (the games done
and the running totals) lets ``--resume`` carry on after a stop. Writes ``soak.json`` (games, actions,
crashes, invariant violations, stuck games, seconds, games/s, per game) and the replay of every failure in
``--out/failures/``. Exit status 1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tefuda.agents import decision_for_agent, make_agent
from tefuda.core.game import cached_game, load_case, load_game, mode_cases
from tefuda.core.replay import record
from tefuda.lab import invariants
from tefuda.lab.runner import agent_seed, game_seed

GREEDY = "greedy:rollouts=1,seconds=0"
GREEDY_EVERY = 10  # one game in ten of each configuration's turns has a greedy seat
CHUNK = 10  # games a worker takes at a time
HASH_EVERY = 1  # the hash and clone checks after every this many actions (the rest: after every action)
KINDS = ("crashes", "violations", "stuck")


@dataclass(frozen=True)
class Config:
    """One way to play: a game's mode, a house-rule variant (one option off its default, or none) and the
    sample decks of every seat."""

    case: str
    game: str
    options: tuple[tuple[str, Any], ...]
    variant: str
    players: int
    decks: tuple[str, ...]
    deck_texts: tuple[str, ...]


def _values(spec: Any) -> list[Any]:
    """The values of an option other than its default: every choice, the other bool, or for a whole
    number its bounds and its neighbours."""
    if spec.choices is not None:
        return [c for c in spec.choices if c != spec.default]
    if isinstance(spec.default, bool):
        return [not spec.default]
    if isinstance(spec.default, int):
        lo = spec.min if spec.min is not None else spec.default - 1
        hi = spec.max if spec.max is not None else spec.default + 1
        got = {lo, hi, spec.default - 1, spec.default + 1}
        return sorted(v for v in got if lo <= v <= hi and v != spec.default)
    return []


def case_configs(case: str) -> list[Config]:
    """Every configuration of one mode: the defaults and each option varied alone, each with every deck
    matchup its deck rules allow (seat 1 plays one deck, every other seat another: all ordered pairs).
    A variant no sample deck may play, or no game can start with, is left out."""
    game, mode = load_case(case)
    variants: list[tuple[str, dict[str, Any]]] = [("defaults", {})]
    for name, spec in game.option_specs.items():
        if name in mode.options:
            continue  # the mode sets it
        variants.extend((f"{name}={v}", {name: v}) for v in _values(spec))
    out: list[Config] = []
    for label, change in variants:
        opts = {**mode.options, **change}
        g = load_game(game.id, opts)
        texts = {}
        for deck_name, path in g.sample_decks().items():
            deck = g.load_deck(path, check=False)
            if not g.deck_problems(deck):
                texts[deck_name] = deck.to_text()
        if not texts:
            continue
        names = sorted(texts)
        matchups = [(a, *([b] * (mode.players - 1))) for a in names for b in names]
        try:
            g.new_state([g.parse_deck(texts[n]) for n in matchups[0]], 0, players=mode.players)
        except Exception:  # a variant that cannot start with these decks is not played
            continue
        for m in matchups:
            out.append(
                Config(case, g.id, tuple(sorted(g.options.items())), label, mode.players, m,
                       tuple(texts[n] for n in m))
            )  # fmt: skip
    return out


_CONFIGS: list[list[Config]] | None = None


def configs() -> list[list[Config]]:
    """Every mode's configurations (built once a process; forked workers inherit them)."""
    global _CONFIGS
    if _CONFIGS is None:
        _CONFIGS = [case_configs(c) for c in mode_cases()]
    return _CONFIGS


def config_of(k: int) -> tuple[Config, list[str]]:
    """Game ``k``'s configuration and agents: the modes take turns (every mode in every few games), each
    cycling through its own configurations; in one round in ten a seat (in turn) is greedy."""
    by_case = configs()
    n = len(by_case)
    case_list = by_case[k % n]
    turn = k // n
    cfg = case_list[turn % len(case_list)]
    agents = ["random"] * cfg.players
    if turn % GREEDY_EVERY == GREEDY_EVERY // 2:
        agents[(turn // GREEDY_EVERY) % cfg.players] = GREEDY
    return cfg, agents


# ---------------------------------------------------------------------- one game
@dataclass
class Result:
    index: int
    case: str
    game: str
    actions: int
    kind: str | None = None  # None, or one of KINDS
    message: str = ""
    replay: str | None = None  # the replay (JSON text) of a failed game
    greedy: bool = False


def play_one(k: int, base_seed: int) -> Result:
    """Game ``k`` of a soak with seed ``base_seed``, every invariant checked; any failure caught."""
    cfg, specs = config_of(k)
    seed = game_seed(base_seed, k)
    res = Result(k, cfg.case, cfg.game, 0, greedy=GREEDY in specs)
    state = None
    actions: list[str] = []
    try:
        game = cached_game(cfg.game, dict(cfg.options))
        decks = [game.parse_deck(t, f"deck {i + 1}") for i, t in enumerate(cfg.deck_texts)]
        agents = [make_agent(s, agent_seed(seed, i)) for i, s in enumerate(specs)]
        state = game.new_state(decks, seed, players=cfg.players, record=False)
        invariants.check_state(state)
        cap = game.max_game_length
        while not state.is_over:
            if len(actions) >= cap:
                res.kind, res.message = "stuck", f"action cap ({cap} actions)"
                break
            if not state.legal_actions():
                res.kind, res.message = "stuck", "no legal action"
                break
            agent = agents[state.current_player]
            action = agent.act(decision_for_agent(state, agent))
            actions.append(state.notation(action))
            prev = invariants.before(state)
            state.apply(action)
            try:
                invariants.check_step(prev, state, hashes=len(actions) % HASH_EVERY == 0 or state.is_over)
            except AssertionError as e:
                res.kind, res.message = "violations", f"after action {len(actions)} ({actions[-1]}): {e}"
                break
        res.actions = len(actions)
        rep = record(state, actions, list(cfg.deck_texts), seed, specs)
        if res.kind is None:
            try:
                invariants.check_replay(rep)
            except Exception as e:  # a replay that does not round-trip is a violation
                res.kind, res.message = "violations", f"replay round-trip: {type(e).__name__}: {e}"
    except Exception as e:  # an engine or agent error: a crash, with its replay
        res.actions = len(actions)
        res.kind = "crashes"
        res.message = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"
    if res.kind is not None:
        res.replay = _failure_replay(res, cfg, specs, seed, state, actions)
    return res


def _failure_replay(
    res: Result, cfg: Config, specs: list[str], seed: int, state: Any, actions: list[str]
) -> str:
    note = f"soak game {res.index} ({cfg.case}, {cfg.variant}, decks {'/'.join(cfg.decks)}): {res.kind}: "
    note += res.message
    try:
        return record(state, actions, list(cfg.deck_texts), seed, specs, note=note).to_json()
    except Exception:  # a state too broken to record: its settings and actions instead
        body = {"game": cfg.game, "options": dict(cfg.options), "players": cfg.players, "seed": seed,
                "decks": list(cfg.deck_texts), "agents": specs, "actions": actions, "note": note}  # fmt: skip
        return json.dumps(body, ensure_ascii=False, indent=1)


def _run_chunk(args: tuple[int, int, int]) -> list[Result]:
    base_seed, start, stop = args
    return [play_one(k, base_seed) for k in range(start, stop)]


# ---------------------------------------------------------------------- totals and the checkpoint
def empty_totals() -> dict[str, Any]:
    return {"games": 0, "actions": 0, "crashes": 0, "violations": 0, "stuck": 0, "greedy_games": 0,
            "seconds": 0.0, "by_game": {}, "by_case": {}, "failures": []}  # fmt: skip


def add(totals: dict[str, Any], r: Result, out: Path | None) -> None:
    totals["games"] += 1
    totals["actions"] += r.actions
    totals["greedy_games"] += r.greedy
    for key, name in (("by_game", r.game), ("by_case", r.case)):
        row = totals[key].setdefault(
            name, {"games": 0, "actions": 0, "crashes": 0, "violations": 0, "stuck": 0}
        )
        row["games"] += 1
        row["actions"] += r.actions
        if r.kind:
            row[r.kind] += 1
    if r.kind:
        totals[r.kind] += 1
        path = None
        if out is not None and r.replay is not None:
            folder = out / "failures"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{r.index:08d}-{r.case.replace('@', '-')}-{r.kind}.json"
            path.write_text(r.replay + "\n", encoding="utf-8")
        if len(totals["failures"]) < 1000:
            totals["failures"].append(
                {"index": r.index, "case": r.case, "kind": r.kind, "message": r.message.splitlines()[0][:500],
                 "replay": None if path is None else str(path)}
            )  # fmt: skip


def _write(path: Path, body: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(body, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def summary(totals: dict[str, Any], seed: int, target: int) -> dict[str, Any]:
    secs = totals["seconds"]
    n_configs = sum(len(c) for c in configs())
    return {
        "seed": seed,
        "games_asked": target,
        **{k: totals[k] for k in ("games", "actions", "crashes", "violations", "stuck", "greedy_games")},
        "seconds": round(secs, 2),
        "games_per_s": round(totals["games"] / secs, 2) if secs else None,
        "actions_per_s": round(totals["actions"] / secs, 1) if secs else None,
        "checked": "after every action: consistency (cards conserved, zones) and knowledge only grows; "
        + ("after every action" if HASH_EVERY == 1 else f"after every {HASH_EVERY}th action and the last")
        + ": stable hash and clone = original; every game's replay round-trip",
        "agents": f"random; one seat {GREEDY} in one game in {GREEDY_EVERY}",
        "modes": mode_cases(),
        "configurations": n_configs,
        "by_game": totals["by_game"],
        "by_case": totals["by_case"],
        "failures": totals["failures"],
    }


# ---------------------------------------------------------------------- the run
def _chunks(seed: int, start: int, stop: int) -> Iterator[tuple[int, int, int]]:
    for i in range(start, stop, CHUNK):
        yield seed, i, min(stop, i + CHUNK)


def _stream(seed: int, start: int, stop: int, jobs: int) -> Iterator[list[Result]]:
    if jobs == 1:
        yield from (_run_chunk(t) for t in _chunks(seed, start, stop))
        return
    from tefuda.lab.workers import ordered_map

    yield from ordered_map(_run_chunk, _chunks(seed, start, stop), jobs)


def run_soak(
    games: int,
    *,
    jobs: int | None = None,
    out: str | Path = "soak-out",
    seed: int = 0,
    resume: bool = False,
    progress: Callable[[int, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play games ``0 .. games-1`` of the soak with seed ``seed`` (from the checkpoint's count on with
    ``resume``), write the checkpoint after every chunk and ``soak.json`` at the end (or when stopped), and
    return the summary. ``progress(done, totals)`` after every chunk."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / "soak.checkpoint.json"
    totals = empty_totals()
    if resume and ckpt.exists():
        saved = json.loads(ckpt.read_text(encoding="utf-8"))
        if saved["seed"] != seed:
            raise SystemExit(f"{ckpt}: a soak of seed {saved['seed']}, not {seed}")
        totals = saved["totals"]
    start = totals["games"]
    configs()  # built before the workers fork
    jobs = max(1, min(jobs or os.cpu_count() or 1, max(1, (games - start) // CHUNK)))
    t0 = time.perf_counter()
    base_secs = totals["seconds"]
    stream = _stream(seed, start, games, jobs)
    try:
        for got in stream:
            for r in got:
                add(totals, r, out)
            totals["seconds"] = base_secs + time.perf_counter() - t0
            _write(ckpt, {"seed": seed, "totals": totals})
            if progress:
                progress(totals["games"], totals)
    finally:
        stream.close()
        totals["seconds"] = base_secs + time.perf_counter() - t0
        _write(ckpt, {"seed": seed, "totals": totals})
        result = summary(totals, seed, games)
        _write(out / "soak.json", result)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--games", type=int, required=True, help="games in all (with --resume: the total to reach)"
    )
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--out", default="soak-out", help="folder for soak.json, the checkpoint and failures/")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--resume", action="store_true", help="carry on from the checkpoint in --out")
    ap.add_argument(
        "--hash-every",
        type=int,
        default=1,
        help="the hash and clone checks after every Nth action only (most of the cost; default 1)",
    )
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    global HASH_EVERY
    HASH_EVERY = max(1, args.hash_every)

    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("{task.completed}/{task.total} games"),
        BarColumn(),
        TextColumn("{task.fields[info]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        disable=args.quiet,
    )
    task = bar.add_task("soak", total=args.games, info="")

    def show(done: int, t: dict[str, Any]) -> None:
        info = f"{t['actions']} actions, {t['crashes']} crashes, {t['violations']} violations, "
        info += f"{t['stuck']} stuck"
        bar.update(task, completed=done, info=info)

    stopped = False
    with bar:
        try:
            s = run_soak(args.games, jobs=args.jobs, out=args.out, seed=args.seed, resume=args.resume,
                         progress=show)  # fmt: skip
        except KeyboardInterrupt:
            stopped = True
            s = json.loads((Path(args.out) / "soak.json").read_text(encoding="utf-8"))
    head = {k: s[k] for k in ("games", "actions", "crashes", "violations", "stuck", "seconds", "games_per_s",
                              "actions_per_s")}  # fmt: skip
    print(json.dumps(head))
    print(f"summary: {Path(args.out) / 'soak.json'}" + (" (stopped: --resume carries on)" if stopped else ""))
    if stopped:
        return 130
    return 1 if s["crashes"] or s["violations"] or s["stuck"] else 0


def _term(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM stops as Ctrl-C does: the checkpoint and soak.json are written


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _term)
    sys.exit(main())
