"""Replays recorded by an older tefuda: those whose game has not changed since still verify (every action
legal where it was taken, the recorded outcome; a final hash taken of older bookkeeping, ``state_format`` 1,
is not compared). The samples here were recorded before the rulebook audit (issue 23) changed the cards
and rules of their games: they are refused with a message that says so, never re-simulated silently under
other rules — and with ``--force`` they fail at the first action the new rules refuse, in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tefuda.core import ReplayError
from tefuda.core.replay import parse_replay, verify

SAMPLES = sorted((Path(__file__).parent / "data" / "replays").glob("*_format1_*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_replay_of_a_game_that_changed_since_is_refused_with_the_reason(path):
    rep = parse_replay(path.read_text(encoding="utf-8"), str(path))
    assert rep.state_format == 1
    with pytest.raises(ReplayError, match=r"recorded with card set .* the replay may mean something else"):
        verify(rep, str(path))
    try:  # --force: re-simulated under today's rules, it verifies or fails with a reason, never a crash
        verify(rep, str(path), allow_other_cards=True)
    except ReplayError as e:
        assert str(path) in str(e) and "\n" not in str(e)


def test_the_samples_exist():
    assert len(SAMPLES) >= 3


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
