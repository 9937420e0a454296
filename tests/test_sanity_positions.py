"""Sanity positions (issue 25): positions and the moves a strong player would never make there, asked of the
default AI (``ai``) from its sealed decision alone.

Two kinds, in every game and mode:

- found ones, from seeded random games: a win on the spot that the AI must take, and a loss on the spot it
  must not walk into while a move that does not lose exists. "On the spot" is checked in the true state and
  in worlds drawn from the mover's knowledge, so it holds whatever the hidden cards are — the AI cannot
  know more than that.
- written ones, where a search misled by noise made a known mistake: 切り札's once-per-game overwrite
  (上書き) spent in round 1 on one's own freshly set support while a support slot is still empty.
"""

from __future__ import annotations

import pytest

from tefuda.agents import DEFAULT_AGENT, decision_for, make_agent
from tefuda.core import Rng, State
from tefuda.core.game import load_case, load_game, mode_cases

AI = f"{DEFAULT_AGENT}:max_seconds=0"  # the default's search without its clock: the same on a busy machine
WORLDS = 8  # drawn from the mover's knowledge: a move that wins (or loses) in each is sure to
POSITIONS = 2  # of each kind per game and mode


def _ends(state: State, action) -> tuple[bool, bool]:
    """(the mover wins at once, the mover loses at once) after ``action``."""
    probe = state.clone()
    me = state.current_player
    probe.apply(action)
    res = probe.result
    if res is None:
        return False, False
    return me in res.winners, me not in res.winners


def _sure(state: State, action, want: int) -> bool:
    """``action`` ends the game the same way (0: a win, 1: a loss) in the true state and in every world."""
    if not _ends(state, action)[want]:
        return False
    rng = Rng(99)
    return all(_ends(state.determinize(state.current_player, rng), action)[want] for _ in range(WORLDS))


def _positions(case: str, want: int) -> list[tuple[State, set]]:
    """Up to POSITIONS seeded positions where some move surely wins (``want`` 0) or surely loses while
    another surely does not (``want`` 1), with the set of those moves."""
    game, mode = load_case(case)
    out: list[tuple[State, set]] = []
    for seed in range(60):
        state = game.new_state(None, seed, players=mode.players)
        rng = Rng(seed * 7 + 1)
        steps = 0
        while not state.is_over and steps < 3000:
            legal = state.legal_actions()
            if len(legal) > 1:
                marked = {a for a in legal if _sure(state, a, want)}
                if marked and (want == 0 or len(marked) < len(legal)):
                    out.append((state.clone(), marked))
                    break
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        if len(out) >= POSITIONS:
            break
    return out


CASES = mode_cases()


@pytest.mark.parametrize("case", CASES)
def test_the_ai_takes_a_win_on_the_spot(case):
    found = _positions(case, 0)
    assert found, f"{case}: no position with a sure win found in 60 seeded games"
    for state, wins in found:
        d = decision_for(state)
        chosen = make_agent(AI, seed=1).act(d)
        assert chosen in wins, f"{case}: took {state.describe(chosen)} over a sure win"


@pytest.mark.parametrize("case", CASES)
def test_the_ai_does_not_walk_into_a_loss(case):
    found = _positions(case, 1)
    if not found:
        pytest.skip(f"{case}: no move in 60 seeded games loses on the spot while another does not")
    for state, losses in found:
        d = decision_for(state)
        chosen = make_agent(AI, seed=1).act(d)
        assert chosen not in losses, f"{case}: took {state.describe(chosen)}, which loses at once"


def _kirifuda_round1_overwrites(count: int) -> list[State]:
    """切り札, round 1: the mover has just set a support and may overwrite it (上書き) while the other
    support slot is still empty."""
    game = load_game("kirifuda", {})
    out: list[State] = []
    for seed in range(200):
        state = game.new_state(None, seed, players=2)
        rng = Rng(seed)
        while not state.is_over and state.round <= 1:
            legal = state.legal_actions()
            kinds = {a.kind for a in legal}
            if "overwrite" in kinds and "set-support" in kinds:
                out.append(state.clone())
                break
            sets = [a for a in legal if a.kind == "set-support"]
            state.apply(sets[0] if sets else legal[rng.below(len(legal))])
        if len(out) >= count:
            break
    return out


def test_kirifuda_the_ai_keeps_its_overwrite_in_round_1():
    """上書き is once a game; spending it on one's own card just set, with a slot still free, throws a card
    away for nothing. Asked in 8 positions, the AI must not do it in more than one (a search may rate it
    near the other moves when nothing hangs on it: one in eight is noise, two is a habit). Without ``keep``
    (the search alone) it overwrote in 3–4 of the 8: its playouts spend the right at random later, and the
    fitted evaluation likes a strong card in the discard pile."""
    positions = _kirifuda_round1_overwrites(8)
    assert len(positions) == 8
    spent = [s for s in positions if make_agent(AI, seed=1).act(decision_for(s)).kind == "overwrite"]
    assert len(spent) <= 1, f"overwrote its own fresh support in {len(spent)} of 8 positions"
