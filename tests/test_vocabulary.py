"""The effect vocabulary of card data (core/vocabulary.py): shared verbs, game refinements, and checks whose
errors name the effect, the verb and the key."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tefuda.core.vocabulary import SHARED, Param, Verb, Vocabulary, int_between, one_of
from tefuda.games.genesis.cards import VOCABULARY as GENESIS
from tefuda.games.kirifuda.cards import VOCABULARY as KIRIFUDA
from tefuda.games.yonesu.cards import VOCABULARY as YONESU

VOCAB = Vocabulary(
    {
        "draw": SHARED["draw"].refine(count=Param(int, int_between(1, 3))),
        "destroy": SHARED["destroy"].aimed("enemy", "ally"),
        "pump": Verb({"amount": Param(int, int_between(-5, 5, nonzero=True))}),
    },
    modifiers={"if_side": Param(str, one_of("self", "opponent"))},
)


def test_the_games_share_the_ideas_they_share():
    assert KIRIFUDA.verbs["draw"].params.keys() == YONESU.verbs["draw"].params.keys() == {"count"}
    assert YONESU.verbs["destroy"].ja == GENESIS.verbs["destroy"].ja == SHARED["destroy"].ja
    assert GENESIS.verbs["draw"].en == SHARED["draw"].en


@pytest.mark.parametrize(
    ("effects", "expected"),
    [
        ([{"do": "draw", "count": 2}, {"do": "destroy", "target": "ally"}], None),
        ({"do": "draw"}, "must be an array of effect tables"),
        ([{"do": "draw"}], "effect 1 (draw): missing 'count'"),
        ([{"do": "draw", "count": 1}, {"do": "fly"}], "effect 2: 'do' must be one of draw, destroy, pump"),
        ([{"do": "draw", "count": 4}], "effect 1 (draw): count must be 1 to 3"),
        ([{"do": "draw", "count": True}], "effect 1 (draw): count must be int"),
        ([{"do": "pump", "amount": 0}], "effect 1 (pump): amount must be a non-zero number from -5 to 5"),
        ([{"do": "destroy", "target": "self"}], "effect 1 (destroy): target must be one of enemy, ally"),
        ([{"do": "destroy", "size": 1}], "effect 1 (destroy): unknown key 'size' (allowed: if_side, target)"),
        (
            [{"do": "draw", "count": 1, "if_side": "x"}],
            "effect 1 (draw): if_side must be one of self, opponent",
        ),
        (["draw"], "effect 1: must be a table like"),
    ],
)
def test_effect_lists_are_checked_with_where_and_why(effects, expected):
    why = VOCAB.check_list(effects, '{ do = "draw", count = 1 }')
    if expected is None:
        assert why is None
    else:
        assert why is not None and why.startswith(expected), why


@given(
    st.dictionaries(st.sampled_from(["do", "count", "amount", "target", "if_side", "x"]), st.integers(-9, 9))
)
def test_any_table_gets_an_answer_not_a_crash(table):
    why = VOCAB.problem(table)
    assert why is None or isinstance(why, str)
