"""A/B tests of a card change (`tefuda sim --cards A --vs-cards B`): the same seeds under both card sets,
deltas paired by seed — a deliberately nerfed card must show a significant drop."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import load_game
from tefuda.lab.ab import changed_cards, paired, unpaired

runner = CliRunner()
DECKS = Path(__file__).parent.parent / "tefuda" / "games" / "kirifuda" / "decks"

NERF = """\
[crimson_dragoon]
name = "紅蓮の竜騎士"
name_en = "Crimson Dragoon"
type = "attacker"
pow = 100
attributes = ["火"]
text = "弱体化。"
text_en = "Nerfed."
effects = []
"""


def test_paired_and_unpaired_deltas():
    p = paired([0, 0, 1, 1, 0, 1], [1, 0, 1, 1, 1, 1])
    assert p["a"] == 0.5 and p["b"] == 5 / 6 and abs(p["delta"] - 1 / 3) < 1e-12
    assert p["ci"][0] < p["delta"] < p["ci"][1] and p["n"] == 6
    same = paired([1, 0, 1], [1, 0, 1])
    assert same["delta"] == 0 and same["ci"] == [0, 0] and not same["significant"]
    assert paired([], [])["delta"] is None
    u = unpaired(60, 100, 40, 100)
    assert abs(u["delta"] + 0.2) < 1e-12 and u["ci"][1] < 0 and u["significant"]
    assert unpaired(0, 0, 3, 10)["delta"] is None


def test_changed_cards_are_found_by_id(tmp_path):
    f = tmp_path / "n.toml"
    f.write_text(NERF + NERF.replace("crimson_dragoon", "newbie").replace("紅蓮の竜騎士", "新人")
                 .replace("Crimson Dragoon", "Newbie"), encoding="utf-8")  # fmt: skip
    a = load_game("kirifuda").cardset
    b = load_game("kirifuda", cards_path=f"+{f}").cardset
    ch = {c["card"]: c for c in changed_cards(a, b)}
    assert set(ch) == {"crimson_dragoon", "newbie"}
    assert ch["crimson_dragoon"]["change"] == "changed" and "pow" in ch["crimson_dragoon"]["fields"]
    assert ch["newbie"]["change"] == "added"
    assert changed_cards(b, a)[-1]["change"] == "removed"
    assert changed_cards(a, a) == []


def test_a_nerfed_card_shows_a_significant_drop(tmp_path):
    nerf = tmp_path / "nerf.toml"
    nerf.write_text(NERF, encoding="utf-8")
    report = tmp_path / "ab.html"
    r = runner.invoke(
        app,
        ["sim", "kirifuda", "--vs-cards", f"+{nerf}", "-n", "300", "--jobs", "1", "--json", "--report",
         str(report), "--decks", str(DECKS / "crimson_rush.txt"), str(DECKS / "tidal_control.txt")],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    assert [c["card"] for c in res["cards"]] == ["crimson_dragoon"]
    rush_first = next(m for m in res["matchups"] if m["p1_deck"] == "crimson_rush")
    score = rush_first["p1_score"]
    assert score["significant"] and score["ci"][1] < 0, score  # the deck playing it got weaker
    tidal_first = next(m for m in res["matchups"] if m["p1_deck"] == "tidal_control")
    assert tidal_first["p1_score"]["delta"] > 0  # and its opponent stronger
    card = res["cards"][0]
    assert card["win_rate"]["delta"] < 0
    page = report.read_text(encoding="utf-8")
    assert "紅蓮の竜騎士" in page and "crimson_rush" in page
    # the terminal form names the same things
    r = runner.invoke(app, ["sim", "kirifuda", "--vs-cards", f"+{nerf}", "-n", "20", "--jobs", "1"])
    assert r.exit_code == 0 and "changed cards" in r.output


def test_an_ab_test_refuses_a_bad_b_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[x]\nname = "a"\n', encoding="utf-8")
    r = runner.invoke(app, ["sim", "kirifuda", "--vs-cards", str(bad), "-n", "5"])
    assert r.exit_code == 1 and f"{bad}:1: card [x]" in r.output
