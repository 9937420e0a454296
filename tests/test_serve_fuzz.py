"""Fuzz the server (issue 26): schemathesis over the HTTP API's OpenAPI schema, every route, and a
hypothesis-driven WebSocket fuzzer on a room with a claimed human seat and an AI seat.

Expected, and checked: no 5xx, no server exception (in the log or out of the app), every answer of the HTTP
API as its schema says, the connection answers after every refused message, a refused message changes
nothing (the decision, the entries in memory and in the database, the seat's observation, the seats), two
connections racing on one seat commit at most one action, and the room still takes a legal action and its
AI seat still plays.

A bounded number of examples in the everyday run; ``TEFUDA_FUZZ_EXAMPLES=500`` runs more (for the issue's
figures). The figures (requests and messages sent, 5xx, crashes, refused-with-state-change) are printed
and written to ``tests/artifacts/serve_fuzz.json``."""

from __future__ import annotations

import faulthandler
import json
import logging
import os
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("schemathesis")

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance
from starlette.websockets import WebSocketDisconnect

from tefuda.serve.app import CLOSE_TAKEN_OVER, create_app
from tefuda.serve.limits import Limits

EXAMPLES = int(os.environ.get("TEFUDA_FUZZ_EXAMPLES") or 0)
HTTP_EXAMPLES = EXAMPLES or 40  # per route
WS_EXAMPLES = EXAMPLES or 40  # sequences of messages, reconnects and races
LIMIT = Limits().message  # the server's own message limit (16 KiB): messages go up to it and past it
ARTIFACT = Path(__file__).parent / "artifacts" / "serve_fuzz.json"

FIGURES: Counter[str] = Counter()
PROBLEMS: list[str] = []  # server exceptions and log errors, with what was sent


# ---------------------------------------------------------------------------------------- the figures
class Errors(logging.Handler):
    """Every error the server logs (an exception in a handler, a task that failed, an ASGI crash), and
    every warning of its own (a write that was not saved: nothing the fuzzer sends may cause one)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.name.startswith("tefuda"):
            FIGURES["crashes"] += 1
            PROBLEMS.append(f"log {record.name} {record.levelname}: {record.getMessage()[:300]}")


@pytest.fixture(scope="module", autouse=True)
def figures():
    handler = Errors()
    logging.getLogger().addHandler(handler)
    yield
    logging.getLogger().removeHandler(handler)
    out = {
        "examples": {"http_per_route": HTTP_EXAMPLES, "ws_sequences": WS_EXAMPLES},
        "http_requests": FIGURES["http_requests"],
        "http_5xx": FIGURES["http_5xx"],
        "ws_messages": FIGURES["ws_messages"],
        "ws_fuzz_messages": FIGURES["ws_fuzz"],
        "ws_refused": FIGURES["refused"],
        "ws_accepted": FIGURES["accepted"],
        "reconnects": FIGURES["reconnects"],
        "races": FIGURES["races"],
        "race_acks": FIGURES["race_acks"],
        "legal_actions": FIGURES["legal"],
        "ai_actions": FIGURES["ai_actions"],
        "games_finished": FIGURES["games_over"],
        "crashes": FIGURES["crashes"],
        "refused_with_state_change": FIGURES["refused_changed"],
        "problems": PROBLEMS[:20],
        "http_statuses": {k[7:]: v for k, v in sorted(FIGURES.items()) if k.startswith("status ")},
    }
    ARTIFACT.parent.mkdir(exist_ok=True)
    ARTIFACT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print("\nserver fuzz:", json.dumps({k: v for k, v in out.items() if k != "problems"}))


def fuzz_limits() -> Limits:
    # no rate limit (the fuzzer sends as fast as the server answers) and no room limit (so room requests keep
    # reaching the checks behind it); the message and body limits are the server's own
    return Limits(rate=1e9, burst=10**9, rooms_per_address=10**6)


# ---------------------------------------------------------------------------------------- HTTP: schemathesis
KNOWN: dict[
    str, Any
] = {}  # rooms the fuzzer's paths and bodies are steered to (a playing and a finished one)


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz-http') / 'serve.db'}"
    # think=False: rooms the fuzzer makes with AI seats stay idle (their search would take the cores)
    app = create_app(db, think=False, limits=fuzz_limits())
    with TestClient(app, raise_server_exceptions=False) as c:
        playing = c.post("/api/rooms", json={"game": "kirifuda"}).json()
        over = c.post("/api/rooms", json={"game": "yonesu", "seats": [{"kind": "human"}] * 2}).json()
        with c.websocket_connect(f"/ws/{over['room']}") as ws:  # ヨネス: saying its name loses, at once
            ws.send_text(json.dumps({"type": "hello", "claim": over["seats"][0]["claim"]}))
            ws.send_text(json.dumps({"type": "say", "text": "邪神グラジヨネス"}))
            while json.loads(ws.receive_text())["type"] != "reveal":
                pass
        KNOWN.update(
            rooms=[playing["room"], over["room"], "nosuchroom"],
            makers={playing["room"]: playing["maker"], over["room"]: over["maker"]},
        )
        yield c


def _schema() -> Any:
    """The API's schema, from an app on an in-memory database (its routes are what matters here)."""
    app = create_app("sqlite://", think=False)
    try:
        return schemathesis.openapi.from_dict(app.openapi())
    finally:
        app.state.server.store.close()


schema = _schema()


@schema.hook
def map_path_parameters(ctx: Any, path_parameters: dict[str, Any]) -> dict[str, Any]:
    """Three times in four, a room that exists (playing, finished) or a plain unknown one; else the generated
    id as it is. Decided by the generated value, so an example is the same when replayed."""
    rid = (path_parameters or {}).get("room_id")
    if isinstance(rid, str) and KNOWN:
        pick = zlib.crc32(rid.encode("utf-8", "surrogatepass")) % 4
        if pick < 3:
            path_parameters["room_id"] = KNOWN["rooms"][pick]
    return path_parameters


@schema.hook
def map_body(ctx: Any, body: Any) -> Any:
    """A release names the room's real maker half the time (a release that is done, or refused for the
    seat); a room request names a real game half the time (so its other fields are checked)."""
    if isinstance(body, dict) and KNOWN:
        key = zlib.crc32(json.dumps(body, sort_keys=True, default=str).encode("utf-8", "surrogatepass"))
        if "maker" in body and key % 2:
            body["maker"] = KNOWN["makers"][KNOWN["rooms"][key // 2 % 2]]
        if "game" in body and key % 2:
            body["game"] = ["kirifuda", "yonesu", "genesis", "kokubyaku", "amadeus"][key // 2 % 5]
            if key % 4 == 1:  # only the game and its options: most such requests make a room
                for k in ("players", "seats", "decks", "cards", "seed"):
                    body.pop(k, None)
    return body


@schema.parametrize()
@settings(
    max_examples=HTTP_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_http_api_fuzz(case, http):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    if "data" in kwargs:  # requests' name for a raw body
        kwargs["content"] = kwargs.pop("data")
    kwargs.pop("cookies", None)
    response = http.request(**kwargs)
    FIGURES["http_requests"] += 1
    FIGURES[f"status {case.method} {case.path} {response.status_code}"] += 1
    if response.status_code >= 500:
        FIGURES["http_5xx"] += 1
        PROBLEMS.append(
            f"HTTP {response.status_code}: {case.method} {case.formatted_path}: {response.text[:200]}"
        )
    case.validate_response(response, checks=[not_a_server_error, response_schema_conformance])
    assert not PROBLEMS, PROBLEMS


# ---------------------------------------------------------------------------------------- WebSocket
ACCEPTED = {"ack", "chat", "undo_result", "state", "claimed", "welcome", "release_result", "seat_released"}
PING = '{"type":"ping"}'
KINDS = [
    "act",
    "say",
    "rematch",
    "undo",
    "undo_answer",
    "release",
    "release_answer",
    "ping",
    "hello",
    "pong",
    "state",
    "ACT",
    "act ",
    "",
]


def server_reads_ping(frame: str | bytes) -> bool:
    """Whether the server takes this frame for a ping (it then answers ``pong`` too)."""
    from tefuda.serve.app import client_json

    if not isinstance(frame, str) or len(frame) > LIMIT:
        return False
    try:
        msg = client_json(frame)
    except ValueError:
        return False
    return isinstance(msg, dict) and msg.get("type") == "ping"


class Client:
    """One connection, opened and dropped whenever the fuzzer likes; counts what it sends."""

    opened: list[Client] = []  # noqa: RUF012 - every connection, so none outlives the test client

    def __init__(self, c: TestClient, room: str) -> None:
        self.cm = c.websocket_connect(f"/ws/{room}")
        self.ws = self.cm.__enter__()
        self.done = False
        Client.opened.append(self)

    def send(self, frame: str | bytes) -> None:
        FIGURES["ws_messages"] += 1
        if isinstance(frame, bytes):
            self.ws.send_bytes(frame)
        else:
            self.ws.send_text(frame)

    def recv(self) -> dict[str, Any]:
        return json.loads(self.ws.receive_text())

    def answer(self, pongs: int = 1) -> list[dict[str, Any]]:
        """Everything the server says until it answers a ping (so: its answer to whatever came before)."""
        self.send(PING)
        got = []
        while True:
            m = self.recv()
            if m["type"] == "pong":
                pongs -= 1
                if not pongs:
                    return got
            else:
                got.append(m)

    def until_closed(self) -> tuple[list[dict[str, Any]], int]:
        got = []
        try:
            while True:
                got.append(self.recv())
        except WebSocketDisconnect as e:
            return got, e.code

    def close(self) -> None:
        if not self.done:
            self.done = True
            Client.opened.remove(self)
            self.cm.__exit__(None, None, None)


class Table:
    """A kirifuda room with a claimed human seat (P1) and a random AI seat (P2), and P1's connection."""

    def __init__(self, c: TestClient) -> None:
        self.c = c
        self.srv = c.app.state.server
        self.new_room()

    def new_room(self) -> None:
        body = {"game": "kirifuda", "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}]}
        made = self.c.post("/api/rooms", json=body).json()
        self.room = made["room"]
        self.live = self.srv.live[self.room]
        self.conn = Client(self.c, self.room)
        self.conn.send(json.dumps({"type": "hello", "claim": made["seats"][0]["claim"]}))
        claimed = self.conn.recv()
        assert claimed["type"] == "claimed", claimed
        self.session = claimed["session"]
        self.conn.answer()
        self.settle()

    def settle(self) -> None:
        """Wait until P1 is to move and the AI seat idle (or the game is over: then a new room)."""
        deadline = time.monotonic() + 60
        room = self.live.room
        while not room.over and (room.to_move != 0 or self.live.thinking is not None):
            assert time.monotonic() < deadline, "the AI seat stopped playing"
            time.sleep(0.002)
        self.conn.answer()  # the updates meanwhile
        if room.over:
            FIGURES["games_over"] += 1
            self.conn.close()
            self.new_room()

    def snapshot(self) -> dict[str, Any]:
        room, live = self.live.room, self.live
        return {
            "decision": room.decision,
            "entries": list(room.entries),
            "stored": self.srv.store.entries_of(self.room),
            "digest": room.state.digest(),
            "observation": room.observation(0),
            "seats": [s.row() for s in room.cfg.seats],
            "chat": len(room.chat),
            "notices": len(room.notices),
            "undo": live.undo,
            "release": live.release,
            "next": room.next_room,
        }

    def legal(self, draw: Any = None) -> None:
        """P1 takes a legal action (by index or notation; the first by index without ``draw``): acknowledged,
        and the AI seat answers."""
        room = self.live.room
        d = room.decision
        legal = room.observation(0)["legal"]
        pick = legal[draw(st.integers(0, 50)) % len(legal)] if draw else legal[0]
        action = pick["notation"] if draw and draw(st.booleans()) else pick["index"]
        self.conn.send(json.dumps({"type": "act", "decision": d, "action": action}))
        got = self.conn.answer()
        assert any(m["type"] == "ack" and m["decision"] == d for m in got), got
        FIGURES["legal"] += 1
        self.settle()
        FIGURES["ai_actions"] += max(0, room.decision - d - 1)

    def refused_or_taken(self, sent: Any, got: list[dict[str, Any]], before: dict[str, Any]) -> None:
        """After a message: taken (then the table settles), or refused — answered, in both languages, and
        nothing changed."""
        if any(m["type"] in ACCEPTED for m in got):
            FIGURES["accepted"] += 1
            self.settle()
            return
        for m in got:
            assert m["type"] not in ("update", "ack"), (sent, m)
            if m["type"] == "error":
                assert m["error"] and m["ja"] and m["en"], (sent, m)
        if any(m["type"] in ("error", "ignored") for m in got):
            FIGURES["refused"] += 1
        after = self.snapshot()
        if after != before:
            FIGURES["refused_changed"] += 1
            changed = sorted(k for k in before if before[k] != after[k])
            PROBLEMS.append(f"refused {str(sent)[:200]!r} changed {changed}: {got}")

    def now(self, make: Frame) -> str | bytes:
        room = self.live.room
        return make(room.decision, room.observation(0)["legal"] or [{"index": 0, "notation": "pass"}])

    def fuzz(self, make: Frame) -> None:
        before = self.snapshot()
        frame = self.now(make)
        self.conn.send(frame)
        FIGURES["ws_fuzz"] += 1
        pongs = 2 if server_reads_ping(frame) else 1
        got = self.conn.answer(pongs)
        assert got or pongs == 2, f"no answer to {frame[:200]!r}"
        self.refused_or_taken(frame, got, before)

    def reconnect(self) -> None:
        """The page reloads: the old connection goes away, a new one says hello with the session."""
        before = self.snapshot()
        self.conn.close()
        self.conn = Client(self.c, self.room)
        self.conn.send(json.dumps({"type": "hello", "session": self.session}))
        got = self.conn.answer()
        assert [m["type"] for m in got][:2] == ["welcome", "state"], got
        assert got[1]["decision"] == before["decision"] and got[1]["observation"] == before["observation"]
        FIGURES["reconnects"] += 1
        assert self.snapshot() == before

    def stranger(self, hello: dict[str, Any], makes: list[Frame]) -> None:
        """Another connection says a made-up hello (a spectator's, or a link of nothing) and sends junk:
        refused, and nothing changes."""
        before = self.snapshot()
        other = Client(self.c, self.room)
        try:
            for frame in [json.dumps({"type": "hello", **hello}), *map(self.now, makes)]:
                other.send(frame)
                FIGURES["ws_fuzz"] += 1
                got = other.answer(2 if server_reads_ping(frame) else 1)
                assert not any(m["type"] in ("claimed", "ack", "update") for m in got), (frame, got)
                if any(m["type"] in ("error", "ignored") for m in got):
                    FIGURES["refused"] += 1
                after = self.snapshot()
                if after != before:
                    FIGURES["refused_changed"] += 1
                    PROBLEMS.append(f"a stranger's {str(frame)[:200]!r} changed the room: {got}")
        finally:
            other.close()

    def race(self, draw: Any) -> None:
        """A second connection opens the seat with its session while both send the same legal action: at
        most one is taken, the first connection is told and closed, the second one goes on."""
        room = self.live.room
        before = self.snapshot()
        d = room.decision
        legal = room.observation(0)["legal"]
        # every draw before anything is sent: hypothesis may end an example at a draw
        pick = legal[draw(st.integers(0, 50)) % len(legal)]["index"]
        first_old = draw(st.booleans())
        act = json.dumps({"type": "act", "decision": d, "action": pick})
        FIGURES["races"] += 1
        other = Client(self.c, self.room)
        other.send(json.dumps({"type": "hello", "session": self.session}))
        if first_old:
            self.conn.send(act)
            other.send(act)
        else:
            other.send(act)
            self.conn.send(act)
        old, code = self.conn.until_closed()
        self.conn.close()
        self.conn = other
        new = other.answer()
        assert code == CLOSE_TAKEN_OVER and {"type": "taken_over", "seat": 0} in old, (code, old)
        acks = [m for m in old + new if m["type"] == "ack"]
        assert len(acks) <= 1, f"two connections both acted for one seat: {old} {new}"
        FIGURES["race_acks"] += len(acks)
        if acks:
            assert acks[0]["decision"] == d
            self.settle()
            assert room.decision > d or room.over
        else:
            after = self.snapshot()
            if after != before:
                FIGURES["refused_changed"] += 1
                PROBLEMS.append(f"a race with no action taken changed the room: {old} {new}")
            self.settle()


# what the fuzzer sends
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**300),
    st.integers(min_value=-(2**300), max_value=-(2**63)),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(
        ["NaN", "Infinity", "-Infinity", "1e999", "0x10", "١٢", "１", "-0", " ", "\u202e", "null"]
    ),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


class Now(NamedTuple):
    """A placeholder filled in when the message is sent (the strategies may not depend on the room, which
    changes between examples): the decision now plus ``k`` (``what="decision"``), or the ``k``-th legal action
    now by index or by its notation mangled the ``how``-th way."""

    what: str
    k: int
    how: int = 0


MANGLE = [
    str.upper,
    lambda n: n + " x",
    lambda n: n[:-1],
    lambda n: " " + n,
    lambda n: n.replace(" ", "\u3000"),
]


def fill(value: Any, d: int, legal: list[dict[str, Any]]) -> Any:
    if isinstance(value, Now):
        if value.what == "decision":
            return d + value.k
        pick = legal[value.k % len(legal)]
        if value.what == "index":
            return pick["index"]
        return MANGLE[value.how % len(MANGLE)](pick["notation"]) if value.how else pick["notation"]
    if isinstance(value, dict):
        return {k: fill(v, d, legal) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, d, legal) for v in value]
    return value


Frame = Callable[[int, list[dict[str, Any]]], str | bytes]


def _shaped(m: dict[str, Any]) -> Frame:
    return lambda d, legal: json.dumps(fill(m, d, legal))


def _text(t: str | bytes) -> Frame:
    return lambda d, legal: t


def _padded(t: tuple[int, str, str]) -> Frame:
    size, pad, kind = t
    return lambda d, legal: f'{{"type":"{kind}","decision":{d},"pad":"{pad * max(0, size - 40)}"}}'


def _template(t: str) -> Frame:
    return lambda d, legal: t.replace("DECISION", str(d))


def messages() -> st.SearchStrategy[Frame]:
    """Messages as the server must expect them from anyone: the protocol's kinds with right and wrong
    fields, stale and future decisions, legal actions named wrongly, random JSON, sizes up to the limit and
    past it, huge numbers, NaN, lone surrogates, deep nesting, binary frames, plain junk."""
    decisions = st.one_of(
        st.integers(-3, 3).map(lambda k: Now("decision", k)),
        st.sampled_from([-1, 2**31, 2**63, 2**64 + 1]),
        values,
    )
    actions = st.one_of(
        st.integers(0, 50).map(lambda k: Now("index", k)),
        st.builds(Now, st.just("notation"), st.integers(0, 50), st.integers(0, len(MANGLE))),
        st.sampled_from([-1, 10**9, 2**64]),
        st.text(max_size=40),
        values,
    )
    fields = st.fixed_dictionaries(
        {},
        optional={
            "decision": decisions,
            "action": actions,
            "text": st.one_of(st.text(max_size=60), values),
            "accept": values,
            "seat": st.one_of(st.integers(-2, 3), values),
            "claim": values,
            "session": values,
        },
    )
    shaped = st.builds(
        lambda kind, f, extra: {**extra, **f, "type": kind},
        st.one_of(st.sampled_from(KINDS), st.text(max_size=10), values),
        fields,
        st.dictionaries(st.text(max_size=8), values, max_size=3),
    ).map(_shaped)
    padded = st.tuples(
        st.one_of(st.integers(LIMIT - 64, LIMIT + 64), st.integers(0, 2 * LIMIT)),
        st.sampled_from(["x", "あ", "😀", "\\u0000"]),
        st.sampled_from(["ping", "act", "say"]),
    ).map(_padded)
    literal = st.one_of(
        st.integers(1, 6000).map(lambda n: f'{{"type":"act","decision":{"9" * n},"action":0}}'),
        st.integers(1, 5000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 3000).map(lambda n: '{"type":"act","action":' + "[" * n + "]" * n + "}"),
        st.sampled_from(
            [
                '{"type":"act","decision":NaN,"action":Infinity}',
                '{"type":"act","decision":DECISION,"action":-Infinity}',
                '{"type":"say","text":"\\ud800"}',
                '{"type":"\\udfff"}',
                '{"type":"act","decision":DECISION,"action":"\\ud83d"}',
                '{"type":"ping","type":"act","decision":DECISION,"action":0}',
                '{"type":"act","decision":DECISION.0,"action":0}',
                '{"type":"act","decision":DECISIONe0,"action":0}',
                '{"type":"act","decision":"DECISION","action":0}',
                '{"type":"act","decision":true,"action":true}',
                '{"type":"ping"',
                "",
                "null",
                '"ping"',
                '["ping"]',
                "\x00",
            ]
        ),
    ).map(_template)
    binary = st.one_of(st.binary(max_size=64), st.just(PING.encode()), st.just(b"\xff\xfe{}")).map(_text)
    return st.one_of(shaped, shaped, shaped, padded, literal, binary, st.text(max_size=80).map(_text))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz-ws') / 'serve.db'}"
    app = create_app(db, think=True, ai_workers=1, limits=fuzz_limits())
    # a receive that never returns would hang the suite: past a generous bound, the process says where it was
    # and ends (the test client's receive has no timeout of its own)
    faulthandler.dump_traceback_later(120 + 3 * WS_EXAMPLES, exit=True)
    try:
        with TestClient(app) as c:
            yield Table(c)
            for client in list(Client.opened):
                client.close()
    finally:
        faulthandler.cancel_dump_traceback_later()


OPS = ["fuzz"] * 8 + ["legal", "legal", "reconnect", "race", "stranger"]


@settings(max_examples=WS_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_websocket_fuzz(table, data):
    draw = data.draw
    try:
        for op in draw(st.lists(st.sampled_from(OPS), min_size=1, max_size=10)):
            if op == "fuzz":
                table.fuzz(draw(messages()))
            elif op == "legal":
                table.legal(draw)
            elif op == "reconnect":
                table.reconnect()
            elif op == "race":
                table.race(draw)
            else:
                hello = draw(st.dictionaries(st.sampled_from(["claim", "session", "token", "x"]), values))
                table.stranger(hello, draw(st.lists(messages(), max_size=3)))
        # the connection still answers, and the room still takes a legal action (the AI seat answers it)
        table.legal(draw)
    except (AssertionError, WebSocketDisconnect):
        raise
    except Exception as e:  # an exception out of the app (the test client raises the server's)
        FIGURES["crashes"] += 1
        PROBLEMS.append(f"server exception: {type(e).__name__}: {e}")
        raise
    assert not PROBLEMS, PROBLEMS


def test_the_fuzzed_server_still_plays(table):
    """After all that, the AI seat played and the figures hold no 5xx, crash or refused change."""
    table.legal()
    assert FIGURES["ai_actions"] > 0
    assert FIGURES["http_5xx"] == FIGURES["crashes"] == FIGURES["refused_changed"] == 0, PROBLEMS
