"""Bad input never crashes the server or changes a game, and always gets an answer a client can read.

Malformed JSON, unknown message types, oversized messages, actions out of
turn or illegal, stale positions, forged, foreign and revoked tokens,
spectators acting, unknown tables, absurd table options (the CLI's one-line
``RulesError`` text), bodies too large, too many messages: each is answered by
an ``error`` or ``refused`` message or an HTTP 4xx JSON body, and logged; the
game is unchanged and no stack trace reaches the client.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from jick.server.protocol import server_messages

from .kit import LiveServer, create_table, host


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("input") / "jick.db"
    with LiveServer(f"sqlite:///{db}", hello_timeout=1.0, rate=50.0, burst=20.0) as live:
        yield live


@pytest.fixture
def http(server: LiveServer) -> Iterator[httpx.Client]:
    with server.http() as client:
        yield client


@pytest.fixture
def table(http: httpx.Client) -> dict[str, Any]:
    """A started Smear table of four people."""
    created = create_table(http, preset="smear_ten_point", seed=11)
    assert http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created)).status_code == 200
    return created


def token(table: dict[str, Any], seat: int) -> str:
    return next(i["token"] for i in table["invites"] if i["seat"] == seat)


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


def open_ws(url: str) -> ClientConnection:
    """A websocket left open across helpers (closed by ``with`` or ``.close()``)."""
    return connect(url, open_timeout=15, close_timeout=1, legacy=True)


def whose_turn(server: LiveServer, table: dict[str, Any]) -> int:
    with seat_ws(server, table, None) as ws:
        seat: int = to_act(ws)["observation"]["current_player"]
        return seat


def seat_ws(server: LiveServer, table: dict[str, Any], seat: int | None) -> ClientConnection:
    ws = open_ws(f"{server.ws_url}/ws/tables/{table['table']['id']}")
    hello = {"type": "hello", "token": None if seat is None else token(table, seat)}
    if seat is None:
        hello["watch_token"] = table["watch_token"]
    ws.send(json.dumps(hello))
    assert receive(ws)["type"] == "welcome"
    return ws


def ply(http: httpx.Client, table: dict[str, Any]) -> int:
    value: int = http.get(f"/api/tables/{table['table']['id']}", headers=host(table)).json()["ply"]
    return value


def to_act(ws: ClientConnection) -> dict[str, Any]:
    view = until(ws, "view")
    return view


# ---------------------------------------------------------------------------- websocket messages
@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('"action"', "bad_json"),
        ("[" * 10_000 + "]" * 10_000, "bad_json"),
        ('{"type": "shout"}', "unknown_type"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": "action"}', "invalid"),
        ('{"type": "action", "action": ["5"]}', "invalid"),
        ('{"type": "action", "action": "5", "seat": 2}', "invalid"),
        ('{"type": "hello", "token": "x"}', "hello"),
        ("x" * (64 * 1024 + 1), "too_large"),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(
    server: LiveServer,
    http: httpx.Client,
    table: dict[str, Any],
    payload: str,
    code: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with seat_ws(server, table, 1) as ws:
        to_act(ws)
        before = ply(http, table)
        with caplog.at_level(logging.INFO, logger="jick.server"):
            ws.send(payload)
            error = until(ws, "error")
        assert error["code"] == code and error["message"]
        ws.send('{"type": "ping"}')
        assert until(ws, "pong") == {"type": "pong"}  # still connected
        assert ply(http, table) == before
    if code not in ("hello",):
        assert any("unusable message" in r.getMessage() for r in caplog.records)


def test_binary_frames_that_are_not_utf8_json(server: LiveServer, table: dict[str, Any]) -> None:
    with seat_ws(server, table, 1) as ws:
        ws.send(b"\xff\xfe\x00")
        assert until(ws, "error")["code"] == "bad_json"
        ws.send(json.dumps({"type": "ping"}).encode())
        assert until(ws, "pong")


def test_out_of_turn_illegal_unreadable_and_stale_actions_are_refused(
    server: LiveServer, http: httpx.Client, table: dict[str, Any]
) -> None:
    seat = whose_turn(server, table)
    other = (seat + 1) % 4
    with seat_ws(server, table, seat) as first, seat_ws(server, table, other) as second:
        view = to_act(first)
        legal = [a["action"] for a in view["observation"]["legal_actions"]]
        to_act(second)
        second.send(json.dumps({"type": "action", "action": "pass"}))  # acting in another seat's turn
        refused = until(second, "refused")
        assert refused["reason"] == f"it is seat {seat}'s turn, not seat {other}'s" and refused["legal"] == []
        first.send(json.dumps({"type": "action", "action": "11"}))
        refused = until(first, "refused")
        assert refused["reason"] == "bid 11 is above the maximum bid 10"
        assert [a["action"] for a in refused["legal"]] == legal
        first.send(json.dumps({"type": "action", "action": "AZ"}))
        assert "is not a Smear action" in until(first, "refused")["reason"]
        first.send(json.dumps({"type": "action", "action": 100_000}))
        assert "not an action id" in until(first, "refused")["reason"]
        first.send(json.dumps({"type": "action", "action": "pass", "ply": 7}))
        assert until(first, "refused")["reason"] == "stale: the game is at ply 0, not 7"
        assert ply(http, table) == 0
        first.send(json.dumps({"type": "action", "action": "pass", "ply": 0}))
        assert until(first, "view")["ply"] == 1


def test_spectators_cannot_act(server: LiveServer, http: httpx.Client, table: dict[str, Any]) -> None:
    with seat_ws(server, table, None) as ws:
        view = to_act(ws)
        assert view["seat"] is None and view["observation"]["hand"] is None
        ws.send(json.dumps({"type": "action", "action": "pass"}))
        assert until(ws, "error")["code"] == "spectator"
    assert ply(http, table) == 0


@pytest.mark.parametrize("which", ["forged", "other table", "host token", "empty"])
def test_tokens_that_hold_no_seat_are_refused(
    server: LiveServer, http: httpx.Client, table: dict[str, Any], which: str
) -> None:
    other = create_table(http, preset="tarok_3p")
    bad = {
        "forged": "A" * 32,
        "other table": other["invites"][0]["token"],
        "host token": table["host_token"],
        "empty": "",
    }[which]
    ws = open_ws(f"{server.ws_url}/ws/tables/{table['table']['id']}")
    ws.send(json.dumps({"type": "hello", "token": bad}))
    assert until(ws, "error")["code"] == "bad_token"
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    response = http.post(f"/api/tables/{table['table']['id']}/join", json={"token": bad})
    assert response.status_code == 403 and response.json()["error"] == "bad_token"


def test_a_token_of_a_seat_given_to_a_bot_stops_working(
    server: LiveServer, http: httpx.Client, table: dict[str, Any]
) -> None:
    table_id = table["table"]["id"]
    with seat_ws(server, table, 3) as ws:
        to_act(ws)
        assert http.post(f"/api/tables/{table_id}/seats/3/bot", json={"level": "random"}).status_code == 403
        response = http.post(f"/api/tables/{table_id}/seats/3/bot", json={"level": "random"}, headers=host(table))
        assert response.status_code == 200 and response.json()["seats"][3]["kind"] == "random"
        assert until(ws, "error")["code"] == "seat_revoked"
    again = open_ws(f"{server.ws_url}/ws/tables/{table_id}")
    again.send(json.dumps({"type": "hello", "token": token(table, 3)}))
    assert until(again, "error")["code"] == "bad_token"
    again.close()
    assert http.post(f"/api/tables/{table_id}/join", json={"token": token(table, 3)}).status_code == 403


def test_a_second_connection_with_the_same_token_takes_the_seat_over(server: LiveServer, table: dict[str, Any]) -> None:
    with seat_ws(server, table, 0) as old, seat_ws(server, table, 0) as new:
        assert until(old, "error")["code"] == "replaced"
        to_act(new)
        new.send('{"type": "ping"}')
        assert until(new, "pong")


def test_unknown_tables(server: LiveServer, http: httpx.Client) -> None:
    for table_id in ("nosuchtable1", "bad%20id", "x" * 200):
        ws = open_ws(f"{server.ws_url}/ws/tables/{table_id}")
        assert until(ws, "error")["code"] == "unknown_table"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/record"):
            response = http.get(path)
            assert response.status_code == 404 and set(response.json()) == {"error", "message"}


def test_hello_must_come_first_and_in_time(server: LiveServer, table: dict[str, Any]) -> None:
    ws = open_ws(f"{server.ws_url}/ws/tables/{table['table']['id']}")
    ws.send('{"type": "ping"}')
    assert until(ws, "error")["code"] == "hello"
    late = open_ws(f"{server.ws_url}/ws/tables/{table['table']['id']}")
    assert until(late, "error")["code"] == "hello"  # said nothing for hello_timeout (1 s)


def test_too_many_messages_are_dropped(server: LiveServer, http: httpx.Client, table: dict[str, Any]) -> None:
    with seat_ws(server, table, (whose_turn(server, table) + 1) % 4) as ws:
        to_act(ws)
        for _ in range(60):
            ws.send('{"type": "action", "action": "pass"}')
        codes = []
        for _ in range(60):
            message = receive(ws)
            codes.append(message.get("code") or message.get("type"))
        assert "rate_limited" in codes and "refused" in codes
    assert ply(http, table) == 0


# ---------------------------------------------------------------------------- HTTP
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"set": ["max_bid=12"]}, "max_bid = 12 is above the 10 points available (point_values)"),
        (
            {"preset": "smear_nine_card", "set": ["renege_mode=penalize"]},
            "trump_only_play = true cannot be combined with renege_mode = penalize (non-trumps are dead)",
        ),
        ({"preset": "tarok_3p", "set": ["jack_value=4"]}, "option jack_value = 4 is not allowed; use 2 | 3"),
        ({"preset": "lift_smoke", "set": ["bankroll=0"]}, "option bankroll = 0 is below ante = 1: nobody could ante"),
        ({"set": ["target_score"]}, "--set 'target_score' must look like option=value"),
        ({"seats": ["human", "bot", "bot"]}, "--seats names 3 seats but the game has 4 players"),
        ({"seats": ["human", "wizard", "bot", "bot"]}, "--seats: unknown player 'wizard'"),
        # a bot's options (the arena's KIND:NAME=VALUE) never reach a table: no bot thinks a quarter hour here
        ({"seats": ["human", "search:think=900", "bot", "bot"]}, "--seats: unknown player 'search:think=900'"),
        ({"seats": ["cheater", "bot", "bot", "bot"]}, "--seats: the cheater bot sees every card"),
        ({"bot_level": "godlike"}, "--bot 'godlike': choose easy, normal, hard"),
        ({"preset": "chess"}, "unknown preset 'chess'"),
        ({"rules": "target_score = "}, "house rules is not valid TOML"),
        ({"rules": 'preset = "smear_widow"\nmax_bid = 99'}, "max_bid = 99"),
    ],
)
def test_absurd_table_options_get_the_clis_one_line_message(
    http: httpx.Client, body: dict[str, Any], message: str
) -> None:
    response = http.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    data = response.json()
    assert data["error"] == "rules" and message in data["message"] and "\n" not in data["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"players": 1000},
        {"players": 2},
        {"away_timeout": -1},
        {"away_timeout": 1e12},
        {"set": ["x=1"] * 1000},
        {"seed": -5},
        {"name": "n" * 1000},
        {"unknown_field": 1},
        {"preset": 5},
    ],
)
def test_out_of_range_table_options_are_4xx_json(http: httpx.Client, body: dict[str, Any]) -> None:
    response = http.post("/api/tables", json=body)
    assert 400 <= response.status_code < 500, response.text
    assert set(response.json()) == {"error", "message"} and "Traceback" not in response.text


def test_malformed_and_oversized_bodies(http: httpx.Client) -> None:
    response = http.post("/api/tables", content=b"{oops", headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.json()["error"] == "invalid_request"
    response = http.post("/api/tables", content=b"[" * 100_000, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "too_large"
    response = http.get("/api/tables", params={"status": "bogus"})
    assert response.status_code == 422
    response = http.get("/api/nothing/here")
    assert response.status_code == 404 and set(response.json()) == {"error", "message"}


def test_host_operations_need_the_host_token(http: httpx.Client, table: dict[str, Any]) -> None:
    table_id = table["table"]["id"]
    for path in (
        f"/api/tables/{table_id}/start",
        f"/api/tables/{table_id}/close",
        f"/api/tables/{table_id}/seats/0/bot",
    ):
        for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": f"Bearer {token(table, 0)}"}):
            response = http.post(path, headers=headers)
            assert response.status_code == 403 and response.json()["error"] == "not_host"
    assert http.post(f"/api/tables/{table_id}/start", headers=host(table)).status_code == 409  # already running
    assert http.post(f"/api/tables/{table_id}/seats/9/bot", headers=host(table)).status_code == 404
