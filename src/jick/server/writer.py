"""The store writer: the database's calls off the event loop, and actions committed in batches.

:class:`AsyncStore` runs :class:`jick.server.store.Store`'s methods in worker threads
and gathers the actions of every table into one transaction per batch (one per action
again if a batch fails, so that only the action at fault fails). :class:`StoreFailed`
is what a table is told when the database did not keep its action.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from jick.server.metrics import Metrics
from jick.server.store import NewAction, Store

__all__ = ["AsyncStore", "StoreFailed"]

T = TypeVar("T")


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
