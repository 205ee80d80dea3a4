"""The game server under load: N tables of scripted websocket clients playing random legal actions.

Starts the real server (``jick serve`` in a subprocess, on 127.0.0.1 and a
free port, SQLite in a temporary folder unless ``--db`` says, bot delay 0),
creates ``--tables`` tables of four people each, connects one websocket per
seat (``--tables`` x 4 clients) and lets every client play a random legal
action as soon as it is its turn, no faster than the server's per-connection
rate limit allows. A table whose match ends is replaced by a new one.

Reports actions/s (actions whose broadcast came back), the latency from an
action sent to the view of the next ply arriving at its sender (p50, p99,
max), errors (``error`` or ``refused`` messages, failed connections) and lost
actions (sent, not answered within 10 s after the end); and, to tell a busy
client from a slow server, the CPU of the client and of each server process
and the lag of the client's event loop.

    .venv/bin/python benchmarks/bench_server.py --tables 250 --seconds 30

``--pace human`` plays like people instead: the seat to act waits 0.5 to
1.5 s (uniformly) before it acts, so each table acts about once a second;
then the latency is what a person feels. ``--processes N`` starts N servers
on one PostgreSQL (``--db``, required) and Redis (``--redis``); tables are
created on each process in turn and each table's four seats connect to the
processes in turn, so most actions reach some of their sockets through
another process.

    .venv/bin/python benchmarks/bench_server.py --pace human --tables 500 --seconds 30 \
        --db postgresql+psycopg://postgres@127.0.0.1/bench --processes 2

Every request goes to 127.0.0.1 only, the run stops by itself after
``--seconds`` (plus set-up), and the server process is always stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from jick.server.heap import settle

PLY = re.compile(r'"ply":(\d+)')
#: Seconds between two messages of one client (the server's default limit is 20 a second).
PACE = 1 / 20
#: Seconds an action in flight at the end has to be answered before it counts as lost.
LOST_AFTER = 10.0


@dataclass
class Stats:
    sent: int = 0
    answered: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    pending: dict[tuple[str, int], float] = field(default_factory=dict)
    tables_done: int = 0
    started: int = 0
    counting: bool = False


def start_server(db: str, redis: str | None = None) -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-m", "jick.cli", "serve", "--port", "0", "--db", db, "--bot-delay", "0"]
    cmd += ["--bot-workers", "0", "--log-level", "warning"]
    if redis is not None:
        cmd += ["--redis", redis]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=sys.stderr, text=True, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    url = line.split("listening on ", 1)[1].split()[0]
    for _ in range(300):
        try:
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not answer")


async def seat_client(
    url: str,
    table_id: str,
    token: str,
    seed: int,
    stats: Stats,
    stop: asyncio.Event,
    finished: asyncio.Event,
    human: bool = False,
) -> None:
    rng = random.Random(seed)
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    last_sent = 0.0
    try:
        # no client pings: a browser only answers the server's (2,000 clients pinging would load both sides)
        connecting = connect(ws_url, open_timeout=30, close_timeout=2, max_queue=None, ping_interval=None)
        async with connecting as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            closer = asyncio.create_task(_close_when(stop, ws))
            async for text in ws:
                assert isinstance(text, str)
                match = PLY.search(text, 0, 200)
                if text.startswith('{"type":"view"') and match:
                    ply = int(match.group(1))
                    sent = stats.pending.pop((table_id, ply - 1), None)
                    if sent is not None:
                        stats.answered += 1
                        if stats.counting:
                            stats.latencies.append(time.monotonic() - sent)
                    if '"status":"running"' not in text[:200]:
                        finished.set()
                        break
                    if '"legal_actions":[]' in text:
                        continue
                    message = json.loads(text)
                    legal = message["observation"]["legal_actions"]
                    if not legal:
                        continue
                    wait = last_sent + PACE - time.monotonic()
                    if human:
                        wait = rng.uniform(0.5, 1.5)
                    if wait > 0:
                        await asyncio.sleep(wait)
                    choice = rng.choice(legal)["id"]
                    stats.pending[(table_id, ply)] = last_sent = time.monotonic()
                    stats.sent += 1
                    await ws.send(json.dumps({"type": "action", "action": choice, "ply": ply}))
                elif '"type":"error"' in text[:30] or '"type":"refused"' in text[:30]:
                    stats.errors += 1
                    print("error:", text[:200], file=sys.stderr)
            closer.cancel()
    except ConnectionClosed as exc:
        if not stop.is_set():  # closed by the server, not by the end of the run
            stats.errors += 1
            code = exc.rcvd.code if exc.rcvd is not None else None
            why = exc.rcvd.reason if exc.rcvd is not None else "no close frame"
            sent = f", the client sent {exc.sent.code} {exc.sent.reason}" if exc.sent is not None else ""
            print(f"connection closed by the server: {code} {why}{sent}", file=sys.stderr)
            finished.set()
    except Exception as exc:  # a connection that failed is an error of the run
        stats.errors += 1
        print(f"client error: {exc!r}", file=sys.stderr)
        finished.set()


async def _close_when(stop: asyncio.Event, ws: ClientConnection) -> None:
    await stop.wait()
    await ws.close()


async def table_loop(
    https: list[httpx.AsyncClient],
    urls: list[str],
    n: int,
    preset: str,
    stats: Stats,
    stop: asyncio.Event,
    ready: asyncio.Event,
    human: bool,
) -> None:
    http = https[n % len(https)]
    first = True
    while not stop.is_set():
        if not first:
            await asyncio.sleep(0)
        response = await http.post("/api/tables", json={"preset": preset, "seats": ["human"] * 4, "away_timeout": 3600})
        response.raise_for_status()
        created = response.json()
        table_id = created["table"]["id"]
        finished = asyncio.Event()
        clients = [
            asyncio.create_task(
                seat_client(
                    urls[(n + i["seat"]) % len(urls)],
                    table_id,
                    i["token"],
                    n * 10 + i["seat"],
                    stats,
                    stop,
                    finished,
                    human,
                )
            )
            for i in created["invites"]
        ]
        await asyncio.sleep(0.5)  # let every seat say hello
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        (await http.post(f"/api/tables/{table_id}/start", headers=headers)).raise_for_status()
        if first:
            first = False
            stats.started += 1
            await ready.wait()
        stopping = asyncio.create_task(stop.wait())
        done = asyncio.create_task(finished.wait())
        await asyncio.wait([stopping, done], return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        done.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        if finished.is_set() and not stop.is_set():
            stats.tables_done += 1


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc), 0.0 where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


async def _watch_lag(lags: list[float], stop: asyncio.Event) -> None:
    """How late the client's event loop wakes a 50 ms sleep: a busy client delays every message it reads."""
    while not stop.is_set():
        asked = time.monotonic()
        await asyncio.sleep(0.05)
        lags.append(time.monotonic() - asked - 0.05)


async def run(
    urls: list[str],
    tables: int,
    seconds: float,
    warmup: float,
    preset: str,
    human: bool = False,
    server_pids: Sequence[int] = (),
) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    ready = asyncio.Event()
    limits = httpx.Limits(max_connections=50)
    https = [httpx.AsyncClient(base_url=url, timeout=60, limits=limits) for url in urls]
    try:
        loops = [
            asyncio.create_task(table_loop(https, urls, n, preset, stats, stop, ready, human)) for n in range(tables)
        ]
        deadline = time.monotonic() + 120
        while stats.started < tables and time.monotonic() < deadline:  # every table seated and started
            await asyncio.sleep(0.1)
        ready.set()
        print(f"{stats.started} tables started; measuring after {warmup:g} s of warm-up", file=sys.stderr, flush=True)
        await asyncio.sleep(warmup)
        stats.counting = True
        answered0, started = stats.answered, time.monotonic()
        lags: list[float] = []
        lag_stop = asyncio.Event()
        watcher = asyncio.create_task(_watch_lag(lags, lag_stop))
        cpu0, server_cpu0 = time.process_time(), [_cpu_seconds(pid) for pid in server_pids]
        await asyncio.sleep(seconds)
        elapsed = time.monotonic() - started
        client_cpu = time.process_time() - cpu0
        server_cpu = [_cpu_seconds(pid) - c for pid, c in zip(server_pids, server_cpu0, strict=True)]
        lag_stop.set()
        await watcher
        answered = stats.answered - answered0
        stats.counting = False
        # a last moment for actions in flight, then stop
        in_flight = dict(stats.pending)
        waited = time.monotonic()
        while any(key in stats.pending for key in in_flight) and time.monotonic() - waited < LOST_AFTER:
            await asyncio.sleep(0.1)
        lost = sum(1 for key in in_flight if key in stats.pending)
        stop.set()
        await asyncio.gather(*loops, return_exceptions=True)
    finally:
        for http in https:
            await http.aclose()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "tables": tables,
        "clients": tables * 4,
        "processes": len(urls),
        "pace": "human" if human else "flat-out",
        "preset": preset,
        "seconds": round(elapsed, 1),
        "actions": answered,
        "actions_per_s": round(answered / elapsed, 1),
        "latency_ms_p50": round(pct(0.50), 1),
        "latency_ms_p99": round(pct(0.99), 1),
        "latency_ms_max": round(1000 * lat[-1], 1) if lat else None,
        "latency_ms_mean": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "errors": stats.errors,
        "lost_actions": lost,
        "client_cpu_percent": round(100 * client_cpu / elapsed),
        "client_loop_lag_ms_p50": round(1000 * sorted(lags)[len(lags) // 2], 1) if lags else None,
        "client_loop_lag_ms_p99": round(1000 * sorted(lags)[int(0.99 * len(lags))], 1) if lags else None,
        "server_cpu_percent": [round(100 * c / elapsed) for c in server_cpu],
        "matches_finished": stats.tables_done,
    }


def _refuse_live_tables(db: str) -> None:
    """Stop, in one line, if ``db`` holds live tables: the server would rebuild them and its bots play them.

    Each run leaves its tables running (the clients just stop), so a database
    used twice measures the earlier runs' stand-in bots too.
    """
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            if not inspect(conn).has_table("jick_tables"):
                return
            live = conn.execute(text("select count(*) from jick_tables where status in ('open', 'running')")).scalar()
    finally:
        engine.dispose()
    if live:
        raise SystemExit(
            f"the database holds {live} live tables from an earlier run, which the server would play on: "
            "give it an empty database (e.g. dropdb bench && createdb bench)"
        )


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--url", default=None, help="use this running server instead of starting one")
    parser.add_argument(
        "--pace", choices=("flat-out", "human"), default="flat-out", help="human: each table acts about once a second"
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes on one PostgreSQL (--db)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis for --processes over 1")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 16 * args.tables + 1024)), hard))
    human = args.pace == "human"
    if not 1 <= args.processes <= 16:
        raise SystemExit("--processes must be 1..16")
    if args.processes > 1 and (args.db is None or not args.db.startswith("postgresql")):
        raise SystemExit("--processes over 1 needs a PostgreSQL --db")
    if args.db is not None and not args.url:
        _refuse_live_tables(args.db)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        if args.url:
            result = _run_loop(run([args.url], args.tables, args.seconds, args.warmup, args.preset, human))
            return _report(result, args.json)
        procs: list[subprocess.Popen[str]] = []
        try:
            urls = []
            for _ in range(args.processes):  # one after the other: the first migrates the schema
                proc, url = start_server(db, args.redis if args.processes > 1 else None)
                procs.append(proc)
                urls.append(url)
            pids = [proc.pid for proc in procs]
            result = _run_loop(run(urls, args.tables, args.seconds, args.warmup, args.preset, human, pids))
        finally:
            for proc in procs:
                proc.kill()
                proc.wait(timeout=10)
                if proc.stdout is not None:
                    proc.stdout.close()
    return _report(result, args.json)


def _run_loop(main: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run the clients on uvloop where it is installed (as the server does), with the server's garbage-collector
    settings: the client's own pauses would otherwise count as the server's latency."""
    settle()
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def _report(result: dict[str, Any], as_json: bool) -> dict[str, Any]:
    if as_json:
        print(json.dumps(result))
    else:
        print(
            f"{result['tables']} tables, {result['clients']} websocket clients, {result['processes']} process(es), "
            f"{result['pace']}, {result['preset']}, "
            f"{result['seconds']} s: {result['actions_per_s']} actions/s; latency action -> broadcast "
            f"p50 {result['latency_ms_p50']} ms, p99 {result['latency_ms_p99']} ms, max {result['latency_ms_max']} ms; "
            f"{result['errors']} errors, {result['lost_actions']} lost actions, "
            f"{result['matches_finished']} matches finished; "
            f"CPU: client {result['client_cpu_percent']}%, server {result['server_cpu_percent']}%; "
            f"client loop lag p50 {result['client_loop_lag_ms_p50']} ms, p99 {result['client_loop_lag_ms_p99']} ms"
        )
    return result


if __name__ == "__main__":
    main()
