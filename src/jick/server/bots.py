"""Bots off the event loop: a pool of worker processes (or threads) that answer "what does this bot play?".

A decision is a pure function of the match: the record header, the action
ids so far, the seat and the bot's kind (:func:`decide`). Workers keep the
states of the tables they have seen and apply only the new actions, so a
decision costs the bot's thinking and little else; nothing but plain data
(ints and JSON) crosses a process boundary, and any worker can answer for
any table.

A search bot thinks up to its wall-clock deadline; with processes, tables'
bots think in parallel on every core and never hold the server's event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from jick.engine import RecordError
from jick.session import Session
from jick.shuffles import Draw

__all__ = ["BotPool", "decide", "hint"]

log = logging.getLogger("jick.server")

#: Matches a worker keeps (least recently used dropped first).
CACHE_SIZE = 64
_local = threading.local()


def _cache() -> OrderedDict[str, Session]:
    cache: OrderedDict[str, Session] | None = getattr(_local, "cache", None)
    if cache is None:
        cache = _local.cache = OrderedDict()
    return cache


def _session_at(
    key: str, header: Mapping[str, Any], action_ids: Sequence[int], draws: Sequence[Mapping[str, Any]] = ()
) -> Session:
    """The match after ``action_ids``, from this worker's cache when it has an earlier point of it.

    ``draws`` are the orders a server drew for a match without a seed (:meth:`jick.shuffles.Draw.to_json`).
    """
    cache = _cache()
    session = cache.pop(key, None)
    drawn = [Draw.from_json(d) for d in draws]
    if session is not None:
        known = session.action_ids()
        if len(known) > len(action_ids) or known != list(action_ids[: len(known)]):
            session = None
        else:
            try:
                session.know_draws(drawn)
            except RecordError:
                session = None
    if session is None:
        session = Session.rebuild(header, ["human"] * int(header["players"]), (), draws=drawn)
        if header.get("seed") is None:
            session.bot_seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big")
    for action_id in action_ids[session.ply :]:
        session.act(session.to_act, int(action_id))
    cache[key] = session
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False)
    return session


def decide(
    key: str,
    header: Mapping[str, Any],
    action_ids: Sequence[int],
    seat: int,
    kind: str,
    think: float | None = None,
    draws: Sequence[Mapping[str, Any]] = (),
) -> int:
    """The action id that a ``kind`` bot plays for ``seat`` in the match after ``action_ids``.

    ``key`` names the match in the worker's cache (the table id); ``draws``
    the orders drawn for a match without a seed (:meth:`jick.shuffles.Draw.to_json`).

    >>> from jick.session import Session
    >>> s = Session.new("lift_smoke", seed=3)
    >>> choice = decide("t1", s.header, [], s.to_act, "easy")
    >>> choice in s.state.legal_action_ids()
    True
    """
    session = _session_at(key, header, action_ids, draws)
    session.seats[seat] = kind
    session.think = think
    return session.bot_action(seat, kind).id


def hint(
    key: str,
    header: Mapping[str, Any],
    action_ids: Sequence[int],
    seat: int,
    level: str,
    think: float | None = None,
    draws: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """What a ``level`` bot would play for ``seat`` now and its value for every legal action (``jick play``'s hint).

    The bot sees the seat's observation only, as when it plays.

    >>> from jick.session import Session
    >>> s = Session.new("lift_smoke", seed=3)
    >>> advice = hint("t1", s.header, [], s.to_act, "easy")
    >>> advice["choice"]["id"] in s.state.legal_action_ids(), sorted(advice)
    (True, ['choice', 'method', 'values'])
    """
    from jick.bots import make_bot
    from jick.session import decision_seed

    session = _session_at(key, header, action_ids, draws)
    if session.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    observation = session.state.observation(seat)
    bot = make_bot(level, decision_seed(session.bot_seed, seat, session.ply), session.state.game_name, think)
    explain = getattr(bot, "explain", None)
    if explain is None:
        choice = bot.choose(observation)
        return {"choice": _ref(choice), "method": f"the {level} bot's choice", "values": []}
    why = explain(observation)
    values = [{**_ref(action), "value": round(float(value), 3)} for action, value in why.values]
    return {"choice": _ref(why.choice), "method": str(why.method), "values": values}


def _ref(action: Any) -> dict[str, Any]:
    return {"action": str(action), "id": int(action.id)}


class BotPool:
    """Where bots think: ``workers`` processes, or threads when ``workers`` is 0."""

    def __init__(self, workers: int = 0, threads: int = 8) -> None:
        self.workers = workers
        self.threads = threads
        self._executor: Executor | None = None

    def _make(self) -> Executor:
        if self.workers > 0:
            return ProcessPoolExecutor(
                self.workers, mp_context=get_context("spawn"), initializer=_watch_parent, initargs=(os.getpid(),)
            )
        return ThreadPoolExecutor(self.threads, thread_name_prefix="jick-bot")

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self._make()
        return self._executor

    async def decide(
        self,
        key: str,
        header: Mapping[str, Any],
        action_ids: Sequence[int],
        seat: int,
        kind: str,
        think: float | None,
        draws: Sequence[Mapping[str, Any]] = (),
    ) -> int:
        choice: int = await self._run(decide, key, dict(header), list(action_ids), seat, kind, think, list(draws))
        return choice

    async def hint(
        self,
        key: str,
        header: Mapping[str, Any],
        action_ids: Sequence[int],
        seat: int,
        level: str,
        think: float | None,
        draws: Sequence[Mapping[str, Any]] = (),
    ) -> dict[str, Any]:
        args = (key, dict(header), list(action_ids), seat, level, think, list(draws))
        advice: dict[str, Any] = await self._run(hint, *args)
        return advice

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the pool (other heavy work than a bot's move: a comparison's deals)."""
        return await self._run(fn, *args)

    async def _run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the pool; a broken process pool is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, fn, *args)
        except BrokenProcessPool:
            log.error("the bot worker pool broke; starting a new one")
            self._executor = None
            return await loop.run_in_executor(self.executor, fn, *args)

    def close(self) -> None:
        """Stop now: queued decisions are dropped and worker processes stopped mid-thought (a decision not
        committed is asked again after a restart), so a stop never waits for a search bot's deadline."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())  # shutdown forgets them
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as the server process is gone (even killed with SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="jick-parent-watch", daemon=True).start()


def default_workers() -> int:
    """Worker processes for ``jick serve``: two per core, so one table's hard bot never queues another's."""
    return max(2, 2 * (os.cpu_count() or 1))
