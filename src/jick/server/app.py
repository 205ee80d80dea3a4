"""The FastAPI application: the HTTP API under ``/api``, one websocket per seat under ``/ws``.

``create_app(db_url, settings)`` builds it; ``jick serve`` runs it with
uvicorn. The OpenAPI description is at ``/api/openapi.json`` (pages at
``/api/docs``); ``/`` is left for the browser page.

No request can crash the server or change a game by being malformed: every
problem is answered with a JSON body ``{"error": code, "message": line}`` (HTTP)
or an ``error`` message (websocket), and logged in one line with the request's
id (``X-Request-Id``); a stack trace never reaches a client, and only real
faults of the server log one (a few a minute at most).

Every HTTP answer carries a strict Content-Security-Policy (the page loads
nothing from elsewhere), ``nosniff``, ``no-referrer`` and frame protection;
``HEAD`` is answered wherever ``GET`` is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from jick.bounded import MAX_DEPTH, json_depth
from jick.engine import JickError
from jick.server import protocol as P
from jick.server.analyses import Analyses
from jick.server.connection import Connection
from jick.server.hub import Cluster, ClusterError, RelayRouter
from jick.server.live import Settings
from jick.server.metrics import CONTENT_TYPE
from jick.server.store import Store
from jick.server.table import Rejected, Table
from jick.server.tables import Tables

__all__ = ["create_app"]

log = logging.getLogger("jick.server")

#: The largest HTTP request body, in bytes.
MAX_BODY = 64 * 1024
#: Rate-limit violations in a row after which a connection is closed.
MAX_VIOLATIONS = 50
#: Tracebacks of server faults logged per minute at most (the rest: one line each).
MAX_TRACEBACKS = 5
#: Tokens a table list request may carry in ``X-Jick-Tokens``.
MAX_LIST_TOKENS = 64
#: Seconds one ``POST /api/compare`` may take, and the duplicate deals it plays per call of the worker pool.
COMPARE_TIMEOUT = 90.0
COMPARE_BATCH = 10
#: Seconds ``/readyz`` and ``/metrics`` wait for the database.
PROBE_TIMEOUT = 5.0

#: The page's policy: everything from this server, nothing inline, no framing.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
#: The API's own documentation page (``/api/docs``) runs Swagger UI from its CDN with an inline script.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]

#: Query parameters of the replay routes.
Deal = Annotated[int | None, Query(ge=1, le=100_000, description="A deal of the record, from 1.")]
Frames = Annotated[Literal["all", "last"], Query(description="Every frame of the deal, or its last.")]
#: Query parameters of the analysis routes.
AnalysedSeat = Annotated[int | None, Query(ge=0, le=63, description="The seat whose decisions are valued.")]
AnalysisDepth = Annotated[Literal["quick", "normal"], Query(description="How hard each decision is searched.")]

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def _validation_message(exc: ValidationError | RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if not _union_label(part))
    text = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
    return f"{where}: {text}" if where else text


def _union_label(part: int | str) -> bool:
    """True for the parts of an error's place that are no field: ``body``, a union member (``int``,
    ``constrained-str``)."""
    return isinstance(part, str) and (part in ("body", "int", "str", "float", "bool", "none") or "-" in part)


def request_id(scope: Mapping[str, Any]) -> str:
    """The id :class:`Guard` gave the request (also in its ``X-Request-Id`` answer header)."""
    return str(scope.get("jick.request_id", "-"))


class Guard:
    """Every HTTP answer gets the security headers and the request's id; ``HEAD`` is served as ``GET``
    without the body. ``on_status`` (if given) is told each answer's status."""

    def __init__(self, app: ASGIApp, on_status: Callable[[int], None] | None = None) -> None:
        self.app = app
        self.on_status = on_status

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = secrets.token_hex(4)
        scope["jick.request_id"] = rid
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        policy = DOCS_CSP if scope["path"] in ("/api/docs", "/api/docs/oauth2-redirect") else CSP

        async def guarded(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                if self.on_status is not None:
                    self.on_status(int(message["status"]))
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"content-security-policy"]
                headers += [*SECURITY_HEADERS, (b"content-security-policy", policy.encode())]
                headers.append((b"x-request-id", rid.encode()))
                message = {**message, "headers": headers}
            elif message["type"] == "http.response.body" and head:
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, guarded)


class TracebackBudget:
    """At most ``per_minute`` tracebacks a minute: a flood of faults cannot fill a disk."""

    def __init__(self, per_minute: int = MAX_TRACEBACKS) -> None:
        self.per_minute = per_minute
        self.stamps: list[float] = []

    def allow(self) -> bool:
        t = time.monotonic()
        self.stamps = [s for s in self.stamps if t - s < 60]
        if len(self.stamps) >= self.per_minute:
            return False
        self.stamps.append(t)
        return True

    def fault(self, what: str, exc: BaseException) -> None:
        """Log a server fault: with its traceback while the budget lasts, else in one line."""
        if self.allow():
            log.error("%s", what, exc_info=exc)
        else:
            log.error("%s: %s: %s (traceback withheld: too many this minute)", what, type(exc).__name__, exc)


class TooLarge(Rejected):
    """A request body that grew over the limit while it was read (a chunked body)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, "too_large", f"request bodies are limited to {limit} bytes")


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413 before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _error(413, "too_large", f"request bodies are limited to {self.limit} bytes")(
                    scope, receive, send
                )
                return
        seen = 0
        started = answered = False

        async def limited() -> Any:
            nonlocal seen, answered
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not started:  # answer 413 now: the app would turn the failed read into a 400
                        log.info("refused too_large: a streamed body over %d bytes [%s]", self.limit, request_id(scope))
                        await _error(413, "too_large", f"request bodies are limited to {self.limit} bytes")(
                            scope, receive, send
                        )
                        answered = True
                    raise TooLarge(self.limit)
            return message

        async def sending(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if answered:
                return  # the 413 went out; whatever the app says after it is dropped
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, sending)
        except TooLarge:
            if not answered:
                raise


class RateLimit:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        t = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


class _GuardedApp(FastAPI):
    """FastAPI with :class:`Guard` outside everything, so that even a 500 answer carries the headers."""

    on_status: Callable[[int], None] | None = None
    #: Several processes on one PostgreSQL: a table's requests go to its owner (``jick.server.hub``).
    cluster: Cluster | None = None

    def build_middleware_stack(self) -> ASGIApp:
        inner = super().build_middleware_stack()
        if self.cluster is not None:
            inner = RelayRouter(inner, self.cluster)
        return Guard(inner, self.on_status)


def create_app(db: str | Store, settings: Settings | None = None) -> FastAPI:
    """The server application on database ``db`` (a URL or a :class:`Store`)."""
    store = Store(db) if isinstance(db, str) else db
    tables = Tables(store, settings)
    analyses = Analyses(tables)
    cluster = None
    if tables.settings.redis is not None:
        if store.is_sqlite:
            raise ClusterError("several processes need PostgreSQL: --redis goes with a postgresql+psycopg:// --db")
        cluster = tables.owner = Cluster(store.url, tables.settings.redis, tables)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start()
        await tables.startup()
        try:
            yield
        finally:
            analyses.close()
            await tables.shutdown()
            if cluster is not None:
                await cluster.stop()

    app = _GuardedApp(
        title="jick server",
        version=str(P.PROTOCOL_VERSION),
        summary="Smear, Tarok and Lift Smoke tables over HTTP and websockets.",
        description="Create a table, hand out its invite links, play through one websocket per seat "
        "(`/ws/tables/{id}`, protocol in docs/server.md), watch, download the record.",
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.analyses = analyses
    app.state.cluster = app.cluster = cluster
    metrics = tables.metrics
    app.on_status = metrics.response

    faults = TracebackBudget()
    app.state.faults = faults

    # ------------------------------------------------------------------ errors
    @app.exception_handler(Rejected)
    async def rejected(request: Request, exc: Rejected) -> JSONResponse:
        metrics.errors.labels(exc.code).inc()
        if not isinstance(exc, TooLarge):  # BodyLimit logged it
            log.info(
                "refused %s %s: %s: %s [%s]", request.method, request.url.path, exc.code, exc.message, _rid(request)
            )
        return _error(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        message = _validation_message(exc)
        metrics.errors.labels("invalid_request").inc()
        log.info("invalid request %s %s: %s [%s]", request.method, request.url.path, message, _rid(request))
        return _error(422, "invalid_request", message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        metrics.errors.labels("http").inc()
        if exc.status_code >= 500:
            log.error("%s %s: %s [%s]", request.method, request.url.path, exc.detail, _rid(request))
        return _error(exc.status_code, "http", str(exc.detail))

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        faults.fault(f"internal error on {request.method} {request.url.path} [{_rid(request)}]", exc)
        metrics.errors.labels("internal").inc()
        return _error(500, "internal", "internal server error (logged)")

    errors: dict[int | str, dict[str, Any]] = {
        status: {"model": P.ErrorBody} for status in (400, 403, 404, 409, 413, 422)
    }
    comparing = asyncio.Lock()

    # ------------------------------------------------------------------ HTTP API
    @app.get("/api/games", tags=["games"], summary="The games and their presets")
    async def games() -> dict[str, Any]:
        from jick.game import registered_games

        return {
            "games": [
                {"name": g.name, "title": g.title, "default_preset": g.default_preset, "presets": g.preset_names()}
                for g in registered_games()
            ]
        }

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=errors, summary="Create a table")
    async def create_table(body: P.CreateTable) -> P.CreatedTable:
        """Rules as ``jick play`` takes them (preset, players, a house-rules TOML text, ``--set`` strings).

        The answer holds the host token, one invite (with its token) per human seat and the watch link
        (with its token): they are given only here. With ``start`` the match starts at once (a table
        against bots in one request).
        """
        created = await tables.create(body)
        if body.start:
            created.table = await tables.start(created.table.id, created.host_token)
        return created

    @app.get("/api/tables", tags=["tables"], responses=errors, summary="List tables")
    async def list_tables(
        status: Annotated[
            str, Query(max_length=100, description="Comma-separated statuses, or `all`.")
        ] = "open,running",
        authorization: Annotated[str | None, Header()] = None,
        x_jick_tokens: Annotated[
            str | None,
            Header(max_length=MAX_LIST_TOKENS * 201, description="Comma-separated tokens: their tables are listed."),
        ] = None,
    ) -> P.TableList:
        """The public tables, and the private ones a token of the request belongs to (a Bearer token, or
        several in ``X-Jick-Tokens``: host, seat or watch tokens)."""
        wanted = ("open", "running", "finished", "closed") if status == "all" else tuple(status.split(","))
        unknown = [s for s in wanted if s not in ("open", "running", "finished", "closed")]
        if unknown:
            raise Rejected(
                422,
                "invalid_request",
                f"status: unknown status {unknown[0]!r}; use open, running, finished, closed or all",
            )
        tokens = [t.strip() for t in (x_jick_tokens or "").split(",") if t.strip()][:MAX_LIST_TOKENS]
        bearer = _bearer(authorization)
        return P.TableList(tables=await tables.list(wanted, [*tokens, bearer] if bearer else tokens))

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=errors, summary="One table")
    async def get_table(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.TableInfo:
        """A public table, or a private one for a holder of one of its tokens (as a Bearer token)."""
        return (await tables.visible(table_id, _bearer(authorization))).info()

    @app.post("/api/tables/{table_id}/join", tags=["seats"], responses=errors, summary="Take a seat")
    async def join(table_id: str, body: P.JoinTable) -> P.Joined:
        """With an invite's token: claim that seat. Without (public tables): take a free seat and get its token."""
        return await tables.join(table_id, body)

    @app.post("/api/tables/{table_id}/start", tags=["host"], responses=errors, summary="Start the match")
    async def start(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.TableInfo:
        return await tables.start(table_id, _bearer(authorization))

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/bot", tags=["host"], responses=errors, summary="Give a seat to a bot"
    )
    async def replace_seat(
        table_id: str,
        seat: int,
        body: P.ReplaceSeat | None = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> P.TableInfo:
        """The seat's token stops working; the bot (the table's level unless ``level`` says) plays from now on."""
        level = body.level if body is not None else None
        return await tables.replace_by_bot(table_id, seat, _bearer(authorization), level)

    @app.post("/api/tables/{table_id}/seats/{seat}/mute", tags=["host"], responses=errors, summary="Mute a seat's chat")
    async def mute_seat(
        table_id: str,
        seat: int,
        body: P.MuteSeat | None = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> P.TableInfo:
        """The seat's chat messages are refused from now on (``{"muted": false}`` lets it speak again)."""
        muted = body.muted if body is not None else True
        return await tables.mute(table_id, seat, _bearer(authorization), muted)

    @app.get("/api/tables/{table_id}/chat", tags=["tables"], responses=errors, summary="The table's chat")
    async def chat(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.ChatLog:
        """Every line said at the table (chat messages and quick reactions), oldest first: for whoever may see
        the table (a private table's needs one of its tokens, as a Bearer token). The record leaves it out."""
        return await tables.chat_log(table_id, _bearer(authorization))

    @app.post("/api/tables/{table_id}/close", tags=["host"], responses=errors, summary="Close the table")
    async def close(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.TableInfo:
        return await tables.close(table_id, _bearer(authorization))

    @app.post("/api/tables/{table_id}/rematch", tags=["seats"], responses=errors, summary="Play the next match")
    async def rematch(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.TableInfo:
        """After a finished match, with a seat's or the host's token (as a Bearer token): the next match as a new
        table, started at once with the same rules and seats, the first deal passed to the next seat. Every
        connected person's token plays their seat there (the old table's ``next_match`` names it, so pages
        follow); a person who left is replaced by a bot. Asked again, it answers the same next match."""
        return await tables.rematch(table_id, _bearer(authorization))

    @app.get("/api/tables/{table_id}/record", tags=["tables"], responses=errors, summary="Download the record")
    async def record(table_id: str, authorization: Annotated[str | None, Header()] = None) -> JSONResponse:
        """The standard JSON record (`jick replay` reads it). While the match runs, only the deals already
        played, without the seed. A private table's needs one of its tokens (as a Bearer token)."""
        data = await tables.record(table_id, _bearer(authorization))
        name = f"jick-{data.get('preset') or data.get('game')}-{table_id}.json"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/presets", tags=["games"], summary="Every preset of every game, with its player counts")
    async def presets() -> dict[str, Any]:
        from jick.server.catalog import games_catalog

        return {"games": games_catalog()}

    @app.get("/api/presets/{name}", tags=["games"], responses=errors, summary="One preset's options")
    async def preset(name: str, players: Annotated[int | None, Query(ge=1, le=64)] = None) -> dict[str, Any]:
        """Every option of the preset (for ``players``) with its value and allowed values, as `jick presets NAME`."""
        from jick.server.catalog import preset_options

        try:
            return preset_options(name[:100], players)
        except JickError as exc:
            raise Rejected(404 if "unknown" in str(exc) else 400, "rules", str(exc)) from None

    @app.post("/api/tables/{table_id}/hint", tags=["seats"], responses=errors, summary="The hard bot's advice")
    async def hint(table_id: str, authorization: Annotated[str | None, Header()] = None) -> P.Hint:
        """For the seat of the Bearer token, when it is to act: what the hard bot would play and its value of
        every legal action (`hint` in `jick play`). The bot sees that seat's observation only."""
        return await tables.hint(table_id, _bearer(authorization))

    @app.post(
        "/api/compare",
        tags=["games"],
        responses={**errors, 429: {"model": P.ErrorBody}, 503: {"model": P.ErrorBody}},
        summary="What does this rule change?",
    )
    async def compare(body: P.CompareRules) -> dict[str, Any]:
        """``jick compare-rules`` with the heuristic bots: the same JSON as ``--json`` for the same parameters.

        At most 400 duplicate deals and 3 rule sets; one comparison at a time per server (429 while one runs),
        answered within 90 seconds or not at all (503)."""
        if comparing.locked():
            raise Rejected(429, "busy", "a comparison is already running on this server; try again in a minute")
        async with comparing:
            return await _compare(tables, body, lambda: float(app.state.compare_timeout))

    app.state.compare_timeout = COMPARE_TIMEOUT
    app.state.comparing = comparing

    @app.get("/api/tables/{table_id}/replay", tags=["tables"], responses=errors, summary="Replay a deal")
    async def table_replay(
        table_id: str,
        deal: Deal = None,
        frames: Frames = "all",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The report of the downloadable record (every deal's points and scores) and, with ``deal``, that
        deal action by action with every hand face up (only deals already over: the record withholds the rest).
        A private table's needs one of its tokens (as a Bearer token)."""
        return await tables.replay(table_id, deal, frames, _bearer(authorization))

    @app.post("/api/replay", tags=["tables"], responses=errors, summary="Replay a deal of an uploaded record")
    async def record_replay(request: Request, deal: Deal = None, frames: Frames = "all") -> dict[str, Any]:
        """As ``GET /api/tables/{id}/replay``, for a record sent as the request body (a `jick play` record)."""
        from jick.record import loads_record
        from jick.server.replays import replay_deal

        body = (await request.body()).decode("utf-8", "replace")
        if json_depth(body) > MAX_DEPTH:
            raise Rejected(400, "record", f"the record is nested too deeply (at most {MAX_DEPTH} levels)")
        try:
            record = loads_record(body, "the record")
            return await tables.db.call(replay_deal, record, deal, frames)
        except JickError as exc:
            raise Rejected(400, "record", str(exc)) from None

    busy = {**errors, 429: {"model": P.ErrorBody}, 503: {"model": P.ErrorBody}}

    @app.post("/api/tables/{table_id}/analysis", tags=["analysis"], responses=busy, summary="Analyse a finished table")
    async def table_analysis(
        table_id: str,
        response: Response,
        seat: AnalysedSeat = None,
        depth: AnalysisDepth = "quick",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Value every decision of ``seat`` (default: the Bearer token's seat, else the first person's) from what
        that seat knew (`jick analyse`). The stored analysis (200) if it was made before, else a job (202) to poll
        at `GET /api/analyses/{job}`; made once per seat and depth and kept with the table. Only a finished
        table; one analysis at a time per server process (429 while another runs)."""
        job = await analyses.for_table(table_id, _bearer(authorization), seat, depth)
        response.status_code = 200 if job.status == "done" else 202
        return job.answer()

    @app.post("/api/analysis", tags=["analysis"], responses=busy, summary="Analyse an uploaded record")
    async def record_analysis(
        request: Request, response: Response, seat: AnalysedSeat = None, depth: AnalysisDepth = "quick"
    ) -> dict[str, Any]:
        """As `POST /api/tables/{id}/analysis`, for a record sent as the body (kept in memory a while, not stored)."""
        from jick.record import loads_record

        body = (await request.body()).decode("utf-8", "replace")
        if json_depth(body) > MAX_DEPTH:
            raise Rejected(400, "record", f"the record is nested too deeply (at most {MAX_DEPTH} levels)")
        try:
            record = loads_record(body, "the record")
        except JickError as exc:
            raise Rejected(400, "record", str(exc)) from None
        job = await analyses.for_record(record, seat, depth)
        response.status_code = 200 if job.status == "done" else 202
        return job.answer()

    @app.get("/api/analyses/{job_id}", tags=["analysis"], responses=busy, summary="An analysis's progress")
    async def analysis_job(job_id: str) -> dict[str, Any]:
        """Decisions done of the total while it runs; with `analysis` once done (the `jick analyse --json`
        document). A job stopped by the server's time limit answers 503 (`too_slow`)."""
        job = analyses.job(job_id)
        if job.status == "failed":
            raise Rejected(
                503 if job.error in ("too_slow", "stopped") else 500, job.error or "failed", job.message or ""
            )
        return job.answer()

    @app.get("/api/protocol.schema.json", tags=["games"], summary="The websocket protocol's JSON Schema")
    async def schema() -> dict[str, Any]:
        return P.protocol_schema()

    # ------------------------------------------------------------------ operations
    @app.get("/healthz", tags=["operations"], summary="Liveness: 200 while the process serves")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get(
        "/readyz",
        tags=["operations"],
        responses={503: {"model": P.ErrorBody, "description": "Not ready: the reason in one line"}},
        summary="Readiness: the database answers and its schema is at the migrations' head",
    )
    async def readyz() -> JSONResponse:
        try:
            why = await asyncio.wait_for(asyncio.to_thread(tables.db.store.readiness), PROBE_TIMEOUT)
        except TimeoutError:
            why = f"the database did not answer within {PROBE_TIMEOUT:g} s"
        if why is not None:
            log.info("not ready: %s", why)
            return _error(503, "not_ready", why)
        return JSONResponse({"status": "ready"})

    @app.get(
        "/metrics",
        tags=["operations"],
        response_class=Response,
        responses={200: {"content": {CONTENT_TYPE.split(";")[0]: {}}, "description": "Prometheus text format"}},
        summary="Prometheus metrics",
    )
    async def prometheus_metrics() -> Response:
        """Tables by status (from the database), open sockets, actions, latencies and errors of this process."""
        try:
            counts = await asyncio.wait_for(asyncio.to_thread(tables.db.store.count_tables), PROBE_TIMEOUT)
        except Exception as exc:  # the database is down: the other metrics still answer
            log.info("metrics: tables not counted: %s", str(exc) or type(exc).__name__)
        else:
            for status, n in counts.items():
                metrics.tables.labels(status).set(n)
        seats, spectators = tables.sockets()
        metrics.sockets.labels("seat").set(seats)
        metrics.sockets.labels("spectator").set(spectators)
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/tables/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        client = ws.client
        peer = f"{client.host}:{client.port}" if client else "?"
        conn = Connection(peer, tables.settings.send_queue, metrics)
        sender = asyncio.create_task(_send_loop(ws, conn))
        table: Table | None = None
        try:
            try:
                table = await tables.find(table_id)
            except Rejected as exc:
                conn.error(exc.code, exc.message)
                conn.close(1011, "table unavailable")
                return
            if table is None:
                conn.error("unknown_table", f"no table {table_id!r}")
                conn.close(4404, "unknown table")
                return
            hello = await _hello(ws, conn, tables.settings.hello_timeout)
            if hello is None or not await tables.attach(table, conn, hello):
                conn.close(4401 if hello is not None else 4400, "no seat")
                log.info("%s: refused on table %s", peer, table_id)
                return
            await _receive_loop(ws, conn, table, tables)
        except WebSocketDisconnect:
            pass
        except Exception as exc:
            faults.fault(f"websocket {peer} on table {table_id} failed", exc)
            conn.error("internal", "internal server error (logged)")
            conn.close(1011, "internal error")
        finally:
            if table is not None:
                tables.detach(table, conn)
            conn.close()
            try:
                await asyncio.wait_for(sender, 5)
            except (TimeoutError, asyncio.CancelledError):
                sender.cancel()

    # ------------------------------------------------------------------ the page
    static = Path(__file__).with_name("static")
    app.mount("/static", StaticFiles(directory=static), name="static")
    page = static / "index.html"

    @app.get("/", include_in_schema=False)
    async def start_page() -> FileResponse:
        return FileResponse(page)

    @app.get("/{where}/{table_id}", include_in_schema=False)
    @app.get("/replay", include_in_schema=False)
    async def table_page(where: str = "replay", table_id: str = "") -> FileResponse:
        if where not in ("play", "watch", "replay"):
            raise Rejected(404, "http", "Not Found")
        return FileResponse(page)

    app.add_middleware(BodyLimit)
    return app


async def _compare(tables: Tables, body: P.CompareRules, timeout: Callable[[], float]) -> dict[str, Any]:
    """Check the rule sets, play the comparison's units in the bot pool a batch at a time, summarise."""
    from jick.compare.runner import Variant, finish_compare, parse_variant, plan_compare, play_units, resolve_variants
    from jick.options import parse_sets

    started = time.monotonic()
    try:
        preset = body.preset or "smear_ten_point"
        base_name = body.name or preset + (" " + " ".join(body.set) if body.set else "")
        base = Variant(base_name, preset, body.players, parse_sets(body.set))
        changes = [parse_variant(text, text.strip()) for text in body.vs]
        game, variants = await asyncio.to_thread(resolve_variants, base, changes)
        tasks, parameters = plan_compare(variants, game, body.hands, body.seed, body.matches)
    except JickError as exc:
        raise Rejected(400, "rules", str(exc)) from None
    results: list[Any] = []
    for i in range(0, len(tasks), COMPARE_BATCH):
        limit = timeout()  # read at every batch: a server may tighten it while one runs
        left = limit - (time.monotonic() - started)
        if left <= 0:
            raise Rejected(503, "too_slow", f"the comparison took over {limit:g} s; compare fewer hands")
        try:
            results += await asyncio.wait_for(tables.bots.run(play_units, tasks[i : i + COMPARE_BATCH]), left)
        except TimeoutError:
            raise Rejected(503, "too_slow", f"the comparison took over {limit:g} s; compare fewer hands") from None
    result: dict[str, Any] = await asyncio.to_thread(lambda: finish_compare(tasks, results, parameters).to_dict())
    log.info(
        "compared %d rule sets of %s on %d hands in %.1f s",
        len(tasks[0].variants),
        game,
        body.hands,
        time.monotonic() - started,
    )
    return result


def _rid(request: Request) -> str:
    return request_id(request.scope)


async def _send_loop(ws: WebSocket, conn: Connection) -> None:
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                break
            await ws.send_text(text)
        if ws.application_state == WebSocketState.CONNECTED:
            await ws.close(conn.close_code, conn.close_reason)
    except Exception:  # the client went away: nothing more to send
        conn.closed = True


def _parse(conn: Connection, message: Mapping[str, Any]) -> P.Hello | P.Act | P.Say | P.React | P.Ping | None:
    """A client message from a websocket frame, or None (an error sent) if it is unusable."""
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > P.MAX_MESSAGE:
            conn.error("too_large", f"messages are limited to {P.MAX_MESSAGE} bytes")
            return None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            conn.error("bad_json", "a message must be UTF-8 JSON text")
            return None
    if len(text) > P.MAX_MESSAGE or len(text.encode("utf-8", "replace")) > P.MAX_MESSAGE:
        conn.error("too_large", f"messages are limited to {P.MAX_MESSAGE} bytes")
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        conn.error("bad_json", "a message must be one JSON object")
        return None
    if not isinstance(data, dict):
        conn.error("bad_json", "a message must be one JSON object")
        return None
    kind = data.get("type")
    if kind not in P.CLIENT_TYPES:
        conn.error("unknown_type", f"unknown message type {str(kind)[:40]!r}; types are {', '.join(P.CLIENT_TYPES)}")
        return None
    try:
        return P.client_messages.validate_python(data)
    except ValidationError as exc:
        # a chat line that cannot be said (too long, blank, a control character) has its own code
        conn.error("chat_invalid" if kind in ("chat", "reaction") else "invalid", _validation_message(exc))
        return None


async def _hello(ws: WebSocket, conn: Connection, timeout: float) -> P.Hello | None:
    try:
        message = await asyncio.wait_for(ws.receive(), timeout)
    except TimeoutError:
        conn.error("hello", f"say hello within {timeout:g} seconds")
        return None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    parsed = _parse(conn, message)
    if parsed is None:
        return None
    if not isinstance(parsed, P.Hello):
        conn.error("hello", "the first message must be a hello")
        return None
    return parsed


async def _receive_loop(ws: WebSocket, conn: Connection, table: Table, tables: Tables) -> None:
    limit = RateLimit(tables.settings.rate, tables.settings.burst)
    violations = 0
    while not conn.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not limit.allow():
            violations += 1
            if violations >= MAX_VIOLATIONS:
                log.warning("%s: too many messages; disconnected", conn.peer)
                conn.error("rate_limited", "too many messages; disconnected")
                conn.close(1008, "rate limit")
                return
            conn.error("rate_limited", f"at most {tables.settings.rate:g} messages a second; this one was dropped")
            continue
        violations = 0
        parsed = _parse(conn, message)
        if parsed is None:
            log.info("%s: unusable message on table %s", conn.peer, table.id)
        elif isinstance(parsed, P.Act):
            await tables.act(table, conn, parsed)
        elif isinstance(parsed, P.Say | P.React):
            await tables.say(table, conn, parsed)
        elif isinstance(parsed, P.Ping):
            conn.send('{"type":"pong"}')
        else:
            conn.error("hello", "hello was already said")
