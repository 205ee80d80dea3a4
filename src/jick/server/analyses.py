"""Post-game analysis for the page: run in the bot pool, a few decisions at a time, one analysis at a time.

``POST /api/tables/{id}/analysis`` analyses one seat of a finished table
(``jick.analysis``: each decision valued from what that seat knew, hindsight
beside it) and keeps the result in the database (``jick_analyses``), so a
table's seat is analysed once per depth; ``POST /api/analysis`` does the same
for a record sent as the body (kept in memory only, for a while). Both answer
at once: the stored analysis, or a *job* that ``GET /api/analyses/{job}``
reports on (decisions done of the total) until its analysis is there.

The work is bounded: one analysis runs at a time per server process (another
is refused with 429 while it runs; several ``jick serve`` processes run one
each), each stops after :attr:`Analyses.timeout`
seconds of wall clock (the job then fails with ``too_slow``, answered 503), and
the decisions are valued in batches in the bot pool, so the event loop never
waits on a search.

Jobs live in the memory of the process that runs them. With several
processes (:mod:`jick.server.hub`) a job's id begins with its process's id,
and a poll reaching another process is relayed to that one.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from jick.engine import JickError
from jick.server.store import AnalysisRow, Store, hash_token, now
from jick.server.table import Rejected
from jick.server.tables import Tables

__all__ = ["DEPTHS", "Analyses", "Job"]

log = logging.getLogger("jick.server")

#: The depths the page may ask for (``deep`` is for the terminal).
DEPTHS = ("quick", "normal")
#: Seconds one analysis may take, decisions valued per call of the pool, finished jobs kept in memory.
TIMEOUT = 180.0
BATCH = 4
KEPT = 32
#: The analysis seed of the server (the same record, seat and depth: the same values).
SEED = 0


@dataclass
class Job:
    """One analysis under way (or done, or failed) for the page to poll."""

    id: str
    key: tuple[str, ...]
    seat: int
    depth: str
    done: int = 0
    total: int = 0
    status: str = "running"
    analysis: dict[str, Any] | None = None
    error: str | None = None
    message: str | None = None
    stored: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def answer(self) -> dict[str, Any]:
        """What ``GET /api/analyses/{job}`` says."""
        return {
            "job": self.id,
            "status": self.status,
            "seat": self.seat,
            "depth": self.depth,
            "done": self.done,
            "total": self.total,
            "stored": self.stored,
            "error": self.error,
            "message": self.message,
            "analysis": self.analysis,
        }


def default_seat(record: Mapping[str, Any], seat: int | None) -> int:
    """``seat`` if given, else the first seat the record's ``meta`` says a person sat in, else 0.

    >>> default_seat({"meta": {"seats": [{"kind": "easy"}, {"kind": "human"}]}}, None)
    1
    >>> default_seat({"meta": {"seats": ["easy", "normal", "human"]}}, None), default_seat({}, 3)
    (2, 3)
    """
    if seat is not None:
        return seat
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    for i, who in enumerate(seats if isinstance(seats, list) else []):
        kind = who.get("kind") if isinstance(who, dict) else who
        if kind == "human":
            return i
    return 0


def load_stored(store: Store, table_id: str, seat: int, depth: str) -> dict[str, Any] | None:
    """A table's stored analysis of ``seat`` at ``depth``, or None."""
    with Session(store.engine) as db:
        text = db.scalar(
            select(AnalysisRow.analysis).where(
                AnalysisRow.table_id == table_id, AnalysisRow.seat == seat, AnalysisRow.depth == depth
            )
        )
    return None if text is None else dict(json.loads(text))


def save(store: Store, table_id: str, seat: int, depth: str, analysis: Mapping[str, Any]) -> None:
    """Keep a table's analysis (a second writer of the same one is ignored: both are the same)."""
    row = AnalysisRow(table_id=table_id, seat=seat, depth=depth, analysis=json.dumps(analysis), created_at=now())
    try:
        with Session(store.engine) as db, db.begin():
            db.add(row)
    except IntegrityError:
        pass


class Analyses:
    """The server's analyses: the running one, the finished ones kept a while, the stored ones in the database."""

    def __init__(self, tables: Tables, timeout: float = TIMEOUT, batch: int = BATCH) -> None:
        self.tables = tables
        self.timeout = timeout
        self.batch = batch
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.by_key: dict[tuple[str, ...], Job] = {}
        self.running: Job | None = None

    # ------------------------------------------------------------------ requests
    async def for_table(self, table_id: str, token: str | None, seat: int | None, depth: str) -> Job:
        """The analysis of ``seat`` (default: the token's seat, else the first person's) of a finished table."""
        tables = self.tables
        table = await tables.visible(table_id, token)
        if table.live:
            raise Rejected(409, "match_running", "the match is still being played: it can be analysed once it is over")
        if seat is None and token:
            digest = hash_token(token)
            mine = [s.number for s in table.seats if s.token_hash and hmac.compare_digest(s.token_hash, digest)]
            seat = mine[0] if mine else None
        async with table.lock:
            record = table.record()
        seat = default_seat(record, seat)
        _check_seat(record, seat)
        key = ("table", table.id, str(seat), depth)
        job = self._known(key)
        if job is not None:
            return job
        stored = await tables.db.call(load_stored, tables.db.store, table.id, seat, depth)
        if stored is not None:
            job = Job(self._new_id(), key, seat, depth, status="done", analysis=stored, stored=True)
            self._keep(job)
            return job
        return await self._start(key, record, seat, depth, table.id)

    async def for_record(self, record: Mapping[str, Any], seat: int | None, depth: str) -> Job:
        """The analysis of ``seat`` (default: the first person's) of an uploaded record (not stored)."""
        seat = default_seat(record, seat)
        _check_seat(record, seat)
        digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
        key = ("record", digest, str(seat), depth)
        return self._known(key) or await self._start(key, record, seat, depth, None)

    def _new_id(self) -> str:
        """A new job id (naming this process when there are several: polls are relayed to it)."""
        token = secrets.token_urlsafe(12)
        owner = self.tables.owner
        return owner.job_id(token) if owner is not None else token

    def job(self, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None:
            raise Rejected(404, "unknown_job", f"no analysis {job_id[:40]!r} (finished ones are kept for a while)")
        return job

    def close(self) -> None:
        """Stop the running analysis (a server stop)."""
        if self.running is not None and self.running.task is not None:
            self.running.task.cancel()

    # ------------------------------------------------------------------ running
    def _known(self, key: tuple[str, ...]) -> Job | None:
        job = self.by_key.get(key)
        if job is not None and job.status in ("running", "done"):
            self.jobs.move_to_end(job.id)
            return job
        return None  # a failed one may be asked again

    def _keep(self, job: Job) -> None:
        self.jobs[job.id] = job
        self.by_key[job.key] = job
        while len(self.jobs) > KEPT:
            for old_id, old in self.jobs.items():
                if old.status != "running":
                    del self.jobs[old_id]
                    if self.by_key.get(old.key) is old:
                        del self.by_key[old.key]
                    break
            else:
                break

    async def _start(
        self, key: tuple[str, ...], record: Mapping[str, Any], seat: int, depth: str, table_id: str | None
    ) -> Job:
        from jick.analysis import count_choices

        if self.running is not None and self.running.status == "running":
            raise Rejected(
                429, "busy", "another analysis is running on this server; try again when it is done (a minute or so)"
            )
        job = Job(self._new_id(), key, seat, depth)
        self.running = job  # taken before the first await: another analysis now is refused, this one joined
        self._keep(job)
        try:
            job.total = int(await self.tables.bots.run(count_choices, dict(record), [seat]))
        except BaseException as exc:
            known = isinstance(exc, JickError)
            job.status, job.error = "failed", "record" if known else "internal"
            job.message = str(exc) if known else "the analysis could not start (logged)"
            self.running = None
            if known:
                raise Rejected(400, "record", str(exc)) from None
            raise
        job.task = asyncio.create_task(self._run(job, dict(record), table_id))
        return job

    async def _run(self, job: Job, record: dict[str, Any], table_id: str | None) -> None:
        from jick.analysis import analyse_part, assemble
        from jick.analysis.report import to_json

        started = time.monotonic()
        parts = []
        try:
            for start in range(0, job.total, self.batch):
                left = self.timeout - (time.monotonic() - started)
                if left <= 0:
                    raise TimeoutError
                stop = min(job.total, start + self.batch)
                call = self.tables.bots.run(analyse_part, record, [job.seat], job.depth, SEED, start, stop)
                parts.append(await asyncio.wait_for(call, left))
                job.done = stop
            seconds = time.monotonic() - started
            analysis = to_json(assemble(record, [job.seat], job.depth, SEED, parts, seconds))
            if table_id is not None:
                await self.tables.db.call(save, self.tables.db.store, table_id, job.seat, job.depth, analysis)
                job.stored = True
            job.analysis = analysis
            job.status = "done"
            log.info("analysed seat %d (%s, %d decisions) in %.1f s", job.seat, job.depth, job.total, seconds)
        except TimeoutError:
            job.status, job.error = "failed", "too_slow"
            job.message = f"the analysis took over {self.timeout:g} s and was stopped; try the quick depth"
            log.info("analysis %s stopped after %g s", job.id, self.timeout)
        except asyncio.CancelledError:
            job.status, job.error, job.message = "failed", "stopped", "the server stopped the analysis"
            raise
        except Exception as exc:  # a fault of the analysis: the job says so, the server goes on
            job.status, job.error, job.message = "failed", "internal", "the analysis failed (logged)"
            log.error("analysis %s failed", job.id, exc_info=exc)
        finally:
            if self.running is job:
                self.running = None


def _check_seat(record: Mapping[str, Any], seat: int) -> None:
    players = record.get("players")
    if isinstance(players, int) and not 0 <= seat < players:
        raise Rejected(400, "seat", f"seat {seat}: the record has seats 0 to {players - 1}")
