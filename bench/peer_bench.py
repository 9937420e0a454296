"""tefuda's random playouts beside a peer's, measured in one run on one core (issue 28): RLCard's UNO through
its game API (random legal actions, the state it returns each step — what a learner or a search pays) and
every tefuda game through ``State.legal_actions``/``apply``. Prints one JSON line per game and the ratio to
UNO; says which tefuda build ran (pure Python, or compiled by ``make fast``).

    .venv/bin/python -m pip install 'rlcard>=1.2'   # once: the peer is not a tefuda dependency
    .venv/bin/python bench/peer_bench.py [SECONDS] [ROUNDS]

SECONDS (default 3) per measurement; ROUNDS (default 3) interleaved rounds, the median reported. Takes about
6 × SECONDS × ROUNDS seconds (54 s by default)."""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from tefuda.build import describe
from tefuda.lab.bench import bench

GAMES = ("kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus")


def uno(seconds: float, seed: int = 0) -> float:
    """RLCard UNO, two players: actions per second of random legal play through the game API."""
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(allow_step_back=False, num_players=2)
    game.np_random.seed(seed)
    actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - t0)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    try:
        import rlcard  # noqa: F401
    except ImportError:
        sys.exit("bench/peer_bench.py needs RLCard: .venv/bin/python -m pip install 'rlcard>=1.2'")
    runs: dict[str, list[float]] = {"uno": [], **{g: [] for g in GAMES}}
    for r in range(rounds):  # interleaved, so a busy moment of the machine touches every game alike
        runs["uno"].append(uno(seconds, seed=r))
        for g in GAMES:
            runs[g].append(bench(g, seconds, seed=r)["actions_per_s"])
        print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    base = statistics.median(runs["uno"])
    print(json.dumps({"peer": "rlcard uno", "actions_per_s": round(base, 1)}))
    for g in GAMES:
        med = statistics.median(runs[g])
        out = {
            "game": g,
            "build": describe(),
            "actions_per_s": round(med, 1),
            "ratio_to_uno": round(med / base, 3),
        }
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
