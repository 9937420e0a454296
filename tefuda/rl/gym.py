"""A tefuda game as a Gymnasium environment for one learner (一人用): the learner holds ``seat``, every other
seat is played by a built-in agent (any agent spec: ``random``, ``greedy``, ``ai`` …) that sees only its own
sealed decision. A step is the learner's action, then the others' until the learner is to move again or the
game ends; the reward comes at the end (+1 / −1 / 0, a team's result in a team game). The observation is the
learner's vector and its action mask (``tefuda.rl.encode``), the same as the PettingZoo environment's."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from tefuda.agents import decision_for_agent, make_agent
from tefuda.core import State, load_game
from tefuda.core.errors import IllegalActionError
from tefuda.core.rng import new_secret
from tefuda.rl.aec import legal_info, observation_space, rewards_of
from tefuda.rl.encode import Encoder


class TefudaGym(gymnasium.Env):
    """``gym_env(game, opponent="greedy", seat=0, players=None, cards=None, labels=True, max_actions=None,
    render_mode=None, illegal="lose", **options)``.

    An action the rules do not allow now is refused — the game is not touched — and, with ``illegal="lose"``
    (the default: what Gymnasium's checkers and most learners expect of a step that takes any action of the
    space), the episode ends there with −1 and ``info["illegal"]`` saying why; ``illegal="raise"`` raises
    ValueError instead. A learner that follows the mask never meets either."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - as gymnasium.Env declares it

    def __init__(
        self,
        game: str,
        *,
        opponent: str = "greedy",
        seat: int = 0,
        players: int | None = None,
        cards: str | None = None,
        labels: bool = True,
        max_actions: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal={illegal!r}: 'lose' or 'raise'")
        self.illegal = illegal
        self.game = load_game(game, options or None, cards_path=cards)
        n = players or self.game.min_players
        problem = self.game.players_problem(n)
        if problem:
            raise ValueError(problem)
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: the seats are 0..{n - 1}")
        make_agent(opponent)  # a bad spec fails now, in one line
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: None or 'ansi'")
        self.render_mode = render_mode
        self.nplayers, self.seat, self.opponent, self.labels = n, seat, opponent, labels
        self.max_actions = max_actions or self.game.max_game_length
        self.encoder = Encoder(self.game, n)
        self.decks = [self.game.default_deck(p) for p in range(n)]  # read once, not at every reset
        self.observation_space = observation_space(self.encoder)
        self.action_space = gymnasium.spaces.Discrete(self.game.action_space.size)
        self.state: State | None = None
        self.others: dict[int, Any] = {}
        self._ended = False  # set once a step has reported the episode's end

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        secret: Any = new_secret() if seed is None else int(seed)
        # the other seats' agents: seeded from the game's seed when one is given, else from the OS
        base = int(self.np_random.integers(0, 2**62))
        self.others = {
            p: make_agent(self.opponent, seed=base + p) for p in range(self.nplayers) if p != self.seat
        }
        self.state = self.game.new_state(self.decks, secret, players=self.nplayers, record=False)
        self.encoder.follow(self.state)
        self._ended = False
        self._play_others()
        return self._obs(), self._info()

    def _play_others(self) -> None:
        st = self.state
        assert st is not None
        while not st.is_over and st.to_move != self.seat and st.steps < self.max_actions:
            agent = self.others[st.to_move]
            st.apply(agent.act(decision_for_agent(st, agent)))

    def _obs(self) -> dict[str, np.ndarray]:
        st = self.state
        assert st is not None
        mask = (
            self.encoder.mask(st)
            if not st.is_over and st.to_move == self.seat
            else np.zeros(self.game.action_space.size, dtype=np.int8)
        )
        return {"observation": self.encoder.encode(st, self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        st = self.state
        assert st is not None
        return legal_info(st, self.seat) if self.labels else {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        st = self.state
        if st is None:
            raise RuntimeError("call reset() first")
        if self._ended:
            raise RuntimeError("the episode is over: call reset()")
        if st.is_over or st.steps >= self.max_actions:
            # the other seats ended the game before this seat's first move (a ヨネス opening hand may
            # already hold four ファーストヨネス): Gymnasium's reset cannot say so, so this step reports the
            # end and its reward, and the action is not played
            self._ended = True
            over = st.is_over
            reward = rewards_of(st)[self.seat] if over else 0.0
            note = "the game ended before this seat's move; the action was not played"
            return self._obs(), reward, over, not over, {**self._info(), "ended_before_move": note}
        try:
            chosen = self.game.action_space.action(int(action))
            why = "" if chosen in st.legal_actions() else f"action {int(action)} ({chosen}) is not legal now"
        except IllegalActionError as e:
            why = str(e)
        if why:
            if self.illegal == "raise":
                raise ValueError(f"{why} (see the action_mask)")
            self._ended = True
            return self._obs(), -1.0, True, False, {**self._info(), "illegal": why}
        st.apply(chosen)
        self._play_others()
        over = st.is_over
        truncated = not over and st.steps >= self.max_actions
        reward = rewards_of(st)[self.seat] if over else 0.0
        self._ended = over or truncated
        return self._obs(), reward, over, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action mask (what sb3-contrib's MaskablePPO asks an environment for)."""
        assert self.state is not None
        return self.encoder.mask(self.state)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        import io

        from rich.console import Console

        from tefuda.view.terminal import render_observation

        console = Console(record=True, width=120, force_terminal=False, file=io.StringIO())
        console.print(render_observation(self.game, self.state.observation(self.seat)))
        return console.export_text()
