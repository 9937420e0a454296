"""The lab's worker processes (``tefuda.lab.workers``): results in the tasks' order, a task's error and a
worker's death reported, and a stop that never hangs. The ``multiprocessing.Pool`` they replace hung when a
worker was killed while it held the pool's shared queue lock (a SIGTERM sent to the whole process group)."""

from __future__ import annotations

import os
import signal
import time
from itertools import count

import pytest

from tefuda.lab.workers import WorkerDied, WorkerFailed, ordered_map


def square_slowly(x: int) -> int:
    time.sleep(0.001 * (x % 7))  # uneven times: results arrive out of order
    return x * x


def fail_on_five(x: int) -> int:
    if x == 5:
        raise ValueError("five is not allowed")
    return x


def pid_of(_: int) -> int:
    time.sleep(0.01)
    return os.getpid()


def worker_children() -> set[int]:
    """The pids of this process's live children (from /proc, Linux)."""
    me = str(os.getpid())
    kids = set()
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                kids.add(int(d))
    return kids


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_come_in_the_tasks_order(jobs):
    assert list(ordered_map(square_slowly, range(60), jobs)) == [x * x for x in range(60)]


def slow_first(x: int) -> int:
    time.sleep(1.0 if x == 0 else 0.01)
    return x


def test_unordered_results_come_as_they_finish_and_a_long_task_holds_up_nothing():
    """ordered=False: the first task takes a second, the other nine a hundredth each; with two workers the
    nine are done (by the other worker) before the long one, and come back first — all ten, each once."""
    t0 = time.perf_counter()
    got = []
    for x in ordered_map(slow_first, range(10), 2, ordered=False):
        got.append((x, time.perf_counter() - t0))
    assert sorted(x for x, _ in got) == list(range(10))
    assert got[-1][0] == 0, got  # the long one last
    assert all(t < 0.9 for x, t in got if x != 0), got  # none waited for it
    many = list(ordered_map(square_slowly, range(30), 3, ordered=False))
    assert sorted(many) == [x * x for x in range(30)]  # none lost, none twice


def test_an_endless_stream_is_taken_as_workers_have_room():
    taken = []

    def tasks():
        for i in count():
            taken.append(i)
            yield i

    gen = ordered_map(square_slowly, tasks(), 2, ahead=2)
    firsts = [next(gen) for _ in range(5)]
    gen.close()
    assert firsts == [0, 1, 4, 9, 16] and len(taken) <= 5 + 2 * (2 + 2) + 1


def test_a_task_error_is_raised_with_the_workers_traceback():
    with pytest.raises(WorkerFailed, match="ValueError: five is not allowed") as e:
        list(ordered_map(fail_on_five, range(10), 2))
    assert "fail_on_five" in str(e.value)


def test_a_worker_that_dies_is_reported_not_waited_for():
    gen = ordered_map(pid_of, range(10_000), 2)
    victim = next(gen)
    os.kill(victim, signal.SIGKILL)
    t0 = time.monotonic()
    with pytest.raises(WorkerDied, match="exit code -9"):
        for _ in gen:
            pass
    assert time.monotonic() - t0 < 10


def slow_tasks():
    yield 0
    for i in count(1):
        time.sleep(0.5)  # the workers wait for work meanwhile
        yield i


@pytest.mark.parametrize("round_", range(3))
def test_workers_killed_while_waiting_for_work_do_not_hang_the_stop(round_):
    """The old hang, reproduced with ``multiprocessing.Pool`` (which then never returned from ``terminate``):
    SIGTERM reaches the workers while they wait for a task, as a signal to the whole process group does; then
    the parent stops. Every worker is gone at the end, within seconds."""
    before = worker_children()
    gen = ordered_map(pid_of, slow_tasks(), 2, ahead=1)
    next(gen)
    time.sleep(0.1)
    for pid in worker_children() - before:
        os.kill(pid, signal.SIGTERM)
    time.sleep(0.05 * round_)
    t0 = time.monotonic()
    gen.close()
    assert time.monotonic() - t0 < 10
    assert not (worker_children() - before)


def test_workers_ignore_ctrl_c_and_the_parent_stops_them():
    before = worker_children()
    gen = ordered_map(pid_of, range(10_000), 2)
    next(gen)
    kids = worker_children() - before
    for pid in kids:
        os.kill(pid, signal.SIGINT)  # a terminal's Ctrl-C reaches every process of the group
    time.sleep(0.2)
    assert kids <= worker_children(), "a worker died of Ctrl-C: the parent's to handle"
    gen.close()
    assert not (worker_children() - before)
