"""Golden playthroughs (OpenSpiel's pattern): a fixed seed, and per step the player to move, every seat's
observation and the legal actions, diffed against a file. Regenerate on purpose only:
``TEFUDA_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py``.

Observations are written in full for the first ``FULL_STEPS`` steps and at the end; in between each seat's
observation is a short hash (four-player games run to hundreds of steps, and megabytes of JSON would hide
a real change rather than show it): a difference still fails at the step it appears."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from tefuda.core import Rng
from tefuda.core.game import load_case

GOLDEN = Path(__file__).parent / "golden"
SEED = 20191114
FULL_STEPS = 30


def _obs(state, seat: int, full: bool) -> str:
    obs = json.dumps(state.observation(seat), ensure_ascii=False, sort_keys=True)
    return obs if full else "sha256:" + hashlib.sha256(obs.encode()).hexdigest()[:16]


def playthrough(game_id: str) -> str:
    game, mode = load_case(game_id)
    state = game.new_state(None, SEED, players=mode.players)
    rng = Rng(SEED)
    lines = [f"# golden playthrough: {game_id}, seed {SEED}, card set {game.cardset.digest}"]
    step = 0
    while True:
        lines.append(f"## step {step}: to move {state.current_player}")
        full = step < FULL_STEPS or state.is_over
        for seat in range(state.nplayers):
            lines.append(f"obs[{seat}] {_obs(state, seat, full)}")
        legal = state.legal_actions()
        lines.append("legal: " + " | ".join(state.notation(a) for a in legal))
        if state.is_over:
            res = state.outcome()
            lines.append(f"outcome: winner={res.winner} reason={res.reason}")
            break
        action = legal[rng.below(len(legal))]
        lines.append(f"action: {state.notation(action)}")
        state.apply(action)
        step += 1
    return "\n".join(lines) + "\n"


def test_golden_playthrough(game_id):
    path = GOLDEN / f"{game_id.replace('@', '_')}.txt"
    got = playthrough(game_id)
    if os.environ.get("TEFUDA_REGEN_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run with TEFUDA_REGEN_GOLDEN=1 once, on purpose"
    want = path.read_text(encoding="utf-8")
    assert got == want, (
        "the playthrough changed: if on purpose, regenerate the golden file and review its diff"
    )
