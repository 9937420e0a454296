"""Worker processes that always stop: a map over processes, each with a pipe of its own.

``multiprocessing.Pool`` shares one task queue guarded by a lock that a worker holds while it waits for work;
a worker killed there (a SIGTERM sent to the whole process group, an OOM kill) never gives the lock back, and
``Pool.terminate`` then waits for it for ever. Here nothing is shared: the parent hands each worker its tasks
through the worker's own pipe, so a worker that dies is seen at once (its pipe ends) and ending them all is a
signal and a join. Results come back in the order of the tasks, a bounded number in flight — or, asked for
(``ordered=False``), as they finish, each worker given one task at a time, so one long task holds up nothing.
"""

from __future__ import annotations

import os
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import Any

JOIN_SECONDS = 5.0  # how long a stopped worker has to end before it is killed


class WorkerDied(RuntimeError):
    """A worker process ended without being asked (killed, out of memory)."""


class WorkerFailed(RuntimeError):
    """A task raised in a worker; the message carries the worker's traceback."""


def _serve(conn: Any, func: Callable[[Any], Any], others: list) -> None:
    """A worker: Ctrl-C ignored and SIGTERM deadly (the parent ends the workers), the pipes of the workers
    started before it closed (so a dead parent's pipes end and every worker sees it), then tasks taken and
    answered until the parent says stop or is gone."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler inherited by the fork
    for c in others:
        c.close()
    while True:
        try:
            got = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if got is None:
            return
        index, task = got
        try:
            answer = (index, True, func(task))
        except Exception as e:  # handed to the parent, which raises it with this traceback
            answer = (index, False, f"{type(e).__name__}: {e}\n{traceback.format_exc()}")
        try:
            conn.send(answer)
        except (EOFError, OSError, BrokenPipeError):
            return


def ordered_map(
    func: Callable[[Any], Any],
    tasks: Iterable[Any],
    jobs: int,
    *,
    ahead: int = 2,
    ordered: bool = True,
) -> Generator[Any, None, None]:
    """``func(task)`` for every task, on ``jobs`` worker processes, yielded in the tasks' order. Tasks are
    taken from ``tasks`` only as workers have room (``ahead`` each, and never more than a few rounds past the
    oldest unfinished one), so an endless task stream is fine. Closing the generator, or an exception while it
    waits (Ctrl-C, a SIGTERM turned into one), ends every worker at once.

    ``ordered=False``: each result as soon as it is back, and a worker is given its next task only when it is
    free — one task far longer than the others (a ladder game of a thousand moves) then keeps one worker busy
    while the others go on, instead of the results after it waiting, and the tasks queued behind it with
    them. The caller puts the results in order if it needs to."""
    import multiprocessing as mp
    from multiprocessing.connection import wait

    ctx = mp.get_context("spawn" if os.name == "nt" else "fork")
    procs: list[Any] = []
    conns: list[Any] = []
    try:
        for _ in range(max(1, jobs)):
            mine, theirs = ctx.Pipe()
            p = ctx.Process(target=_serve, args=(theirs, func, list(conns)), daemon=True)
            p.start()
            theirs.close()
            procs.append(p)
            conns.append(mine)
        pending: dict[Any, deque[int]] = {c: deque() for c in conns}
        done: dict[int, Any] = {}
        source = iter(tasks)
        exhausted = False
        sent = 0
        given = 0
        if not ordered:
            ahead = 1
        window = len(conns) * (ahead + 2)

        def feed() -> None:
            nonlocal exhausted, sent
            for c in conns:
                while not exhausted and len(pending[c]) < ahead and sent < given + window:
                    try:
                        task = next(source)
                    except StopIteration:
                        exhausted = True
                        return
                    c.send((sent, task))
                    pending[c].append(sent)
                    sent += 1

        feed()
        while given < sent or not exhausted:
            # ``given``: the results yielded so far (in order: also the index of the next one to yield)
            while (given in done) if ordered else done:
                yield done.pop(given if ordered else next(iter(done)))
                given += 1
                feed()
            if given >= sent and exhausted:
                break
            busy = [c for c in conns if pending[c]]
            if not busy:  # pragma: no cover - feed always gives a worker something while tasks remain
                feed()
                continue
            for c in wait(busy):
                try:
                    index, ok, value = c.recv()
                except (EOFError, OSError):
                    p = procs[conns.index(c)]
                    p.join(1)
                    raise WorkerDied(f"a worker process ended unasked (exit code {p.exitcode})") from None
                pending[c].popleft()
                if not ok:
                    raise WorkerFailed(value)
                done[index] = value
            feed()
    finally:
        stop(procs, conns)


def stop(procs: list[Any], conns: list[Any]) -> None:
    """End the workers: SIGTERM (which a worker takes at its default: it dies at once), a join, a SIGKILL for
    any still there; then their pipes are closed."""
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(JOIN_SECONDS)
        if p.is_alive():  # pragma: no cover - a worker that ignored SIGTERM
            p.kill()
            p.join()
    for c in conns:
        c.close()
