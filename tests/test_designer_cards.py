"""A designer's own card file: `--cards FILE` (instead of the pool) and `--cards +FILE` (laid over it) in
cards, deck check, play, sim, replay and analyze; `tefuda cards check FILE`; replays that carry the file so
they verify where it is not."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import CardFileError, load_game
from tefuda.core.replay import load_replay, verify

runner = CliRunner()

NERF = """\
# 紅蓮の竜騎士 nerfed, and a new card
[crimson_dragoon]
name = "紅蓮の竜騎士"
name_en = "Crimson Dragoon"
type = "attacker"
pow = 300
attributes = ["火"]
text = "弱体化。"
text_en = "Nerfed."
effects = []

[rookie]
name = "新米の剣士"
name_en = "Rookie Swordsman"
type = "attacker"
pow = 400
attributes = ["水"]
text = "効果なし。"
text_en = "No effect."
effects = []
"""


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def mine(tmp_path: Path, text: str = NERF, name: str = "mine.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_file_laid_over_the_pool_replaces_by_id_and_adds(tmp_path):
    f = mine(tmp_path)
    base = load_game("kirifuda")
    g = load_game("kirifuda", cards_path=f"+{f}")
    assert len(g.cardset) == len(base.cardset) + 1
    assert g.cardset.find("紅蓮の竜騎士").data["pow"] == 300
    assert g.cardset.find("紅蓮の竜騎士").index == base.cardset.find("紅蓮の竜騎士").index  # in its place
    assert g.cardset.find("Rookie Swordsman") is not None
    assert g.cardset.digest != base.cardset.digest
    only = load_game("kirifuda", cards_path=str(f))
    assert [c.id for c in only.cardset] == ["crimson_dragoon", "rookie"]


def test_a_name_clash_with_the_pool_names_the_designers_line(tmp_path):
    clash = NERF.replace('[rookie]\nname = "新米の剣士"', '[rookie]\nname = "熾火の狐"')
    f = mine(tmp_path, clash)
    try:
        load_game("kirifuda", cards_path=f"+{f}")
    except CardFileError as e:
        msg = str(e)
    else:
        raise AssertionError("a name used twice was accepted")
    assert f"{f}:12: card [rookie] field 'name'" in msg and "熾火の狐" in msg and "[ember_fox]" in msg


def test_cards_and_deck_check_take_the_file(tmp_path):
    f = mine(tmp_path)
    r = run("cards", "kirifuda", "--cards", f"+{f}", "--search", "Rookie", "--json")
    assert r.exit_code == 0 and [c["id"] for c in json.loads(r.output)] == ["rookie"]
    r = run("cards", "kirifuda", "--cards", str(f), "--json")
    assert {c["id"] for c in json.loads(r.output)} == {"crimson_dragoon", "rookie"}
    deck = tmp_path / "d.txt"
    base = load_game("kirifuda").default_deck(0).to_text()
    first = next(ln for ln in base.splitlines() if ln and not ln.startswith("#"))
    deck.write_text(base.replace(first, "3 新米の剣士", 1), encoding="utf-8")
    r = run("deck", "check", "kirifuda", str(deck))
    assert r.exit_code == 1 and "新米の剣士" in r.output
    r = run("deck", "check", "kirifuda", str(deck), "--cards", f"+{f}")
    assert r.exit_code == 0 and "OK" in r.output, r.output
    r = run("deck", "check", "kirifuda", str(deck), "--cards", "+/no/such.toml")
    assert r.exit_code == 1 and "--cards +/no/such.toml: no such file" in r.output


def test_cards_check_validates_a_file_alone(tmp_path):
    r = run("cards", "check", str(mine(tmp_path)))
    assert r.exit_code == 0 and "[kirifuda]" in r.output
    bad = mine(tmp_path, NERF.replace("pow = 400", 'pow = "lots"'), "bad.toml")
    r = run("cards", "check", str(bad), "--game", "kirifuda")
    assert r.exit_code == 1 and f"{bad}:12: card [rookie] field 'pow'" in r.output, r.output
    r = run("cards", "check", str(bad))
    assert r.exit_code == 1 and "none of the games" in r.output
    r = run("cards", "check")
    assert r.exit_code == 1 and "which file" in r.output
    r = run("cards", "kirifuda", str(bad))
    assert r.exit_code == 1 and "cards check" in r.output


def test_sim_and_play_record_the_file_so_replays_verify_without_it(tmp_path):
    f = mine(tmp_path)
    reps = tmp_path / "reps"
    r = run(
        "sim", "kirifuda", "--cards", f"+{f}", "-n", "6", "--jobs", "1", "--save-replays", str(reps), "--json"
    )
    assert r.exit_code == 0, r.output
    stats = json.loads(r.output)
    assert any(c.get("id") == "rookie" or "新米" in str(c) for c in stats["cards"]) or stats["games"] == 6
    saved = tmp_path / "play.json"
    r = run("play", "kirifuda", "--p1", "random", "--p2", "random", "--cards", f"+{f}", "--seed", "3",
            "--save", str(saved))  # fmt: skip
    assert r.exit_code == 0, r.output
    f.unlink()  # "another machine": the designer's file is gone
    for path in [*sorted(reps.iterdir())[:3], saved]:
        rep = load_replay(path)
        assert rep.cards is not None and rep.cards["mode"] == "add" and "新米の剣士" in rep.cards["toml"]
        assert verify(rep).digest() == rep.final_hash
        r = run("replay", "--verify", str(path))
        assert r.exit_code == 0 and "OK" in r.output, r.output
    # a replay whose card data was changed is refused, as one recorded with other cards
    body = json.loads(saved.read_text(encoding="utf-8"))
    body["cards"]["toml"] = body["cards"]["toml"].replace("pow = 300", "pow = 900")
    saved.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    r = run("replay", "--verify", str(saved))
    assert r.exit_code == 1 and "card set" in r.output


def test_a_replay_without_the_file_takes_it_from_the_command_line(tmp_path):
    f = mine(tmp_path)
    saved = tmp_path / "p.json"
    assert run("play", "kirifuda", "--p1", "random", "--p2", "random", "--cards", f"+{f}", "--seed", "4",
               "--save", str(saved)).exit_code == 0  # fmt: skip
    body = json.loads(saved.read_text(encoding="utf-8"))
    del body["cards"]  # as an older tefuda wrote it
    saved.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    r = run("replay", "--verify", str(saved))
    assert r.exit_code == 1 and "card set" in r.output
    r = run("replay", "--verify", str(saved), "--cards", f"+{f}")
    assert r.exit_code == 0 and "OK" in r.output, r.output
    r = run("analyze", str(saved), "--step", "3", "--cards", f"+{f}", "--agent", "ismcts:iters=30")
    assert r.exit_code == 0, r.output


def test_a_replay_with_a_malformed_cards_field_is_refused(tmp_path):
    f = mine(tmp_path)
    saved = tmp_path / "p.json"
    assert run("play", "kirifuda", "--p1", "random", "--p2", "random", "--cards", f"+{f}", "--seed", "5",
               "--save", str(saved)).exit_code == 0  # fmt: skip
    body = json.loads(saved.read_text(encoding="utf-8"))
    for bad in (5, {"mode": "merge", "toml": ""}, {"mode": "add"}, {"mode": "add", "toml": 3}):
        body["cards"] = bad
        saved.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
        r = run("replay", "--verify", str(saved))
        assert r.exit_code == 1 and "field 'cards" in r.output, (bad, r.output)


def test_errors_in_a_big_file_name_the_right_line(tmp_path):
    """Lines are found in one pass (a big pool loads in linear time): still the right line, far down."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from card_load import big_file

    path = big_file("kirifuda", 3000, tmp_path / "big.toml")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    at = max(i for i, ln in enumerate(lines) if ln.startswith("pow = "))
    lines[at] = 'pow = "high"'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    header = max(i for i in range(at) if lines[i].startswith("["))
    card = lines[header].strip("[]")
    try:
        load_game("kirifuda", cards_path=str(path))
    except CardFileError as e:
        assert str(e).startswith(f"{path}:{header + 1}: card [{card}] field 'pow'"), str(e)
    else:
        raise AssertionError("a bad field was accepted")


def test_bench_takes_the_file(tmp_path):
    f = mine(tmp_path)
    r = run("bench", "kirifuda", "--cards", f"+{f}", "--seconds", "0.2", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["actions_per_s"] > 0
    r = run("bench", "kirifuda", "--cards", "/no/such.toml")
    assert r.exit_code == 1 and "no such file" in r.output
