"""黒白物語's card pool, schema and deck rules (the game itself is being built: issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import CardFileError
from tefuda.core.cards import load_cardset, parse_cardset
from tefuda.core.decklist import load_deck, parse_deck
from tefuda.games.kokubyaku.cards import (
    CHAOS_MAX,
    DECK_SECTIONS,
    KINDS,
    RACES,
    SCHEMA,
    TYPE_IDS,
    compile_cards,
    deck_problems,
)

FOLDER = Path(__file__).parents[1] / "tefuda" / "games" / "kokubyaku"


@pytest.fixture(scope="module")
def cards():
    return load_cardset(FOLDER / "cards.toml", SCHEMA)


def test_the_pool_covers_every_kind_and_mechanic(cards):
    main = [c for c in cards if c.type != "chaos"]
    chaos = [c for c in cards if c.type == "chaos"]
    assert len(main) >= 60 and len(chaos) >= 15
    assert {c.type for c in cards} == set(TYPE_IDS)
    monsters = [c for c in cards if c.type == "monster"]
    assert {c.get("color") for c in monsters} == {"black", "white", "grey"}
    assert {c.get("level") for c in cards if c.type in ("monster", "chaos")} == set(range(1, 9))
    assert len({c.get("race") for c in monsters}) == len(RACES)
    effects = [e for c in cards for e in c.get("effects", [])]
    assert {e["kind"] for e in effects} == set(KINDS)
    verbs = {e["do"] for e in effects}
    assert {"negate", "destroy", "draw", "heal", "damage", "position", "revive", "search"} <= verbs
    recipes = [p for c in chaos for p in c.get("recipe").values()]
    assert {next(iter(p)) for p in recipes} == {"race", "name"}
    narazu = cards.find("ならず")  # 例2's monster: summoned, then its 起動効果
    assert narazu is not None and narazu.get("effects")[0]["kind"] == "起動"


def test_sample_decks_are_legal_and_different(cards):
    decks = [load_deck(p, cards, DECK_SECTIONS) for p in sorted((FOLDER / "decks").glob("*.txt"))]
    assert len(decks) == 3
    for d in decks:
        assert deck_problems(d, 3) == [], d.source
        assert d.count("") == 40 and 0 < d.count("chaos") <= CHAOS_MAX
    assert len({frozenset(c.id for c in d.cards()) for d in decks}) == 3


def test_deck_rules_name_the_line(cards):
    text = "3 黄昏竜\n[カオスデッキ]\n4 ならず\n" + "\n".join(f"3 {c.name}" for c in list(cards)[61:67])
    problems = deck_problems(parse_deck(text, cards, "bad.txt", DECK_SECTIONS), 3)
    assert (1, "黄昏竜 (Twilight Dragon) is a カオスモンスター: it goes in the [カオスデッキ]") in problems
    assert (3, "ならず (Narazu): 4 copies, at most 3 (同名カード)") in problems
    assert (3, "ならず (Narazu) is no カオスモンスター: the カオスデッキ holds only those") in problems
    assert (None, "the deck has exactly 40 cards (デッキ枚数40枚), this one has 3") in problems
    assert any(line == 9 and "at most 15" in msg for line, msg in problems)


BASE = """
[probe]
name = "試験体"
name_en = "Probe"
type = "monster"
color = "black"
level = 3
ap = 1000
dp = 1000
race = "竜"
effects = [{ kind = "誘発", when = "summoned", do = "draw", count = 1 }]
text = "t"
text_en = "t"

[merge]
name = "混成体"
name_en = "Merged"
type = "chaos"
level = 5
ap = 2000
dp = 2000
race = "竜"
recipe = { black = { name = "試験体" }, white = { race = "天使" } }
text = "t"
text_en = "t"
"""


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ('color = "black"', 'color = "red"', "color", "must be one of"),
        ("level = 3", "level = 9", "level", "レベル must be 1 to 8"),
        ('when = "summoned", ', "", "effects", "names its moment"),
        ('kind = "誘発"', 'kind = "起動"', "effects", "only those do"),
        ("count = 1", "count = 5", "effects", "effect 1 (draw): count must be 1 to 3"),
        ('do = "draw", count = 1', 'do = "boost", stat = "ap", amount = 100', "effects", "boost is a 永続"),
        ('white = { race = "天使" }', 'white = { race = "妖精" }', "recipe", "unknown 種族"),
        ('white = { race = "天使" }', "white = { level = 3 }", "recipe", "give a race or a name"),
        ('type = "chaos"', 'type = "chaos"\ncolor = "grey"', "color", "not allowed"),
    ],
)
def test_card_file_errors_name_card_and_field(old, new, field, words):
    with pytest.raises(CardFileError) as e:
        parse_cardset(BASE.replace(old, new, 1).encode(), SCHEMA, "pool.toml")
    msg = str(e.value)
    assert "pool.toml" in msg and field in msg and words in msg, msg


def test_a_recipe_must_name_a_monster_of_its_colour():
    compile_cards(parse_cardset(BASE.encode(), SCHEMA, "pool.toml"))
    wrong = BASE.replace('color = "black"', 'color = "white"', 1)
    with pytest.raises(
        CardFileError, match=r"card \[merge\] field 'recipe': recipe black: '試験体' is not a 黒"
    ):
        compile_cards(parse_cardset(wrong.encode(), SCHEMA, "pool.toml"))
