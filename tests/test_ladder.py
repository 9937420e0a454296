"""The ladder (issue 25): every seat arrangement scheduled, the Luce / Bradley–Terry fit, intervals, JSON."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.lab.ladder import fit, matchups, plan, run_ladder, schedule


def test_two_player_schedule_plays_both_seat_orders_on_the_same_deals():
    games = schedule(3, 2, 4, seed=1)
    assert len(games) == 3 * 2 * 4  # three pairs, two seat orders, four deals each
    by_pair: dict[frozenset, list] = {}
    for seats, seed, deal in games:
        by_pair.setdefault(frozenset(seats), []).append((seats, seed))
        assert 0 <= deal < 4
    assert len(by_pair) == 3
    for got in by_pair.values():
        first = sorted(s for seats, s in got if seats == got[0][0])
        mirror = sorted(s for seats, s in got if seats != got[0][0])
        assert first == mirror and len(set(first)) == 4  # the mirrored order replays the same deals


def test_multiplayer_schedule_rotates_the_lone_seat():
    games = schedule(2, 4, 2, seed=0)
    lone = {(seats.index(a), a) for seats, _, _ in games for a in set(seats) if seats.count(a) == 1}
    assert lone == {(s, a) for s in range(4) for a in (0, 1)}  # each agent alone in each seat
    assert len(games) == 4 * 2 * 2


def test_the_fit_recovers_a_known_strength_gap():
    """A beats B three times in four: Bradley–Terry says s_A/s_B = 3, 191 Elo (the prior shrinks it a
    little with few games, not with many)."""
    games = [((0, 1), [(0, 1.0)])] * 300 + [((0, 1), [(1, 1.0)])] * 100
    s = fit(2, games)
    gap = 400 * math.log10(s[0] / s[1])
    assert abs(gap - 400 * math.log10(3)) < 5
    # a draw is half a win each: all draws, equal strengths
    s = fit(2, [((0, 1), [(0, 0.5), (1, 0.5)])] * 50)
    assert abs(s[0] - s[1]) < 1e-6
    # an unbeaten agent stays finite
    s = fit(2, [((0, 1), [(0, 1.0)])] * 20)
    assert math.isfinite(s[0]) and s[0] > s[1]


def test_the_luce_fit_counts_a_lone_seat_against_several():
    """One agent against three copies of another, winning a quarter of the time: equal strengths."""
    games = [((0, 1, 1, 1), [(0, 1.0)])] * 100 + [((0, 1, 1, 1), [(1, 1.0)])] * 300
    s = fit(2, games)
    assert abs(400 * math.log10(s[0] / s[1])) < 10


def test_a_small_seeded_ladder_repeats_and_ranks_the_obvious():
    a = run_ladder("kirifuda", ["random", "greedy:rollouts=2,seconds=0"], 6, seed=3, jobs=1)
    b = run_ladder("kirifuda", ["random", "greedy:rollouts=2,seconds=0"], 6, seed=3, jobs=1)
    for d in (a, b):
        d.pop("seconds")
        for r in d["ratings"]:
            r.pop("seconds_per_decision")
            r.pop("max_seconds_per_decision")
    assert a == b
    assert a["games"] == 12 and a["errors"] == []
    best = a["ratings"][0]
    assert best["agent"].startswith("greedy") and best["ci"][0] <= best["elo"] <= best["ci"][1]
    assert abs(sum(r["elo"] for r in a["ratings"]) / 2 - 1500) < 1e-6
    pair = a["pairs"][0]
    assert pair["games"] == 12 and set(pair["a_by_seat"]) == {"P1", "P2"}
    assert pair["wins_a"] + pair["wins_b"] + pair["draws"] == 12


def test_the_cli_writes_json_and_a_report(tmp_path):
    report = tmp_path / "ladder.html"
    r = CliRunner().invoke(
        app,
        ["ladder", "kirifuda", "--agents", "random", "greedy:rollouts=1,seconds=0", "-n", "2", "--jobs", "1",
         "--json", "--report", str(report)],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for key in ("game", "players", "agents", "n", "seed", "games", "ratings", "pairs", "model", "card_set"):
        assert key in d
    for key in ("agent", "elo", "ci", "score", "games", "seconds_per_decision", "decisions"):
        assert key in d["ratings"][0]
    page = report.read_text(encoding="utf-8")
    assert "番付 ladder" in page and "greedy:rollouts=1,seconds=0" in page


def test_a_deck_round_robin_plays_every_pair_of_decks_in_both_seat_orders():
    """With --decks, deal g plays deck matchup g mod k² (mirrors included); the mirrored seat order plays the
    same decks in the same seats, so each agent plays each deck in each seat."""
    names = ["crimson_rush", "gale_tricks"]
    res = run_ladder("kirifuda", ["random", "greedy:rollouts=1,seconds=0"], 4, seed=2, jobs=1, decks=names)
    assert res["errors"] == [] and res["games"] == 8
    assert len(res["decks"]) == 2 and all(res["decks"])
    pair = res["pairs"][0]
    assert set(pair["a_by_deck"]) == set(res["decks"])
    # each seat order plays every matchup, and the mirrored order the same decks in the same seats on the
    # same deals
    games = plan(2, 2, 8, seed=2, ndecks=2)
    by_order: dict[tuple, set] = {}
    for seats, seed, decks in games:
        by_order.setdefault(seats, set()).add((seed, decks))
    assert len(by_order) == 2
    first, mirror = by_order.values()
    assert first == mirror
    assert {d for _, d in first} == set(matchups(2)) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert all(d is None for _, _, d in plan(2, 2, 3, seed=2))  # no decks named: the game's defaults


def test_a_deck_round_robin_deals_the_decks_it_names():
    """The games are played with the named decks: on the same seeds, both seats on one deck or both on the
    other play different games (were the decks ignored, every game would be the same)."""
    from tefuda.core import load_game
    from tefuda.lab.ladder import play_match

    game = load_game("kirifuda")
    texts = [game.load_deck(p).to_text() for p in game.sample_decks().values()]
    lengths = [
        [
            play_match("kirifuda", {}, ["random", "random"], (0, 1), s, 400, None, texts, (d, d)).actions
            for s in range(4)
        ]
        for d in (0, 1)
    ]
    assert lengths[0] != lengths[1]


def test_the_cli_refuses_bad_decks():
    r = CliRunner().invoke(
        app, ["ladder", "kirifuda", "--agents", "random", "greedy", "--decks", "nosuch,gale_tricks"]
    )
    assert r.exit_code == 1 and "nosuch" in r.output and "crimson_rush" in r.output
    r = CliRunner().invoke(
        app, ["ladder", "kirifuda", "--agents", "random", "greedy", "--decks", "gale_tricks"]
    )
    assert r.exit_code == 1 and "at least two" in r.output
    r = CliRunner().invoke(
        app, ["ladder", "kirifuda", "--agents", "random", "greedy", "--decks", "a", "gale_tricks"]
    )
    assert r.exit_code == 1 and "comma-separated" in r.output
    r = CliRunner().invoke(app, ["ladder", "yonesu", "--agents", "random", "greedy", "--all-decks"])
    assert r.exit_code == 1 and "fewer than two sample decks" in r.output


def test_the_cli_ladders_over_every_sample_deck(tmp_path):
    report = tmp_path / "l.html"
    r = CliRunner().invoke(
        app,
        ["ladder", "kirifuda", "--agents", "random", "greedy:rollouts=1,seconds=0", "-n", "9", "--jobs", "1",
         "--all-decks", "--json", "--report", str(report)],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert len(d["decks"]) == 3 and d["games"] == 18
    assert set(d["pairs"][0]["a_by_deck"]) == set(d["decks"])
    assert d["decks"][0] in report.read_text(encoding="utf-8")


def test_the_cli_refuses_a_ladder_of_one():
    r = CliRunner().invoke(app, ["ladder", "kirifuda", "--agents", "random"])
    assert r.exit_code == 1 and "at least two agents" in r.output
    r = CliRunner().invoke(app, ["ladder", "kirifuda", "--agents", "random", "nosuch"])
    assert r.exit_code == 1 and "nosuch" in r.output


def _timeless(d):
    d.pop("seconds")
    for r in d["ratings"]:
        r.pop("seconds_per_decision")
        r.pop("max_seconds_per_decision")
    return d


def test_a_resumed_ladder_plays_only_what_its_journal_lacks_and_rates_the_same(tmp_path):
    """--resume: a ladder stopped part way (its journal cut, the last line half written) goes on where it
    stopped and rates exactly as one run; run again whole, it plays nothing."""
    specs = ["random", "greedy:rollouts=1,seconds=0"]
    whole = _timeless(run_ladder("kirifuda", specs, 3, seed=4, jobs=1))
    journal = tmp_path / "ladder.jsonl"
    played: list[int] = []
    first = run_ladder("kirifuda", specs, 3, seed=4, jobs=1, resume=journal, progress=played.append)
    first = _timeless(first)
    assert first == whole and sum(played) == 6
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 7  # the ladder, then a game a line
    journal.write_text("".join(lines[:3]) + lines[3][:20], encoding="utf-8")  # killed while writing game 3
    told: list[int] = []
    again = _timeless(run_ladder("kirifuda", specs, 3, seed=4, jobs=2, resume=journal, progress=told.append))
    assert again == whole
    assert told[0] == 2 and sum(told) == 6  # two games from the journal, four played
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 7  # the cut line gone, none twice
    nothing: list[int] = []
    run_ladder("kirifuda", specs, 3, seed=4, jobs=1, resume=journal, progress=nothing.append)
    assert nothing == [6]


def test_a_journal_of_another_ladder_or_a_bad_line_is_refused(tmp_path):
    specs = ["random", "greedy:rollouts=1,seconds=0"]
    journal = tmp_path / "ladder.jsonl"
    run_ladder("kirifuda", specs, 1, seed=4, jobs=1, resume=journal)
    changes = (({"seed": 5}, "seed"), ({"n": 2}, "n"), ({"specs": ["random", "greedy"]}, "agents"))
    for kwargs, field in changes:
        args = {"game_id": "kirifuda", "specs": specs, "n": 1, "seed": 4, "jobs": 1, "resume": journal}
        args.update(kwargs)
        with pytest.raises(ValueError, match=f"another ladder \\({field}:"):
            run_ladder(**args)
    with pytest.raises(ValueError, match="another ladder \\(game:"):
        run_ladder("yonesu", specs, 1, seed=4, jobs=1, resume=journal)
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    journal.write_text(lines[0] + '{"seats": [0, 1]}\n' + "".join(lines[2:]), encoding="utf-8")
    with pytest.raises(ValueError, match=r"ladder.jsonl:2: not a game of the ladder"):
        run_ladder("kirifuda", specs, 1, seed=4, jobs=1, resume=journal)
    journal.write_text(lines[0] + lines[1].replace('"seed": ', '"seed": 1'), encoding="utf-8")
    with pytest.raises(ValueError, match=r"ladder.jsonl:2: not a game of this ladder"):
        run_ladder("kirifuda", specs, 1, seed=4, jobs=1, resume=journal)
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes.txt:1: not a ladder journal"):
        run_ladder("kirifuda", specs, 1, seed=4, jobs=1, resume=other)
    assert other.read_text(encoding="utf-8") == "my notes\n"  # left as it was


def test_the_cli_resumes_a_ladder(tmp_path):
    journal = tmp_path / "l.jsonl"
    head = ["ladder", "kirifuda", "--agents", "random", "greedy:rollouts=1,seconds=0", "--jobs=1", "--json"]
    cmd = [*head, "-n", "1", "--resume", str(journal)]
    r = CliRunner().invoke(app, cmd)
    assert r.exit_code == 0, r.output
    again = CliRunner().invoke(app, cmd)
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["pairs"] == json.loads(r.output)["pairs"]
    r = CliRunner().invoke(app, [*head, "-n", "2", "--resume", str(journal)])
    assert r.exit_code != 0 and "another ladder (n: 1 there, 2 now)" in r.output


def test_one_seat_of_a_ladder_then_the_rest_from_its_journal(tmp_path):
    """--seat 2: only the games in which the first agent sits second are played and rated; the journal keeps
    them, and the same ladder without --seat plays only the others and rates as one whole run."""
    specs = ["random", "greedy:rollouts=1,seconds=0"]
    whole = _timeless(run_ladder("kirifuda", specs, 3, seed=4, jobs=1))
    journal = tmp_path / "ladder.jsonl"
    second = run_ladder("kirifuda", specs, 3, seed=4, jobs=1, resume=journal, seat=2)
    pair = second["pairs"][0]
    assert sum(r["games"] for r in second["ratings"]) == 2 * 3  # three games, each agent in each
    assert list(pair["a_by_seat"]) == ["P2"] and list(pair["b_by_seat"]) == ["P1"], pair
    lines = journal.read_text(encoding="utf-8").splitlines()[1:]
    assert [json.loads(x)["seats"] for x in lines] == [[1, 0]] * 3  # the first agent in seat 2 only
    told: list[int] = []
    rest = _timeless(run_ladder("kirifuda", specs, 3, seed=4, jobs=1, resume=journal, progress=told.append))
    assert rest == whole
    assert told[0] == 3 and sum(told) == 6  # three from the journal, the three of seat 1 played
    again: list[int] = []
    run_ladder("kirifuda", specs, 3, seed=4, jobs=1, resume=journal, seat=1, progress=again.append)
    assert again == [3]  # seat 1's games are in the journal now: none played
    with pytest.raises(ValueError, match="seat 3: a seat of the 2 players"):
        run_ladder("kirifuda", specs, 1, seed=4, jobs=1, seat=3)
    r = CliRunner().invoke(app, ["ladder", "kirifuda", "--agents", "random", "greedy", "--seat", "0"])
    assert r.exit_code != 0 and "--seat 0: a seat of the 2 players" in r.output
