"""The live tables of this process: found, rebuilt from the database, forgotten; started and stopped.

:class:`LiveTables` holds what every part of the table manager shares (the settings, the
store writer, the bot pool, the metrics, the tables in memory and, with several processes,
the :class:`jick.server.hub.Cluster` that says which tables are this process's). A table
not in memory is rebuilt from its stored header, seats, draws and actions, so nothing here
is kept that the database could not give back. Taking turns, the HTTP commands and the
socket messages are built on it (:mod:`jick.server.turns`, :mod:`jick.server.commands`,
:mod:`jick.server.messages`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jick.engine import JickError
from jick.server.bots import BotPool
from jick.server.chat import CHAT_HISTORY, ChatRoom
from jick.server.connection import Connection
from jick.server.metrics import Metrics
from jick.server.sockets import connections
from jick.server.store import Store, StoredTable
from jick.server.table import (
    SHARED,
    TABLE_ID,
    Rejected,
    Seat,
    Table,
    check_visible,
    deck_rows,
    draw_of_row,
    stop_turn_clock,
)
from jick.server.tablelog import TableLog
from jick.server.writer import AsyncStore
from jick.session import HUMAN, Session

if TYPE_CHECKING:
    from jick.server.hub import Cluster

__all__ = ["LiveTables", "Settings", "gather_quietly"]

log = logging.getLogger("jick.server")


@dataclass
class Settings:
    """How the server runs (``jick serve`` options)."""

    #: Seconds a bot waits before it moves, so people can follow.
    bot_delay: float = 1.0
    #: Bot worker processes; 0 runs bots in threads.
    bot_workers: int = 0
    #: The search bots' thinking time per decision (None: their level's).
    think: float | None = None
    #: The hint's thinking time (None: as ``think``); a person asking waits for a considered answer.
    hint_think: float | None = None
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


class LiveTables:
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
            stop_turn_clock(table)
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
        """Every socket of the table (:func:`jick.server.sockets.connections`)."""
        return connections(table)

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
        draws = [draw_of_row(d, str(row.header["game"])) for d in stored.draws]
        session = Session.rebuild(
            row.header, kinds, stored.actions, think=self.settings.think, draws=draws, fresh_draws=not row.seeded
        )
        if len(session.draws) > len(draws):  # drawn now: stored before anyone sees them
            self.db.store.append_draws(deck_rows(row.id, session, len(draws)))
        since = time.monotonic()
        seats = [
            Seat(s.seat, s.kind, s.name, s.token_hash, s.claimed, None, since if s.kind == HUMAN else None, s.muted)
            for s in stored.seats
        ]
        shared = {name: getattr(row, name) for name in SHARED}
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

    async def visible(self, table_id: str, token: str | None) -> Table:
        """The table, if ``token`` may see it (any token for a public table, one of its own for a private one)."""
        table = await self.get(table_id)
        check_visible(table, token)
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

    def _schedule(self, table: Table) -> None:
        """Start the bot of the turn to come, or arm its timer (:class:`jick.server.turns.Turns` does)."""
        raise NotImplementedError


async def gather_quietly(*aws: Awaitable[Any]) -> None:
    await asyncio.gather(*aws, return_exceptions=True)
