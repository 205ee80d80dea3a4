"""A connection: one websocket as the tables see it, a queue of outgoing texts and the seat it plays.

The socket itself is :mod:`jick.server.app`'s: it reads what the client sends and writes
what this queue holds, and closes when :meth:`Connection.close` says so.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from jick.server.metrics import Metrics

__all__ = ["Connection"]

log = logging.getLogger("jick.server")


class Connection:
    """One websocket, seen from the tables: a queue of outgoing texts and the seat it plays (None: watching)."""

    def __init__(self, peer: str, send_queue: int = 1000, metrics: Metrics | None = None) -> None:
        self.peer = peer
        self.metrics = metrics
        self.seat: int | None = None
        #: The name a spectator gave in its hello (its chat lines carry it).
        self.name: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=send_queue)
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("%s: too slow to read its messages; disconnected", self.peer)
            self.close(1013, "too slow")

    def send_model(self, message: Any) -> None:
        self.send(message.model_dump_json())

    def error(self, code: str, message: str) -> None:
        if self.metrics is not None:
            self.metrics.errors.labels(code).inc()
        self.send(json.dumps({"type": "error", "code": code, "message": message}))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code``."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self.close_reason = reason
        while True:
            try:
                self.queue.put_nowait(None)
                return
            except asyncio.QueueFull:  # a client too slow to read: drop what it would never read
                self.queue.get_nowait()
