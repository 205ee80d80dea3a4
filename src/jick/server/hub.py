"""Several ``jick serve`` processes on one PostgreSQL: table ownership, and relays over Redis pub/sub.

Each live table has one **owner**: the process holding the table's
PostgreSQL session-level advisory lock (``pg_try_advisory_lock`` on one
connection kept for the purpose). Only the owner keeps the table in memory,
takes its actions, runs its bots and away timers: a table's actions are
serialized as in one process, and the primary key ``(table_id, ply)`` still
refuses a second writer. When the owner dies its connection closes and
PostgreSQL releases its locks at once; every process looks for tables
nobody holds once a second (:meth:`Cluster.sweep`) and takes them over,
rebuilding them from the database as after a restart.

Any process accepts any request. A request or websocket for a table another
process owns is **relayed** to the owner over Redis pub/sub: the ASGI
messages of the connection (the client's frames one way, the server's views
the other) travel on the owner's channel ``jick:proc:<id>`` and the front
process's own, in order. So every accepted action reaches every socket of
its table, wherever it is connected, and presence, stand-ins and "replaced"
work as in one process. A front process notices an owner gone (no
subscriber left on its channel) within a second and closes its relayed
sockets with 1012, as a restart does; the page reconnects and lands on the
new owner.

Two things besides relays go through Redis:

* **Presence.** Who is connected is known only to a table's owner, so the
  owner publishes the seat statuses of each table it holds that has a person
  connected or stood in for (``jick:seats:<table>``, the statuses comma-joined,
  with a TTL of :data:`PRESENCE_TTL` seconds): at once when a person connects
  or leaves, and again at every sweep (which also catches a stand-in taking
  over by the clock). The table list, answered from the database by any
  process, reads them with one ``MGET`` (:meth:`Cluster.presence`).
* **Analysis jobs.** A job's id begins with the id of the process running it
  (``<process>.<token>``): ``GET /api/analyses/<job>`` reaching another
  process is relayed to that one like a table's request.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jick.engine import JickError

if TYPE_CHECKING:
    import psycopg
    from redis.asyncio import Redis
    from sqlalchemy.engine import URL

    from jick.server.tables import Tables

__all__ = ["Cluster", "ClusterError", "RelayRouter"]

log = logging.getLogger("jick.server")

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]

#: The paths that belong to one table: its HTTP routes and its websocket.
TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]{6,32})(?:/|$)")
#: An analysis job's path: its id names the process that runs it (:meth:`Cluster.job_id`).
JOB_PATH = re.compile(r"^/api/analyses/([0-9a-f]{12})\.")
#: Seconds between two looks for tables nobody owns and for owners or fronts gone.
SWEEP = 1.0
#: Seconds a request waits for its table's owner to be found (a process taking it over, a restart).
ROUTE_TIMEOUT = 8.0
#: Seconds a table's published seat statuses last unless its owner refreshes them (each sweep).
PRESENCE_TTL = 5
#: The advisory lock's key of a table.
LOCK_KEY = "hashtextextended('jick:' || %s, 0)"


class ClusterError(JickError):
    """Redis or PostgreSQL cannot be used for several processes (one line)."""


def _owner_key(table_id: str) -> str:
    return f"jick:owner:{table_id}"


def _seats_key(table_id: str) -> str:
    return f"jick:seats:{table_id}"


def _channel(process: str) -> str:
    return f"jick:proc:{process}"


# ---------------------------------------------------------------------------- ASGI messages as JSON
def _encode(value: Any) -> Any:
    """An ASGI message or scope in JSON: bytes become ``{"$b": base64}``, tuples lists."""
    if isinstance(value, bytes | bytearray):
        return {"$b": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and "$b" in value:
            return base64.b64decode(value["$b"])
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


#: The scope's keys a relayed request needs (the rest is the front process's own).
SCOPE_KEYS = (
    "type",
    "asgi",
    "http_version",
    "method",
    "scheme",
    "path",
    "raw_path",
    "query_string",
    "root_path",
    "headers",
    "client",
    "server",
    "subprotocols",
    "jick.request_id",
)


@dataclass
class _Stream:
    """One relayed connection, seen from either end: the messages that came for it."""

    peer: str
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    kind: str = "http"
    task: asyncio.Task[None] | None = None


class _Gone(Exception):
    """The owner went away before it answered: the request may be routed again."""


class Cluster:
    """This process's part of a cluster: its advisory locks, its Redis channel, its relays."""

    def __init__(self, url: URL, redis_url: str, tables: Tables) -> None:
        self.url = url
        self.redis_url = redis_url
        self.tables = tables
        self.id = secrets.token_hex(6)
        self.channel = _channel(self.id)
        #: Tables whose advisory lock this process holds.
        self.owned: set[str] = set()
        self.app: ASGIApp | None = None
        self.stopping = False
        self._locks: psycopg.AsyncConnection[Any] | None = None
        self._lock_use = asyncio.Lock()
        self._redis: Redis | None = None
        self._pubsub: Any = None
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        #: Relays this process fronts (it holds the client) and serves (it owns the table), by stream id.
        self._fronts: dict[str, _Stream] = {}
        self._backs: dict[str, _Stream] = {}
        self._tasks: list[asyncio.Task[None]] = []
        #: The writer has a batch in hand, not yet published.
        self._publishing = False
        #: Tables whose seat statuses changed since last published; tables with statuses in Redis now.
        self._changed: set[str] = set()
        self._change = asyncio.Event()
        self._present: set[str] = set()

    # ------------------------------------------------------------------ start and stop
    async def start(self) -> None:
        """Connect to PostgreSQL (for the locks) and Redis, listen on this process's channel."""
        from redis.asyncio import Redis

        try:
            self._locks = await self._connect_locks()
        except Exception as exc:
            raise ClusterError(f"cannot hold table locks in the database: {_first_line(exc)}") from None
        self._redis = Redis.from_url(self.redis_url, socket_connect_timeout=5)
        try:
            await asyncio.wait_for(self._redis.ping(), 5)
            self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            await self._pubsub.subscribe(self.channel)
        except Exception as exc:
            await self._locks.close()
            raise ClusterError(f"--redis {self.redis_url}: cannot use Redis: {_first_line(exc)}") from None
        self._tasks = [
            asyncio.create_task(self._read_loop()),
            asyncio.create_task(self._write_loop()),
            asyncio.create_task(self._sweep_loop()),
            asyncio.create_task(self._presence_loop()),
        ]
        log.info("cluster: process %s on %s", self.id, self.redis_url)

    async def stop(self) -> None:
        """Release every table (the caller has stopped them and committed their actions) and disconnect."""
        self.stopping = True
        for stream in list(self._backs.values()):
            stream.queue.put_nowait({"type": f"{stream.kind}.disconnect", "code": 1012})
        backs = [s.task for s in self._backs.values() if s.task is not None]
        if backs:
            await asyncio.wait(backs, timeout=2)
        for _ in range(100):  # let the relayed closes reach their front processes
            if self._outbox.empty() and not self._publishing:
                break
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._present and self._redis is not None:  # nobody is connected here any more
            try:
                await self._redis.delete(*(_seats_key(t) for t in self._present))
            except Exception as exc:
                log.error("cluster: seat statuses left in Redis (they expire): %s", _first_line(exc))
            self._present.clear()
        if self._locks is not None:
            await self._locks.close()  # every advisory lock goes with the session
        self.owned.clear()
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()

    # ------------------------------------------------------------------ ownership
    async def claim(self, table_id: str) -> bool:
        """True when this process owns ``table_id`` (now or already); False: another process does."""
        if table_id in self.owned:
            return True
        if self.stopping or self._locks is None:
            return False
        async with self._lock_use:
            if table_id in self.owned:
                return True
            cursor = await self._locks.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", (table_id,))
            row = await cursor.fetchone()
            if not (row and row[0]):
                return False
            self.owned.add(table_id)
        await self._set_owner(table_id)
        return True

    def release(self, table_id: str) -> None:
        """Give ``table_id`` up (this process forgot it: over and idle, or unknown)."""
        if table_id in self.owned and not self.stopping:
            self.owned.discard(table_id)
            task = asyncio.get_running_loop().create_task(self._unlock(table_id))
            self._tasks.append(task)
            task.add_done_callback(lambda t: self._tasks.remove(t) if t in self._tasks else None)

    async def _unlock(self, table_id: str) -> None:
        if self._locks is None:
            return
        async with self._lock_use:
            # Once for each release, even if the table was taken again meanwhile: that took the lock once more.
            await self._locks.execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", (table_id,))
        if table_id in self.owned:
            return
        if self._redis is not None and await self._redis.get(_owner_key(table_id)) == self.id.encode():
            await self._redis.delete(_owner_key(table_id))

    async def _set_owner(self, table_id: str) -> None:
        assert self._redis is not None
        await self._redis.set(_owner_key(table_id), self.id)

    async def sweep(self) -> list[str]:
        """Take over the live tables nobody owns (their owner died or stopped); their ids."""
        if self._locks is None or self.stopping:
            return []
        async with self._lock_use:
            cursor = await self._locks.execute(
                "SELECT id FROM (SELECT id FROM jick_tables WHERE status IN ('open', 'running') "
                f"AND NOT (id = ANY(%s)) OFFSET 0) AS free WHERE pg_try_advisory_lock({LOCK_KEY.replace('%s', 'id')})",
                (sorted(self.owned),),
            )
            taken = [str(r[0]) for r in await cursor.fetchall()]
            self.owned.update(taken)
        for table_id in taken:
            await self._set_owner(table_id)
            try:
                table = await self.tables.find(table_id)
            except Exception as exc:
                log.error("cluster: table %s could not be taken over: %s", table_id, exc)
                continue
            if table is not None:
                log.info("cluster: took table %s over at ply %d", table_id, table.session.ply)
        return taken

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                if self._locks is None or self._locks.closed or self._locks.broken:
                    await self._lost_locks()
                await self.sweep()
                await self._check_peers()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("cluster: sweep failed: %s", _first_line(exc))

    async def _lost_locks(self) -> None:
        """The connection holding the locks broke (the database restarted): give every table up, connect again.

        Another process may take the tables at once, so this one stops their bots and closes their sockets
        with 1012 (the page reconnects to the new owner); the primary key refuses any write already on its way.
        """
        given_up = [t for t in self.tables.tables.values() if t.id in self.owned]
        self.owned.clear()
        for table in given_up:
            self.tables.tables.pop(table.id, None)
            if table.timer is not None:
                table.timer.cancel()
            if table.bot_task is not None:
                table.bot_task.cancel()
            for conn in self.tables.connections(table):
                conn.close(1012, "service restart")
        log.error("cluster: lost the database connection holding the table locks; %d tables given up", len(given_up))
        self._locks = await self._connect_locks()

    async def _connect_locks(self) -> psycopg.AsyncConnection[Any]:
        """The connection whose session holds this process's table locks (``jick-locks-<id>`` in pg_stat_activity)."""
        import psycopg

        conninfo = self.url.set(drivername="postgresql").render_as_string(hide_password=False)
        return await psycopg.AsyncConnection.connect(
            conninfo, autocommit=True, connect_timeout=5, application_name=f"jick-locks-{self.id}"
        )

    async def _check_peers(self) -> None:
        """Close the relays whose other end has gone (its process stopped or died)."""
        assert self._redis is not None
        peers = {s.peer for s in (*self._fronts.values(), *self._backs.values())}
        if not peers:
            return
        counts = dict(await self._redis.pubsub_numsub(*(_channel(p) for p in peers)))
        gone = {p for p in peers if not counts.get(_channel(p).encode(), counts.get(_channel(p), 0))}
        for stream in self._fronts.values():
            if stream.peer in gone:
                stream.queue.put_nowait(None)
        for stream in self._backs.values():
            if stream.peer in gone:
                stream.queue.put_nowait({"type": f"{stream.kind}.disconnect", "code": 1006})

    # ------------------------------------------------------------------ presence and jobs
    def job_id(self, token: str) -> str:
        """An analysis job's id: this process's id first, so that any process finds where it runs."""
        return f"{self.id}.{token}"

    def seen(self, table_id: str) -> None:
        """A seat of ``table_id`` connected or left: publish its statuses soon."""
        self._changed.add(table_id)
        self._change.set()

    async def presence(self, table_ids: list[str]) -> dict[str, list[str]]:
        """The seat statuses the owners published for ``table_ids`` (those with a person connected or stood in)."""
        if not table_ids or self._redis is None:
            return {}
        try:
            values = await self._redis.mget([_seats_key(t) for t in table_ids])
        except Exception as exc:  # the list goes on from the database alone
            log.error("cluster: seat statuses could not be read: %s", _first_line(exc))
            return {}
        return {
            t: (v.decode() if isinstance(v, bytes) else str(v)).split(",")
            for t, v in zip(table_ids, values, strict=True)
            if v
        }

    async def _presence_loop(self) -> None:
        """Publish the statuses of the tables whose seats changed, and of every table held here once per sweep."""
        loop = asyncio.get_running_loop()
        refreshed = loop.time()
        while True:
            try:
                await asyncio.wait_for(self._change.wait(), SWEEP)
            except TimeoutError:
                pass
            self._change.clear()
            if loop.time() - refreshed >= SWEEP:
                refreshed = loop.time()
                changed = set(self.tables.tables) | self._present
                self._changed.clear()
            else:
                changed, self._changed = self._changed, set()
            try:
                await self._publish_presence(changed)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("cluster: seat statuses not published: %s", _first_line(exc))

    async def _publish_presence(self, table_ids: AbstractSet[str]) -> None:
        assert self._redis is not None
        async with self._redis.pipeline(transaction=False) as pipe:
            count = 0
            for table_id in table_ids:
                table = self.tables.tables.get(table_id)
                statuses = [table.seat_status(s) for s in table.seats] if table is not None else []
                if "connected" in statuses or "standin" in statuses:
                    pipe.set(_seats_key(table_id), ",".join(statuses), ex=PRESENCE_TTL)
                    self._present.add(table_id)
                elif table_id in self._present:  # nothing the database does not say: away, free or a bot
                    pipe.delete(_seats_key(table_id))
                    self._present.discard(table_id)
                else:
                    continue
                count += 1
            if count:
                await pipe.execute()

    # ------------------------------------------------------------------ Redis
    def _post(self, process: str, message: dict[str, Any]) -> None:
        self._outbox.put_nowait((_channel(process), "J" + json.dumps(message, separators=(",", ":"))))

    def _post_asgi(self, process: str, sid: str, direction: str, message: MutableMapping[str, Any]) -> None:
        """An ASGI message of stream ``sid`` (``in``: from the client, ``out``: to it).

        A websocket text frame, nearly every message, travels as it is after a short head
        (``T``, ``i`` or ``o``, the stream id); anything else as JSON.
        """
        text = message.get("text")
        if isinstance(text, str) and message["type"] in ("websocket.send", "websocket.receive"):
            self._outbox.put_nowait((_channel(process), f"T{direction[0]}{sid}{text}"))
        else:
            self._post(process, {"s": sid, "k": direction, "m": _encode(dict(message))})

    async def _write_loop(self) -> None:
        """Publish what is queued, in order, many messages per round trip."""
        assert self._redis is not None
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            self._publishing = True
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("cluster: %d relayed messages lost: %s", len(batch), _first_line(exc))
            finally:
                self._publishing = False

    async def _read_loop(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("cluster: reading Redis failed: %s", _first_line(exc))
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._dispatch(_unwire(message["data"]))
            except Exception as exc:
                log.error("cluster: a relayed message could not be handled: %s", exc)

    def _dispatch(self, data: dict[str, Any]) -> None:
        sid, kind = data["s"], data["k"]
        if kind == "open":
            stream = _Stream(peer=data["from"], kind=data["scope"]["type"])
            self._backs[sid] = stream
            stream.task = asyncio.create_task(self._serve(sid, stream, data["scope"]))
        elif kind == "in":
            back = self._backs.get(sid)
            if back is not None:
                back.queue.put_nowait(data["m"])
        elif kind in ("out", "end", "busy"):
            front = self._fronts.get(sid)
            if front is not None:
                front.queue.put_nowait(data)

    # ------------------------------------------------------------------ the owner's end of a relay
    async def _serve(self, sid: str, stream: _Stream, scope_json: dict[str, Any]) -> None:
        """Run a relayed request through this process's application, sending its answer back."""
        scope = _decode(scope_json)
        scope["jick.relayed"] = True
        if scope.get("client") is not None:
            scope["client"] = tuple(scope["client"])
        if scope.get("server") is not None:
            scope["server"] = tuple(scope["server"])
        try:
            if self.app is None or not await self._answers(scope.get("path", "")):
                self._post(stream.peer, {"s": sid, "k": "busy"})
                return

            async def send(message: MutableMapping[str, Any]) -> None:
                self._post_asgi(stream.peer, sid, "out", message)

            async def receive() -> dict[str, Any]:
                message = await stream.queue.get()
                return message if message is not None else {"type": f"{stream.kind}.disconnect", "code": 1006}

            await self.app(scope, receive, send)
            self._post(stream.peer, {"s": sid, "k": "end"})
        except Exception as exc:
            log.error("cluster: a relayed %s for %s failed: %s", stream.kind, scope.get("path"), exc)
            self._post(stream.peer, {"s": sid, "k": "end"})
        finally:
            self._backs.pop(sid, None)

    # ------------------------------------------------------------------ the front end of a relay
    async def _answers(self, path: str) -> bool:
        """True when this process answers a relayed request for ``path``: its table's, or its job's."""
        job = JOB_PATH.match(path)
        if job is not None:
            return job.group(1) == self.id
        match = TABLE_PATH.match(path)
        return match is not None and await self._serves(match.group(1))

    async def _serves(self, table_id: str) -> bool:
        """True when this process answers for ``table_id``: it owns it, or holds it over (finished)."""
        return table_id in self.tables.tables or await self.claim(table_id)

    async def route(self, table_id: str, gone: AbstractSet[str] = frozenset()) -> str | None:
        """None when this process serves ``table_id`` itself, else the owning process's id
        (empty while the lock's holder has not yet said who it is). ``gone``: owners that did not answer."""
        assert self._redis is not None
        if table_id in self.tables.tables or table_id in self.owned:
            return None
        owner = await self._redis.get(_owner_key(table_id))
        text = owner.decode() if isinstance(owner, bytes) else None
        if text is not None and text != self.id and text not in gone:
            return text  # no need to ask the database
        if await self.claim(table_id):
            return None
        return ""  # locked, its owner not yet announced: ask again

    async def relay(
        self, owner: str, scope: MutableMapping[str, Any], receive: Any, send: Any, early: list[dict[str, Any]]
    ) -> None:
        """Carry one request or websocket to ``owner`` and back; :class:`_Gone` if it never answered.

        ``early`` keeps what the client sent before any answer, to be sent again if this owner is gone.
        """
        assert self._redis is not None
        sid = secrets.token_hex(8)
        stream = _Stream(peer=owner, kind=scope["type"])
        self._fronts[sid] = stream
        answered = ended = False
        pump: asyncio.Task[None] | None = None
        try:
            opened = {"s": sid, "k": "open", "from": self.id, "scope": _encode({k: scope.get(k) for k in SCOPE_KEYS})}
            receivers = await self._redis.publish(_channel(owner), "J" + json.dumps(opened, separators=(",", ":")))
            if not receivers:
                raise _Gone

            async def forward() -> None:
                for message in early:
                    self._post_asgi(owner, sid, "in", message)
                while True:
                    message = dict(await receive())
                    if not answered:
                        early.append(message)
                    self._post_asgi(owner, sid, "in", message)
                    if message["type"] in ("websocket.disconnect", "http.disconnect"):
                        return

            pump = asyncio.create_task(forward())
            while True:
                item = await stream.queue.get()
                if item is None:  # the owner's process is gone
                    break
                if item["k"] == "busy":
                    raise _Gone
                if item["k"] == "end":
                    ended = True
                    break
                answered = True
                try:
                    await send(item["m"])
                except Exception:  # the client went away: the owner hears of it from the pump
                    ended = True
                    break
        finally:
            self._fronts.pop(sid, None)
            if pump is not None:
                pump.cancel()
        if not ended:
            if not answered:
                raise _Gone
            await _close_gone(scope, send)


async def _close_gone(scope: MutableMapping[str, Any], send: Any) -> None:
    """The owner died mid-answer: close the websocket as a restart does (the page reconnects)."""
    try:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1012, "reason": "service restart"})
    except Exception:  # the client is gone too
        pass


class RelayRouter:
    """ASGI middleware: a table's requests go to the process that owns it (here, or relayed)."""

    def __init__(self, app: ASGIApp, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster
        cluster.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        routed = scope["type"] in ("http", "websocket") and not scope.get("jick.relayed")
        job = JOB_PATH.match(scope.get("path", "")) if routed else None
        if job is not None and job.group(1) != self.cluster.id:
            await self._to_job(job.group(1), scope, receive, send)
            return
        match = TABLE_PATH.match(scope.get("path", "")) if routed else None
        if match is None:
            await self.app(scope, receive, send)
            return
        table_id = match.group(1)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ROUTE_TIMEOUT
        early: list[dict[str, Any]] = []
        gone: set[str] = set()
        while True:
            owner = await self.cluster.route(table_id, gone)
            if owner is None:
                await self.app(scope, receive, send)
                return
            if owner:
                try:
                    await self.cluster.relay(owner, scope, receive, send, early)
                    return
                except _Gone:
                    gone.add(owner)
            if loop.time() > deadline:
                await _unavailable(scope, receive, send, table_id)
                return
            await asyncio.sleep(0.1)

    async def _to_job(self, process: str, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        """An analysis job's request goes to the process running it; if that one is gone, this one answers
        (the job is unknown here: 404)."""
        early: list[dict[str, Any]] = []
        try:
            await self.cluster.relay(process, scope, receive, send, early)
            return
        except _Gone:
            pass

        async def again() -> Any:
            return early.pop(0) if early else await receive()

        await self.app(scope, again, send)


async def _unavailable(scope: MutableMapping[str, Any], receive: Any, send: Any, table_id: str) -> None:
    """No process took the table in time: 503 (HTTP) or a 1012 close (websocket)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1012, "reason": "service restart"})
        return
    body = json.dumps(
        {"error": "unavailable", "message": f"table {table_id} is moving to another server process; try again"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _unwire(data: bytes | str) -> dict[str, Any]:
    """A message read from a channel (see :meth:`Cluster._post_asgi`)."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    if text[0] == "T":
        kind = "in" if text[1] == "i" else "out"
        asgi = "websocket.receive" if kind == "in" else "websocket.send"
        return {"s": text[2:18], "k": kind, "m": {"type": asgi, "text": text[18:]}}
    message: dict[str, Any] = json.loads(text[1:])
    if "m" in message:
        message["m"] = _decode(message["m"])
    return message


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
