"""The OpenSpiel adapter (tefuda/rl/openspiel.py): every game and mode loads, plays to the end under
OpenSpiel's own random-simulation checks, serializes, keeps hidden cards out of every information state,
resamples worlds a search can use, and the Python ISMCTS bot plays on it."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tefuda.core import Rng  # noqa: E402
from tefuda.core.game import game_ids, load_case, mode_cases  # noqa: E402
from tefuda.rl import openspiel as tos  # noqa: E402
from tefuda.rl.encode import Encoder  # noqa: E402
from tests.conftest import swap_hidden  # noqa: E402

CASES = mode_cases()
STEP_LIMIT = 400  # actions per test game (a random game ends sooner in most cases)


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    tos.register()


def _play(state, rng: random.Random, limit: int = STEP_LIMIT):
    """Random legal actions, yielding the state before each."""
    while not state.is_terminal() and state.move_number() < limit:
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def test_register_names_every_game_and_is_idempotent():
    first = tos.register()
    assert tos.register() == first
    names = set(pyspiel.registered_names())
    for gid in game_ids():
        assert f"tefuda_{gid}" in names
    assert "tefuda_yonesu_4p_teams" in first
    assert pyspiel.load_game("tefuda_yonesu", {"players": 4}).num_players() == 4
    assert pyspiel.load_game("tefuda_yonesu").num_players() == 2


@pytest.mark.parametrize("case", CASES)
def test_game_type_and_info(case):
    game = tos.load(case, seed=1)
    tgame, mode = load_case(case)
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    two_sided = tgame.sides(mode.players) == 2
    assert t.utility == (
        pyspiel.GameType.Utility.ZERO_SUM if two_sided else pyspiel.GameType.Utility.GENERAL_SUM
    )
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert game.num_players() == mode.players
    assert game.num_distinct_actions() == tgame.action_space.size
    assert game.max_game_length() == tgame.max_game_length
    size = Encoder(tgame, mode.players).size
    assert game.information_state_tensor_shape() == [size] == game.observation_tensor_shape()
    # OpenSpiel's own (C++) shape, worked out from an observed state, agrees
    assert pyspiel.Game.information_state_tensor_shape(game) == [size]


@pytest.mark.parametrize("case", CASES)
def test_openspiel_random_simulation(case):
    """OpenSpiel's checks: clones, legal actions sorted and unique strings, observables, returns' sums and
    bounds. (serialize=False: its serializer cannot write a Python game of sampled chance, see below.)"""
    pyspiel.random_sim_test(tos.load(case, seed=2), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("case", CASES)
def test_play_serialize_and_returns(case):
    game = tos.load(case, seed=3)
    tgame, mode = load_case(case)
    encoder = Encoder(tgame, mode.players)
    shape = game.information_state_tensor_shape()
    rng = random.Random(3)
    state = game.new_initial_state()
    copies = []
    for s in _play(state, rng):
        n = s.move_number()
        assert s.legal_actions() == sorted(s.legal_actions())
        if n % 25 == 0:
            for p in range(mode.players):
                tensor = np.asarray(s.information_state_tensor(p))
                assert list(tensor.shape) == shape
                assert np.array_equal(tensor, encoder.encode(s.tefuda_state, p))  # PettingZoo's vector
                assert np.array_equal(tensor, np.asarray(s.observation_tensor(p)))
            text = tos.serialize_game_and_state(game, s)
            game2, s2 = pyspiel.deserialize_game_and_state(text)
            assert str(game2) == str(game)
            assert str(s2) == str(s) and s2.history() == s.history()
            assert s2.tefuda_state.digest() == s.tefuda_state.digest()
            copies.append(s2)
            copies.append(pickle.loads(pickle.dumps(s)))
    # each copy plays on to the same end: the same future chance
    for c in copies:
        for a in state.history()[len(c.history()) :]:
            c.apply_action(a)
        assert str(c) == str(state)
    if state.is_terminal():
        returns = state.returns()
        assert set(returns) <= {-1.0, 0.0, 1.0}
        if tgame.sides(mode.players) == 2:
            assert sum(returns) == 0.0


@pytest.mark.parametrize("case", CASES)
def test_hidden_identities_never_reach_an_information_state(case):
    """Two states differing only in what a player cannot see look the same to that player; a resampled world
    too, and in it the player to move has the same choices."""
    game = tos.load(case, seed=4)
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    for s in _play(state, rng, limit=160):
        if s.move_number() % 9:
            continue
        for p in range(game.num_players()):
            swapped = game.wrap(swap_hidden(s.tefuda_state, p, Rng(rng.getrandbits(32))))
            world = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.history() == s.history()
            for other in (swapped, world):
                assert other.information_state_string(p) == s.information_state_string(p)
                assert other.observation_string(p) == s.observation_string(p)
                assert np.array_equal(other.information_state_tensor(p), s.information_state_tensor(p))
                assert other.current_player() == s.current_player()
            if p == s.current_player():
                assert world.legal_actions() == s.legal_actions()
            checked += 1
    assert checked


def test_resampled_worlds_differ_and_are_reproducible():
    def worlds(seed: int) -> list[str]:
        game = tos.load("kirifuda", seed=seed)
        s = game.new_initial_state()
        for _ in range(12):
            s.apply_action(s.legal_actions()[0])
        # a fresh sampler of one seed for each world, as the ISMCTS bot makes them (unseeded, though)
        samplers = [pyspiel.UniformProbabilitySampler(7, 0.0, 1.0) for _ in range(6)]
        return [str(s.resample_from_infostate(0, sampler)) for sampler in samplers]

    a = worlds(5)
    assert a == worlds(5)
    assert len(set(a)) > 1  # the same number from each sampler still gives new worlds (the game's stream)


def test_seed_parameter_reproduces_the_deals_and_clones_do_not_shift_them():
    def starts(seed: int, clone: bool) -> list[str]:
        game = tos.load("yonesu@3p", seed=seed)
        out = []
        for _ in range(3):
            s = game.new_initial_state()
            out.append(str(s))
            if clone:
                s.clone()
                tos.serialize_game_and_state(game, s)
                game.information_state_tensor_shape()
        return out

    assert starts(9, False) == starts(9, True)
    assert len(set(starts(9, False))) == 3
    assert starts(9, False) != starts(10, False)


def test_truncation_is_a_draw():
    game = tos.load("kirifuda", seed=6)
    s = game.new_initial_state()
    s._limit = 5  # the game's max_game_length, lowered for the test
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.move_number() == 5 and "truncated" in str(s)
    assert s.current_player() == pyspiel.PlayerId.TERMINAL
    assert s.returns() == [0.0, 0.0] and s.legal_actions() == []


def test_action_strings_name_the_action():
    game = tos.load("kirifuda", seed=7)
    s = game.new_initial_state()
    st = s.tefuda_state
    for a in s.legal_actions():
        action = st.game.action_space.action(a)
        assert s.action_to_string(a) == f"{st.game.notation(st, action)} | {st.describe(action)}"


def test_bad_input_is_a_clear_value_error():
    with pytest.raises(ValueError, match="no game 'nope'"):
        tos.load("nope")
    with pytest.raises(ValueError, match="no mode"):
        tos.load("yonesu@9p")
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        pyspiel.load_game("tefuda_yonesu", {"players": 5})
    with pytest.raises(ValueError, match="exactly 2 players, not 3"):
        pyspiel.load_game("tefuda_kirifuda", {"players": 3})
    with pytest.raises(ValueError, match="4 players"):
        pyspiel.load_game("tefuda_yonesu_4p_teams", {"players": 3})
    with pytest.raises(ValueError, match="seed"):
        pyspiel.load_game("tefuda_kirifuda", {"seed": -2})
    game = tos.load("kirifuda", seed=8)
    s = game.new_initial_state()
    with pytest.raises(ValueError, match="not legal"):
        s.apply_action(next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions()))
    with pytest.raises(ValueError, match=r"players are 0\.\.1"):
        s.resample_from_infostate(2, None)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="own view"):
        game.make_py_observer(public)


def test_python_ismcts_plays_kirifuda():
    game = tos.load("kirifuda", seed=11)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
        uct_c=2.0,
        max_simulations=20,
        random_state=rs,
    )
    s = game.new_initial_state()
    searched = 0
    while not s.is_terminal() and searched < 4:
        if s.current_player() == 0:
            action = int(bot.step(s))
            searched += len(s.legal_actions()) > 1
        else:
            action = int(rs.choice(s.legal_actions()))
        assert action in s.legal_actions()
        s.apply_action(action)
    assert searched == 4 or s.is_terminal()
