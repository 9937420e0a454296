"""The RL example learns (seeded, short) and the ``policy`` agent plays a trained policy through the sealed
vector: complete games in the lab's runner, a clear error for a bad module or an illegal choice, and no
policy loaded from a room request unless the server's operator allows it."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tefuda.agents import decision_for_agent, make_agent
from tefuda.core import load_game
from tefuda.lab.runner import simulate
from tefuda.rl.encode import Encoder

ROOT = Path(__file__).parent.parent
if str(ROOT) not in sys.path:  # docs/examples is imported as docs.examples.* from the checkout
    sys.path.insert(0, str(ROOT))

from docs.examples import rl_train  # noqa: E402
from docs.examples.rl_policy import LinearPolicy  # noqa: E402

POLICY = "docs.examples.rl_policy"


@pytest.fixture(autouse=True)
def no_allow_list(monkeypatch):
    monkeypatch.delenv("TEFUDA_POLICY_ALLOW", raising=False)


@pytest.fixture(scope="module")
def trained() -> LinearPolicy:
    # measured with seed 0: greedy 96.5 % (seat 0) / 91.5 % (seat 1), sampling 92.5 % over 200 games a seat;
    # about 5 s. Untrained, sampling wins ~51 %; always the lowest legal index (W = 0, greedy) ~79 %.
    return rl_train.train(games=1600, seed=0, progress=False)


def test_the_short_form_learns_to_beat_random(trained):
    envs = rl_train.make_envs()
    greedy = rl_train.evaluate(trained, 200, envs)
    sampled = rl_train.evaluate(trained, 200, envs, sample=True)
    assert greedy["both"] >= 0.85, greedy  # above the 79 % of the trivial lowest-index policy
    assert min(greedy["seat0"], greedy["seat1"]) >= 0.75, greedy
    assert sampled["both"] >= 0.80, sampled  # from ~51 % untrained


def test_the_same_seed_gives_the_same_weights():
    a = rl_train.train(games=96, seed=3, progress=False)
    b = rl_train.train(games=96, seed=3, progress=False)
    c = rl_train.train(games=96, seed=4, progress=False)
    assert np.array_equal(a.W, b.W) and np.array_equal(a.scale, b.scale)
    assert not np.array_equal(a.W, c.W)


def test_the_policy_agent_plays_complete_games(trained, tmp_path):
    weights = tmp_path / "w.npz"
    trained.save(weights)
    spec = f"policy:module={POLICY},path={weights}"
    summary = simulate("kirifuda", [spec, "random"], 4, seed=1, jobs=1)
    assert summary.games == 4 and summary.errors_total == 0 and summary.aborted == 0
    assert summary.wins["p1"] >= 3  # the trained policy, in seat 1


def write_module(tmp_path: Path, monkeypatch, name: str, body: str) -> str:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(body), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_a_module_act_sees_the_seats_true_vector(tmp_path, monkeypatch):
    name = write_module(
        tmp_path,
        monkeypatch,
        "tefuda_test_first_legal",
        """
        import numpy as np
        SEEN = []
        def act(observation, mask, info):
            SEEN.append((observation, mask, info))
            return int(np.flatnonzero(mask)[0])
        """,
    )
    agent = make_agent(f"policy:module={name}", seed=2)
    game = load_game("kirifuda")
    enc = Encoder(game, 2)
    state = game.new_state(None, 7, players=2, record=False)
    seen = sys.modules[name].SEEN
    for _ in range(40):
        if state.is_over:
            break
        action = agent.act(decision_for_agent(state, agent))
        observation, mask, info = seen[-1]
        seat = state.current_player
        assert np.array_equal(observation, enc.encode(state, seat))  # the world's vector is the true one
        assert np.array_equal(mask, enc.mask(state)) and info["seat"] == seat and info["nplayers"] == 2
        assert action in state.legal_actions()
        state.apply(action)
    assert len(seen) >= 10


def test_bad_modules_fail_clearly_at_make_agent(tmp_path, monkeypatch):
    with pytest.raises(ValueError, match="no module named 'no_such_policy_mod'"):
        make_agent("policy:module=no_such_policy_mod")
    with pytest.raises(ValueError, match="give the module"):
        make_agent("policy")
    with pytest.raises(ValueError, match="not a module name"):
        make_agent("policy:module=a-b")
    with pytest.raises(ValueError, match="no such file"):
        make_agent(f"policy:module={POLICY},path={tmp_path / 'missing.npz'}")
    empty = write_module(tmp_path, monkeypatch, "tefuda_test_empty_policy", "X = 1\n")
    with pytest.raises(ValueError, match="defines neither act"):
        make_agent(f"policy:module={empty}")
    broken = write_module(tmp_path, monkeypatch, "tefuda_test_broken_policy", "import no_such_dep_xyz\n")
    with pytest.raises(ValueError, match="importing tefuda_test_broken_policy failed"):
        make_agent(f"policy:module={broken}")


def test_an_illegal_choice_is_an_error_naming_the_module(tmp_path, monkeypatch):
    body = "def act(o, m, i):\n    return -5\n"
    name = write_module(tmp_path, monkeypatch, "tefuda_test_illegal_policy", body)
    agent = make_agent(f"policy:module={name}")
    state = load_game("kirifuda").new_state(None, 1, players=2, record=False)
    with pytest.raises(ValueError, match=r"tefuda_test_illegal_policy\.act chose action index -5"):
        agent.act(decision_for_agent(state, agent))


def test_the_server_seats_only_allowed_policies(monkeypatch):
    """A room request names its agents, and a policy names code to import: the server seats one only when its
    operator lists the exact spec (module and weights file) in TEFUDA_POLICY_ALLOW."""
    from tefuda.serve.rooms import RoomError, make_config

    def room(spec: str):
        seats = [{"kind": "human"}, {"kind": "agent", "spec": spec}]
        return make_config({"game": "kirifuda", "seats": seats})

    with pytest.raises(RoomError, match="TEFUDA_POLICY_ALLOW"):
        room(f"policy:module={POLICY}")
    with pytest.raises(RoomError, match="TEFUDA_POLICY_ALLOW"):
        room("policy:module=os")
    monkeypatch.setenv("TEFUDA_POLICY_ALLOW", f"policy:module=other; policy:module={POLICY}")
    assert room(f"policy:module={POLICY}")[1].seats[1].spec == f"policy:module={POLICY}"
    with pytest.raises(RoomError, match="TEFUDA_POLICY_ALLOW"):  # the weights file is part of the listing
        room(f"policy:module={POLICY},path=/etc/passwd")
    assert make_agent(f"policy:module={POLICY}").name == "policy"  # outside a room: the user's own choice
