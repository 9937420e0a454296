"""A policy (``policy:module=…``) that plays at random and raises on its seventh action (its module is loaded
afresh for each game, so: of each game): the
simulator's error report is tested with it (tests/test_sim.py), no class of the engine patched."""

from __future__ import annotations

import numpy as np

CALLS = [0]


def act(observation: np.ndarray, mask: np.ndarray, info: dict) -> int:
    CALLS[0] += 1
    if CALLS[0] == 7:
        raise RuntimeError("a rule hole")
    legal = info["legal"]
    return int(legal[info["rng"].integers(len(legal))])
