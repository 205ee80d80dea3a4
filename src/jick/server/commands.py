"""The tables' HTTP commands: create, list, join, start, replace a seat by a bot, mute, close, rematch, and reads.

:class:`Commands` holds what :mod:`jick.server.app`'s routes call: the host's commands
(checked against the host token), a person's (join, hint, rematch) and the reads of a
table (its record, a replay, its chat). Each answers with a protocol model or raises
:class:`jick.server.table.Rejected` (an HTTP status, a code and one line), the table
unchanged.
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from jick.engine import JickError, RulesError
from jick.server import protocol as P
from jick.server.sockets import broadcast_table, broadcast_view
from jick.server.store import SeatRow, TableRow, hash_token, now
from jick.server.table import (
    SHARED,
    Rejected,
    Seat,
    Table,
    check_host,
    deck_rows,
    info_of_row,
    new_id,
    new_token,
    seat_of_token,
    stop_turn_clock,
)
from jick.server.turns import Turns
from jick.session import HUMAN, Session

__all__ = ["HINT_LEVEL", "Commands"]

log = logging.getLogger("jick.server")

#: The bot whose advice a hint gives (as ``jick play``'s ``hint``).
HINT_LEVEL = "hard"


class Commands(Turns):
    """The HTTP commands of the tables (:mod:`jick.server.app`'s routes)."""

    async def create(self, request: P.CreateTable) -> P.CreatedTable:
        from jick.bots import LEVELS
        from jick.options import loads_rules, merge_overrides, parse_sets
        from jick.play import parse_seats
        from jick.registry import load_rules, resolve

        try:
            preset, players, overrides = request.preset, request.players, {}
            if request.rules:
                house = loads_rules(request.rules, "house rules")
                preset = preset or house.preset
                players = players if players is not None else house.players
                overrides = dict(house.overrides)
            if request.set:
                overrides = merge_overrides(overrides, parse_sets(request.set))
            _, preset_name = resolve(preset or "smear_ten_point")
            rules = load_rules(preset_name, players, overrides)
            level = request.bot_level.strip().lower()
            seats_text = ",".join(request.seats) if request.seats is not None else ",".join([HUMAN] * rules.num_players)
            kinds = parse_seats(seats_text, rules.num_players, 0, level)
            if level not in LEVELS:
                raise RulesError(f"--bot {level!r}: choose {', '.join(LEVELS)}")
            session = Session.new(
                preset_name,
                players=players,
                overrides=overrides,
                seats=kinds,
                seed=request.seed,
                think=self.settings.think,
                fresh_draws=request.seed is None,
            )
        except JickError as exc:
            raise Rejected(400, "rules", str(exc)) from None
        host_token, watch_token = new_token(), new_token()
        tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == HUMAN}
        table = Table(
            id=new_id(),
            name=request.name,
            header=session.header,
            bot_level=level,
            away_timeout=request.away_timeout,
            bot_delay=request.bot_delay,
            spectator_chat=request.spectator_chat,
            turn_timer=request.turn_timer,
            public=request.public,
            seeded=request.seed is not None,
            status="open",
            host_token_hash=hash_token(host_token),
            created_at=now(),
            session=session,
            watch_token_hash=hash_token(watch_token),
            seats=[
                Seat(s, kind, None, hash_token(tokens[s]) if s in tokens else None, False, None, None)
                for s, kind in enumerate(kinds)
            ],
        )
        shared = {name: getattr(table, name) for name in SHARED}
        row = TableRow(**shared, game=table.game, preset=table.preset, header=table.header, ply=0)
        seat_rows = [
            SeatRow(table_id=table.id, seat=s.number, kind=s.kind, name=None, token_hash=s.token_hash, claimed=False)
            for s in table.seats
        ]
        if self.owner is not None:
            await self.owner.claim(table.id)  # before the row exists: no other process may take it first
        await self.db.call(self.db.store.create_table, row, seat_rows, deck_rows(table.id, session, 0))
        self.tables[table.id] = table
        log.info("table %s created: %s, seats %s", table.id, table.preset, ",".join(kinds))
        invites = [
            P.Invite(seat=s, token=token, url=f"{self.settings.base_url}/play/{table.id}#{token}")
            for s, token in tokens.items()
        ]
        watch_url = f"{self.settings.base_url}/watch/{table.id}#{watch_token}"
        return P.CreatedTable(
            table=table.info(), host_token=host_token, invites=invites, watch_token=watch_token, watch_url=watch_url
        )

    async def list(self, statuses: Sequence[str], tokens: Sequence[str] = ()) -> list[P.TableInfo]:
        """The public tables with one of ``statuses``, and the private ones that one of ``tokens`` belongs to."""
        hashes = sorted({hash_token(t) for t in tokens if t})
        stored = await self.db.call(self.db.store.list_tables, statuses, hashes)
        over = [item.row.id for item in stored if item.row.status in ("finished", "closed")]
        following = await self.db.call(self.db.store.rematches, over)
        present: dict[str, list[str]] = {}
        if self.owner is not None:  # who is connected to the tables other processes hold
            present = await self.owner.presence([item.row.id for item in stored if item.row.id not in self.tables])
        out = []
        for item in stored:
            live = self.tables.get(item.row.id)
            if live is not None:
                out.append(live.info())
            else:
                out.append(info_of_row(item, following.get(item.row.id), present.get(item.row.id)))
        return out

    async def join(self, table_id: str, request: P.JoinTable) -> P.Joined:
        table = await self.get(table_id)
        if not table.live:
            raise Rejected(409, "table_over", f"table {table.id} is {table.status}")
        async with table.lock:
            if request.token is not None:
                seat = seat_of_token(table, request.token)
                if seat is None:
                    raise Rejected(403, "bad_token", "this token holds no seat at this table")
                token = request.token
            else:
                if not table.public:
                    raise Rejected(403, "not_public", "this table takes players by invitation only")
                free = [s for s in table.seats if s.kind == HUMAN and not s.claimed]
                if request.seat is not None:
                    free = [s for s in free if s.number == request.seat]
                if not free:
                    raise Rejected(
                        409,
                        "no_free_seat",
                        "no free seat" if request.seat is None else f"seat {request.seat} is not free",
                    )
                seat = free[0]
                token = new_token()
            token_hash = hash_token(token)
            name = request.name if request.name is not None else seat.name
            await self.db.call(
                self.db.store.update_seat, table.id, seat.number, claimed=True, name=name, token_hash=token_hash
            )
            seat.token_hash, seat.claimed, seat.name = token_hash, True, name
        broadcast_table(table)
        return P.Joined(table_id=table.id, seat=seat.number, token=token, table=table.info())

    async def start(self, table_id: str, host_token: str | None) -> P.TableInfo:
        table = await self.get(table_id)
        check_host(table, host_token)
        async with table.lock:
            if table.status != "open":
                raise Rejected(409, "not_open", f"table {table.id} is {table.status}, not open")
            await self.db.call(self.db.store.update_table, table.id, status="running", started_at=now())
            table.status = "running"
            since = time.monotonic()
            for s in table.seats:
                if s.kind == HUMAN and s.conn is None:
                    s.away_since = since
            log.info("table %s started", table.id)
            broadcast_table(table)
            broadcast_view(table, None, 0)
        self._schedule(table)
        return table.info()

    async def replace_by_bot(
        self, table_id: str, seat_no: int, host_token: str | None, level: str | None
    ) -> P.TableInfo:
        from jick.play import seat_kind

        table = await self.get(table_id)
        check_host(table, host_token)
        if not table.live:
            raise Rejected(409, "table_over", f"table {table.id} is {table.status}")
        if not 0 <= seat_no < len(table.seats):
            raise Rejected(404, "unknown_seat", f"no seat {seat_no} at this table (0..{len(table.seats) - 1})")
        try:
            kind = seat_kind(level or "bot", table.bot_level)
        except RulesError as exc:
            raise Rejected(400, "rules", str(exc)) from None
        if kind == HUMAN:
            raise Rejected(400, "rules", "a seat is replaced by a bot, not by a person")
        async with table.lock:
            seat = table.seats[seat_no]
            if seat.kind != HUMAN:
                raise Rejected(409, "already_bot", f"seat {seat_no} is already a bot ({seat.kind})")
            await self.db.call(self.db.store.update_seat, table.id, seat_no, kind=kind, token_hash=None, claimed=False)
            seat.kind, seat.token_hash, seat.claimed, seat.away_since = kind, None, False, None
            table.session.seats[seat_no] = kind
            if seat.conn is not None:
                seat.conn.error("seat_revoked", f"the host gave seat {seat_no} to a bot; this token no longer plays it")
                seat.conn.close(4403, "seat revoked")
                seat.conn = None
            log.info("table %s: seat %d replaced by a %s bot", table.id, seat_no, kind)
            broadcast_table(table)
        self._schedule(table)
        return table.info()

    async def close(self, table_id: str, host_token: str | None) -> P.TableInfo:
        table = await self.get(table_id)
        check_host(table, host_token)
        async with table.lock:
            if not table.live:
                raise Rejected(409, "table_over", f"table {table.id} is already {table.status}")
            from jick.record import dumps_record

            status, table.status = table.status, "closed"
            try:  # the whole record, as the closed table will give it
                record = table.record()
            finally:
                table.status = status
            await self.db.call(
                self.db.store.update_table, table.id, status="closed", ended_at=now(), record=dumps_record(record)
            )
            table.status = "closed"
            if table.timer is not None:
                table.timer.cancel()
            stop_turn_clock(table)
            log.info("table %s closed at ply %d", table.id, table.session.ply)
            broadcast_table(table)
        return table.info()

    async def rematch(self, table_id: str, token: str | None) -> P.TableInfo:
        """The next match of a finished table, made now (or the one already made): same seats and rules, the
        first deal passed to the next seat, started at once.

        Each seat whose person is connected (and the asker's) keeps its token and name, so their pages
        follow to the new table; a person who left is replaced by a bot of the table's level. The host and
        watch tokens carry over too.
        """
        from jick.play import seat_kind

        table = await self.get(table_id)
        asker = seat_of_token(table, token) if token else None
        if asker is None and not (token and hmac.compare_digest(hash_token(token), table.host_token_hash)):
            raise Rejected(
                403, "bad_token", "a rematch is asked for with a seat's token or the host's (as a Bearer token)"
            )
        async with table.lock:
            if table.next_match is not None:
                return await self._next_info(table)
            if table.status != "finished":
                raise Rejected(
                    409, "not_finished", f"table {table.id} is {table.status}: a rematch follows a finished match"
                )
            header = table.header
            n = len(table.seats)
            stays = [
                s.kind == HUMAN and s.token_hash is not None and (s.conn is not None or s is asker) for s in table.seats
            ]
            kinds = [
                s.kind if s.kind != HUMAN else (HUMAN if stay else seat_kind("bot", table.bot_level))
                for s, stay in zip(table.seats, stays, strict=True)
            ]
            seed = (int(header["seed"]) + 1) % 2**31 if table.seeded and header.get("seed") is not None else None
            try:
                session = Session.new(
                    table.preset,
                    players=int(header["players"]),
                    overrides=header["overrides"],
                    seats=kinds,
                    seed=seed,
                    think=self.settings.think,
                    fresh_draws=seed is None,
                    first_dealer=(int(header["first_dealer"]) + 1) % n,
                )
            except JickError as exc:
                raise Rejected(409, "rules", f"the rematch cannot be set up: {exc}") from None
            seats = [
                Seat(old.number, kind, old.name if stay else None, old.token_hash if stay else None, stay, None, None)
                for old, kind, stay in zip(table.seats, kinds, stays, strict=True)
            ]
            following = Table(
                id=new_id(),
                name=table.name,
                header=session.header,
                bot_level=table.bot_level,
                away_timeout=table.away_timeout,
                bot_delay=table.bot_delay,
                turn_timer=table.turn_timer,
                spectator_chat=table.spectator_chat,
                public=table.public,
                seeded=table.seeded,
                status="running",
                host_token_hash=table.host_token_hash,
                watch_token_hash=table.watch_token_hash,
                created_at=now(),
                session=session,
                seats=seats,
                rematch_of=table.id,
            )
            shared = {name: getattr(following, name) for name in SHARED}
            row = TableRow(
                **shared,
                game=following.game,
                preset=following.preset,
                header=following.header,
                ply=0,
                started_at=following.created_at,
            )
            seat_rows = [
                SeatRow(
                    table_id=following.id,
                    seat=s.number,
                    kind=s.kind,
                    name=s.name,
                    token_hash=s.token_hash,
                    claimed=s.claimed,
                )
                for s in seats
            ]
            try:
                await self.db.call(self.db.store.create_table, row, seat_rows, deck_rows(following.id, session, 0))
            except IntegrityError:  # another process made it first: follow that one
                log.info("table %s: the rematch was made elsewhere", table.id)
                table.next_match = (await self.db.call(self.db.store.rematches, [table.id])).get(table.id)
                if table.next_match is None:
                    raise
                broadcast_table(table)
                return await self._next_info(table)
            since = time.monotonic()
            for s in following.seats:
                if s.kind == HUMAN:
                    s.away_since = since
            self.tables[following.id] = following
            table.next_match = following.id
            log.info(
                "table %s: rematch %s, first dealer %d, seats %s",
                table.id,
                following.id,
                session.state.first_dealer,
                ",".join(kinds),
            )
            broadcast_table(table)
        self._schedule(following)
        return following.info()

    async def _next_info(self, table: Table) -> P.TableInfo:
        following = await self.find(table.next_match or "")
        if following is None:
            raise Rejected(404, "unknown_table", f"the rematch of table {table.id} is gone")
        return following.info()

    async def record(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """The record to download, for whoever may see the table."""
        table = await self.visible(table_id, token)
        async with table.lock:
            return table.record()

    async def replay(self, table_id: str, deal: int | None, frames: str, token: str | None = None) -> dict[str, Any]:
        """:func:`jick.server.replays.replay_deal` of the record ``token`` may download (finished deals only)."""
        from jick.server.replays import replay_deal

        record = await self.record(table_id, token)
        try:
            return await self.db.call(replay_deal, record, deal, frames)
        except JickError as exc:
            raise Rejected(404 if "not in the record" in str(exc) else 400, "replay", str(exc)) from None

    async def hint(self, table_id: str, token: str | None) -> P.Hint:
        """The hint level's advice for the seat of ``token``, which must be the seat to act."""
        table = await self.get(table_id)
        seat = seat_of_token(table, token) if token else None
        if seat is None:
            raise Rejected(403, "bad_token", "a hint is for a seat: send its token as a Bearer token")
        async with table.lock:
            session = table.session
            if table.status != "running" or session.to_act != seat.number:
                raise Rejected(409, "not_your_turn", f"seat {seat.number} is not to act")
            header, ids, ply = table.header, session.action_ids(), session.ply
            draws = [d.to_json() for d in session.draws]
        think = self.settings.think if self.settings.hint_think is None else self.settings.hint_think
        advice = await self.bots.hint(table.id, header, ids, seat.number, HINT_LEVEL, think, draws)
        return P.Hint(seat=seat.number, ply=ply, level=HINT_LEVEL, **advice)

    async def mute(self, table_id: str, seat_no: int, host_token: str | None, muted: bool) -> P.TableInfo:
        """The host mutes a seat's chat (or lets it speak again); everyone sees it in the seat's ``muted``."""
        table = await self.get(table_id)
        check_host(table, host_token)
        if not 0 <= seat_no < len(table.seats):
            raise Rejected(404, "unknown_seat", f"no seat {seat_no} at this table (0..{len(table.seats) - 1})")
        async with table.lock:
            seat = table.seats[seat_no]
            if seat.muted != muted:
                await self.db.call(self.db.store.update_seat, table.id, seat_no, muted=muted)
                seat.muted = muted
                log.info("table %s: seat %d %s", table.id, seat_no, "muted" if muted else "unmuted")
                broadcast_table(table)
        return table.info()

    async def chat_log(self, table_id: str, token: str | None) -> P.ChatLog:
        """Every line said at the table, for whoever may see it (as its record)."""
        from jick.server.chat import line_of_row

        table = await self.visible(table_id, token)
        rows, _ = await self.db.call(self.db.store.chat_lines, table.id)
        return P.ChatLog(table_id=table.id, lines=[line_of_row(r) for r in rows])
