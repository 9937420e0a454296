"""A newcomer's first hour: every bad input from issue 15 ends in one clear line naming it and a nonzero
exit — never a traceback, never a long run that fails at its end."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tefuda.cli.main import app

runner = CliRunner()


def _fails_cleanly(args: list[str], needle: str, input: str | None = "quit\n") -> None:
    r = runner.invoke(app, args, input=input)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert r.exit_code == 1, (args, r.output)
    errors = [ln for ln in r.output.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 1 and needle in errors[0], (args, r.output)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "yonesu", "--option", "teams=true"], "exactly 4 players"),
        (["sim", "yonesu", "--option", "teams=true", "-n", "3"], "exactly 4 players"),
        (["sim", "kirifuda", "--report", "/no/such/dir/r.html", "-n", "2"], "no such directory"),
        (["sim", "kirifuda", "--report", "/etc", "-n", "2"], "is a directory"),
        (["sim", "kirifuda", "--save-replays", "/etc/passwd", "-n", "2"], "is a file"),
        (["play", "kirifuda", "--save", "/etc"], "is a directory"),
        (["sim", "kirifuda", "--players", "0", "-n", "2"], "not 0"),
        (["play", "kirifuda", "--players", "0"], "not 0"),
        (["sim", "kirifuda", "--jobs", "0", "-n", "2"], "--jobs 0"),
        (["sim", "kirifuda", "--jobs", "-1", "-n", "2"], "--jobs -1"),
        (["bench", "kirifuda", "--seconds", "-1"], "--seconds -1"),
        (["bench", "kirifuda", "--seconds", "nan"], "--seconds nan"),
        (["sim", "kirifuda", "--p1", "ismcts:seconds=nan", "-n", "1"], "seconds"),
        (["sim", "kirifuda", "--p1", "ismcts:seconds=inf", "-n", "1"], "seconds"),
        (["sim", "kirifuda", "--p1", "ismcts:iters=1e23", "-n", "1"], "iters"),
        (["sim", "kirifuda", "--p1", "ismcts:iters=100000000000000000000000", "-n", "1"], "iters"),
        (["sim", "kirifuda", "--p1", "greedy:rollouts=2,rollouts=3", "-n", "1"], "given twice"),
        (["sim", "kirifuda", "--max-actions", "0", "-n", "2"], "--max-actions 0"),
        (["sim", "kirifuda", "--p1", "human", "-n", "1"], "tefuda play"),
        (["cards", "kirifuda", "--type", "nosuch"], "types: attacker"),
    ],
)
def test_bad_input_gets_one_line(args, needle):
    _fails_cleanly(args, needle)


def test_sim_refuses_a_bad_deck_in_the_grid_before_playing(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 no such card\n", encoding="utf-8")
    _fails_cleanly(["sim", "kirifuda", "--decks", str(bad), str(bad), "-n", "2"], f"{bad}:1")


def test_games_names_a_game_whose_cards_are_broken(monkeypatch):
    import tefuda.core as core
    from tefuda.core import CardFileError

    real = core.load_game

    def broken(gid, *a, **k):
        if gid == "genesis":
            raise CardFileError("genesis/cards.toml", "not valid TOML", line=3)
        return real(gid, *a, **k)

    monkeypatch.setattr(core, "load_game", broken)
    r = runner.invoke(app, ["games"])
    assert r.exit_code == 1 and "kirifuda" in r.output
    assert "error: game genesis: genesis/cards.toml:3: not valid TOML" in r.output


def test_games_on_an_80_column_terminal_cuts_no_option_name():
    r = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["games"])
    assert r.exit_code == 0
    assert all(len(ln) <= 80 for ln in r.output.splitlines()), r.output
    text = " ".join(r.output.split())
    for name in (
        "forbidden_name=True",
        "open_decklists=False",
        "overwrite_to=discard",
        "yellow_zone=suspicion",
    ):
        assert name in text, name
    assert "…" not in r.output


def test_replay_prints_the_outcome_in_words(tmp_path):
    saved = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "kirifuda", "--p1", "random", "--p2", "random", "--seed", "2",
                               "--save", str(saved)]).exit_code == 0  # fmt: skip
    out = runner.invoke(app, ["replay", str(saved)]).output
    assert "Outcome(" not in out and ("の勝ち" in out or "引き分け" in out)


def test_a_one_count_game_says_its_count_once():
    _fails_cleanly(["play", "kirifuda", "--players", "3"], "played by 2 players, not 3")


def test_ctrl_c_during_sim_stops_the_workers_quietly_and_sums_up_what_finished():
    import contextlib
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    exe = Path(sys.executable).with_name("tefuda")
    proc = subprocess.Popen(
        [str(exe), "sim", "kirifuda", "--p1", "greedy", "-n", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own: the sim and its workers, ended below whatever happens
        # a job started in the background (as CI may be) inherits SIGINT ignored, and Python then installs
        # no KeyboardInterrupt handler: give the child the default a terminal user has
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(4)  # long enough for some games to finish
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the sim and its workers
        out, errs = proc.communicate(timeout=60)
    finally:  # a failed test must not leave two cores busy for minutes
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, errs)
    assert "Traceback" not in out + errs and "KeyboardInterrupt" not in out + errs, errs
    assert "interrupted:" in errs and "of 100000 games were finished" in errs
    assert "wins p1" in out  # the summary of what was finished


def test_sim_names_its_decks_and_a_grid_is_its_own_headline(tmp_path):
    import json

    r = runner.invoke(app, ["sim", "kirifuda", "-n", "20", "--json", "--jobs", "1"])
    d = json.loads(r.output)
    assert d["decks"]["p1"]["source"].startswith("default for P1") and d["decks"]["p1"]["name"]
    from rich.console import Console

    from tefuda.lab.reports import summary_tables

    wide = Console(width=250, record=True)
    for t in summary_tables(d):
        wide.print(t)
    text = wide.export_text()
    assert "deck p1" in text and "the seats play different decks" in text
    from pathlib import Path

    decks = sorted(str(p) for p in (Path("tefuda/games/kirifuda/decks")).glob("*.txt"))
    r = runner.invoke(app, ["sim", "kirifuda", "-n", "10", "--jobs", "1", "--json", "--decks", *decks])
    d = json.loads(r.output)
    pairs = len(decks) * (len(decks) - 1)
    assert d["games"] == 10 * pairs  # the headline counts the grid's own games
    assert d["round_robin"]["games_per_pair"] == 20 and "summary" not in d["round_robin"]
    assert d["decks"]["grid"]["source"] == ", ".join(decks)


def test_a_box_that_differs_between_seats_is_refused_by_play_and_sim(tmp_path):
    from pathlib import Path

    std = Path("tefuda/games/yonesu/decks/standard.txt").read_text(encoding="utf-8")
    box2 = tmp_path / "box2.txt"
    box2.write_text(std.replace("\n3 クロちん", "\n2 クロちん"), encoding="utf-8")
    for cmd in (["play", "yonesu", "--deck2", str(box2)], ["sim", "yonesu", "--deck2", str(box2), "-n", "3"]):
        _fails_cleanly(cmd, f"{box2} differs")


def test_help_texts_read_whole():
    wide = CliRunner(env={"COLUMNS": "200"})
    play = wide.invoke(app, ["play", "--help"]).output
    assert all(a in play for a in ("human", "random", "greedy", "ismcts"))
    assert "tefuda[ray]" in wide.invoke(app, ["sim", "--help"]).output


def test_a_team_game_tells_each_person_their_partner():
    out = runner.invoke(app, ["play", "yonesu", "--players", "4", "--option", "teams=true", "--seed", "1"],
                        input="quit\n").output  # fmt: skip
    assert "P1 & P3 vs P2 & P4" in out and "P1: 味方 your partner: P3" in out


def test_the_hint_table_numbers_what_to_type():
    out = runner.invoke(
        app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="hint\nquit\n"
    ).output
    import re

    menu = {m.group(2): m.group(1) for m in re.finditer(r"(?m)^\s*(\d+)\.\s.*\[([^\]]+)\]\s*$", out)}
    rows = [ln for ln in out.splitlines() if "keep-hand" in ln and "│" in ln]
    assert rows and rows[0].split("│")[1].strip() == menu["keep-hand"]


@pytest.mark.parametrize("game", ["kirifuda", "genesis", "kokubyaku", "amadeus", "yonesu"])
def test_say_reads_alike_in_every_game(game):
    out = runner.invoke(app, ["play", game, "--p2", "random", "--seed", "1"], input="say やあ\nquit\n").output
    assert "P1(あなた): 「やあ」" in out, out[-500:]


def test_cards_on_an_80_column_terminal_are_folded_not_cut():
    r = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["cards", "kirifuda"])
    assert r.exit_code == 0 and "…" not in r.output
