"""A game written outside tefuda (tests/data/thirdparty: ハイカード, High Card) plugs in through the
``tefuda.games`` entry point — no tefuda file edited — and the contract is all it needs: the CLI lists and
plays it, and the conformance, hidden-information and position suites pass on it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
FIXTURES = Path(__file__).parent / "data"


def _run(*args: str, extra: str = "thirdparty", timeout: int = 600) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(FIXTURES / extra), str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


CLI = ("-c", "from tefuda.cli.main import app; app()")


def test_an_entry_point_adds_a_game_the_cli_lists_and_plays():
    r = _run(*CLI, "games")
    assert r.returncode == 0 and "highcard" in r.stdout and "ハイカード" in r.stdout, r.stdout + r.stderr
    r = _run(*CLI, "sim", "highcard", "-n", "20", "--jobs", "1", "--json")
    assert r.returncode == 0 and '"games": 20' in r.stdout, r.stdout + r.stderr
    r = _run(*CLI, "play", "highcard", "--p1", "random", "--p2", "random", "--seed", "1")
    assert r.returncode == 0 and "ゲーム終了" in r.stdout, r.stdout + r.stderr


def test_the_contract_is_enough_for_the_conformance_suites():
    suites = ("tests/test_conformance.py", "tests/test_hidden_information.py", "tests/test_positions.py")
    r = _run("-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-k", "highcard", *suites)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and "failed" not in r.stdout


def test_a_broken_plug_in_does_not_take_the_games_down():
    r = _run(*CLI, "games", extra="thirdparty_broken")
    assert r.returncode == 0 and "kirifuda" in r.stdout, r.stdout + r.stderr
    assert "'broken'" in r.stderr and "could not be loaded" in r.stderr
    r = _run(*CLI, "play", "broken", extra="thirdparty_broken")
    assert r.returncode == 1 and "could not be loaded" in r.stderr and "Traceback" not in r.stderr
