"""Whole matches of every game through the server: scripted websocket clients and server bots, mixed.

Each match is played to its end; the downloaded record replays with
``jick replay`` to the result the server announced.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jick.cli import app as cli_app

from .kit import Client, LiveServer, create_table, host, random_policy, start_and_play

#: (preset, --set options that keep the match short, seats): humans are scripted clients.
MATCHES = [
    ("smear_ten_point", ["target_score=5", "bust_out_score=-5"], ["human", "easy", "human", "random"]),
    ("smear_mn_original", ["target_score=5", "bust_out_score=-5"], ["easy", "human", "random", "human"]),
    ("tarok_3p", ["deals_per_match=2"], ["human", "easy", "human"]),
    ("tarok_4p", ["deals_per_match=2"], ["random", "human", "human", "easy"]),
    ("lift_smoke", ["games_per_session=2"], ["human", "random", "easy", "human", "human"]),
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, list[dict[str, Any]]]]:
    """Every match of :data:`MATCHES`, played at once on one server."""
    db = tmp_path_factory.mktemp("games") / "jick.db"
    with LiveServer(f"sqlite:///{db}") as server, server.http() as http:
        tables, clients = [], []
        for n, (preset, sets, seats) in enumerate(MATCHES):
            players = len(seats)
            created = create_table(http, preset=preset, players=players, set=sets, seats=seats, seed=100 + n)
            table_id = created["table"]["id"]
            mine = [Client(server, table_id, i["token"], random_policy, seed=i["seat"]) for i in created["invites"]]
            spectator = Client(server, table_id, watch=created["watch_token"])
            tables.append({"preset": preset, "created": created, "clients": mine, "spectator": spectator})
            clients += [*mine, spectator]

        asyncio.run(start_and_play(http, [t["created"] for t in tables], clients, timeout=60))
        for t in tables:
            table_id = t["created"]["table"]["id"]
            t["info"] = http.get(f"/api/tables/{table_id}", headers=host(t["created"])).json()
            t["record"] = http.get(f"/api/tables/{table_id}/record", headers=host(t["created"])).json()
        yield server, tables


@pytest.mark.parametrize("index", range(len(MATCHES)), ids=[m[0] for m in MATCHES])
def test_match_to_the_end_replays_to_the_same_result(
    played: tuple[LiveServer, list[dict[str, Any]]], index: int, tmp_path: Path
) -> None:
    _, tables = played
    t = tables[index]
    info, record = t["info"], t["record"]
    assert info["status"] == "finished"
    assert info["result"]["finished"] is True
    assert record["result"] == info["result"]
    assert record["seed"] == 100 + index and info["seeded"] is True
    # the clients saw every action, in order, and the end
    for client in t["clients"]:
        plies = [v["ply"] for v in client.views()]
        assert plies == sorted(plies) and plies[-1] == info["ply"]
        assert client.views()[-1]["status"] == "finished"
        assert client.actions > 0
    # humans and bots both acted
    acted = {seat for deal in record["deals"] for seat, _ in deal["actions"]}
    assert acted == set(range(len(MATCHES[index][2])))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(cli_app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["finished"] is True
    assert report["scores"] == info["result"]["scores"]
    assert report.get("winner") == info["result"].get("winner")


def test_mn_original_kitty_and_discards_went_through_the_clients(
    played: tuple[LiveServer, list[dict[str, Any]]],
) -> None:
    _, tables = played
    t = tables[1]
    actions = [a for deal in t["record"]["deals"] for a in deal["actions"]]
    human_seats = {i["seat"] for i in t["created"]["invites"]}
    assert any(text.startswith("-") for _, text in actions), "no discard in the match"
    assert any(text == "done" for _, text in actions)
    assert human_seats == {1, 3}
    # the kitty reached the seat that took it, and never the spectator
    assert not any(v["observation"]["kitty"] for v in t["spectator"].views())
    for client in t["clients"]:
        for view in client.views():
            if view["observation"]["kitty"]:
                assert view["observation"]["bidder"] == view["seat"]
