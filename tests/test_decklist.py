"""Deck lists in parts: ``[section]`` lines (黒白物語's カオスデッキ), refused where a game has none."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tefuda.core import DeckListError, load_game
from tefuda.core.decklist import parse_deck

SECTIONS = {"カオスデッキ": "chaos", "chaos": "chaos"}


@pytest.fixture(scope="module")
def cards():
    return load_game("kirifuda").cardset


def test_a_section_line_starts_a_part(cards):
    deck = parse_deck(
        "# d\n3 紅蓮の竜騎士\n[カオスデッキ]\n2 紅蓮の竜騎士\n1 鬨の声\n", cards, "d.txt", SECTIONS
    )
    assert deck.count() == 6 and deck.count("") == 3 and deck.count("chaos") == 3
    assert [c.name for c in deck.cards("chaos")] == ["紅蓮の竜騎士", "紅蓮の竜騎士", "鬨の声"]
    again = parse_deck(deck.to_text(), cards, "again.txt", SECTIONS)
    assert [(e.count, e.card.index, e.section) for e in again.entries] == [
        (e.count, e.card.index, e.section) for e in deck.entries
    ]


def test_unknown_sections_and_games_without_parts_are_refused_by_line(cards):
    with pytest.raises(
        DeckListError, match=r"d.txt:2: unknown section \[extra\] \(sections: \[カオスデッキ\]"
    ):
        parse_deck("3 紅蓮の竜騎士\n[extra]\n", cards, "d.txt", SECTIONS)
    with pytest.raises(DeckListError, match=r"d.txt:1: unknown section \[カオスデッキ\] \(sections: none"):
        load_game("kirifuda").parse_deck("[カオスデッキ]\n3 紅蓮の竜騎士\n", "d.txt")
    with pytest.raises(DeckListError, match="already listed on line 2"):
        parse_deck("[chaos]\n1 鬨の声\n1 鬨の声\n", cards, "d.txt", SECTIONS)


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 9), st.booleans()), min_size=1, max_size=8))
def test_to_text_reads_back_the_same_deck(cards, rows):
    seen: set[tuple[bool, int]] = set()
    lines_main, lines_chaos = [], []
    for count, k, chaos in rows:
        if (chaos, k) in seen:
            continue
        seen.add((chaos, k))
        (lines_chaos if chaos else lines_main).append(f"{count} {cards[k].name}")
    text = "\n".join([*lines_main, "[chaos]", *lines_chaos])
    deck = parse_deck(text, cards, "d.txt", SECTIONS)
    again = parse_deck(deck.to_text(), cards, "d.txt", SECTIONS)
    assert sorted((e.count, e.card.index, e.section) for e in again.entries) == sorted(
        (e.count, e.card.index, e.section) for e in deck.entries
    )
