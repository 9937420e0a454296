"""The ISMCTS agent: legal in every game and mode, repeatable with a seed, blind to what its seat
cannot know."""

from __future__ import annotations

import pytest

from tefuda.agents import IsmctsAgent, decision_for, make_agent
from tefuda.core import Rng
from tefuda.core.game import load_case
from tests.conftest import random_game, swap_hidden

SMALL = "ismcts:iters=6,max_rollout=25"


def test_ismcts_plays_only_legal_actions_for_every_seat(game_id):
    game, mode = load_case(game_id)
    state = game.new_state(None, 1, players=mode.players, record=False)
    agents = [make_agent(SMALL, 10 + s) for s in range(state.nplayers)]
    n = 0
    while not state.is_over and n < 3000:
        a = agents[state.current_player].act(decision_for(state))
        assert a in state.legal_actions()
        state.apply(a)
        n += 1
    assert state.is_over


def test_ismcts_is_repeatable_with_a_seed(game_id):
    states = [s.clone() for k, (s, _) in enumerate(random_game(game_id, 2)) if k in (5, 40, 90)]
    for state in states:
        d = decision_for(state)
        a = IsmctsAgent(seed=9, iters=30, max_rollout=60).evaluate(d)
        b = IsmctsAgent(seed=9, iters=30, max_rollout=60).evaluate(d)
        assert [(e.action, e.visits, e.win_rate) for e in a] == [(e.action, e.visits, e.win_rate) for e in b]


def test_ismcts_choice_does_not_depend_on_hidden_identities(game_id):
    """Swap every identity the deciding seat cannot know: the search and its choice stay the same."""
    rng = Rng(4)
    checked = 0
    for seed in range(4):
        for k, (state, _) in enumerate(random_game(game_id, seed)):
            if k % 17 or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player
            twin = swap_hidden(state, seat, rng)
            ea = IsmctsAgent(seed=k, iters=25, max_rollout=40).evaluate(decision_for(state))
            eb = IsmctsAgent(seed=k, iters=25, max_rollout=40).evaluate(decision_for(twin))
            assert [(e.action, e.visits) for e in ea] == [(e.action, e.visits) for e in eb]
            checked += 1
    assert checked >= 5


def test_ismcts_options_are_checked():
    with pytest.raises(ValueError, match="unknown option"):
        make_agent("ismcts:depth=3")
    with pytest.raises(ValueError, match="a number"):
        make_agent("ismcts:seconds=soon")
    with pytest.raises(ValueError, match="random or greedy"):
        make_agent("ismcts:rollout=smart")
    agent = make_agent("ismcts:seconds=0.05,rollout=greedy", 1)
    game, _ = load_case("kirifuda")
    state = game.new_state(None, 3)
    d = decision_for(state)
    assert agent.act(d) in d.legal and agent.last_iterations >= 1
