"""Card-agnostic agents, chosen by name: ``ai`` (the default: a tuned ``ismcts``), ``random``, ``greedy``
(``greedy:rollouts=12``), ``ismcts`` (``ismcts:iters=2000`` or ``ismcts:seconds=0.5``), ``human`` (CLI). Every
agent's options use the same ``name:key=value,key=value`` syntax; each agent class declares its options and
their types."""

from __future__ import annotations

from .base import Agent, Decision, Sampler, decision_for, decision_for_agent, parse_spec
from .greedy import GreedyAgent, random_playout
from .ismcts import IsmctsAgent
from .policy import PolicyAgent
from .presets import DEFAULT_AGENT, PRESETS
from .random_agent import RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": IsmctsAgent, "policy": PolicyAgent}


def make_agent(spec: str, seed: int = 0) -> Agent:
    """``name[:key=value,...]`` -> an agent. Raises ValueError naming the bad part."""
    name, opts = parse_spec(spec)
    if name in PRESETS:
        base, preset = PRESETS[name]
        name, opts = base, {**preset, **opts}
    cls = AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown agent {name!r} (agents: {', '.join([*PRESETS, *AGENTS, 'human'])})")
    known: dict[str, type] = getattr(cls, "OPTIONS", {})
    kwargs: dict[str, object] = {}
    for k, v in opts.items():
        kind = known.get(k)
        if kind is None:
            allowed = ", ".join(known) or "none"
            raise ValueError(f"agent {name}: unknown option {k!r} (its options: {allowed})")
        try:
            kwargs[k] = kind(v)
        except ValueError:
            what = {int: "a whole number", float: "a number"}.get(kind, kind.__name__)
            raise ValueError(f"agent {name}: option {k} must be {what}, got {v!r}") from None
    return cls(seed=seed, **kwargs)


__all__ = [
    "AGENTS",
    "DEFAULT_AGENT",
    "PRESETS",
    "Agent",
    "Decision",
    "GreedyAgent",
    "IsmctsAgent",
    "RandomAgent",
    "Sampler",
    "decision_for",
    "decision_for_agent",
    "make_agent",
    "parse_spec",
    "random_playout",
]
