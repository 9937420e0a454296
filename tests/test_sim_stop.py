"""Sims that stop cleanly (issue 26): seeds made lazily and results summed up as they come (memory does not
grow with -n), a Ray address where nothing answers refused at once in one line, Ctrl-C and SIGTERM that
stop the workers and still print and write the summary of the finished games, and a server that SIGTERM
stops without leaking. The signal tests run the real program in its own process group, send real signals,
and always end the whole group."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.lab import runner as lab_runner
from tefuda.lab.runner import check_ray_address, simulate, start_games
from tefuda.lab.stats import describe, describe_counts

TEFUDA = str(Path(sys.executable).with_name("tefuda"))


def dead_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def group_gone(pgid: int, timeout: float = 15) -> bool:
    """Whether every process of the group has ended (the program and its workers)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@contextmanager
def program(args: list[str], **kw) -> Iterator[subprocess.Popen]:
    """The real program in a process group of its own, with SIGINT at its default even when the tests run as
    a background job (which inherits it ignored); the whole group is killed at the end, whatever happened."""
    proc = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **kw,
    )
    try:
        yield proc
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)


# ---------------------------------------------------------------------- constant memory
def test_seeds_are_made_as_the_workers_take_them():
    """A run of 10¹² games starts at once: nothing is made per game before the first chunk is played."""
    t0 = time.perf_counter()
    _, stream = start_games("kirifuda", ["random", "random"], 10**12, jobs=1, max_actions=5)
    first = next(stream)
    stream.close()
    assert 1 <= len(first) <= 50 and time.perf_counter() - t0 < 30


def test_lengths_are_counted_not_listed():
    s = simulate("kirifuda", ["random", "random"], 30, seed=4, jobs=1)
    assert sum(s.length_counts.values()) == 30 - s.aborted - s.errors_total
    expanded = [v for v, c in s.length_counts.items() for _ in range(c)]
    assert s.length["actions"] == describe(expanded)
    assert not any(isinstance(v, list) and len(v) >= 30 for v in s.to_dict().values())


@pytest.mark.parametrize("values", [[], [3], [1, 2], [5, 1, 4, 4, 9, 2, 2, 7], list(range(101))])
def test_describe_counts_is_describe(values):
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    assert describe_counts(counts) == describe(values)


def test_only_the_first_holes_are_listed_and_saved(tmp_path, monkeypatch):
    monkeypatch.setattr(lab_runner, "LISTED", 2)
    s = simulate("kirifuda", ["random", "random"], 5, seed=1, jobs=1, max_actions=10, error_dir=tmp_path)
    assert s.aborted == 5 and s.holes_total == 5 and len(s.holes) == 2
    assert len(list(tmp_path.glob("hole-*.json"))) == 2


# ---------------------------------------------------------------------- Ray
def test_a_ray_address_where_nothing_listens_is_refused_at_once():
    port = dead_port()
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match=f"--address 127.0.0.1:{port}: nothing answers there"):
        check_ray_address(f"127.0.0.1:{port}")
    assert time.perf_counter() - t0 < 6
    with pytest.raises(ValueError, match="expected HOST:PORT"):
        check_ray_address("nohostport")
    check_ray_address("auto")  # Ray's own to find


def test_sim_with_a_dead_ray_address_fails_in_one_line():
    port = dead_port()
    t0 = time.perf_counter()
    r = CliRunner().invoke(
        app,
        ["sim", "kirifuda", "-n", "2", "--jobs", "1", "--backend", "ray", "--address", f"127.0.0.1:{port}"],
    )
    assert time.perf_counter() - t0 < 15
    assert r.exit_code == 1, r.output
    errors = [ln for ln in r.output.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 1 and "nothing answers there" in errors[0] and "ray start --head" in errors[0]


# ---------------------------------------------------------------------- Ctrl-C and SIGTERM
@pytest.mark.parametrize(
    ("sig", "to_group", "code"),
    [
        (signal.SIGINT, True, 130),  # Ctrl-C: a terminal signals the whole foreground group
        (signal.SIGTERM, False, 143),  # kill PID
        (signal.SIGTERM, True, 143),  # kill -- -PGID (a service manager, a CI runner's timeout)
    ],
)
def test_a_stopped_sim_sums_up_and_writes_what_finished(tmp_path, sig, to_group, code):
    report = tmp_path / "r.html"
    args = [TEFUDA, "sim", "kirifuda", "-n", "100000", "--jobs", "2", "--json", "--report", str(report)]
    with program(args) as proc:
        time.sleep(4)  # long enough for some games to finish
        if to_group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        out, errs = proc.communicate(timeout=60)
        assert proc.returncode == code, (out, errs)
        assert group_gone(proc.pid), "a worker outlived the sim"
    assert "Traceback" not in out + errs and "KeyboardInterrupt" not in out + errs, errs
    d = json.loads(out)
    assert 0 < d["games"] < 100000 and d["interrupted"] == 100000 and d["stopped_by"] == sig.name
    assert sum(d["wins"].values()) + d["draws"] + d["aborted"] + d["errors_total"] == d["games"]
    line = f"interrupted: {d['games']} of 100000 games were finished"
    assert line in errs and sig.name in errs
    page = report.read_text(encoding="utf-8")
    assert "(interrupted)" in page and f"{d['games']} of 100000 games were finished" in page


def test_sigterm_stops_a_sim_on_ray_cleanly_too():
    """ray.init puts in its own SIGTERM handlers; the run's own is put back, so the stop is the same."""
    pytest.importorskip("ray")
    args = [TEFUDA, "sim", "kirifuda", "-n", "100000", "--jobs", "2", "--json", "--backend", "ray"]
    with program(args) as proc:
        time.sleep(20)  # Ray starts (about 10 s on 2 cores), then plays
        proc.send_signal(signal.SIGTERM)
        out, errs = proc.communicate(timeout=60)
        assert proc.returncode == 143, (out, errs)
    d = json.loads(out)
    assert d["games"] > 0 and d["stopped_by"] == "SIGTERM"


def test_a_stopped_deck_grid_keeps_its_grid_so_far(tmp_path):
    decks = sorted(Path("tefuda/games/kirifuda/decks").glob("*.txt"))[:2]
    args = [TEFUDA, "sim", "kirifuda", "-n", "100000", "--jobs", "1", "--json", "--decks", *map(str, decks)]
    with program(args) as proc:
        time.sleep(4)
        proc.send_signal(signal.SIGTERM)
        out, errs = proc.communicate(timeout=60)
        assert proc.returncode == 143, (out, errs)
    d = json.loads(out)
    assert d["games"] > 0 and d["interrupted"] == 200000 and d["round_robin"]["grid"]


def test_a_stopped_sim_prints_its_tables(tmp_path):
    with program([TEFUDA, "sim", "kirifuda", "-n", "100000", "--jobs", "1"]) as proc:
        time.sleep(4)
        proc.send_signal(signal.SIGTERM)
        out, errs = proc.communicate(timeout=60)
        assert proc.returncode == 143, (out, errs)
    assert "wins p1" in out and "interrupted (SIGTERM)" in out
    assert "Traceback" not in out + errs


# ---------------------------------------------------------------------- the server
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_server_stopped_by_a_signal_leaks_nothing(tmp_path, sig):
    httpx = pytest.importorskip("httpx")
    port = dead_port()
    args = [TEFUDA, "serve", "--port", str(port), "--data", str(tmp_path), "--ai-workers", "1"]
    with program(args) as proc:
        deadline = time.monotonic() + 60
        while True:  # up, with its AI workers started
            assert proc.poll() is None, proc.communicate()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not come up in 60 s"
            time.sleep(0.2)
        proc.send_signal(sig)
        out, errs = proc.communicate(timeout=30)
        assert proc.returncode == 0, (out, errs)
        assert group_gone(proc.pid), "an AI worker outlived the server"
    assert "leaked" not in errs and "Traceback" not in errs, errs


def test_a_stop_during_a_game_played_here_waits_for_the_action_to_end():
    """``--jobs 1`` plays in this process: SIGTERM there is raised between two actions, never inside the
    engine (the compiled build aborted when it landed in its code), and the run still stops."""
    from tefuda.core.game import load_game

    game = load_game("kirifuda", {})
    deck = game.default_deck(0).to_text()
    after: list[str] = []
    with pytest.raises(lab_runner.Stopped), lab_runner.stop_on_signals(), lab_runner._stops_wait():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)  # the handler has run by now: it only noted the signal
        after.append("went on")
        # the game played here stops before its first action (a stop pending), not inside it
        lab_runner.run_one("kirifuda", {}, [deck, deck], ["random", "random"], 1, 10_000, False)
        after.append("not reached")
    assert after == ["went on"]


def test_ctrl_c_while_the_engine_runs_in_play_waits_for_the_step():
    """``tefuda play`` holds Ctrl-C while the engine or an agent runs and raises it after (the compiled build
    cannot unwind from everywhere); outside such a step Python's handler is back."""
    from tefuda.cli.interrupts import held_interrupt

    # Python's own handler, as in a terminal: a test run started in the background by a shell inherits
    # SIGINT ignored, and held_interrupt rightly leaves an ignored Ctrl-C alone
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        after: list[str] = []
        with pytest.raises(KeyboardInterrupt), held_interrupt():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            after.append("went on")
        assert after == ["went on"]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)
