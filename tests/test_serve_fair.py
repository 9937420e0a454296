"""Provably fair rooms (issue 22): every room's secret is new from the operating system (256 bits, one per
room and per rematch, never chosen — unless the server was started for testing with ``allow_seed``); AI
seats draw from a salt of their own, never from the secret; everyone is given the commitment in ``welcome``
before anything happens, and the secret only once the game is over; the downloaded replay verifies against
the commitment given at the start. A database made by the previous version is upgraded in place, and its
rooms, dealt by the old stream, are marked unrecoverable rather than rebuilt as other games.

Each hole has a planted variant — the server with the check taken away — to show the test can fail."""

from __future__ import annotations

import json
import pickle
import secrets
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from tefuda.core import Rng
from tefuda.core.errors import ReplayError
from tefuda.core.fair import commit
from tefuda.core.replay import parse_replay, verify
from tefuda.core.rng import secret_key
from tefuda.serve import app as app_module
from tefuda.serve import rooms as rooms_module
from tefuda.serve.thinking import Thinkers
from tests.test_serve import HUMANS2, Seat, _drive, claims, client, new_room

HEX = set("0123456789abcdef")


# ---------------------------------------------------------------------------------------- chosen seeds
def seeds_refused(c: TestClient) -> None:
    for seed in (5, "ab" * 32, 0):
        r = c.post("/api/rooms", json={"game": "kirifuda", "seats": HUMANS2, "seed": seed})
        assert r.status_code == 400, f"a chosen seed {seed!r} was taken: {r.text}"
        assert "chosen seeds are for testing: start the server with --allow-seed" in r.json()["error"]
    assert c.post("/api/rooms", json={"game": "kirifuda", "seats": HUMANS2, "seed": None}).status_code == 200


def test_a_chosen_seed_is_refused_unless_the_server_is_started_for_testing(db):
    with client(db) as c:
        seeds_refused(c)
    with client(db, allow_seed=True) as c:
        made = new_room(c, seed=5)
        assert c.app.state.server.live[made["room"]].room.cfg.seed == 5
        made = new_room(c, seed="AB" * 32)
        assert c.app.state.server.live[made["room"]].room.cfg.seed == "ab" * 32
        for bad in (-4, True, "xyz", 1.5, 1 << 63):
            r = c.post("/api/rooms", json={"game": "kirifuda", "seats": HUMANS2, "seed": bad})
            assert r.status_code == 400 and "seed" in r.json()["error"], bad


def test_planted_a_server_that_takes_chosen_seeds_is_caught(db):
    with client(db, allow_seed=True) as c, pytest.raises(AssertionError, match="a chosen seed"):
        seeds_refused(c)


# ---------------------------------------------------------------------------------------- secrets
def secrets_of_rooms(c: TestClient) -> None:
    srv = c.app.state.server
    made = [new_room(c) for _ in range(3)]
    seeds = [srv.live[m["room"]].room.cfg.seed for m in made]
    for s in seeds:
        assert isinstance(s, str) and len(s) == 64 and set(s) <= HEX, f"a room's seed is not a secret: {s!r}"
        assert int(s, 16).bit_length() > 128  # 256 bits drawn: below 2**128 once in 2**128 rooms
    assert len(set(seeds)) == 3, "two rooms share a secret"
    # the database keeps it as text
    assert srv.store.room_row(made[0]["room"])["secret"] == seeds[0]
    # a rematch has a new one
    room = made[0]["room"]
    with c.websocket_connect(f"/ws/{room}") as w0, c.websocket_connect(f"/ws/{room}") as w1:
        seats = {0: Seat(w0, claims(made[0])[0]), 1: Seat(w1, claims(made[0])[1])}
        _drive(seats, Rng(2), 5000)
        new = seats[0].send(type="rematch")["room"]
    again = srv.live[new].room.cfg.seed
    assert isinstance(again, str) and len(again) == 64 and again not in seeds, "the rematch reuses a secret"


def test_every_room_and_every_rematch_has_a_secret_of_256_bits(db):
    with client(db) as c:
        secrets_of_rooms(c)


def test_planted_31_bit_seeds_are_caught(db, monkeypatch):
    """The old server: seeds from ``secrets.randbelow(1 << 31)``."""
    monkeypatch.setattr(rooms_module, "new_secret", lambda: secrets.randbelow(1 << 31))
    monkeypatch.setattr(app_module, "new_secret", lambda: secrets.randbelow(1 << 31))
    with client(db) as c, pytest.raises(AssertionError, match="not a secret"):
        secrets_of_rooms(c)


# ---------------------------------------------------------------------------------------- AI seats
def agent_seeds(db: str, monkeypatch) -> dict[tuple[int, int, int], int]:
    """Two rooms with the same secret (chosen: testing only), every seat a random AI; the seed each AI seat
    was handed for each decision, by (room, seat, decision); and no decision handed to a worker holds the
    secret."""
    secret = "5e" * 32
    key = secret_key(secret)
    seen: dict[tuple[int, int, int], int] = {}
    real = Thinkers.act
    states: dict[int, int] = {}

    async def spy(self: Thinkers, state: Any, spec: str, seed: int, memory: Any = None):
        blob = pickle.dumps(self.decision(state, spec))
        assert key not in blob and secret.encode() not in blob, "a decision handed to an AI holds the secret"
        seen[(states.setdefault(id(state), len(states)), state.current_player, state.steps)] = seed
        return await real(self, state, spec, seed, memory)

    monkeypatch.setattr(Thinkers, "act", spy)
    agents = [{"kind": "agent", "spec": "random"}] * 2
    with client(db, think=True, ai_workers=1, allow_seed=True) as c:
        rooms = [new_room(c, seats=agents, seed=secret)["room"] for _ in range(2)]
        deadline = time.monotonic() + 120
        while any(c.get(f"/api/rooms/{r}").json()["status"] == "playing" for r in rooms):
            assert time.monotonic() < deadline, "the AI games did not end"
            time.sleep(0.05)
        for r in rooms:
            rep = parse_replay(c.get(f"/api/rooms/{r}/replay").text)
            assert rep.seed == secret
    return seen


def test_an_ai_seats_seed_does_not_depend_on_the_secret(db, monkeypatch):
    seen = agent_seeds(db, monkeypatch)
    both = {(s, d) for (r, s, d) in seen if r == 0} & {(s, d) for (r, s, d) in seen if r == 1}
    assert len(both) >= 3, seen
    same = [k for k in both if seen[(0, *k)] == seen[(1, *k)]]
    assert not same, f"two rooms with one secret gave their AI seats the same seeds at {sorted(same)[:5]}"


def test_planted_ai_seeds_from_the_secret_are_caught(db, monkeypatch):
    """The old server: ``agent_seed(room.cfg.seed, seat) ^ …``, derived from the game's secret."""
    from tefuda.lab.runner import agent_seed

    def from_secret(live, seat: int, decision: int) -> int:
        return agent_seed(int(live.room.cfg.seed, 16) & (1 << 63) - 1, seat) ^ (decision * 0x9E3779B1)

    monkeypatch.setattr(app_module.Server, "agent_seed", staticmethod(from_secret))
    with pytest.raises(AssertionError, match="the same seeds"):
        test_an_ai_seats_seed_does_not_depend_on_the_secret(db, monkeypatch)


# ---------------------------------------------------------------------------------------- the commitment
def commitment_then_secret(c: TestClient) -> None:
    made = new_room(c)
    room = made["room"]
    t0, t1 = claims(made)
    with (
        c.websocket_connect(f"/ws/{room}") as w0,
        c.websocket_connect(f"/ws/{room}") as w1,
        c.websocket_connect(f"/ws/{room}") as ws,
    ):
        seats = {0: Seat(w0, t0), 1: Seat(w1, t1)}
        spec = Seat(ws)
        # the commitment arrives in welcome, before any action; the same for every viewer
        given = seats[0].welcome["commitment"], seats[0].welcome["settings"]
        assert len(given[0]) == 64 and len(given[1]) == 64
        assert given == (made["commitment"], made["settings"])
        for v in (seats[1], spec):
            assert (v.welcome["commitment"], v.welcome["settings"]) == given
        assert seats[0].decision == 0
        info = c.get(f"/api/rooms/{room}").json()
        assert info["commitment"] == given[0] and "reveal" not in info
        assert all("reveal" not in m for v in (*seats.values(), spec) for m in v.got)
        # the game, to its end: the secret comes only then
        _drive({**seats}, Rng(6), 5000)
        for _ in range(len(seats[0].got)):
            m = spec.recv()
            if m["type"] == "reveal":
                break
            assert m["type"] == "update" and "seed" not in m
        reveals = [[m for m in v.got if m["type"] == "reveal"] for v in (*seats.values(), spec)]
        assert all(len(r) == 1 for r in reveals)
        for v in (*seats.values(), spec):
            before = v.got[: v.got.index(next(m for m in v.got if m["type"] == "reveal"))]
            secret = reveals[0][0]["seed"]
            assert not any(secret in m["_raw"] for m in before), (
                "the secret was sent before the game was over"
            )
        reveal = reveals[0][0]
        assert reveal["seed"] == reveal["key"] and len(reveal["seed"]) == 64  # a secret is its own key
        assert commit(reveal["seed"], reveal["settings"]) == given[0], (
            "the secret does not open the commitment"
        )
        assert c.get(f"/api/rooms/{room}").json()["reveal"] == {
            k: reveal[k] for k in reveal if k not in ("_raw", "type")
        }
    # a finished room's state holds it too (a page that opens later)
    with c.websocket_connect(f"/ws/{room}") as w:
        late = Seat(w)
        assert late.got[1]["reveal"]["seed"] == reveal["seed"]
    # the replay holds the secret and the commitment, and verifies against the one given at the start
    rep = parse_replay(c.get(f"/api/rooms/{room}/replay").text)
    assert rep.seed == reveal["seed"] and rep.commitment == given[0]
    verify(rep, commitment=given[0])
    with pytest.raises(ReplayError, match="not the game that was promised"):
        verify(rep, commitment="0" * 64)


def test_the_commitment_comes_first_the_secret_last_and_the_replay_verifies(any_db):
    with client(any_db) as c:
        commitment_then_secret(c)


def test_planted_a_commitment_to_another_secret_is_caught(db, monkeypatch):
    """A server that commits to one secret and deals (and reveals) another."""
    real = rooms_module.commit
    monkeypatch.setattr(rooms_module, "commit", lambda seed, settings: real("00" * 32, settings))
    with client(db) as c, pytest.raises(AssertionError, match="does not open the commitment"):
        commitment_then_secret(c)


# ---------------------------------------------------------------------------------------- an older database
OLD_SEATS = json.dumps(
    [{"kind": "human", "spec": "", "token": "t" * 24}, {"kind": "human", "spec": "", "token": "u" * 24}]
)


def old_database(url: str) -> None:
    """The rooms table as the previous version made it (seed a BigInteger, no secret, raw tokens), with an
    open room and a finished one."""
    from sqlalchemy import BigInteger, Column, Float, Integer, MetaData, String, Table, Text, create_engine

    meta = MetaData()
    rooms = Table(
        "tefuda_rooms",
        meta,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", Text, nullable=False),
        Column("players", Integer, nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("decks", Text, nullable=False),
        Column("seats", Text, nullable=False),
        Column("status", String(16), nullable=False),
        Column("outcome", Text),
        Column("created", Float, nullable=False),
        Column("client", String(64), nullable=False, default=""),
        Column("parent", String(32)),
        Column("next", String(32)),
        Column("next_tokens", Text),
        Column("cards", Text),
    )
    entries = Table(
        "tefuda_entries",
        meta,
        Column("room", String(32), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("entry", Text, nullable=False),
        Column("at", Float, nullable=False),
    )
    from tefuda.core import load_game

    g = load_game("kirifuda")
    decks = json.dumps([g.default_deck(i).to_text() for i in range(2)], ensure_ascii=False)
    eng = create_engine(url)
    meta.create_all(eng)
    with eng.begin() as c:
        for rid, status in (("oldopen", "playing"), ("olddone", "over")):
            c.execute(
                rooms.insert().values(
                    id=rid,
                    game="kirifuda",
                    options="{}",
                    players=2,
                    seed=12345,
                    decks=decks,
                    seats=OLD_SEATS,
                    status=status,
                    created=time.time(),
                    client="testclient",
                )
            )
            c.execute(entries.insert().values(room=rid, n=0, entry="!say 1 hello", at=time.time()))
    eng.dispose()


def test_a_database_of_the_previous_version_is_upgraded_and_its_rooms_marked_unrecoverable(any_db, caplog):
    old_database(any_db)
    with caplog.at_level("WARNING", logger="tefuda.serve"), client(any_db) as c:
        srv = c.app.state.server
        assert "oldopen" not in srv.live
        assert srv.store.room_row("oldopen")["status"] == "unrecoverable"
        assert "older version" in caplog.text and "unrecoverable" in caplog.text
        for path in ("", "/replay", "/steps"):
            r = c.get(f"/api/rooms/oldopen{path}")
            assert r.status_code == 410 and "older version" in r.json()["error"], (path, r.text)
            assert c.get(f"/api/rooms/olddone{path}").status_code == 410
        assert [r["room"] for r in c.get("/api/rooms").json()] == []
        with c.websocket_connect("/ws/oldopen") as w:
            msg = json.loads(w.receive_text())
            assert msg["type"] == "error" and msg["code"] == "room_gone"
        # the old tokens open nothing anywhere; new rooms work in the upgraded database
        made = new_room(c)
        with c.websocket_connect(f"/ws/{made['room']}") as w:
            w.send_text(json.dumps({"type": "hello", "token": "t" * 24}))
            assert json.loads(w.receive_text())["code"] == "bad_link"
            session = Seat(w, claims(made)[0]).session
    # a second start: nothing more to upgrade; the new room is rebuilt from its secret
    with client(any_db) as c:
        with c.websocket_connect(f"/ws/{made['room']}") as w:
            assert Seat(w, session=session).welcome["seat"] == 0
        assert c.app.state.server.store.room_row("oldopen")["status"] == "unrecoverable"


def test_a_room_whose_rows_no_longer_replay_does_not_stop_the_server(db, caplog):
    with client(db) as c:
        good, bad = new_room(c), new_room(c)
        c.app.state.server.store.add_entry(bad["room"], 0, "fly to the moon")
    with caplog.at_level("WARNING", logger="tefuda.serve"), client(db) as c:
        srv = c.app.state.server
        assert good["room"] in srv.live and bad["room"] not in srv.live
        assert srv.store.room_row(bad["room"])["status"] == "unrecoverable"
        assert bad["room"] in caplog.text and "unrecoverable" in caplog.text
        r = c.get(f"/api/rooms/{bad['room']}")
        assert r.status_code == 410 and "cannot be rebuilt" in r.json()["error"]
