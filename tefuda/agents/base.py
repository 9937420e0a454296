"""The agent interface: an agent sees a :class:`Decision` — its observation, its legal actions and a way
to sample determinized states — never the true state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tefuda.core import Action, Rng, State


@dataclass(frozen=True)
class Decision:
    """Everything an agent may use to choose. ``determinize(rng)`` returns a full state consistent with
    this seat's knowledge (hidden identities resampled, RNG reseeded) for search and rollouts."""

    seat: int
    observation: dict[str, Any]
    legal: tuple[Action, ...]
    describe: Callable[[Action], str]
    _sampler: Callable[[Rng], State] = field(repr=False)

    def determinize(self, rng: Rng) -> State:
        return self._sampler(rng)


def decision_for(state: State) -> Decision:
    """Build the decision the current player faces (the only bridge from a true state to an agent)."""
    seat = state.current_player
    if seat < 0:
        raise ValueError("the game is over: nobody decides")
    obs = state.observation(seat)
    legal = state.legal_actions()
    # The sampler keeps no true hidden identity at all: it holds a world already determinized for this
    # seat, and determinizing that again draws from the same distribution (determinize depends only on
    # what the seat knows — the conformance suite proves it), so not even introspection finds a secret.
    world = state.determinize(seat, Rng(0x5EED))
    # describe through the world too: a bound method of the true state would be a way back to its secrets
    return Decision(seat, obs, legal, world.describe, lambda rng: world.determinize(seat, rng))


class Agent(Protocol):
    name: str

    def act(self, decision: Decision) -> Action: ...


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:key=value,key=value`` -> (name, options)."""
    name, _, rest = spec.partition(":")
    opts: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            k, eq, v = part.partition("=")
            if not eq or not k.strip():
                raise ValueError(f"agent {spec!r}: options are key=value, separated by commas")
            opts[k.strip()] = v.strip()
    return name.strip(), opts
