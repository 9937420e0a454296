"""The soak (bench/soak.py) in short: every game and mode, invariants after every action, failures counted
with their replays, and a stopped soak resumed to the same totals."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from tefuda.core.game import mode_cases
from tefuda.core.replay import load_replay
from tefuda.lab import invariants

_PATH = Path(__file__).resolve().parent.parent / "bench" / "soak.py"
_spec = importlib.util.spec_from_file_location("tefuda_bench_soak", _PATH)
assert _spec is not None and _spec.loader is not None
soak = importlib.util.module_from_spec(_spec)
sys.modules["tefuda_bench_soak"] = soak
_spec.loader.exec_module(soak)

N = 8 * len(mode_cases())  # every mode 8 times, one of them with a greedy seat


def test_a_short_soak_of_every_game_finds_nothing(tmp_path):
    s = soak.run_soak(N, jobs=1, out=tmp_path, seed=1)
    assert s["games"] == N and s["crashes"] == 0 and s["stuck"] == 0 and s["violations"] == 0, s["failures"]
    assert s["failures"] == []
    assert set(s["by_case"]) == set(mode_cases())
    for key in ("games", "actions", "crashes", "violations", "stuck"):
        assert sum(row[key] for row in s["by_case"].values()) == s[key]
        assert sum(row[key] for row in s["by_game"].values()) == s[key]
    assert s["actions"] > N * 20 and s["greedy_games"] >= 1
    assert json.loads((tmp_path / "soak.json").read_text()) == s


def test_a_planted_failure_is_counted_with_its_replay(tmp_path, monkeypatch):
    real = invariants.check_state

    def planted(state, *, hashes=True):
        real(state, hashes=hashes)
        assert not (state.game.id == "genesis" and len(state.zones[0]) % 7 == 3), "planted"

    monkeypatch.setattr(invariants, "check_state", planted)
    monkeypatch.setattr(soak, "GREEDY_EVERY", 10**9)  # random agents only: quick
    n = len(mode_cases())
    s = soak.run_soak(n, jobs=1, out=tmp_path, seed=2)
    planted_ones = [f for f in s["failures"] if "planted" in f["message"]]
    assert planted_ones and s["violations"] + s["crashes"] == len(s["failures"])
    assert all(f["case"] == "genesis" for f in planted_ones)
    files = sorted((tmp_path / "failures").glob("*.json"))
    assert len(files) == len(s["failures"])
    rep = load_replay(planted_ones[0]["replay"])
    assert rep.game == "genesis" and "planted" in rep.note and rep.actions is not None


def test_resume_carries_on_to_the_same_totals(tmp_path, monkeypatch):
    monkeypatch.setattr(soak, "GREEDY_EVERY", 10**9)
    n = len(mode_cases())
    whole = soak.run_soak(n, jobs=1, out=tmp_path / "whole", seed=3)
    first = soak.run_soak(n // 2, jobs=1, out=tmp_path / "part", seed=3)
    assert first["games"] == n // 2
    ckpt = json.loads((tmp_path / "part" / "soak.checkpoint.json").read_text())
    assert ckpt["totals"]["games"] == n // 2
    rest = soak.run_soak(n, jobs=1, out=tmp_path / "part", seed=3, resume=True)
    for key in ("games", "actions", "crashes", "violations", "stuck", "greedy_games", "by_case"):
        assert rest[key] == whole[key], key
    assert rest["seconds"] >= first["seconds"]
    with pytest.raises(SystemExit):
        soak.run_soak(n, jobs=1, out=tmp_path / "part", seed=4, resume=True)
