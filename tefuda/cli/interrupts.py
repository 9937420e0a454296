"""Ctrl-C held while compiled code runs: the compiled build (mypyc) cannot unwind an exception from every
point of its code, and a KeyboardInterrupt raised there by Python's handler can abort the process ("fatal:
out of memory") instead of stopping it cleanly. What runs the engine or an agent for a while holds Ctrl-C and
raises it once that step is over."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def held_interrupt() -> Iterator[None]:
    """Ctrl-C during the block is raised (as KeyboardInterrupt) when the block ends. Only Python's own
    handler is replaced: a SIGINT ignored or handled by someone else stays as it was."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT)
    if before is not signal.default_int_handler:
        yield
        return
    got: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if got:
        raise KeyboardInterrupt
