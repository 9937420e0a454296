"""The server: FastAPI routes for the lobby and rooms, one WebSocket per client (docs/serve.md).

Authoritative: a client names a legal action and the decision it answers; the room checks it, the store
commits it, and only then is it applied, acknowledged and shown — to each seat its own view.
"""

from __future__ import annotations

import asyncio
import gc
import json
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

from tefuda.core import TefudaError
from tefuda.core.game import game_ids, load_game
from tefuda.core.replay import replay_steps
from tefuda.lab.runner import agent_seed

from .limits import Bucket, Limits
from .rooms import AGENT, HUMAN, Room, RoomConfig, RoomError, Stale, make_config, new_token
from .store import Store, config_of
from .thinking import Thinkers

STATIC = Path(__file__).parent / "static"


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    seat: int | None
    bucket: Bucket
    alive: bool = True


@dataclass(eq=False)
class Live:
    """A room in memory with its connections and its lock (everything a room does happens under it)."""

    room: Room
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task | None = None
    thinking: int | None = None
    undo: dict[str, Any] | None = None  # an undo asked for, waiting for the other people's yes


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
                try:
                    await loop.run_in_executor(self.pool, self.store.add_entries, [b[:3] for b in batch])
                except Exception as e:  # every waiter hears of it; none is told "committed"
                    for *_, fut in batch:
                        if not fut.done():
                            fut.set_exception(e)
                    continue
                for *_, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
        finally:
            self.busy = False

    async def run(self, fn: Any, *args: Any) -> Any:
        """Any other write, on the same writer thread."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class Server:
    def __init__(self, store: Store, thinkers: Thinkers | None, limits: Limits) -> None:
        self.store = store
        self.committer = Committer(store)
        self.thinkers = thinkers
        self.limits = limits
        self.live: dict[str, Live] = {}
        self.finished: dict[str, Room] = {}

    # ------------------------------------------------------------------ rooms
    def restore(self) -> int:
        """Rebuild every open room from its rows (a restarted server)."""
        n = 0
        for row in self.store.room_rows("playing"):
            room = self._rebuild(row)
            self.live[room.id] = Live(room)
            n += 1
        return n

    def _rebuild(self, row: dict[str, Any]) -> Room:
        room = Room(row["id"], config_of(row))
        for entry in self.store.entries_of(room.id):
            room.replay_entry(entry)
        if row.get("next"):
            room.next_room = row["next"]
            room.next_tokens = json.loads(row["next_tokens"] or "[]")
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
        room = self._rebuild(row)
        if len(self.finished) > 200:
            self.finished.pop(next(iter(self.finished)))
        self.finished[room_id] = room
        return room

    async def create(self, body: Any, client: str, parent: Room | None = None) -> tuple[Room, RoomConfig]:
        if parent is None:
            if self.store.open_rooms_from(client) >= self.limits.rooms_per_address:
                raise HTTPException(
                    429, f"this address has {self.limits.rooms_per_address} open rooms already: finish one"
                )
            try:
                g, cfg, decks = make_config(body, client=client)
            except RoomError as e:
                raise HTTPException(400, str(e)) from None
        else:
            pc = parent.cfg
            g = parent.game
            cfg = RoomConfig(
                game=pc.game,
                options=dict(pc.options),
                players=pc.players,
                seed=secrets.randbelow(1 << 31),
                decks=list(pc.decks),
                seats=[type(s)(s.kind, s.spec, new_token() if s.kind == HUMAN else "") for s in pc.seats],
                client=pc.client,
                parent=parent.id,
                cards=pc.cards,
            )
            decks = None
        room_id = secrets.token_urlsafe(6)
        try:
            room = Room(room_id, cfg, g, decks)
        except (RoomError, TefudaError) as e:
            raise HTTPException(400, str(e)) from None
        await self.committer.run(self.store.add_room, room_id, cfg)
        self.live[room_id] = Live(room)
        self.kick(room_id)
        return room, cfg

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
            },
        )
        await self.send(conn, self.state_msg(live, conn))
        if room.next_room and conn.seat is not None:
            await self.send(conn, self._rematch_msg(room, conn.seat))

    @staticmethod
    def state_msg(live: Live, conn: Conn) -> dict[str, Any]:
        """The whole table as ``conn``'s seat sees it (on joining, and after an undo)."""
        room = live.room
        return {
            "type": "state",
            "decision": room.decision,
            "observation": room.observation(conn.seat),
            "log": room.recent_log(conn.seat),
            "thinking": live.thinking,
            "chat": room.chat[-100:],
        }

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

    async def tell_all(self, live: Live, msg: dict[str, Any]) -> None:
        for conn in list(live.conns):
            await self.send(conn, msg)

    # ------------------------------------------------------------------ changing a room
    async def commit_and_apply(self, live: Live, action: Any) -> list[Any]:
        """Commit the entry, then apply it (the caller holds the lock and has checked the action)."""
        room = live.room
        return await self._record(room, room.state.notation(action), lambda: room.apply(action))

    async def _record(self, room: Room, entry: str, take: Any) -> list[Any]:
        """The one way a room changes: the entry committed first, then taken; an ended game is marked over."""
        await self.committer.add(room.id, len(room.entries), entry)
        events = take()
        live = self.live.get(room.id)
        if live is not None and live.undo is not None:  # the game went on: the undo asked for is void
            live.undo = None
            await self.tell_all(live, {"type": "undo_result", "ok": False, "reason": "the game went on"})
        if room.over:
            res = room.state.outcome()
            await self.committer.run(self.store.finish, room.id, None if res is None else res.as_dict())
        return events

    async def _spectating(self, conn: Conn, what: str) -> bool:
        """Whether a spectator's connection asked for what only a seat may do (it is told so)."""
        if conn.seat is None:
            await self.send(conn, {"type": "error", "error": f"spectators cannot {what}"})
            return True
        return False

    async def act(self, live: Live, conn: Conn, msg: dict[str, Any]) -> None:
        if await self._spectating(conn, "act"):
            return
        async with live.lock:
            room = live.room
            try:
                action = room.check_action(conn.seat, msg.get("decision"), msg.get("action"))
            except Stale as e:
                await self.send(conn, {"type": "ignored", "decision": msg.get("decision"), "reason": str(e)})
                return
            except RoomError as e:
                await self.send(conn, {"type": "error", "error": str(e)})
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
            try:
                entry = room.chat_line(conn.seat, msg.get("text"))
            except RoomError as e:
                await self.send(conn, {"type": "error", "error": str(e)})
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
            try:
                keep = room.undo_target(conn.seat)
            except RoomError as e:
                await self.send(conn, {"type": "error", "error": str(e)})
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
            req = live.undo
            if req is None or req["decision"] != live.room.decision:
                live.undo = None
                await self.send(conn, {"type": "error", "error": "no undo is waiting for an answer"})
                return
            if conn.seat not in req["waiting"]:
                await self.send(conn, {"type": "error", "error": "this undo does not wait for your answer"})
                return
            if msg.get("accept") is not True:
                live.undo = None
                await self.tell_all(live, {"type": "undo_result", "ok": False, "seat": conn.seat})
                return
            req["waiting"].discard(conn.seat)
            if not req["waiting"]:
                live.undo = None
                await self._undo(live, req["seat"], req["keep"])

    async def _undo(self, live: Live, seat: int, keep: int) -> None:
        room = live.room
        await self.committer.run(self.store.truncate, room.id, keep)
        room.rewind(keep)
        live.thinking = None
        await self.tell_all(live, {"type": "undo_result", "ok": True, "seat": seat})
        for c in list(live.conns):
            await self.send(c, self.state_msg(live, c))
        self.kick(room.id)

    def _rematch_msg(self, room: Room, seat: int) -> dict[str, Any]:
        token = room.next_tokens[seat] if seat < len(room.next_tokens) else ""
        url = f"/room/{room.next_room}" + (f"#t={token}" if token else "")
        return {"type": "rematch", "room": room.next_room, "url": url}

    async def rematch(self, live: Live, conn: Conn) -> None:
        room = live.room
        if await self._spectating(conn, "ask for a rematch"):
            return
        if not room.over:
            await self.send(conn, {"type": "error", "error": "a rematch once this game is over"})
            return
        async with live.lock:
            if room.next_room is None:
                new, cfg = await self.create(None, "", parent=room)
                room.next_room = new.id
                room.next_tokens = [s.token for s in cfg.seats]
                await self.committer.run(self.store.set_next, room.id, new.id, room.next_tokens)
            for c in list(live.conns):
                if c.seat is not None:
                    await self.send(c, self._rematch_msg(room, c.seat))
                else:
                    await self.send(
                        c, {"type": "rematch", "room": room.next_room, "url": f"/room/{room.next_room}"}
                    )

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
            action, why = await self.thinkers.act(
                room.state, spec.spec, agent_seed(room.cfg.seed, seat) ^ (decision * 0x9E3779B1)
            )
            async with live.lock:
                live.thinking = None
                if room.decision != decision or room.epoch != epoch or room.over:
                    continue
                events = await self.commit_and_apply(live, action)
                if why:
                    await self.tell_all(live, {"type": "chat", "seat": None, "text": f"P{seat + 1}: {why}"})
                await self.broadcast(live, events)

    def finish_if_over(self, room_id: str) -> None:
        live = self.live.get(room_id)
        if live is not None and live.room.over and not live.conns:
            del self.live[room_id]
            self.finished[room_id] = live.room


def create_app(
    db_url: str,
    *,
    ai_workers: int | None = None,
    ai_timeout: float = 60.0,
    limits: Limits | None = None,
    think: bool = True,
) -> FastAPI:
    """The ASGI app. ``think=False`` leaves AI seats idle (API tests that drive every seat themselves)."""
    limits = limits or Limits()
    store = Store(db_url)
    srv = Server(store, None, limits)

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
            return JSONResponse({"error": f"request body over {limits.http_body} bytes"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

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
    @app.get("/api/games")
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
                }
            )
        return out

    @app.get("/api/rooms")
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

    @app.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise HTTPException(400, "the request body is not JSON") from None
        client = request.client.host if request.client else ""
        room, cfg = await srv.create(body, client)
        seats = []
        for i, s in enumerate(cfg.seats):
            row: dict[str, Any] = {"seat": i, "kind": s.kind, "spec": s.spec}
            if s.kind == HUMAN:
                row["token"] = s.token
                row["url"] = f"/room/{room.id}#t={s.token}"
            seats.append(row)
        return {"room": room.id, "seats": seats, "spectator_url": f"/room/{room.id}"}

    @app.get("/api/rooms/{room_id}")
    def room_info(room_id: str) -> dict[str, Any]:
        return srv.room(room_id).summary()

    @app.get("/api/rooms/{room_id}/replay")
    def room_replay(room_id: str) -> Response:
        room = srv.room(room_id)
        if not room.over:
            raise HTTPException(409, "the game is still on: its replay (seed and decks) would tell secrets")
        return Response(
            room.replay().to_json() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tefuda-{room.game.id}-{room.id}.json"'},
        )

    @app.get("/api/rooms/{room_id}/steps")
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
        out = []
        for step, text, state, events in replay_steps(room.replay(), f"room {room.id}"):
            helper.state = state
            out.append(
                {
                    "step": step,
                    "action": text,
                    "observation": helper.observation(viewer),
                    "log": helper.render(events, viewer),
                }
            )
        return out

    # ------------------------------------------------------------------ the WebSocket
    @app.websocket("/ws/{room_id}")
    async def ws_room(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        conn = Conn(ws, None, Bucket(limits.rate, limits.burst))
        live = srv.live.get(room_id)
        if live is None:
            try:
                srv.room(room_id)
            except HTTPException as e:
                await Server.send(conn, {"type": "error", "error": e.detail})
                await ws.close(4404)
                return
            live = Live(srv.room(room_id))  # a finished room: watchable, nothing to play
        joined = False
        try:
            while True:
                text = await ws.receive_text()
                if not conn.bucket.take(time.monotonic()):
                    await Server.send(conn, {"type": "error", "error": "too many messages: slow down"})
                    continue
                if len(text) > limits.message:
                    await Server.send(
                        conn, {"type": "error", "error": f"message over {limits.message} bytes"}
                    )
                    continue
                try:
                    msg = json.loads(text)
                except (json.JSONDecodeError, RecursionError):
                    await Server.send(
                        conn, {"type": "error", "error": "not JSON: every message is a JSON object"}
                    )
                    continue
                if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                    await Server.send(
                        conn, {"type": "error", "error": "a message is a JSON object with a 'type'"}
                    )
                    continue
                kind = msg["type"]
                if kind == "ping":
                    await Server.send(conn, {"type": "pong"})
                elif kind == "hello":
                    if joined:
                        await Server.send(conn, {"type": "error", "error": "hello only once per connection"})
                        continue
                    token = msg.get("token")
                    try:
                        conn.seat = live.room.seat_of(token if isinstance(token, str) else None)
                    except RoomError as e:
                        await Server.send(conn, {"type": "error", "error": str(e)})
                        continue
                    joined = True
                    live.conns.add(conn)
                    await srv.welcome(live, conn)
                elif not joined:
                    await Server.send(conn, {"type": "error", "error": "say hello first (your seat's token)"})
                elif kind == "act":
                    await srv.act(live, conn, msg)
                elif kind == "say":
                    await srv.say(live, conn, msg)
                elif kind == "rematch":
                    await srv.rematch(live, conn)
                elif kind == "undo":
                    await srv.ask_undo(live, conn)
                elif kind == "undo_answer":
                    await srv.answer_undo(live, conn, msg)
                else:
                    await Server.send(conn, {"type": "error", "error": f"unknown message type {kind!r}"})
        except WebSocketDisconnect:
            pass
        finally:
            conn.alive = False
            live.conns.discard(conn)
            srv.finish_if_over(room_id)

    return app
