"""Rematch and the lobby's facts: the next match keeps the seats, tokens and rules, passes the deal on, replaces
people who left by bots, and is the same next match however often it is asked for; the table list tells the
lobby the preset's name, the house rules and the link between matches."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from websockets.sync.client import ClientConnection, connect

from jick.server.store import SeatRow, Store, TableRow, now

from .kit import Client, LiveServer, create_table, host, random_policy

#: A short Tarok match: one deal.
SHORT = {"preset": "tarok_3p", "set": ["deals_per_match=1"]}


def hello(server: LiveServer, table_id: str, token: str | None) -> ClientConnection:
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=15, close_timeout=1, legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def receive_until(ws: ClientConnection, test: Any, limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if test(message):
            return message
    raise AssertionError("the awaited message never came")


def play_to_the_end(server: LiveServer, table_id: str, tokens: list[str]) -> None:
    clients = [Client(server, table_id, token, random_policy, seed=i) for i, token in enumerate(tokens)]

    async def play() -> None:
        await asyncio.gather(*(c.run(timeout=60) for c in clients))

    asyncio.run(play())


def test_a_rematch_keeps_the_seats_and_tokens_passes_the_deal_and_seats_a_bot_for_who_left(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        created = create_table(http, **SHORT, seats=["human", "human", "easy"], name="Friday", public=True)
        table_id = created["table"]["id"]
        ann, bo = (i["token"] for i in created["invites"])
        for token, name in ((ann, "Ann"), (bo, "Bo")):
            assert http.post(f"/api/tables/{table_id}/join", json={"token": token, "name": name}).status_code == 200
        assert http.post(f"/api/tables/{table_id}/start", headers=host(created)).status_code == 200
        # too early: the match is not over
        early = http.post(f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {ann}"})
        assert early.status_code == 409 and early.json()["error"] == "not_finished"
        play_to_the_end(server, table_id, [ann, bo])
        before = http.get(f"/api/tables/{table_id}").json()
        assert before["status"] == "finished" and before["next_match"] is None
        first_dealer = http.get(f"/api/tables/{table_id}/record").json()["first_dealer"]

        # Ann is still at the table; Bo left. A watch token may not ask; a stranger's token neither.
        ws = hello(server, table_id, ann)
        receive_until(ws, lambda m: m["type"] == "welcome")
        for token in (created["watch_token"], "x" * 32):
            refused = http.post(f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {token}"})
            assert refused.status_code == 403 and refused.json()["error"] == "bad_token"
        assert http.post(f"/api/tables/{table_id}/rematch").status_code == 403

        made = http.post(f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {ann}"})
        assert made.status_code == 200, made.text
        following = made.json()
        next_id = following["id"]
        assert next_id != table_id and following["rematch_of"] == table_id
        assert following["status"] == "running" and following["name"] == "Friday" and following["public"]
        assert following["rules"] == before["rules"] and following["house_rules"] == ["deals_per_match=1"]
        assert [(s["kind"], s["name"]) for s in following["seats"]] == [
            ("human", "Ann"),
            ("normal", None),
            ("easy", None),
        ]
        # Ann's page hears of it on the old table and follows with the same token
        told = receive_until(ws, lambda m: m["type"] == "table" and m["table"]["next_match"])
        assert told["table"]["next_match"] == next_id
        ws.close()
        ws = hello(server, next_id, ann)
        welcome = receive_until(ws, lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0 and welcome["table"]["rematch_of"] == table_id
        ws.close()
        # Bo's token plays nothing there: a bot took the seat of the person who had left
        gone = hello(server, next_id, bo)
        assert receive_until(gone, lambda m: m["type"] == "error")["code"] == "bad_token"
        gone.close()
        # the deal passed to the next seat
        assert http.get(f"/api/tables/{next_id}/record").json()["first_dealer"] == (first_dealer + 1) % 3
        # asked again (the host, Ann once more): the same next match, never a second one
        for headers in (host(created), {"Authorization": f"Bearer {ann}"}):
            again = http.post(f"/api/tables/{table_id}/rematch", headers=headers)
            assert again.status_code == 200 and again.json()["id"] == next_id
        # the host token hosts the next match too
        assert http.post(f"/api/tables/{next_id}/close", headers=host(created)).json()["status"] == "closed"
        listed = {t["id"]: t for t in http.get("/api/tables?status=all").json()["tables"]}
        assert listed[table_id]["next_match"] == next_id and listed[next_id]["rematch_of"] == table_id

    # the link between the matches is in the database: a restarted server still knows it
    with LiveServer(sqlite_url) as server, server.http() as http:
        assert http.get(f"/api/tables/{table_id}").json()["next_match"] == next_id
        listed = {t["id"]: t for t in http.get("/api/tables?status=finished,closed").json()["tables"]}
        assert listed[table_id]["next_match"] == next_id


def test_the_table_list_tells_the_lobby_the_rules_by_name_and_what_differs(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        plain = create_table(http, preset="smear_ten_point", seats=["human", "human", "easy", "easy"], public=True)
        house = create_table(
            http,
            preset="smear_ten_point",
            seats=["human", "easy", "human", "easy"],
            set=["target_score=11", "moon_enabled=true"],
            public=True,
            name="Lodge",
        )
        hidden = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"])
        tables = {t["id"]: t for t in http.get("/api/tables").json()["tables"]}
        assert hidden["table"]["id"] not in tables  # private: not in a stranger's lobby
        first, second = tables[plain["table"]["id"]], tables[house["table"]["id"]]
        # the preset's name for people: its description up to the colon, as the start page's menus show it
        smear = next(g for g in http.get("/api/presets").json()["games"] if g["name"] == "smear")
        described = next(p["description"] for p in smear["presets"] if p["name"] == "smear_ten_point")
        assert (
            first["preset_title"]
            == second["preset_title"]
            == described.split(": ")[0]
            == "54-card 10-point Smear with Trey"
        )
        assert first["house_rules"] == [] and sorted(second["house_rules"]) == ["moon_enabled=true", "target_score=11"]
        assert [s["status"] for s in second["seats"]] == ["free", "bot", "free", "bot"]
        assert first["rematch_of"] is None and first["next_match"] is None
        # the private table's own tokens show it, with its facts
        mine = http.get("/api/tables", headers={"X-Jick-Tokens": hidden["invites"][0]["token"]}).json()["tables"]
        found = next(t for t in mine if t["id"] == hidden["table"]["id"])
        assert found["preset_title"] and found["preset_title"] != "tarok_3p" and found["house_rules"] == []


def _row(table_id: str, rematch_of: str | None = None) -> TableRow:
    return TableRow(
        id=table_id,
        name="",
        game="smear",
        preset="smear_ten_point",
        header={"players": 4},
        bot_level="easy",
        away_timeout=1.0,
        public=False,
        seeded=False,
        status="finished" if rematch_of is None else "running",
        host_token_hash="0" * 64,
        ply=0,
        created_at=now(),
        rematch_of=rematch_of,
    )


def test_a_match_has_one_rematch_and_a_token_holds_its_seat_in_each_match(db_url: str) -> None:
    """Two servers asking at once cannot make two rematches: the database keeps one per match (on SQLite and
    PostgreSQL); the seat token carried over may hold the same seat at both tables."""
    store = Store(db_url)
    store.migrate()
    seat = "a" * 64
    store.create_table(_row("first01"), [SeatRow(table_id="first01", seat=0, kind="human", token_hash=seat)])
    store.create_table(_row("second1", "first01"), [SeatRow(table_id="second1", seat=0, kind="human", token_hash=seat)])
    with pytest.raises(IntegrityError):
        store.create_table(_row("second2", "first01"), [SeatRow(table_id="second2", seat=0, kind="human")])
    assert store.rematches(["first01", "second1"]) == {"first01": "second1"}
    both = store.list_tables(("finished", "running"), [seat])
    assert sorted(item.row.id for item in both) == ["first01", "second1"]
    store.close()
