"""Fitting the learned evaluation (tefuda/agents/evaluation.py) to self-play: ``tefuda train GAME``.

Self-play games between a quick search (``ismcts`` with a small budget, using the game's hand-written guess)
are played on every core; at some of each game's decisions every seat's features are written down, and each
is labelled with how the game ended for that seat (1 a win, 0 a loss, ½ a draw). A logistic regression with
an L2 pull toward the game's own guess (its strength chosen on a fifth of the training games) is fitted
to them by Newton's method (numpy), on standardized features; a tenth of the
games is held out to report the fit's log-loss against the hand-written guess alone. The result is plain
data, written where the search finds it (evaluation.weights_path)."""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from typing import Any

from tefuda.agents import decision_for_agent, make_agent
from tefuda.agents.evaluation import FORMAT, VERSION, Layout, mode_key, weights_path
from tefuda.core import Rng, load_game

from .runner import agent_seed, game_seed

SELF_PLAY = "ismcts:iters=60,eval=estimate"  # never the weights being replaced: a run repeats
SAMPLE_EVERY = 3  # about one decision in three is written down
L2 = 1e-2
L2S = (1e-3, 1e-2, 1e-1, 1.0, 10.0)  # the pulls toward the guess tried, per position


def self_play_game(
    game_id: str,
    options: dict[str, Any],
    cards: str | None,
    nplayers: int,
    spec: str,
    seed: int,
    deck_texts: list[str] | None = None,
) -> tuple[list[list[float]], list[float], int]:
    """One self-play game: (feature rows, their labels, the game's index within its run). ``deck_texts``:
    the deck lists to seat, one a seat (None: the game's own deck for each seat)."""
    game = load_game(game_id, options, cards_path=cards)
    layout = Layout(game, nplayers)
    agents = [make_agent(spec, agent_seed(seed, s)) for s in range(nplayers)]
    lists = [game.parse_deck(t, f"deck {k + 1}") for k, t in enumerate(deck_texts)] if deck_texts else None
    state = game.new_state(lists, seed, players=nplayers, record=False)
    pick = Rng(seed ^ 0x7EA1)
    rows: list[tuple[int, list[float]]] = []
    n = 0
    while not state.is_over and n < game.max_game_length:
        if pick.below(SAMPLE_EVERY) == 0:
            for s in range(nplayers):
                # as the search will see it: a world drawn from the seat's knowledge (the game's own guess,
                # one of the features, may read every card of the state it is given)
                rows.append((s, layout.features(state.determinize(s, pick), s)))
        agent = agents[state.current_player]
        state.apply(agent.act(decision_for_agent(state, agent)))
        n += 1
    res = state.outcome()
    if res is None or res.winner is None:
        labels = [0.5] * nplayers
    else:
        labels = [1.0 if s in res.winners else 0.0 for s in range(nplayers)]
    return [r for _, r in rows], [labels[s] for s, _ in rows], seed


def _chunk(args: tuple) -> list[tuple[list[list[float]], list[float], int]]:
    game_id, options, cards, nplayers, spec, seeds, deck_texts = args
    return [self_play_game(game_id, options, cards, nplayers, spec, s, deck_texts) for s in seeds]


def fit_logistic(x: Any, y: Any, l2: float = L2, iters: int = 50, prior: Any = None) -> tuple[Any, float]:
    """Weights and bias of a logistic regression (Newton's method), the weights pulled toward ``prior``
    (default 0) by an L2 penalty of ``l2`` per position; the bias is free."""
    import numpy as np

    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w0 = np.zeros(d + 1)
    if prior is not None:
        w0[:-1] = prior
    w = w0.copy()
    reg = np.full(d + 1, l2 * n)
    reg[-1] = 0.0
    for _ in range(iters):
        z = np.clip(xb @ w, -30, 30)
        p = 1.0 / (1.0 + np.exp(-z))
        grad = xb.T @ (p - y) + reg * (w - w0)
        h = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-9)
        step = np.linalg.solve(h, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w[:-1], float(w[-1])


def log_loss(p: Any, y: Any) -> float:
    import numpy as np

    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def train(
    game_id: str,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    cards: str | None = None,
    minutes: float = 3.0,
    games: int | None = None,
    seed: int = 0,
    jobs: int | None = None,
    spec: str = SELF_PLAY,
    progress: Callable[[int, int], None] | None = None,
    out: str | None = None,
    force: bool = False,
    decks: list[str] | None = None,
) -> dict[str, Any]:
    """Play self-play games for ``minutes`` (or exactly ``games``, for a run that repeats), fit, write the
    weights; returns what was written plus the fit's figures. Weights that do no better than the game's own
    guess on the held-out games are not written unless ``force`` (``written`` says which). ``decks`` (two
    players): deck list files or sample deck names; game ``k`` plays their ordered pair ``k mod d²``, so the
    evaluation learns every matchup, not only the game's default one."""
    import numpy as np

    game = load_game(game_id, options, cards_path=cards)
    nplayers = players or game.min_players
    problem = game.players_problem(nplayers)
    if problem:
        raise ValueError(problem)
    make_agent(spec)
    pairs: list[list[str]] = []
    deck_labels: list[str] = []
    if decks:
        from .ladder import load_decks, matchups

        texts, deck_labels = load_decks(game, decks, nplayers, seed)
        pairs = [[texts[x], texts[y]] for x, y in matchups(len(texts))]
    layout = Layout(game, nplayers)
    jobs = max(1, jobs or os.cpu_count() or 1)
    deadline = None if games is not None else time.monotonic() + 60.0 * minutes
    results: list[tuple[list[list[float]], list[float], int]] = []
    batch = jobs * 2
    k = 0

    def more() -> bool:
        if games is not None:
            return k < games
        return time.monotonic() < deadline  # type: ignore[operator]

    def tasks_for(count: int) -> list[tuple]:
        return [
            (
                game_id, dict(game.options), cards, nplayers, spec, [game_seed(seed, k + i)],
                pairs[(k + i) % len(pairs)] if pairs else None,
            )
            for i in range(count)
        ]  # fmt: skip

    t0 = time.monotonic()
    positions = 0

    def took(got: list) -> None:
        nonlocal positions
        results.extend(got)
        positions += sum(len(r[0]) for r in got)
        if progress:
            progress(len(results), positions)

    if jobs == 1:
        while more():
            took(_chunk(tasks_for(1)[0]))
            k += 1
    else:
        from tefuda.lab.workers import ordered_map

        while more():
            count = batch if games is None else min(batch, games - k)
            for got in ordered_map(_chunk, tasks_for(count), jobs):
                took(got)
            k += count
    results.sort(key=lambda r: r[2])  # the same order however the workers finished
    held = {r[2] for i, r in enumerate(results) if i % 10 == 9}
    xs, ys, xt, yt = [], [], [], []
    for rows, labels, g in results:
        if g in held:
            xt += rows
            yt += labels
        else:
            xs += rows
            ys += labels
    if len(xs) < 20:
        raise ValueError(f"too few positions to fit ({len(xs)}): give it more minutes or games")
    x = np.array(xs, dtype=float)
    y = np.array(ys, dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    # the weights are pulled toward the game's own guess alone (weight 1 on its log-odds, column 0), not
    # toward nothing: a strong pull gives back the guess. How strong is chosen on a fifth of the training
    # games (positions of one game are alike, so a game, not a position, is what is held out)
    prior = np.zeros(z.shape[1])
    prior[0] = scale[0]
    kept = [r for r in results if r[2] not in held]
    val_games = [r[2] for i, r in enumerate(kept) if i % 5 == 4]
    game_of = np.array([g for rows, _, g in kept for _ in rows])
    val = np.isin(game_of, val_games)
    l2 = L2S[0]
    if val.any() and (~val).any():
        scores = []
        for cand in L2S:
            wc, bc = fit_logistic(z[~val], y[~val], l2=cand, prior=prior)
            pv = 1.0 / (1.0 + np.exp(-np.clip(z[val] @ wc + bc, -30, 30)))
            scores.append((log_loss(pv, y[val]), cand))
        l2 = min(scores)[1]
    w, b = fit_logistic(z, y, l2=l2, prior=prior)
    figures: dict[str, Any] = {"games": len(results), "positions": len(xs), "held_out_positions": len(xt)}
    if xt:
        xt_a = np.array(xt, dtype=float)
        yt_a = np.array(yt, dtype=float)
        p = 1.0 / (1.0 + np.exp(-np.clip(((xt_a - mean) / scale) @ w + b, -30, 30)))
        figures["log_loss"] = round(log_loss(p, yt_a), 4)
        # the hand-written guess alone (column 0 holds its log-odds)
        figures["log_loss_estimate"] = round(log_loss(1.0 / (1.0 + np.exp(-xt_a[:, 0])), yt_a), 4)
        figures["log_loss_even"] = round(log_loss(np.full(len(yt_a), 0.5), yt_a), 4)
        figures["accuracy"] = round(float(np.mean((p > 0.5) == (yt_a > 0.5))), 4)
    figures["seconds"] = round(time.monotonic() - t0, 1)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "players": nplayers,
        "mode": mode_key(game, nplayers),
        "options": dict(game.options),
        "card_set": game.cardset.digest,
        "features": layout.names,
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "weights": [round(float(v), 6) for v in w],
        "bias": round(b, 6),
        "trained": {
            "self_play": spec,
            "seed": seed,
            **({"decks": deck_labels} if deck_labels else {}),
            "l2": l2,
            **figures,
        },
    }
    if not math.isfinite(b):
        raise ValueError("the fit did not converge")
    path = out or str(weights_path(game, nplayers))
    data["path"] = path
    # weights that predict the held-out games worse than the game's own guess would make the search worse:
    # they are not written (the search keeps the guess), and the caller says so
    worse = "log_loss" in figures and figures["log_loss"] >= figures["log_loss_estimate"]
    data["written"] = not worse or force
    if not data["written"]:
        return data
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(
            {k: v for k, v in data.items() if k not in ("path", "written")}, f, ensure_ascii=False, indent=0
        )
        f.write("\n")
    return data
