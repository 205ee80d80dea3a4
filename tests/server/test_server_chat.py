"""Chat and quick reactions through real sockets: stored, replayed after a reconnect and a restart, refused with
a typed error when too long, too fast, from a muted seat or from a spectator the host did not let speak."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import ClientConnection, connect

from jick.server.chat import CHAT_RATE
from jick.server.protocol import server_messages

from .kit import LiveServer, create_table, host


def hello(server: LiveServer, table_id: str, token: str | None, name: str | None = None, **extra: Any) -> Any:
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=15, close_timeout=1, legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token, "name": name, **extra}))
    return ws


def next_of(ws: ClientConnection, *types: str, limit: int = 50) -> dict[str, Any]:
    """The next message of one of ``types`` (each message checked against the protocol's models)."""
    for _ in range(limit):
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        server_messages.validate_python(message)
        if message["type"] in types:
            return message
    raise AssertionError(f"no {types} message came")


def say(ws: ClientConnection, text: str) -> None:
    ws.send(json.dumps({"type": "chat", "text": text}))


def three_seats(server: LiveServer, **options: Any) -> tuple[dict[str, Any], str, list[str]]:
    with server.http() as http:
        created = create_table(http, preset="tarok_3p", seats=["human", "human", "easy"], **options)
    return created, created["table"]["id"], [i["token"] for i in created["invites"]]


def test_chat_reaches_everyone_is_stored_and_comes_back_after_a_reconnect_and_a_restart(db_url: str) -> None:
    """On SQLite and on PostgreSQL."""
    with LiveServer(db_url) as server:
        created, table_id, (ann_token, bo_token) = three_seats(server, public=True)
        with hello(server, table_id, ann_token, "Ann") as ann, hello(server, table_id, bo_token, "Bo") as bo:
            next_of(ann, "welcome"), next_of(bo, "welcome")
            with hello(server, table_id, None, "Eve") as eve:
                next_of(eve, "welcome")
                say(ann, "  hello <b>Bo</b> 🎉  ")
                lines = [next_of(ws, "chat") for ws in (ann, bo, eve)]
                assert all(line == lines[0] for line in lines)
                assert lines[0]["seat"] == 0 and lines[0]["name"] == "Ann" and lines[0]["n"] == 0
                assert lines[0]["text"] == "hello <b>Bo</b> 🎉" and lines[0]["reaction"] is None  # trimmed, as sent
                bo.send(json.dumps({"type": "reaction", "reaction": "nice"}))
                reaction = next_of(eve, "chat")
                assert (reaction["seat"], reaction["name"], reaction["text"], reaction["reaction"]) == (
                    1,
                    "Bo",
                    "Nice!",
                    "nice",
                )
        # Ann comes back: the recent lines come after the welcome
        with hello(server, table_id, ann_token) as ann:
            next_of(ann, "welcome")
            history = next_of(ann, "chat_history")
            assert [(line["n"], line["text"]) for line in history["lines"]] == [(0, "hello <b>Bo</b> 🎉"), (1, "Nice!")]
    # a new server on the same database: the chat was stored with the table
    with LiveServer(db_url) as server, server.http() as http:
        with hello(server, table_id, bo_token) as bo:
            next_of(bo, "welcome")
            assert [line["name"] for line in next_of(bo, "chat_history")["lines"]] == ["Ann", "Bo"]
        log = http.get(f"/api/tables/{table_id}/chat").json()
        assert log["table_id"] == table_id
        assert [line["text"] for line in log["lines"]] == ["hello <b>Bo</b> 🎉", "Nice!"]
        # the chat of a private table is its tokens' holders' only
        private, private_id, _ = three_seats(server)
        assert http.get(f"/api/tables/{private_id}/chat").json()["error"] == "private_table"
        assert http.get(f"/api/tables/{private_id}/chat", headers=host(private)).json()["lines"] == []


def test_long_blank_odd_and_fast_messages_are_refused_with_a_reason(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server:
        created, table_id, (ann_token, bo_token) = three_seats(server)
        with hello(server, table_id, ann_token, "Ann") as ann, hello(server, table_id, bo_token, "Bo") as bo:
            next_of(ann, "welcome"), next_of(bo, "welcome")
            for bad, why in (
                ("x" * 201, "at most 200 characters"),
                ("   ", "needs some text"),
                ("two\nlines", "control characters"),
                ("evil \u202e txt", "control characters"),
            ):
                say(ann, bad)
                error = next_of(ann, "error", "chat")
                assert error["type"] == "error" and error["code"] == "chat_invalid" and why in error["message"], error
            ann.send(json.dumps({"type": "reaction", "reaction": "boo"}))
            assert next_of(ann, "error")["code"] == "chat_invalid"
            say(ann, "x" * 200)  # the longest that may be said
            assert next_of(bo, "chat")["text"] == next_of(ann, "chat")["text"] == "x" * 200
            for i in range(1, CHAT_RATE):
                say(ann, f"line {i}")
                assert next_of(bo, "chat")["text"] == next_of(ann, "chat")["text"] == f"line {i}"
            say(ann, "one too many")
            error = next_of(ann, "error", "chat")
            assert error["type"] == "error" and error["code"] == "chat_too_fast"
            assert f"at most {CHAT_RATE} chat messages in 10 seconds" in error["message"]
            # the limit is the seat's, not the connection's: reconnecting does not reset it
            with hello(server, table_id, ann_token) as again:
                next_of(again, "welcome")
                say(again, "still too many")
                assert next_of(again, "error", "chat")["code"] == "chat_too_fast"
            # Bo's own allowance is untouched; nothing refused was said
            say(bo, "my turn to talk")
            assert next_of(bo, "chat")["text"] == "my turn to talk"
    with LiveServer(sqlite_url) as server, server.http() as http:
        lines = http.get(f"/api/tables/{table_id}/chat", headers=host(created)).json()["lines"]
        texts = [line["text"] for line in lines]
        assert len(texts) == CHAT_RATE + 1 and "one too many" not in texts and "still too many" not in texts


def test_the_host_mutes_a_seat(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        created, table_id, (ann_token, bo_token) = three_seats(server)
        with hello(server, table_id, ann_token, "Ann") as ann, hello(server, table_id, bo_token, "Bo") as bo:
            next_of(ann, "welcome"), next_of(bo, "welcome")
            # only the host may mute
            refused = http.post(f"/api/tables/{table_id}/seats/1/mute", headers={"Authorization": f"Bearer {bo_token}"})
            assert refused.status_code == 403 and refused.json()["error"] == "not_host"
            assert http.post(f"/api/tables/{table_id}/seats/9/mute", headers=host(created)).status_code == 404
            muted = http.post(f"/api/tables/{table_id}/seats/1/mute", headers=host(created), json={"muted": True})
            assert muted.status_code == 200 and [s["muted"] for s in muted.json()["seats"]] == [False, True, False]
            update = next_of(ann, "table")
            while not update["table"]["seats"][1]["muted"]:  # (Bo's arrival was told first)
                update = next_of(ann, "table")
            say(bo, "you cannot mute me")
            error = next_of(bo, "error", "chat")
            assert error["type"] == "error" and error["code"] == "chat_muted"
            say(ann, "quiet now")
            assert next_of(ann, "chat")["seat"] == 0  # the others still speak
            unmuted = http.post(f"/api/tables/{table_id}/seats/1/mute", headers=host(created), json={"muted": False})
            assert unmuted.json()["seats"][1]["muted"] is False
            say(bo, "thanks")
            assert next_of(ann, "chat")["text"] == "thanks"
        # the mute is stored: a seat muted again stays muted after a restart
        http.post(f"/api/tables/{table_id}/seats/1/mute", headers=host(created))
    with LiveServer(sqlite_url) as server:
        with hello(server, table_id, bo_token) as bo:
            assert next_of(bo, "welcome")["table"]["seats"][1]["muted"] is True
            say(bo, "hello?")
            assert next_of(bo, "error", "chat")["code"] == "chat_muted"


def test_spectators_chat_only_where_the_host_allowed_it(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server:
        closed, closed_id, _ = three_seats(server)
        assert closed["table"]["spectator_chat"] is False
        with hello(server, closed_id, None, "Eve", watch_token=closed["watch_token"]) as eve:
            next_of(eve, "welcome")
            say(eve, "hi all")
            error = next_of(eve, "error", "chat")
            assert error["type"] == "error" and error["code"] == "chat_not_allowed"
            eve.send(json.dumps({"type": "reaction", "reaction": "good_game"}))
            assert next_of(eve, "error", "chat")["code"] == "chat_not_allowed"
        opened, open_id, (ann_token, _) = three_seats(server, spectator_chat=True)
        assert opened["table"]["spectator_chat"] is True
        with (
            hello(server, open_id, ann_token, "Ann") as ann,
            hello(server, open_id, None, "Eve", watch_token=opened["watch_token"]) as eve,
            hello(server, open_id, None, watch_token=opened["watch_token"]) as anon,
        ):
            next_of(ann, "welcome"), next_of(eve, "welcome"), next_of(anon, "welcome")
            say(eve, "go Ann!")
            line = next_of(ann, "chat")
            assert (line["seat"], line["name"], line["text"]) == (None, "Eve", "go Ann!")
            anon.send(json.dumps({"type": "reaction", "reaction": "wow"}))  # not a reaction there is
            assert next_of(anon, "error")["code"] == "chat_invalid"
            anon.send(json.dumps({"type": "reaction", "reaction": "well_played"}))
            assert next_of(ann, "chat")["name"] == "Spectator"
