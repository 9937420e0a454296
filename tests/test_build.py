"""The two builds (issue 28): pure Python by default, the hot modules compiled by `make fast`. The whole suite
runs on both (CI: `make test`, then `make test-fast`); these tests check the build itself."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tefuda.build as build
from tefuda.agents import decision_for
from tefuda.cli.main import app
from tefuda.core.game import mode_cases
from tests.conftest import random_game

ROOT = Path(__file__).resolve().parent.parent


def test_the_compiled_modules_are_the_hot_ones():
    mods = build.module_names(ROOT)
    assert "tefuda.core.state" in mods and "tefuda.core.flow" in mods and "tefuda.agents.ismcts" in mods
    for gid in ("kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"):
        assert f"tefuda.games.{gid}.state" in mods and f"tefuda.games.{gid}.rules" in mods
    # loading files, replays, undo and the Game classes stay Python (mypyc cannot compile a Game subclass)
    for cold in ("tefuda.core.game", "tefuda.core.replay", "tefuda.core.undo", "tefuda.games.kirifuda.game"):
        assert cold not in mods
    assert all((ROOT / src).is_file() for src in build.compiled_sources(ROOT))


def test_module_constants_of_compiled_modules_are_final():
    """mypyc looks a module-level name up in the module's dict at every use unless it is ``Final`` (then it
    is a C constant): a constant of a hot module written without it silently slows every compiled playout
    (it cost a fifth of their speed before stop 42)."""
    import ast

    def constant_like(name: str) -> bool:
        bare = name.lstrip("_")
        return bare[:1].isupper() and bare.upper() == bare

    missing = []
    for src in build.compiled_sources(ROOT):
        for node in ast.parse((ROOT / src).read_text()).body:
            if isinstance(node, ast.Assign):
                names = [
                    n.id
                    for t in node.targets
                    for n in (t.elts if isinstance(t, ast.Tuple) else [t])
                    if isinstance(n, ast.Name)
                ]
                typevar = isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "TypeVar"
                alias = isinstance(node.value, ast.Subscript)  # a type alias cannot be Final
                if not typevar and not alias:
                    missing += [f"{src}:{node.lineno} {n}" for n in names if constant_like(n)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                ann = ast.unparse(node.annotation)
                if constant_like(node.target.id) and not ann.startswith(("Final", "ClassVar")):
                    missing.append(f"{src}:{node.lineno} {node.target.id}")
    assert not missing, "module constants without Final (write NAME: Final = …):\n" + "\n".join(missing)


def test_the_build_that_runs_is_the_one_expected():
    """`make test-fast` sets TEFUDA_EXPECT_BUILD=compiled: every hot module must then run compiled (a module
    left as Python would make the second run of the suite test the first build again)."""
    want = os.environ.get("TEFUDA_EXPECT_BUILD", "pure")
    running = build.compiled_modules()
    if want == "compiled":
        assert sorted(running) == sorted(build.module_names(ROOT))
        assert build.describe().startswith("compiled (mypyc)")
    else:
        assert running == [] and build.describe() == "pure Python"


def test_a_stale_compiled_module_is_found(tmp_path):
    src = tmp_path / "tefuda" / "core"
    src.mkdir(parents=True)
    py = src / "state.py"
    so = src / "state.cpython-311-x86_64-linux-gnu.so"
    so.write_bytes(b"")
    py.write_text("# edited after the build\n")
    os.utime(so, (1_000_000, 1_000_000))
    assert build.stale_modules(tmp_path) == ["tefuda/core/state.py"]
    os.utime(so, None)  # compiled again: not stale
    assert build.stale_modules(tmp_path) == []


def test_bench_says_which_build_ran():
    out = CliRunner().invoke(app, ["bench", "kirifuda", "--seconds", "0.2", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["build"] == build.describe()


@pytest.mark.parametrize("case", mode_cases())
def test_decisions_and_states_pickle_in_either_build(case):
    """The AI's worker processes and the lab's receive decisions and worlds pickled: a compiled frozen class
    must rebuild through its constructor (core/frozen.py), the same state to the last per-card mark."""
    for n, (state, _) in enumerate(random_game(case, 5)):
        if n % 7:
            continue
        again = pickle.loads(pickle.dumps(state))
        assert again.digest() == state.digest() and again.legal_actions() == state.legal_actions()
        d = decision_for(state)
        d2 = pickle.loads(pickle.dumps(d))
        assert d2.legal == d.legal and d2.seat == d.seat and d2.observation == d.observation


def test_the_engine_ceiling_measure_runs_and_puts_the_rules_back():
    """bench/engine_ceiling.py swaps a rule and an offer of the game for do-nothing ones to time the engine's
    own part of an action: it must time something in every game and leave every rule as it found it."""
    import importlib.util

    from tefuda.core import game_ids, load_game

    spec = importlib.util.spec_from_file_location("engine_ceiling", ROOT / "bench" / "engine_ceiling.py")
    assert spec is not None and spec.loader is not None
    ceiling = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ceiling)
    for gid in game_ids():
        game = load_game(gid)
        cls = type(game.new_state(None, 1, record=False))
        before = dict(cls._fns), dict(cls._offers)
        loop, pick = ceiling.framework_us(gid, n=2_000)
        assert loop > pick > 0
        assert (cls._fns, cls._offers) == before
