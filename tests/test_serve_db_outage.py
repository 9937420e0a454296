"""The database goes away mid-game (issue 26): actions are refused with a clear message in both languages, the
room stays exactly at its last committed state (an AI seat does not move on past a move it could not save),
the connection stays open, and once the database is back the same action is taken and the game goes on to its
end; a server restarted afterwards rebuilds the room from every acknowledged action, and from nothing else.

- SQLite, over a real WebSocket to a real uvicorn server (in this process, so the test reaches its engine):
  the database is made read-only with SQLite's own ``PRAGMA query_only`` on every connection the server's
  engine takes from its pool. ``chmod`` cannot do it here: the tests run as root, whom file modes do not
  stop, and even for another user a file made read-only is still written through the connections already
  open. ``query_only`` makes SQLite refuse every write with the error a read-only database gives
  ("attempt to write a readonly database", SQLITE_READONLY), in the server's own connections.
- PostgreSQL (when TEFUDA_TEST_PG is set, as CI sets it): a real PostgreSQL server of the test's own — a
  private cluster made with the installed ``initdb`` on a free port, so stopping it never touches the shared
  cluster other tests use at the same time — is stopped (``pg_ctl stop -m fast``, connections cut) in the
  middle of a game played against a real ``tefuda serve`` process, started again, the game finished, the
  server killed and restarted, and the room rebuilt.

Each test prints its figures: actions attempted / acknowledged / refused / lost.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")
from sqlalchemy import create_engine, event, text  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from tefuda.core import Rng  # noqa: E402
from tefuda.core.replay import parse_replay, verify  # noqa: E402
from tefuda.serve.app import AI_NOT_SAVED, UNAVAILABLE, create_app  # noqa: E402
from tefuda.serve.limits import Limits  # noqa: E402
from tefuda.serve.store import NotSaved  # noqa: E402

NOT_SAVED_JA = "ゲームを保存できませんでした"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------------------ the server
class ThreadServer:
    """``create_app`` served by uvicorn on 127.0.0.1 in a thread of this process: real sockets, and the test
    can reach the server's engine."""

    def __init__(self, db: str) -> None:
        limits = Limits(rate=1e9, burst=10**9)
        self.app = create_app(db, ai_workers=1, limits=limits, allow_seed=True)
        self.srv = self.app.state.server
        port = free_port()
        self.url, self.ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="uvicorn", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert self.thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not come up in 60 s"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        assert not self.thread.is_alive(), "the server did not stop"


class ReadOnly:
    """SQLite made read-only under a running server: ``PRAGMA query_only`` on every connection its engine
    checks out (each transaction takes one), so every write the server tries is refused by SQLite itself
    (SQLITE_READONLY) until :meth:`off`. ``after_next_commit`` turns it on right after the server's next
    successful commit of entries (so an AI seat's move, the write after a person's, is the one refused)."""

    def __init__(self, store: Any) -> None:
        self.on = False
        self.after_next_commit = False
        self.commits = self.refused = 0  # the server's writes of entries: taken, refused
        engine = store.engine

        @event.listens_for(engine, "checkout")
        def _checkout(dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
            dbapi_conn.execute(f"PRAGMA query_only = {'ON' if self.on else 'OFF'}")

        real = store.add_entries

        def add_entries(*args: Any, **kw: Any) -> None:
            try:
                real(*args, **kw)
            except Exception:
                self.refused += 1
                raise
            self.commits += 1
            if self.after_next_commit:
                self.after_next_commit, self.on = False, True

        store.add_entries = add_entries


class Seat:
    """A person's seat over a real WebSocket; every message kept."""

    def __init__(self, ws_url: str, room: str, claim: str | None = None, *, session: str | None = None):
        self.ws = connect(f"{ws_url}/ws/{room}", open_timeout=10, max_size=None).__enter__()
        self.got: list[dict[str, Any]] = []
        self.ws.send(json.dumps({"type": "hello", **({"claim": claim} if claim else {"session": session})}))
        msg = self.recv()
        if msg["type"] == "claimed":
            self.session = msg["session"]
            msg = self.recv()
        else:
            self.session = session
        assert msg["type"] == "welcome", msg
        self.seat, self.welcome = msg["seat"], msg
        assert self.recv()["type"] == "state"

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.got.append(msg)
        if msg["type"] in ("state", "update"):
            self.obs, self.decision = msg["observation"], msg["decision"]
        return msg

    def until(self, pred: Any, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            if pred(msg):
                return msg

    @property
    def over(self) -> bool:
        return self.obs["outcome"] is not None

    def my_turn_or_over(self) -> None:
        """Read until it is this seat's decision or the game is over (an AI seat plays meanwhile)."""
        while not (self.over or self.obs["to_move"] == self.seat):
            self.recv()

    def act(self, action: int) -> dict[str, Any]:
        """Send an action for the current decision: the answer (``ack`` — then its ``update`` is read too —
        or ``error``)."""
        self.ws.send(json.dumps({"type": "act", "decision": self.decision, "action": action}))
        answer = self.until(lambda m: m["type"] in ("ack", "error", "ignored"))
        if answer["type"] == "ack":
            self.until(lambda m: m["type"] == "update")
        return answer

    def close(self) -> None:
        self.ws.close()


def assert_refused(msg: dict[str, Any]) -> None:
    """The refusal of a write the database did not take: clear, in both languages, nothing changed."""
    assert msg["type"] == "error" and msg["code"] == "not_saved", msg
    assert msg["en"] == msg["error"] == NotSaved.MESSAGE
    assert "database is unavailable" in msg["en"] and "try again" in msg["en"]
    assert msg["ja"].startswith(NOT_SAVED_JA) and "データベース" in msg["ja"], msg["ja"]


def settles(check, seconds: float = 15.0) -> bool:
    """Whether ``check()`` holds within ``seconds`` (asked every 50 ms)."""
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def entries_in(db_file: Path, room: str) -> list[str]:
    """The room's committed entries, read from the file by a connection of the test's own."""
    eng = create_engine(f"sqlite:///{db_file}")
    try:
        with eng.connect() as c:
            rows = c.execute(
                text("SELECT entry FROM tefuda_entries WHERE room = :r ORDER BY n"), {"r": room}
            ).all()
    finally:
        eng.dispose()
    return [r[0] for r in rows]


def room_decision(url: str, room: str) -> int:
    r = httpx.get(f"{url}/api/rooms/{room}", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["decision"]


# ------------------------------------------------------------------------------------------ SQLite
def test_sqlite_read_only_mid_game_refuses_then_continues_and_loses_nothing(tmp_path):
    db_file = tmp_path / "serve.db"
    db = f"sqlite:///{db_file}"
    rng = Rng(26)
    attempted = acked_mine = refused = 0
    srv = ThreadServer(db)
    try:
        ro = ReadOnly(srv.srv.store)
        made = httpx.post(
            srv.url + "/api/rooms",
            json={
                "game": "kirifuda",
                "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}],
                "seed": 26,  # the same deal every run (a testing server: --allow-seed)
            },
            timeout=10,
        ).json()
        room = made["room"]
        me = Seat(srv.ws, room, made["seats"][0]["claim"])
        commitment = me.welcome["commitment"]

        def play(n: int) -> None:
            nonlocal attempted, acked_mine
            for _ in range(n):
                me.my_turn_or_over()
                if me.over:
                    return
                attempted += 1
                assert me.act(rng.choice(me.obs["legal"])["index"])["type"] == "ack"
                acked_mine += 1

        play(4)
        me.my_turn_or_over()
        assert not me.over

        # 1. the database goes read-only on the person's turn: the action is refused, nothing changes
        before, stored = me.decision, entries_in(db_file, room)
        ro.on = True
        pick = rng.choice(me.obs["legal"])["index"]
        for _ in range(2):  # the same action twice: refused both times
            attempted += 1
            answer = me.act(pick)
            assert_refused(answer)
            refused += 1
            assert answer["decision"] == before
        attempted += 1  # another legal action: refused as well
        other = me.obs["legal"][-1]["index"]
        assert_refused(me.act(other))
        refused += 1
        me.ws.send(json.dumps({"type": "say", "text": "hello?"}))  # chat is refused the same way
        assert_refused(me.until(lambda m: m["type"] in ("error", "chat")))
        me.ws.send(json.dumps({"type": "ping"}))  # the connection stays open and answers
        assert me.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        assert room_decision(srv.url, room) == before == len(srv.srv.live[room].room.entries)
        assert entries_in(db_file, room) == stored
        # a new room is refused over HTTP with a 503, in both languages
        r = httpx.post(srv.url + "/api/rooms", json={"game": "kirifuda"}, timeout=10)
        assert r.status_code == 503 and r.json()["code"] == "not_saved", r.text
        assert "データベース" in r.json()["ja"]

        # 2. the database is back: the same action is taken, the game goes on
        ro.on = False
        attempted += 1
        assert me.act(pick)["type"] == "ack"
        acked_mine += 1
        # the AI seat may be moving meanwhile (its entry is committed, then applied): the two agree once it is
        assert settles(lambda: entries_in(db_file, room) == srv.srv.live[room].room.entries)

        # 3. read-only again right after the person's next action: the AI seat's move is the one refused;
        #    the room does not move on, the table is told why, the move is played once the database is back
        while True:  # until the person's action hands the turn to the AI seat
            me.my_turn_or_over()
            ro.after_next_commit = True
            attempted += 1
            assert me.act(rng.choice(me.obs["legal"])["index"])["type"] == "ack"
            acked_mine += 1
            assert not me.over
            if me.obs["to_move"] != me.seat:
                break
            ro.on = False  # the person moves again: once more
        said = me.until(lambda m: m["type"] == "chat" and m.get("code") == "not_saved", timeout=30)
        assert said["seat"] is None and "AIの手を保存できませんでした" in said["ja"], said
        assert "could not be saved" in said["en"]
        held = me.decision
        stored = entries_in(db_file, room)
        time.sleep(1.5)  # the AI seat retries meanwhile: still refused, still where it was
        assert room_decision(srv.url, room) == held == len(stored)
        assert entries_in(db_file, room) == stored == srv.srv.live[room].room.entries
        assert srv.srv.live[room].thinking == 1  # shown as thinking while it waits
        ai_refused = ro.refused - refused - 1  # less the chat line
        assert ai_refused >= 2  # tried again meanwhile
        ro.on = False
        me.my_turn_or_over()
        assert me.decision > held

        # 4. on to a restart: the rebuilt room is exactly what was acknowledged
        play(6)
        me.my_turn_or_over()
        acknowledged = list(srv.srv.live[room].room.entries)
        assert entries_in(db_file, room) == acknowledged
        me.close()
    finally:
        srv.stop()

    srv = ThreadServer(db)
    try:
        me = Seat(srv.ws, room, session=me.session)
        rebuilt = list(srv.srv.live[room].room.entries)
        lost = sum(1 for i, a in enumerate(acknowledged) if i >= len(rebuilt) or rebuilt[i] != a)
        assert lost == 0 and rebuilt == acknowledged
        assert me.decision == len(acknowledged), "an acknowledged action was lost"
        assert me.welcome["commitment"] == commitment
        play(10_000)
        assert me.over
        rep = parse_replay(httpx.get(f"{srv.url}/api/rooms/{room}/replay", timeout=10).text)
        assert rep.actions[: len(acknowledged)] == acknowledged
        assert verify(rep, commitment=commitment).digest() == rep.final_hash
        me.close()
    finally:
        srv.stop()
    print(
        f"\nSQLite read-only: person's actions attempted {attempted}, acknowledged {acked_mine}, refused "
        f"{refused}; AI move refused (tries {ai_refused}) then played; game actions acknowledged "
        f"{len(rep.actions)} (before the restart {len(acknowledged)}); lost {lost}"
    )


@pytest.mark.parametrize(
    "message",
    [
        NotSaved.MESSAGE,
        AI_NOT_SAVED.format(2),
        UNAVAILABLE,
        "the seat could not be saved (the database is unavailable): try the link again",
    ],
)
def test_every_outage_message_has_its_own_japanese(message):
    from tefuda.serve.words import bilingual
    from tests.test_serve_words import said_in_both

    said_in_both(bilingual(message))
    assert bilingual(message)["en"] == message


def test_a_commit_whose_answer_was_lost_is_replaced_by_the_next_entry(db):
    """The database took an entry but its answer never came back (the connection cut at COMMIT): the client
    was refused, so that entry was never acknowledged; the room's next entry takes its place — whichever
    action the seat sends then — and a restart rebuilds exactly what was acknowledged."""
    from sqlalchemy.exc import OperationalError

    from tests.test_serve import Seat as TestSeat
    from tests.test_serve import claims, client, new_room

    with client(db) as c:
        made = new_room(c)
        room = made["room"]
        store = c.app.state.server.store
        real, lose = store.add_entries, [1]

        def add_entries(rows: Any, replace: frozenset[str] = frozenset()) -> None:
            real(rows, replace)
            if lose and lose.pop():
                raise OperationalError("COMMIT", {}, Exception("server closed the connection unexpectedly"))

        store.add_entries = add_entries
        with c.websocket_connect(f"/ws/{room}") as w1, c.websocket_connect(f"/ws/{room}") as w2:
            seats = [TestSeat(w1, claims(made)[0]), TestSeat(w2, claims(made)[1])]
            me = seats[seats[0].obs["to_move"]]
            first, then = me.obs["legal"][0], me.obs["legal"][-1]
            assert_refused(me.send(type="act", decision=me.decision, action=first["index"]))
            assert store.entries_of(room) == [first["notation"]]  # it reached the database all the same
            assert c.get(f"/api/rooms/{room}").json()["decision"] == 0
            assert me.send(type="act", decision=me.decision, action=then["index"])["type"] == "ack"
            assert store.entries_of(room) == [then["notation"]] == c.app.state.server.live[room].room.entries
    with client(db) as c:
        assert c.app.state.server.live[room].room.entries == [then["notation"]]


def test_an_undo_whose_answer_was_lost_writes_the_kept_entries_again(db):
    """An undo's truncation reached the database but its answer was lost: the undo is refused (the room
    keeps its entries), and when the game goes on instead, the entries the room kept are written again before
    the next one — the database never has a hole, and a restart rebuilds the room as it is."""
    from sqlalchemy.exc import OperationalError

    from tefuda.serve.rooms import RoomError
    from tests.test_serve import Seat as TestSeat
    from tests.test_serve import claims, client, new_room

    with client(db) as c:
        made = new_room(c)
        room = made["room"]
        srv = c.app.state.server
        store = srv.store
        with c.websocket_connect(f"/ws/{room}") as w1, c.websocket_connect(f"/ws/{room}") as w2:
            seats = [TestSeat(w1, claims(made)[0]), TestSeat(w2, claims(made)[1])]
            undone = mover = None
            for _ in range(60):  # play until an undo is allowed (none past a reveal)
                mover = seats[0].obs["to_move"]
                me = seats[mover]
                pick = me.obs["legal"][-1]
                assert me.send(type="act", decision=me.decision, action=pick["index"])["type"] == "ack"
                for seat in seats:
                    while seat.recv()["type"] != "update":
                        pass
                assert not srv.live[room].room.over
                try:
                    undone = srv.live[room].room.undo_target(mover)
                except RoomError:
                    continue
                break
            assert undone is not None, "no undo was allowed in 60 actions"
            kept = list(srv.live[room].room.entries)
            real, lose = store.truncate, [1]

            def truncate(room_id: str, keep: int) -> None:
                real(room_id, keep)
                if lose and lose.pop():
                    raise OperationalError(
                        "COMMIT", {}, Exception("server closed the connection unexpectedly")
                    )

            store.truncate = truncate
            other = seats[1 - mover]
            me.ws.send_text(json.dumps({"type": "undo"}))
            while other.recv()["type"] != "undo_request":
                pass
            other.ws.send_text(json.dumps({"type": "undo_answer", "accept": True}))
            while (answer := other.recv())["type"] != "error":
                pass
            assert_refused(answer)
            assert srv.live[room].room.entries == kept  # not undone
            assert len(store.entries_of(room)) == undone  # though the database did truncate
            nxt = seats[seats[0].obs["to_move"]]  # the game goes on instead
            act = {"type": "act", "decision": nxt.decision, "action": nxt.obs["legal"][0]["index"]}
            nxt.ws.send_text(json.dumps(act))
            while (answer := nxt.recv())["type"] not in ("ack", "error"):
                pass
            assert answer["type"] == "ack", answer
            now = srv.live[room].room.entries
            assert store.entries_of(room) == now and now[: len(kept)] == kept
    with client(db) as c:
        assert c.app.state.server.live[room].room.entries == now


# ------------------------------------------------------------------------------------------ PostgreSQL
def pg_tools() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PrivatePostgres:
    """A PostgreSQL server of the test's own (the installed binaries, a new cluster on a free port): stopped
    and started at will without touching the cluster other tests share. As root it runs as ``postgres``."""

    def __init__(self) -> None:
        tools = pg_tools()
        if tools is None:
            pytest.skip("no PostgreSQL binaries (initdb) installed")
        self.tools = tools
        self.user = "postgres" if os.geteuid() == 0 else None
        self.dir = Path(tempfile.mkdtemp(prefix="tefuda-pg-"))  # not under pytest's root-only directory
        if self.user:
            shutil.chown(self.dir, self.user)
        self.data = self.dir / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://tefuda@127.0.0.1:{self.port}/postgres"
        self._run("initdb", "-D", str(self.data), "-U", "tefuda", "--auth=trust", "-E", "UTF8", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        r = subprocess.run(
            [str(self.tools / tool), *args],
            user=self.user,
            cwd=self.dir,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert r.returncode == 0, f"{tool} {' '.join(args)}: {r.stdout}{r.stderr}"

    def start(self) -> None:
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", opts, "-w", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def running(self) -> bool:
        r = subprocess.run(
            [str(self.tools / "pg_ctl"), "-D", str(self.data), "status"],
            user=self.user,
            cwd=self.dir,
            capture_output=True,
        )
        return r.returncode == 0

    def remove(self) -> None:
        if self.running():
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.mark.skipif(
    not os.environ.get("TEFUDA_TEST_PG"), reason="TEFUDA_TEST_PG (a PostgreSQL URL) is not set"
)
def test_postgresql_stopped_mid_game_refuses_then_continues_and_loses_nothing():
    from tests.test_serve_process import Client, ServerProcess

    pg = PrivatePostgres()
    srv = None
    try:
        pg.start()
        port = free_port()
        srv = ServerProcess(pg.url, port, "--allow-seed")
        made = httpx.post(
            srv.url + "/api/rooms",
            json={"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 126},
            timeout=10,
        ).json()
        room = made["room"]
        clients = [Client(srv.ws, room, s["claim"]) for s in made["seats"]]
        sessions = [c.session for c in clients]
        commitment = clients[0].welcome["commitment"]
        rng, acked = Rng(126), []
        attempted = refused = 0

        def act(pick: dict[str, Any]) -> dict[str, Any]:
            nonlocal attempted
            attempted += 1
            me = clients[clients[0].obs["to_move"]]
            me.ws.send(json.dumps({"type": "act", "decision": me.decision, "action": pick["index"]}))
            return me.recv()

        def play(steps: int) -> None:
            for _ in range(steps):
                mover = clients[0].obs["to_move"]
                if mover < 0:
                    return
                pick = rng.choice(clients[mover].obs["legal"])
                ack = act(pick)
                assert ack["type"] == "ack", ack
                acked.append(pick["notation"])
                for c in clients:
                    assert c.recv()["type"] == "update"
                    if c.obs["outcome"] is not None:
                        assert c.recv()["type"] == "reveal"

        play(8)
        # PostgreSQL stops mid-game (fast: every connection is cut)
        pg.stop()
        mover = clients[0].obs["to_move"]
        me = clients[mover]
        before = me.decision
        pick = rng.choice(me.obs["legal"])
        for p in (pick, pick, me.obs["legal"][-1]):
            answer = act(p)
            assert_refused(answer)
            refused += 1
            assert answer["decision"] == before
        me.ws.send(json.dumps({"type": "ping"}))
        assert me.recv()["type"] == "pong"  # the connection stays open
        info = httpx.get(f"{srv.url}/api/rooms/{room}", timeout=10).json()
        assert info["decision"] == before  # the room in memory is where it was
        r = httpx.post(srv.url + "/api/rooms", json={"game": "kirifuda"}, timeout=10)
        assert r.status_code == 503 and "データベース" in r.json()["ja"], r.text

        # PostgreSQL is back: the same server picks it up, the same action is taken
        pg.start()
        answer = act(pick)
        assert answer["type"] == "ack", answer
        acked.append(pick["notation"])
        for c in clients:
            assert c.recv()["type"] == "update"
        assert clients[0].decision == before + 1
        play(6)

        # the server is killed and restarted: the room is rebuilt from every acknowledged action
        srv.kill()
        for c in clients:
            c.close()
        srv = ServerProcess(pg.url, port, "--allow-seed")
        clients = [Client(srv.ws, room, session=s) for s in sessions]
        assert clients[0].decision == len(acked), "an acknowledged action was lost"
        assert clients[0].welcome["commitment"] == commitment
        play(10_000)
        assert clients[0].obs["outcome"] is not None
        rep = parse_replay(httpx.get(f"{srv.url}/api/rooms/{room}/replay", timeout=10).text)
        assert rep.actions == acked
        assert verify(rep, commitment=commitment).digest() == rep.final_hash
        for c in clients:
            c.close()

        # and once more after the game: a new server process serves the finished room from its rows
        srv.stop()
        srv = ServerProcess(pg.url, port, "--allow-seed")
        again = parse_replay(httpx.get(f"{srv.url}/api/rooms/{room}/replay", timeout=10).text)
        lost = sum(1 for i, a in enumerate(acked) if i >= len(again.actions) or again.actions[i] != a)
        assert lost == 0 and again.actions == acked
        print(
            f"\nPostgreSQL stopped: actions attempted {attempted}, acknowledged {len(acked)}, "
            f"refused {refused}, lost {lost}"
        )
    finally:
        if srv is not None:
            srv.stop()
        pg.remove()
