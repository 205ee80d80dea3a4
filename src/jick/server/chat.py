"""Chat and quick reactions at a table: the recent lines, who may speak, how fast.

A table's :class:`ChatRoom` keeps its last :data:`CHAT_HISTORY` lines (sent to a
connection after its ``hello``) and how many it has said in all; every line is
stored in the database (``jick_chat``) before anyone receives it, like an action.
Seats may always chat unless the host muted them; spectators only at a table
created with ``spectator_chat``. Each seat (each spectator's connection) may say
:data:`CHAT_RATE` lines in :data:`CHAT_WINDOW` seconds; a reaction counts as a line.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field

from jick.server import protocol as P
from jick.server.store import ChatRow

__all__ = ["CHAT_HISTORY", "CHAT_RATE", "CHAT_WINDOW", "MAX_CHAT_LINES", "ChatLimiter", "ChatRoom"]

#: Lines one seat (or one spectator's connection) may say in ``CHAT_WINDOW`` seconds.
CHAT_RATE = 5
CHAT_WINDOW = 10.0
#: Lines sent to a connection after its hello (the most recent).
CHAT_HISTORY = 100
#: Lines a table keeps at most; past them its chat is full.
MAX_CHAT_LINES = 2000


class ChatLimiter:
    """At most ``rate`` lines per ``window`` seconds for each sender (a sliding window).

    >>> limiter = ChatLimiter(rate=2, window=10.0)
    >>> [limiter.wait("seat 0", now=t) for t in (0.0, 1.0, 2.0)]
    [0.0, 0.0, 8.0]
    >>> limiter.wait("seat 0", now=10.5), limiter.wait("seat 1", now=2.0)
    (0.0, 0.0)
    """

    def __init__(self, rate: int = CHAT_RATE, window: float = CHAT_WINDOW) -> None:
        self.rate = rate
        self.window = window
        self.said: dict[Hashable, deque[float]] = {}

    def wait(self, sender: Hashable, now: float | None = None) -> float:
        """0 (and the line counted) if ``sender`` may speak now, else the seconds until it may."""
        t = time.monotonic() if now is None else now
        stamps = self.said.setdefault(sender, deque())
        while stamps and t - stamps[0] >= self.window:
            stamps.popleft()
        if len(stamps) >= self.rate:
            return stamps[0] + self.window - t
        stamps.append(t)
        return 0.0

    def forget(self, sender: Hashable) -> None:
        self.said.pop(sender, None)


@dataclass
class ChatRoom:
    """A table's chat as the server holds it: the recent lines, the count, the rate of each sender."""

    lines: deque[P.ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY))
    #: Lines said at the table in all (the next line's number).
    count: int = 0
    limiter: ChatLimiter = field(default_factory=ChatLimiter)
    #: Lines are numbered and stored one at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def of_rows(cls, rows: list[ChatRow], count: int) -> ChatRoom:
        """The room of a table rebuilt from its stored lines (the most recent ones) and their count."""
        room = cls(count=count)
        room.lines.extend(line_of_row(r) for r in rows)
        return room

    def history(self) -> str | None:
        """The ``chat_history`` message's text, or None when nothing was said yet."""
        if not self.lines:
            return None
        return P.ChatHistory(type="chat_history", lines=list(self.lines)).model_dump_json()


def line_of_row(row: ChatRow) -> P.ChatLine:
    return P.ChatLine(
        n=row.n,
        seat=row.seat,
        name=row.name,
        text=row.text,
        reaction=row.reaction,  # type: ignore[arg-type]
        at=row.at,
    )


def row_of_line(table_id: str, line: P.ChatLine) -> ChatRow:
    return ChatRow(
        table_id=table_id,
        n=line.n,
        seat=line.seat,
        name=line.name,
        text=line.text,
        reaction=line.reaction,
        at=line.at,
    )


def sender_name(seat: int | None, name: str | None) -> str:
    """How a line's sender is named: their name, else "Seat N" (a seat) or "Spectator".

    >>> sender_name(2, None), sender_name(None, None), sender_name(0, "Ann")
    ('Seat 2', 'Spectator', 'Ann')
    """
    if name:
        return name[: P.MAX_SEAT_NAME]
    return f"Seat {seat}" if seat is not None else "Spectator"
