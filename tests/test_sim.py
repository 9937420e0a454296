"""The simulator reports rule holes: games stopped by the action cap and games that raised, each with its
seed and a replay that repeats it."""

from __future__ import annotations

import json
from pathlib import Path

from tefuda.core.replay import load_replay, replay_steps
from tefuda.lab.runner import game_seed, simulate


def test_aborted_games_are_counted_and_saved(tmp_path):
    s = simulate("kirifuda", ["random", "random"], 4, seed=1, jobs=1, max_actions=10, error_dir=tmp_path)
    assert s.aborted == 4 and sum(s.wins.values()) == 0
    files = sorted(tmp_path.glob("hole-*.json"))
    assert len(files) == 4
    assert [h["kind"] for h in s.holes] == ["action cap (no exact repetition)"] * 4
    rep = load_replay(files[0])
    assert len(rep.actions) == 10 and rep.outcome is None and "rule hole" in rep.note
    *_, (_, _, state, _) = replay_steps(rep)
    assert not state.is_over


def test_errors_are_reported_with_seed_and_replay(tmp_path):
    """An agent that fails on the seventh action of a game (tests/data/flaky_policy.py: its module is
    loaded afresh for each game) ends each game with a report: the game's seed and its replay so far."""
    spec = f"policy:module={Path(__file__).parent / 'data' / 'flaky_policy.py'}"
    s = simulate("kirifuda", [spec, spec], 2, seed=3, jobs=1, error_dir=tmp_path)
    assert sorted(e["seed"] for e in s.errors) == sorted(game_seed(3, k) for k in range(2))
    for e in s.errors:
        assert "RuntimeError: a rule hole" in e["error"]
        body = json.loads((tmp_path / f"error-{e['seed']}.json").read_text(encoding="utf-8"))
        # six decisions the policy answered, and any the game played alone (a single legal action)
        assert len(body["actions"]) >= 6 and body["seed"] == e["seed"]


def test_results_do_not_depend_on_jobs():
    a = simulate("kirifuda", ["random", "random"], 30, seed=9, jobs=1)
    b = simulate("kirifuda", ["random", "random"], 30, seed=9, jobs=2)
    assert (a.wins, a.draws, a.first_player_wins, a.mean_actions) == (
        b.wins,
        b.draws,
        b.first_player_wins,
        b.mean_actions,
    )


class _Toggle:
    """A toy state whose two moves undo each other: a loop the rules allow."""

    def __init__(self) -> None:
        self.x = 0

    def digest(self) -> str:
        return str(self.x)

    def parse_action(self, text: str) -> str:
        return text

    def apply(self, text: str) -> None:
        self.x += 1 if text == "up" else -1


class _ToggleGame:
    def new_state(self, decks, seed, players, record):
        return _Toggle()


def test_a_repeated_state_is_reported_as_a_loop():
    from tefuda.lab.runner import classify_cap

    kind = classify_cap(_ToggleGame(), [], 0, 2, ["up", "up", "down", "up"])
    assert kind == "loop: the state after action 3 repeats the one after action 1"
    assert classify_cap(_ToggleGame(), [], 0, 2, ["up", "up"]).startswith("action cap")


def test_summary_has_intervals_lengths_and_card_statistics():
    s = simulate("kirifuda", ["random", "random"], 40, seed=2, jobs=1)
    assert all(lo <= s.wins[k] / 40 <= hi for k, (lo, hi) in s.wins_ci.items())
    assert s.by_agent["random"]["seat_games"] == 80
    assert s.length["actions"]["median"] > 0 and s.length["turns"]["mean"] > 0
    assert s.first_player["decided"] == 40 - s.draws
    assert s.cards and all(c["played"] <= c["drawn"] for c in s.cards if c["drawn"])
    drawn = {c["card"]: c["drawn"] for c in s.cards}
    assert max(drawn.values()) <= 80


def test_ray_backend_gives_the_local_results():
    """A local Ray instance (the `ray` extra, installed for the test suite) runs the same chunks."""
    import ray

    a = simulate("kirifuda", ["random", "random"], 24, seed=5, jobs=2)
    b = simulate("kirifuda", ["random", "random"], 24, seed=5, jobs=2, backend="ray")
    assert not ray.is_initialized()  # the backend started its own instance and shut it down
    keys = ("wins", "draws", "first_player_wins", "mean_actions", "reasons", "cards")
    assert [getattr(a, k) for k in keys] == [getattr(b, k) for k in keys]
