"""ヨネス's box (ヨネス一式) and card file: the data a designer edits, and the errors they get."""

from __future__ import annotations

from collections import Counter

import pytest

from tefuda.core import CardFileError, DeckListError, OptionError
from tefuda.core.cards import parse_cardset
from tefuda.games.yonesu.cards import SCHEMA
from tefuda.games.yonesu.game import YonesuGame


def test_the_standard_box_list_matches_the_card_files_copies():
    g = YonesuGame()
    listed = g.load_deck(g.package_dir / "decks" / "standard.txt")
    assert Counter(c.id for c in listed.cards()) == Counter(c.id for c in g.box().cards())


def test_the_box_exercises_every_mechanic_and_keeps_the_rulebooks_numbers():
    g = YonesuGame()
    tb = g.tables
    assert len(g.cardset) >= 35
    card = {c.name: c.index for c in g.cardset}
    assert tb.lilith[card["テンソード"]] == 1
    assert (tb.cost[card["破壊神シマダラ"]], tb.lilith[card["破壊神シマダラ"]]) == (2, 4)
    assert tb.lilith[card["ガチヨネス"]] == 3
    assert tb.cost[card["レインボーヨネス"]] == 4 and tb.cost[card["邪神グラジヨネス"]] == 4
    assert tb.cost[card["ダーク股ー"]] == 3
    assert tb.discard[card["守護神サンミシーン"]].label()[0] == "[捨/コスト3以上1枚]"
    assert tb.discard[card["くけー波"]].label()[0] == "[捨/LV2以上ヨネス1枚]"
    assert tb.levels[card["クロちん"]] == 0b110  # LV1&LV2
    levels = {lv for c in g.cardset if c.type == "yonesu" for lv in c.get("levels")}
    assert {1, 2, 3} <= levels
    verbs = {e.do for effs in tb.effects for e in effs}
    assert verbs == {
        "destroy", "power", "protect", "ready", "bounce", "damage", "limit", "heal", "draw",
        "recover_first", "negate", "cancel_attack",
    }  # fmt: skip
    assert any(tb.interrupt) and not all(tb.interrupt[c.index] for c in g.cardset if c.type == "force")
    assert sum(1 for d in tb.discard if d is not None) >= 3
    assert g.box().cards().count(g.cardset.find("ファーストヨネス")) >= 8


def test_box_rules_name_the_problem():
    g = YonesuGame()
    with pytest.raises(DeckListError) as e:
        g.parse_deck("3 ファーストヨネス\n10 テンソード\n")
    msg = str(e.value)
    assert "at least 40 cards" in msg and "at least 4 ファーストヨネス" in msg
    with pytest.raises(DeckListError) as e:
        g.parse_deck("40 テンソード\n3 ヨネスもどき\n")
    assert ":2:" in str(e.value) and "ヨネスもどき" in str(e.value)


def test_every_seat_must_name_the_same_box():
    g = YonesuGame()
    a = g.parse_deck("10 ファーストヨネス\n40 テンソード\n")
    b = g.parse_deck("10 ファーストヨネス\n41 テンソード\n")
    with pytest.raises(OptionError, match="one shared box"):
        g.new_state([a, b], 1)
    s = g.new_state([a, a], 1)
    assert len(s.cards) == 50


def test_player_counts_and_team_option_are_checked():
    with pytest.raises(OptionError, match="2 to 4"):
        YonesuGame().new_state(None, 1, players=5)
    with pytest.raises(OptionError, match="exactly 4"):
        YonesuGame({"teams": True}).new_state(None, 1, players=3)


BASE = """
[sword]
name = "剣"
name_en = "Sword"
type = "force"
cost = 1
lilith = 1
copies = 2
target = "player"
effects = [{ do = "destroy" }]
text = "t"
text_en = "t"
"""


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ('effects = [{ do = "destroy" }]', "effects", "needs a target of yonesu"),
        ('effects = [{ do = "explode" }]', "effects", "'do' must be one of"),
        ('target = "player"', "target", None),
        ("lilith = 1", "lilith", None),
    ],
)
def test_card_file_errors_name_the_card_and_field(change, field, words):
    raw = BASE
    if field == "target":
        raw = BASE.replace('target = "player"', 'target = "everyone"')
        words = "must be one of"
    elif field == "lilith":
        raw = BASE.replace("lilith = 1", "lilith = 12")
        words = "リリス must be 0 to 9"
    elif words != "needs a target of yonesu":
        raw = BASE.replace('effects = [{ do = "destroy" }]', change)
    with pytest.raises(CardFileError) as e:
        parse_cardset(raw.encode(), SCHEMA, "box.toml")
    msg = str(e.value)
    assert "box.toml" in msg and "sword" in msg and field in msg and words in msg


def test_negate_needs_an_interrupt_card():
    raw = BASE.replace('target = "player"', 'target = "none"').replace('do = "destroy"', 'do = "negate"')
    with pytest.raises(CardFileError, match="interrupt = true"):
        parse_cardset(raw.encode(), SCHEMA, "box.toml")
