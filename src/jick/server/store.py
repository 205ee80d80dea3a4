"""Storage of tables, seats and actions with SQLAlchemy 2: SQLite by default, PostgreSQL by URL.

A table is stored as the header of its record (rules, seed, first dealer),
its seats (kind, name, a SHA-256 hash of the seat's token) and its actions,
one row per action keyed by ``(table_id, ply)``. That primary key is what
makes an action final: a second writer of the same ply (another process with
a stale copy) fails instead of forking the game. A finished table also keeps
its whole record.

The schema is versioned with Alembic; :meth:`Store.migrate` brings any
database to the head revision (``jick/server/migrations``).

The methods here are synchronous; the server runs them in a worker thread.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.sql.elements import ColumnElement

from jick.engine import JickError

__all__ = [
    "ActionRow",
    "AnalysisRow",
    "Base",
    "ChatRow",
    "DeckRow",
    "SeatRow",
    "Store",
    "StoreError",
    "TableRow",
    "hash_token",
    "now",
]

#: Table statuses: waiting for the host to start, playing, the match over, stopped by the host.
STATUSES = ("open", "running", "finished", "closed")
#: Seconds to wait for a PostgreSQL connection (an unreachable host fails instead of hanging).
CONNECT_TIMEOUT = 5


class StoreError(JickError):
    """A database URL that cannot be used, or a database that cannot be reached."""


def hash_token(token: str) -> str:
    """The SHA-256 hex digest kept instead of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "jick_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    game: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(100))
    #: The record header: format, version, game, preset, overrides, rules, players, first_dealer, seed.
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    bot_level: Mapped[str] = mapped_column(String(16))
    away_timeout: Mapped[float] = mapped_column(Float)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The creator chose the seed (whoever knows it knows every hand).
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    ply: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: The record's ``result`` once the match is over.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The whole record (JSON text) once the table is finished or closed.
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: SHA-256 of the table's watch token (a spectator link of a private table); None: no such link.
    watch_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    #: Seconds a bot waits before it acts at this table; None: the server's setting.
    bot_delay: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    #: The table whose rematch this one is (the match before, same seats and rules); None: a first match.
    #: Unique: a match has one rematch at most, whoever asks for it first and from wherever.
    rematch_of: Mapped[str | None] = mapped_column(
        ForeignKey("jick_tables.id", ondelete="SET NULL"), nullable=True, default=None, unique=True
    )
    #: Spectators may chat (seats always may, unless muted).
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Seconds a person has for each turn before the away bot plays that one move; 0: no turn timer.
    turn_timer: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")


class SeatRow(Base):
    __tablename__ = "jick_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``human`` or a bot name (``easy``, ``normal``, ``hard``, ``random``, ...).
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    #: SHA-256 of the seat's token; None for a bot seat (no token works). A rematch carries the token over to the
    #: same seat of the next match, so one token may hold a seat at several tables (one per match).
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: A person has joined with the token.
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The host muted the seat's chat.
    muted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    __tablename__ = "jick_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action_id: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(64))
    #: ``human``, ``bot`` (a bot seat) or ``standin`` (a bot playing for an absent person).
    by: Mapped[str] = mapped_column(String(8))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeckRow(Base):
    """A deck order (or a Lift Smoke reshuffle) the server drew for a table, with its commitment."""

    __tablename__ = "jick_decks"

    table_id: Mapped[str] = mapped_column(ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True)
    #: The draw's number at this table, from 0.
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The deal it belongs to (0-based).
    deal: Mapped[int] = mapped_column(Integer)
    #: ``deck`` or ``reshuffle``.
    kind: Mapped[str] = mapped_column(String(16))
    #: The card names in order, top first, separated by spaces.
    cards: Mapped[str] = mapped_column(Text)
    #: The secret salt (hex), revealed with the deck when the deal is over.
    salt: Mapped[str] = mapped_column(String(64))
    #: SHA-256 (hex) of the salt and the cards, sent when the deal starts.
    commitment: Mapped[str] = mapped_column(String(64))


class AnalysisRow(Base):
    """A finished table's analysis for one seat at one depth (``jick.server.analyses``): made once, kept."""

    __tablename__ = "jick_analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``quick`` or ``normal``.
    depth: Mapped[str] = mapped_column(String(16), primary_key=True)
    #: The analysis JSON (``jick-analysis``, ``docs/analysis.md``).
    analysis: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """A line said at a table (a chat message or a quick reaction)."""

    __tablename__ = "jick_chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("jick_tables.id", ondelete="CASCADE"), primary_key=True)
    #: The line's number at this table, from 0.
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The sender's seat; None for a spectator.
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The sender's name when it was said.
    name: Mapped[str] = mapped_column(String(40))
    #: The text (a reaction: its words).
    text: Mapped[str] = mapped_column(String(200))
    #: The reaction's key, or None for a line of text.
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class StoredTable:
    """A table as the database has it."""

    row: TableRow
    seats: list[SeatRow]
    actions: list[int] = field(default_factory=list)
    draws: list[DeckRow] = field(default_factory=list)


@dataclass(frozen=True)
class NewAction:
    """An action to append, with what it changes on the table row."""

    table_id: str
    ply: int
    seat: int
    action_id: int
    text: str
    by: str
    #: The table's status after the action, its result and final record when it ended the match.
    status: str = "running"
    result: dict[str, Any] | None = None
    record: str | None = None
    #: Orders drawn for the chance nodes that followed the action (a table without a seed).
    draws: tuple[DeckRow, ...] = ()


def database_url(text: str) -> URL:
    """A checked SQLAlchemy URL: ``sqlite:///PATH`` or ``postgresql+psycopg://...``.

    >>> database_url("sqlite:///jick.db").database
    'jick.db'
    >>> try:
    ...     database_url("jick.db")
    ... except StoreError as exc:
    ...     print(exc)
    --db 'jick.db' is not a database URL (use sqlite:///PATH or postgresql+psycopg://USER@HOST/DB)
    """
    hint = "use sqlite:///PATH or postgresql+psycopg://USER@HOST/DB"
    try:
        url = make_url(text)
    except ArgumentError:
        raise StoreError(f"--db {text!r} is not a database URL ({hint})") from None
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise StoreError(f"--db {text!r}: the database must be SQLite or PostgreSQL ({hint})")
    if backend == "postgresql" and url.get_driver_name() != "psycopg":
        url = url.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and url.database in (None, "", ":memory:"):
        raise StoreError(f"--db {text!r}: give the SQLite database a file (sqlite:///PATH)")
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, store: Store | None = None) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    if store is not None and store.checkpointer is not None:
        # the checkpointer keeps the WAL short; a commit checkpoints only if it falls far behind
        cursor.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_FALLBACK_PAGES}")
    cursor.close()


#: With :meth:`Store.checkpoint_in_background`: a commit still checkpoints itself past this many WAL pages.
CHECKPOINT_FALLBACK_PAGES = 10_000


class _Checkpointer(threading.Thread):
    """Copies SQLite's write-ahead log back into the database file every ``every`` seconds, on its own connection.

    SQLite does it by default inside the commit that fills the log past 1,000 pages, with an fsync, so that
    one commit (and every action waiting on the writer behind it) waits for the disk, which on a busy machine
    took up to a second. A passive checkpoint here never blocks the writer.
    """

    def __init__(self, path: str, every: float) -> None:
        super().__init__(name="jick-sqlite-checkpoint", daemon=True)
        self.path, self.every = path, every
        self.stopped = threading.Event()

    def run(self) -> None:
        connection = sqlite3.connect(self.path, check_same_thread=False)
        try:
            connection.execute("PRAGMA busy_timeout=10000")
            while not self.stopped.wait(self.every):
                try:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    pass  # a passive checkpoint that could not run now runs at the next tick
        finally:
            connection.close()


class Store:
    """The database of a server (or of several servers sharing one PostgreSQL)."""

    def __init__(self, url: str | URL) -> None:
        self.url = database_url(url) if isinstance(url, str) else url
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        if self.is_sqlite:
            path = Path(self.url.database or "")
            if not path.parent.is_dir():
                raise StoreError(f"--db: the folder of {str(path)!r} does not exist")
            self.engine: Engine = create_engine(self.url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", lambda c, r: _sqlite_pragmas(c, r, self))
        else:
            self.engine = create_engine(
                self.url,
                pool_size=5,
                max_overflow=5,
                pool_pre_ping=True,
                connect_args={"connect_timeout": CONNECT_TIMEOUT},
            )
        self._heads: set[str] | None = None
        self.checkpointer: _Checkpointer | None = None

    def checkpoint_in_background(self, every: float = 1.0) -> None:
        """SQLite: checkpoint the write-ahead log in a thread of its own, not in commits (the server calls this
        before its first connection); nothing for PostgreSQL."""
        if self.is_sqlite and self.checkpointer is None:
            self.checkpointer = _Checkpointer(str(self.url.database), every)
            self.checkpointer.start()

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stopped.set()
            self.checkpointer.join(timeout=5)
        self.engine.dispose()

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Bring the schema to the newest revision (creating it in an empty database)."""
        from alembic import command

        try:
            with self.engine.begin() as connection:
                config = alembic_config(self.url)
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except JickError:
            raise
        except Exception as exc:  # the database cannot be reached or used: one line, no traceback
            raise StoreError(f"cannot use the database {self.url.render_as_string()}: {_first_line(exc)}") from None

    def readiness(self) -> str | None:
        """None when the database answers and its schema is at the migrations' head; else why not, in one line."""
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        if self._heads is None:
            self._heads = set(ScriptDirectory.from_config(alembic_config(self.url)).get_heads())
        try:
            with self.engine.connect() as connection:
                current = set(MigrationContext.configure(connection).get_current_heads())
        except Exception as exc:
            return f"the database does not answer: {_first_line(exc)}"
        if current != self._heads:
            have = ", ".join(sorted(current)) or "no schema"
            return f"the schema is at {have}, not at the migrations' head {', '.join(sorted(self._heads))}"
        return None

    # ------------------------------------------------------------------ tables
    def count_tables(self) -> dict[str, int]:
        """How many tables have each status (every status, 0 included)."""
        counts = dict.fromkeys(STATUSES, 0)
        with Session(self.engine) as db:
            for status, n in db.execute(select(TableRow.status, func.count()).group_by(TableRow.status)):
                counts[str(status)] = int(n)
        return counts

    def create_table(self, row: TableRow, seats: Sequence[SeatRow], draws: Sequence[DeckRow] = ()) -> None:
        with Session(self.engine) as db, db.begin():
            db.add(row)
            db.flush()
            db.add_all(seats)
            db.add_all(draws)

    def append_draws(self, draws: Sequence[DeckRow]) -> None:
        """Store drawn orders (one transaction)."""
        with Session(self.engine) as db, db.begin():
            db.add_all(draws)

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its seats and action ids, or None."""
        with Session(self.engine, expire_on_commit=False) as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(db.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))
            actions = list(
                db.scalars(select(ActionRow.action_id).where(ActionRow.table_id == table_id).order_by(ActionRow.ply))
            )
            draws = list(db.scalars(select(DeckRow).where(DeckRow.table_id == table_id).order_by(DeckRow.n)))
            db.expunge_all()
            return StoredTable(row, seats, actions, draws)

    def list_tables(
        self, statuses: Sequence[str], token_hashes: Sequence[str] = (), limit: int = 200
    ) -> list[StoredTable]:
        """Tables with one of ``statuses``, newest first, with their seats (no actions): the public ones and
        the private ones that hold one of ``token_hashes`` (as host, watch or seat token)."""
        hashes = list(token_hashes)
        visible: ColumnElement[bool] = TableRow.public.is_(True)
        if hashes:
            seated = select(SeatRow.table_id).where(SeatRow.token_hash.in_(hashes))
            visible = or_(
                visible,
                TableRow.host_token_hash.in_(hashes),
                TableRow.watch_token_hash.in_(hashes),
                TableRow.id.in_(seated),
            )
        with Session(self.engine, expire_on_commit=False) as db:
            rows = list(
                db.scalars(
                    select(TableRow)
                    .where(TableRow.status.in_(list(statuses)), visible)
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for seat in db.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                    seats[seat.table_id].append(seat)
            db.expunge_all()
            return [StoredTable(r, seats[r.id]) for r in rows]

    def rematches(self, table_ids: Sequence[str]) -> dict[str, str]:
        """For each of ``table_ids`` that has a rematch: the id of the next match."""
        if not table_ids:
            return {}
        with Session(self.engine) as db:
            rows = db.execute(select(TableRow.rematch_of, TableRow.id).where(TableRow.rematch_of.in_(list(table_ids))))
            return {str(before): str(after) for before, after in rows}

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        with Session(self.engine) as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status.in_(list(statuses)))))

    def update_table(self, table_id: str, **values: Any) -> None:
        with Session(self.engine) as db, db.begin():
            db.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with Session(self.engine) as db, db.begin():
            db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values))

    # ------------------------------------------------------------------ chat
    def append_chat(self, row: ChatRow) -> None:
        """Store a chat line (its ``(table_id, n)`` must be new)."""
        with Session(self.engine) as db, db.begin():
            db.add(row)

    def chat_lines(self, table_id: str, last: int | None = None) -> tuple[list[ChatRow], int]:
        """The table's chat lines, oldest first (only the ``last`` ones if given), and how many it has in all."""
        with Session(self.engine, expire_on_commit=False) as db:
            count = db.scalar(select(func.count()).select_from(ChatRow).where(ChatRow.table_id == table_id)) or 0
            query = select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.n.desc())
            if last is not None:
                query = query.limit(last)
            rows = list(db.scalars(query))
            db.expunge_all()
            rows.reverse()
            return rows, int(count)

    # ------------------------------------------------------------------ actions
    def append_actions(self, actions: Sequence[NewAction]) -> None:
        """Store actions (of any tables) in one transaction: all are kept, or none."""
        if not actions:
            return
        stamp = now()
        rows = [
            {
                "table_id": a.table_id,
                "ply": a.ply,
                "seat": a.seat,
                "action_id": a.action_id,
                "text": a.text,
                "by": a.by,
                "at": stamp,
            }
            for a in actions
        ]
        last: dict[str, NewAction] = {}
        for a in actions:
            last[a.table_id] = a
        moves = [
            {"tid": a.table_id, "new_ply": a.ply + 1, "new_status": a.status} for a in last.values() if a.record is None
        ]
        draws = [
            {c: getattr(d, c) for c in ("table_id", "n", "deal", "kind", "cards", "salt", "commitment")}
            for a in actions
            for d in a.draws
        ]
        with self.engine.begin() as connection:
            connection.execute(insert(ActionRow), rows)
            if draws:
                connection.execute(insert(DeckRow), draws)
            if moves:
                connection.execute(
                    update(TableRow)
                    .where(TableRow.id == bindparam("tid"))
                    .values(ply=bindparam("new_ply"), status=bindparam("new_status")),
                    moves,
                )
            for a in last.values():
                if a.record is not None:
                    connection.execute(
                        update(TableRow)
                        .where(TableRow.id == a.table_id)
                        .values(ply=a.ply + 1, status=a.status, result=a.result, record=a.record, ended_at=stamp)
                    )


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def alembic_config(url: URL) -> Any:
    """The Alembic configuration of the server's migrations, for ``url``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    config.set_main_option("sqlalchemy.url", url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def dumps(record: dict[str, Any]) -> str:
    from jick.record import dumps_record

    return dumps_record(record)


def loads(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data
