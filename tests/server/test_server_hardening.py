"""The findings of the outside audit of the server (issue 28, items 2-6), each with its regression test.

Nothing half-done (a refused name leaves no mark in memory or the database),
bounded parsing (deep TOML and JSON get a one-line 4xx and one log line),
strict messages (no "2" for 2, no true for 1), private tables (listed, watched
and downloaded only with one of their tokens), security headers and ``HEAD``.
Each runs on a real server over real sockets, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from jick.cli import app as cli_app
from jick.server.app import CSP, TracebackBudget
from jick.server.protocol import protocol_schema, server_messages

from .kit import LiveServer, create_table, host

#: Names no table or seat may have: NUL, other C0 and C1 controls, DEL, a bidirectional override, too long.
BAD_NAMES = ["a\u0000b", "tab\there", "bell\u0007", "del\u007f", "c1\u0085c1", "evil\u202eexe.txt", "x" * 41]


@pytest.fixture
def server(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url, hello_timeout=2.0) as live:
        yield live


@pytest.fixture
def http(server: LiveServer) -> Iterator[httpx.Client]:
    with server.http() as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def receive(ws: ClientConnection) -> dict[str, Any]:
    text = ws.recv(timeout=5)
    assert isinstance(text, str) and "Traceback" not in text
    message: dict[str, Any] = json.loads(text)
    server_messages.validate_python(message)
    return message


def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(20):
        message = receive(ws)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def hello(server: LiveServer, table_id: str, **fields: Any) -> ClientConnection:
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=15, close_timeout=1, legacy=True)
    ws.send(json.dumps({"type": "hello", **fields}))
    return ws


def one_line_4xx(response: httpx.Response, status: int | None = None) -> dict[str, Any]:
    assert 400 <= response.status_code < 500, response.text
    assert status is None or response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error", "message"} and body["message"] and "\n" not in body["message"]
    assert "Traceback" not in response.text
    return body


# ---------------------------------------------------------------------------- 2. nothing half-done
def test_a_nul_name_join_leaves_the_seat_free_and_the_invite_working(server: LiveServer, http: httpx.Client) -> None:
    created = create_table(http, preset="tarok_3p", public=True)
    table_id = created["table"]["id"]
    body = one_line_4xx(http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "a\u0000b"}), 422)
    assert body["message"] == "name: a name may not hold control characters (U+0000 at 2)"
    assert http.get(f"/api/tables/{table_id}").json()["seats"][1]["status"] == "free"
    # the invite of seat 1 still holds it: its person joins by link
    invite = next(i["token"] for i in created["invites"] if i["seat"] == 1)
    with hello(server, table_id, token=invite, name="Ann") as ws:
        welcome = until(ws, "welcome")
        assert welcome["seat"] == 1 and welcome["table"]["seats"][1]["name"] == "Ann"
    # and a stranger's valid join takes the next free seat
    joined = http.post(f"/api/tables/{table_id}/join", json={"seat": 2, "name": "  Bo  "})
    assert joined.status_code == 200 and joined.json()["table"]["seats"][2]["name"] == "Bo"


@pytest.mark.parametrize("name", BAD_NAMES, ids=range(len(BAD_NAMES)))
def test_control_characters_and_long_names_are_refused_in_create_join_and_hello(
    server: LiveServer, http: httpx.Client, name: str
) -> None:
    one_line_4xx(http.post("/api/tables", json={"preset": "tarok_3p", "name": name * 3}), 422)
    created = create_table(http, preset="tarok_3p")
    table_id = created["table"]["id"]
    invite = created["invites"][0]["token"]
    one_line_4xx(http.post(f"/api/tables/{table_id}/join", json={"token": invite, "name": name}), 422)
    with hello(server, table_id, token=invite, name=name) as ws:
        error = until(ws, "error")
        assert error["code"] == "invalid" and error["message"].startswith("hello.name: ")
    seats = http.get(f"/api/tables/{table_id}", headers=host(created)).json()["seats"]
    assert seats[0]["status"] == "free" and seats[0]["name"] is None
    with hello(server, table_id, token=invite, name="Cy") as ws:  # the seat took no harm
        assert until(ws, "welcome")["table"]["seats"][0]["name"] == "Cy"


def test_a_join_the_database_refuses_changes_nothing_in_memory(server: LiveServer, http: httpx.Client) -> None:
    created = create_table(http, preset="tarok_3p", public=True)
    table_id = created["table"]["id"]
    store = server.app.state.tables.db.store
    real = store.update_seat

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is full")

    store.update_seat = broken
    try:
        failed = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"})
        assert failed.status_code == 500 and failed.json()["error"] == "internal"
        assert failed.headers["content-security-policy"] == CSP and failed.headers["x-frame-options"] == "DENY"
        invite = created["invites"][1]["token"]
        with hello(server, table_id, token=invite, name="Bo") as ws:
            assert until(ws, "error")["code"] == "store"
    finally:
        store.update_seat = real
    seats = http.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["status"] for s in seats] == ["free", "free", "free"] and seats[0]["name"] is None
    assert http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).status_code == 200
    with hello(server, table_id, token=invite, name="Bo") as ws:
        assert until(ws, "welcome")["seat"] == 1


# ---------------------------------------------------------------------------- 3. bounded parsing
def _jick_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("jick")]


@pytest.mark.parametrize(
    ("path", "payload", "code"),
    [
        ("/api/tables", {"json": {"rules": "x = " + "[" * 5000}}, "rules"),
        ("/api/tables", {"json": {"rules": "x = " + "{a = " * 3000}}, "rules"),
        ("/api/replay", {"content": b"[" * 30_000}, "record"),
        ("/api/replay", {"content": b'{"a":' * 10_000}, "record"),
    ],
    ids=["toml-arrays", "toml-tables", "json-arrays", "json-objects"],
)
def test_deep_nesting_gets_a_4xx_and_one_log_line_without_traceback(
    http: httpx.Client, caplog: pytest.LogCaptureFixture, path: str, payload: dict[str, Any], code: str
) -> None:
    with caplog.at_level(logging.DEBUG):
        response = http.post(path, **payload)
    body = one_line_4xx(response, 400)
    assert body["error"] == code and "nested too deeply" in body["message"]
    lines = _jick_records(caplog)
    assert len(lines) == 1, [r.getMessage() for r in lines]
    rid = response.headers["x-request-id"]
    assert rid in lines[0].getMessage() and "\n" not in lines[0].getMessage()
    assert all(r.exc_info is None for r in caplog.records)
    assert "Traceback" not in caplog.text


def test_the_cli_refuses_deep_house_rules_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000)
    result = CliRunner().invoke(cli_app, ["play", "--rules", str(path), "--seats", "random,random,random,random"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    why = "is nested too deeply (arrays and tables at most 32 levels deep)"
    assert lines == [f"jick: error: rules file {str(path)!r} {why}"]


def test_a_chunked_body_over_the_limit_gets_413(http: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(20):
            yield b" " * 8192

    for path in ("/api/tables", "/api/replay"):
        response = http.post(path, content=chunks(), headers={"content-type": "application/json"})
        assert response.status_code == 413, response.text
        assert response.json()["error"] == "too_large"
    assert http.get("/api/games").status_code == 200  # the server is fine


def test_tracebacks_of_server_faults_are_rate_limited(caplog: pytest.LogCaptureFixture) -> None:
    budget = TracebackBudget(per_minute=3)
    with caplog.at_level(logging.ERROR, logger="jick.server"):
        for n in range(20):
            try:
                raise ValueError(f"fault {n}")
            except ValueError as exc:
                budget.fault("internal error on GET /x", exc)
    assert len(caplog.records) == 20
    assert sum(r.exc_info is not None for r in caplog.records) == 3
    assert "traceback withheld" in caplog.records[-1].getMessage()


# ---------------------------------------------------------------------------- 4. strict messages
@pytest.mark.parametrize(
    ("message", "where"),
    [
        ({"type": "action", "action": "pass", "ply": "0"}, "action.ply"),
        ({"type": "action", "action": True}, "action.action"),
        ({"type": "action", "action": "pass", "ply": False}, "action.ply"),
    ],
    ids=["string-ply", "bool-action", "bool-ply"],
)
def test_mistyped_fields_are_refused_over_the_websocket_and_by_the_schema(
    server: LiveServer, http: httpx.Client, message: dict[str, Any], where: str
) -> None:
    created = create_table(http, preset="smear_ten_point", seed=11)
    table_id = created["table"]["id"]
    assert http.post(f"/api/tables/{table_id}/start", headers=host(created)).status_code == 200
    with hello(server, table_id, watch_token=created["watch_token"]) as ws:
        seat = until(ws, "view")["observation"]["current_player"]
    with hello(server, table_id, token=created["invites"][seat]["token"]) as ws:
        assert until(ws, "view")["observation"]["current_player"] == seat
        ws.send(json.dumps(message))
        error = until(ws, "error")
        assert error["code"] == "invalid" and error["message"].startswith(where), error
        ws.send(json.dumps({"type": "action", "action": "pass", "ply": 0}))  # the right types are taken
        assert until(ws, "view")["ply"] == 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(message, protocol_schema())
    jsonschema.validate({"type": "action", "action": "pass", "ply": 0}, protocol_schema())
    jsonschema.validate({"type": "action", "action": 124}, protocol_schema())


@pytest.mark.parametrize(
    "body",
    [{"seat": True}, {"seat": "1"}, {"seat": 1.0}, {"name": 5}],
    ids=["bool-seat", "string-seat", "float-seat", "number-name"],
)
def test_mistyped_join_fields_are_refused(http: httpx.Client, body: dict[str, Any]) -> None:
    created = create_table(http, preset="tarok_3p", public=True)
    one_line_4xx(http.post(f"/api/tables/{created['table']['id']}/join", json=body), 422)
    assert all(s["status"] == "free" for s in http.get(f"/api/tables/{created['table']['id']}").json()["seats"])


@pytest.mark.parametrize("body", [{"players": "3"}, {"players": True}, {"public": 1}, {"seed": "5"}])
def test_mistyped_create_fields_are_refused(http: httpx.Client, body: dict[str, Any]) -> None:
    one_line_4xx(http.post("/api/tables", json={"preset": "tarok_3p", **body}), 422)


def test_lone_surrogates_are_refused(server: LiveServer, http: httpx.Client) -> None:
    """JSON lets "\\ud800" through; no database stores it, so it is refused before it reaches one."""
    for body in (b'{"preset": "\\ud800"}', b'{"name": "a\\udc00"}'):
        response = http.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert "valid Unicode" in one_line_4xx(response, 422)["message"]
    created = create_table(http, preset="tarok_3p")
    with hello(server, created["table"]["id"], token=created["invites"][0]["token"], name="\ud800") as ws:
        assert until(ws, "error")["code"] == "invalid"


def test_the_schema_says_what_a_name_may_hold() -> None:
    schema = protocol_schema()
    hello_ok = {"type": "hello", "token": "t", "name": "Ann Ø 👍"}
    jsonschema.validate(hello_ok, schema)
    for name in ("a\u0000b", "a\u202eb", "x" * 41):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**hello_ok, "name": name}, schema)


# ---------------------------------------------------------------------------- 5. private stays private
def test_private_tables_are_hidden_from_strangers_and_open_to_their_tokens(
    server: LiveServer, http: httpx.Client
) -> None:
    private = create_table(http, preset="tarok_3p", seats=["human", "random", "random"], name="Secret club")
    public = create_table(http, preset="tarok_3p", public=True, name="Open house")
    pid = private["table"]["id"]
    assert private["watch_url"].endswith(f"/watch/{pid}#{private['watch_token']}")
    assert len(private["watch_token"]) >= 32

    def listed(**headers: str) -> set[str]:
        response = http.get("/api/tables", params={"status": "all"}, headers=headers)
        assert response.status_code == 200
        return {t["id"] for t in response.json()["tables"]}

    assert listed() == {public["table"]["id"]}
    assert "Secret club" not in http.get("/api/tables", params={"status": "all"}).text
    seat_token = private["invites"][0]["token"]
    for token in (private["host_token"], seat_token, private["watch_token"]):
        assert listed(Authorization=f"Bearer {token}") == {pid, public["table"]["id"]}
        assert listed(**{"X-Jick-Tokens": f"nope,{token}"}) == {pid, public["table"]["id"]}
    assert listed(Authorization=f"Bearer {public['host_token']}") == {public["table"]["id"]}

    http.post(f"/api/tables/{pid}/start", headers=host(private))
    paths = [f"/api/tables/{pid}", f"/api/tables/{pid}/record", f"/api/tables/{pid}/replay"]
    strangers: list[dict[str, str]] = [{}, bearer("A" * 32), bearer(public["host_token"])]
    for path in paths:
        for headers in strangers:
            assert one_line_4xx(http.get(path, headers=headers), 403)["error"] == "private_table"
        for token in (private["host_token"], seat_token, private["watch_token"]):
            assert http.get(path, headers=bearer(token)).status_code == 200, path

    for fields in ({}, {"watch_token": "A" * 32}, {"watch_token": public["watch_token"]}):
        with hello(server, pid, **fields) as ws:
            assert until(ws, "error")["code"] == "private_table"
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
    for token in (private["watch_token"], private["host_token"], seat_token):
        with hello(server, pid, watch_token=token) as ws:
            welcome = until(ws, "welcome")
            assert welcome["seat"] is None
            assert until(ws, "view")["observation"]["hand"] is None  # a spectator's view

    # a public table is anyone's to watch and download
    with hello(server, public["table"]["id"]) as ws:
        assert until(ws, "welcome")["seat"] is None
    for path in (f"/api/tables/{public['table']['id']}", f"/api/tables/{public['table']['id']}/record"):
        assert http.get(path).status_code == 200


def test_the_watch_token_survives_a_restart(db_url: str) -> None:
    with LiveServer(db_url) as server, server.http() as http:
        created = create_table(http, preset="tarok_3p")
        table_id = created["table"]["id"]
    with LiveServer(db_url) as server, server.http() as http:
        assert http.get(f"/api/tables/{table_id}").status_code == 403
        assert http.get(f"/api/tables/{table_id}", headers=bearer(created["watch_token"])).status_code == 200
        with hello(server, table_id, watch_token=created["watch_token"]) as ws:
            assert until(ws, "welcome")["seat"] is None


# ---------------------------------------------------------------------------- 6. headers and methods
def test_every_answer_has_the_security_headers_and_head_works(http: httpx.Client) -> None:
    created = create_table(http, preset="tarok_3p")
    pages = ["/", f"/play/{created['table']['id']}", f"/watch/{created['table']['id']}", "/replay"]
    api = ["/api/games", "/api/presets", "/api/protocol.schema.json", f"/api/tables/{created['table']['id']}"]
    static = ["/static/jick.css", "/static/js/app.js"]
    for path in [*pages, *api, *static, "/api/nothing", "/nowhere/at/all"]:
        response = http.get(path, headers=host(created))
        assert response.headers["content-security-policy"] == CSP, path
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-request-id"]
    refused = http.post("/api/tables", json={"players": "3"})
    assert refused.status_code == 422 and refused.headers["x-frame-options"] == "DENY"
    for path in [*pages, *api, *static]:
        got = http.get(path, headers=host(created))
        head = http.head(path, headers=host(created))
        assert head.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"]
        assert head.headers["x-content-type-options"] == "nosniff"
    assert http.head("/api/tables/nosuchtable1").status_code == 404
    assert http.head(f"/api/tables/{created['table']['id']}").status_code == 403  # private, as with GET
