"""The socket hub: who is connected to a table, and what each of them is sent.

A seat's socket gets the ``view`` of its own observation; every spectator the same public
one (no hidden card). This module writes those messages (with the table log's new lines,
the fairness commitments and the turn clock) and hands them, or a ``table`` update, to
every connection of a table. It only sends: what happens at a table is decided by
:mod:`jick.server.tables`.
"""

from __future__ import annotations

import json

from jick.server import protocol as P
from jick.server.connection import Connection
from jick.server.table import Table, turn_clock
from jick.server.tablelog import TableLog, names_of
from jick.server.views import fields_text, observation_fields, public_fields
from jick.session import LoggedAction

__all__ = [
    "broadcast_table",
    "broadcast_view",
    "connections",
    "fairness",
    "seat_view",
    "send_chat_history",
    "spectator_view",
    "story",
    "tell",
    "view_text",
]


def connections(table: Table) -> list[Connection]:
    """Every socket of the table: its seated people's, then its spectators'."""
    return [s.conn for s in table.seats if s.conn is not None] + list(table.spectators)


def fairness(table: Table) -> tuple[str, str]:
    """The ``sealed`` and ``revealed`` parts of a view message, as JSON text (``null`` at a seeded table)."""
    session = table.session
    if table.seeded or not session.draws:
        return "null", "null"
    groups = session.draws_by_deal()
    deals = session.state.deals
    sealed, revealed = "null", "null"
    current = len(deals) - 1
    if not deals[current].outcome and groups[current]:
        sealed = json.dumps({"deal": current, "sha256": [d.commitment for d in groups[current]]}, separators=(",", ":"))
        current -= 1
    if current >= 0 and groups[current]:
        game = session.state.game_name
        draws = groups[current]
        revealed = json.dumps(
            {
                "deal": current,
                "orders": [d.names(game) for d in draws],
                "salts": [d.salt for d in draws],
                "sha256": [d.commitment for d in draws],
            },
            separators=(",", ":"),
        )
    return sealed, revealed


def story(table: Table) -> TableLog:
    """The table's log, told up to the session's last action (built again if it is behind)."""
    if table.story is None or table.story.ply != table.session.ply:
        table.story = TableLog.of(table.session)
    return table.story


def tell(table: Table, entry: LoggedAction) -> int:
    """Tell the action just taken; the first line of the log it changed (0: the log was told anew)."""
    if table.story is None or table.story.ply != entry.ply:
        table.story = TableLog.of(table.session)
        return 0
    return table.story.told(table.session, entry)


def seat_view(table: Table, seat: int, last: tuple[LoggedAction, str] | None, log_from: int = 0) -> str:
    """The ``view`` message for the socket of ``seat``."""
    fields = observation_fields(table.session.state.observation(seat))
    return view_text(table, seat, fields_text(fields), last, log_from)


def spectator_view(table: Table, last: tuple[LoggedAction, str] | None, log_from: int = 0) -> str:
    """The ``view`` message for a spectator: what every seat shows the table."""
    state = table.session.state
    every = [observation_fields(state.observation(s)) for s in range(len(table.seats))]
    return view_text(table, None, fields_text(public_fields(every)), last, log_from)


def view_text(
    table: Table,
    seat: int | None,
    observation: str,
    last: tuple[LoggedAction, str] | None,
    log_from: int = 0,
) -> str:
    """A ``view`` message (the fields of :class:`jick.server.protocol.View`), its observation already JSON.

    ``log`` holds the table log's lines from ``log_from`` on (all of them after a hello).
    """
    last_json = "null"
    if last is not None:
        entry, by = last
        action = {"action": entry.text, "id": entry.action_id} if seat == entry.seat else None
        last_json = json.dumps(
            {"seat": entry.seat, "ply": entry.ply, "action": action, "by": by}, separators=(",", ":")
        )
    head = json.dumps(
        {"type": "view", "table_id": table.id, "status": table.status, "ply": table.session.ply, "seat": seat},
        separators=(",", ":"),
    )
    sealed, revealed = fairness(table)
    fair = f'"sealed":{sealed},"revealed":{revealed}'
    log_part = story(table).part(seat, names_of(table.seats), log_from)
    extra = json.dumps({"log": log_part, "turn_clock": turn_clock(table)}, separators=(",", ":"), ensure_ascii=False)
    return f'{head[:-1]},"observation":{observation},"last":{last_json},{fair},{extra[1:]}'


def broadcast_view(table: Table, last: tuple[LoggedAction, str] | None, log_from: int) -> None:
    """Send every socket of the table its ``view`` (one observation per seat, one for all spectators)."""
    state = table.session.state
    fields: dict[int, list[tuple[str, str]]] = {}
    for seat in table.seats:
        if seat.conn is not None:
            fields[seat.number] = observation_fields(state.observation(seat.number))
            text = view_text(table, seat.number, fields_text(fields[seat.number]), last, log_from)
            seat.conn.send(text)
    if table.spectators:
        every = [fields.get(s) or observation_fields(state.observation(s)) for s in range(len(table.seats))]
        text = view_text(table, None, fields_text(public_fields(every)), last, log_from)
        for conn in list(table.spectators):
            conn.send(text)


def broadcast_table(table: Table, skip: Connection | None = None) -> None:
    """Send the table's public facts (a ``table`` message) to every socket but ``skip``."""
    text = P.TableUpdate(type="table", table=table.info()).model_dump_json()
    for conn in connections(table):
        if conn is not skip:
            conn.send(text)


def send_chat_history(table: Table, conn: Connection) -> None:
    """Send a new socket the chat said so far (nothing if none was)."""
    history = table.chat.history()
    if history is not None:
        conn.send(history)
