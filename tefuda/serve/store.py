"""Persistence: every room and every accepted entry as rows (SQLite by default, PostgreSQL by URL), through
SQLAlchemy 2. An entry is committed before anyone hears of it, so a server killed at any moment loses no
acknowledged action; a restarted server rebuilds each room from its secret, decks and entries.

Schema changes are made in place on a database an older version made (``Store._upgrade``): the game's secret
is text (``secret``: 64 hex digits, or a chosen whole number's digits), and a room's maker token and each
seat's invite and session are kept as hashes. A room of an older version has no ``secret`` — it was dealt by
the old stream, so it cannot be rebuilt: such rooms are marked ``unrecoverable``, never replayed wrongly.

The database going away (PostgreSQL stopped, SQLite's file read-only, a full disk) is a refusal, not a crash:
a write that fails raises :class:`NotSaved` to the server, which changes nothing in memory and tells the
client to try again. PostgreSQL connections are checked before use (``pool_pre_ping``) and a connection that
failed is dropped, so a restarted PostgreSQL is picked up by the next write without restarting the server.
A commit whose answer was lost may still have reached the database: the next entry of such a room replaces
whatever was stored from its number on (``add_entries(..., replace=...)``), so an entry nobody was told of is
never kept beside the one that was."""

from __future__ import annotations

import json
import logging
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
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

from tefuda.core.paths import data_dir as default_data_dir

from .rooms import RoomConfig, Seat

log = logging.getLogger("tefuda.serve")

meta = MetaData()

PLAYING, OVER, UNRECOVERABLE = "playing", "over", "unrecoverable"
SECRET_SEED = -1  # the `seed` column of a room whose seed is a secret (then in `secret`)

rooms = Table(
    "tefuda_rooms",
    meta,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),  # a chosen seed, or -1: the secret is in `secret`
    Column("decks", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("status", String(16), nullable=False),  # playing | over | unrecoverable
    Column("outcome", Text),
    Column("created", Float, nullable=False),
    Column("client", String(64), nullable=False, default=""),
    Column("parent", String(32)),
    Column("next", String(32)),
    Column("next_tokens", Text),  # unused: a rematch opens its seats by the same sessions (no links)
    Column("cards", Text),  # a designer's card file, as JSON {"mode", "toml"} (null: the game's own pool)
    # added by this version (Store._upgrade adds them to an older database):
    Column("secret", Text),  # the game's seed as text: 64 hex digits, or a chosen number (null: an old room)
    Column("maker", Text),  # SHA-256 of the maker's token
)
NEW_COLUMNS = ("secret", "maker")

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


class NotSaved(RuntimeError):
    """A write the database refused or never answered (it went away, or is read-only): nothing of it may be
    acknowledged or applied. ``str()`` is the message a client is sent (``words.py`` has its Japanese)."""

    MESSAGE = "the game could not be saved (the database is unavailable): nothing changed — try again shortly"

    def __init__(self, cause: BaseException | None = None) -> None:
        super().__init__(self.MESSAGE)
        self.cause = cause

    @property
    def why(self) -> str:
        """The database's own words, for the log (never sent to a client)."""
        c = self.cause
        return "" if c is None else f"{type(c).__name__}: {str(c).splitlines()[0] if str(c) else ''}"


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        # PostgreSQL: every pooled connection is pinged before use (a restarted server is reconnected to), and
        # a connection attempt to a database that does not answer gives up after 5 s, not the OS's minutes
        kw: dict[str, Any] = {} if sqlite else {"pool_pre_ping": True}
        if url.startswith("postgresql"):
            kw["connect_args"] = {"connect_timeout": 5}
        self.engine: Engine = create_engine(url, future=True, **kw)
        if sqlite:

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                # WAL + NORMAL: a committed transaction survives the process being killed (not a power cut)
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()

        meta.create_all(self.engine)
        self._upgrade()

    def _upgrade(self) -> None:
        """Bring a database made by an older version up to this schema (idempotent)."""
        have = {c["name"] for c in inspect(self.engine).get_columns(rooms.name)}
        missing = [c for c in NEW_COLUMNS if c not in have]
        if not missing:
            return
        with self.engine.begin() as c:
            for name in missing:
                c.execute(text(f"ALTER TABLE {rooms.name} ADD COLUMN {name} TEXT"))
        log.warning("tefuda serve: upgraded the database's rooms table (new columns: %s)", ", ".join(missing))

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
                    seed=cfg.seed if isinstance(cfg.seed, int) else SECRET_SEED,
                    secret=str(cfg.seed),
                    maker=cfg.maker or None,
                    decks=json.dumps(cfg.decks, ensure_ascii=False),
                    seats=seats_json(cfg.seats),
                    status=PLAYING,
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

    def add_entries(self, rows: list[tuple[str, int, str]], replace: frozenset[str] = frozenset()) -> None:
        """Commit many entries (of many rooms) in one transaction: the group commit of a busy server. For a
        room in ``replace`` (its last commit failed, so its answer may have been lost after the database had
        it), whatever is stored from the room's first new entry on goes first, in the same transaction: such
        rows were never acknowledged, and the entry now committed takes their place."""
        now = time.time()
        with self.engine.begin() as c:
            for room_id in replace:
                first = min((n for r, n, _ in rows if r == room_id), default=None)
                if first is not None:
                    c.execute(delete(entries).where(entries.c.room == room_id, entries.c.n >= first))
            c.execute(insert(entries), [{"room": r, "n": n, "entry": e, "at": now} for r, n, e in rows])

    def truncate(self, room_id: str, keep: int) -> None:
        """Undo: the room's entries from ``keep`` on are gone (everyone at the table agreed)."""
        with self.engine.begin() as c:
            c.execute(delete(entries).where(entries.c.room == room_id, entries.c.n >= keep))

    def rewrite(self, room_id: str, keep: int, tail: list[str]) -> None:
        """The room's entries from ``keep`` on are exactly ``tail`` (an undo's truncation whose answer was
        lost: it may or may not have happened, and the room in memory still has them)."""
        now = time.time()
        with self.engine.begin() as c:
            c.execute(delete(entries).where(entries.c.room == room_id, entries.c.n >= keep))
            if tail:
                c.execute(
                    insert(entries),
                    [{"room": room_id, "n": keep + i, "entry": e, "at": now} for i, e in enumerate(tail)],
                )

    def finish(self, room_id: str, outcome: dict[str, Any] | None) -> None:
        with self.engine.begin() as c:
            c.execute(
                update(rooms)
                .where(rooms.c.id == room_id)
                .values(status=OVER, outcome=json.dumps(outcome, ensure_ascii=False))
            )

    def unrecoverable(self, room_id: str, why: str) -> None:
        """A room that cannot be rebuilt (an older version's, or rows that no longer replay): kept, not
        played on, never replayed as another game."""
        with self.engine.begin() as c:
            c.execute(
                update(rooms)
                .where(rooms.c.id == room_id)
                .values(status=UNRECOVERABLE, outcome=json.dumps({"unrecoverable": why}, ensure_ascii=False))
            )

    def set_seats(self, room_id: str, seats: str) -> None:
        """A seat claimed or released: every seat's invite and session hashes (:func:`seats_json`, made by
        the caller on the event loop, so this thread never reads a seat while it changes)."""
        with self.engine.begin() as c:
            c.execute(update(rooms).where(rooms.c.id == room_id).values(seats=seats))

    def set_next(self, room_id: str, next_id: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(rooms).where(rooms.c.id == room_id).values(next=next_id))

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


def seats_json(seats: list[Seat]) -> str:
    return json.dumps([s.row() for s in seats])


class OldRoom(ValueError):
    """A room an older version made: dealt by a stream this version no longer has."""


OLD_ROOM = (
    "room {}: made by an older version of tefuda, whose games were dealt by a 31-bit seed and another "
    "random stream: it cannot be rebuilt (nor replayed) by this version"
)


def seed_of(row: dict[str, Any]) -> int | str:
    """The room's seed from its row: a secret's 64 hex digits, or a chosen whole number."""
    text_ = row.get("secret")
    if not text_:
        raise OldRoom(OLD_ROOM.format(row["id"]))
    # a secret is 64 hex digits (even when they happen to be decimal ones); a chosen seed has at most 19
    return text_ if len(text_) == 64 else int(text_)


def config_of(row: dict[str, Any]) -> RoomConfig:
    return RoomConfig(
        game=row["game"],
        options=json.loads(row["options"]),
        players=row["players"],
        seed=seed_of(row),
        decks=json.loads(row["decks"]),
        seats=[Seat.of_row(s) for s in json.loads(row["seats"])],
        created=row["created"],
        client=row["client"] or "",
        parent=row["parent"],
        cards=json.loads(row["cards"]) if row.get("cards") else None,
        maker=row.get("maker") or "",
    )
