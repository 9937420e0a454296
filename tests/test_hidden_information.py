"""Hidden information is sealed (DESIGN.md §4): attacked as an outside programmer would, for every game, mode
and seat, and checked for the plain-data rule on everything an agent receives."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from tefuda.agents import Decision, decision_for
from tefuda.agents.base import WORLD_SEED
from tefuda.core import HIDDEN, Action, Rng, State
from tefuda.core.game import load_case, mode_cases
from tests.attack import MARGIN, attack
from tests.conftest import random_game

ATTACK_GAMES = 12  # seeded games per (game, mode, seat); the attacker guesses at every other decision
ATTACK_SEED = 2026


def _seats() -> list[tuple[str, int]]:
    out = []
    for case in mode_cases():
        _, mode = load_case(case)
        out.extend((case, seat) for seat in range(mode.players))
    return out


@pytest.mark.parametrize(("case", "seat"), _seats(), ids=[f"{c}-P{s + 1}" for c, s in _seats()])
def test_an_attacker_with_everything_a_seat_was_given_guesses_no_better_than_chance(case, seat):
    """Every decision, observation and event of one seat plus the public deck lists: its guesses of every card
    it cannot know (opponents' hands, its own next draws, life, face-down cards) beat neither the uniform
    guess among the cards it could not rule out, nor the fair chance, by more than the stated margin
    (tests/attack.py: 25 % of the baseline plus 5 √baseline)."""
    games = ATTACK_GAMES
    score = attack(case, seat, games, seed=ATTACK_SEED)
    while score.all.guesses < 600 and games < 200:  # a short game: more of them, to say anything
        games *= 2
        score = attack(case, seat, games, seed=ATTACK_SEED)
    assert score.all.guesses >= 600, "too few guesses to say anything"
    assert score.leaks() == [], f"hidden information leaks (margin {MARGIN:.0%}): {score.line()}"


def _unsealed(state: State) -> Decision:
    """The decision as an engine that renumbers nothing would build it: the world's instance ids are the true
    ones (identities resampled, as before)."""
    sealed = decision_for(state)
    rng = Rng(WORLD_SEED ^ state.steps * 0x9E3779B97F4A7C15)
    world = state.determinize(sealed.seat, rng, renumber=False).snapshot()
    return dataclasses.replace(sealed, world=world)


@pytest.mark.parametrize("case", ["kirifuda", "yonesu@2p", "genesis"])
def test_the_attack_finds_a_leak_when_there_is_one(case):
    """The attack is strong enough to matter: with ids left as they are in the true state (a card followed by
    its id through a shuffle), it is caught in every game."""
    score = attack(case, 0, ATTACK_GAMES, seed=ATTACK_SEED, build=_unsealed)
    assert score.leaks(), score.line()


PLAIN = (str, int, float, bool, type(None))


def _plain(x: Any, path: str = "decision") -> None:
    """Only plain values: no object, method or closure that could reach a state."""
    if isinstance(x, PLAIN):
        return
    if isinstance(x, dict):
        for k, v in x.items():
            assert isinstance(k, str | int), f"{path}: key {k!r}"
            _plain(v, f"{path}[{k!r}]")
        return
    if type(x) in (list, tuple) or (isinstance(x, tuple) and hasattr(x, "_fields")):  # NamedTuples: Action
        for i, v in enumerate(x):
            _plain(v, f"{path}[{i}]")
        return
    raise AssertionError(f"{path} is a {type(x).__name__}, not plain data")


def test_a_decision_is_plain_data(game_id):
    """Everything an agent receives: plain values, picklable (to a worker process), no bound method; the old
    reproduction (``decision.describe.__self__`` handing out the world) finds no state behind it."""
    for seed in range(3):
        for n, (state, _) in enumerate(random_game(game_id, seed)):
            if n % 7:
                continue
            d = decision_for(state)
            for f in ("seat", "game", "options", "cards_path", "legal", "labels", "observation", "world"):
                _plain(getattr(d, f), f"decision.{f}")
            assert {f.name for f in dataclasses.fields(d)} | set(getattr(d, "__dict__", ())) == {
                "seat",
                "game",
                "options",
                "cards_path",
                "legal",
                "labels",
                "observation",
                "world",
            }
            assert all(isinstance(a, Action) for a in d.legal)
            assert len(d.labels) == len(d.legal) and all(isinstance(s, str) for s in d.labels)
            assert not isinstance(d.describe.__self__, State)
            assert pickle.loads(pickle.dumps(d)) == d


def test_the_old_reproduction_reads_nothing(game_id):
    """The issue's sketch: ``world = d.describe.__self__``; ids numbered in deck-list order; the world's
    deck read as the next draws. Ids are dealt at random now and the world is a plain snapshot whose unknown
    ids are renumbered: reading it the old way names the true next draws no better than chance."""
    game, mode = load_case(game_id)
    by_id = game.new_state(None, seed=0, players=mode.players).cards  # the sketch's id -> card table
    hits = tries = 0
    for seed in range(1, 9):
        state = game.new_state(None, seed, players=mode.players)
        rng = Rng(seed)
        for _ in range(30):
            if state.is_over:
                break
            d = decision_for(state)
            assert not isinstance(d.describe.__self__, State)
            seat = d.seat
            for z, spec in enumerate(state.zone_specs):
                if spec.visibility == HIDDEN and spec.ordered:  # a deck, life cards
                    true_zone = state.zones[z]
                    world_zone = d.world["zones"][z]
                    for pos in range(len(true_zone)):
                        if state.known[true_zone[pos]] >> seat & 1:
                            continue
                        tries += 1
                        hits += by_id[world_zone[pos]] == state.cards[true_zone[pos]]
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert tries > 100
    assert hits < 0.25 * tries, f"the old reading still names {hits} of {tries} hidden cards"


# ---------------------------------------------------------------------------------- per-card marks (hole 4)
def _marks_left(monkeypatch) -> None:
    """Planted: the engine as it was — a card kept its per-card marks (ジェネシス・ガーデン's summoned_at,
    damage …) as it went into a hand or a deck."""
    from tefuda.games.genesis.state import GenesisState

    monkeypatch.setattr(GenesisState, "_card_defaults", ())


def test_no_card_in_a_hand_or_deck_carries_a_mark_in_any_world(game_id):
    """What a seat is handed never marks a card it cannot see: in every decision's world, each card in a hand,
    deck, life or shield pile that the seat does not know carries blank per-card numbers and no flag."""
    for seed in range(3):
        for n, (state, _) in enumerate(random_game(game_id, seed)):
            if n % 5:
                continue
            d = decision_for(state)
            w = d.world
            cls = type(state)
            bit = 1 << d.seat
            for z, spec in enumerate(state.zone_specs):
                if not (spec.mixes or spec.visibility == HIDDEN):
                    continue
                for i in w["zones"][z]:
                    if w["known"][i] & bit:
                        continue
                    assert not w["flags"][i] & ~(1 | cls._PUBLIC_MARKS), (spec.name, w["flags"][i])
                    for name, cf in cls._CARD_FIELDS.items():
                        assert w["fields"][name][i] == cf.default, (spec.name, name, w["fields"][name][i])


def test_the_attack_follows_marks_left_on_hidden_cards(monkeypatch):
    """The attacker follows cards by every per-card number and flag: with marks left on cards going into the
    deck (the planted engine), it names them far better than chance."""
    _marks_left(monkeypatch)
    leaks = attack("genesis", 0, 24, seed=ATTACK_SEED).leaks()
    assert any("(marked)" in line for line in leaks), leaks


def test_the_swap_test_moves_marks_with_their_card(monkeypatch):
    """The swap test (tests/conftest.swap_hidden) moves per-card marks with the identity it swaps: with marks
    left on cards going into the deck (the planted engine), the world a seat is handed changes with it."""
    from tests.conftest import swap_hidden

    def differs() -> bool:
        for seed in range(6):
            for n, (state, _) in enumerate(random_game("genesis", seed)):
                if n % 3:
                    continue
                for seat in (0, 1):
                    twin = swap_hidden(state, seat, Rng(seed * 7 + n))
                    if state.determinize(seat, Rng(1)).digest() != twin.determinize(seat, Rng(1)).digest():
                        return True
        return False

    assert not differs()
    _marks_left(monkeypatch)
    assert differs()
