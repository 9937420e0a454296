"""AI seats think in worker processes, never on the server's event loop: the loop builds the decision (plain
data: the seat's observation and a world determinized from what the seat knows — never the true state) and
a worker turns it into an action within the agent's own time budget."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from tefuda.agents import Decision, decision_for_agent, make_agent
from tefuda.agents.base import ALL_PARTS
from tefuda.core import Action, Rng
from tefuda.core.state import State


def think(spec: str, seed: int, decision: Decision, memory: Any = None) -> tuple[Action, Any]:
    """In a worker: the agent named by ``spec`` decides. An agent made afresh for each decision has no memory
    of its own, so the seat's (what the agent keeps between decisions: ``repetitions``, the positions of this
    turn it decided at) comes in with the decision and goes back with the action."""
    agent = make_agent(spec, seed)
    if memory is not None and hasattr(agent, "repetitions"):
        agent.repetitions = memory
    action = agent.act(decision)
    return action, getattr(agent, "repetitions", None)


def _die_with_the_server() -> None:
    """A worker ends when the server process does, even a server killed with SIGKILL (Linux: the parent-death
    signal; elsewhere the pool's closed pipe ends it at its next task)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


def warm() -> int:
    """Import everything once in a worker, so the first real decision is not the slow one."""
    import tefuda.agents
    import tefuda.games  # noqa: F401

    return os.getpid()


class Thinkers:
    """The pool of worker processes AI seats use (``workers`` of them, started by ``spawn``: a server process
    with threads must not fork)."""

    def __init__(self, workers: int | None = None, timeout: float = 60.0) -> None:
        n = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.pool: Executor = ProcessPoolExecutor(
            n, mp_context=multiprocessing.get_context("spawn"), initializer=_die_with_the_server
        )
        self.timeout = timeout
        self.uses: dict[str, frozenset[str]] = {}

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.pool, warm)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def decision(self, state: State, spec: str) -> Decision:
        """Only the parts of a decision the agent reads (a world costs a determinization)."""
        proto = self.uses.get(spec)
        if proto is None:
            proto = self.uses[spec] = getattr(make_agent(spec, 0), "uses", ALL_PARTS)
        return decision_for_agent(state, _Uses(proto))

    async def act(
        self, state: State, spec: str, seed: int, memory: dict[str, Any] | None = None
    ) -> tuple[Action, str]:
        """The agent's action, or — past the time limit or if the worker fails — a random legal one (the
        game goes on; the room says so). ``memory``: the seat's own (a dict the caller keeps for the seat;
        the agent's memory is kept in it under ``"agent"``)."""
        decision = self.decision(state, spec)
        loop = asyncio.get_running_loop()
        held = memory.get("agent") if memory is not None else None
        fut = loop.run_in_executor(self.pool, think, spec, seed, decision, held)
        try:
            action, kept = await asyncio.wait_for(fut, self.timeout)
            if memory is not None:
                memory["agent"] = kept
            if action in decision.legal:
                return action, ""
            why = "the agent chose an action that is not legal"
        except TimeoutError:
            why = f"the agent took longer than {self.timeout:g} s"
        except Exception as e:  # a dead worker must not stop the room
            why = f"the agent failed ({type(e).__name__})"
        rng = Rng(seed)
        return decision.legal[rng.below(len(decision.legal))], why


class _Uses:
    def __init__(self, uses: Any) -> None:
        self.uses = uses
