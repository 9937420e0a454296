"""No going round in a circle (agents/repetition.py): an agent that remembers the positions of this turn it
decided at does not take the same move at the same position more than ``repeat`` times — so a search that
rates a move changing nothing (黒白物語's 表示形式の変更 back and forth) as well as ending the turn still ends
it."""

from __future__ import annotations

import pytest

from tefuda.agents import decision_for, decision_for_agent, make_agent
from tefuda.agents.ismcts import IsmctsAgent
from tefuda.agents.repetition import Repetitions, position_key
from tefuda.core import Rng, State
from tefuda.core.game import load_game


def _main_phase_with_a_monster() -> State:
    """黒白物語, seeded: the turn player may change a monster's position (表示形式の変更)."""
    game = load_game("kokubyaku")
    state = game.new_state(None, 0)
    rng = Rng(0)
    while not any(a.kind == "position" for a in state.legal_actions()):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


class _FearsTheTurnsEnd:
    """An evaluation that says the seat wins while the turn it is asked in goes on, and loses once it ends:
    the horizon effect that makes a search change positions for ever, written out."""

    def __init__(self, seat: int, turn: int) -> None:
        self.seat, self.turn = seat, turn

    def estimate(self, world: State) -> list[float]:
        mine = 1.0 if world.turn_count() == self.turn else 0.0
        return [mine if s == self.seat else 1.0 - mine for s in range(world.nplayers)]


def _play_the_turn(repeat: int, cap: int = 150) -> int:
    """Actions until the turn ends (``cap`` if it does not): the fearful search for the turn player, the
    opponent passing whenever it may."""
    state = _main_phase_with_a_monster()
    seat, turn = state.current_player, state.turn_count()
    agent = IsmctsAgent(
        seed=1, iters=60, depth=2, decisive=0, repeat=repeat, evaluator=_FearsTheTurnsEnd(seat, turn)
    )
    for n in range(cap):
        if state.is_over or state.turn_count() != turn:
            return n
        legal = state.legal_actions()
        if state.current_player == seat:
            action = agent.act(decision_for_agent(state, agent))
        else:
            action = next((a for a in legal if a.kind == "pass"), legal[0])
        state.apply(action)
    return cap


def test_a_search_that_fears_the_turns_end_goes_round_for_ever_without_the_memory() -> None:
    assert _play_the_turn(repeat=0) == 150  # the circle the memory is for: the turn never ends


def test_with_the_memory_it_ends_the_turn() -> None:
    n = _play_the_turn(repeat=2)
    assert n < 150
    # each position of the circle (the monster's two positions, by whose priority it is): twice a move at most
    assert n < 60


def test_a_move_is_taken_at_most_repeat_times_at_one_position_until_every_move_is_spent() -> None:
    state = _main_phase_with_a_monster()
    decision = decision_for(state)
    agent = make_agent("ismcts:iters=30,decisive=0,repeat=2", 3)
    assert "observation" in agent.uses  # it reads its own view, nothing more
    legal = decision.legal
    picks = [agent.act(decision) for _ in range(2 * len(legal))]
    assert sorted(map(tuple, picks)) == sorted(map(tuple, [a for a in legal for _ in range(2)]))
    agent.act(decision)  # every move spent twice: none is left out, it still moves


def test_a_new_turn_forgets_and_the_key_is_the_same_in_every_process() -> None:
    state = _main_phase_with_a_monster()
    obs = state.observation(state.current_player)
    memory = Repetitions()
    memory.at(obs)[state.legal_actions()[0]] = 2
    assert memory.at(obs) == {state.legal_actions()[0]: 2}
    later = dict(obs, turn=obs["turn"] + 1)
    assert memory.at(later) == {} and memory.at(obs) == {}
    # sorted JSON, not repr or hash(): a server's worker processes each have their own hash seed
    assert position_key(obs) == position_key(dict(reversed(list(obs.items()))))


def test_the_default_ai_remembers_and_an_undo_makes_it_forget() -> None:
    agent = make_agent("ai")
    assert agent.repeat == 2
    state = _main_phase_with_a_monster()
    agent.repetitions.at(state.observation(state.current_player))[state.legal_actions()[0]] = 2
    agent.forget()  # what `tefuda play` does after an undo
    assert agent.repetitions.taken == {}


@pytest.mark.parametrize("bad", ["-1", "1001", "x"])
def test_a_bad_repeat_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="repeat"):
        make_agent(f"ismcts:repeat={bad}")


def test_a_server_worker_gets_the_seats_memory_and_hands_it_back() -> None:
    """A server makes the agent afresh for each decision in a worker process: the seat's memory travels with
    the decision (pickled, as between processes) and comes back with the action."""
    import pickle

    from tefuda.serve.thinking import think

    state = _main_phase_with_a_monster()
    decision = decision_for(state)
    memory = None
    picks = []
    for _ in range(2 * len(decision.legal)):
        action, memory = think("ismcts:iters=30,decisive=0,repeat=2", 3, decision, memory)
        memory = pickle.loads(pickle.dumps(memory))
        picks.append(action)
    assert sorted(map(tuple, picks)) == sorted(map(tuple, [a for a in decision.legal for _ in range(2)]))


def test_a_rooms_ai_seats_keep_their_memory_between_decisions(db) -> None:
    """Online, each AI seat's memory lives in the room (one per seat, for the room's epoch) and goes to the
    worker with each decision."""
    pytest.importorskip("fastapi")
    import time

    from tests.test_serve import client, new_room

    agents = [{"kind": "agent", "spec": "ismcts:iters=5,decisive=0,repeat=2"}] * 2
    with client(db, think=True, ai_workers=1) as c:
        room = new_room(c, seats=agents)["room"]
        deadline = time.monotonic() + 120
        while c.get(f"/api/rooms/{room}").json()["status"] == "playing":
            assert time.monotonic() < deadline, "the AI game did not end"
            time.sleep(0.05)
        live = c.app.state.server.live[room]
        kept = {seat: m["agent"] for (seat, _), m in live.memory.items()}
    assert set(kept) == {0, 1}
    assert all(isinstance(r, Repetitions) and r.taken for r in kept.values())


def test_an_undo_in_the_terminal_against_a_remembering_ai() -> None:
    from typer.testing import CliRunner

    from tefuda.cli.main import app

    res = CliRunner().invoke(
        app,
        ["play", "kirifuda", "--p1", "human", "--p2", "ismcts:iters=5,repeat=2", "--seed", "11"],
        input="1\nundo\n" * 40,
    )
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "undone: back to step" in res.output
