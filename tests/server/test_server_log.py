"""The table log over the websocket (every line again after a reconnect, each seat in its own words) and
the turn timer (the away bot plays one move for a person who lets it run out, never for one who answered)."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

from jick.server.protocol import server_messages

from .kit import LiveServer, create_table, host


def hello(
    server: LiveServer, table_id: str, token: str | None, name: str | None = None, watch: str | None = None
) -> ClientConnection:
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=15, close_timeout=1, legacy=True)
    message: dict[str, Any] = {"type": "hello", "token": token}
    if name:
        message["name"] = name
    if watch:
        message["watch_token"] = watch
    ws.send(json.dumps(message))
    return ws


def receive_until(ws: ClientConnection, test: Any, limit: int = 400, log: list[str] | None = None) -> dict[str, Any]:
    """The first message that passes ``test``; every view's log part is applied to ``log`` on the way."""
    for _ in range(limit):
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        server_messages.validate_python(message)
        if message["type"] == "view" and log is not None:
            part = message["log"]
            assert part["from"] <= len(log)
            log[part["from"] :] = part["lines"]
        if test(message):
            return message
    raise AssertionError("the awaited message never came")


def test_the_log_is_sent_again_after_a_reconnect_and_hides_the_others_discards(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        created = create_table(
            http, preset="smear_ten_point", seats=["human", "easy", "easy", "easy"], seed=4, bot_level="easy"
        )
        table_id = created["table"]["id"]
        token = created["invites"][0]["token"]
        assert http.post(f"/api/tables/{table_id}/start", headers=host(created)).status_code == 200
        log: list[str] = []
        with hello(server, table_id, token, "Ann") as ws:
            plays = 0
            while plays < 3:  # bid, discard and play until three cards of the hand are out
                view = receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"], log=log)
                legal = view["observation"]["legal_actions"]
                ws.send(json.dumps({"type": "action", "action": legal[0]["id"], "ply": view["ply"]}))
                plays += view["observation"]["phase"] == "play"
            receive_until(ws, lambda m: m["type"] == "view" and m["ply"] > view["ply"], log=log)
        assert log[0].startswith("Hand 1: ") and log[0].endswith(" deals")
        assert any(line.startswith("You discard ") and "♠" in line or "♥" in line or "♦" in line for line in log)
        assert any(line.startswith("Trick 1: ") for line in log)
        with hello(server, table_id, token) as ws:  # a reload: the first view carries the whole log
            again = receive_until(ws, lambda m: m["type"] == "view")
            assert again["log"]["from"] == 0
            assert again["log"]["lines"][: len(log) - 1] == log[:-1]  # (the trick in play may have grown since)
        with hello(server, table_id, None, watch=created["watch_token"]) as ws:  # a spectator: the public words
            seen = receive_until(ws, lambda m: m["type"] == "view")["log"]["lines"]
            assert not any(line.startswith("You ") for line in seen)
            assert any(line == "Ann discards 4 cards" for line in seen)
            own = next(line for line in log if line.startswith("You discard "))
            hidden = own.removeprefix("You discard ").split(", ")
            assert not any(card in line.replace(",", " ").split() for line in seen for card in hidden)


def test_the_turn_timer_plays_for_a_seat_that_lets_it_run_out_and_never_for_one_that_answered(
    sqlite_url: str,
) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        created = create_table(
            http,
            preset="lift_smoke",
            seats=["human", "easy", "easy", "easy"],
            bot_level="easy",
            turn_timer=1.5,
            away_timeout=600,
            seed=2,
        )
        table_id = created["table"]["id"]
        assert created["table"]["turn_timer"] == 1.5
        token = created["invites"][0]["token"]
        http.post(f"/api/tables/{table_id}/start", headers=host(created))
        with hello(server, table_id, token, "Ann") as ws:
            answered = []
            for wait in (0.9, 0, 0):  # answer in time (once late in the turn): the timer never plays for seat 0
                view = receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"])
                clock = view["turn_clock"]
                assert clock is not None and clock["seat"] == 0 and 0 < clock["seconds"] <= 1.5
                time.sleep(wait)
                ws.send(json.dumps({"type": "action", "action": view["observation"]["legal_actions"][0]["id"]}))
                ply = view["ply"]
                mine = receive_until(ws, lambda m, ply=ply: m["type"] == "view" and m["ply"] == ply + 1)
                assert mine["last"] == {**mine["last"], "seat": 0, "by": "human"}
                answered.append(view["ply"])
            # now let the time run out
            view = receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"])
            started = time.monotonic()
            timed = receive_until(ws, lambda m: m["type"] == "view" and m["ply"] == view["ply"] + 1)
            waited = time.monotonic() - started
            assert timed["last"]["seat"] == 0 and timed["last"]["by"] == "timer"
            assert 1.0 < waited < 5.0
            info = http.get(f"/api/tables/{table_id}", headers=host(created)).json()
            assert info["seats"][0]["kind"] == "human" and info["seats"][0]["status"] == "connected"
            # the seat is still the person's: the next turn waits for them again (with a new clock)
            nxt = receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"])
            assert nxt["turn_clock"]["seat"] == 0
            ws.send(json.dumps({"type": "action", "action": nxt["observation"]["legal_actions"][0]["id"]}))
            after = receive_until(ws, lambda m: m["type"] == "view" and m["ply"] == nxt["ply"] + 1)
            assert after["last"]["by"] == "human"
        record = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()
        assert record["meta"]["seats"][0]["kind"] == "human"


def test_a_turn_timer_out_of_range_is_refused(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        for bad in (-1, 3601, "10"):
            response = http.post("/api/tables", json={"preset": "lift_smoke", "turn_timer": bad})
            assert response.status_code == 422, response.text
            assert response.json()["error"] == "invalid_request"
        assert http.get("/api/tables?status=all").json()["tables"] == []


def test_a_restarted_server_tells_the_same_log_and_keeps_the_turn_timer(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        created = create_table(
            http, preset="lift_smoke", seats=["human", "easy", "easy", "easy"], seed=3, turn_timer=30, bot_level="easy"
        )
        table_id = created["table"]["id"]
        token = created["invites"][0]["token"]
        http.post(f"/api/tables/{table_id}/start", headers=host(created))
        log: list[str] = []
        with hello(server, table_id, token, "Ann") as ws:
            for _ in range(3):
                view = receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"], log=log)
                ws.send(json.dumps({"type": "action", "action": view["observation"]["legal_actions"][0]["id"]}))
            receive_until(ws, lambda m: m["type"] == "view" and m["observation"]["legal_actions"], log=log)
    with LiveServer(sqlite_url) as server, server.http() as http:  # rebuilt from the database
        assert http.get(f"/api/tables/{table_id}", headers=host(created)).json()["turn_timer"] == 30
        with hello(server, table_id, token) as ws:
            view = receive_until(ws, lambda m: m["type"] == "view")
            assert view["log"] == {"from": 0, "lines": log}
            assert any(line.startswith("Trick 2: ") for line in log) and log[0].startswith("Game 1: ")
            assert view["turn_clock"]["seat"] == 0 and view["turn_clock"]["of"] == 30
