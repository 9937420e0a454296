"""Agents: only legal actions, never the true state, seeded and repeatable."""

from __future__ import annotations

import pytest

from tefuda.agents import GreedyAgent, RandomAgent, decision_for, make_agent, parse_spec
from tefuda.core.game import load_case
from tefuda.lab.runner import play_game
from tests.conftest import soak


@pytest.mark.parametrize("spec", ["random", "greedy:rollouts=2"])
def test_agents_play_only_legal_actions_for_every_seat(game_id, spec):
    game, mode = load_case(game_id)
    for seed in soak(3, 1):
        state = game.new_state(None, seed, players=mode.players, record=False)
        agents = [make_agent(spec, seed * 10 + s) for s in range(state.nplayers)]
        while not state.is_over:
            d = decision_for(state)
            a = agents[state.current_player].act(d)
            assert a in state.legal_actions()
            state.apply(a)


def test_decision_carries_no_true_state(kirifuda):
    state = kirifuda.new_state(None, 1)
    d = decision_for(state)
    assert d.observation == state.observation(state.current_player)
    world = d.determinize(__import__("tefuda.core", fromlist=["Rng"]).Rng(1))
    assert world is not state and world.log is None
    # mutating the sampled world never touches the real game
    before = state.digest()
    while not world.is_over:
        world.apply(world.legal_actions()[0])
    assert state.digest() == before


def test_same_seed_same_game(kirifuda):
    decks = [kirifuda.default_deck(0), kirifuda.default_deck(1)]
    a = play_game(kirifuda, decks, [GreedyAgent(1, rollouts=2, seconds=0), RandomAgent(2)], 7)[1]
    b = play_game(kirifuda, decks, [GreedyAgent(1, rollouts=2, seconds=0), RandomAgent(2)], 7)[1]
    assert a == b


def test_agent_specs():
    assert parse_spec("greedy:rollouts=3") == ("greedy", {"rollouts": "3"})
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("wizard")
    with pytest.raises(ValueError, match="unknown option"):
        make_agent("greedy:depth=3")
    with pytest.raises(ValueError, match="whole number"):
        make_agent("greedy:rollouts=many")


def test_greedy_beats_random(kirifuda):
    """A sanity check of the lookahead (not a strength claim): it wins most of 12 games."""
    decks = [kirifuda.default_deck(0), kirifuda.default_deck(0)]
    wins = 0
    for seed in range(12):
        state, _ = play_game(kirifuda, decks, [GreedyAgent(seed, rollouts=4), RandomAgent(seed)], seed)
        wins += state.outcome().winner == 0
    assert wins >= 8


def test_agent_input_is_the_same_whatever_the_hidden_cards(kirifuda):
    """Two games that differ only in cards the deciding seat cannot know give that seat's agent exactly the
    same decision: observation, legal actions and sampled worlds."""
    from tefuda.core import Rng
    from tests.conftest import random_game, swap_hidden

    rng = Rng(4)
    n = 0
    for state, _ in random_game("kirifuda", 8):
        seat = state.current_player
        twin = swap_hidden(state, seat, rng)
        a, b = decision_for(state), decision_for(twin)
        assert a.observation == b.observation and a.legal == b.legal
        assert a.determinize(Rng(n)).digest() == b.determinize(Rng(n)).digest()
        n += 1
    assert n > 20


def test_decision_describes_legal_actions_for_every_mode(game_id):
    from tefuda.agents import decision_for
    from tests.conftest import random_game

    for n, (state, _) in enumerate(random_game(game_id, 3)):
        if n % 25 == 0:
            d = decision_for(state)
            assert [d.describe(a) for a in d.legal] == [state.describe(a) for a in state.legal_actions()]


def test_greedy_is_bounded_by_its_time_budget(kirifuda):
    """The clock stops the rollouts (counted, not timed): with a budget already spent, one playout only."""
    state = kirifuda.new_state(None, 3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent = make_agent("greedy:rollouts=1000,seconds=0.000000001", 1)
    assert agent.act(decision_for(state)) in state.legal_actions()
    assert agent.playouts == 1
    agent = make_agent("greedy:rollouts=3,seconds=0", 1)
    agent.act(decision_for(state))
    assert agent.playouts == 3 * len(state.legal_actions())


@pytest.mark.parametrize("bad", ["seconds=nan", "seconds=-1", "seconds=inf", "rollouts=0", "rollouts=1e23"])
def test_greedy_refuses_bad_budgets(bad):
    with pytest.raises(ValueError, match="greedy"):
        make_agent(f"greedy:{bad}")


@pytest.mark.parametrize(
    "case", ["kirifuda", "yonesu@2p", "yonesu@4p-teams", "genesis", "kokubyaku", "amadeus"]
)
def test_the_default_ai_plays_the_same_whatever_it_cannot_know(case):
    """The default agent (``ai``: the search, its sure-win check, the learned evaluation) attacked through
    its behaviour: in two games that differ only in cards the deciding seat cannot know, it makes the
    same move (a budget of iterations, no clock, so a run repeats)."""
    from tefuda.agents import DEFAULT_AGENT, make_agent
    from tefuda.core import Rng
    from tests.conftest import random_game, swap_hidden

    rng = Rng(11)
    asked = 0
    for n, (state, _) in enumerate(random_game(case, 5)):
        if n % 9 or len(state.legal_actions()) < 2:
            continue
        twin = swap_hidden(state, state.current_player, rng)
        spec = f"{DEFAULT_AGENT}:iters=40,max_seconds=0"
        a = make_agent(spec, seed=n).act(decision_for(state))
        b = make_agent(spec, seed=n).act(decision_for(twin))
        assert a == b, f"{case} step {n}: {state.describe(a)} / {twin.describe(b)}"
        asked += 1
    assert asked >= 3
