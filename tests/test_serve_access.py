"""A seat's link works for one person (issue 22): an invite is claimed once, by the first connection that
opens it, which is given a session of its own; the room's answer holds no session; a maker who kept an
invite can neither read the claimed seat's view nor act for it; one connection acts for a seat at a time (a
second one with the same session takes over); the maker, or the rest of the table, can release a seat (the
old session stops working, a new invite is issued); a rematch opens each seat to its own person only.

Each hole has a planted variant — the server with the check taken away — to show the test can fail."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tefuda.core import Rng
from tefuda.serve.app import CLOSE_RELEASED, CLOSE_TAKEN_OVER, Server
from tefuda.serve.rooms import Room, token_hash
from tests.test_serve import Seat, _drive, claims, client, new_room


def hello(ws: Any, **fields: Any) -> dict[str, Any]:
    """Say hello and return the first answer (claimed, welcome or error)."""
    ws.send_text(json.dumps({"type": "hello", **fields}))
    return json.loads(ws.receive_text())


def closed_with(ws: Any) -> int:
    """The close code of a connection the server closed (after any messages still queued)."""
    with pytest.raises(WebSocketDisconnect) as e:
        while True:
            ws.receive_text()
    return e.value.code


# ---------------------------------------------------------------------------------------- the room's answer
def test_the_room_answer_holds_invites_and_a_maker_token_but_no_session(db):
    with client(db) as c:
        made = new_room(c, seats=[{"kind": "human"}, {"kind": "agent", "spec": "random"}])
        text = json.dumps(made)
        assert set(made) == {"room", "maker", "seats", "spectator_url", "commitment", "settings"}
        human = made["seats"][0]
        assert set(human) == {"seat", "kind", "spec", "claim", "url"}
        assert human["url"] == f"/room/{made['room']}#claim={human['claim']}"
        assert set(made["seats"][1]) == {"seat", "kind", "spec"}  # an AI seat has no link
        assert "session" not in text
        with c.websocket_connect(f"/ws/{made['room']}") as w:
            p1 = Seat(w, human["claim"])
            assert p1.session and p1.session not in text and p1.session != human["claim"]
            assert p1.claimed == {
                "type": "claimed",
                "seat": 0,
                "session": p1.session,
                "_raw": p1.claimed["_raw"],
            }
        # the database keeps hashes only: no invite, session or maker token in it
        row = c.app.state.server.store.room_row(made["room"])
        stored = json.dumps(row, default=str)
        for secret in (human["claim"], p1.session, made["maker"]):
            assert secret not in stored
        assert token_hash(p1.session) in stored and token_hash(made["maker"]) == row["maker"]


# ---------------------------------------------------------------------------------------- a claim works once
def claim_once(c: TestClient) -> None:
    made = new_room(c)
    room = made["room"]
    t0, t1 = claims(made)
    with (
        c.websocket_connect(f"/ws/{room}") as w0,
        c.websocket_connect(f"/ws/{room}") as w1,
        c.websocket_connect(f"/ws/{room}") as w2,
    ):
        seats = {0: Seat(w0, t0), 1: Seat(w1, t1)}
        # the same invite again, from another connection: refused, and it gets nothing of the seat
        again = hello(w2, claim=t1)
        assert again.get("code") == "seat_taken", f"a spent invite opened its seat again: {again}"
        assert "P2" in again["error"] and "taken" in again["error"]
        w2.send_text(json.dumps({"type": "act", "decision": 0, "action": 0}))
        assert "hello" in json.loads(w2.receive_text())["error"]
        # the first holders go on acting, both of them
        movers = set()
        for _ in range(12):
            movers.add(seats[0].obs["to_move"])
            _drive(seats, Rng(len(movers)), 1)
        assert movers == {0, 1}


def test_an_invite_is_claimed_once_and_the_first_holder_keeps_acting(db):
    with client(db) as c:
        claim_once(c)


def _unspent_claims(monkeypatch) -> None:
    """Planted: a server whose invites are never spent (the old tokens: any number of people per seat)."""
    real = Room.claim

    def claim(self: Room, token: Any) -> tuple[int, str]:
        seat, session = real(self, token)
        self.cfg.seats[seat].claim = token_hash(token)
        return seat, session

    monkeypatch.setattr(Room, "claim", claim)


def test_planted_an_invite_that_is_never_spent_is_caught(db, monkeypatch):
    _unspent_claims(monkeypatch)
    with client(db) as c, pytest.raises(AssertionError, match="a spent invite opened its seat again"):
        claim_once(c)


# ---------------------------------------------------------------------------------------- the maker's copy
def known_to(obs: dict[str, Any], owner: int) -> dict[str, list[str]]:
    """The cards an observation names in ``owner``'s zones, zone by zone."""
    return {
        z["id"]: sorted(x["card"] for x in z["cards"] if x["card"])
        for z in obs["zones"]
        if z["owner"] == owner
    }


def maker_locked_out(c: TestClient) -> None:
    made = new_room(c)
    room = made["room"]
    t1 = claims(made)[1]
    with c.websocket_connect(f"/ws/{room}") as w1, c.websocket_connect(f"/ws/{room}") as wm:
        p2 = Seat(w1, t1)  # P2 opens the link the maker sent
        mine = known_to(p2.obs, 1)
        assert any(mine.values())
        # the maker kept P2's link: it opens nothing now
        got = hello(wm, claim=t1)
        assert got.get("code") == "seat_taken", f"the maker's copy of the invite opened P2's seat: {got}"
        # … and as a spectator it sees what any spectator sees, not P2's private cards
        spec = Seat(wm)
        assert spec.welcome["seat"] is None and spec.obs["spectator"]
        theirs = known_to(spec.obs, 1)
        assert any(theirs[z] != cards for z, cards in mine.items()), "the maker reads P2's private cards"
        # and it cannot act for P2, whoever is to move
        if p2.obs["to_move"] == 1:
            idx = p2.obs["legal"][0]["index"]
            assert spec.send(type="act", decision=p2.decision, action=idx)["type"] == "error"
        assert c.app.state.server.live[room].room.decision == 0
        # P2 is still P2 (its connection was not taken over)
        assert p2.send(type="ping")["type"] == "pong"


def test_a_maker_who_kept_the_invite_cannot_read_or_act_for_the_claimed_seat(db):
    with client(db) as c:
        maker_locked_out(c)


def test_planted_a_maker_who_reuses_the_invite_is_caught(db, monkeypatch):
    _unspent_claims(monkeypatch)
    with client(db) as c, pytest.raises(AssertionError, match="the maker's copy of the invite opened"):
        maker_locked_out(c)


# ---------------------------------------------------------------------------------------- take-over
def take_over(c: TestClient) -> None:
    made = new_room(c)
    room_id = made["room"]
    room = c.app.state.server.live[room_id].room
    t0, t1 = claims(made)
    with (
        c.websocket_connect(f"/ws/{room_id}") as wa,
        c.websocket_connect(f"/ws/{room_id}") as wb,
        c.websocket_connect(f"/ws/{room_id}") as w1,
    ):
        first = Seat(wa, t0)
        other = Seat(w1, t1)
        second = Seat(wb, session=first.session)  # the same person in another tab (or a thief with it)
        assert second.welcome["seat"] == 0
        # the first connection is told, then closed; it acts for nothing any more
        wa.send_text(json.dumps({"type": "ping"}))
        told = json.loads(wa.receive_text())
        assert told == {"type": "taken_over", "seat": 0}, told
        assert closed_with(wa) == CLOSE_TAKEN_OVER
        # the seat goes on from the second connection
        mover = {0: second, 1: other}
        _drive(mover, Rng(1), 4)
        assert room.decision == 4


def test_a_second_connection_with_the_same_session_takes_the_seat_over(db):
    with client(db) as c:
        take_over(c)


def test_planted_two_connections_acting_for_one_seat_are_caught(db, monkeypatch):
    real = Server._drop

    async def keep_both(self, live, conn, msg, code):
        if msg["type"] != "taken_over":
            await real(self, live, conn, msg, code)

    monkeypatch.setattr(Server, "_drop", keep_both)
    with client(db) as c, pytest.raises(AssertionError, match="taken_over"):
        take_over(c)


def test_a_taken_over_connection_cannot_act_even_before_it_closes(db):
    """The check under the room's lock: a connection that is no longer its seat's is refused."""
    with client(db) as c:
        made = new_room(c)
        live = c.app.state.server.live[made["room"]]
        with c.websocket_connect(f"/ws/{made['room']}") as wa:
            a = Seat(wa, claims(made)[0])
            conn = next(iter(live.conns))
            assert Server._holds(live, conn)
            live.room.cfg.seats[0].session = token_hash("someone else")
            assert not Server._holds(live, conn)
            reply = a.send(type="say", text="hi")
            assert reply["type"] == "error" and reply["code"] == "session_ended"
            assert live.room.chat == []


# ---------------------------------------------------------------------------------------- release
def release_by_maker(c: TestClient, restart: Any = None) -> None:
    made = new_room(c)
    room_id = made["room"]
    t0, t1 = claims(made)
    with c.websocket_connect(f"/ws/{room_id}") as w0, c.websocket_connect(f"/ws/{room_id}") as w1:
        p1, p2 = Seat(w0, t0), Seat(w1, t1)
        old = p2.session
        # not the maker, an AI or a missing seat: refused
        assert c.post(f"/api/rooms/{room_id}/release", json={"seat": 1, "maker": t1}).status_code == 403
        assert c.post(f"/api/rooms/{room_id}/release", json={"seat": 1}).status_code == 403
        assert (
            c.post(f"/api/rooms/{room_id}/release", json={"seat": 7, "maker": made["maker"]}).status_code
            == 400
        )
        assert (
            c.post("/api/rooms/nosuch/release", json={"seat": 1, "maker": made["maker"]}).status_code == 404
        )
        r = c.post(f"/api/rooms/{room_id}/release", json={"seat": 1, "maker": made["maker"]})
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["seat"] == 1 and new["url"] == f"/room/{room_id}#claim={new['claim']}"
        # the released connection is told and dropped at once
        assert p2.recv() == {**p2.got[-1], "type": "released", "seat": 1, "by": "maker"}
        assert closed_with(w1) == CLOSE_RELEASED
        # everyone else sees it in the log, in both languages
        note = p1.recv()
        assert note["type"] == "seat_released" and note["seat"] == 1
        assert (
            note["en"] == "P2's seat was released; a new link was issued" and "P2の席が解放され" in note["ja"]
        )
    if restart is not None:
        c = restart()
    with c.websocket_connect(f"/ws/{room_id}") as w:
        # the old session and the old invite open nothing
        got = hello(w, session=old)
        assert got["type"] == "error" and got["code"] == "session_ended", got
        assert hello(w, claim=t1)["code"] == "seat_taken"
        # the new invite does, once
        p2 = Seat(w, new["claim"])
        assert p2.welcome["seat"] == 1
        if restart is None:  # the notice is kept for whoever joins later (in memory)
            state = next(m for m in p2.got if m["type"] == "state")
            assert [n["code"] for n in state["notices"]] == ["seat_released"]
    with c.websocket_connect(f"/ws/{room_id}") as w:
        assert hello(w, claim=new["claim"])["code"] == "seat_taken"


def test_the_maker_releases_a_seat_the_old_session_stops_and_the_new_link_works(any_db):
    with client(any_db) as c:
        release_by_maker(c)


def test_a_release_is_kept_by_a_restarted_server(any_db):
    holder: list[TestClient] = []

    def restart() -> TestClient:
        holder[0].__exit__(None, None, None)
        holder[0] = client(any_db).__enter__()
        return holder[0]

    holder.append(client(any_db).__enter__())
    try:
        release_by_maker(holder[0], restart)
    finally:
        holder[0].__exit__(None, None, None)


def test_planted_a_release_that_leaves_the_old_session_working_is_caught(db, monkeypatch):
    real = Room.issue_invite

    def keep_session(self: Room, seat: int) -> str:
        session = self.cfg.seats[seat].session
        token = real(self, seat)
        self.cfg.seats[seat].session = session
        return token

    monkeypatch.setattr(Room, "issue_invite", keep_session)
    with client(db) as c, pytest.raises(AssertionError):
        release_by_maker(c)


def test_the_table_releases_a_seat_when_every_other_person_agrees(db):
    with client(db) as c:
        made = new_room(c, game="yonesu", players=3, seats=[{"kind": "human"}] * 3)
        room_id = made["room"]
        t = claims(made)
        with (
            c.websocket_connect(f"/ws/{room_id}") as w0,
            c.websocket_connect(f"/ws/{room_id}") as w1,
            c.websocket_connect(f"/ws/{room_id}") as w2,
        ):
            p = [Seat(w0, t[0]), Seat(w1, t[1]), Seat(w2, t[2])]
            # P1 asks to release P3: P2 must say yes; P3 has no say
            req = p[0].send(type="release", seat=2)
            assert req == {**req, "type": "release_request", "seat": 2, "by": 0}
            assert p[1].recv()["type"] == "release_request" and p[2].recv()["type"] == "release_request"
            assert p[2].send(type="release_answer", accept=True)["type"] == "error"
            assert p[0].send(type="release", seat=1)["type"] == "error"  # one request at a time
            p[1].ws.send_text(json.dumps({"type": "release_answer", "accept": False}))
            for s in p:
                res = s.recv()
                assert res["type"] == "release_result" and res["ok"] is False and res["refused_by"] == 1
            # asked again, and yes: P3 is dropped, the new link goes to P1 and P2, everyone is told
            p[0].send(type="release", seat=2)
            p[1].recv(), p[2].recv()
            p[1].ws.send_text(json.dumps({"type": "release_answer", "accept": True}))
            assert p[2].recv()["type"] == "released"
            assert closed_with(w2) == CLOSE_RELEASED
            invites = []
            for s in p[:2]:
                kinds = [s.recv() for _ in range(3)]
                assert [m["type"] for m in kinds] == ["seat_released", "invite", "release_result"]
                invites.append(kinds[1]["claim"])
            assert invites[0] == invites[1]
        with c.websocket_connect(f"/ws/{room_id}") as w:
            assert hello(w, session=p[2].session)["code"] == "session_ended"
            assert Seat(w, invites[0]).welcome["seat"] == 2
        # with two people, the other one alone decides (and a spectator or an AI seat cannot ask)
        made = new_room(c)
        with (
            c.websocket_connect(f"/ws/{made['room']}") as w0,
            c.websocket_connect(f"/ws/{made['room']}") as w1,
        ):
            a, b = Seat(w0, claims(made)[0]), Seat(w1, claims(made)[1])
            assert a.send(type="release", seat=0)["type"] == "error"  # not one's own seat
            assert b.send(type="release", seat=0)["type"] == "seat_released"
            assert [b.recv()["type"] for _ in range(2)] == ["invite", "release_result"]
            assert a.recv()["type"] == "released"


# ---------------------------------------------------------------------------------------- rematch
def test_a_rematch_opens_each_seat_to_its_own_person_only(db):
    with client(db) as c:
        made = new_room(c)
        room_id = made["room"]
        t0, t1 = claims(made)
        with c.websocket_connect(f"/ws/{room_id}") as w0, c.websocket_connect(f"/ws/{room_id}") as w1:
            seats = {0: Seat(w0, t0), 1: Seat(w1, t1)}
            _drive(seats, Rng(4), 5000)
            assert seats[0].obs["outcome"] is not None
            # a release once the game is over: refused
            r = c.post(f"/api/rooms/{room_id}/release", json={"seat": 1, "maker": made["maker"]})
            assert r.status_code == 409
            m0 = seats[0].send(type="rematch")
            m1 = seats[1].recv()
        new = m0["room"]
        assert m0 == {**m0, "type": "rematch", "seat": 0, "url": f"/room/{new}#seat=1"}
        assert m1["url"] == f"/room/{new}#seat=2" and "claim" not in json.dumps([m0, m1])
        with c.websocket_connect(f"/ws/{new}") as w:
            # the old invites (which the maker had) open nothing there
            assert hello(w, claim=t1)["code"] == "bad_link"
            # each person's own session opens their own seat
            assert Seat(w, session=seats[1].session).welcome["seat"] == 1
        with c.websocket_connect(f"/ws/{new}") as w:
            assert Seat(w, session=seats[0].session).welcome["seat"] == 0
        # the maker's token carries over: the maker can still release a seat there
        r = c.post(f"/api/rooms/{new}/release", json={"seat": 1, "maker": made["maker"]})
        assert r.status_code == 200, r.text
        # a spectator's rematch message has no seat
        with c.websocket_connect(f"/ws/{room_id}") as w:
            spec = Seat(w)
            msg = spec.recv()
            assert msg == {**msg, "type": "rematch", "url": f"/room/{new}"} and "seat" not in msg
