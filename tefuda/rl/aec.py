"""A tefuda game as a PettingZoo AEC environment (エージェント交代): agents ``player_0`` …, one acts at a
time, each observes only its seat's sealed view (``tefuda.rl.encode``) and a mask over the game's stable
action index; the reward is given at the end (+1 a win, −1 a loss, 0 a draw; in a team game the team's
result). The engine's chance (shuffles, じゃんけん, dice) happens inside a step, from the game's own RNG: a
``reset(seed=…)`` makes the game reproducible, ``reset()`` draws a 256-bit secret from the OS."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from tefuda.core import Action, State, load_game
from tefuda.core.errors import IllegalActionError
from tefuda.core.rng import new_secret
from tefuda.rl.encode import Encoder


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def observation_space(encoder: Encoder) -> gymnasium.spaces.Dict:
    """The one observation space of every seat: the vector and the mask."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (encoder.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (encoder.game.action_space.size,), np.int8),
        }
    )


def rewards_of(state: State) -> list[float]:
    """+1 for each winner (a team's every member), −1 for the others, 0 for all in a draw."""
    res = state.result
    n = state.nplayers
    if res is None or not res.winners:
        return [0.0] * n
    return [1.0 if p in res.winners else -1.0 for p in range(n)]


def legal_info(state: State, seat: int) -> dict[str, Any]:
    """What ``info`` carries for the player to move: each legal action's index, notation and labels."""
    if state.is_over or state.to_move != seat:
        return {"legal": []}
    g = state.game
    out = []
    for a in state.legal_actions():
        ja, en = g.label(state, a)
        out.append({"index": g.action_space.index(a), "notation": g.notation(state, a), "ja": ja, "en": en})
    return {"legal": out}


class _ActionSpace(gymnasium.spaces.Discrete):
    """The action space. ``reset(seed=…)`` seeds it for ``sample``, but numpy's generator is made only when
    a sample is drawn: it costs 12 µs, and a learner that draws from the mask never needs it."""

    _later: int | None = None

    def seed_later(self, seed: int | None) -> None:
        """Seed with ``seed`` (None: from the OS) when a sample is first drawn."""
        self._np_random = None  # type: ignore[assignment]  # gymnasium's own "not made yet"
        self._later = seed

    def seed(self, seed: int | None = None) -> Any:
        self._later = None
        return super().seed(seed)

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None:
            super().seed(self._later)
        return super().np_random


class TefudaAEC(AECEnv):
    """``env(game, players=None, render_mode=None, cards=None, labels=True, max_actions=None, **options)``:
    ``options`` are the game's house rules (``tefuda rules GAME`` lists them); ``labels=False`` leaves the
    legal actions' notations and labels out of ``info`` (they cost more than a step)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo declares it an instance variable
        "render_modes": ["human", "ansi"],
        "name": "tefuda",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        render_mode: str | None = None,
        cards: str | None = None,
        labels: bool = True,
        max_actions: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.game = load_game(game, options or None, cards_path=cards)
        n = players or self.game.min_players
        problem = self.game.players_problem(n)
        if problem:
            raise ValueError(problem)
        self.nplayers = n
        self.metadata = {**self.metadata, "name": f"tefuda_{self.game.id}"}
        self.render_mode = render_mode
        self.labels = labels
        self.max_actions = max_actions or self.game.max_game_length
        self.encoder = Encoder(self.game, n)
        self.decks = [self.game.default_deck(p) for p in range(n)]  # read once, not at every reset
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._indices = self.game.action_space.indices
        self._obs_space = observation_space(self.encoder)
        self._act_space = _ActionSpace(self.game.action_space.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.state: State | None = None
        # the legal actions of the agent to act and their indices, once a step (the mask, legal_indices and
        # step's check read them; two lists cost less than a dict of them)
        self._legal: Sequence[Action] = ()
        self._legal_idx: list[int] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._act_space

    # ------------------------------------------------------------------ the loop
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        secret: Any = new_secret() if seed is None else int(seed)
        self._act_space.seed_later(seed)
        self.state = self.game.new_state(self.decks, secret, players=self.nplayers, record=False)
        self.encoder.follow(self.state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_step()

    def _after_step(self) -> None:
        st = self.state
        assert st is not None
        if st.result is None and st.steps < self.max_actions:  # the common case first
            self._legal = legal = st.legal_actions()
            self._legal_idx = self._indices(legal)
            self.agent_selection = agent = self.possible_agents[st.to_move]
            if self.labels:
                self.infos[agent] = legal_info(st, st.to_move)
            return
        if st.is_over:
            for a, r in zip(self.possible_agents, rewards_of(st), strict=True):
                if a in self.agents:
                    self.rewards[a] = r
                    self.terminations[a] = True
        else:
            for a in self.agents:
                self.truncations[a] = True
        self._legal, self._legal_idx = (), []
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self.state
        assert st is not None, "call reset() first"
        seat = self._seat[agent]
        if st.result is None and st.to_move == seat:
            mask = self.encoder.mask(st, self._legal_idx)
        else:
            mask = np.zeros(self.game.action_space.size, dtype=np.int8)
        return {"observation": self.encoder.encode(st, seat), "action_mask": mask}

    def legal_indices(self) -> list[int]:
        """The legal action indices of the agent to act, ascending (what the mask's ones are; cheaper to draw
        from than the mask when the action space is large)."""
        st = self.state
        assert st is not None, "call reset() first"
        return sorted(self._legal_idx)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.state
        assert st is not None
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only for an agent whose game is over")
        try:
            key = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"{agent}: {action!r} is not an action index") from None
        try:
            chosen = self._legal[self._legal_idx.index(key)]  # found at C speed
        except ValueError:
            try:
                chosen = self.game.action_space.action(key)
            except IllegalActionError as e:
                raise ValueError(f"{agent}: {e}") from None
            raise ValueError(
                f"{agent}: action {int(action)} ({chosen}) is not legal now (the action_mask shows the legal)"
            ) from None
        st.apply(chosen)
        self._cumulative_rewards[agent] = 0.0
        # rewards stay 0 until the game ends (_after_step writes them once, then every agent is done), so
        # the dict is not rebuilt at every step; infos hold only the labels of the agent to act
        if self.labels:
            self.infos = {a: {} for a in self.agents}
        self._after_step()
        if st.is_over:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ looking at it
    def render(self) -> str | None:
        """The terminal view of the seat to move (a spectator's view once the game is over)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: env(..., render_mode='ansi' or 'human')")
            return None
        st = self.state
        assert st is not None, "call reset() first"
        import io

        from rich.console import Console

        from tefuda.view.terminal import render_observation

        seat = st.to_move if not st.is_over else st.nplayers
        console = Console(record=True, width=120, force_terminal=False, file=io.StringIO())
        console.print(render_observation(self.game, st.observation(seat)))
        text = console.export_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.state = None
