"""Persistence: every room and every accepted entry as rows (SQLite by default, PostgreSQL by URL), through
SQLAlchemy 2. An entry is committed before anyone hears of it, so a server killed at any moment loses no
acknowledged action; a restarted server rebuilds each room from its seed, decks and entries."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

from tefuda.core.paths import data_dir as default_data_dir

from .rooms import RoomConfig, Seat

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
    Column("status", String(16), nullable=False),  # playing | over
    Column("outcome", Text),
    Column("created", Float, nullable=False),
    Column("client", String(64), nullable=False, default=""),
    Column("parent", String(32)),
    Column("next", String(32)),
    Column("next_tokens", Text),
    Column("cards", Text),  # a designer's card file, as JSON {"mode", "toml"} (null: the game's own pool)
)

entries = Table(
    "tefuda_entries",
    meta,
    Column("room", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("entry", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def default_url(data_dir: str | Path | None = None) -> str:
    """SQLite in the data directory: ``--data``, else $TEFUDA_DATA, else ~/.local/share/tefuda."""
    base = Path(data_dir) if data_dir else default_data_dir()
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'serve.db'}"


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        self.engine: Engine = create_engine(url, future=True, pool_pre_ping=not sqlite)
        if sqlite:

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                # WAL + NORMAL: a committed transaction survives the process being killed (not a power cut)
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()

        meta.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writes
    def add_room(self, room_id: str, cfg: RoomConfig) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(rooms).values(
                    id=room_id,
                    game=cfg.game,
                    options=json.dumps(cfg.options, ensure_ascii=False),
                    players=cfg.players,
                    seed=cfg.seed,
                    decks=json.dumps(cfg.decks, ensure_ascii=False),
                    seats=json.dumps([s.__dict__ for s in cfg.seats]),
                    status="playing",
                    created=cfg.created,
                    client=cfg.client[:64],
                    parent=cfg.parent,
                    cards=None if cfg.cards is None else json.dumps(cfg.cards, ensure_ascii=False),
                )
            )

    def add_entry(self, room_id: str, n: int, entry: str) -> None:
        """Commit entry ``n`` (0-based) of a room; a second entry ``n`` is refused by the key."""
        with self.engine.begin() as c:
            c.execute(insert(entries).values(room=room_id, n=n, entry=entry, at=time.time()))

    def add_entries(self, rows: list[tuple[str, int, str]]) -> None:
        """Commit many entries (of many rooms) in one transaction: the group commit of a busy server."""
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(entries), [{"room": r, "n": n, "entry": e, "at": now} for r, n, e in rows])

    def truncate(self, room_id: str, keep: int) -> None:
        """Undo: the room's entries from ``keep`` on are gone (everyone at the table agreed)."""
        with self.engine.begin() as c:
            c.execute(delete(entries).where(entries.c.room == room_id, entries.c.n >= keep))

    def finish(self, room_id: str, outcome: dict[str, Any] | None) -> None:
        with self.engine.begin() as c:
            c.execute(
                update(rooms)
                .where(rooms.c.id == room_id)
                .values(status="over", outcome=json.dumps(outcome, ensure_ascii=False))
            )

    def set_next(self, room_id: str, next_id: str, tokens: list[str]) -> None:
        with self.engine.begin() as c:
            c.execute(
                update(rooms)
                .where(rooms.c.id == room_id)
                .values(next=next_id, next_tokens=json.dumps(tokens))
            )

    # ------------------------------------------------------------------ reads
    def room_rows(self, status: str | None = None) -> list[dict[str, Any]]:
        q = select(rooms).order_by(rooms.c.created)
        if status is not None:
            q = q.where(rooms.c.status == status)
        with self.engine.connect() as c:
            return [dict(r._mapping) for r in c.execute(q)]

    def room_row(self, room_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            r = c.execute(select(rooms).where(rooms.c.id == room_id)).first()
        return None if r is None else dict(r._mapping)

    def entries_of(self, room_id: str) -> list[str]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(entries.c.n, entries.c.entry).where(entries.c.room == room_id).order_by(entries.c.n)
            ).all()
        for i, (n, _) in enumerate(rows):
            if n != i:
                raise ValueError(f"room {room_id}: entry {i} is missing from the database")
        return [e for _, e in rows]

    def open_rooms_from(self, client: str) -> int:
        with self.engine.connect() as c:
            return c.execute(
                select(func.count())
                .select_from(rooms)
                .where(rooms.c.client == client[:64], rooms.c.status == "playing")
            ).scalar_one()


def config_of(row: dict[str, Any]) -> RoomConfig:
    return RoomConfig(
        game=row["game"],
        options=json.loads(row["options"]),
        players=row["players"],
        seed=row["seed"],
        decks=json.loads(row["decks"]),
        seats=[Seat(**s) for s in json.loads(row["seats"])],
        created=row["created"],
        client=row["client"] or "",
        parent=row["parent"],
        cards=json.loads(row["cards"]) if row.get("cards") else None,
    )
