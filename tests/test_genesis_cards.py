"""ジェネシス・ガーデン's card pool, sample decks and card-file errors; the command line for it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import CardFileError, DeckListError
from tefuda.core.cards import parse_cardset
from tefuda.games.genesis.cards import KINDS, RACES, SCHEMA
from tefuda.games.genesis.game import GenesisGame


def test_the_pool_covers_every_race_kind_and_mechanic():
    g = GenesisGame()
    tb = g.tables
    assert len(g.cardset) >= 40
    assert set(tb.race) == set(RACES)
    effects = [e for e in tb.effect if e is not None]
    assert {e.kind for e in effects} == set(KINDS)
    verbs = {e.do for e in effects}
    assert {"damage", "reduce", "quick_summon", "immune_damage"} <= verbs
    assert {e.source for e in effects if e.do == "quick_summon"} == {"hand", "grave"}
    assert any(r > 0 for r in tb.rank) and 2 in tb.ctype  # heroes and 術式 units
    assert set(tb.speed) == {1, 2, 3, 4}


def test_sample_decks_are_legal_and_different():
    g = GenesisGame()
    decks = {name: g.load_deck(path) for name, path in g.sample_decks().items()}
    assert len(decks) >= 2
    lists = [frozenset((e.card.id, e.count) for e in d.entries) for d in decks.values()]
    assert len(set(lists)) == len(lists) and all(d.count() == 40 for d in decks.values())


def test_deck_rules_name_line_and_rule():
    g = GenesisGame()
    with pytest.raises(DeckListError) as e:
        g.parse_deck("5 歩兵\n30 騎士\n")
    msg = str(e.value)
    assert ":1:" in msg and "at most 4 copies" in msg and "exactly 40" in msg


BASE = """
[probe]
name = "試作"
name_en = "Probe"
type = "unit"
race = "人間"
summon = 1
speed = 2
attack = 1
defense = 1
effect = { kind = "起動", place = "前衛", cost = 1, do = "damage", amount = 1, target = "enemy" }
text = "t"
text_en = "t"
"""


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ('race = "人間"', 'race = "エルフ"', "race", "unknown 種族"),
        ("speed = 2", "speed = 5", "speed", "速度 must be 1 to 4"),
        ('kind = "起動"', 'kind = "魔法"', "effect", "kind (種類) must be one of"),
        ('place = "前衛"', 'place = "空"', "effect", "place (場所)"),
        ('target = "enemy"', 'target = "ally"', "effect", "damage: target must be one of enemy"),
        ('type = "unit"', 'type = "hero"', "rank", "階級"),
        ('type = "unit"', 'type = "ritual"', "effect", "術式"),
        (
            'do = "damage", amount = 1, target = "enemy"',
            'do = "reduce", amount = 1, target = "attacker"',
            "effect",
            'target "attacker" (the unit that attacks) needs a 対応 effect',
        ),
    ],
)
def test_card_file_errors_name_card_and_field(old, new, field, words):
    with pytest.raises(CardFileError) as e:
        parse_cardset(BASE.replace(old, new).encode(), SCHEMA, "pool.toml")
    msg = str(e.value)
    assert "pool.toml" in msg and "probe" in msg and field in msg and words in msg


def test_play_and_sim_from_the_command_line(tmp_path):
    runner = CliRunner()
    out = tmp_path / "g.json"
    r = runner.invoke(
        app,
        ["play", "genesis", "--p1", "random", "--p2", "greedy:rollouts=1", "--seed", "5", "--save", str(out)],
    )
    assert r.exit_code == 0, r.output
    assert "の勝ち" in r.output and out.exists()
    r = runner.invoke(app, ["replay", str(out), "--verify"])
    assert r.exit_code == 0 and "OK" in r.output
    r = runner.invoke(app, ["sim", "genesis", "--p1", "random", "--p2", "random", "-n", "20", "--json"])
    d = json.loads(r.output)
    assert sum(d["wins"].values()) + d["draws"] == 20 and d["errors"] == [] and d["aborted"] == 0
