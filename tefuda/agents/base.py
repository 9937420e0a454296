"""The agent interface: an agent sees a :class:`Decision` — plain data: its observation, its legal actions
with their labels, and a determinized world written out as data — never the true state, nor any object,
method or closure that could reach it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Protocol

from tefuda.core import Action, Rng, State
from tefuda.core.frozen import by_constructor
from tefuda.core.game import cached_game


@dataclass(frozen=True)
class Decision:
    """Everything an agent may use to choose, as plain values (ints, strings, tuples, lists, dicts).

    ``world`` is a snapshot of a world already determinized for this seat (every identity and every instance
    number the seat cannot know resampled, the RNG reseeded): a search rebuilds states from it with
    :meth:`sampler`. ``observation``, ``labels`` and ``world`` are None when the agent said it does not use
    them (a random agent needs only the legal actions)."""

    seat: int
    game: str
    options: dict[str, Any]
    cards_path: str | None
    legal: tuple[Action, ...]
    labels: tuple[str, ...] | None
    observation: dict[str, Any] | None
    world: dict[str, Any] | None

    def describe(self, action: Action) -> str:
        """The menu label of a legal action (Japanese and English)."""
        if self.labels is None:
            return " ".join(str(x) for x in action if x != -1)
        return self.labels[self.legal.index(action)]

    def sampler(self) -> Sampler:
        """Rebuild the world once and sample determinizations from it (for searches)."""
        if self.world is None:
            raise ValueError("this decision was built without a world (the agent did not ask for one)")
        game = cached_game(self.game, self.options, self.cards_path)
        return Sampler(self.seat, game.state_class.from_snapshot(game, self.world))

    def determinize(self, rng: Rng) -> State:
        """One world consistent with this seat's knowledge (rebuilds it each time; a search keeps a
        :meth:`sampler`)."""
        return self.sampler().sample(rng)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickled by its constructor (core/frozen.py)
        return by_constructor(self)


class Sampler:
    """Determinized worlds for a search. It holds a state rebuilt from the decision's plain data, not the true
    state: determinizing that world again draws from the same distribution (determinize depends only on what
    the seat knows — the conformance suite proves it)."""

    __slots__ = ("_make", "_world", "seat")

    def __init__(self, seat: int, world: State) -> None:
        self.seat = seat
        self._world = world
        self._make = world.determinizer(seat)  # the per-state work done once for every world

    def sample(self, rng: Rng) -> State:
        return self._make(rng)

    @property
    def world_players(self) -> int:
        return self._world.nplayers


WORLD_SEED: Final = 0x5EED


def decision_for(
    state: State, *, observation: bool = True, labels: bool = True, world: bool = True
) -> Decision:
    """Build the decision the current player faces (the only bridge from a true state to an agent): plain data
    only, so not even introspection finds a secret."""
    seat = state.current_player
    if seat < 0:
        raise ValueError("the game is over: nobody decides")
    legal = state.legal_actions()
    g = state.game
    # seeded from public facts only (the step number), so the same state always gives the same decision
    rng = Rng(WORLD_SEED ^ state.steps * 0x9E3779B97F4A7C15)
    snap = state.determinize(seat, rng).snapshot() if world else None
    return Decision(
        seat=seat,
        game=g.id,
        options=dict(g.options),
        cards_path=g.cards_path,
        legal=tuple(legal),
        labels=tuple(state.describe(a) for a in legal) if labels else None,
        observation=state.observation(seat) if observation else None,
        world=snap,
    )


class Agent(Protocol):
    name: str
    # what the agent reads of a decision; the runner builds only that (a world costs a determinization)
    uses: frozenset[str]

    def act(self, decision: Decision) -> Action: ...


ALL_PARTS: Final = frozenset({"observation", "labels", "world"})


def decision_for_agent(state: State, agent: Any) -> Decision:
    """The decision built with just the parts ``agent`` uses (all of them when it does not say)."""
    uses = getattr(agent, "uses", ALL_PARTS)
    return decision_for(
        state, observation="observation" in uses, labels="labels" in uses, world="world" in uses
    )


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:key=value,key=value`` -> (name, options)."""
    name, _, rest = spec.partition(":")
    opts: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            k, eq, v = part.partition("=")
            if not eq or not k.strip():
                raise ValueError(f"agent {spec!r}: options are key=value, separated by commas")
            if k.strip() in opts:
                raise ValueError(f"agent {spec!r}: option {k.strip()} is given twice")
            opts[k.strip()] = v.strip()
    return name.strip(), opts
