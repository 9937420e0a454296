"""The ladder (issue 25): every seat arrangement scheduled, the Luce / Bradley–Terry fit, intervals, JSON."""

from __future__ import annotations

import json
import math

from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.lab.ladder import fit, run_ladder, schedule


def test_two_player_schedule_plays_both_seat_orders_on_the_same_deals():
    games = schedule(3, 2, 4, seed=1)
    assert len(games) == 3 * 2 * 4  # three pairs, two seat orders, four deals each
    by_pair: dict[frozenset, list] = {}
    for seats, seed in games:
        by_pair.setdefault(frozenset(seats), []).append((seats, seed))
    assert len(by_pair) == 3
    for got in by_pair.values():
        first = sorted(s for seats, s in got if seats == got[0][0])
        mirror = sorted(s for seats, s in got if seats != got[0][0])
        assert first == mirror and len(set(first)) == 4  # the mirrored order replays the same deals


def test_multiplayer_schedule_rotates_the_lone_seat():
    games = schedule(2, 4, 2, seed=0)
    lone = {(seats.index(a), a) for seats, _ in games for a in set(seats) if seats.count(a) == 1}
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


def test_the_cli_refuses_a_ladder_of_one():
    r = CliRunner().invoke(app, ["ladder", "kirifuda", "--agents", "random"])
    assert r.exit_code == 1 and "at least two agents" in r.output
    r = CliRunner().invoke(app, ["ladder", "kirifuda", "--agents", "random", "nosuch"])
    assert r.exit_code == 1 and "nosuch" in r.output
