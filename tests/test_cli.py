"""The command line, driven as a user would (typer's CliRunner; stdin fed for the human player)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tefuda.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_and_cards():
    r = run("games")
    assert r.exit_code == 0 and "kirifuda" in r.output and "切り札" in r.output
    r = run("cards", "kirifuda", "--type", "trump_attacker", "--json")
    rows = json.loads(r.output)
    assert rows and all(x["type"] == "trump_attacker" for x in rows)
    r = run("cards", "kirifuda", "--attr", "水", "--json")
    assert all("水" in x["attributes"] for x in json.loads(r.output))
    r = run("cards", "nochess")
    assert r.exit_code == 1 and "no game 'nochess'" in r.output


def test_deck_check(tmp_path):
    from tefuda.core import load_game

    good = next(iter(load_game("kirifuda").sample_decks().values()))
    r = run("deck", "check", "kirifuda", str(good))
    assert r.exit_code == 0 and "OK" in r.output
    bad = tmp_path / "bad.txt"
    bad.write_text("# bad\n3 紅蓮の竜騎士\n5 鬨の声\n2 謎のカード\nabc\n", encoding="utf-8")
    r = run("deck", "check", "kirifuda", str(bad))
    assert r.exit_code == 1
    assert f"{bad}:4: no card named '謎のカード'" in r.output
    assert f"{bad}:5: expected" in r.output
    r = run("deck", "check", "kirifuda", str(tmp_path / "missing.txt"))
    assert r.exit_code == 1 and "cannot read" in r.output


def test_deck_check_under_a_house_rule():
    """アマデウス: a plain Duel Masters deck with a card the house rule bans passes with base_only only."""
    deck = str(Path(__file__).parent / "data" / "amadeus" / "base_legal.txt")
    r = run("deck", "check", "amadeus", deck)
    assert r.exit_code == 1 and "使用禁止②" in r.output
    r = run("deck", "check", "amadeus", deck, "--option", "base_only=true")
    assert r.exit_code == 0 and "OK" in r.output
    r = run("deck", "check", "amadeus", deck, "--option", "nonsense=1")
    assert r.exit_code != 0 and "nonsense" in r.output


def test_play_ai_vs_ai_save_and_verify(tmp_path):
    out = tmp_path / "g.json"
    r = run(
        "play", "kirifuda", "--p1", "random", "--p2", "greedy:rollouts=2", "--seed", "5", "--save", str(out)
    )
    assert r.exit_code == 0, r.output
    assert "wins" in r.output or "draw" in r.output
    r = run("replay", str(out), "--verify")
    assert r.exit_code == 0 and "OK" in r.output
    r = run("replay", str(out), "--seat", "0")
    assert r.exit_code == 0 and "[1]" in r.output


def test_play_human_bad_entries_help_and_quit(tmp_path):
    out = tmp_path / "h.json"
    r = run(
        "play",
        "kirifuda",
        "--p1",
        "human",
        "--p2",
        "random",
        "--seed",
        "11",
        "--save",
        str(out),
        input="xyz\n999\n?\nview\nlog\n1\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "「xyz」は選べません — not a choice now" in r.output
    assert "no action 999" in r.output
    assert "this help" in r.output
    assert out.exists()
    body = json.loads(out.read_text(encoding="utf-8"))
    assert body["outcome"] is None and len(body["actions"]) >= 1


def test_play_human_eof_exits_cleanly():
    r = run("play", "kirifuda", "--seed", "3", "--p2", "random", input="")
    assert r.exit_code == 0


def test_human_sees_only_their_own_view(tmp_path):
    """No card P1 never knew is ever named on P1's screen."""
    from tefuda.core.replay import load_replay, replay_steps

    out = tmp_path / "v.json"
    moves = "1\n" * 40 + "quit\n"
    r = run(
        "play", "kirifuda", "--p1", "human", "--p2", "random", "--seed", "21", "--save", str(out), input=moves
    )
    assert r.exit_code == 0
    rep = load_replay(out)
    ever_known: set[str] = set()
    state = None
    for _, _, state, _ in replay_steps(rep):
        ever_known |= {
            state.game.cardset[state.cards[i]].name for i in range(len(state.cards)) if state.knows(0, i)
        }
    assert state is not None
    never = {c.name for c in state.game.cardset} - ever_known
    assert never, "the test needs cards P1 never saw"
    for name in never:
        assert name not in r.output


def test_sim_json_and_jobs_independent():
    r = run(
        "sim",
        "kirifuda",
        "--p1",
        "random",
        "--p2",
        "random",
        "-n",
        "20",
        "--seed",
        "4",
        "--json",
        "--jobs",
        "1",
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for key in (
        "game",
        "games",
        "wins",
        "draws",
        "aborted",
        "errors",
        "first_player_wins",
        "mean_actions",
        "actions_per_s",
    ):
        assert key in d
    assert sum(d["wins"].values()) + d["draws"] + d["aborted"] + len(d["errors"]) == 20
    r2 = run(
        "sim",
        "kirifuda",
        "--p1",
        "random",
        "--p2",
        "random",
        "-n",
        "20",
        "--seed",
        "4",
        "--json",
        "--jobs",
        "2",
    )
    d2 = json.loads(r2.output)
    assert (d2["wins"], d2["draws"], d2["mean_actions"]) == (d["wins"], d["draws"], d["mean_actions"])


def test_sim_bad_agent_and_bad_option():
    r = run("sim", "kirifuda", "--p1", "wizard", "-n", "2")
    assert r.exit_code == 1 and "unknown agent 'wizard'" in r.output
    r = run("sim", "kirifuda", "-n", "2", "--option", "tie=maybe")
    assert r.exit_code == 1 and "option tie" in r.output


def test_replay_errors_are_one_line(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{not json", encoding="utf-8")
    r = run("replay", str(p))
    assert r.exit_code == 1 and "not valid JSON" in r.output and "Traceback" not in r.output
    r = run("replay", str(tmp_path / "none.json"))
    assert r.exit_code == 1 and "cannot read" in r.output


def test_bench_json():
    r = run("bench", "kirifuda", "--seconds", "0.3", "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["actions_per_s"] > 0 and d["clone_us"] > 0 and d["games"] >= 1
    r = run("bench", "yonesu", "--players", "3", "--seconds", "0.2", "--ismcts", "--json")
    d = json.loads(r.output)
    assert d["players"] == 3 and d["iterations"] >= 100 and d["iterations_per_s"] > 0


def test_hot_seat_two_humans_hand_over():
    r = run("play", "kirifuda", "--p1", "human", "--p2", "human", "--seed", "2", input="1\n\n1\n\n1\nquit\n")
    assert r.exit_code == 0
    assert "hand over to P2" in r.output and "hand over to P1" in r.output


def test_player_count_is_checked():
    r = run("sim", "kirifuda", "--players", "3", "-n", "2")
    assert r.exit_code == 1 and "played by 2 players, not 3" in r.output
    r = run("play", "kirifuda", "--players", "4", "--p1", "random")
    assert r.exit_code == 1 and "not 4" in r.output


def test_yonesu_three_players_with_chat_save_and_verify(tmp_path):
    out = tmp_path / "y.json"
    feed = "say よろしく\nlog\n1\nsay 邪神グラジヨネス\n"  # `log`: the chat line among the recent events
    r = run("play", "yonesu", "--players", "3", "--p2", "random", "--p3", "random", "--seed", "2",
            "--save", str(out), input=feed)  # fmt: skip
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())  # lines wrap at spaces
    assert "「よろしく」" in said and "said the name 邪神グラジヨネス" in said
    rep = json.loads(out.read_text(encoding="utf-8"))
    assert rep["players"] == 3 and "!say 1 よろしく" in rep["actions"]
    assert rep["outcome"]["winner"] in (1, 2)
    r = run("replay", str(out), "--verify")
    assert r.exit_code == 0 and "OK" in r.output


def test_yonesu_sim_reports_every_seat_and_teams():
    r = run("sim", "yonesu", "--players", "4", "--p1", "random", "--p2", "random", "--p3", "random",
            "--p4", "random", "-n", "12", "--json")  # fmt: skip
    d = json.loads(r.output)
    assert set(d["wins"]) == {"p1", "p2", "p3", "p4"}
    assert sum(d["wins"].values()) + d["draws"] == 12 and d["errors"] == [] and d["aborted"] == 0
    r = run("sim", "yonesu", "--players", "4", "--option", "teams=true", "--p1", "random", "--p2", "random",
            "--p3", "random", "--p4", "random", "-n", "12", "--json")  # fmt: skip
    d = json.loads(r.output)
    assert d["wins"]["p1"] == d["wins"]["p3"] and d["wins"]["p2"] == d["wins"]["p4"]
    assert d["wins"]["p1"] + d["wins"]["p2"] == 12
    r = run("play", "yonesu", "--players", "5")
    assert r.exit_code == 1 and "2–4 players" in r.output


def test_analyze_a_replay_step_and_hint_in_play(tmp_path):
    out = tmp_path / "k.json"
    assert (
        run(
            "play", "kirifuda", "--p1", "random", "--p2", "random", "--seed", "2", "--save", str(out)
        ).exit_code
        == 0
    )
    r = run("analyze", str(out), "--step", "12", "--agent", "ismcts:iters=60")
    assert r.exit_code == 0, r.output
    assert "visits" in r.output and "%" in r.output and "ismcts:iters=60" in r.output
    r = run("analyze", str(out), "--step", "9999")
    assert r.exit_code == 1 and "--step must be" in r.output
    r = run("analyze", str(out), "--step", "12", "--agent", "random")
    assert r.exit_code == 1 and "cannot evaluate" in r.output
    r = run("play", "kirifuda", "--p2", "random", "--seed", "3", input="hint\nquit\n")
    assert r.exit_code == 0 and "勝率 win rate" in r.output


def test_sim_lab_round_robin_and_html_report(tmp_path):
    from tefuda.core import load_game

    decks = [str(p) for p in load_game("genesis").sample_decks().values()][:3]
    report = tmp_path / "r.html"
    r = run("sim", "genesis", "-n", "12", "--decks", *decks, "--report", str(report), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    rr = d["round_robin"]
    assert len(rr["decks"]) == 3 and rr["games_per_pair"] == 24
    a, b = rr["decks"][0], rr["decks"][1]
    assert rr["grid"][a][b]["wins"] + rr["grid"][b][a]["wins"] <= 24
    page = report.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") >= 3 and "Deck vs deck" in page and "95% interval" in page
    r = run("sim", "kirifuda", "-n", "6")  # not a terminal: the summary only, no progress bar
    assert r.exit_code == 0 and "95% interval" in r.output and "games/s" not in r.output.split("┏")[0]
