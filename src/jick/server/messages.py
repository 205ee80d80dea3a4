"""What a socket's messages do at its table: the hello that seats it (or lets it watch), an action, a chat line.

:class:`Messages` answers :mod:`jick.server.app`'s websocket loop: :meth:`Messages.attach`
(the ``hello``), :meth:`Messages.act`, :meth:`Messages.say` (a chat line or a reaction) and
:meth:`Messages.detach` (the socket gone). A refusal is a message back to that socket
alone; the table is left as it was.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from sqlalchemy.exc import IntegrityError

from jick.engine import IllegalAction, NotationError
from jick.server import protocol as P
from jick.server.chat import CHAT_RATE, CHAT_WINDOW, MAX_CHAT_LINES, row_of_line, sender_name
from jick.server.connection import Connection
from jick.server.sockets import broadcast_table, seat_view, send_chat_history, spectator_view
from jick.server.store import now
from jick.server.table import Table, holds, seat_of_token
from jick.server.turns import Turns
from jick.server.views import action_json
from jick.server.writer import StoreFailed
from jick.session import HUMAN

__all__ = ["Messages"]

log = logging.getLogger("jick.server")


class Messages(Turns):
    """The websocket side of the tables: seating, acting, chatting, leaving."""

    async def attach(self, table: Table, conn: Connection, hello: P.Hello) -> bool:
        """Seat ``conn`` by its token (or as a spectator); False (and an error sent) if the token holds no seat."""
        if hello.protocol != P.PROTOCOL_VERSION:
            conn.error("protocol", f"this server speaks protocol {P.PROTOCOL_VERSION}, not {hello.protocol}")
            return False
        async with table.lock:
            if hello.token is None:
                if not table.public and not holds(table, hello.watch_token):
                    conn.error(
                        "private_table",
                        "this table is private: watch it with one of its tokens in watch_token (its watch link's)",
                    )
                    return False
                table.spectators.add(conn)
                conn.name = hello.name
                conn.send_model(P.Welcome(type="welcome", protocol=P.PROTOCOL_VERSION, table=table.info(), seat=None))
                if table.status != "open":
                    conn.send(spectator_view(table, None))
                send_chat_history(table, conn)
                return True
            seat = seat_of_token(table, hello.token)
            if seat is None:
                conn.error("bad_token", "this token holds no seat at this table (forged, or the seat was given away)")
                return False
            name = hello.name if hello.name is not None else seat.name
            if not seat.claimed or name != seat.name:
                try:
                    await self.db.call(self.db.store.update_seat, table.id, seat.number, claimed=True, name=name)
                except Exception as exc:
                    log.error("table %s: could not store seat %d's hello: %s", table.id, seat.number, exc)
                    conn.error("store", "the seat could not be saved; try again")
                    return False
                seat.claimed, seat.name = True, name
            if seat.conn is not None:
                seat.conn.error("replaced", "this seat connected again elsewhere")
                seat.conn.close(4409, "replaced by a new connection")
            seat.conn = conn
            seat.away_since = None
            conn.seat = seat.number
            conn.send_model(
                P.Welcome(type="welcome", protocol=P.PROTOCOL_VERSION, table=table.info(), seat=seat.number)
            )
            if table.status != "open":
                conn.send(seat_view(table, seat.number, None))
            send_chat_history(table, conn)
            broadcast_table(table, skip=conn)
            if self.owner is not None:
                self.owner.seen(table.id)
        return True

    def detach(self, table: Table, conn: Connection) -> None:
        if conn in table.spectators:
            table.chat.limiter.forget(f"spectator {id(conn)}")
        table.spectators.discard(conn)
        if conn.seat is not None:
            seat = table.seats[conn.seat]
            if seat.conn is conn:
                seat.conn = None
                if seat.kind == HUMAN:
                    seat.away_since = time.monotonic()
                broadcast_table(table)
                if self.owner is not None:
                    self.owner.seen(table.id)
                self._schedule(table)
        self._forget_if_idle(table)

    async def act(self, table: Table, conn: Connection, message: P.Act) -> None:
        """A person's action from ``conn``: taken (and broadcast) or refused with the reason and legal actions."""
        if conn.seat is None:
            conn.error("spectator", "spectators cannot act")
            return
        seat = conn.seat
        received = time.perf_counter()
        async with table.lock:
            session = table.session
            if table.seats[seat].conn is not conn:
                conn.error("bad_token", "this connection no longer holds its seat")
                return
            if table.status != "running":
                why = "the table has not started" if table.status == "open" else f"the table is {table.status}"
                self._refuse(table, conn, why)
                return
            if message.ply is not None and message.ply != session.ply:
                self._refuse(table, conn, f"stale: the game is at ply {session.ply}, not {message.ply}")
                return
            try:
                await self._take(table, seat, message.action, "human")
            except (IllegalAction, NotationError) as exc:
                self._refuse(table, conn, exc.reason if isinstance(exc, IllegalAction) else str(exc))
                return
            except StoreFailed:
                conn.error("store", "the action could not be saved, so it was not taken; try again")
                return
            self.metrics.action_latency.observe(time.perf_counter() - received)
        self._schedule(table)

    def _refuse(self, table: Table, conn: Connection, reason: str) -> None:
        self.metrics.errors.labels("refused").inc()
        seat = conn.seat
        legal: list[dict[str, Any]] = []
        session = table.session
        if seat is not None and table.status == "running" and session.to_act == seat:
            legal = [action_json(a) for a in session.state.observation(seat).legal_actions]
        conn.send(json.dumps({"type": "refused", "reason": reason, "ply": session.ply, "legal": legal}))

    async def say(self, table: Table, conn: Connection, message: P.Say | P.React) -> None:
        """A chat line or a reaction from ``conn``: stored, then sent to everyone at the table; or refused with an
        ``error`` (``chat_not_allowed``, ``chat_muted``, ``chat_too_fast``, ``chat_full``) and nothing said."""
        seat = conn.seat
        if seat is None:
            if not table.spectator_chat:
                conn.error("chat_not_allowed", "spectators may not chat at this table (its host did not allow it)")
                return
            sender = f"spectator {id(conn)}"
            name = sender_name(None, conn.name)
        else:
            if table.seats[seat].conn is not conn:
                conn.error("bad_token", "this connection no longer holds its seat")
                return
            if table.seats[seat].muted:
                conn.error("chat_muted", "the host muted your seat: your messages are not sent")
                return
            sender, name = f"seat {seat}", sender_name(seat, table.seats[seat].name)
        room = table.chat
        wait = room.limiter.wait(sender)
        if wait > 0:
            conn.error(
                "chat_too_fast",
                f"at most {CHAT_RATE} chat messages in {CHAT_WINDOW:g} seconds: wait {max(1, round(wait))} s",
            )
            return
        if isinstance(message, P.React):
            text, reaction = P.REACTIONS[message.reaction], message.reaction
        else:
            text, reaction = message.text, None
        async with room.lock:
            if room.count >= MAX_CHAT_LINES:
                conn.error("chat_full", f"this table's chat is full ({MAX_CHAT_LINES} lines)")
                return
            line = P.ChatLine(n=room.count, seat=seat, name=name, text=text, reaction=reaction, at=now())
            try:
                await self.db.call(self.db.store.append_chat, row_of_line(table.id, line))
            except IntegrityError:  # another process said a line here: count again, and the next try fits
                _, room.count = await self.db.call(self.db.store.chat_lines, table.id, 0)
                conn.error("store", "the message could not be saved; send it again")
                return
            except Exception as exc:
                log.error("table %s: could not store chat line %d: %s", table.id, line.n, exc)
                conn.error("store", "the message could not be saved; send it again")
                return
            room.count += 1
            room.lines.append(line)
        text_out = line.model_dump_json()
        for other in self.connections(table):
            other.send(text_out)
