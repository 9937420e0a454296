"""Bad input — card files, deck lists, replays, typed commands, options — gets an error naming where."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tefuda.core import (
    CardFileError,
    DeckListError,
    IllegalActionError,
    NotationError,
    OptionError,
    ReplayError,
    load_game,
)
from tefuda.core.cards import parse_cardset
from tefuda.core.game import mode_cases
from tefuda.core.replay import parse_replay, verify
from tefuda.games.kirifuda.cards import SCHEMA
from tests.conftest import random_game

GOOD = """
[fire_imp]
name = "火の小鬼"
name_en = "Fire Imp"
type = "attacker"
pow = 400
attributes = ["火"]
text = "効果なし。"
text_en = "No effect."
effects = []
"""


def load(text: str):
    return parse_cardset(text.encode(), SCHEMA, "cards.toml")


def test_good_card_file_loads():
    cs = load(GOOD)
    assert cs.find("Fire Imp").name == "火の小鬼"
    assert cs.find("火の小鬼").id == "fire_imp"


@pytest.mark.parametrize(
    ("text", "card", "field", "words"),
    [
        (GOOD.replace("pow = 400", 'pow = "400"'), "fire_imp", "pow", "must be int"),
        (GOOD.replace("pow = 400", "pow = 450"), "fire_imp", "pow", "steps of 100"),
        (GOOD.replace("pow = 400\n", ""), "fire_imp", "pow", "missing"),
        (GOOD.replace('type = "attacker"', 'type = "monster"'), "fire_imp", "type", "unknown type"),
        (GOOD.replace('["火"]', '["光"]'), "fire_imp", "attributes", "unknown attribute"),
        (GOOD + "colour = 3\n", "fire_imp", "colour", "unknown field"),
        (GOOD.replace("effects = []", 'effects = [{ do = "fly" }]'), "fire_imp", "effects", "'do' must be"),
        (
            GOOD.replace("effects = []", 'effects = [{ do = "draw" }]'),
            "fire_imp",
            "effects",
            "missing 'count'",
        ),
        (
            GOOD.replace("effects = []", 'effects = [{ do = "pow", target = "me", amount = 100 }]'),
            "fire_imp",
            "effects",
            "target",
        ),
        (GOOD.replace('name_en = "Fire Imp"\n', ""), "fire_imp", "name_en", "missing"),
        (GOOD.replace("[fire_imp]", "[Fire-Imp]"), "Fire-Imp", None, "snake_case"),
    ],
)
def test_bad_card_files_name_file_line_card_and_field(text, card, field, words):
    with pytest.raises(CardFileError) as e:
        load(text)
    msg = str(e.value)
    assert msg.startswith("cards.toml:2:"), msg  # file and the line of the card's table
    assert f"[{card}]" in msg
    if field:
        assert f"'{field}'" in msg
    assert words in msg


def test_card_file_syntax_and_duplicates():
    with pytest.raises(CardFileError, match="not valid TOML"):
        load("[a\nname=")
    with pytest.raises(CardFileError, match="already used by card"):
        load(GOOD + GOOD.replace("[fire_imp]", "[fire_imp2]"))
    with pytest.raises(CardFileError, match="no cards"):
        load("")
    with pytest.raises(CardFileError, match="not UTF-8"):
        parse_cardset(b"\xff\xfe", SCHEMA, "x.toml")


def test_missing_card_file_is_a_clean_error():
    from tefuda.core.cards import load_cardset

    with pytest.raises(CardFileError, match="cannot read"):
        load_cardset("/nonexistent/cards.toml", SCHEMA)


def test_deck_list_errors_name_lines_and_rules(kirifuda):
    text = "# my deck\n3 紅蓮の竜騎士\nthree 鬨の声\n2 存在しないカード\n9 鬨の声\n1 煉獄帝ヴァルガ\n"
    with pytest.raises(DeckListError) as e:
        kirifuda.parse_deck(text, "my.txt")
    msg = str(e.value)
    assert "my.txt:3: expected '<count> <card name>'" in msg
    assert "my.txt:4: no card named '存在しないカード'" in msg
    with pytest.raises(DeckListError) as e:
        kirifuda.parse_deck("3 紅蓮の竜騎士\n9 鬨の声\n1 煉獄帝ヴァルガ\n2 神盾アイギス\n", "d.txt")
    msg = str(e.value)
    assert "d.txt:2: 鬨の声 (War Cry): at most 3 copies" in msg
    assert "d.txt:4: 神盾アイギス (Aegis of the Gods): a trump card is listed once" in msg
    assert "exactly 30 cards, this one has 12" in msg
    with pytest.raises(DeckListError, match="listed on line 1"):
        kirifuda.parse_deck("3 紅蓮の竜騎士\n2 Crimson Dragoon\n", "d.txt")
    with pytest.raises(DeckListError, match="no cards"):
        kirifuda.parse_deck("# nothing\n", "d.txt")


def test_sample_decks_are_legal(kirifuda):
    decks = kirifuda.sample_decks()
    assert len(decks) >= 2
    for path in decks.values():
        assert kirifuda.load_deck(path).count() == 32


def test_options_are_checked():
    with pytest.raises(OptionError, match="no option 'colour'"):
        load_game("kirifuda", {"colour": "red"})
    with pytest.raises(OptionError, match="not one of"):
        load_game("kirifuda", {"tie": "coin_flip"})
    with pytest.raises(OptionError, match="below the minimum"):
        load_game("kirifuda", {"life": 0})
    assert load_game("kirifuda", {"life": "5"}).options["life"] == 5
    with pytest.raises(OptionError, match="no game"):
        load_game("chess")


def test_typed_commands_get_clear_errors(kirifuda):
    s = kirifuda.new_state(None, 1)
    before = s.digest()
    for text, words in [
        ("", "empty"),
        ("fly away", "unknown action 'fly'"),
        ("set-attacker", "name a card"),
        ("keep-hand", "is not legal now"),
        ("take-life x", "not a number"),
        ("take-life 99", "out of range"),
        ("set-attacker 存在しない", "no card named"),
    ]:
        with pytest.raises(NotationError, match=words):
            s.apply_text(text)
    assert s.digest() == before


def _recorded(kirifuda, seed=2):
    from tefuda.agents import RandomAgent
    from tefuda.core.replay import record
    from tefuda.lab.runner import play_game

    decks = [kirifuda.default_deck(0), kirifuda.default_deck(1)]
    state, actions = play_game(kirifuda, decks, [RandomAgent(1), RandomAgent(2)], seed)
    return record(state, actions, [d.to_text() for d in decks], seed, ["random", "random"])


def test_replay_round_trip_and_corruptions(kirifuda):
    rep = _recorded(kirifuda)
    text = rep.to_json()
    verify(parse_replay(text, "r.json"), "r.json")
    body = json.loads(text)
    with pytest.raises(ReplayError, match=r"r.json:1: not valid JSON"):
        parse_replay("{", "r.json")
    bad = dict(body)
    del bad["seed"]
    with pytest.raises(ReplayError, match="missing field 'seed'"):
        parse_replay(json.dumps(bad), "r.json")
    bad = dict(body, actions=[*body["actions"][:5], "take-life 9", *body["actions"][6:]])
    with pytest.raises(ReplayError, match=r"actions\[5\] \(step 6\) 'take-life 9'"):
        verify(parse_replay(json.dumps(bad), "r.json"), "r.json")
    bad = dict(body, final_hash="0" * 32)
    with pytest.raises(ReplayError, match="final state hash"):
        verify(parse_replay(json.dumps(bad), "r.json"), "r.json")
    bad = dict(body, card_set="ffff")
    with pytest.raises(ReplayError, match="card set ffff"):
        verify(parse_replay(json.dumps(bad), "r.json"), "r.json")
    bad = dict(body, format="chess-pgn")
    with pytest.raises(ReplayError, match="field 'format'"):
        parse_replay(json.dumps(bad), "r.json")
    bad = dict(body, decks=["3 存在しない\n", body["decks"][1]])
    with pytest.raises(ReplayError, match=r"decks\[0\]"):
        verify(parse_replay(json.dumps(bad), "r.json"), "r.json")
    bad = dict(body, actions=[*body["actions"], "pass"])
    with pytest.raises(ReplayError, match="already over"):
        verify(parse_replay(json.dumps(bad), "r.json"), "r.json")


WORDS = [
    "attack", "force", "summon", "evolve", "pay", "pass", "settle", "draw", "use", "activate", "block",
    "->", "+", "p1", "p2", "p5", "p1/前衛/歩兵", "p2/ファーストヨネス", "テンソード", "Ten Sword", "歩兵",
    "set-attacker", "紅蓮の竜騎士", "3", "-1", "99", "#2", "", "  ",
]  # fmt: skip
TYPED = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join))


@settings(max_examples=150, deadline=None)
@given(text=TYPED, step=st.integers(min_value=0, max_value=60))
def test_any_typed_text_is_an_action_or_a_clear_error_in_every_game(text, step):
    """Whatever a player types, every game answers with a legal action or an IllegalActionError that says
    why — never another exception, never a changed state."""
    for case in mode_cases():
        for n, (state, _) in enumerate(random_game(case, 5)):  # noqa: B007 - the generator's state is live
            if n == step:
                break
        if state.is_over:
            continue
        before = state.digest()
        try:
            action = state.parse_action(text)
        except IllegalActionError as e:
            assert str(e)
            assert state.digest() == before
            continue
        assert action in state.legal_actions()


def test_a_deck_checked_once_is_checked_again_when_it_could_differ(kirifuda):
    """New games remember the decks they checked (a simulation deals the same decks thousands of times),
    by the very deck object and the options in force: a bad deck is refused every time, and a deck that
    passed is checked again once a house rule changes."""
    good = kirifuda.default_deck(0)
    bad = kirifuda.parse_deck("3 紅蓮の竜騎士\n9 鬨の声\n", "bad.txt", check=False)
    for _ in range(2):
        with pytest.raises(DeckListError, match=r"bad\.txt"):
            kirifuda.new_state([good, bad], 1)
    kirifuda.new_state([good, good], 1)
    old = kirifuda.options["max_copies"]
    try:
        kirifuda.options["max_copies"] = 1  # a designer's stricter rule: the sample deck holds 3 of a card
        with pytest.raises(DeckListError, match="at most 1 cop"):
            kirifuda.new_state([good, good], 1)
    finally:
        kirifuda.options["max_copies"] = old
    assert kirifuda.new_state([good, good], 1).steps == 0
