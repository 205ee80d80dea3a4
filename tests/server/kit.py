"""Test kit for the server: a real server on a free loopback port, and scripted websocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import connect

from jick.server.app import create_app
from jick.server.live import Settings
from jick.server.protocol import server_messages

#: PostgreSQL for the tests (trust auth on the machine; CI must have it).
PG_ADMIN_URL = os.environ.get("JICK_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class LiveServer:
    """``create_app`` under uvicorn in a thread, on 127.0.0.1 and a free port."""

    def __init__(self, db_url: str, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        self.settings = Settings(**settings)
        self.app = create_app(db_url, self.settings)
        self.sock = free_socket()
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app, log_level="warning", ws_max_size=1 << 20, ws_per_message_deflate=False, lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test (dropped after)."""
    from sqlalchemy import create_engine, text

    name = f"jick_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with admin.connect() as c:
            c.execute(text(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


def postgres_available() -> bool:
    from sqlalchemy import create_engine, text

    try:
        engine = create_engine(PG_ADMIN_URL, connect_args={"connect_timeout": 3})
        with engine.connect() as c:
            c.execute(text("select 1"))
        engine.dispose()
        return True
    except Exception:
        return False


def create_table(http: httpx.Client, **body: Any) -> dict[str, Any]:
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def host(data: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {data['host_token']}"}


Policy = Callable[[dict[str, Any], random.Random], Any]


def random_policy(view: dict[str, Any], rng: random.Random) -> Any:
    """A random legal action id from the seat's view."""
    return rng.choice(view["observation"]["legal_actions"])["id"]


def first_policy(view: dict[str, Any], rng: random.Random) -> Any:
    """The first legal action, by its notation."""
    return view["observation"]["legal_actions"][0]["action"]


@dataclass
class Client:
    """A scripted websocket client: a seat (with its token) or a spectator, recording every message."""

    server: LiveServer | ServerProcess
    table_id: str
    token: str | None = None
    policy: Policy | None = None
    seed: int = 0
    #: Stop after this many own actions (None: play to the end).
    max_actions: int | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    #: (ply sent, time sent, time the view of ply + 1 arrived)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    #: A spectator's token of a private table (its watch token, the host's or a seat's).
    watch: str | None = None

    async def run(self, until: Callable[[dict[str, Any]], bool] | None = None, timeout: float = 60) -> None:
        rng = random.Random(self.seed)
        sent_at: dict[int, float] = {}
        done = until or (
            lambda m: (
                m.get("status") in ("finished", "closed") or m.get("table", {}).get("status") in ("finished", "closed")
            )
        )
        async with connect(f"{self.server.ws_url}/ws/tables/{self.table_id}", open_timeout=10, close_timeout=2) as ws:
            hello = {"type": "hello", "token": self.token}
            if self.watch is not None:
                hello["watch_token"] = self.watch
            await ws.send(json.dumps(hello))
            deadline = time.monotonic() + timeout
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(
                        f"client {self.token and self.token[:6]} on {self.table_id}: no end in {timeout}s"
                    )
                text = await asyncio.wait_for(ws.recv(), remaining)
                message = json.loads(text)
                server_messages.validate_python(message)  # every message fits the protocol's models
                self.messages.append(message)
                if message["type"] == "view":
                    ply = message["ply"]
                    if ply - 1 in sent_at:
                        self.latencies.append(time.monotonic() - sent_at.pop(ply - 1))
                if done(message):
                    return
                if message["type"] == "error" and message["code"] in ("bad_token", "unknown_table", "seat_revoked"):
                    return
                if (
                    self.policy is not None
                    and message["type"] == "view"
                    and message["status"] == "running"
                    and message["observation"]["legal_actions"]
                ):
                    if self.max_actions is not None and self.actions >= self.max_actions:
                        return
                    action = self.policy(message, rng)
                    sent_at[message["ply"]] = time.monotonic()
                    await ws.send(json.dumps({"type": "action", "action": action, "ply": message["ply"]}))
                    self.actions += 1

    def views(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "view"]


async def run_clients(clients: list[Client], timeout: float = 60) -> None:
    await asyncio.gather(*(c.run(timeout=timeout) for c in clients))


async def start_and_play(
    http: httpx.Client, created: list[dict[str, Any]], clients: list[Client], timeout: float = 60, pause: float = 0.3
) -> None:
    """Connect every client, let them say hello, start every table as its host, and play until all stop."""
    runs = [asyncio.create_task(c.run(timeout=timeout)) for c in clients]
    await asyncio.sleep(pause)
    for table in created:
        response = await asyncio.to_thread(http.post, f"/api/tables/{table['table']['id']}/start", headers=host(table))
        assert response.status_code == 200, response.text
    await asyncio.gather(*runs)


def play(clients: list[Client], timeout: float = 60) -> None:
    asyncio.run(run_clients(clients, timeout))


class ServerProcess:
    """``jick serve`` as a subprocess on a free loopback port (``--port 0``); killed for sure at the end."""

    def __init__(self, db_url: str, *args: str) -> None:
        import subprocess
        import sys

        self.db_url = db_url
        self.args = args
        self.proc: subprocess.Popen[str] | None = None
        self._cmd = [sys.executable, "-m", "jick.cli", "serve", "--port", "0", "--db", db_url, "--bot-delay", "0"]
        self.url = self.ws_url = ""
        self.orphans: list[int] = []

    def start(self) -> ServerProcess:
        import subprocess

        self.proc = subprocess.Popen(
            [*self._cmd, *self.args, "--log-level", "warning"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            stdin=subprocess.DEVNULL,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "jick serve: listening on http://127.0.0.1:PORT ..."
        if "listening on" not in line:
            self.kill()
            raise RuntimeError(
                f"jick serve did not start: {line!r} {self.proc.stderr.read() if self.proc.stderr else ''}"
            )
        self.url = line.split("listening on ", 1)[1].split()[0]
        self.ws_url = self.url.replace("http://", "ws://")
        deadline = time.monotonic() + 30
        while True:  # the socket is bound before uvicorn serves: wait for the first answer
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.kill()
                raise RuntimeError("jick serve did not answer")
            time.sleep(0.05)

    def children(self) -> list[int]:
        """The server's child processes (its bot workers and their helper), from /proc."""
        if self.proc is None:
            return []
        found: list[int] = []
        for task in Path(f"/proc/{self.proc.pid}/task").glob("*"):
            try:
                found += [int(pid) for pid in (task / "children").read_text().split()]
            except OSError:
                continue
        return found

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing but what the database already has.

        The bot workers notice that their server is gone and exit by themselves;
        ``orphans`` lists any still alive 5 s later (killed then, so none is left behind).
        """
        children = self.children()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
        if self.proc is not None:
            self.proc.wait(timeout=10)
            deadline = time.monotonic() + 5
            alive = children
            while alive and time.monotonic() < deadline:
                time.sleep(0.1)
                alive = [pid for pid in alive if Path(f"/proc/{pid}").exists()]
            self.orphans += alive
            for pid in alive:
                with contextlib.suppress(OSError):
                    os.kill(pid, 9)
            for stream in (self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()

    def terminate(self, timeout: float = 15) -> tuple[int, float]:
        """SIGTERM, as a service manager stops it: (its exit status, the seconds it took to exit)."""
        assert self.proc is not None
        started = time.monotonic()
        self.proc.terminate()
        code = self.proc.wait(timeout=timeout)
        return code, time.monotonic() - started

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)
