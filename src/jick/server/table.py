"""The table model: a live table's session, seats and status, and what is said of it.

A :class:`Table` is a :class:`jick.session.Session` plus its seats (who sits there, their
token hashes, their socket) and the connections watching it; :class:`Seat` is one chair.
This module owns the facts of a table and the small checks on them: its public
:class:`jick.server.protocol.TableInfo` (from the live table or its database row), the
record it gives, its tokens (:func:`holds`, :func:`check_host`, :func:`check_visible`),
its draws as database rows, and the turn clock. It changes nothing in the database and
sends nothing: :mod:`jick.server.tables` does.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from jick.record_hooks import hooks_for
from jick.server import protocol as P
from jick.server.chat import ChatRoom
from jick.server.connection import Connection
from jick.server.lobby import house_rules, preset_title
from jick.server.store import DeckRow, StoredTable, TableRow, hash_token
from jick.server.tablelog import TableLog
from jick.session import HUMAN, Session
from jick.shuffles import Draw

__all__ = ["TABLE_ID", "Rejected", "Seat", "Table", "check_host", "check_visible", "holds", "info_of_row"]

#: What a table id looks like (``secrets.token_urlsafe(9)``); anything else is unknown at once.
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")


class Rejected(Exception):
    """A request that cannot be done: an HTTP status, a short code and one line for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# ---------------------------------------------------------------------------- tables
@dataclass
class Seat:
    number: int
    kind: str
    name: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    conn: Connection | None = None
    #: ``time.monotonic()`` since when the seat's person is absent (None: present, or a bot seat).
    away_since: float | None = None
    #: The host muted the seat's chat.
    muted: bool = False


@dataclass
class Table:
    id: str
    name: str
    header: dict[str, Any]
    bot_level: str
    away_timeout: float
    public: bool
    seeded: bool
    status: str
    host_token_hash: str
    created_at: datetime
    session: Session
    seats: list[Seat]
    result: dict[str, Any] | None = None
    #: SHA-256 of the watch token (its holder may watch a private table); None: no watch link.
    watch_token_hash: str | None = None
    #: Seconds a bot waits before it acts here (None: the server's ``bot_delay``).
    bot_delay: float | None = None
    #: The match this table is the rematch of, and its own rematch once made (table ids).
    rematch_of: str | None = None
    next_match: str | None = None
    #: Spectators may chat (seats always may, unless muted).
    spectator_chat: bool = False
    chat: ChatRoom = field(default_factory=ChatRoom)
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    #: Seconds a person has for each turn before the away bot plays that one move (0: no turn timer).
    turn_timer: float = 0.0
    #: The turn the clock runs for (its ply; -1: none), since when (``time.monotonic()``), and its alarm.
    turn_ply: int = -1
    turn_since: float = 0.0
    turn_alarm: asyncio.TimerHandle | None = None
    #: The table log (built on first use, dropped when an action is taken back).
    story: TableLog | None = None

    @property
    def game(self) -> str:
        return str(self.header["game"])

    @property
    def preset(self) -> str:
        return str(self.header["preset"])

    @property
    def live(self) -> bool:
        return self.status in ("open", "running")

    def standing_in(self, seat: int) -> bool:
        """True when a bot plays for the absent person of ``seat`` now."""
        s = self.seats[seat]
        if s.kind != HUMAN or s.conn is not None or self.status != "running" or s.away_since is None:
            return False
        return time.monotonic() - s.away_since >= self.away_timeout

    def seat_status(self, seat: Seat) -> str:
        if seat.kind != HUMAN:
            return "bot"
        if seat.conn is not None:
            return "connected"
        if self.standing_in(seat.number):
            return "standin"
        if not seat.claimed and self.status == "open":
            return "free"
        return "away"

    def info(self) -> P.TableInfo:
        seats = [(s.number, s.kind, s.name, self.seat_status(s), s.muted) for s in self.seats]
        return table_info(self, self.game, self.preset, self.status, self.session.ply, seats, self.next_match)

    def meta(self) -> dict[str, Any]:
        return {
            "tool": "jick serve",
            "table": self.id,
            "name": self.name,
            "seats": [{"seat": s.number, "kind": s.kind, "name": s.name} for s in self.seats],
        }

    def full_record(self) -> dict[str, Any]:
        """The whole record with every deal's commitments and salts: for nobody's eyes while the table is live."""
        return self.session.record(self.meta())

    def record(self) -> dict[str, Any]:
        """The record to download: all of it once the table is over; before, only the deals already played.

        While the match runs, the deal in progress and the seed stay on the
        server: they would show the cards in play (and every deal to come,
        at a seeded table). A finished deal of a table without a seed carries
        the commitments sent when it began and the salts that open them.
        """
        full = self.full_record()
        if not self.live:
            return full
        from jick.record import replay, result_of

        deals = list(full["deals"])
        if deals and "outcome" not in deals[-1]:
            deals.pop()
        cut = {**full, "deals": deals, "seed": None}
        cut["meta"] = {**full["meta"], "withheld": "the deal in progress and the seed, until the match is over"}
        cut["result"] = result_of(replay(cut, check_result=False).state)
        return cut


def deck_rows(table_id: str, session: Session, start: int) -> tuple[DeckRow, ...]:
    """The database rows of the session's draws from number ``start`` on."""
    game = session.state.game_name
    return tuple(
        DeckRow(
            table_id=table_id,
            n=n,
            deal=d.deal,
            kind=d.kind,
            cards=" ".join(d.names(game)),
            salt=d.salt,
            commitment=d.commitment,
        )
        for n, d in enumerate(session.draws[start:], start)
    )


def draw_of_row(row: DeckRow, game: str) -> Draw:
    hooks = hooks_for(game)
    order = tuple(hooks.parse_card(c) for c in row.cards.split())
    return Draw(row.deal, row.kind, order, row.salt, row.commitment)


def turn_clock(table: Table) -> dict[str, Any] | None:
    """The turn timer of the person to act: ``{"seat", "seconds" left, "of"}`` (None: no clock runs).

    The clock of a turn starts the first time it is asked for at that ply: when the turn begins.
    """
    session = table.session
    seat = session.to_act
    if table.turn_timer <= 0 or table.status != "running" or session.is_over or seat < 0:
        return None
    if table.seats[seat].kind != HUMAN or table.standing_in(seat):
        return None
    now_ = time.monotonic()
    if table.turn_ply != session.ply:
        table.turn_ply, table.turn_since = session.ply, now_
    left = max(0.0, table.turn_since + table.turn_timer - now_)
    return {"seat": seat, "seconds": round(left, 1), "of": table.turn_timer}


def stop_turn_clock(table: Table) -> None:
    if table.turn_alarm is not None:
        table.turn_alarm.cancel()
        table.turn_alarm = None


#: What a live table and its database row both hold, under the same names.
SHARED = (
    "id",
    "name",
    "bot_level",
    "away_timeout",
    "public",
    "seeded",
    "status",
    "host_token_hash",
    "created_at",
    "watch_token_hash",
    "bot_delay",
    "rematch_of",
    "spectator_chat",
    "turn_timer",
)


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def check_host(table: Table, token: str | None) -> None:
    if not token or not hmac.compare_digest(hash_token(token), table.host_token_hash):
        raise Rejected(403, "not_host", "only the table's host may do this (send the host token as a Bearer token)")


def holds(table: Table, token: str | None) -> bool:
    """True when ``token`` is one of the table's: a seat's, the host's or the watch link's."""
    if not token:
        return False
    digest = hash_token(token)
    hashes = [table.host_token_hash, table.watch_token_hash, *(s.token_hash for s in table.seats)]
    return any(h is not None and hmac.compare_digest(h, digest) for h in hashes)


def seat_of_token(table: Table, token: str) -> Seat | None:
    """The seat that ``token`` holds (None: none of them)."""
    digest = hash_token(token)
    for seat in table.seats:
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            return seat
    return None


def check_visible(table: Table, token: str | None) -> None:
    """Public tables are anyone's to see; a private one needs one of its tokens."""
    if not table.public and not holds(table, token):
        raise Rejected(
            403,
            "private_table",
            f"table {table.id} is private: send one of its tokens (a seat's, the host's or the watch link's) "
            "as a Bearer token",
        )


def info_of_row(item: StoredTable, next_match: str | None = None, present: Sequence[str] | None = None) -> P.TableInfo:
    """A table's public info from its stored rows. ``present``: the seat statuses its owner published (another
    process's), which say whether a person the database counts as away is connected or stood in for."""
    row = item.row
    seats = []
    for s in item.seats:
        status = "bot" if s.kind != HUMAN else ("free" if not s.claimed and row.status == "open" else "away")
        if status == "away" and present is not None and s.seat < len(present):
            status = present[s.seat] if present[s.seat] in ("connected", "standin") else status
        seats.append((s.seat, s.kind, s.name, status, s.muted))
    return table_info(row, row.game, row.preset, row.status, row.ply, seats, next_match)


def table_info(
    source: Table | TableRow,
    game: str,
    preset: str,
    status: str,
    ply: int,
    seats: list[tuple[int, str, str | None, str, bool]],
    next_match: str | None = None,
) -> P.TableInfo:
    """The public facts of a table, from the live table or its database row (the same attribute names)."""
    players = int(source.header["players"])
    return P.TableInfo(
        id=source.id,
        name=source.name,
        game=game,
        preset=preset,
        players=players,
        rules=source.header["rules"],
        overrides=source.header["overrides"],
        status=status,  # type: ignore[arg-type]
        ply=ply,
        bot_level=source.bot_level,
        away_timeout=source.away_timeout,
        bot_delay=source.bot_delay,
        turn_timer=source.turn_timer,
        public=source.public,
        seeded=source.seeded,
        spectator_chat=source.spectator_chat,
        seats=[
            P.SeatInfo(seat=n, kind=kind, name=name, status=seat_status, muted=muted)  # type: ignore[arg-type]
            for n, kind, name, seat_status, muted in seats
        ],
        created_at=source.created_at,
        result=source.result,
        preset_title=preset_title(preset),
        house_rules=list(house_rules(preset, players, source.header["rules"])),
        rematch_of=source.rematch_of,
        next_match=next_match,
    )
