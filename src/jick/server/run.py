"""``jick serve``: the server under uvicorn, with one-line errors for every user mistake."""

from __future__ import annotations

import logging
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from jick.engine import JickError
from jick.server.bots import default_workers
from jick.server.store import Store, StoreError

__all__ = ["ServeError", "public_url", "serve"]

#: The largest websocket frame uvicorn accepts; the app answers anything over 64 KiB with an error message.
WS_MAX_SIZE = 1 << 20


class ServeError(JickError):
    """A server that cannot start: the address is taken, an option is out of range."""


def listen_socket(host: str, port: int) -> socket.socket:
    """A bound socket for ``host:port`` (port 0: any free port); :class:`ServeError` if it is taken."""
    if not 0 <= port <= 65535:
        raise ServeError(f"--port {port} is not a port number (0..65535)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _server_class() -> Any:
    import uvicorn

    class Server(uvicorn.Server):
        """Uvicorn's server, for which a stop by SIGTERM or SIGINT is a clean exit (status 0).

        Uvicorn already does the graceful part: it stops accepting, closes every
        websocket with 1012 (service restart), waits for the requests in progress,
        then runs the app's shutdown (:meth:`jick.server.tables.Tables.shutdown`).
        It then raises the signal again, which would end the process with it; a
        planned restart is no failure, so that is left out.
        """

        @contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                try:
                    yield
                finally:
                    captured = getattr(self, "_captured_signals", None)
                    if isinstance(captured, list):
                        captured.clear()

    return Server


def check_redis(url: str, store: Store) -> None:
    """:class:`ServeError` unless ``url`` is a Redis that answers and the database is PostgreSQL (``--redis``)."""
    if store.is_sqlite:
        store.close()
        raise ServeError("--redis is for several processes on one PostgreSQL: give a postgresql+psycopg:// --db")
    from redis import Redis
    from redis.exceptions import RedisError

    try:
        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    except ValueError as exc:
        store.close()
        raise ServeError(f"--redis {url!r} is not a Redis URL (redis://HOST:PORT/DB): {exc}") from None
    try:
        client.ping()
    except RedisError as exc:
        store.close()
        raise ServeError(f"--redis {url}: Redis does not answer: {exc}") from None
    finally:
        client.close()


def public_url(text: str) -> str:
    """The address people reach the server at, for the links it hands out (``--public-url``).

    >>> public_url("https://cards.example.org/")
    'https://cards.example.org'
    >>> public_url("cards.example.org")
    Traceback (most recent call last):
    ...
    jick.server.run.ServeError: --public-url 'cards.example.org' must be an http:// or https:// address, such as https://cards.example.org
    """
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ServeError(
            f"--public-url {text!r} must be an http:// or https:// address, such as https://cards.example.org"
        )
    return text.strip().rstrip("/")


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///jick.db",
    bot_delay: float = 1.0,
    bot_workers: int | None = None,
    log_level: str = "info",
    public: str | None = None,
    redis: str | None = None,
) -> int:
    """Run the server until it is stopped; return the exit code."""
    import uvicorn

    from jick.server.app import create_app
    from jick.server.heap import settle
    from jick.server.live import Settings

    if not bot_delay >= 0 or bot_delay > 60:
        raise ServeError(f"--bot-delay {bot_delay} must be between 0 and 60 seconds")
    workers = default_workers() if bot_workers is None else bot_workers
    if not 0 <= workers <= 64:
        raise ServeError(f"--bot-workers {workers} must be between 0 (threads) and 64")
    base_url = public_url(public) if public is not None else None
    level = log_level.upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ServeError(f"--log-level {log_level!r}: choose debug, info, warning or error")
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    logging.getLogger("alembic").setLevel(logging.WARNING)
    store = Store(db)
    store.checkpoint_in_background()
    if redis is not None:
        check_redis(redis, store)
    try:
        store.migrate()
    except StoreError:
        store.close()
        raise
    sock = listen_socket(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    settings = Settings(
        bot_delay=bot_delay, bot_workers=workers, base_url=base_url or f"http://{shown}:{bound}", redis=redis
    )
    app = create_app(store, settings)
    print(
        f"jick serve: listening on http://{shown}:{bound} (open it in a browser to play; API docs: /api/docs), "
        f"database {store.url!r}",
        flush=True,
    )
    config = uvicorn.Config(
        app,
        log_level=level.lower(),
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # views are small; compressing each costs more time than it saves
        access_log=False,
        timeout_graceful_shutdown=5,
        lifespan="on",
    )
    server = _server_class()(config)
    settle()  # after every import and the app: the long-lived heap leaves the collector's walks
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0 if server.started else 1
