"""Several ``jick serve`` processes on one PostgreSQL and one Redis (``--redis``), with real sockets.

A seat connected to process A and another to process B play one match with
server bots: each sees every action once and in order, and the record is the
record of the match played in one process. Killing the owner with SIGKILL, or
restarting both processes in turn with SIGTERM, loses no action and no seat.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from jick.record import replay

from .kit import ServerProcess, create_table, host
from .test_server_crash import PRESET, SEATS, SEED, SETS, by_position, uninterrupted

REDIS = os.environ.get("JICK_TEST_REDIS", "redis://127.0.0.1:6379/0")


def redis_available() -> bool:
    from redis import Redis
    from redis.exceptions import RedisError

    try:
        client = Redis.from_url(REDIS, socket_connect_timeout=2, socket_timeout=2)
        client.ping()
        client.close()
        return True
    except RedisError:
        return False


@pytest.fixture
def cluster_db(postgres_url: str) -> Iterator[str]:
    if not redis_available():
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is not reachable at {REDIS} (the cluster tests need it in CI)")
        pytest.skip(f"Redis is not reachable at {REDIS}")
    yield postgres_url


def process(db: str) -> ServerProcess:
    return ServerProcess(db, "--redis", REDIS, "--bot-workers", "0")


class Seat:
    """A person's page, scripted: plays its seat by position and reconnects to a live process when closed."""

    def __init__(self, table_id: str, token: str, servers: Callable[[], list[ServerProcess]]) -> None:
        self.table_id = table_id
        self.token = token
        self.servers = servers
        #: Every view received: (connection number, the message).
        self.views: list[tuple[int, dict[str, Any]]] = []
        self.closes: list[int | None] = []
        self.connections = 0
        self.reloads = 0
        self.done = False
        #: While set, the seat waits before each of its actions (a person who looks away for a moment).
        self.held = False

    def ply(self) -> int:
        return max((v["ply"] for _, v in self.views), default=-1)

    async def run(self, timeout: float = 45) -> None:
        deadline = time.monotonic() + timeout
        while not self.done:
            if time.monotonic() > deadline:
                raise TimeoutError(f"seat {self.token[:6]}: the match did not end in {timeout} s")
            alive = [s for s in self.servers() if s.proc is not None and s.proc.poll() is None]
            if not alive:
                await asyncio.sleep(0.1)
                continue
            try:
                await self._connection(alive[0], deadline)
            except (ConnectionClosed, OSError, InvalidStatus, TimeoutError) as exc:
                if isinstance(exc, ConnectionClosed):
                    self.closes.append(exc.rcvd.code if exc.rcvd is not None else None)
                await asyncio.sleep(0.2)

    async def _connection(self, server: ServerProcess, deadline: float) -> None:
        self.connections += 1
        number = self.connections
        async with connect(f"{server.ws_url}/ws/tables/{self.table_id}", open_timeout=5, close_timeout=1) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            while True:
                text = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
                message = json.loads(text)
                if message["type"] == "error":
                    # "reload": a process's copy met an action stored by another one; it closes, we reconnect
                    assert message["code"] == "reload", message
                    self.reloads += 1
                if message["type"] == "table" and message["table"]["status"] == "finished":
                    self.done = True
                    return
                if message["type"] != "view":
                    continue
                self.views.append((number, message))
                if message["status"] == "finished":
                    self.done = True
                    return
                if message["status"] == "running" and message["observation"]["legal_actions"]:
                    await asyncio.sleep(0.03)  # a quick person, so the match lasts a little
                    while self.held:
                        await asyncio.sleep(0.05)
                    action = by_position(message, random.Random())
                    await ws.send(json.dumps({"type": "action", "action": action, "ply": message["ply"]}))


def created_table(server: ServerProcess) -> dict[str, Any]:
    with server.http() as http:
        return create_table(http, preset=PRESET, set=SETS, seats=SEATS, seed=SEED, away_timeout=3600)


def start(server: ServerProcess, created: dict[str, Any]) -> None:
    with server.http() as http:
        response = http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
        assert response.status_code == 200, response.text


def stored_record(server: ServerProcess, created: dict[str, Any]) -> dict[str, Any]:
    with server.http() as http:
        response = http.get(f"/api/tables/{created['table']['id']}/record", headers=host(created))
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data


@functools.cache
def _reference() -> dict[str, Any]:
    return uninterrupted()


def same_match(record: dict[str, Any]) -> None:
    """The record is that of the match played straight through in one process, and it replays."""
    reference = _reference()
    assert record["result"]["finished"] is True
    assert {k: v for k, v in record.items() if k != "meta"} == {k: v for k, v in reference.items() if k != "meta"}
    assert replay(record).state.is_terminal


def in_order(seat: Seat, strict: bool = True) -> None:
    """Every view of one connection comes once, one ply after the other; a new connection goes on from there
    (``strict``; else it may start a little before)."""
    plies = [v["ply"] for _, v in seat.views]
    if strict:
        assert plies == sorted(plies)
    for number in {n for n, _ in seat.views}:
        mine = [v for n, v in seat.views if n == number]
        for before, after in zip(mine, mine[1:], strict=False):
            assert after["ply"] == before["ply"] + 1, (before["ply"], after["ply"])
            assert after["last"]["ply"] == before["ply"]


async def until(condition: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition did not come true in time")
        await asyncio.sleep(0.02)


def test_two_processes_play_one_match_each_seat_on_its_own_process(cluster_db: str) -> None:
    with process(cluster_db) as a, process(cluster_db) as b:
        created = created_table(a)  # A owns it; B relays
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        on_a = Seat(created["table"]["id"], tokens[0], lambda: [a])
        on_b = Seat(created["table"]["id"], tokens[2], lambda: [b])

        async def match() -> None:
            runs = [asyncio.create_task(s.run()) for s in (on_a, on_b)]
            await until(lambda: on_a.connections == 1 and on_b.connections == 1)
            await asyncio.sleep(0.3)
            await asyncio.to_thread(start, b, created)  # the host's request through the other process
            await asyncio.gather(*runs)

        asyncio.run(match())
        for seat in (on_a, on_b):
            assert seat.connections == 1 and seat.closes == [] and seat.reloads == 0
            in_order(seat)
            assert seat.views[0][1]["ply"] == 0 and seat.views[-1][1]["status"] == "finished"
        assert [v["seat"] for _, v in on_b.views] == [2] * len(on_b.views)
        assert [v["ply"] for _, v in on_a.views] == [v["ply"] for _, v in on_b.views]  # every action, both sides
        record = stored_record(b, created)
        assert record == stored_record(a, created)
        same_match(record)


def test_kill_9_of_the_owner_mid_match_the_other_process_finishes_it(cluster_db: str) -> None:
    with process(cluster_db) as a, process(cluster_db) as b:
        created = created_table(a)
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        on_a = Seat(created["table"]["id"], tokens[0], lambda: [a, b])
        on_b = Seat(created["table"]["id"], tokens[2], lambda: [b, a])

        async def match() -> float:
            runs = [asyncio.create_task(s.run()) for s in (on_a, on_b)]
            await until(lambda: on_a.connections == 1 and on_b.connections == 1)
            await asyncio.sleep(0.3)
            await asyncio.to_thread(start, a, created)
            await until(lambda: on_a.ply() >= 12)
            await asyncio.to_thread(a.kill)
            killed = time.monotonic()
            await until(lambda: on_a.ply() >= 14 and on_b.ply() >= 14 or on_a.done, timeout=20)
            took = time.monotonic() - killed
            await asyncio.gather(*runs)
            return took

        took = asyncio.run(match())
        assert took < 10  # the table went on in B within seconds
        assert on_a.connections >= 2 and on_b.connections >= 2  # both came back (B's relay closed with 1012)
        assert 1012 in on_b.closes
        for seat in (on_a, on_b):
            in_order(seat)
        same_match(stored_record(b, created))


def test_rolling_restart_of_both_processes_loses_no_action_and_no_seat(cluster_db: str) -> None:
    servers: list[ServerProcess] = []
    try:
        servers += [process(cluster_db).start(), process(cluster_db).start()]
        created = created_table(servers[0])
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        seats = [
            Seat(created["table"]["id"], tokens[0], lambda: servers),
            Seat(created["table"]["id"], tokens[2], lambda: servers[::-1]),
        ]

        async def match() -> list[tuple[int, float]]:
            runs = [asyncio.create_task(s.run(timeout=50)) for s in seats]
            await until(lambda: all(s.connections == 1 for s in seats))
            await asyncio.sleep(0.3)
            await asyncio.to_thread(start, servers[1], created)
            stops = []
            for old, at in ((0, 10), (1, 20)):
                await until(lambda at=at: seats[0].ply() >= at or seats[0].done)
                stops.append(await asyncio.to_thread(servers[old].terminate, 30))
                servers[old] = await asyncio.to_thread(process(cluster_db).start)
            await asyncio.gather(*runs)
            return stops

        stops = asyncio.run(match())
        assert [code for code, _ in stops] == [0, 0]  # each stopped gracefully
        assert all(seconds < 20 for _, seconds in stops)  # within the systemd unit's TimeoutStopSec
        for seat, number in zip(seats, (0, 2), strict=True):
            in_order(seat)
            assert {v["seat"] for _, v in seat.views} == {number}  # the same seat all along
            assert seat.connections >= 2
        assert 1012 in seats[0].closes + seats[1].closes
        same_match(stored_record(servers[0], created))
    finally:
        for server in servers:
            server.kill()


def test_an_owner_that_loses_its_lock_connection_gives_its_tables_up(cluster_db: str) -> None:
    """The database ends the session holding A's locks: A stops playing the table, the match goes on."""
    from redis import Redis
    from sqlalchemy import create_engine, text

    with process(cluster_db) as a, process(cluster_db) as b:
        created = created_table(a)
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        on_a = Seat(table_id, tokens[0], lambda: [a, b])
        on_b = Seat(table_id, tokens[2], lambda: [b, a])
        owner = Redis.from_url(REDIS).get(f"jick:owner:{table_id}")
        assert owner is not None

        def cut() -> int:
            engine = create_engine(cluster_db)
            with engine.connect() as c:
                ended = c.execute(
                    text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :n"),
                    {"n": f"jick-locks-{owner.decode()}"},
                ).scalar_one()
            engine.dispose()
            return int(ended)

        async def match() -> int:
            runs = [asyncio.create_task(s.run()) for s in (on_a, on_b)]
            await until(lambda: on_a.connections == 1 and on_b.connections == 1)
            await asyncio.sleep(0.3)
            await asyncio.to_thread(start, a, created)
            await until(lambda: on_a.ply() >= 12)
            # the people wait, so that the match is still on when A finds its locks gone (its sweep, each second)
            on_a.held = on_b.held = True
            ended = await asyncio.to_thread(cut)
            await until(lambda: on_a.connections >= 2)
            on_a.held = on_b.held = False
            await asyncio.gather(*runs)
            return ended

        assert asyncio.run(match()) == 1
        assert on_a.connections >= 2  # A closed its socket (1012) when it gave the table up
        assert 1012 in on_a.closes
        for seat in (on_a, on_b):
            # An action A had in flight may land after B rebuilt the table: B's copy then meets it at the next
            # write, reloads and reconnects its sockets ("reload"), so a view may repeat, but none is skipped.
            in_order(seat, strict=seat.reloads == 0)
        same_match(stored_record(b, created))


def seat_statuses(server: ServerProcess, created: dict[str, Any]) -> list[str]:
    """The table's seat statuses in the list ``GET /api/tables`` of ``server``."""
    with server.http() as http:
        response = http.get("/api/tables", headers=host(created))
        assert response.status_code == 200, response.text
        (table,) = [t for t in response.json()["tables"] if t["id"] == created["table"]["id"]]
        return [s["status"] for s in table["seats"]]


def test_the_list_of_any_process_shows_who_is_connected_to_another(cluster_db: str) -> None:
    """A seat connected through A (A owns the table) and one through B (relayed to A): B's list says both are
    connected, though B does not hold the table; each goes away in the list when its socket closes."""
    with process(cluster_db) as a, process(cluster_db) as b:
        created = created_table(a)  # A owns it
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        assert seat_statuses(b, created) == ["free", "bot", "free", "bot"]

        async def hello(server: ServerProcess, seat: int) -> Any:
            ws = await connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=5, close_timeout=1)
            await ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            while json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] != "welcome":
                pass
            return ws

        async def listed(server: ServerProcess, wanted: list[str]) -> None:
            deadline = time.monotonic() + 10
            while (seen := await asyncio.to_thread(seat_statuses, server, created)) != wanted:
                assert time.monotonic() < deadline, seen
                await asyncio.sleep(0.1)

        async def scenario() -> None:
            on_a = await hello(a, 0)
            await listed(b, ["connected", "bot", "free", "bot"])
            assert await asyncio.to_thread(seat_statuses, a, created) == ["connected", "bot", "free", "bot"]
            on_b = await hello(b, 2)  # relayed to A
            await listed(b, ["connected", "bot", "connected", "bot"])
            await on_a.close()
            await listed(b, ["away", "bot", "connected", "bot"])
            await listed(a, ["away", "bot", "connected", "bot"])
            await on_b.close()
            await listed(b, ["away", "bot", "away", "bot"])

        asyncio.run(scenario())


def test_an_analysis_started_on_one_process_is_followed_on_the_other(cluster_db: str) -> None:
    """Its job names the process running it: B relays the polls to A; once A is gone the job is unknown (404)."""
    from test_analysis import HANDS, constructed

    from .test_server_analysis import follow

    body = json.dumps(constructed(HANDS))
    with process(cluster_db) as a, process(cluster_db) as b:
        with a.http() as on_a, b.http() as on_b:
            started = on_a.post("/api/analysis", content=body)
            assert started.status_code == 202, started.text
            job = started.json()
            assert job["status"] == "running"
            done, seen = follow(on_b, job)
            assert seen == sorted(seen) and seen[-1] == done["total"] > 0
            assert done["job"] == job["job"] and done["status"] == "done"
            # the same analysis: A answers the same request with it at once
            again = on_a.post("/api/analysis", content=body)
            assert again.status_code == 200 and again.json()["analysis"] == done["analysis"]
            assert on_a.get(f"/api/analyses/{job['job']}").json() == done
            # B's own analysis (of another seat) runs in B, followed from A
            other = on_b.post("/api/analysis?seat=1", content=body)
            assert other.status_code == 202, other.text
            assert other.json()["job"].split(".")[0] != job["job"].split(".")[0]
            assert follow(on_a, other.json())[0]["analysis"]["decisions"]
        a.kill()
        with b.http() as on_b:
            gone = on_b.get(f"/api/analyses/{job['job']}")
            assert gone.status_code == 404 and gone.json()["error"] == "unknown_job"


@pytest.mark.parametrize(
    ("redis", "message"),
    [
        ("redis://127.0.0.1:1/0", "--redis redis://127.0.0.1:1/0: Redis does not answer"),
        ("http://127.0.0.1:6379", "--redis 'http://127.0.0.1:6379' is not a Redis URL"),
    ],
)
def test_a_redis_that_cannot_be_used_is_one_line(redis: str, message: str, postgres_url: str) -> None:
    from typer.testing import CliRunner

    from jick.cli import app

    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", postgres_url, "--redis", redis])
    assert result.exit_code == 2
    assert result.output.startswith(f"jick: error: {message}")
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_redis_with_sqlite_is_refused(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from jick.cli import app

    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'j.db'}", "--redis", REDIS])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "jick: error: --redis is for several processes on one PostgreSQL: give a postgresql+psycopg:// --db"
    )


def test_relayed_messages_keep_text_frames_as_they_are_and_bytes_as_bytes() -> None:
    """The wire format of the relays: a text frame after a short head, anything else as JSON with its bytes."""
    from jick.server.hub import _encode, _unwire

    view = '{"type":"view","ply":3,"note":"T\\u00e9 \\"quoted\\""}'
    assert _unwire(f"To{'a' * 16}{view}".encode()) == {
        "s": "a" * 16,
        "k": "out",
        "m": {"type": "websocket.send", "text": view},
    }
    start = {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]}
    wired = "J" + json.dumps({"s": "b" * 16, "k": "out", "m": _encode(start)})
    assert _unwire(wired)["m"] == {**start, "headers": [[b"content-type", b"application/json"]]}
