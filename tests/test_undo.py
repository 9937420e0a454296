"""Undo for people never crosses a reveal: whatever it takes back, every seat's knowledge and the game's
chance are exactly as they were, and every seat (an attacker among them) is handed exactly the decision it
had then — so undo can be used neither to peek nor to re-roll."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tefuda.agents import decision_for
from tefuda.cli.main import app
from tefuda.core import Rng
from tefuda.core.game import load_case, mode_cases
from tefuda.core.undo import UndoLog, UndoRefused
from tests.conftest import soak


def _rebuild(game, mode, seed, actions):
    state = game.new_state(None, seed, players=mode.players)
    for a in actions:
        state.apply(state.parse_action(a))
    return state


@pytest.mark.parametrize("case", mode_cases())
def test_undo_restores_exactly_what_was_known_and_never_crosses_a_reveal(case):
    game, mode = load_case(case)
    undone = refused = 0
    for seed in soak(4, 2):
        rng = Rng(seed)
        state = game.new_state(None, seed, players=mode.players)
        log = UndoLog()
        actions: list[str] = []
        snaps = []  # per step: digest, known bits, rng, each seat's observation
        humans = [None] * mode.players  # every seat a person (hot seat)
        while not state.is_over and len(actions) < 400:
            obs = [state.observation(v) for v in range(mode.players + 1)]
            snaps.append((state.digest(), state.known[:], state.rng.s, obs, decision_for(state)))
            seat = state.current_player
            try:
                keep = log.target(seat, humans)
            except UndoRefused:
                refused += 1
            else:
                back = _rebuild(game, mode, seed, actions[:keep])
                digest, known, chance, seen, decision = snaps[keep]
                assert back.digest() == digest and back.rng.s == chance == state.rng.s
                # nobody learned anything between there and here: undo shows nothing new to anyone
                assert all(now & ~was == 0 for now, was in zip(state.known, known, strict=True))
                assert [back.observation(v) for v in range(mode.players + 1)] == seen
                assert decision_for(back) == decision  # what an agent (or an attacker) is handed
                undone += 1
            legal = state.legal_actions()
            a = legal[rng.below(len(legal))]
            actions.append(state.notation(a))
            before = log.before(state)
            state.apply(a)
            log.after(state, before, seat)
    assert refused > 0
    if case.startswith(("kirifuda", "kokubyaku", "amadeus", "genesis")):
        assert undone > 0, f"{case}: undo was never possible"


def test_undo_is_refused_after_another_persons_action_or_a_chat_line():
    log = UndoLog()
    log.actors = [0, 1]
    with pytest.raises(UndoRefused, match="P2 has acted since"):
        log.target(0, [None, None])
    assert log.target(0, [None, object()]) == 0  # an AI's answer is taken back with it
    log.chat()
    with pytest.raises(UndoRefused, match="cannot undo past"):
        log.target(0, [None, object()])
    with pytest.raises(UndoRefused, match="nothing of yours"):
        UndoLog().target(0, [None, None])


def test_undo_in_the_terminal():
    """A person against the AI types `undo` after each action: some are taken back, some refused, and the
    game goes on to its end either way."""
    out = (
        CliRunner()
        .invoke(
            app,
            ["play", "kirifuda", "--p1", "human", "--p2", "random", "--seed", "11"],
            input="1\nundo\n" * 300,
        )
        .output
    )
    assert "undone: back to step" in out and "cannot undo past a reveal" in out
