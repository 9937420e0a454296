"""The terminal a player sits at (issue 24): every game's board fits a 100×30 terminal, any card can be read
in both languages, piles can be listed, Ctrl-C keeps the replay, and the end says who won in words for the
person at the screen."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import Rng
from tefuda.core.game import load_case, mode_cases
from tefuda.core.replay import load_replay

WIDTH, HEIGHT = 100, 30


def board_height(game, obs) -> int:
    c = Console(width=WIDTH, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
    c.print(game.render_observation(obs), soft_wrap=False)
    return c.export_text().count("\n")


@pytest.mark.parametrize("case", mode_cases())
def test_every_board_fits_100_by_30(case):
    """Random games played out: at every step, the board each seat sees is at most 30 lines at 100
    columns (the tallest step of each game is what matters)."""
    game, mode = load_case(case)
    tallest = 0
    for seed in range(3):
        state = game.new_state(None, seed, players=mode.players)
        rng = Rng(seed)
        while not state.is_over:
            if state.steps % 3 == 0:
                tallest = max(tallest, board_height(game, state.observation(state.current_player)))
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        tallest = max(tallest, board_height(game, state.observation(0)))
    assert tallest <= HEIGHT, f"{case}: a board of {tallest} lines"


def test_the_board_lists_piles_as_counts_and_top_cards():
    """A discard pile is one line (its count and top card), not a line per card; `zone` lists it whole."""
    game, _ = load_case("kirifuda")
    state = game.new_state(None, 3)
    rng = Rng(3)
    while not state.is_over and state.steps < 120:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    obs = state.observation(0)
    c = Console(width=WIDTH, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
    c.print(game.render_observation(obs), soft_wrap=False)
    text = " ".join(c.export_text().split())  # lines wrap at spaces
    discard = next(z for z in obs["zones"] if z["id"] == "p1.discard")
    assert discard["count"] >= 3
    assert f"捨て札置き場 discard {discard['count']}" in text
    top = discard["cards"][-1]
    assert f"上 top: {top['name']} ({top['name_en']})" in text


runner = CliRunner(env={"COLUMNS": str(WIDTH)})


def test_card_shows_any_card_in_both_languages():
    out = runner.invoke(app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="card 紅蓮\nquit\n")
    assert "紅蓮の竜騎士 (Crimson Dragoon) — アタッカー (Attacker)" in out.output
    assert "POW 800" in out.output and "効果なし" in out.output and "No effect." in out.output
    out = runner.invoke(
        app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="card crimson dragoon\nquit\n"
    )
    assert "紅蓮の竜騎士 (Crimson Dragoon)" in out.output
    out = runner.invoke(
        app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="card nosuch\nquit\n"
    )
    assert "no card named" in out.output


def test_card_n_shows_the_card_an_action_names():
    """`card N`: the card action N names (a hand card to set), whole; an action that names none says so."""
    from tefuda.cli import play

    game, _ = load_case("kirifuda")
    state = game.new_state(None, 0)
    while not any(a.kind == "set-attacker" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    n = next(k for k, a in enumerate(legal, 1) if a.kind == "set-attacker")
    name = state.notation(legal[n - 1]).split(" ", 1)[1]
    with play.console.capture() as cap:
        play.show_card(state, state.current_player, game, str(n), legal)
    assert re.search(rf"^{re.escape(name)} \(.+\) — ", cap.get(), re.M), cap.get()
    assert "no action" not in cap.get()
    with play.console.capture() as cap:
        play.show_card(state, state.current_player, game, str(len(legal) + 1), legal)
    assert f"no action {len(legal) + 1}" in cap.get()


def test_zone_lists_a_pile():
    out = runner.invoke(
        app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="zone\nzone p1.trump\nquit\n"
    ).output
    assert "p1.deck (山札置き場)" in out
    assert "P1 切り札置き場 (trump) — 2 枚" in out


def test_an_unknown_command_lists_the_legal_choices():
    out = runner.invoke(
        app, ["play", "kirifuda", "--p2", "random", "--seed", "0"], input="dance\nquit\n"
    ).output
    menu = re.findall(r"^\s*\d+\.\s.*\[(.+)\]\s*$", out.split("dance")[0], re.M)
    flat = " ".join(out.split())  # lines wrap at spaces
    said = flat[flat.index("「dance」") : flat.index("(? for help)")]
    assert "not a choice now" in said and menu and all(m in said for m in menu), said
    assert "unknown action" not in out and "actions:" not in out  # not every verb of the game


def test_the_end_says_you_win_or_you_lose():
    from tefuda.cli.play import outcome_line
    from tefuda.core import Outcome

    win = Outcome(0, "life", "life 0", "ライフ0", (0,))
    assert outcome_line(win, [0]).startswith("あなたの勝ち — you win")
    assert outcome_line(win, [1]).startswith("あなたの負け — you lose: P1 の勝ち")
    assert outcome_line(win, []).startswith("P1 の勝ち — P1 wins")
    assert outcome_line(Outcome(None, "draw", "draw", "引き分け", ()), [0]).startswith("引き分け — draw")


def _tefuda() -> list[str]:
    exe = Path(sys.executable).with_name("tefuda")
    return [str(exe)] if exe.exists() else [shutil.which("tefuda") or "tefuda"]


def _terminal_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def test_ctrl_c_in_play_saves_the_replay(tmp_path):
    """A real terminal (a pty): Ctrl-C at the prompt saves the replay, as `quit` does, and exits 130."""
    out = tmp_path / "g.json"
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": str(WIDTH), "LINES": str(HEIGHT)}
    proc = subprocess.Popen(
        [*_tefuda(), "play", "kirifuda", "--p2", "random", "--seed", "5", "--save", str(out)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        # a job started in the background (as CI may be) inherits SIGINT ignored, and Python then
        # installs no KeyboardInterrupt handler; a test process may hold it blocked (the mask is inherited
        # too): give the child what a terminal user has
        preexec_fn=_terminal_sigint,
    )
    os.close(slave)
    seen = b""

    def read_until(marker: bytes, count: int = 1, timeout: float = 60) -> None:
        nonlocal seen
        end = time.monotonic() + timeout
        while seen.count(marker) < count:
            assert time.monotonic() < end, seen.decode(errors="replace")[-2000:]
            r, _, _ = select.select([master], [], [], 0.5)
            if r:
                try:
                    seen += os.read(master, 65536)
                except OSError:  # the program is gone
                    assert seen.count(marker) >= count, seen.decode(errors="replace")[-2000:]

    try:
        read_until(b"P1> ")
        os.write(master, b"1\n")
        read_until(b"P1> ", 2)  # a move taken, and the next question asked
        # as a person would: a moment after the prompt. input() writes the prompt just before it blocks in
        # read(), and a signal that lands in between is only seen at the next key (a race of every Python
        # prompt); so, like a person whose first Ctrl-C did nothing, press it again
        for _ in range(6):
            time.sleep(0.5)
            os.killpg(proc.pid, signal.SIGINT)
            try:
                read_until("中断".encode(), timeout=5)
                break
            except AssertionError:
                continue
        read_until(b"replay saved")
        assert proc.wait(30) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    rep = load_replay(out)
    assert rep.actions and rep.outcome is None
    assert "中断 — interrupted" in seen.decode(errors="replace")
    body = json.loads(out.read_text(encoding="utf-8"))
    assert body["seed"] == 5


def test_play_save_auto_keeps_every_game_in_the_data_directory(tmp_path):
    out = CliRunner(env={"TEFUDA_DATA": str(tmp_path)}).invoke(
        app, ["play", "kirifuda", "--p1", "random", "--p2", "random", "--save", "auto"]
    )
    assert out.exit_code == 0, out.output
    saved = list((tmp_path / "games").glob("kirifuda-*.json"))
    assert len(saved) == 1
    assert f"this game is saved to {saved[0]}" in out.output and f"replay saved: {saved[0]}" in out.output
    assert load_replay(saved[0]).outcome is not None
