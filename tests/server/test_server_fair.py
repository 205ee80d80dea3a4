"""Fair shuffles at server tables: decks nobody can predict, each sealed by a commitment before its deal.

A table created without a seed draws every deck (and every Lift Smoke
reshuffle) from the operating system's cryptographic generator; no seed is
stored or used. Each draw's SHA-256 commitment is sent when the deal starts
and opened (order and salt) when it ends; the downloaded record carries the
commitments, and a record whose deck was changed is refused.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import jick.core.trick_state
import jick.games.liftsmoke.state
from jick.cli import app as cli_app
from jick.engine import RecordError
from jick.game import get_game
from jick.record import record_of, validate_record
from jick.registry import load_rules, resolve
from jick.server.store import Store
from jick.shuffles import commitment

from .kit import Client, LiveServer, ServerProcess, create_table, host, random_policy

#: Short matches of every game, all seats bots: (preset, --set options).
MATCHES = [
    ("smear_ten_point", ["target_score=3", "bust_out_score=-3"]),
    ("tarok_3p", ["deals_per_match=2"]),
    ("lift_smoke", ["games_per_session=2", "on_stock_exhausted=reshuffle_discards"]),
]


def _bot_table(http: Any, preset: str, sets: list[str], **extra: Any) -> dict[str, Any]:
    players = load_rules(resolve(preset)[1], None, {}).num_players
    return create_table(http, preset=preset, set=sets, seats=["random"] * players, **extra)


def _watch_to_the_end(server: LiveServer, created: dict[str, Any], http: Any) -> Client:
    spectator = Client(server, created["table"]["id"], watch=created["watch_token"])

    async def run() -> None:
        task = asyncio.create_task(spectator.run(timeout=60))
        await asyncio.sleep(0.3)
        started = await asyncio.to_thread(
            http.post, f"/api/tables/{created['table']['id']}/start", headers=host(created)
        )
        assert started.status_code == 200, started.text
        await task

    asyncio.run(run())
    return spectator


@pytest.fixture
def no_seeded_shuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every seed-based shuffle of the engine fail: a table without a seed must not use one."""

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a seeded shuffle was used")

    monkeypatch.setattr(jick.core.trick_state, "shuffled_deck", refuse)
    monkeypatch.setattr(jick.games.liftsmoke.state, "shuffled", refuse)


@pytest.mark.parametrize(("preset", "sets"), MATCHES, ids=[m[0] for m in MATCHES])
def test_unseeded_table_draws_its_decks_from_no_seed_and_seals_each_deal(
    preset: str, sets: list[str], tmp_path: Path, no_seeded_shuffles: None
) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'jick.db'}") as server, server.http() as http:
        created = _bot_table(http, preset, sets)
        assert created["table"]["seeded"] is False
        spectator = _watch_to_the_end(server, created, http)
        record = http.get(f"/api/tables/{created['table']['id']}/record", headers=host(created)).json()
    assert record["seed"] is None and record["result"]["finished"]
    views = spectator.views()
    sealed: dict[int, list[str]] = {}  # what the spectator was told while each deal was played
    for view in views:
        if view["sealed"] is not None:
            known = sealed.setdefault(view["sealed"]["deal"], [])
            assert view["sealed"]["sha256"][: len(known)] == known  # a commitment never changes
            sealed[view["sealed"]["deal"]] = view["sealed"]["sha256"]
    revealed = {v["revealed"]["deal"]: v["revealed"] for v in views if v["revealed"] is not None}
    assert sorted(revealed) == list(range(len(record["deals"])))
    for k, deal in enumerate(record["deals"]):
        opened = revealed[k]
        assert opened["sha256"] == sealed[k]  # the deal was sealed before it was opened
        assert opened["orders"][0] == deal["deck"] and opened["orders"][1:] == deal.get("reshuffles", [])
        for order, salt, sealed_hash in zip(opened["orders"], opened["salts"], opened["sha256"], strict=True):
            assert commitment(salt, order) == sealed_hash
        assert deal["commitments"] == [
            {"sha256": h, "salt": s} for h, s in zip(opened["sha256"], opened["salts"], strict=True)
        ]
        # the salt of a deal is never sent before the deal is over
        assert not any(
            s in json.dumps(v)
            for v in views
            if v["revealed"] is None or v["revealed"]["deal"] < k
            for s in opened["salts"]
        )
    validate_record(record)  # the commitments check out


def test_two_unseeded_tables_deal_differently_though_python_random_is_seeded_alike(tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'jick.db'}") as server, server.http() as http:
        decks = []
        for _ in range(2):
            random.seed(12345)
            created = _bot_table(http, "smear_ten_point", [])
            store = Store(f"sqlite:///{tmp_path / 'jick.db'}")
            stored = store.load(created["table"]["id"])
            store.close()
            assert stored is not None and stored.row.header["seed"] is None
            decks.append(stored.draws[0].cards)
    assert decks[0] != decks[1]


def test_a_seeded_table_still_deals_its_seed_and_says_so(tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'jick.db'}") as server, server.http() as http:
        created = _bot_table(http, "tarok_3p", ["deals_per_match=1"], seed=77)
        assert created["table"]["seeded"] is True
        spectator = _watch_to_the_end(server, created, http)
        record = http.get(f"/api/tables/{created['table']['id']}/record", headers=host(created)).json()
        listed = http.get("/api/tables", params={"status": "all"}, headers=host(created)).json()["tables"]
    assert record["seed"] == 77 and "commitments" not in record["deals"][0]
    same = get_game("tarok").new_match("tarok_3p", overrides={"deals_per_match": 1}, seed=77)
    assert record["deals"][0]["deck"] == record_of(same)["deals"][0]["deck"]
    assert all(v["sealed"] is None and v["revealed"] is None for v in spectator.views())
    assert all(t["seeded"] for t in listed if t["id"] == created["table"]["id"])


def test_a_changed_deck_fails_its_commitment(tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'jick.db'}") as server, server.http() as http:
        created = _bot_table(http, "smear_ten_point", ["target_score=2", "bust_out_score=-2"])
        _watch_to_the_end(server, created, http)
        record = http.get(f"/api/tables/{created['table']['id']}/record", headers=host(created)).json()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    runner = CliRunner()
    checked = runner.invoke(cli_app, ["replay", str(good)])
    assert checked.exit_code == 0 and "Fair shuffles: the deck of each of the" in checked.output
    deck = record["deals"][0]["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]  # two cards nobody holds swapped: still a legal game
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    with pytest.raises(RecordError, match="deal 1: the deck played is not the deck committed to"):
        validate_record(record)
    result = runner.invoke(cli_app, ["replay", str(bad)])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "not the deck committed to" in lines[0] and "Traceback" not in result.output


def test_a_killed_server_deals_on_with_the_decks_it_drew(db_url: str) -> None:
    """kill -9 mid-deal: the restarted server plays the deck it had sealed, and draws new ones after."""
    sets = ["target_score=11", "bust_out_score=-11"]
    seats = ["human", "easy", "easy", "easy"]  # random bots can make a long match of it
    with ServerProcess(db_url, "--bot-workers", "1") as first, first.http() as http:
        created = create_table(http, preset="smear_ten_point", set=sets, seats=seats, away_timeout=3600)
        table_id = created["table"]["id"]
        token = created["invites"][0]["token"]
        seat = Client(first, table_id, token, random_policy, max_actions=2)

        async def part_one() -> None:
            task = asyncio.create_task(seat.run(timeout=60))
            await asyncio.sleep(0.3)
            await asyncio.to_thread(http.post, f"/api/tables/{table_id}/start", headers=host(created))
            await task

        asyncio.run(part_one())
        before = [v for v in seat.views() if v["sealed"] is not None][-1]["sealed"]
        first.kill()
    with ServerProcess(db_url, "--bot-workers", "1") as second, second.http() as http:
        again = Client(second, table_id, token, random_policy, seed=1)
        asyncio.run(again.run(timeout=120))
        record = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()
    assert record["result"]["finished"] and len(record["deals"]) > 1
    assert before["deal"] == 0 and record["deals"][0]["commitments"][0]["sha256"] == before["sha256"][0]
    validate_record(record)
