"""Hidden information on the wire: for full random games of every game (every mode), every message the
server sends to each seat and to a spectator is compared with the message built from a world in which every
card identity that viewer cannot know was swapped (tests/conftest.swap_hidden). Whatever differs would be a
secret on the wire."""

from __future__ import annotations

import json
from itertools import zip_longest

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from tefuda.core import Rng
from tefuda.core.game import load_case, mode_cases
from tefuda.serve.app import create_app
from tefuda.serve.limits import Limits
from tests.conftest import LONG, swap_hidden


def _reveals(ev, viewer: int) -> bool:
    return ev.card >= 0 and bool((ev.mask >> viewer) & 1)


@pytest.mark.parametrize("seed", [7, 8, 9] if LONG else [7])
@pytest.mark.parametrize("case", mode_cases())
def test_no_message_to_a_seat_carries_a_card_it_cannot_know(case, seed, tmp_path):
    wire_check(case, seed, tmp_path)


def test_the_wire_check_finds_a_leak_when_there_is_one(tmp_path, monkeypatch):
    """A server that shows the spectator P1's view (P1's hand among it) must fail the check."""
    from tefuda.serve.rooms import Room

    real = Room.observation
    monkeypatch.setattr(Room, "observation", lambda self, seat: real(self, 0 if seat is None else seat))
    with pytest.raises(AssertionError, match="tells a hidden card"):
        wire_check("kirifuda", 7, tmp_path)


def wire_check(case: str, seed: int, tmp_path) -> None:
    game, mode = load_case(case)
    n = mode.players
    rng = Rng(99)
    # no rate limit: the test acts as fast as the server answers
    app = create_app(f"sqlite:///{tmp_path / 'wire.db'}", think=False, limits=Limits(rate=1e9, burst=10**9))
    with TestClient(app) as c:
        r = c.post(
            "/api/rooms",
            json={
                "game": game.id,
                "players": n,
                "options": mode.options,
                "seats": [{"kind": "human"}] * n,
                "seed": seed,
            },
        )
        assert r.status_code == 200, r.text
        made = r.json()
        room = app.state.server.live[made["room"]].room
        sockets = [c.websocket_connect(f"/ws/{made['room']}") for _ in range(n + 1)]
        conns = [s.__enter__() for s in sockets]
        try:
            viewers = [*range(n), n]  # n: the spectator
            obs: dict[int, dict] = {}
            for v, ws in zip(viewers, conns, strict=True):
                ws.send_text(
                    json.dumps({"type": "hello", **({"token": made["seats"][v]["token"]} if v < n else {})})
                )
                assert json.loads(ws.receive_text())["type"] == "welcome"
                state_msg = json.loads(ws.receive_text())
                obs[v] = state_msg["observation"]
            steps = compared = 0
            while room.to_move >= 0:
                state = room.state
                mover = state.current_player
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
                twins = {}
                for v in viewers:
                    twin = swap_hidden(state, v, rng)
                    # what the viewer holds now must be what the swapped world would have sent
                    want = json.loads(json.dumps(twin.observation(v), ensure_ascii=False))
                    assert want == obs[v], (
                        f"{case} step {steps}: viewer {v}'s observation tells a hidden card"
                    )
                    twins[v] = twin
                start = len(state.log)
                index = game.action_space.index(action)
                conns[mover].send_text(
                    json.dumps({"type": "act", "decision": room.decision, "action": index})
                )
                ack = json.loads(conns[mover].receive_text())
                assert ack["type"] == "ack", ack
                real_events = state.log[start:]
                for v, ws in zip(viewers, conns, strict=True):
                    msg = json.loads(ws.receive_text())
                    assert msg["type"] == "update"
                    obs[v] = msg["observation"]
                    assert len(msg["log"]) == len(real_events)
                    twin = twins[v].clone()
                    if action not in twin.legal_actions():
                        continue
                    for got, real, ev in zip_longest(msg["log"], real_events, twin.apply(action)):
                        if (real is not None and _reveals(real, v)) or (ev is not None and _reveals(ev, v)):
                            break  # the rules show this viewer a card: the two worlds may rightly part here
                        assert got is not None and ev is not None, (
                            f"{case} step {steps}: event streams differ"
                        )
                        view = ev.view(v, game.card_ids)
                        want_ev = {
                            "code": ev.code,
                            "ja": game.render_event(view, v, "ja"),
                            "en": game.render_event(view, v, "en"),
                        }
                        assert got == want_ev, (
                            f"{case} step {steps}: viewer {v} saw {got}, the swapped world {want_ev}"
                        )
                        compared += 1
                steps += 1
                assert steps < 5000
            assert steps > 10 and compared > steps, (steps, compared)
            print(case, steps, "steps", compared, "events compared")
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
