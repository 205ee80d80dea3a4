"""Table lifecycle: seats and tokens, connections, actions, bots, absent players, persistence.

A :class:`Table` is a :class:`jick.session.Session` plus its seats and the
connections watching it. The :class:`Tables` manager does everything that
changes a table, always in this order: check, apply to the session, **commit
to the database**, then tell the connections. Nothing here is kept that the
database could not give back: a table is rebuilt from its stored header and
actions (after a restart, or by another process), and who is connected is
not game state.

Each table has a lock, so its actions are taken one at a time; tables share
nothing else, and a bot's thinking happens in the bot pool
(:mod:`jick.server.bots`), never on the event loop.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import IntegrityError

from jick.engine import IllegalAction, JickError, NotationError, RulesError
from jick.record_hooks import hooks_for
from jick.server import protocol as P
from jick.server.bots import BotPool
from jick.server.chat import CHAT_HISTORY, CHAT_RATE, CHAT_WINDOW, MAX_CHAT_LINES, ChatRoom, row_of_line, sender_name
from jick.server.lobby import house_rules, preset_title
from jick.server.metrics import Metrics
from jick.server.store import DeckRow, NewAction, SeatRow, Store, StoredTable, TableRow, hash_token, now
from jick.server.tablelog import TableLog, names_of
from jick.server.views import action_json, fields_text, observation_fields, public_fields
from jick.session import HUMAN, LoggedAction, Session
from jick.shuffles import Draw

if TYPE_CHECKING:
    from jick.server.hub import Cluster

__all__ = ["Connection", "Rejected", "Settings", "Table", "Tables"]

log = logging.getLogger("jick.server")
T = TypeVar("T")

#: The bot whose advice a hint gives (as ``jick play``'s ``hint``).
HINT_LEVEL = "hard"
#: What a table id looks like (``secrets.token_urlsafe(9)``); anything else is unknown at once.
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")


class Rejected(Exception):
    """A request that cannot be done: an HTTP status, a short code and one line for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass
class Settings:
    """How the server runs (``jick serve`` options)."""

    #: Seconds a bot waits before it moves, so people can follow.
    bot_delay: float = 1.0
    #: Bot worker processes; 0 runs bots in threads.
    bot_workers: int = 0
    #: The search bots' thinking time per decision (None: their level's).
    think: float | None = None
    #: Messages a connection may send per second, and in one burst.
    rate: float = 20.0
    burst: float = 40.0
    #: Messages waiting for a slow client before it is disconnected.
    send_queue: int = 1000
    #: Seconds a new connection has to say hello.
    hello_timeout: float = 10.0
    #: Where invite links point (``{base_url}/play/{table}#{token}``).
    base_url: str = "http://127.0.0.1:8000"
    #: Redis URL for several processes on one PostgreSQL (``--redis``); None: this process alone.
    redis: str | None = None


# ---------------------------------------------------------------------------- connections
class Connection:
    """One websocket, seen from the tables: a queue of outgoing texts and the seat it plays (None: watching)."""

    def __init__(self, peer: str, send_queue: int = 1000, metrics: Metrics | None = None) -> None:
        self.peer = peer
        self.metrics = metrics
        self.seat: int | None = None
        #: The name a spectator gave in its hello (its chat lines carry it).
        self.name: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=send_queue)
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("%s: too slow to read its messages; disconnected", self.peer)
            self.close(1013, "too slow")

    def send_model(self, message: Any) -> None:
        self.send(message.model_dump_json())

    def error(self, code: str, message: str) -> None:
        if self.metrics is not None:
            self.metrics.errors.labels(code).inc()
        self.send(json.dumps({"type": "error", "code": code, "message": message}))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code``."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self.close_reason = reason
        while True:
            try:
                self.queue.put_nowait(None)
                return
            except asyncio.QueueFull:  # a client too slow to read: drop what it would never read
                self.queue.get_nowait()


# ---------------------------------------------------------------------------- tables
@dataclass
class Seat:
    number: int
    kind: str
    name: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    conn: Connection | None = None
    #: ``time.monotonic()`` since when the seat's person is absent (None: present, or a bot seat).
    away_since: float | None = None
    #: The host muted the seat's chat.
    muted: bool = False


@dataclass
class Table:
    id: str
    name: str
    header: dict[str, Any]
    bot_level: str
    away_timeout: float
    public: bool
    seeded: bool
    status: str
    host_token_hash: str
    created_at: datetime
    session: Session
    seats: list[Seat]
    result: dict[str, Any] | None = None
    #: SHA-256 of the watch token (its holder may watch a private table); None: no watch link.
    watch_token_hash: str | None = None
    #: Seconds a bot waits before it acts here (None: the server's ``bot_delay``).
    bot_delay: float | None = None
    #: The match this table is the rematch of, and its own rematch once made (table ids).
    rematch_of: str | None = None
    next_match: str | None = None
    #: Spectators may chat (seats always may, unless muted).
    spectator_chat: bool = False
    chat: ChatRoom = field(default_factory=ChatRoom)
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    #: Seconds a person has for each turn before the away bot plays that one move (0: no turn timer).
    turn_timer: float = 0.0
    #: The turn the clock runs for (its ply; -1: none), since when (``time.monotonic()``), and its alarm.
    turn_ply: int = -1
    turn_since: float = 0.0
    turn_alarm: asyncio.TimerHandle | None = None
    #: The table log (built on first use, dropped when an action is taken back).
    story: TableLog | None = None

    @property
    def game(self) -> str:
        return str(self.header["game"])

    @property
    def preset(self) -> str:
        return str(self.header["preset"])

    @property
    def live(self) -> bool:
        return self.status in ("open", "running")

    def standing_in(self, seat: int) -> bool:
        """True when a bot plays for the absent person of ``seat`` now."""
        s = self.seats[seat]
        if s.kind != HUMAN or s.conn is not None or self.status != "running" or s.away_since is None:
            return False
        return time.monotonic() - s.away_since >= self.away_timeout

    def seat_status(self, seat: Seat) -> str:
        if seat.kind != HUMAN:
            return "bot"
        if seat.conn is not None:
            return "connected"
        if self.standing_in(seat.number):
            return "standin"
        if not seat.claimed and self.status == "open":
            return "free"
        return "away"

    def info(self) -> P.TableInfo:
        seats = [(s.number, s.kind, s.name, self.seat_status(s), s.muted) for s in self.seats]
        return _table_info(self, self.game, self.preset, self.status, self.session.ply, seats, self.next_match)

    def meta(self) -> dict[str, Any]:
        return {
            "tool": "jick serve",
            "table": self.id,
            "name": self.name,
            "seats": [{"seat": s.number, "kind": s.kind, "name": s.name} for s in self.seats],
        }

    def full_record(self) -> dict[str, Any]:
        """The whole record with every deal's commitments and salts: for nobody's eyes while the table is live."""
        return self.session.record(self.meta())

    def record(self) -> dict[str, Any]:
        """The record to download: all of it once the table is over; before, only the deals already played.

        While the match runs, the deal in progress and the seed stay on the
        server: they would show the cards in play (and every deal to come,
        at a seeded table). A finished deal of a table without a seed carries
        the commitments sent when it began and the salts that open them.
        """
        full = self.full_record()
        if not self.live:
            return full
        from jick.record import replay, result_of

        deals = list(full["deals"])
        if deals and "outcome" not in deals[-1]:
            deals.pop()
        cut = {**full, "deals": deals, "seed": None}
        cut["meta"] = {**full["meta"], "withheld": "the deal in progress and the seed, until the match is over"}
        cut["result"] = result_of(replay(cut, check_result=False).state)
        return cut


def _deck_rows(table_id: str, session: Session, start: int) -> tuple[DeckRow, ...]:
    """The database rows of the session's draws from number ``start`` on."""
    game = session.state.game_name
    return tuple(
        DeckRow(
            table_id=table_id,
            n=n,
            deal=d.deal,
            kind=d.kind,
            cards=" ".join(d.names(game)),
            salt=d.salt,
            commitment=d.commitment,
        )
        for n, d in enumerate(session.draws[start:], start)
    )


def _draw_of_row(row: DeckRow, game: str) -> Draw:
    hooks = hooks_for(game)
    order = tuple(hooks.parse_card(c) for c in row.cards.split())
    return Draw(row.deal, row.kind, order, row.salt, row.commitment)


def _fairness(table: Table) -> tuple[str, str]:
    """The ``sealed`` and ``revealed`` parts of a view message, as JSON text (``null`` at a seeded table)."""
    session = table.session
    if table.seeded or not session.draws:
        return "null", "null"
    groups = session.draws_by_deal()
    deals = session.state.deals
    sealed, revealed = "null", "null"
    current = len(deals) - 1
    if not deals[current].outcome and groups[current]:
        sealed = json.dumps({"deal": current, "sha256": [d.commitment for d in groups[current]]}, separators=(",", ":"))
        current -= 1
    if current >= 0 and groups[current]:
        game = session.state.game_name
        draws = groups[current]
        revealed = json.dumps(
            {
                "deal": current,
                "orders": [d.names(game) for d in draws],
                "salts": [d.salt for d in draws],
                "sha256": [d.commitment for d in draws],
            },
            separators=(",", ":"),
        )
    return sealed, revealed


def _story(table: Table) -> TableLog:
    """The table's log, told up to the session's last action (built again if it is behind)."""
    if table.story is None or table.story.ply != table.session.ply:
        table.story = TableLog.of(table.session)
    return table.story


def _tell(table: Table, entry: LoggedAction) -> int:
    """Tell the action just taken; the first line of the log it changed (0: the log was told anew)."""
    if table.story is None or table.story.ply != entry.ply:
        table.story = TableLog.of(table.session)
        return 0
    return table.story.told(table.session, entry)


def _turn_clock(table: Table) -> dict[str, Any] | None:
    """The turn timer of the person to act: ``{"seat", "seconds" left, "of"}`` (None: no clock runs).

    The clock of a turn starts the first time it is asked for at that ply: when the turn begins.
    """
    session = table.session
    seat = session.to_act
    if table.turn_timer <= 0 or table.status != "running" or session.is_over or seat < 0:
        return None
    if table.seats[seat].kind != HUMAN or table.standing_in(seat):
        return None
    now_ = time.monotonic()
    if table.turn_ply != session.ply:
        table.turn_ply, table.turn_since = session.ply, now_
    left = max(0.0, table.turn_since + table.turn_timer - now_)
    return {"seat": seat, "seconds": round(left, 1), "of": table.turn_timer}


def _stop_turn_clock(table: Table) -> None:
    if table.turn_alarm is not None:
        table.turn_alarm.cancel()
        table.turn_alarm = None


#: What a live table and its database row both hold, under the same names.
_SHARED = (
    "id",
    "name",
    "bot_level",
    "away_timeout",
    "public",
    "seeded",
    "status",
    "host_token_hash",
    "created_at",
    "watch_token_hash",
    "bot_delay",
    "rematch_of",
    "spectator_chat",
    "turn_timer",
)


def _new_id() -> str:
    return secrets.token_urlsafe(9)


def _new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def _check_host(table: Table, token: str | None) -> None:
    if not token or not hmac.compare_digest(hash_token(token), table.host_token_hash):
        raise Rejected(403, "not_host", "only the table's host may do this (send the host token as a Bearer token)")


def holds(table: Table, token: str | None) -> bool:
    """True when ``token`` is one of the table's: a seat's, the host's or the watch link's."""
    if not token:
        return False
    digest = hash_token(token)
    hashes = [table.host_token_hash, table.watch_token_hash, *(s.token_hash for s in table.seats)]
    return any(h is not None and hmac.compare_digest(h, digest) for h in hashes)


def _check_visible(table: Table, token: str | None) -> None:
    """Public tables are anyone's to see; a private one needs one of its tokens."""
    if not table.public and not holds(table, token):
        raise Rejected(
            403,
            "private_table",
            f"table {table.id} is private: send one of its tokens (a seat's, the host's or the watch link's) "
            "as a Bearer token",
        )


# ---------------------------------------------------------------------------- the database, off the loop
class AsyncStore:
    """The store's methods run in a worker thread; actions are committed in groups (one transaction per batch)."""

    def __init__(self, store: Store, metrics: Metrics | None = None) -> None:
        self.store = store
        self.metrics = metrics
        self.executor = ThreadPoolExecutor(1 if store.is_sqlite else 4, thread_name_prefix="jick-db")
        self._pending: list[tuple[NewAction, asyncio.Future[None]]] = []
        #: Batches committed at once: SQLite has one writer; PostgreSQL commits several on their own connections
        #: (a table has one action in flight at most, so batches never hold two actions of one table).
        self.writers = 1 if store.is_sqlite else 3
        #: Batches taken from ``_pending``, not yet committed.
        self._busy = 0
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, lambda: fn(*args, **kwargs))

    async def append(self, action: NewAction) -> None:
        """Return once ``action`` is committed (or raise what the database said)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((action, future))
        if self._wake is None:
            self._wake = asyncio.Event()
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_loop(self._wake))
        self._wake.set()
        await future

    async def _write_loop(self, wake: asyncio.Event) -> None:
        in_flight: set[asyncio.Task[None]] = set()
        try:
            while True:
                await wake.wait()
                wake.clear()
                while self._pending:
                    if len(in_flight) >= self.writers:
                        _, in_flight = await asyncio.wait(in_flight, return_when=asyncio.FIRST_COMPLETED)
                        continue
                    batch, self._pending = self._pending[:500], self._pending[500:]
                    self._busy += 1
                    task = asyncio.create_task(self._commit(batch))
                    task.add_done_callback(self._committed)
                    in_flight.add(task)
        finally:
            for task in in_flight:
                task.cancel()

    def _committed(self, _task: asyncio.Task[None]) -> None:
        self._busy -= 1

    async def _commit(self, batch: list[tuple[NewAction, asyncio.Future[None]]]) -> None:
        """One transaction for the batch; if it fails, one per action, so that only the action at fault fails."""
        started = time.perf_counter()
        try:
            await self.call(self.store.append_actions, [a for a, _ in batch])
        except Exception:
            for a, future in batch:
                try:
                    await self.call(self.store.append_actions, [a])
                except Exception as exc:
                    if not future.done():
                        future.set_exception(exc)
                    continue
                if not future.done():
                    future.set_result(None)
            return
        if self.metrics is not None:
            self.metrics.commit.observe(time.perf_counter() - started)
        for _, future in batch:
            if not future.done():
                future.set_result(None)

    async def drain(self, timeout: float = 5.0) -> bool:
        """Wait until every action handed to the writer is committed (or failed); False if ``timeout`` ran out."""
        deadline = time.monotonic() + timeout
        while self._pending or self._busy:
            if self._writer is None or self._writer.done() or time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.01)
        return True

    def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        self.executor.shutdown(wait=True)
        self.store.close()


class StoreFailed(Exception):
    """The database did not keep an action; the action was taken back."""


# ---------------------------------------------------------------------------- the manager
class Tables:
    """Every table of the server, loaded from the database on demand and kept in step with it."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.metrics = Metrics()
        self.db = AsyncStore(store, self.metrics)
        self.bots = BotPool(self.settings.bot_workers)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        #: Several processes on one PostgreSQL (``--redis``): who owns which table (None: this process alone).
        self.owner: Cluster | None = None

    # ------------------------------------------------------------------ start and stop
    async def startup(self) -> None:
        """Migrate the schema and bring back every unfinished table (bots resume on their own)."""
        await self.db.call(self.db.store.migrate)
        if self.owner is not None:
            return  # with several processes, each table is taken by one of them (jick.server.hub)
        ids = await self.db.call(self.db.store.table_ids, ("open", "running"))
        for table_id in ids:
            try:
                table = await self.find(table_id)
            except Rejected as exc:
                log.error("%s", exc.message)
                continue
            if table is not None:
                log.info("table %s rebuilt at ply %d (%s)", table.id, table.session.ply, table.status)

    async def shutdown(self) -> None:
        """Stop for a restart: no more bot moves or timers, every socket told to reconnect (1012), every action
        already handed to the database committed, then the bot pool and the database closed.

        A bot's move not yet committed is simply lost: the restarted server asks its bot again.
        """
        tasks = []
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
            _stop_turn_clock(table)
            if table.bot_task is not None:
                table.bot_task.cancel()
                tasks.append(table.bot_task)
            for conn in self.connections(table):
                conn.close(1012, "service restart")
        await gather_quietly(*tasks)
        if not await self.db.drain():
            log.error("shutdown: some actions could not be committed in time")
        self.bots.close()
        self.db.close()

    def sockets(self) -> tuple[int, int]:
        """Open websockets of this process's tables: (seats, spectators)."""
        seats = sum(1 for t in self.tables.values() for s in t.seats if s.conn is not None)
        return seats, sum(len(t.spectators) for t in self.tables.values())

    @staticmethod
    def connections(table: Table) -> list[Connection]:
        return [s.conn for s in table.seats if s.conn is not None] + list(table.spectators)

    # ------------------------------------------------------------------ finding and rebuilding
    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id`` (rebuilt from the database if this process has not got it), or None."""
        if not TABLE_ID.match(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            if self.owner is not None and not await self.owner.claim(table_id):
                raise Rejected(503, "unavailable", f"table {table_id} is served by another process; try again")
            stored = await self.db.call(self.db.store.load, table_id)
            try:
                table = None if stored is None else await self.db.call(self._rebuild, stored)
            except JickError as exc:  # stored actions this jick cannot replay (a damaged row, another version)
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
                raise Rejected(503, "broken_table", f"table {table_id} cannot be rebuilt from the database") from None
            if table is not None:
                self.tables[table_id] = table
                self._schedule(table)
            if self.owner is not None and (table is None or not table.live):
                self.owner.release(table_id)  # nothing to take at a table that is over (or none)
            future.set_result(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: waiters get it through their own await
            raise
        finally:
            del self._loading[table_id]

    def _rebuild(self, stored: StoredTable) -> Table:
        row = stored.row
        kinds = [s.kind for s in stored.seats]
        draws = [_draw_of_row(d, str(row.header["game"])) for d in stored.draws]
        session = Session.rebuild(
            row.header, kinds, stored.actions, think=self.settings.think, draws=draws, fresh_draws=not row.seeded
        )
        if len(session.draws) > len(draws):  # drawn now: stored before anyone sees them
            self.db.store.append_draws(_deck_rows(row.id, session, len(draws)))
        since = time.monotonic()
        seats = [
            Seat(s.seat, s.kind, s.name, s.token_hash, s.claimed, None, since if s.kind == HUMAN else None, s.muted)
            for s in stored.seats
        ]
        shared = {name: getattr(row, name) for name in _SHARED}
        next_match = self.db.store.rematches([row.id]).get(row.id)
        chat = ChatRoom.of_rows(*self.db.store.chat_lines(row.id, CHAT_HISTORY))
        table = Table(
            **shared,
            header=dict(row.header),
            session=session,
            seats=seats,
            result=row.result,
            next_match=next_match,
            chat=chat,
        )
        table.story = TableLog.of(session)  # told here, in the database's thread: a long match takes a moment
        return table

    async def get(self, table_id: str) -> Table:
        table = await self.find(table_id)
        if table is None:
            raise Rejected(404, "unknown_table", f"no table {table_id!r}")
        return table

    async def _reload(self, table: Table) -> None:
        """Drop this process's copy of a table that another writer changed; the next use rebuilds it."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.owner is not None:
                self.owner.release(table.id)
        for conn in self.connections(table):
            conn.error("reload", "the table changed elsewhere; reconnect")
            conn.close(1012, "table reloaded")

    def _forget_if_idle(self, table: Table) -> None:
        if not table.live and not self.connections(table) and self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.owner is not None:
                self.owner.release(table.id)

    # ------------------------------------------------------------------ HTTP: tables
    async def create(self, request: P.CreateTable) -> P.CreatedTable:
        from jick.bots import LEVELS
        from jick.options import loads_rules, merge_overrides, parse_sets
        from jick.play import parse_seats
        from jick.registry import load_rules, resolve

        try:
            preset, players, overrides = request.preset, request.players, {}
            if request.rules:
                house = loads_rules(request.rules, "house rules")
                preset = preset or house.preset
                players = players if players is not None else house.players
                overrides = dict(house.overrides)
            if request.set:
                overrides = merge_overrides(overrides, parse_sets(request.set))
            _, preset_name = resolve(preset or "smear_ten_point")
            rules = load_rules(preset_name, players, overrides)
            level = request.bot_level.strip().lower()
            seats_text = ",".join(request.seats) if request.seats is not None else ",".join([HUMAN] * rules.num_players)
            kinds = parse_seats(seats_text, rules.num_players, 0, level)
            if level not in LEVELS:
                raise RulesError(f"--bot {level!r}: choose {', '.join(LEVELS)}")
            session = Session.new(
                preset_name,
                players=players,
                overrides=overrides,
                seats=kinds,
                seed=request.seed,
                think=self.settings.think,
                fresh_draws=request.seed is None,
            )
        except JickError as exc:
            raise Rejected(400, "rules", str(exc)) from None
        host_token, watch_token = _new_token(), _new_token()
        tokens = {seat: _new_token() for seat, kind in enumerate(kinds) if kind == HUMAN}
        table = Table(
            id=_new_id(),
            name=request.name,
            header=session.header,
            bot_level=level,
            away_timeout=request.away_timeout,
            bot_delay=request.bot_delay,
            spectator_chat=request.spectator_chat,
            turn_timer=request.turn_timer,
            public=request.public,
            seeded=request.seed is not None,
            status="open",
            host_token_hash=hash_token(host_token),
            created_at=now(),
            session=session,
            watch_token_hash=hash_token(watch_token),
            seats=[
                Seat(s, kind, None, hash_token(tokens[s]) if s in tokens else None, False, None, None)
                for s, kind in enumerate(kinds)
            ],
        )
        shared = {name: getattr(table, name) for name in _SHARED}
        row = TableRow(**shared, game=table.game, preset=table.preset, header=table.header, ply=0)
        seat_rows = [
            SeatRow(table_id=table.id, seat=s.number, kind=s.kind, name=None, token_hash=s.token_hash, claimed=False)
            for s in table.seats
        ]
        if self.owner is not None:
            await self.owner.claim(table.id)  # before the row exists: no other process may take it first
        await self.db.call(self.db.store.create_table, row, seat_rows, _deck_rows(table.id, session, 0))
        self.tables[table.id] = table
        log.info("table %s created: %s, seats %s", table.id, table.preset, ",".join(kinds))
        invites = [
            P.Invite(seat=s, token=token, url=f"{self.settings.base_url}/play/{table.id}#{token}")
            for s, token in tokens.items()
        ]
        watch_url = f"{self.settings.base_url}/watch/{table.id}#{watch_token}"
        return P.CreatedTable(
            table=table.info(), host_token=host_token, invites=invites, watch_token=watch_token, watch_url=watch_url
        )

    async def visible(self, table_id: str, token: str | None) -> Table:
        """The table, if ``token`` may see it (any token for a public table, one of its own for a private one)."""
        table = await self.get(table_id)
        _check_visible(table, token)
        return table

    async def list(self, statuses: Sequence[str], tokens: Sequence[str] = ()) -> list[P.TableInfo]:
        """The public tables with one of ``statuses``, and the private ones that one of ``tokens`` belongs to."""
        hashes = sorted({hash_token(t) for t in tokens if t})
        stored = await self.db.call(self.db.store.list_tables, statuses, hashes)
        over = [item.row.id for item in stored if item.row.status in ("finished", "closed")]
        following = await self.db.call(self.db.store.rematches, over)
        out = []
        for item in stored:
            live = self.tables.get(item.row.id)
            out.append(live.info() if live is not None else _info_of_row(item, following.get(item.row.id)))
        return out

    async def join(self, table_id: str, request: P.JoinTable) -> P.Joined:
        table = await self.get(table_id)
        if not table.live:
            raise Rejected(409, "table_over", f"table {table.id} is {table.status}")
        async with table.lock:
            if request.token is not None:
                seat = self._seat_of_token(table, request.token)
                if seat is None:
                    raise Rejected(403, "bad_token", "this token holds no seat at this table")
                token = request.token
            else:
                if not table.public:
                    raise Rejected(403, "not_public", "this table takes players by invitation only")
                free = [s for s in table.seats if s.kind == HUMAN and not s.claimed]
                if request.seat is not None:
                    free = [s for s in free if s.number == request.seat]
                if not free:
                    raise Rejected(
                        409,
                        "no_free_seat",
                        "no free seat" if request.seat is None else f"seat {request.seat} is not free",
                    )
                seat = free[0]
                token = _new_token()
            token_hash = hash_token(token)
            name = request.name if request.name is not None else seat.name
            await self.db.call(
                self.db.store.update_seat, table.id, seat.number, claimed=True, name=name, token_hash=token_hash
            )
            seat.token_hash, seat.claimed, seat.name = token_hash, True, name
        self._broadcast_table(table)
        return P.Joined(table_id=table.id, seat=seat.number, token=token, table=table.info())

    async def start(self, table_id: str, host_token: str | None) -> P.TableInfo:
        table = await self.get(table_id)
        _check_host(table, host_token)
        async with table.lock:
            if table.status != "open":
                raise Rejected(409, "not_open", f"table {table.id} is {table.status}, not open")
            await self.db.call(self.db.store.update_table, table.id, status="running", started_at=now())
            table.status = "running"
            since = time.monotonic()
            for s in table.seats:
                if s.kind == HUMAN and s.conn is None:
                    s.away_since = since
            log.info("table %s started", table.id)
            self._broadcast_table(table)
            self._broadcast_view(table, None, 0)
        self._schedule(table)
        return table.info()

    async def replace_by_bot(
        self, table_id: str, seat_no: int, host_token: str | None, level: str | None
    ) -> P.TableInfo:
        from jick.play import seat_kind

        table = await self.get(table_id)
        _check_host(table, host_token)
        if not table.live:
            raise Rejected(409, "table_over", f"table {table.id} is {table.status}")
        if not 0 <= seat_no < len(table.seats):
            raise Rejected(404, "unknown_seat", f"no seat {seat_no} at this table (0..{len(table.seats) - 1})")
        try:
            kind = seat_kind(level or "bot", table.bot_level)
        except RulesError as exc:
            raise Rejected(400, "rules", str(exc)) from None
        if kind == HUMAN:
            raise Rejected(400, "rules", "a seat is replaced by a bot, not by a person")
        async with table.lock:
            seat = table.seats[seat_no]
            if seat.kind != HUMAN:
                raise Rejected(409, "already_bot", f"seat {seat_no} is already a bot ({seat.kind})")
            await self.db.call(self.db.store.update_seat, table.id, seat_no, kind=kind, token_hash=None, claimed=False)
            seat.kind, seat.token_hash, seat.claimed, seat.away_since = kind, None, False, None
            table.session.seats[seat_no] = kind
            if seat.conn is not None:
                seat.conn.error("seat_revoked", f"the host gave seat {seat_no} to a bot; this token no longer plays it")
                seat.conn.close(4403, "seat revoked")
                seat.conn = None
            log.info("table %s: seat %d replaced by a %s bot", table.id, seat_no, kind)
            self._broadcast_table(table)
        self._schedule(table)
        return table.info()

    async def close(self, table_id: str, host_token: str | None) -> P.TableInfo:
        table = await self.get(table_id)
        _check_host(table, host_token)
        async with table.lock:
            if not table.live:
                raise Rejected(409, "table_over", f"table {table.id} is already {table.status}")
            from jick.record import dumps_record

            status, table.status = table.status, "closed"
            try:  # the whole record, as the closed table will give it
                record = table.record()
            finally:
                table.status = status
            await self.db.call(
                self.db.store.update_table, table.id, status="closed", ended_at=now(), record=dumps_record(record)
            )
            table.status = "closed"
            if table.timer is not None:
                table.timer.cancel()
            _stop_turn_clock(table)
            log.info("table %s closed at ply %d", table.id, table.session.ply)
            self._broadcast_table(table)
        return table.info()

    async def rematch(self, table_id: str, token: str | None) -> P.TableInfo:
        """The next match of a finished table, made now (or the one already made): same seats and rules, the
        first deal passed to the next seat, started at once.

        Each seat whose person is connected (and the asker's) keeps its token and name, so their pages
        follow to the new table; a person who left is replaced by a bot of the table's level. The host and
        watch tokens carry over too.
        """
        from jick.play import seat_kind

        table = await self.get(table_id)
        asker = self._seat_of_token(table, token) if token else None
        if asker is None and not (token and hmac.compare_digest(hash_token(token), table.host_token_hash)):
            raise Rejected(
                403, "bad_token", "a rematch is asked for with a seat's token or the host's (as a Bearer token)"
            )
        async with table.lock:
            if table.next_match is not None:
                return await self._next_info(table)
            if table.status != "finished":
                raise Rejected(
                    409, "not_finished", f"table {table.id} is {table.status}: a rematch follows a finished match"
                )
            header = table.header
            n = len(table.seats)
            stays = [
                s.kind == HUMAN and s.token_hash is not None and (s.conn is not None or s is asker) for s in table.seats
            ]
            kinds = [
                s.kind if s.kind != HUMAN else (HUMAN if stay else seat_kind("bot", table.bot_level))
                for s, stay in zip(table.seats, stays, strict=True)
            ]
            seed = (int(header["seed"]) + 1) % 2**31 if table.seeded and header.get("seed") is not None else None
            try:
                session = Session.new(
                    table.preset,
                    players=int(header["players"]),
                    overrides=header["overrides"],
                    seats=kinds,
                    seed=seed,
                    think=self.settings.think,
                    fresh_draws=seed is None,
                    first_dealer=(int(header["first_dealer"]) + 1) % n,
                )
            except JickError as exc:
                raise Rejected(409, "rules", f"the rematch cannot be set up: {exc}") from None
            seats = [
                Seat(old.number, kind, old.name if stay else None, old.token_hash if stay else None, stay, None, None)
                for old, kind, stay in zip(table.seats, kinds, stays, strict=True)
            ]
            following = Table(
                id=_new_id(),
                name=table.name,
                header=session.header,
                bot_level=table.bot_level,
                away_timeout=table.away_timeout,
                bot_delay=table.bot_delay,
                turn_timer=table.turn_timer,
                spectator_chat=table.spectator_chat,
                public=table.public,
                seeded=table.seeded,
                status="running",
                host_token_hash=table.host_token_hash,
                watch_token_hash=table.watch_token_hash,
                created_at=now(),
                session=session,
                seats=seats,
                rematch_of=table.id,
            )
            shared = {name: getattr(following, name) for name in _SHARED}
            row = TableRow(
                **shared,
                game=following.game,
                preset=following.preset,
                header=following.header,
                ply=0,
                started_at=following.created_at,
            )
            seat_rows = [
                SeatRow(
                    table_id=following.id,
                    seat=s.number,
                    kind=s.kind,
                    name=s.name,
                    token_hash=s.token_hash,
                    claimed=s.claimed,
                )
                for s in seats
            ]
            try:
                await self.db.call(self.db.store.create_table, row, seat_rows, _deck_rows(following.id, session, 0))
            except IntegrityError:  # another process made it first: follow that one
                log.info("table %s: the rematch was made elsewhere", table.id)
                table.next_match = (await self.db.call(self.db.store.rematches, [table.id])).get(table.id)
                if table.next_match is None:
                    raise
                self._broadcast_table(table)
                return await self._next_info(table)
            since = time.monotonic()
            for s in following.seats:
                if s.kind == HUMAN:
                    s.away_since = since
            self.tables[following.id] = following
            table.next_match = following.id
            log.info(
                "table %s: rematch %s, first dealer %d, seats %s",
                table.id,
                following.id,
                session.state.first_dealer,
                ",".join(kinds),
            )
            self._broadcast_table(table)
        self._schedule(following)
        return following.info()

    async def _next_info(self, table: Table) -> P.TableInfo:
        following = await self.find(table.next_match or "")
        if following is None:
            raise Rejected(404, "unknown_table", f"the rematch of table {table.id} is gone")
        return following.info()

    async def record(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """The record to download, for whoever may see the table."""
        table = await self.visible(table_id, token)
        async with table.lock:
            return table.record()

    async def replay(self, table_id: str, deal: int | None, frames: str, token: str | None = None) -> dict[str, Any]:
        """:func:`jick.server.replays.replay_deal` of the record ``token`` may download (finished deals only)."""
        from jick.server.replays import replay_deal

        record = await self.record(table_id, token)
        try:
            return await self.db.call(replay_deal, record, deal, frames)
        except JickError as exc:
            raise Rejected(404 if "not in the record" in str(exc) else 400, "replay", str(exc)) from None

    async def hint(self, table_id: str, token: str | None) -> P.Hint:
        """The hint level's advice for the seat of ``token``, which must be the seat to act."""
        table = await self.get(table_id)
        seat = self._seat_of_token(table, token) if token else None
        if seat is None:
            raise Rejected(403, "bad_token", "a hint is for a seat: send its token as a Bearer token")
        async with table.lock:
            session = table.session
            if table.status != "running" or session.to_act != seat.number:
                raise Rejected(409, "not_your_turn", f"seat {seat.number} is not to act")
            header, ids, ply = table.header, session.action_ids(), session.ply
            draws = [d.to_json() for d in session.draws]
        advice = await self.bots.hint(table.id, header, ids, seat.number, HINT_LEVEL, self.settings.think, draws)
        return P.Hint(seat=seat.number, ply=ply, level=HINT_LEVEL, **advice)

    # ------------------------------------------------------------------ websockets
    def _seat_of_token(self, table: Table, token: str) -> Seat | None:
        digest = hash_token(token)
        for seat in table.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat
        return None

    async def attach(self, table: Table, conn: Connection, hello: P.Hello) -> bool:
        """Seat ``conn`` by its token (or as a spectator); False (and an error sent) if the token holds no seat."""
        if hello.protocol != P.PROTOCOL_VERSION:
            conn.error("protocol", f"this server speaks protocol {P.PROTOCOL_VERSION}, not {hello.protocol}")
            return False
        async with table.lock:
            if hello.token is None:
                if not table.public and not holds(table, hello.watch_token):
                    conn.error(
                        "private_table",
                        "this table is private: watch it with one of its tokens in watch_token (its watch link's)",
                    )
                    return False
                table.spectators.add(conn)
                conn.name = hello.name
                conn.send_model(P.Welcome(type="welcome", protocol=P.PROTOCOL_VERSION, table=table.info(), seat=None))
                if table.status != "open":
                    conn.send(self._spectator_view(table, None))
                self._send_chat_history(table, conn)
                return True
            seat = self._seat_of_token(table, hello.token)
            if seat is None:
                conn.error("bad_token", "this token holds no seat at this table (forged, or the seat was given away)")
                return False
            name = hello.name if hello.name is not None else seat.name
            if not seat.claimed or name != seat.name:
                try:
                    await self.db.call(self.db.store.update_seat, table.id, seat.number, claimed=True, name=name)
                except Exception as exc:
                    log.error("table %s: could not store seat %d's hello: %s", table.id, seat.number, exc)
                    conn.error("store", "the seat could not be saved; try again")
                    return False
                seat.claimed, seat.name = True, name
            if seat.conn is not None:
                seat.conn.error("replaced", "this seat connected again elsewhere")
                seat.conn.close(4409, "replaced by a new connection")
            seat.conn = conn
            seat.away_since = None
            conn.seat = seat.number
            conn.send_model(
                P.Welcome(type="welcome", protocol=P.PROTOCOL_VERSION, table=table.info(), seat=seat.number)
            )
            if table.status != "open":
                conn.send(self._seat_view(table, seat.number, None))
            self._send_chat_history(table, conn)
            self._broadcast_table(table, skip=conn)
        return True

    def detach(self, table: Table, conn: Connection) -> None:
        if conn in table.spectators:
            table.chat.limiter.forget(f"spectator {id(conn)}")
        table.spectators.discard(conn)
        if conn.seat is not None:
            seat = table.seats[conn.seat]
            if seat.conn is conn:
                seat.conn = None
                if seat.kind == HUMAN:
                    seat.away_since = time.monotonic()
                self._broadcast_table(table)
                self._schedule(table)
        self._forget_if_idle(table)

    async def act(self, table: Table, conn: Connection, message: P.Act) -> None:
        """A person's action from ``conn``: taken (and broadcast) or refused with the reason and legal actions."""
        if conn.seat is None:
            conn.error("spectator", "spectators cannot act")
            return
        seat = conn.seat
        received = time.perf_counter()
        async with table.lock:
            session = table.session
            if table.seats[seat].conn is not conn:
                conn.error("bad_token", "this connection no longer holds its seat")
                return
            if table.status != "running":
                why = "the table has not started" if table.status == "open" else f"the table is {table.status}"
                self._refuse(table, conn, why)
                return
            if message.ply is not None and message.ply != session.ply:
                self._refuse(table, conn, f"stale: the game is at ply {session.ply}, not {message.ply}")
                return
            try:
                await self._take(table, seat, message.action, "human")
            except (IllegalAction, NotationError) as exc:
                self._refuse(table, conn, exc.reason if isinstance(exc, IllegalAction) else str(exc))
                return
            except StoreFailed:
                conn.error("store", "the action could not be saved, so it was not taken; try again")
                return
            self.metrics.action_latency.observe(time.perf_counter() - received)
        self._schedule(table)

    def _refuse(self, table: Table, conn: Connection, reason: str) -> None:
        self.metrics.errors.labels("refused").inc()
        seat = conn.seat
        legal: list[dict[str, Any]] = []
        session = table.session
        if seat is not None and table.status == "running" and session.to_act == seat:
            legal = [action_json(a) for a in session.state.observation(seat).legal_actions]
        conn.send(json.dumps({"type": "refused", "reason": reason, "ply": session.ply, "legal": legal}))

    async def _take(self, table: Table, seat: int, action: Any, by: str) -> LoggedAction:
        """Apply, commit, broadcast (the caller holds the table's lock)."""
        session = table.session
        drawn = len(session.draws)
        entry = session.act(seat, action)
        status, result, record = "running", None, None
        if session.is_over:
            from jick.record import dumps_record

            status = "finished"
            full = table.full_record()
            result, record = full["result"], dumps_record(full)
        draws = _deck_rows(table.id, session, drawn)
        try:
            await self.db.append(
                NewAction(table.id, entry.ply, seat, entry.action_id, entry.text, by, status, result, record, draws)
            )
        except BaseException as exc:
            session.undo()
            table.story = None  # told before the store refused it: told again from the session when next needed
            if isinstance(exc, asyncio.CancelledError):
                raise
            if isinstance(exc, IntegrityError):
                log.warning("table %s: ply %d was already stored elsewhere; reloading", table.id, entry.ply)
                await self._reload(table)
            else:
                log.error("table %s: could not store ply %d: %s", table.id, entry.ply, exc)
            raise StoreFailed from None
        table.status, table.result = status, result
        self.metrics.actions.labels(by).inc()
        self._broadcast_view(table, (entry, by), _tell(table, entry))
        if status == "finished":
            log.info("table %s finished after %d actions: %s", table.id, session.ply, result)
            self._broadcast_table(table)
        return entry

    # ------------------------------------------------------------------ chat
    async def say(self, table: Table, conn: Connection, message: P.Say | P.React) -> None:
        """A chat line or a reaction from ``conn``: stored, then sent to everyone at the table; or refused with an
        ``error`` (``chat_not_allowed``, ``chat_muted``, ``chat_too_fast``, ``chat_full``) and nothing said."""
        seat = conn.seat
        if seat is None:
            if not table.spectator_chat:
                conn.error("chat_not_allowed", "spectators may not chat at this table (its host did not allow it)")
                return
            sender = f"spectator {id(conn)}"
            name = sender_name(None, conn.name)
        else:
            if table.seats[seat].conn is not conn:
                conn.error("bad_token", "this connection no longer holds its seat")
                return
            if table.seats[seat].muted:
                conn.error("chat_muted", "the host muted your seat: your messages are not sent")
                return
            sender, name = f"seat {seat}", sender_name(seat, table.seats[seat].name)
        room = table.chat
        wait = room.limiter.wait(sender)
        if wait > 0:
            conn.error(
                "chat_too_fast",
                f"at most {CHAT_RATE} chat messages in {CHAT_WINDOW:g} seconds: wait {max(1, round(wait))} s",
            )
            return
        if isinstance(message, P.React):
            text, reaction = P.REACTIONS[message.reaction], message.reaction
        else:
            text, reaction = message.text, None
        async with room.lock:
            if room.count >= MAX_CHAT_LINES:
                conn.error("chat_full", f"this table's chat is full ({MAX_CHAT_LINES} lines)")
                return
            line = P.ChatLine(n=room.count, seat=seat, name=name, text=text, reaction=reaction, at=now())
            try:
                await self.db.call(self.db.store.append_chat, row_of_line(table.id, line))
            except IntegrityError:  # another process said a line here: count again, and the next try fits
                _, room.count = await self.db.call(self.db.store.chat_lines, table.id, 0)
                conn.error("store", "the message could not be saved; send it again")
                return
            except Exception as exc:
                log.error("table %s: could not store chat line %d: %s", table.id, line.n, exc)
                conn.error("store", "the message could not be saved; send it again")
                return
            room.count += 1
            room.lines.append(line)
        text_out = line.model_dump_json()
        for other in self.connections(table):
            other.send(text_out)

    def _send_chat_history(self, table: Table, conn: Connection) -> None:
        history = table.chat.history()
        if history is not None:
            conn.send(history)

    async def mute(self, table_id: str, seat_no: int, host_token: str | None, muted: bool) -> P.TableInfo:
        """The host mutes a seat's chat (or lets it speak again); everyone sees it in the seat's ``muted``."""
        table = await self.get(table_id)
        _check_host(table, host_token)
        if not 0 <= seat_no < len(table.seats):
            raise Rejected(404, "unknown_seat", f"no seat {seat_no} at this table (0..{len(table.seats) - 1})")
        async with table.lock:
            seat = table.seats[seat_no]
            if seat.muted != muted:
                await self.db.call(self.db.store.update_seat, table.id, seat_no, muted=muted)
                seat.muted = muted
                log.info("table %s: seat %d %s", table.id, seat_no, "muted" if muted else "unmuted")
                self._broadcast_table(table)
        return table.info()

    async def chat_log(self, table_id: str, token: str | None) -> P.ChatLog:
        """Every line said at the table, for whoever may see it (as its record)."""
        from jick.server.chat import line_of_row

        table = await self.visible(table_id, token)
        rows, _ = await self.db.call(self.db.store.chat_lines, table.id)
        return P.ChatLog(table_id=table.id, lines=[line_of_row(r) for r in rows])

    # ------------------------------------------------------------------ bots and absent people
    def _schedule(self, table: Table) -> None:
        """Start the bot whose turn it is, or arm the timer of an absent person's turn."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        _stop_turn_clock(table)
        session = table.session
        if table.status != "running" or session.is_over or session.to_act < 0:
            return
        seat_no = session.to_act
        seat = table.seats[seat_no]
        if seat.kind != HUMAN:
            kind, by = seat.kind, "bot"
        elif table.standing_in(seat_no):
            kind, by = table.bot_level, "standin"
        else:
            if seat.conn is None and seat.away_since is not None:
                wait = seat.away_since + table.away_timeout - time.monotonic()
                loop = asyncio.get_running_loop()
                table.timer = loop.call_later(max(0.0, wait) + 0.01, self._away_timeout, table)
            self._arm_turn_clock(table)
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat_no, kind, by, session.ply))

    def _arm_turn_clock(self, table: Table) -> None:
        """With a turn timer, wake when the turn of the person to act runs out."""
        clock = _turn_clock(table)
        if clock is not None:
            loop = asyncio.get_running_loop()
            table.turn_alarm = loop.call_later(clock["seconds"] + 0.01, self._turn_ran_out, table, table.session.ply)

    def _turn_ran_out(self, table: Table, ply: int) -> None:
        """The person to act let the turn timer run out: the away bot plays this one move (the seat stays theirs)."""
        table.turn_alarm = None
        session = table.session
        seat = session.to_act
        if table.status != "running" or session.ply != ply or seat < 0 or table.seats[seat].kind != HUMAN:
            return  # the person answered in time, or the turn is no longer a person's
        if table.standing_in(seat) or (table.bot_task is not None and not table.bot_task.done()):
            return
        log.info("table %s: seat %d's turn timer ran out at ply %d; a bot plays the move", table.id, seat, ply)
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.bot_level, "timer", ply))

    def _away_timeout(self, table: Table) -> None:
        table.timer = None
        self._broadcast_table(table)
        self._schedule(table)

    async def _bot_turn(self, table: Table, seat: int, kind: str, by: str, ply: int) -> None:
        session = table.session
        ids = session.action_ids()
        draws = [d.to_json() for d in session.draws]
        try:
            delay = self.settings.bot_delay if table.bot_delay is None else table.bot_delay
            if delay > 0 and by != "timer":  # the person's time is already up
                await asyncio.sleep(delay)
            started = time.perf_counter()
            try:
                choice: int | str = await self.bots.decide(
                    table.id, table.header, ids, seat, kind, self.settings.think, draws
                )
                self.metrics.bot_decision.labels(kind).observe(time.perf_counter() - started)
            except Exception as exc:
                log.error("table %s: the %s bot failed (%s); a random legal action instead", table.id, kind, exc)
                choice = secrets.choice(session.state.legal_action_ids()) if session.ply == ply else -1
            async with table.lock:
                if table.status != "running" or session.ply != ply or session.to_act != seat:
                    return
                if by == "standin" and not table.standing_in(seat):
                    return  # the person came back first
                if by == "bot" and table.seats[seat].kind == HUMAN:
                    return
                try:
                    await self._take(table, seat, choice, by)
                except (IllegalAction, NotationError) as exc:
                    log.error("table %s: the %s bot chose an illegal action: %s", table.id, kind, exc)
                    return
                except StoreFailed:
                    await asyncio.sleep(0.5)
        finally:
            if table.bot_task is asyncio.current_task():
                table.bot_task = None
        self._schedule(table)

    # ------------------------------------------------------------------ telling the connections
    def _seat_view(self, table: Table, seat: int, last: tuple[LoggedAction, str] | None, log_from: int = 0) -> str:
        fields = observation_fields(table.session.state.observation(seat))
        return self._view_text(table, seat, fields_text(fields), last, log_from)

    def _spectator_view(self, table: Table, last: tuple[LoggedAction, str] | None, log_from: int = 0) -> str:
        state = table.session.state
        every = [observation_fields(state.observation(s)) for s in range(len(table.seats))]
        return self._view_text(table, None, fields_text(public_fields(every)), last, log_from)

    def _view_text(
        self,
        table: Table,
        seat: int | None,
        observation: str,
        last: tuple[LoggedAction, str] | None,
        log_from: int = 0,
    ) -> str:
        """A ``view`` message (the fields of :class:`jick.server.protocol.View`), its observation already JSON.

        ``log`` holds the table log's lines from ``log_from`` on (all of them after a hello).
        """
        last_json = "null"
        if last is not None:
            entry, by = last
            action = {"action": entry.text, "id": entry.action_id} if seat == entry.seat else None
            last_json = json.dumps(
                {"seat": entry.seat, "ply": entry.ply, "action": action, "by": by}, separators=(",", ":")
            )
        head = json.dumps(
            {"type": "view", "table_id": table.id, "status": table.status, "ply": table.session.ply, "seat": seat},
            separators=(",", ":"),
        )
        sealed, revealed = _fairness(table)
        fair = f'"sealed":{sealed},"revealed":{revealed}'
        log_part = _story(table).part(seat, names_of(table.seats), log_from)
        extra = json.dumps(
            {"log": log_part, "turn_clock": _turn_clock(table)}, separators=(",", ":"), ensure_ascii=False
        )
        return f'{head[:-1]},"observation":{observation},"last":{last_json},{fair},{extra[1:]}'

    def _broadcast_view(self, table: Table, last: tuple[LoggedAction, str] | None, log_from: int) -> None:
        state = table.session.state
        fields: dict[int, list[tuple[str, str]]] = {}
        for seat in table.seats:
            if seat.conn is not None:
                fields[seat.number] = observation_fields(state.observation(seat.number))
                text = self._view_text(table, seat.number, fields_text(fields[seat.number]), last, log_from)
                seat.conn.send(text)
        if table.spectators:
            every = [fields.get(s) or observation_fields(state.observation(s)) for s in range(len(table.seats))]
            text = self._view_text(table, None, fields_text(public_fields(every)), last, log_from)
            for conn in list(table.spectators):
                conn.send(text)

    def _broadcast_table(self, table: Table, skip: Connection | None = None) -> None:
        text = P.TableUpdate(type="table", table=table.info()).model_dump_json()
        for conn in self.connections(table):
            if conn is not skip:
                conn.send(text)


def _info_of_row(item: StoredTable, next_match: str | None = None) -> P.TableInfo:
    row = item.row
    seats = [
        (
            s.seat,
            s.kind,
            s.name,
            "bot" if s.kind != HUMAN else ("free" if not s.claimed and row.status == "open" else "away"),
            s.muted,
        )
        for s in item.seats
    ]
    return _table_info(row, row.game, row.preset, row.status, row.ply, seats, next_match)


def _table_info(
    source: Table | TableRow,
    game: str,
    preset: str,
    status: str,
    ply: int,
    seats: list[tuple[int, str, str | None, str, bool]],
    next_match: str | None = None,
) -> P.TableInfo:
    """The public facts of a table, from the live table or its database row (the same attribute names)."""
    players = int(source.header["players"])
    return P.TableInfo(
        id=source.id,
        name=source.name,
        game=game,
        preset=preset,
        players=players,
        rules=source.header["rules"],
        overrides=source.header["overrides"],
        status=status,  # type: ignore[arg-type]
        ply=ply,
        bot_level=source.bot_level,
        away_timeout=source.away_timeout,
        bot_delay=source.bot_delay,
        turn_timer=source.turn_timer,
        public=source.public,
        seeded=source.seeded,
        spectator_chat=source.spectator_chat,
        seats=[
            P.SeatInfo(seat=n, kind=kind, name=name, status=seat_status, muted=muted)  # type: ignore[arg-type]
            for n, kind, name, seat_status, muted in seats
        ],
        created_at=source.created_at,
        result=source.result,
        preset_title=preset_title(preset),
        house_rules=list(house_rules(preset, players, source.header["rules"])),
        rematch_of=source.rematch_of,
        next_match=next_match,
    )


async def gather_quietly(*aws: Awaitable[Any]) -> None:
    await asyncio.gather(*aws, return_exceptions=True)
