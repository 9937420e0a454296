"""The two builds (issue 28): pure Python by default, the hot modules compiled by `make fast`. The whole suite
runs on both (CI: `make test`, then `make test-fast`); these tests check the build itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

import tefuda.build as build
from tefuda.cli.main import app

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
