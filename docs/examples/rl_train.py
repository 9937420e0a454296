"""Train a policy for 切り札 (kirifuda) against the random agent, with numpy only (REINFORCE with a baseline).

    python docs/examples/rl_train.py --minutes 3 --out rl_kirifuda.npz
    tefuda sim kirifuda --p1 policy:module=docs.examples.rl_policy,path=rl_kirifuda.npz --p2 random

The learner is a linear softmax over the legal actions (``rl_policy.LinearPolicy``: a weight row per action
index, read against the seat's observation vector), trained on the Gymnasium environment
``tefuda.rl.gym_env("kirifuda", opponent="random", seat=...)`` in both seats by turns (the seats play
different decks). Each batch of episodes gives a policy gradient with the episode's result (+1 / −1) less a
learned linear baseline, an entropy bonus, and an Adam step. Everything is seeded: the same ``--seed`` and
``--games`` give the same weights. At the end it plays fresh seeded games in each seat, choosing the most
likely legal action, and prints the win rate."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import tefuda.rl

try:  # imported as docs.examples.rl_train (tests), or run as a script from anywhere
    from docs.examples.rl_policy import LinearPolicy, features
except ImportError:  # pragma: no cover - the script's own directory is on sys.path
    from rl_policy import LinearPolicy, features  # type: ignore[no-redef]

GAME = "kirifuda"
EVAL_SEED = 10**9  # evaluation games use seeds from here: never a training game's


@dataclass
class Adam:
    """Adam on one array (the policy's weights or the baseline's)."""

    lr: float
    b1: float = 0.9
    b2: float = 0.999
    m: np.ndarray = field(default_factory=lambda: np.zeros(0))
    v: np.ndarray = field(default_factory=lambda: np.zeros(0))
    t: int = 0

    def step(self, param: np.ndarray, grad: np.ndarray) -> None:
        """Ascend ``grad`` (we maximise the return)."""
        if self.m.shape != param.shape:
            self.m, self.v = np.zeros_like(param), np.zeros_like(param)
        self.t += 1
        self.m = self.b1 * self.m + (1 - self.b1) * grad
        self.v = self.b2 * self.v + (1 - self.b2) * grad * grad
        mhat = self.m / (1 - self.b1**self.t)
        vhat = self.v / (1 - self.b2**self.t)
        param += self.lr * mhat / (np.sqrt(vhat) + 1e-8)


def make_envs() -> list[Any]:
    """One environment per seat; labels off (the learner reads only the vector and the mask)."""
    return [tefuda.rl.gym_env(GAME, opponent="random", seat=s, labels=False) for s in (0, 1)]


def observation_scale(envs: list[Any], games: int, seed: int) -> np.ndarray:
    """Per-position scales from random play (POW is in the hundreds, most positions are counts of 0–3)."""
    rng = np.random.default_rng(seed)
    top = np.ones(envs[0].encoder.size, dtype=np.float32)
    for g in range(games):
        env = envs[g % 2]
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            top = np.maximum(top, np.abs(obs["observation"]))
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = term or trunc
    return top


def play_episode(
    env: Any, policy: LinearPolicy, seed: int, rng: np.random.Generator | None
) -> tuple[list[tuple[np.ndarray, np.ndarray, int, np.ndarray]], float]:
    """One game: the learner's (inputs, legal indices, chosen position, probabilities) at each decision and
    its final reward. ``rng`` None: play the most likely action (evaluation)."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
    reward, done = 0.0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        x = features(obs["observation"], policy.scale)
        p = policy.probabilities(x, legal)
        k = int(np.argmax(p)) if rng is None else int(rng.choice(len(legal), p=p))
        if rng is not None and len(legal) > 1:  # a forced move teaches nothing
            steps.append((x, legal, k, p))
        obs, reward, term, trunc, _ = env.step(int(legal[k]))
        done = term or trunc
    return steps, float(reward)


def evaluate(
    policy: LinearPolicy, games: int, envs: list[Any] | None = None, sample: bool = False
) -> dict[str, float]:
    """Win rate in each seat over ``games`` fresh seeded games per seat, playing the most likely action (or,
    ``sample``, drawing from the policy: an untrained one then wins as often as random does, about half)."""
    envs = envs or make_envs()
    out: dict[str, float] = {}
    for seat, env in enumerate(envs):
        rng = np.random.default_rng(EVAL_SEED + seat) if sample else None
        wins = sum(play_episode(env, policy, EVAL_SEED + g, rng)[1] > 0 for g in range(games))
        out[f"seat{seat}"] = wins / games
    out["both"] = (out["seat0"] + out["seat1"]) / 2
    return out


def train(
    games: int = 20_000,
    minutes: float = 0.0,
    seed: int = 0,
    batch: int = 32,
    lr: float = 0.01,
    entropy: float = 0.01,
    progress: bool = True,
) -> LinearPolicy:
    """REINFORCE with a linear baseline for ``games`` episodes (or until ``minutes`` pass, when positive)."""
    envs = make_envs()
    scale = observation_scale(envs, 64, seed=EVAL_SEED * 2 + seed)
    dim = envs[0].encoder.size + 1
    W = np.zeros((envs[0].action_space.n, dim), dtype=np.float64)
    policy = LinearPolicy(W, scale, GAME, envs[0].nplayers)
    value = np.zeros(dim)
    opt_w, opt_v = Adam(lr), Adam(lr)
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    wins: list[float] = []
    g = 0
    while g < games and not (minutes > 0 and time.perf_counter() - t0 > minutes * 60):
        gW = np.zeros_like(W)
        gv = np.zeros_like(value)
        n = 0
        for _ in range(batch):
            steps, reward = play_episode(envs[g % 2], policy, seed * 10_000_019 + g, rng)
            wins.append(float(reward > 0))
            g += 1
            for x, legal, k, p in steps:
                adv = reward - float(value @ x)
                gv += adv * x  # the baseline regresses the result
                d = -p * adv  # d log p(k) / d logits, times the advantage ...
                d[k] += adv
                logp = np.log(p + 1e-12)
                d -= entropy * p * (logp + float(-(p * logp).sum()))  # ... plus the entropy's gradient
                gW[legal] += np.outer(d, x)
                n += 1
        if n:
            opt_w.step(W, gW / n)
            opt_v.step(value, gv / n)
        if progress and (g // batch) % 50 == 0:
            recent = wins[-1600:]
            print(
                f"games {g:6d}  {time.perf_counter() - t0:6.1f}s  win rate (sampling, last {len(recent)}) "
                f"{np.mean(recent):.3f}",
                flush=True,
            )
    return policy


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=3.0, help="stop training after this long (0: no limit)")
    ap.add_argument("--games", type=int, default=1_000_000, help="stop training after this many games")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="rl_kirifuda.npz", help="where to save the weights")
    ap.add_argument("--eval-games", type=int, default=500, help="evaluation games in each seat")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    policy = train(games=args.games, minutes=args.minutes, seed=args.seed)
    trained = time.perf_counter() - t0
    policy.save(args.out)
    print(f"trained {trained / 60:.1f} min; weights saved to {args.out}")
    result = evaluate(policy, args.eval_games)
    print(
        f"vs random over {args.eval_games} games a seat: seat 0 {result['seat0']:.1%}, seat 1 "
        f"{result['seat1']:.1%}, both {result['both']:.1%}"
    )


if __name__ == "__main__":
    main()
