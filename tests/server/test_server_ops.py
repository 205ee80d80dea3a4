"""Operations: ``/healthz``, ``/readyz`` and ``/metrics`` on a real server, and a graceful stop by SIGTERM.

The SIGTERM test stops ``jick serve`` mid-match as a service manager does for
a restart: the process exits 0 within a few seconds, every connected client
is told 1012 (service restart), no action a client saw is lost, and a second
server on the same database finishes the match with the record of the match
played straight through.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .kit import PG_ADMIN_URL, Client, LiveServer, ServerProcess, create_table, host, run_clients
from .test_server_crash import PRESET, SEATS, SEED, SETS, by_position, uninterrupted

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(http: httpx.Client) -> Samples:
    """Every sample of ``/metrics``, by name and labels."""
    response = http.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def test_healthz_and_readyz_answer_with_the_security_headers(db_url: str) -> None:
    with LiveServer(db_url) as server, server.http() as http:
        for path, body in (("/healthz", {"status": "ok"}), ("/readyz", {"status": "ready"})):
            response = http.get(path)
            assert response.status_code == 200, response.text
            assert response.json() == body
            assert response.headers["x-content-type-options"] == "nosniff"
            assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert http.head("/healthz").status_code == 200
        paths = http.get("/api/openapi.json").json()["paths"]
        assert {"/healthz", "/readyz", "/metrics"} <= set(paths)


def test_metrics_move_with_tables_sockets_actions_and_refusals(db_url: str) -> None:
    with LiveServer(db_url) as server, server.http() as http:
        before = scrape(http)
        assert value(before, "jick_tables", status="open") == 0
        assert value(before, "jick_actions_total", by="human") == 0

        created = create_table(
            http, preset=PRESET, set=SETS, seats=["human", "random", "random", "random"], seed=SEED, public=True
        )
        table_id = created["table"]["id"]
        assert http.get("/api/tables/nosuchtable1").status_code == 404
        opened = scrape(http)
        assert value(opened, "jick_tables", status="open") == 1
        assert value(opened, "jick_errors_total", code="unknown_table") == 1
        assert value(opened, "jick_http_responses_total", status="4xx") >= 1

        async def watch() -> Samples:
            async with connect(f"{server.ws_url}/ws/tables/{table_id}") as spectator:
                await spectator.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(await spectator.recv())["type"] == "welcome"
                return await asyncio.to_thread(scrape, http)

        watching = asyncio.run(watch())
        assert value(watching, "jick_sockets", role="spectator") == 1
        assert value(watching, "jick_sockets", role="seat") == 0

        async def play() -> Client:
            seat = Client(server, table_id, created["invites"][0]["token"], by_position)
            run = asyncio.create_task(seat.run(timeout=60))
            await asyncio.sleep(0.3)
            response = await asyncio.to_thread(http.post, f"/api/tables/{table_id}/start", headers=host(created))
            assert response.status_code == 200
            await run
            return seat

        seat = asyncio.run(play())

        # an illegal action is refused and counted
        async def illegal() -> None:
            async with connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": created["invites"][0]["token"]}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                await ws.send(json.dumps({"type": "action", "action": 999999}))
                while json.loads(await ws.recv())["type"] != "refused":
                    pass

        asyncio.run(illegal())
        after = scrape(http)
        assert value(after, "jick_tables", status="finished") == 1
        assert value(after, "jick_tables", status="open") == 0
        assert value(after, "jick_actions_total", by="human") == seat.actions
        bots = value(after, "jick_actions_total", by="bot")
        assert bots > 0
        assert value(after, "jick_action_latency_seconds_count") == seat.actions
        assert value(after, "jick_action_latency_seconds_bucket", le="+Inf") == seat.actions
        assert value(after, "jick_bot_decision_seconds_count", kind="random") >= bots
        commits = value(after, "jick_db_commit_seconds_count")
        assert 0 < commits <= seat.actions + bots
        assert value(after, "jick_errors_total", code="refused") == 1
        assert value(after, "jick_sockets", role="spectator") == 0


def test_readyz_is_503_when_the_schema_is_behind_the_migrations(db_url: str) -> None:
    with LiveServer(db_url) as server, server.http() as http:
        assert http.get("/readyz").status_code == 200
        engine = create_engine(db_url)
        with engine.begin() as c:
            c.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        engine.dispose()
        response = http.get("/readyz")
        assert response.status_code == 503
        assert response.json()["error"] == "not_ready"
        message = response.json()["message"]
        assert message.startswith("the schema is at 0001, not at the migrations' head") and "\n" not in message
        assert http.get("/healthz").status_code == 200


def test_readyz_is_503_when_the_database_is_gone_and_the_rest_still_answers(postgres_url: str) -> None:
    with ServerProcess(postgres_url) as server, server.http() as http:
        assert http.get("/readyz").status_code == 200
        name = postgres_url.rsplit("/", 1)[1]
        admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE "{name}"'))
        admin.dispose()
        response = http.get("/readyz")
        assert response.status_code == 503
        message = response.json()["message"]
        assert message.startswith("the database does not answer:") and "\n" not in message
        assert name in message  # psycopg says which database does not exist
        assert http.get("/healthz").status_code == 200
        assert "jick_actions_total" in http.get("/metrics").text  # the rest of the metrics still answer
        assert server.proc is not None and server.proc.poll() is None


def slowing(view: dict[str, Any], rng: random.Random) -> Any:
    """:func:`by_position`, thinking 0.2 s from ply 20 on: the match is still on when the server stops."""
    if view["ply"] >= 20:
        time.sleep(0.2)
    return by_position(view, rng)


def test_sigterm_mid_match_exits_0_tells_sockets_1012_and_a_restart_finishes_the_match(db_url: str) -> None:
    with ServerProcess(db_url, "--bot-workers", "1") as first, first.http() as http:
        created = create_table(http, preset=PRESET, set=SETS, seats=SEATS, seed=SEED, away_timeout=3600)
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        clients = [Client(first, table_id, tokens[s], slowing) for s in sorted(tokens)]
        stopped: dict[str, Any] = {}

        async def play_then_stop() -> list[BaseException | None]:
            runs = [asyncio.create_task(c.run(timeout=60)) for c in clients]
            await asyncio.sleep(0.3)
            await asyncio.to_thread(http.post, f"/api/tables/{table_id}/start", headers=host(created))
            while max((v["ply"] for c in clients for v in c.views()), default=0) < 20:
                await asyncio.sleep(0.005)
            stopped["code"], stopped["seconds"] = await asyncio.to_thread(first.terminate)
            return list(await asyncio.gather(*runs, return_exceptions=True))

        ends = asyncio.run(play_then_stop())
        assert stopped["code"] == 0
        assert stopped["seconds"] < 5
        for end in ends:  # each seat was mid-match when the server stopped, and was told to reconnect
            assert isinstance(end, ConnectionClosed), end
            assert end.rcvd is not None and end.rcvd.code == 1012
        seen = max(v["ply"] for c in clients for v in c.views())
        assert first.children() == []  # the bot worker went with it

    with ServerProcess(db_url, "--bot-workers", "1") as second, second.http() as http:
        info = http.get(f"/api/tables/{table_id}", headers=host(created)).json()
        assert info["status"] == "running"
        assert info["ply"] >= seen  # every action a client saw was committed
        clients = [Client(second, table_id, tokens[s], by_position) for s in sorted(tokens)]
        asyncio.run(run_clients(clients, timeout=60))
        assert [c.views()[0]["seat"] for c in clients] == sorted(tokens)
        record = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()

    reference = uninterrupted()
    assert record["result"]["finished"] is True
    assert {k: v for k, v in record.items() if k != "meta"} == {k: v for k, v in reference.items() if k != "meta"}


def test_shutdown_commits_the_actions_already_handed_to_the_writer_even_if_their_waiters_are_gone(
    db_url: str,
) -> None:
    """The writer is slow: one action is being committed, the next waits for its turn (SQLite) or is committed
    beside it (PostgreSQL); the tasks that handed them over are cancelled (as bot turns are on SIGTERM);
    :meth:`Tables.shutdown` still waits for both."""
    from jick.server import protocol as P
    from jick.server.store import ActionRow, NewAction, Store
    from jick.server.tables import Tables

    async def scenario() -> str:
        tables = Tables(Store(db_url))
        await tables.startup()
        created = await tables.create(P.CreateTable(preset=PRESET, seats=SEATS, seed=SEED))
        table_id = created.table.id
        write = tables.db.store.append_actions

        committed: list[int] = []

        def slow(actions: Any) -> None:
            time.sleep(0.5)
            write(actions)
            committed.extend(a.ply for a in actions)

        tables.db.store.append_actions = slow  # type: ignore[method-assign]
        first = asyncio.create_task(tables.db.append(NewAction(table_id, 0, 0, 1, "x", "bot")))
        await asyncio.sleep(0.1)
        second = asyncio.create_task(tables.db.append(NewAction(table_id, 1, 1, 2, "y", "bot")))
        await asyncio.sleep(0.05)
        first.cancel()
        second.cancel()
        await tables.shutdown()
        assert sorted(committed) == [0, 1]  # shutdown returned after both commits (one after the other on SQLite)
        return table_id

    table_id = asyncio.run(scenario())
    store = Store(db_url)
    try:
        from sqlalchemy.orm import Session

        with Session(store.engine) as db:
            rows = db.query(ActionRow).filter_by(table_id=table_id).all()
        assert sorted((r.ply, r.text) for r in rows) == [(0, "x"), (1, "y")]
    finally:
        store.close()
