"""Card-agnostic agents, chosen by name: ``random``, ``greedy`` (``greedy:rollouts=12``), ``human`` (CLI)."""

from __future__ import annotations

from .base import Agent, Decision, decision_for, parse_spec
from .greedy import GreedyAgent, random_playout
from .random_agent import RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(spec: str, seed: int = 0) -> Agent:
    """``name[:key=value,...]`` -> an agent. Raises ValueError naming the bad part."""
    name, opts = parse_spec(spec)
    cls = AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown agent {name!r} (agents: {', '.join([*AGENTS, 'human'])})")
    kwargs: dict[str, int] = {}
    for k, v in opts.items():
        if k not in ("rollouts", "max_actions"):
            raise ValueError(f"agent {name}: unknown option {k!r}")
        try:
            kwargs[k] = int(v)
        except ValueError:
            raise ValueError(f"agent {name}: option {k} must be a whole number, got {v!r}") from None
    if name == "random" and kwargs:
        raise ValueError("agent random takes no options")
    return cls(seed=seed, **kwargs)


__all__ = [
    "AGENTS",
    "Agent",
    "Decision",
    "GreedyAgent",
    "RandomAgent",
    "decision_for",
    "make_agent",
    "parse_spec",
    "random_playout",
]
