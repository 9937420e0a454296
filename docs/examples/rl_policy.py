"""The policy trained by ``docs/examples/rl_train.py``, as a module the ``policy`` agent loads.

    tefuda sim kirifuda --p1 policy:module=docs.examples.rl_policy,path=rl_kirifuda.npz --p2 random

A linear softmax over the legal actions: one weight row per action index of the game's action space, read
against the seat's observation vector (scaled, plus a bias input). It plays the legal action of highest
logit (``greedy=True``, the default) or samples one. numpy only; the weights file holds ``W``, ``b`` and
``scale`` and the game and player count it was trained for, so a mismatch is refused, not misplayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

DEFAULT_WEIGHTS = "rl_kirifuda.npz"


def features(observation: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The learner's input: the observation divided by per-position scales (POW is in the hundreds, counts
    are small), and a constant 1 so every action has its own bias."""
    return np.append(observation.astype(np.float32) / scale, np.float32(1.0))


class LinearPolicy:
    """Weights ``W`` (actions × inputs); the logits of the legal actions are ``W[legal] @ features``."""

    def __init__(self, W: np.ndarray, scale: np.ndarray, game: str = "", nplayers: int = 0) -> None:
        self.W = W
        self.scale = scale
        self.game = game
        self.nplayers = nplayers
        self.greedy = True
        self.rng = np.random.default_rng(0)

    @classmethod
    def load(cls, path: str | Path) -> LinearPolicy:
        with np.load(path, allow_pickle=False) as f:
            return cls(f["W"], f["scale"], str(f["game"]), int(f["nplayers"]))

    def save(self, path: str | Path) -> None:
        W = self.W.astype(np.float32)  # half the file; the logits barely move
        meta = {"game": np.str_(self.game), "nplayers": np.int64(self.nplayers)}
        np.savez_compressed(path, W=W, scale=self.scale, **meta)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """Softmax over the legal actions' logits (in ``legal``'s order)."""
        z = self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray, info: dict[str, Any]) -> int:
        legal = np.flatnonzero(mask)
        x = features(observation, self.scale)
        if self.greedy:
            return int(legal[int(np.argmax(self.W[legal] @ x))])
        rng = info.get("rng", self.rng)
        return int(legal[rng.choice(len(legal), p=self.probabilities(x, legal))])


def make_policy(game_id: str, nplayers: int, path: str | None = None) -> LinearPolicy:
    """The ``policy`` agent's entry point: load the weights (``path``, else ``rl_kirifuda.npz`` here or next
    to this file) and check they were trained for this game and player count."""
    candidates = [Path(path)] if path else [Path(DEFAULT_WEIGHTS), Path(__file__).with_name(DEFAULT_WEIGHTS)]
    found = next((p for p in candidates if p.is_file()), None)
    if found is None:
        raise ValueError(
            f"no weights at {' or '.join(map(str, candidates))}: train them with docs/examples/rl_train.py"
        )
    policy = LinearPolicy.load(found)
    if (policy.game, policy.nplayers) != (game_id, nplayers):
        raise ValueError(
            f"{found} was trained for {policy.game} with {policy.nplayers} players, "
            f"not {game_id} with {nplayers}"
        )
    return policy
