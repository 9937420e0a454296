"""The server: FastAPI routes for the lobby and rooms, one WebSocket per client (docs/serve.md).

Authoritative: a client names a legal action and the decision it answers; the room checks it, the store
commits it, and only then is it applied, acknowledged and shown — to each seat its own view.

Fair and private: a room's secret is new from the operating system (never chosen, unless the server was
started for testing with ``allow_seed``); everyone is given a commitment to it in ``welcome`` and the secret
in ``reveal`` once the game is over. A seat is claimed once, by the first connection with its invite, and
acted for by one connection at a time (a second one with the same session takes over); the maker, or the
rest of the table, can release a seat (its session stops working, a new invite is issued).

The database going away is a refusal, never a crash or a loss: a write that fails (``store.NotSaved``) leaves
the room as it was — the action is neither applied nor acknowledged — and the client is told, in both
languages, that nothing was saved and to try again (``error`` with code ``not_saved``; the connection stays
open). An AI seat whose move cannot be saved keeps it and tries again until the database is back; the game
goes on from there. Over HTTP the same is a 503.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from tefuda.core import TefudaError
from tefuda.core.game import game_ids, load_game
from tefuda.core.replay import parse_chat, replay_steps
from tefuda.core.rng import new_secret
from tefuda.lab.runner import agent_seed

from .limits import Bucket, Limits
from .rooms import (
    AGENT,
    HUMAN,
    AccessError,
    Room,
    RoomConfig,
    RoomError,
    Seat,
    Stale,
    make_config,
    new_token,
    same,
    token_hash,
)
from .store import OLD_ROOM, PLAYING, UNRECOVERABLE, NotSaved, Store, config_of, seats_json
from .thinking import Thinkers
from .words import bilingual, error, shared_deck, table_words

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("tefuda.serve")

# WebSocket close codes the page does not reconnect after
CLOSE_NO_ROOM = 4404
CLOSE_GONE = 4410  # a room that cannot be rebuilt (an older version's)
CLOSE_TAKEN_OVER = 4409  # another connection with the same session took the seat
CLOSE_RELEASED = 4403  # the seat was released: this session no longer works
CLOSE_TRY_AGAIN = 1013  # the database could not be read: the page reconnects later

NOT_SAVED = "not_saved"  # an error's code: the database refused a write, nothing changed
UNAVAILABLE = "the database is unavailable: nothing was saved — try again shortly"  # HTTP 503
AI_NOT_SAVED = (
    "P{}: the AI's move could not be saved (the database is unavailable): "
    "it is played once the database is back"
)
RETRY_FIRST, RETRY_MOST = 0.25, 4.0  # seconds between an AI seat's tries to save its move (doubling)


# ------------------------------------------------------------------ the HTTP API's schema (OpenAPI)
# The bodies are read by hand (a bad one answers 400 with the `tefuda deck check` wording, never FastAPI's
# 422), so the schema says what they hold for the documentation and the fuzzer (tests/test_serve_fuzz.py).
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error", "ja", "en"],
    "properties": {
        "error": {"type": "string"},
        "ja": {"type": "string"},
        "en": {"type": "string"},
        "code": {"type": "string"},
    },
}
_ERROR_TEXT = {
    400: "a bad request (the message says which field)",
    403: "not this room's maker token",
    404: "no such room",
    409: "not now (the game is on, or over)",
    410: "a room that cannot be rebuilt",
    413: "a request body over the limit",
    429: "too many open rooms from this address",
    503: "the database is unavailable: nothing was saved — try again shortly",
}


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route may give: ``{error, ja, en, code?}``, whatever the status. Every route may
    answer 413 (the body limit) and 503 (the database went away)."""
    return {
        c: {"description": _ERROR_TEXT[c], "content": {"application/json": {"schema": ERROR_SCHEMA}}}
        for c in sorted({*codes, 413, 503})
    }


_SEAT_ROW = {
    "type": "object",
    "required": ["seat", "kind", "spec"],
    "properties": {
        "seat": {"type": "integer"},
        "kind": {"type": "string", "enum": [HUMAN, AGENT]},
        "spec": {"type": "string"},
        "claimed": {"type": "boolean"},
        "connected": {"type": "boolean"},
    },
}
ROOM_SCHEMA: dict[str, Any] = {  # Room.summary(): one lobby row, GET /api/rooms/{room}
    "type": "object",
    "required": ["room", "game", "players", "seats", "status", "decision", "commitment", "settings"],
    "properties": {
        "room": {"type": "string"},
        "game": {"type": "string"},
        "name": {"type": "string"},
        "name_en": {"type": "string"},
        "players": {"type": "integer"},
        "options": {"type": "object"},
        "seats": {"type": "array", "items": _SEAT_ROW},
        "status": {"type": "string", "enum": ["playing", "over"]},
        "outcome": {"type": ["object", "null"]},
        "created": {"type": "number"},
        "decision": {"type": "integer", "minimum": 0},
        "to_move": {"type": "integer"},
        "rematch": {"type": ["string", "null"]},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "settings": {"type": "string"},
        "reveal": {"type": "object", "required": ["seed", "key", "commitment", "settings"]},
    },
}
ROOM_REQUEST: dict[str, Any] = {  # POST /api/rooms (rooms.make_config checks it)
    "type": "object",
    "required": ["game"],
    "properties": {
        "game": {"type": "string", "examples": ["kirifuda", "yonesu"]},
        "players": {"type": "integer"},
        "options": {"type": "object", "additionalProperties": True},
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": [HUMAN, AGENT]},
                    "spec": {"type": "string"},
                },
            },
        },
        "decks": {"type": "array", "items": {"type": ["string", "null"]}},
        "cards": {
            "type": "object",
            "properties": {
                "mode": {"type": "string", "enum": ["add", "replace"]},
                "toml": {"type": "string"},
            },
        },
        "seed": {"type": ["integer", "string"], "description": "testing only (--allow-seed)"},
    },
}
RELEASE_REQUEST: dict[str, Any] = {
    "type": "object",
    "required": ["seat", "maker"],
    "properties": {"seat": {"type": "integer", "description": "0-based"}, "maker": {"type": "string"}},
}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def _ok(schema: dict[str, Any], media: str = "application/json") -> dict[int | str, dict[str, Any]]:
    return {200: {"description": "the answer", "content": {media: {"schema": schema}}}}


def client_json(data: str | bytes) -> Any:
    """A client's JSON (a WebSocket message, a request body), strictly: raises ValueError for anything that
    is not plain JSON — malformed, not UTF-8, a lone surrogate (which no database or answer could hold),
    NaN or Infinity, nested deeper than 1024, or a number too large for a double (Python's own parser turns
    a 5000-digit number into an uncaught ValueError, and deep nesting into a RecursionError). A whole
    number past 64 bits arrives as a float, so it is never taken for a decision or a seat."""
    return orjson.loads(data)


async def json_body(request: Request) -> Any:
    try:
        return client_json(await request.body())
    except ValueError:
        raise HTTPException(400, "the request body is not JSON") from None


def agent_salt() -> int:
    """A room's AI seats draw their own choices from a salt of the operating system's, never from the game's
    secret (an agent's stream must tell nothing of the deal)."""
    return secrets.randbits(64)


def invite_url(room_id: str, token: str) -> str:
    """A seat's invite link: the claim token rides in the fragment, so it never reaches a request line or a
    log."""
    return f"/room/{room_id}#claim={token}"


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    seat: int | None
    bucket: Bucket
    alive: bool = True
    session: str = ""  # the hash of the session this connection acts under (a seat's)


@dataclass(eq=False)
class Live:
    """A room in memory with its connections and its lock (everything a room does happens under it)."""

    room: Room
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task | None = None
    thinking: int | None = None
    undo: dict[str, Any] | None = None  # an undo asked for, waiting for the other people's yes
    release: dict[str, Any] | None = None  # a seat's release asked for, waiting for the table's yes
    salt: int = field(default_factory=lambda: agent_salt())  # the AI seats' own randomness (memory only)
    revealed: bool = False  # the secret was sent to everyone (the game is over)
    # each AI seat's memory between its decisions (agents/repetition.py), by seat, for one epoch (an undo
    # forgets it: the positions it remembers were taken back)
    memory: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    # an undo whose truncation failed may still have reached the database: the entries kept in memory from
    # this number on are written again (over whatever is there) before the next entry
    resync: int | None = None

    def __post_init__(self) -> None:
        seed = self.room.cfg.seed
        if isinstance(seed, int):  # a seed chosen for testing (--allow-seed): not secret, so the AI seats'
            self.salt = seed * 0x9E3779B97F4A7C15 & (1 << 64) - 1  # choices may follow it (a test repeats)


class Committer:
    """Group commit: entries from every room wait together while one transaction is being written, and go in
    the next one. One writer thread, so a busy server never has writers queuing on the database's lock;
    each caller resumes only once its entry is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="tefuda-db")
        self.pending: list[tuple[str, int, str, asyncio.Future]] = []
        self.busy = False
        self.task: asyncio.Task | None = None
        # rooms whose last entry failed to commit: the answer may have been lost after the database had it,
        # so the room's next entry replaces anything stored from its number on (never acknowledged)
        self.suspect: set[str] = set()

    async def add(self, room: str, n: int, entry: str) -> None:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self.pending.append((room, n, entry, fut))
        if not self.busy:
            self.busy = True
            self.task = loop.create_task(self._write())
        await fut

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                rows = [b[:3] for b in batch]
                rooms = {r for r, _, _ in rows}
                replace = frozenset(rooms & self.suspect)
                try:
                    await loop.run_in_executor(self.pool, self.store.add_entries, rows, replace)
                except Exception as e:  # every waiter hears of it; none is told "committed"
                    self.suspect |= rooms
                    log.warning(
                        "tefuda serve: %d entr%s not saved (%s): refused, nothing applied",
                        len(batch),
                        "y" if len(batch) == 1 else "ies",
                        NotSaved(e).why,
                    )
                    for *_, fut in batch:
                        if not fut.done():
                            fut.set_exception(NotSaved(e))
                    continue
                self.suspect -= rooms
                for *_, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
        finally:
            self.busy = False

    async def run(self, fn: Any, *args: Any) -> Any:
        """Any other write, on the same writer thread; a database error is :class:`NotSaved`."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        except SQLAlchemyError as e:
            log.warning(
                "tefuda serve: %s not saved (%s)", getattr(fn, "__name__", "a write"), NotSaved(e).why
            )
            raise NotSaved(e) from e

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class Server:
    def __init__(
        self, store: Store, thinkers: Thinkers | None, limits: Limits, *, allow_seed: bool = False
    ) -> None:
        self.store = store
        self.committer = Committer(store)
        self.thinkers = thinkers
        self.limits = limits
        self.allow_seed = allow_seed
        self.live: dict[str, Live] = {}
        self.finished: dict[str, Room] = {}
        self.later: set[asyncio.Task] = set()  # writes retried until the database takes them

    # ------------------------------------------------------------------ rooms
    def restore(self) -> tuple[int, int]:
        """Rebuild every open room from its rows (a restarted server): ``(rebuilt, unrecoverable)``. A room
        that cannot be rebuilt — an older version's (dealt by another stream), or rows that no longer replay —
        is marked unrecoverable and said so in the log; the server starts all the same."""
        n = bad = 0
        for row in self.store.room_rows(PLAYING):
            try:
                room = self._rebuild(row)
            except Exception as e:  # one broken room must not keep every other one from being served
                why = str(e) if isinstance(e, ValueError | TefudaError) else f"{type(e).__name__}: {e}"
                if row["id"] not in why:
                    why = f"room {row['id']}: {why}"
                self.store.unrecoverable(row["id"], why)
                log.warning("tefuda serve: %s — marked unrecoverable, not served", why)
                bad += 1
                continue
            if room.over:  # its last entry was saved but not its end (the database went away in between)
                res = room.state.outcome()
                self.store.finish(room.id, None if res is None else res.as_dict())
            self.live[room.id] = Live(room)
            n += 1
        if bad:
            log.warning("tefuda serve: %d room(s) rebuilt, %d unrecoverable", n, bad)
        return n, bad

    def _rebuild(self, row: dict[str, Any]) -> Room:
        room = Room(row["id"], config_of(row))
        for entry in self.store.entries_of(room.id):
            room.replay_entry(entry)
        if row.get("next"):
            room.next_room = row["next"]
        return room

    def room(self, room_id: str) -> Room:
        live = self.live.get(room_id)
        if live is not None:
            return live.room
        room = self.finished.get(room_id)
        if room is not None:
            return room
        row = self.store.room_row(room_id) if len(room_id) <= 32 else None
        if row is None:
            raise HTTPException(404, f"no room {room_id!r}")
        if not row.get("secret"):
            raise HTTPException(410, OLD_ROOM.format(room_id))
        if row["status"] == UNRECOVERABLE:
            why = (json.loads(row["outcome"] or "{}") or {}).get("unrecoverable", "")
            raise HTTPException(410, f"room {room_id} cannot be rebuilt: {why}")
        try:
            room = self._rebuild(row)
        except Exception as e:
            log.warning("tefuda serve: room %s cannot be rebuilt: %s", room_id, e)
            raise HTTPException(410, f"room {room_id} cannot be rebuilt: {e}") from None
        if len(self.finished) > 200:
            self.finished.pop(next(iter(self.finished)))
        self.finished[room_id] = room
        return room

    async def create(
        self, body: Any, client: str, parent: Room | None = None
    ) -> tuple[Room, dict[int, str], str]:
        """A new room: ``(room, {seat: invite token}, maker token)``. A rematch (``parent``) has a new secret,
        the same settings and the same people: each seat's session of the parent opens its seat here too, so
        nobody else is offered it (no invites, the maker's token carries over)."""
        invites: dict[int, str] = {}
        maker = ""
        if parent is None:
            if self.store.open_rooms_from(client) >= self.limits.rooms_per_address:
                raise HTTPException(
                    429, f"this address has {self.limits.rooms_per_address} open rooms already: finish one"
                )
            try:
                g, cfg, decks = make_config(body, client=client, allow_seed=self.allow_seed)
            except RoomError as e:
                raise HTTPException(400, str(e)) from None
            maker = new_token()
            cfg.maker = token_hash(maker)
        else:
            pc = parent.cfg
            g = parent.game
            cfg = RoomConfig(
                game=pc.game,
                options=dict(pc.options),
                players=pc.players,
                seed=new_secret(),
                decks=list(pc.decks),
                seats=[Seat(s.kind, s.spec, session=s.session) for s in pc.seats],
                client=pc.client,
                parent=parent.id,
                cards=pc.cards,
                maker=pc.maker,
            )
            decks = None
        room_id = secrets.token_urlsafe(6)
        try:
            room = Room(room_id, cfg, g, decks)
        except (RoomError, TefudaError) as e:
            raise HTTPException(400, str(e)) from None
        if parent is None:
            invites = {i: room.issue_invite(i) for i in room.humans()}
        await self.committer.run(self.store.add_room, room_id, cfg)
        self.live[room_id] = Live(room)
        self.kick(room_id)
        return room, invites, maker

    # ------------------------------------------------------------------ sending
    @staticmethod
    async def send(conn: Conn, msg: dict[str, Any]) -> None:
        if not conn.alive:
            return
        try:
            await conn.ws.send_text(orjson.dumps(msg).decode())
        except Exception:  # a client that went away is dropped, never the room
            conn.alive = False

    async def welcome(self, live: Live, conn: Conn) -> None:
        room = live.room
        s = room.summary()
        await self.send(
            conn,
            {
                "type": "welcome",
                "room": room.id,
                "game": s["game"],
                "name": s["name"],
                "name_en": s["name_en"],
                "seat": conn.seat,
                "spectator": conn.seat is None,
                "players": s["players"],
                "seats": s["seats"],
                "options": s["options"],
                "cards": f"/api/rooms/{room.id}/cards",  # the pool's card faces and the game's words
                **room.fair(),  # the commitment to the secret, before anything is dealt or done
            },
        )
        await self.send(conn, self.state_msg(live, conn))
        if room.next_room:
            await self.send(conn, self._rematch_msg(room, conn.seat))

    @staticmethod
    def state_msg(live: Live, conn: Conn) -> dict[str, Any]:
        """The whole table as ``conn``'s seat sees it (on joining, and after an undo); a finished room's holds
        its secret."""
        room = live.room
        msg = {
            "type": "state",
            "decision": room.decision,
            "observation": room.observation(conn.seat),
            "log": room.recent_log(conn.seat),
            "thinking": live.thinking,
            "chat": room.chat[-100:],
            "notices": room.notices[-50:],
        }
        if room.over:
            msg["reveal"] = room.reveal()
        return msg

    async def broadcast(self, live: Live, events: list[Any]) -> None:
        room = live.room
        views: dict[int | None, dict[str, Any]] = {}
        texts: dict[Any, dict[str, str]] = {}
        for conn in list(live.conns):
            msg = views.get(conn.seat)
            if msg is None:
                msg = views[conn.seat] = {
                    "type": "update",
                    "decision": room.decision,
                    "observation": room.observation(conn.seat),
                    "log": room.render(events, conn.seat, texts),
                }
            await self.send(conn, msg)
        live.conns = {c for c in live.conns if c.alive}
        if room.over and not live.revealed:
            # the game is over: now, and only now, everyone is given the secret to check the commitment with
            live.revealed = True
            await self.tell_all(live, {"type": "reveal", **room.reveal()})

    async def tell_all(self, live: Live, msg: dict[str, Any]) -> None:
        for conn in list(live.conns):
            await self.send(conn, msg)

    # ------------------------------------------------------------------ changing a room
    async def commit_and_apply(self, live: Live, action: Any) -> list[Any]:
        """Commit the entry, then apply it (the caller holds the lock and has checked the action)."""
        room = live.room
        return await self._record(room, room.state.notation(action), lambda: room.apply(action))

    async def _record(self, room: Room, entry: str, take: Any) -> list[Any]:
        """The one way a room changes: the entry committed first, then taken; an ended game is marked over.
        If the database refuses, :class:`NotSaved` is raised and nothing has changed."""
        live = self.live.get(room.id)
        if live is not None and live.resync is not None:
            keep = live.resync
            await self.committer.run(self.store.rewrite, room.id, keep, list(room.entries[keep:]))
            live.resync = None
        await self.committer.add(room.id, len(room.entries), entry)
        events = take()
        if live is not None and live.undo is not None:  # the game went on: the undo asked for is void
            live.undo = None
            await self.tell_all(
                live,
                {
                    "type": "undo_result",
                    "ok": False,
                    "reason": "the game went on",
                    **bilingual("the game went on"),
                },
            )
        if room.over:
            res = room.state.outcome()
            outcome = None if res is None else res.as_dict()
            try:
                await self.committer.run(self.store.finish, room.id, outcome)
            except NotSaved:  # the last entry is saved (a restart marks the room over too): said, not refused
                self._retry_later(self.store.finish, room.id, outcome)
        return events

    def _retry_later(self, fn: Any, *args: Any) -> None:
        """A write that does not change what anyone was told (a room marked over), tried again until the
        database takes it."""

        async def retry() -> None:
            delay = RETRY_FIRST
            while True:
                await asyncio.sleep(delay)
                try:
                    await self.committer.run(fn, *args)
                    return
                except NotSaved:
                    delay = min(delay * 2, RETRY_MOST)

        task = asyncio.get_running_loop().create_task(retry())
        self.later.add(task)
        task.add_done_callback(self.later.discard)

    async def _spectating(self, conn: Conn, what: str) -> bool:
        """Whether a spectator's connection asked for what only a seat may do (it is told so)."""
        if conn.seat is None:
            await self.send(conn, error(f"spectators cannot {what}"))
            return True
        return False

    @staticmethod
    def _holds(live: Live, conn: Conn) -> bool:
        """Whether ``conn`` still acts for its seat: it is the seat's one live connection and its session is
        the seat's (not taken over, not released). Checked under the room's lock before anything it asks."""
        seat = conn.seat
        return (
            seat is not None
            and conn.alive
            and conn in live.conns
            and same(live.room.cfg.seats[seat].session, conn.session)
        )

    async def _refused(self, live: Live, conn: Conn) -> bool:
        if self._holds(live, conn):
            return False
        await self.send(
            conn,
            error("this connection no longer acts for its seat", code="session_ended"),
        )
        return True

    async def act(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        if await self._spectating(conn, "act"):
            return
        async with live.lock:
            room = live.room
            if await self._refused(live, conn):
                return
            try:
                action = room.check_action(conn.seat, msg.get("decision"), msg.get("action"))
            except Stale as e:
                await self.send(
                    conn,
                    {"type": "ignored", "decision": msg.get("decision"), "reason": str(e), **bilingual(e)},
                )
                return
            except RoomError as e:
                await self.send(conn, error(str(e)))
                return
            events = await self.commit_and_apply(live, action)
            await self.send(conn, {"type": "ack", "decision": room.decision - 1})
            await self.broadcast(live, events)
        self.kick(room.id)

    async def say(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        if await self._spectating(conn, "chat"):
            return
        async with live.lock:
            room = live.room
            if await self._refused(live, conn):
                return
            try:
                entry = room.chat_line(conn.seat, msg.get("text"))
            except RoomError as e:
                await self.send(conn, error(str(e)))
                return
            events = await self._record(room, entry, lambda: room.say(entry))
            await self.tell_all(live, {"type": "chat", **room.chat[-1]})
            await self.broadcast(live, events)

    # ------------------------------------------------------------------ undo (every person agrees)
    async def ask_undo(self, live: Live, conn: Conn) -> None:
        """A seat asks to take back its last action: done at once if no other person plays, else once each
        of them says yes (core.undo decides how far back, never past a reveal)."""
        if await self._spectating(conn, "undo"):
            return
        async with live.lock:
            room = live.room
            if await self._refused(live, conn):
                return
            try:
                # the check replays the stretch in other worlds: off the event loop (the lock is held, so
                # the room does not change meanwhile)
                keep = await asyncio.to_thread(room.undo_target, conn.seat)
            except RoomError as e:
                await self.send(conn, error(str(e)))
                return
            others = {i for i, s in enumerate(room.cfg.seats) if s.kind == HUMAN and i != conn.seat}
            if not others:
                await self._undo(live, conn.seat, keep)
                return
            live.undo = {"seat": conn.seat, "keep": keep, "decision": room.decision, "waiting": others}
            await self.tell_all(live, {"type": "undo_request", "seat": conn.seat})

    async def answer_undo(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        if await self._spectating(conn, "answer an undo"):
            return
        async with live.lock:
            if await self._refused(live, conn):
                return
            req = live.undo
            if req is None or req["decision"] != live.room.decision:
                live.undo = None
                await self.send(conn, error("no undo is waiting for an answer"))
                return
            if conn.seat not in req["waiting"]:
                await self.send(conn, error("this undo does not wait for your answer"))
                return
            if msg.get("accept") is not True:
                live.undo = None
                await self.tell_all(live, {"type": "undo_result", "ok": False, "seat": conn.seat})
                return
            req["waiting"].discard(conn.seat)
            if not req["waiting"]:
                live.undo = None
                try:
                    await self._undo(live, req["seat"], req["keep"])
                except NotSaved:  # not undone: the undo still waits for this yes
                    req["waiting"].add(conn.seat)
                    live.undo = req
                    raise

    async def _undo(self, live: Live, seat: int, keep: int) -> None:
        room = live.room
        try:
            await self.committer.run(self.store.truncate, room.id, keep)
        except NotSaved:  # perhaps done all the same: the entries kept in memory are written again first
            live.resync = keep if live.resync is None else min(live.resync, keep)
            raise
        if live.resync is not None and live.resync >= keep:  # an earlier lost truncation is now certain
            live.resync = None
        room.rewind(keep)
        live.thinking = None
        await self.tell_all(live, {"type": "undo_result", "ok": True, "seat": seat})
        for c in list(live.conns):
            await self.send(c, self.state_msg(live, c))
        self.kick(room.id)

    @staticmethod
    def _rematch_msg(room: Room, seat: int | None) -> dict[str, Any]:
        """The rematch as ``seat`` is told of it: the new room, where the seat's own session opens the same
        seat (the page carries it over); nobody else is given a way in. A spectator: the room to watch."""
        new = room.next_room
        if seat is None:
            return {"type": "rematch", "room": new, "url": f"/room/{new}"}
        return {"type": "rematch", "room": new, "url": f"/room/{new}#seat={seat + 1}", "seat": seat}

    async def rematch(self, live: Live, conn: Conn) -> None:
        room = live.room
        if await self._spectating(conn, "ask for a rematch"):
            return
        if not room.over:
            await self.send(conn, error("a rematch once this game is over"))
            return
        async with live.lock:
            if await self._refused(live, conn):
                return
            if room.next_room is None:
                new, _, _ = await self.create(None, "", parent=room)
                await self.committer.run(self.store.set_next, room.id, new.id)
                room.next_room = new.id  # only once saved: a restart points to the same rematch
            for c in list(live.conns):
                await self.send(c, self._rematch_msg(room, c.seat))

    # ------------------------------------------------------------------ seats: claim, take over, release
    async def _save_seats(self, room: Room, before: list[Seat]) -> None:
        """Persist the seats' invites and sessions (hashes); if the database refuses, the change is undone
        in memory too, so nothing is handed out that a restart would not keep."""
        try:
            await self.committer.run(self.store.set_seats, room.id, seats_json(room.cfg.seats))
        except Exception:
            room.cfg.seats[:] = before
            raise

    @staticmethod
    def _copy_seats(room: Room) -> list[Seat]:
        return [Seat(s.kind, s.spec, s.claim, s.session, list(s.spent)) for s in room.cfg.seats]

    async def join(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        """``hello``: a spectator (nothing), an invite (``claim``: spent now, the connection is given a
        session of its own) or a session (``session``: a seat claimed before). The seat's earlier connection,
        if any, is taken over. Raises :class:`AccessError`."""
        room = live.room
        claim, session = msg.get("claim"), msg.get("session")
        if claim is None and session is None and msg.get("token") is not None:
            raise AccessError(
                "bad_link", "field 'token': links from an older version of tefuda no longer open a seat"
            )
        if claim is not None and session is not None:
            raise AccessError("bad_link", "hello: a 'claim' or a 'session', not both")
        async with live.lock:
            if claim is not None:
                before = self._copy_seats(room)
                seat, secret = room.claim(claim)  # spent at once: a second claim finds it used
                try:
                    await self._save_seats(room, before)
                except Exception as e:  # not kept, so not given: the invite is still good
                    log.warning("tefuda serve: room %s: a claim could not be saved: %s", room.id, e)
                    why = "the database is unavailable" if isinstance(e, NotSaved) else type(e).__name__
                    raise AccessError(
                        NOT_SAVED, f"the seat could not be saved ({why}): try the link again"
                    ) from None
                conn.seat, conn.session = seat, room.cfg.seats[seat].session
                # the session goes to this connection only, never in any other message or answer
                await self.send(conn, {"type": "claimed", "seat": seat, "session": secret})
            elif session is not None:
                conn.seat = room.seat_of_session(session)
                conn.session = room.cfg.seats[conn.seat].session
            if conn.seat is not None:
                for other in list(live.conns):
                    if other.seat == conn.seat:
                        await self._drop(
                            live,
                            other,
                            {"type": "taken_over", "seat": conn.seat},
                            CLOSE_TAKEN_OVER,
                        )
            live.conns.add(conn)
            await self.welcome(live, conn)

    async def _drop(self, live: Live, conn: Conn, msg: dict[str, Any], code: int) -> None:
        """Tell a connection why, then close it: it acts for nothing from now on."""
        await self.send(conn, msg)
        conn.alive = False
        live.conns.discard(conn)
        with contextlib.suppress(Exception):  # already gone
            await conn.ws.close(code)

    async def release(self, live: Live, seat: int, by: str) -> str:
        """Release ``seat`` (the caller holds the lock and has checked who asks): its invite and session stop
        working at once, its connection is told and dropped, a new invite is issued (returned, for whoever
        asked) and everyone is told."""
        room = live.room
        before = self._copy_seats(room)
        token = room.issue_invite(seat)
        await self._save_seats(room, before)
        for c in list(live.conns):
            if c.seat == seat:
                await self._drop(live, c, {"type": "released", "seat": seat, "by": by}, CLOSE_RELEASED)
        if live.release is not None and seat in (live.release["by"], live.release["seat"]):
            # a request by the released seat goes with it; one for the same seat is answered by this release
            live.release = None
            await self.tell_all(
                live,
                {
                    "type": "release_result",
                    "ok": False,
                    "seat": seat,
                    "reason": "the seat was released",
                    **bilingual("the seat was released"),
                },
            )
        notice = {
            "code": "seat_released",
            "seat": seat,
            "by": by,
            "ja": f"P{seat + 1}の席が解放され、新しい招待リンクが発行されました",
            "en": f"P{seat + 1}'s seat was released; a new link was issued",
        }
        room.notices.append(notice)
        await self.tell_all(live, {"type": "seat_released", **notice})
        return token

    def _release_target(self, room: Room, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < room.cfg.players:
            raise RoomError(f"field 'seat': a seat number 0–{room.cfg.players - 1}")
        if room.cfg.seats[seat].kind != HUMAN:
            raise RoomError(f"P{seat + 1} is an AI seat: there is nothing to release")
        if room.over:
            raise RoomError("the game is over: its seats are not released")
        return seat

    async def ask_release(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        """A seat asks the table to release another person's seat (a link that reached the wrong hands):
        done once every other person at the table says yes — at once if nobody else plays; the new invite
        goes to the seats that agreed."""
        if await self._spectating(conn, "release a seat"):
            return
        async with live.lock:
            room = live.room
            if await self._refused(live, conn):
                return
            try:
                seat = self._release_target(room, msg.get("seat"))
                if seat == conn.seat:
                    raise RoomError("your own seat is released by the room's maker, not by you")
                if live.release is not None:
                    raise RoomError("a release is already waiting for the table's answers")
            except RoomError as e:
                await self.send(conn, error(str(e)))
                return
            waiting = set(room.humans()) - {seat, conn.seat}
            live.release = {"seat": seat, "by": conn.seat, "waiting": waiting, "agreed": {conn.seat}}
            if waiting:
                await self.tell_all(live, {"type": "release_request", "seat": seat, "by": conn.seat})
            else:
                await self._release_agreed(live)

    async def answer_release(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        if await self._spectating(conn, "answer a release"):
            return
        async with live.lock:
            if await self._refused(live, conn):
                return
            req = live.release
            if req is None or live.room.over:
                live.release = None
                await self.send(conn, error("no release is waiting for an answer"))
                return
            if conn.seat not in req["waiting"]:
                await self.send(conn, error("this release does not wait for your answer"))
                return
            if msg.get("accept") is not True:
                live.release = None
                await self.tell_all(
                    live,
                    {"type": "release_result", "ok": False, "seat": req["seat"], "refused_by": conn.seat},
                )
                return
            req["waiting"].discard(conn.seat)
            req["agreed"].add(conn.seat)
            if not req["waiting"]:
                try:
                    await self._release_agreed(live)
                except NotSaved:  # not released: the release still waits for this yes
                    req["waiting"].add(conn.seat)
                    req["agreed"].discard(conn.seat)
                    live.release = req
                    raise

    async def _release_agreed(self, live: Live) -> None:
        req, live.release = live.release, None
        assert req is not None
        seat = req["seat"]
        token = await self.release(live, seat, "table")
        invite = {"type": "invite", "seat": seat, "claim": token, "url": invite_url(live.room.id, token)}
        for c in list(live.conns):
            if c.seat in req["agreed"]:
                await self.send(c, invite)
        await self.tell_all(live, {"type": "release_result", "ok": True, "seat": seat})

    # ------------------------------------------------------------------ AI seats
    def kick(self, room_id: str) -> None:
        """Let the room's AI seats play while it is their turn (one driver task per room)."""
        live = self.live.get(room_id)
        if live is None or self.thinkers is None:
            return
        if live.driver is not None and not live.driver.done():
            return
        room = live.room
        if room.over or room.cfg.seats[room.to_move].kind != AGENT:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        live.driver = loop.create_task(self.drive(live))

    async def drive(self, live: Live) -> None:
        room = live.room
        assert self.thinkers is not None
        while not room.over:
            seat = room.to_move
            spec = room.cfg.seats[seat]
            if spec.kind != AGENT:
                return
            decision, epoch = room.decision, room.epoch
            live.thinking = seat
            await self.tell_all(live, {"type": "thinking", "seat": seat})
            if any(e != epoch for _, e in live.memory):
                live.memory = {k: v for k, v in live.memory.items() if k[1] == epoch}
            memory = live.memory.setdefault((seat, epoch), {})
            action, why = await self.thinkers.act(
                room.state, spec.spec, self.agent_seed(live, seat, decision), memory
            )
            await self._play_agent(live, seat, decision, epoch, action, why)

    async def _play_agent(
        self, live: Live, seat: int, decision: int, epoch: int, action: Any, why: str
    ) -> None:
        """An AI seat's move, committed then shown. While the database refuses it the room stays where it
        was (nothing applied) and the move is tried again, more slowly each time, until it is saved — or the
        room has moved on meanwhile (an undo)."""
        room = live.room
        delay, told = RETRY_FIRST, False
        while True:
            async with live.lock:
                if room.decision != decision or room.epoch != epoch or room.over:
                    live.thinking = None
                    return
                try:
                    events = await self.commit_and_apply(live, action)
                except NotSaved:
                    if not told:  # once per move: the table knows why nothing happens
                        told = True
                        said = AI_NOT_SAVED.format(seat + 1)
                        await self.tell_all(
                            live,
                            {
                                "type": "chat",
                                "seat": None,
                                "text": said,
                                "code": NOT_SAVED,
                                **bilingual(said),
                            },
                        )
                else:
                    live.thinking = None
                    if why:
                        said = f"P{seat + 1}: {why}"
                        await self.tell_all(
                            live, {"type": "chat", "seat": None, "text": said, **bilingual(said)}
                        )
                    await self.broadcast(live, events)
                    return
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MOST)

    @staticmethod
    def agent_seed(live: Live, seat: int, decision: int) -> int:
        """An AI seat's seed for one decision: from the room's salt (the operating system's), the seat and
        the decision number — nothing of the game's secret."""
        return agent_seed(live.salt, seat) ^ (decision * 0x9E3779B1)

    def finish_if_over(self, room_id: str) -> None:
        live = self.live.get(room_id)
        if live is not None and live.room.over and not live.conns:
            del self.live[room_id]
            self.finished[room_id] = live.room


def _entry_label(state: Any, entry: str) -> dict[str, str] | None:
    """An entry of a replay in words: a chat line as said, an action as its menu label (ja/en)."""
    chat = parse_chat(entry)
    if chat is not None:
        seat, text = chat
        return {"ja": f"P{seat + 1}「{text}」", "en": f"P{seat + 1}: “{text}”"}
    try:
        ja, en = state.label(state.parse_action(entry))
    except Exception:  # a label is a nicety: the notation is still there
        return None
    who = state.current_player
    prefix = f"P{who + 1}: " if who >= 0 else ""
    return {"ja": prefix + ja, "en": prefix + en}


def create_app(
    db_url: str,
    *,
    ai_workers: int | None = None,
    ai_timeout: float = 60.0,
    limits: Limits | None = None,
    think: bool = True,
    allow_seed: bool = False,
) -> FastAPI:
    """The ASGI app. ``think=False`` leaves AI seats idle (API tests that drive every seat themselves).
    ``allow_seed``: for testing only — a room request may choose its seed (a chosen seed is not secret)."""
    limits = limits or Limits()
    store = Store(db_url)
    srv = Server(store, None, limits, allow_seed=allow_seed)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        srv.restore()
        # the long-lived objects (games, card sets, rooms) leave the collector's young generations, and the
        # collector runs less often: its pauses were the slowest answers under load
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 20)
        if think:
            srv.thinkers = Thinkers(ai_workers, ai_timeout)
            await srv.thinkers.start()
            for rid in list(srv.live):
                srv.kick(rid)
        yield
        for live in srv.live.values():
            if live.driver is not None:
                live.driver.cancel()
        for task in list(srv.later):
            task.cancel()
        if srv.thinkers is not None:
            srv.thinkers.shutdown()
        srv.committer.close()
        store.close()

    app = FastAPI(title="tefuda", lifespan=lifespan)
    app.state.server = srv

    @app.middleware("http")
    async def body_limit(request: Request, call_next):
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > limits.http_body):
            said = f"request body over {limits.http_body} bytes"
            return JSONResponse({"error": said, **bilingual(said)}, status_code=413)
        return await call_next(request)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException):
        return JSONResponse({"error": exc.detail, **bilingual(exc.detail)}, status_code=exc.status_code)

    async def db_unavailable(request: Request, exc: Exception) -> JSONResponse:
        """The database went away (a write refused, or a read of a room not in memory): 503, nothing saved."""
        why = exc.why if isinstance(exc, NotSaved) else NotSaved(exc).why
        log.warning(
            "tefuda serve: %s %s: the database is unavailable (%s)", request.method, request.url.path, why
        )
        return JSONResponse(
            {"error": UNAVAILABLE, "code": NOT_SAVED, **bilingual(UNAVAILABLE)},
            status_code=503,
            headers={"Retry-After": "5"},
        )

    app.add_exception_handler(NotSaved, db_unavailable)
    app.add_exception_handler(SQLAlchemyError, db_unavailable)

    # ------------------------------------------------------------------ pages
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/room/{room_id}", include_in_schema=False)
    def room_page(room_id: str) -> FileResponse:
        return FileResponse(STATIC / "room.html")

    @app.get("/replay/{room_id}", include_in_schema=False)
    def replay_page(room_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    # ------------------------------------------------------------------ API
    @app.get("/api/games", responses=_errors())
    def games() -> list[dict[str, Any]]:
        out = []
        for gid in game_ids():
            try:
                g = load_game(gid)
            except TefudaError:
                continue
            m = g.metadata()
            out.append(
                {
                    "id": gid,
                    "name": m["name"],
                    "name_en": m["name_en"],
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "options": [
                        {
                            "key": k,
                            "default": v["default"],
                            "choices": v["choices"],
                            "ja": v["doc_ja"],
                            "en": v["doc"],
                        }
                        for k, v in m["options"].items()
                    ],
                    "decks": sorted(g.sample_decks()),
                    # each sample deck's name in both languages (its first comment line)
                    "deck_names": {k: list(v) for k, v in table_words(g)["decks"].items()},
                    "shared_deck": shared_deck(g),  # everyone plays one shared set (ヨネス一式)
                }
            )
        return out

    @app.get(
        "/api/rooms",
        response_model=None,
        responses={**_ok({"type": "array", "items": ROOM_SCHEMA}), **_errors()},
    )
    def lobby() -> list[dict[str, Any]]:
        rows = []
        for rid, live in list(srv.live.items()):
            s = live.room.summary()
            taken = {c.seat for c in live.conns if c.seat is not None}
            for seat in s["seats"]:
                seat["connected"] = seat["seat"] in taken
            rows.append(s)
            del rid
        return rows[-200:]

    @app.post(
        "/api/rooms",
        response_model=None,
        openapi_extra=_body(ROOM_REQUEST),
        responses={
            **_ok(
                {
                    "type": "object",
                    "required": ["room", "maker", "seats", "spectator_url", "commitment", "settings"],
                    "properties": {
                        "room": {"type": "string"},
                        "maker": {"type": "string"},
                        "seats": {"type": "array", "items": _SEAT_ROW},
                        "spectator_url": {"type": "string"},
                        "commitment": {"type": "string"},
                        "settings": {"type": "string"},
                    },
                }
            ),
            **_errors(400, 429),
        },
    )
    async def create_room(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        client = request.client.host if request.client else ""
        room, invites, maker = await srv.create(body, client)
        seats = []
        for i, s in enumerate(room.cfg.seats):
            row: dict[str, Any] = {"seat": i, "kind": s.kind, "spec": s.spec}
            if i in invites:  # a one-time invite: the first browser to open it claims the seat
                row["claim"] = invites[i]
                row["url"] = invite_url(room.id, invites[i])
            seats.append(row)
        return {
            "room": room.id,
            "maker": maker,
            "seats": seats,
            "spectator_url": f"/room/{room.id}",
            **room.fair(),
        }

    @app.post(
        "/api/rooms/{room_id}/release",
        response_model=None,
        openapi_extra=_body(RELEASE_REQUEST),
        responses={
            **_ok(
                {
                    "type": "object",
                    "required": ["room", "seat", "claim", "url"],
                    "properties": {
                        "room": {"type": "string"},
                        "seat": {"type": "integer"},
                        "claim": {"type": "string"},
                        "url": {"type": "string"},
                    },
                }
            ),
            **_errors(400, 403, 404, 409, 410),
        },
    )
    async def release_seat(room_id: str, request: Request) -> dict[str, Any]:
        """The maker releases a seat: its session stops working, a new invite is issued (to the maker)."""
        body = await json_body(request)
        if not isinstance(body, dict):
            raise HTTPException(400, 'the request body is {"seat": n, "maker": token}')
        live = srv.live.get(room_id)
        room = live.room if live is not None else srv.room(room_id)
        try:
            room.check_maker(body.get("maker"))
        except AccessError as e:
            raise HTTPException(403, str(e)) from None
        if live is None:
            raise HTTPException(409, "the game is over: its seats are not released")
        async with live.lock:
            try:
                seat = srv._release_target(room, body.get("seat"))
            except RoomError as e:
                raise HTTPException(409 if room.over else 400, str(e)) from None
            token = await srv.release(live, seat, "maker")
        return {"room": room.id, "seat": seat, "claim": token, "url": invite_url(room.id, token)}

    @app.get("/api/rooms/{room_id}", response_model=None, responses={**_ok(ROOM_SCHEMA), **_errors(404, 410)})
    def room_info(room_id: str) -> dict[str, Any]:
        return srv.room(room_id).summary()

    @app.get(
        "/api/rooms/{room_id}/cards",
        responses={
            **_ok({"type": "object", "required": ["faces", "terms", "values", "zones", "decks", "types"]}),
            **_errors(404, 410),
        },
    )
    def room_cards(room_id: str) -> Response:
        """The room's card pool as faces, with the game's words (terms, zones, sample decks): public
        information — what each card is, never where any card lies. A room's pool never changes."""
        live = srv.live.get(room_id)
        room = live.room if live is not None else srv.room(room_id)
        return Response(
            orjson.dumps(table_words(room.game)),
            media_type="application/json",
            headers={"Cache-Control": "private, max-age=3600"},
        )

    @app.get(
        "/api/rooms/{room_id}/replay",
        responses={**_ok({"type": "object", "required": ["game", "actions"]}), **_errors(404, 409, 410)},
    )
    def room_replay(room_id: str) -> Response:
        room = srv.room(room_id)
        if not room.over:
            raise HTTPException(409, "the game is still on: its replay (seed and decks) would tell secrets")
        return Response(
            room.replay().to_json() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tefuda-{room.game.id}-{room.id}.json"'},
        )

    @app.get(
        "/api/rooms/{room_id}/steps",
        response_model=None,
        responses={
            **_ok(
                {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["step", "action", "label", "observation", "log"],
                        "properties": {
                            "step": {"type": "integer"},
                            "action": {"type": ["string", "null"]},
                            "label": {"type": ["object", "null"]},
                            "observation": {"type": "object"},
                            "log": {"type": "array"},
                        },
                    },
                }
            ),
            **_errors(400, 404, 409, 410),
        },
    )
    def room_steps(room_id: str, seat: int | None = None) -> list[dict[str, Any]]:
        room = srv.room(room_id)
        if not room.over:
            raise HTTPException(409, "the replay viewer opens once the game is over")
        if seat is not None and not 1 <= seat <= room.cfg.players:
            raise HTTPException(400, f"seat: 1–{room.cfg.players}, or none for the spectator's view")
        viewer = None if seat is None else seat - 1
        helper = Room.__new__(Room)
        helper.game = room.game
        helper.cfg = room.cfg
        out: list[dict[str, Any]] = []
        rep = room.replay()
        label: dict[str, str] | None = None
        for step, text, state, events in replay_steps(rep, f"room {room.id}"):
            helper.state = state
            out.append(
                {
                    "step": step,
                    "action": text,
                    "label": label,  # the move in words ({ja, en}), as the seat's menu named it
                    "observation": helper.observation(viewer),
                    "log": helper.render(events, viewer),
                }
            )
            # the next entry's words, from the state it is taken in (the game is over: nothing is secret)
            label = None
            if step < len(rep.actions) and not state.is_over:
                label = _entry_label(state, rep.actions[step])
        return out

    # ------------------------------------------------------------------ the WebSocket
    handlers: dict[str, Any] = {
        "act": srv.act,
        "say": srv.say,
        "rematch": lambda live, conn, _msg: srv.rematch(live, conn),
        "undo": lambda live, conn, _msg: srv.ask_undo(live, conn),
        "undo_answer": srv.answer_undo,
        "release": srv.ask_release,
        "release_answer": srv.answer_release,
    }

    @app.websocket("/ws/{room_id}")
    async def ws_room(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        conn = Conn(ws, None, Bucket(limits.rate, limits.burst))
        live = srv.live.get(room_id)
        if live is None:
            try:
                finished = srv.room(room_id)
            except SQLAlchemyError as e:  # a finished room is read from a database that is not there
                log.warning("tefuda serve: room %s not read: %s", room_id, NotSaved(e).why)
                await Server.send(conn, error(UNAVAILABLE, code=NOT_SAVED))
                await ws.close(CLOSE_TRY_AGAIN)
                return
            except HTTPException as e:
                gone = e.status_code == 410
                await Server.send(
                    conn,
                    error(e.detail, code="room_gone" if gone else "no_room"),
                )
                await ws.close(CLOSE_GONE if gone else CLOSE_NO_ROOM)
                return
            live = Live(finished)  # a finished room: watchable, nothing to play
        joined = False
        try:
            while conn.alive:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
                text = frame.get("text")
                if not conn.alive:  # taken over or released meanwhile
                    break
                if not conn.bucket.take(time.monotonic()):
                    await Server.send(conn, error("too many messages: slow down"))
                    continue
                if text is None:  # a binary frame: the protocol is text (starlette's receive_text fails)
                    await Server.send(conn, error("not JSON: every message is a JSON object"))
                    continue
                if len(text) > limits.message:
                    await Server.send(conn, error(f"message over {limits.message} bytes"))
                    continue
                try:
                    msg = client_json(text)
                except ValueError:
                    await Server.send(conn, error("not JSON: every message is a JSON object"))
                    continue
                if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                    await Server.send(conn, error("a message is a JSON object with a 'type'"))
                    continue
                kind = msg["type"]
                if kind == "ping":
                    await Server.send(conn, {"type": "pong"})
                elif kind == "hello":
                    if joined:
                        await Server.send(conn, error("hello only once per connection"))
                        continue
                    try:
                        await srv.join(live, conn, msg)
                    except AccessError as e:
                        conn.seat = None
                        await Server.send(conn, error(e, code=e.code))
                        continue
                    joined = True
                elif not joined:
                    await Server.send(
                        conn,
                        error("say hello first (your invite, your session, or none)"),
                    )
                elif kind in handlers:
                    try:
                        await handlers[kind](live, conn, msg)
                    except (NotSaved, SQLAlchemyError) as e:  # nothing changed: said, the connection stays
                        if not isinstance(e, NotSaved):
                            log.warning("tefuda serve: room %s: %s", room_id, NotSaved(e).why)
                        said = NotSaved.MESSAGE
                        await Server.send(conn, error(said, code=NOT_SAVED, decision=live.room.decision))
                else:
                    await Server.send(conn, error(f"unknown message type {kind!r}"))
        except WebSocketDisconnect:
            pass
        except RuntimeError:  # a socket the server closed (taken over, released) is read no more
            if conn.alive:
                raise
        finally:
            conn.alive = False
            live.conns.discard(conn)
            srv.finish_if_over(room_id)

    return app
