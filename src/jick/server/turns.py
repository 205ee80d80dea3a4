"""Turns: an action taken (check, apply, commit, broadcast), and the bots and timers that take the others.

:meth:`Turns._take` is the one way an action enters a table: applied to the session,
committed through the store writer, then told to every socket (taken back if the
database refused it). :meth:`Turns._schedule` looks at whose turn it is after every
change: a bot's turn starts that bot (its thinking in the bot pool, never on the event
loop); an absent person's turn arms the away timer, after which a stand-in bot plays for
them; a present person's turn runs the turn timer, if the table has one.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from sqlalchemy.exc import IntegrityError

from jick.engine import IllegalAction, NotationError
from jick.server.live import LiveTables
from jick.server.sockets import broadcast_table, broadcast_view, tell
from jick.server.store import NewAction
from jick.server.table import Table, deck_rows, stop_turn_clock, turn_clock
from jick.server.writer import StoreFailed
from jick.session import HUMAN, LoggedAction

__all__ = ["Turns"]

log = logging.getLogger("jick.server")


class Turns(LiveTables):
    """Taking actions at a table, and scheduling its bots, stand-ins and turn timers."""

    async def _take(self, table: Table, seat: int, action: Any, by: str) -> LoggedAction:
        """Apply, commit, broadcast (the caller holds the table's lock)."""
        session = table.session
        drawn = len(session.draws)
        entry = session.act(seat, action)
        status, result, record = "running", None, None
        if session.is_over:
            from jick.record import dumps_record

            status = "finished"
            full = table.full_record()
            result, record = full["result"], dumps_record(full)
        draws = deck_rows(table.id, session, drawn)
        try:
            await self.db.append(
                NewAction(table.id, entry.ply, seat, entry.action_id, entry.text, by, status, result, record, draws)
            )
        except BaseException as exc:
            session.undo()
            table.story = None  # told before the store refused it: told again from the session when next needed
            if isinstance(exc, asyncio.CancelledError):
                raise
            if isinstance(exc, IntegrityError):
                log.warning("table %s: ply %d was already stored elsewhere; reloading", table.id, entry.ply)
                await self._reload(table)
            else:
                log.error("table %s: could not store ply %d: %s", table.id, entry.ply, exc)
            raise StoreFailed from None
        table.status, table.result = status, result
        self.metrics.actions.labels(by).inc()
        broadcast_view(table, (entry, by), tell(table, entry))
        if status == "finished":
            log.info("table %s finished after %d actions: %s", table.id, session.ply, result)
            broadcast_table(table)
        return entry

    def _schedule(self, table: Table) -> None:
        """Start the bot whose turn it is, or arm the timer of an absent person's turn."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        stop_turn_clock(table)
        session = table.session
        if table.status != "running" or session.is_over or session.to_act < 0:
            return
        seat_no = session.to_act
        seat = table.seats[seat_no]
        if seat.kind != HUMAN:
            kind, by = seat.kind, "bot"
        elif table.standing_in(seat_no):
            kind, by = table.bot_level, "standin"
        else:
            if seat.conn is None and seat.away_since is not None:
                wait = seat.away_since + table.away_timeout - time.monotonic()
                loop = asyncio.get_running_loop()
                table.timer = loop.call_later(max(0.0, wait) + 0.01, self._away_timeout, table)
            self._arm_turn_clock(table)
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat_no, kind, by, session.ply))

    def _arm_turn_clock(self, table: Table) -> None:
        """With a turn timer, wake when the turn of the person to act runs out."""
        clock = turn_clock(table)
        if clock is not None:
            loop = asyncio.get_running_loop()
            table.turn_alarm = loop.call_later(clock["seconds"] + 0.01, self._turn_ran_out, table, table.session.ply)

    def _turn_ran_out(self, table: Table, ply: int) -> None:
        """The person to act let the turn timer run out: the away bot plays this one move (the seat stays theirs)."""
        table.turn_alarm = None
        session = table.session
        seat = session.to_act
        if table.status != "running" or session.ply != ply or seat < 0 or table.seats[seat].kind != HUMAN:
            return  # the person answered in time, or the turn is no longer a person's
        if table.standing_in(seat) or (table.bot_task is not None and not table.bot_task.done()):
            return
        log.info("table %s: seat %d's turn timer ran out at ply %d; a bot plays the move", table.id, seat, ply)
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.bot_level, "timer", ply))

    def _away_timeout(self, table: Table) -> None:
        table.timer = None
        broadcast_table(table)
        self._schedule(table)

    async def _bot_turn(self, table: Table, seat: int, kind: str, by: str, ply: int) -> None:
        session = table.session
        ids = session.action_ids()
        draws = [d.to_json() for d in session.draws]
        try:
            delay = self.settings.bot_delay if table.bot_delay is None else table.bot_delay
            if delay > 0 and by != "timer":  # the person's time is already up
                await asyncio.sleep(delay)
            started = time.perf_counter()
            try:
                choice: int | str = await self.bots.decide(
                    table.id, table.header, ids, seat, kind, self.settings.think, draws
                )
                self.metrics.bot_decision.labels(kind).observe(time.perf_counter() - started)
            except Exception as exc:
                log.error("table %s: the %s bot failed (%s); a random legal action instead", table.id, kind, exc)
                choice = secrets.choice(session.state.legal_action_ids()) if session.ply == ply else -1
            async with table.lock:
                if table.status != "running" or session.ply != ply or session.to_act != seat:
                    return
                if by == "standin" and not table.standing_in(seat):
                    return  # the person came back first
                if by == "bot" and table.seats[seat].kind == HUMAN:
                    return
                try:
                    await self._take(table, seat, choice, by)
                except (IllegalAction, NotationError) as exc:
                    log.error("table %s: the %s bot chose an illegal action: %s", table.id, kind, exc)
                    return
                except StoreFailed:
                    await asyncio.sleep(0.5)
        finally:
            if table.bot_task is asyncio.current_task():
                table.bot_task = None
        self._schedule(table)
