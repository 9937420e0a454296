"""Online play over the real ASGI app (FastAPI's TestClient, a real SQLite file): rooms, seats and invites,
stale, duplicate and illegal submissions, spectators, chat, limits, reconnection, restart, replays.
Claims, sessions, take-over and release: test_serve_access.py; secrets, commitments: test_serve_fair.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from tefuda.core import Rng
from tefuda.core.replay import parse_replay, verify
from tefuda.serve.app import create_app
from tefuda.serve.limits import Limits

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def client(db: str, **kw: Any) -> TestClient:
    kw.setdefault("think", False)
    # no rate limit unless a test asks for one: a test plays as fast as the server answers
    kw.setdefault("limits", Limits(rate=1e9, burst=10**9))
    return TestClient(create_app(db, **kw))


def new_room(c: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "kirifuda")
    body.setdefault("seats", HUMANS2)
    r = c.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def claims(made: dict[str, Any]) -> list[str]:
    """Each human seat's one-time invite token (the link's ``#claim=``), in seat order."""
    return [s["claim"] for s in made["seats"] if s["kind"] == "human"]


class Seat:
    """One WebSocket client: every message it was sent, in order. It opens a seat with an invite (``claim``,
    spent by the first connection: it is then given a session) or with the session it was given."""

    def __init__(self, ws: Any, claim: str | None = None, *, session: str | None = None) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []
        self.session = session
        hello: dict[str, Any] = {"type": "hello"}
        if claim:
            hello["claim"] = claim
        if session:
            hello["session"] = session
        ws.send_text(json.dumps(hello))
        welcome = self.recv()
        if welcome["type"] == "claimed":
            self.session = welcome["session"]
            self.claimed = welcome
            welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.welcome = welcome
        state = self.recv()
        assert state["type"] == "state", state
        self.obs = state["observation"]
        self.decision = state["decision"]

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        msg = json.loads(text)
        msg["_raw"] = text
        self.got.append(msg)
        if msg["type"] in ("update", "state"):
            self.obs = msg["observation"]
            self.decision = msg["decision"]
        return msg

    def send(self, **msg: Any) -> dict[str, Any]:
        self.ws.send_text(json.dumps(msg))
        return self.recv()


def test_a_room_is_made_listed_and_refuses_bad_settings(db):
    with client(db) as c:
        games = c.get("/api/games").json()
        assert {g["id"] for g in games} >= {"kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"}
        made = new_room(c)
        assert [s["kind"] for s in made["seats"]] == ["human", "human"]
        assert all(len(s["claim"]) >= 20 for s in made["seats"])
        assert made["seats"][0]["claim"] != made["seats"][1]["claim"]
        assert made["seats"][0]["url"] == f"/room/{made['room']}#claim={made['seats'][0]['claim']}"
        assert len(made["maker"]) >= 20 and len(made["commitment"]) == 64
        lobby = c.get("/api/rooms").json()
        assert [r["room"] for r in lobby] == [made["room"]]
        text = json.dumps(lobby)
        assert made["maker"] not in text and not any(t in text for t in claims(made))
        bad = [
            ({"game": "nosuch"}, "nosuch"),
            ({"game": "kirifuda", "players": 3}, "2–2 players"),
            ({"game": "kirifuda", "options": {"life": "lots"}}, "life"),
            (
                {"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "agent", "spec": "wizard"}]},
                "wizard",
            ),
            ({"game": "kirifuda", "seats": [{"kind": "robot"}, {"kind": "human"}]}, "robot"),
            ({"game": "kirifuda", "decks": ["3 no such card\n"]}, "no such card"),
            ({"game": "kirifuda", "seed": 4}, "--allow-seed"),
        ]
        for body, needle in bad:
            r = c.post("/api/rooms", json=body)
            assert r.status_code == 400, (body, r.text)
            assert needle in r.json()["error"], (body, r.json())
        r = c.post("/api/rooms", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and "JSON" in r.json()["error"]
        assert c.get("/api/rooms/nosuchroom").status_code == 404


def test_a_deck_list_is_checked_with_the_deck_check_errors(db, tmp_path):
    from tefuda.core import load_game

    g = load_game("kirifuda")
    text = g.default_deck(0).to_text()
    with client(db) as c:
        made = new_room(c, decks=[text, "standard" if "standard" in g.sample_decks() else None])
        assert made["room"]
        lines = text.splitlines()
        first = next(i for i, ln in enumerate(lines) if ln.strip() and not ln.startswith("#"))
        broken = "\n".join([*lines[:first], "9 " + lines[first].split(" ", 1)[1], *lines[first + 1 :]])
        r = c.post("/api/rooms", json={"game": "kirifuda", "decks": [broken]})
        assert r.status_code == 400
        err = r.json()["error"]
        assert "P1's deck" in err and f":{first + 1}" in err, err


def test_seats_act_only_for_themselves_and_stale_or_illegal_submissions_change_nothing(db):
    with client(db) as c:
        made = new_room(c)
        room = made["room"]
        t0, t1 = claims(made)
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            p0, p1 = Seat(w0, t0), Seat(w1, t1)
            assert p0.welcome["seat"] == 0 and p1.welcome["seat"] == 1
            mover, other = (p0, p1) if p0.obs["to_move"] == 0 else (p1, p0)
            assert mover.obs["legal"] and not other.obs["legal"]
            # the other seat cannot act, whatever it names
            idx = mover.obs["legal"][0]["index"]
            err = other.send(type="act", decision=other.decision, action=idx)
            assert err["type"] == "error" and "not yours" in err["error"]
            # a decision from the future, an unknown index, a nonsense notation: refused
            for bad in (
                {"decision": mover.decision + 1, "action": idx},
                {"decision": mover.decision, "action": 10**9},
                {"decision": mover.decision, "action": "fly to the moon"},
                {"decision": "one", "action": idx},
                {"decision": mover.decision, "action": None},
            ):
                assert mover.send(type="act", **bad)["type"] == "error", bad
            assert mover.decision == 0
            # a legal action: acknowledged, then both seats see the update
            ack = mover.send(type="act", decision=0, action=idx)
            assert ack == {"type": "ack", "decision": 0, "_raw": ack["_raw"]}
            assert mover.recv()["type"] == "update" and other.recv()["type"] == "update"
            assert mover.decision == other.decision == 1
            # the same submission again: stale, ignored, nothing changes
            dup = mover.send(type="act", decision=0, action=idx)
            assert dup["type"] == "ignored" and "already answered" in dup["reason"]
            # the connection stays usable after junk
            w0.send_text("{oops")
            assert p0.recv()["type"] == "error"
            w0.send_text(json.dumps([1, 2]))
            assert p0.recv()["type"] == "error"
            assert p0.send(type="ping")["type"] == "pong"
            assert p0.send(type="dance")["type"] == "error"
        # a wrong invite or session opens nothing
        with c.websocket_connect(f"/ws/{room}") as w:
            w.send_text(json.dumps({"type": "hello", "claim": "x" * 24}))
            assert json.loads(w.receive_text())["code"] == "bad_link"
            w.send_text(json.dumps({"type": "hello", "session": "x" * 24}))
            assert json.loads(w.receive_text())["code"] == "session_ended"
            w.send_text(json.dumps({"type": "act", "decision": 1, "action": 0}))
            assert "hello" in json.loads(w.receive_text())["error"]


def test_spectators_watch_but_cannot_act_or_chat(db):
    with client(db) as c:
        made = new_room(c)
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as ws, c.websocket_connect(f"/ws/{room}") as w0:
            spec = Seat(ws, None)
            p0 = Seat(w0, claims(made)[0])
            assert spec.welcome["spectator"] and spec.welcome["seat"] is None
            assert spec.obs["spectator"] and spec.obs["legal"] == []
            assert spec.send(type="act", decision=0, action=0)["type"] == "error"
            assert spec.send(type="say", text="hi")["type"] == "error"
            assert spec.send(type="rematch")["type"] == "error"
            # the seat's chat reaches the spectator
            p0.ws.send_text(json.dumps({"type": "say", "text": "よろしく"}))
            assert p0.recv() == {**p0.got[-1], "type": "chat", "seat": 0, "text": "よろしく"}
            got = spec.recv()
            assert got["type"] == "chat" and got["text"] == "よろしく"


def _drive(seats: dict[int, Seat], rng: Rng, steps: int) -> int:
    """Random legal actions from whichever seat is to move, ``steps`` times (or to the end)."""
    done = 0
    for _ in range(steps):
        any_seat = next(iter(seats.values()))
        mover = any_seat.obs["to_move"]
        if mover < 0:
            break
        s = seats[mover]
        legal = s.obs["legal"]
        pick = legal[rng.below(len(legal))]
        # half the time by index, half by notation
        action = pick["index"] if rng.below(2) else pick["notation"]
        ack = s.send(type="act", decision=s.decision, action=action)
        assert ack["type"] == "ack", ack
        for t in seats.values():
            upd = t.recv()
            assert upd["type"] == "update", upd
            if upd["observation"]["outcome"] is not None:  # the game is over: the secret follows
                reveal = t.recv()
                assert reveal["type"] == "reveal", reveal
        done += 1
    return done


def test_a_whole_game_then_its_replay_verifies_and_the_viewer_steps_through_it(any_db):
    with client(any_db) as c:
        made = new_room(c)
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            assert c.get(f"/api/rooms/{room}/replay").status_code == 409
            assert c.get(f"/api/rooms/{room}/steps").status_code == 409
            _drive(seats, Rng(3), 5000)
            assert seats[0].obs["outcome"] is not None
            r = c.get(f"/api/rooms/{room}/replay")
            assert r.status_code == 200
            rep = parse_replay(r.text)
            final = verify(rep, commitment=seats[0].welcome["commitment"])
            assert final.digest() == rep.final_hash
            assert rep.agents == ["human", "human"] and rep.seed == seats[1].got[-1]["seed"]
            steps = c.get(f"/api/rooms/{room}/steps?seat=1").json()
            assert len(steps) == len(rep.actions) + 1
            assert steps[-1]["observation"] == seats[0].obs
            assert c.get(f"/api/rooms/{room}/steps?seat=9").status_code == 400
            # rematch: a new room, where each seat's own session opens its seat (no link for anyone else)
            m0 = seats[0].send(type="rematch")
            assert m0["type"] == "rematch" and m0["seat"] == 0
            m1 = seats[1].recv()
            assert m1["type"] == "rematch" and m1["room"] == m0["room"] and m1["url"] != m0["url"]
            assert m1["url"] == f"/room/{m1['room']}#seat=2" and "claim" not in json.dumps([m0, m1])
            assert c.get(f"/api/rooms/{m0['room']}").json()["status"] == "playing"
            with c.websocket_connect(f"/ws/{m0['room']}") as w:
                assert Seat(w, session=seats[0].session).welcome["seat"] == 0


def test_a_restarted_server_rebuilds_its_rooms_and_clients_go_on(any_db):
    rng = Rng(11)
    with client(any_db) as c:
        made = new_room(c, game="genesis")
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            sessions = [seats[0].session, seats[1].session]
            _drive(seats, rng, 20)
            before = seats[0].obs
            decision = seats[0].decision
    # the same database, a new process's worth of memory
    with (
        client(any_db) as c,
        c.websocket_connect(f"/ws/{room}") as w0,
        c.websocket_connect(f"/ws/{room}") as w1,
    ):
        # the sessions were kept (as hashes) by the database: the same people go on, the invites stay spent
        seats = {0: Seat(w0, session=sessions[0]), 1: Seat(w1, session=sessions[1])}
        assert seats[0].decision == decision
        assert seats[0].obs == before
        _drive(seats, rng, 10)
        assert seats[0].decision == decision + 10


def test_a_client_that_reconnects_gets_the_whole_table_again(any_db):
    with client(any_db) as c:
        made = new_room(c)
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            _drive(seats, Rng(2), 6)
            want = seats[0].obs
        with c.websocket_connect(f"/ws/{room}") as w0:
            again = Seat(w0, session=seats[0].session)
            assert again.obs == want and again.decision == 6


def test_chat_follows_the_games_own_rule(db):
    """ヨネス: whoever says 邪神グラジヨネス loses — in the chat of a room too."""
    with client(db) as c:
        made = new_room(c, game="yonesu")
        room = made["room"]
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            p0, p1 = Seat(w0, claims(made)[0]), Seat(w1, claims(made)[1])
            assert p1.send(type="say", text="")["type"] == "error"
            assert p1.send(type="say", text="x" * 501)["type"] == "error"
            p1.ws.send_text(json.dumps({"type": "say", "text": "邪神グラジヨネス!"}))
            assert p1.recv()["type"] == "chat"
            upd = p1.recv()
            assert upd["type"] == "update" and upd["observation"]["outcome"]["winners"] == [0]
            assert p0.recv()["type"] == "chat" and p0.recv()["observation"]["outcome"]["winner"] == 0
            rep = parse_replay(c.get(f"/api/rooms/{room}/replay").text)
            assert rep.actions == ["!say 2 邪神グラジヨネス!"]
            verify(rep)


def test_limits_message_size_rate_and_rooms_per_address(db):
    limits = Limits(message=200, rate=1.0, burst=3, rooms_per_address=2)
    with client(db, limits=limits) as c:
        a = new_room(c)
        new_room(c)
        r = c.post("/api/rooms", json={"game": "kirifuda", "seats": HUMANS2})
        assert r.status_code == 429 and "open rooms" in r.json()["error"]
        big = c.post("/api/rooms", content=b"x" * (300 * 1024), headers={"content-type": "application/json"})
        assert big.status_code == 413
        with c.websocket_connect(f"/ws/{a['room']}") as w:
            w.send_text(json.dumps({"type": "hello", "pad": "x" * 300}))
            assert "over 200 bytes" in json.loads(w.receive_text())["error"]
            w.send_text(json.dumps({"type": "ping"}))
            assert json.loads(w.receive_text())["type"] == "pong"
            w.send_text(json.dumps({"type": "ping"}))
            assert json.loads(w.receive_text())["type"] == "pong"
            w.send_text(json.dumps({"type": "ping"}))
            assert "slow down" in json.loads(w.receive_text())["error"]


def test_ai_seats_play_in_worker_processes(db):
    with client(db, think=True, ai_workers=1) as c:
        made = new_room(c, seats=[{"kind": "agent", "spec": "random"}, {"kind": "agent", "spec": "random"}])
        room = made["room"]
        assert "claim" not in json.dumps(made["seats"])
        with c.websocket_connect(f"/ws/{room}") as ws:
            spec = Seat(ws, None)
            seen_thinking = False
            for _ in range(5000):
                if spec.obs["outcome"] is not None:
                    break
                m = spec.recv()
                seen_thinking |= m["type"] == "thinking"
            assert spec.obs["outcome"] is not None and seen_thinking
        rep = parse_replay(c.get(f"/api/rooms/{room}/replay").text)
        assert rep.agents == ["random", "random"]
        verify(rep)


def test_serve_refuses_bad_arguments_in_one_line(tmp_path):
    from typer.testing import CliRunner

    from tefuda.cli.main import app

    runner = CliRunner()
    cases = [
        (["--port", "0"], "--port 0"),
        (["--rate", "nan"], "--rate nan"),
        (["--ai-timeout", "inf"], "--ai-timeout inf"),
        (["--ai-workers", "0"], "--ai-workers 0"),
        (["--rooms-per-address", "0"], "--rooms-per-address 0"),
        (["--db", "nosuchdriver://x"], "--db: cannot open the database"),
        (["--data", "/proc/nope"], "--data /proc/nope"),
    ]
    for args, needle in cases:
        r = runner.invoke(app, ["serve", *args])
        assert r.exit_code == 1, (args, r.output)
        assert needle in r.output and "Traceback" not in r.output, (args, r.output)


def test_a_room_plays_with_a_designers_card_file(db):
    nerf = (
        '[crimson_dragoon]\nname = "紅蓮の竜騎士"\nname_en = "Crimson Dragoon"\n'
        'type = "attacker"\npow = 300\nattributes = ["火"]\n'
        'text = "弱体化。"\ntext_en = "Nerfed."\neffects = []\n'
    )
    with client(db) as c:
        made = new_room(c, cards={"mode": "add", "toml": nerf})
        room = made["room"]
        bad = c.post(
            "/api/rooms",
            json={"game": "kirifuda", "cards": {"mode": "add", "toml": nerf.replace("300", '"x"')}},
        )
        assert bad.status_code == 400 and bad.json()["error"].startswith(
            "cards:1: card [crimson_dragoon] field 'pow'"
        )
        assert (
            c.post(
                "/api/rooms", json={"game": "kirifuda", "cards": {"mode": "merge", "toml": ""}}
            ).status_code
            == 400
        )
        with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            _drive(seats, Rng(1), 5000)
        rep = parse_replay(c.get(f"/api/rooms/{room}/replay").text)
        assert rep.cards == {"mode": "add", "toml": nerf}
        assert verify(rep).digest() == rep.final_hash
    with client(db) as c:  # rebuilt from its rows after a restart, with its cards
        assert c.get(f"/api/rooms/{room}/steps").status_code == 200


def test_undo_in_a_room_needs_every_other_persons_yes_and_never_crosses_a_reveal(db):
    from tefuda.serve.rooms import RoomError

    with client(db, allow_seed=True) as c:  # a chosen seed (testing only): the same game every run
        made = new_room(c, seed=8)
        room_id = made["room"]
        room = c.app.state.server.live[room_id].room
        with c.websocket_connect(f"/ws/{room_id}") as w0, c.websocket_connect(f"/ws/{room_id}") as w1:
            seats = {0: Seat(w0, claims(made)[0]), 1: Seat(w1, claims(made)[1])}
            rng = Rng(5)
            refused_reveal = False
            for _ in range(300):  # play until the last mover may take its action back
                mover = seats[0].obs["to_move"]
                _drive(seats, rng, 1)
                try:
                    room.undo_target(mover)
                    break
                except RoomError as e:
                    refused_reveal |= "reveal" in str(e)
            else:
                raise AssertionError("no action could ever be undone")
            assert refused_reveal
            asker, other = seats[mover], seats[1 - mover]
            before = asker.decision
            # the other person says no: nothing changes
            asker.ws.send_text(json.dumps({"type": "undo"}))
            assert asker.recv()["type"] == "undo_request" and other.recv()["type"] == "undo_request"
            assert asker.send(type="undo_answer", accept=True)["type"] == "error"  # not the asker's to answer
            other.ws.send_text(json.dumps({"type": "undo_answer", "accept": False}))
            assert other.recv() == {**other.got[-1], "type": "undo_result", "ok": False, "seat": 1 - mover}
            assert asker.recv()["type"] == "undo_result" and room.decision == before
            # asked again, and yes: both tables go back one action, the database too
            asker.ws.send_text(json.dumps({"type": "undo"}))
            asker.recv(), other.recv()
            other.ws.send_text(json.dumps({"type": "undo_answer", "accept": True}))
            for s in (asker, other):
                assert s.recv()["type"] == "undo_result"
                assert s.recv()["type"] == "state"
            assert asker.decision == other.decision == before - 1 == room.decision
            assert asker.obs["to_move"] == mover
            entries = len(room.entries)
    with client(db) as c:  # the database holds the game as undone
        assert c.get(f"/api/rooms/{room_id}").json()["decision"] == before - 1
        assert len(c.app.state.server.live[room_id].room.entries) == entries
