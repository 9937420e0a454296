"""The ISMCTS agent: legal in every game and mode, repeatable with a seed, blind to what its seat
cannot know."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


SEARCHES = [(0.0, 0), (0.5, 0), (0.5, 1)]  # (mast, mo)


@pytest.mark.parametrize(("mast", "mo"), SEARCHES)
def test_ismcts_is_repeatable_with_a_seed(game_id, mast, mo):
    states = [s.clone() for k, (s, _) in enumerate(random_game(game_id, 2)) if k in (5, 40, 90)]
    for state in states:
        d = decision_for(state)
        a = IsmctsAgent(seed=9, iters=30, max_rollout=60, mast=mast, mo=mo).evaluate(d)
        b = IsmctsAgent(seed=9, iters=30, max_rollout=60, mast=mast, mo=mo).evaluate(d)
        assert [(e.action, e.visits, e.win_rate) for e in a] == [(e.action, e.visits, e.win_rate) for e in b]


@pytest.mark.parametrize(("mast", "mo"), SEARCHES)
def test_ismcts_choice_does_not_depend_on_hidden_identities(game_id, mast, mo):
    """Swap every identity the deciding seat cannot know: the search and its choice stay the same (MAST's
    table too: it learns from the imagined worlds only)."""
    rng = Rng(4)
    checked = 0
    for seed in range(4):
        for k, (state, _) in enumerate(random_game(game_id, seed)):
            if k % 17 or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player
            twin = swap_hidden(state, seat, rng)
            for depth in (0, 6):  # a cut playout is scored by the world's estimate: no secret in it either
                kw = {"seed": k, "iters": 25, "max_rollout": 40, "depth": depth, "mast": mast, "mo": mo}
                ea = IsmctsAgent(**kw).evaluate(decision_for(state))
                eb = IsmctsAgent(**kw).evaluate(decision_for(twin))
                assert [(e.action, e.visits, e.win_rate) for e in ea] == [
                    (e.action, e.visits, e.win_rate) for e in eb
                ]
            checked += 1
    assert checked >= 5


def test_ismcts_options_are_checked():
    with pytest.raises(ValueError, match="unknown option"):
        make_agent("ismcts:width=3")
    with pytest.raises(ValueError, match="depth must not be negative"):
        make_agent("ismcts:depth=-1")
    with pytest.raises(ValueError, match="a number"):
        make_agent("ismcts:seconds=soon")
    with pytest.raises(ValueError, match="random or greedy"):
        make_agent("ismcts:rollout=smart")
    for bad in ("1.5", "-0.1", "nan"):
        with pytest.raises(ValueError, match="mast must be 0–1"):
            make_agent(f"ismcts:mast={bad}")
    for bad in ("11", "-1", "nan"):
        with pytest.raises(ValueError, match="keep must be 0–10"):
            make_agent(f"ismcts:keep={bad}")
    for bad in ("2", "-1"):
        with pytest.raises(ValueError, match="mo must be 0 or 1"):
            make_agent(f"ismcts:mo={bad}")
    agent = make_agent("ismcts:seconds=0.05,rollout=greedy", 1)
    game, _ = load_case("kirifuda")
    state = game.new_state(None, 3)
    d = decision_for(state)
    assert agent.act(d) in d.legal and agent.last_iterations >= 1


def test_every_state_estimates_who_is_ahead(game_id):
    """``State.estimate``: one chance per seat, in [0, 1], together 1 (each side's share), on every state."""
    for k, (state, _) in enumerate(random_game(game_id, 3)):
        if k % 5:
            continue
        guess = state.estimate()
        assert guess is not None and len(guess) == state.nplayers
        assert all(0.0 <= g <= 1.0 for g in guess)
        sides = state.game.sides(state.nplayers)
        assert abs(sum(guess) - state.nplayers / sides) < 1e-9  # a team's seats share their side's chance


class _Sure:
    """An evaluator that calls every cut playout for the first seat (no patching of a compiled class)."""

    def estimate(self, world):
        return [0.9, 0.1]


def test_a_cut_playout_is_scored_by_the_evaluation():
    """depth=1: no playout from the opening can end the game, so every result is the evaluation's guess."""
    game, _ = load_case("kirifuda")
    state = game.new_state(None, 5)
    d = decision_for(state)
    evals = IsmctsAgent(seed=1, iters=20, depth=1, evaluator=_Sure()).evaluate(d)
    seat = d.seat
    assert all(abs(e.win_rate - (0.9 if seat == 0 else 0.1)) < 1e-9 for e in evals if e.visits)
    full = IsmctsAgent(seed=1, iters=20, depth=0).evaluate(d)  # played to the end: real results
    assert any(abs(e.win_rate - (0.9 if seat == 0 else 0.1)) > 1e-6 for e in full if e.visits)


def test_keep_takes_a_move_as_good_that_does_not_spend_a_once_only_right():
    """``keep``: the pick spends 切り札's 上書き (``Game.once_only``); a move within ``keep`` standard errors
    of it that spends nothing is taken instead (searched at least a quarter as much); a clearly better spend,
    or a game that lists no once-only right, keeps the pick."""
    from tefuda.agents.ismcts import Evaluation
    from tefuda.core import Action

    game, _ = load_case("kirifuda")
    assert {"overwrite", "use-trump"} <= game.once_only
    d = decision_for(game.new_state(None, 3))
    spend, keep_it, rare = Action("overwrite", 0, 1), Action("set-support", 1), Action("done")
    agent = IsmctsAgent(keep=2)
    pick = Evaluation(spend, 400, 0.60)  # one standard error: sqrt(0.6 * 0.4 / 400) = 0.0245
    near = [pick, Evaluation(keep_it, 300, 0.57), Evaluation(rare, 50, 0.70)]
    assert agent._keep_once_only(d, pick, near).action == keep_it  # 1.2 se below; "done" searched too little
    far = [pick, Evaluation(keep_it, 300, 0.54)]  # 2.4 se below: the right is worth spending
    assert agent._keep_once_only(d, pick, far).action == spend
    assert IsmctsAgent(keep=1)._keep_once_only(d, pick, near).action == spend  # 1.2 > 1 se
    own = Evaluation(keep_it, 400, 0.60)
    assert agent._keep_once_only(d, own, [own, Evaluation(spend, 400, 0.62)]).action == keep_it
    other, _ = load_case("kokubyaku")
    assert other.once_only == frozenset()


def test_mast_takes_the_best_rated_action_and_tries_the_untried_first():
    from tefuda.agents.ismcts import _best_rated
    from tefuda.core import Action

    a, b, c = Action("x", 0), Action("x", 1), Action("y")
    table = {a: [3.0, 4.0], b: [1.0, 4.0]}  # means 0.75 and 0.25
    assert _best_rated([b, a], table) == a
    assert _best_rated([a, b, c], table) == c  # never taken: tried as if it always won
    assert _best_rated([b], table) == b


def test_mast_changes_the_playouts_and_learns_within_one_decision():
    """With mast=1 every playout step after the first few follows the table, so the search differs from
    random playouts on the same seed; the table is cleared after the decision (nothing carried over)."""
    game, _ = load_case("amadeus")
    state = game.new_state(None, 4, record=False)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    d = decision_for(state)
    plain = IsmctsAgent(seed=3, iters=60, depth=0).evaluate(d)
    agent = IsmctsAgent(seed=3, iters=60, depth=0, mast=1.0)
    learned = agent.evaluate(d)
    assert [(e.visits, e.win_rate) for e in plain] != [(e.visits, e.win_rate) for e in learned]
    assert agent._mast == []


def test_mast_credits_every_playout_step_a_greedy_rollouts_winning_move_too():
    game, _ = load_case("kirifuda")
    for seed in range(3):
        world = game.new_state(None, seed, record=False)
        agent = IsmctsAgent(seed=seed, rollout="greedy", depth=0, mast=0.5)
        agent._mast = [{} for _ in range(world.nplayers)]
        start, taken = world.steps, []
        agent._playout(world, taken)
        assert world.is_over and len(taken) == world.steps - start


def test_mo_tells_the_other_seats_of_a_move_only_what_is_public():
    """Multiple-observer search: setting one card or another face down in the same slot looks the same to
    the other seat (one key, so one node in its tree); setting it in another slot, or a card face up, does
    not."""
    from tefuda.agents.ismcts import _public_key

    for state, _ in random_game("kirifuda", 5, record=True):
        sets = [a for a in state.legal_actions() if a.kind in ("set-attacker", "set-support")]
        if len({a.a for a in sets}) >= 2:
            break
    else:
        raise AssertionError("no choice of card to set in a seeded game")
    keys = {}
    for a in sets:
        probe = state.clone()
        keys[a] = _public_key(a, probe.apply(a), probe.public_bit)
    by_kind = {a.kind: {keys[b] for b in sets if b.kind == a.kind} for a in sets}
    assert all(len(k) == 1 for k in by_kind.values()), "a hidden choice told apart"
    shown = [e for e in next(iter(keys.values()))[1] if e[2] >= 0]
    assert not shown, "a face-down card's identity in the key"
    # cards played face up are told apart by their identities
    for state, _ in random_game("genesis", 2, record=True):
        shown = {}
        for a in state.legal_actions():
            probe = state.clone()
            events = probe.apply(a)
            cards = tuple(e.card for e in events if e.mask & probe.public_bit and e.card >= 0)
            if cards:
                shown[a] = (cards, _public_key(a, events, probe.public_bit))
        if len({c for c, _ in shown.values()}) >= 2:
            break
    else:
        raise AssertionError("no choice of public plays in a seeded game")
    for a, (cards, key) in shown.items():
        for b, (cards_b, key_b) in shown.items():
            assert (key == key_b) <= (cards == cards_b), (a, b)


def test_mo_search_keeps_a_tree_for_each_seat():
    """With mo=1 the other seat picks in its own tree: after the deciding seat's hidden choice, the other
    seat's tree holds one node where the single tree holds one per card."""
    for state, _ in random_game("kirifuda", 5):
        if len({a.a for a in state.legal_actions() if a.kind == "set-support"}) >= 3:
            break
    else:
        raise AssertionError("no choice of three cards to set in a seeded game")
    agent = IsmctsAgent(seed=2, iters=200, mo=1)
    agent.evaluate(decision_for(state))
    mine, theirs = agent.last_trees[state.current_player], agent.last_trees[1 - state.current_player]
    sets = [a for a in mine.children if a.kind == "set-support"]
    assert len(sets) >= 3
    merged = {k for k in theirs.children if k[0] == "set-support"}
    assert len(merged) == 1 and theirs.children[next(iter(merged))].visits == sum(
        mine.children[a].visits for a in sets
    )


def test_depth_auto_is_the_games_own_cut_off(game_id):
    """``depth=auto`` (the default AI's) cuts the playouts where the game says (``Game.playout_depth``): the
    same search as that number written out; a word that is neither a number nor ``auto`` is refused."""
    game, mode = load_case(game_id)
    state = game.new_state(None, 4, players=mode.players, record=False)
    d = decision_for(state)
    auto = IsmctsAgent(seed=2, iters=30, depth="auto")
    got = [(e.action, e.visits, e.win_rate) for e in auto.evaluate(d)]
    assert auto.depth == type(game).playout_depth > 0
    named = IsmctsAgent(seed=2, iters=30, depth=type(game).playout_depth).evaluate(d)
    assert got == [(e.action, e.visits, e.win_rate) for e in named]
    with pytest.raises(ValueError, match="depth must be a whole number or auto"):
        make_agent("ismcts:depth=deep")


@given(
    st.lists(st.integers(0, 29), min_size=1, max_size=25, unique=True),  # a pool lists each card once
    st.integers(1, 4),
    st.integers(0, 40),
    st.lists(st.integers(0, 29), max_size=10),
    st.integers(0, (1 << 64) - 1),
)
def test_the_prior_over_unseen_cards_draws_within_the_cap(pool, cap, n, known, seed):
    """``sample_capped`` (compiled with the hot modules: every imagined world draws from it) draws what its
    definition says — a uniform choice among the cards still under the cap, or the whole pool once none is
    left — and never more copies than the cap while any card is under it."""
    from collections import Counter

    from tefuda.core.game import sample_capped

    got = sample_capped(pool, cap, n, known, Rng(seed))
    rng, used, want = Rng(seed), Counter(known), []
    for _ in range(n):
        under = [c for c in pool if used[c] < cap]
        c = rng.choice(under or pool)
        used[c] += 1
        want.append(c)
    assert got == want
