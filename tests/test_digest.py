"""``State.digest`` hashes, without a clone, what renumbering the instances by their place order would make.
Checked against that definition (a clone, ``relabel``, the old body) at every step of seeded games of every
game and mode, and for numbering-freedom: a randomly renumbered state hashes the same."""

from __future__ import annotations

import hashlib

import pytest

from tefuda.core import Rng
from tefuda.core.game import mode_cases
from tefuda.core.rng import stream_state
from tests.conftest import random_game


def digest_by_relabel(state) -> str:
    """The definition: a clone renumbered by the place order, hashed."""
    order = state.place_order()
    m = [0] * len(order)
    for k, i in enumerate(order):
        m[i] = k
    canon = state.clone()
    canon.relabel(m)
    ids = [c.id for c in state.game.cardset.cards]
    body = repr(
        (
            tuple(tuple(ids[canon.cards[i]] for i in z) for z in canon.zones),
            tuple(canon.known),
            tuple(canon.flags),
            canon.to_move,
            None if state.result is None else state.result.as_dict(),
            stream_state(state.rng),
            tuple(
                (f, v if f not in state._LIST_FIELDS else tuple(v))
                for f in (*state._FIELDS, *state._LIST_FIELDS)
                for v in (getattr(canon, f),)
            ),
        )
    )
    return hashlib.sha256(body.encode()).hexdigest()[:32]


@pytest.mark.parametrize("case", mode_cases())
def test_the_digest_is_its_definition_at_every_step(case):
    for seed in (1, 2):
        state = None
        for state, _ in random_game(case, seed):
            assert state.digest() == digest_by_relabel(state)
        assert state is not None and state.digest() == digest_by_relabel(state)


@pytest.mark.parametrize("case", mode_cases())
def test_a_renumbered_state_hashes_the_same(case):
    rng = Rng(5)
    for k, (state, _) in enumerate(random_game(case, 3)):
        if k % 7:
            continue
        m = list(range(len(state.cards)))
        rng.shuffle(m)
        twin = state.clone()
        twin.relabel(m)
        assert twin.digest() == state.digest()
        moved = state.clone()
        if moved.known:
            moved.known[m[0]] ^= 1  # a change of knowledge is a change of state
            assert moved.digest() != state.digest()
