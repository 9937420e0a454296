"""Replays recorded before a game moved onto the core's flow still verify: every action is legal where it was
taken and the outcome is the recorded one; their final hash was taken of the old bookkeeping
(``state_format`` 1) and is not compared. Tampering is still caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tefuda.core import ReplayError
from tefuda.core.replay import parse_replay, verify

SAMPLES = sorted((Path(__file__).parent / "data" / "replays").glob("*_format1_*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_replay_of_the_old_state_format_still_verifies(path):
    rep = parse_replay(path.read_text(encoding="utf-8"), str(path))
    assert rep.state_format == 1
    state = verify(rep, str(path))
    assert state.is_over and state.game.state_format > rep.state_format


def test_the_samples_exist():
    assert len(SAMPLES) >= 3


@pytest.mark.parametrize("path", SAMPLES[:1], ids=lambda p: p.stem)
def test_an_old_replay_with_another_outcome_or_an_illegal_action_is_refused(path):
    body = json.loads(path.read_text(encoding="utf-8"))
    body["outcome"]["winner"] = 1 - body["outcome"]["winner"]
    with pytest.raises(ReplayError, match="outcome"):
        verify(parse_replay(json.dumps(body)))
    body = json.loads(path.read_text(encoding="utf-8"))
    body["actions"][3] = "take-life 1"
    with pytest.raises(ReplayError, match="step 4"):
        verify(parse_replay(json.dumps(body)))


def test_a_new_replay_keeps_its_hash_checked():
    from tefuda.core import load_game
    from tefuda.core.replay import record

    g = load_game("kirifuda")
    s = g.new_state(None, 5)
    actions = []
    while not s.is_over:
        a = s.legal_actions()[0]
        actions.append(s.notation(a))
        s.apply(a)
    rep = record(
        s, actions, [g.default_deck(0).to_text(), g.default_deck(1).to_text()], 5, ["first", "first"]
    )
    assert rep.state_format == g.state_format
    verify(rep)
    rep.final_hash = "0" * 32
    with pytest.raises(ReplayError, match="hash"):
        verify(rep)
