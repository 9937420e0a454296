"""Benchmarks (never asserted in tests): random-playout throughput and the cost of cloning, on one core."""

from __future__ import annotations

import statistics
import time
from typing import Any

from tefuda.core import Rng, load_game


def bench(
    game_id: str, seconds: float = 3.0, seed: int = 0, players: int | None = None, cards: str | None = None
) -> dict[str, Any]:
    game = load_game(game_id, cards_path=cards)
    nplayers = players or game.min_players
    decks = [game.default_deck(s) for s in range(nplayers)]
    rng = Rng(seed)
    actions = games = 0
    mid_states = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        s = game.new_state(decks, rng.next64() & 0x7FFFFFFF, players=nplayers, record=False)
        n = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            n += 1
            if n == 25 and len(mid_states) < 2000:
                mid_states.append(s.clone())
        actions += n
        games += 1
    dt = time.perf_counter() - t0
    per_clone = []
    batch = 50
    for st in mid_states[:1000] or [s]:
        t = time.perf_counter_ns()
        for _ in range(batch):
            st.clone()
        per_clone.append((time.perf_counter_ns() - t) / batch / 1000)
    return {
        "game": game_id,
        "players": nplayers,
        "seconds": round(dt, 3),
        "games": games,
        "actions": actions,
        "actions_per_s": round(actions / dt, 1),
        "games_per_s": round(games / dt, 2),
        "mean_actions": round(actions / games, 1),
        "clone_us": round(statistics.median(per_clone), 3),
        "clone_samples": len(per_clone),
    }


def bench_ismcts(
    game_id: str, seconds: float = 3.0, seed: int = 0, players: int | None = None, cards: str | None = None
) -> dict[str, Any]:
    """ISMCTS iterations per second, over decisions taken from random games (every phase of a game)."""
    from tefuda.agents import IsmctsAgent, decision_for

    game = load_game(game_id, cards_path=cards)
    nplayers = players or game.min_players
    rng = Rng(seed)
    states = []
    while len(states) < 40:
        s = game.new_state(None, rng.next64() & 0x7FFFFFFF, players=nplayers, record=False)
        k = 0
        while not s.is_over:
            legal = s.legal_actions()
            if len(legal) > 1 and k % 7 == 3:
                states.append(s.clone())
            s.apply(legal[rng.below(len(legal))])
            k += 1
    agent = IsmctsAgent(seed=seed, iters=100)
    iterations = 0
    t0 = time.perf_counter()
    i = 0
    while time.perf_counter() - t0 < seconds or i == 0:
        agent.evaluate(decision_for(states[i % len(states)]))
        iterations += agent.last_iterations
        i += 1
    dt = time.perf_counter() - t0
    return {
        "game": game_id,
        "players": nplayers,
        "agent": "ismcts:iters=100",
        "decisions": i,
        "iterations": iterations,
        "iterations_per_s": round(iterations / dt, 1),
    }


def bench_rl(
    game_id: str, seconds: float = 3.0, seed: int = 0, players: int | None = None, labels: bool = False
) -> dict[str, Any]:
    """The PettingZoo environment's steps per second (issue 27), each step as a learner takes it: ``last()``
    (the observation vector and the mask of the agent to act), a random legal index (``legal_indices``, the
    mask's ones), ``step``; beside the engine's own random-playout actions/s (``bench``) over as long."""
    import tefuda.rl as rl

    env = rl.env(game_id, players=players, labels=labels)
    rng = Rng(seed)
    steps = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        env.reset(seed=rng.next64() & 0x7FFFFFFF)
        for _agent in env.agent_iter():
            _, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = env.legal_indices()
            env.step(legal[rng.below(len(legal))])
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    engine = bench(game_id, seconds=seconds, seed=seed, players=players)
    rate = steps / dt
    return {
        "game": game_id,
        "players": env.nplayers,
        "labels": labels,
        "env_steps_per_s": round(rate, 1),
        "engine_actions_per_s": engine["actions_per_s"],
        "share": round(rate / engine["actions_per_s"], 3),
        "observation_size": env.encoder.size,
        "action_space": env.game.action_space.size,
    }
