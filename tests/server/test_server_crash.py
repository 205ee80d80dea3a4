"""Crash recovery: ``jick serve`` killed with SIGKILL mid-match, restarted on the same database, loses nothing.

The match is played by scripted clients whose choice depends only on the
position (so a rerun makes the same choices) and by server bots (seeded per
decision). After the restart the same tokens take the same seats and the
match goes on from the last stored action; the final record is the record of
the same match played without interruption, computed here by the library.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from jick.options import parse_sets
from jick.server.bots import decide
from jick.server.views import observation_json
from jick.session import Session

from .kit import Client, ServerProcess, create_table, host, run_clients

PRESET = "smear_mn_original"
SETS = ["target_score=3", "bust_out_score=-3"]
SEATS = ["human", "random", "human", "random"]
SEED = 4242


def by_position(view: dict[str, Any], _rng: random.Random) -> Any:
    """A legal action chosen from the position alone: the same view, the same choice."""
    legal = view["observation"]["legal_actions"]
    return random.Random(view["ply"] * 7919 + len(legal)).choice(legal)["id"]


def uninterrupted() -> dict[str, Any]:
    """The record of the match played straight through, by the same players."""
    session = Session.new(PRESET, overrides=parse_sets(SETS), seats=SEATS, seed=SEED)
    while not session.is_over:
        seat = session.to_act
        if session.is_bot(seat):
            choice = decide("reference", session.header, session.action_ids(), seat, SEATS[seat])
        else:
            view = {"ply": session.ply, "observation": observation_json(session.state.observation(seat))}
            choice = by_position(view, random.Random())
        session.act(seat, choice)
    return session.record()


def test_kill_9_mid_match_then_restart_finishes_the_same_match(db_url: str) -> None:
    with ServerProcess(db_url, "--bot-workers", "1") as first, first.http() as http:
        created = create_table(http, preset=PRESET, set=SETS, seats=SEATS, seed=SEED, away_timeout=3600)
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        clients = [Client(first, table_id, tokens[s], by_position) for s in sorted(tokens)]

        def part_way(message: dict[str, Any]) -> bool:
            return message["type"] == "view" and message["ply"] >= 20

        async def part_one() -> None:
            runs = [asyncio.create_task(c.run(until=part_way, timeout=30)) for c in clients]
            await asyncio.sleep(0.2)
            await asyncio.to_thread(http.post, f"/api/tables/{table_id}/start", headers=host(created))
            await asyncio.gather(*runs)

        asyncio.run(part_one())
        seen = max(v["ply"] for c in clients for v in c.views())
        assert seen >= 20
        assert first.children()  # the bot worker process
        first.kill()
        assert first.orphans == []  # it went with its server

    with ServerProcess(db_url, "--bot-workers", "1") as second, second.http() as http:
        info = http.get(f"/api/tables/{table_id}", headers=host(created)).json()
        assert info["status"] == "running"
        assert info["ply"] >= seen  # every action a client saw was stored before it was sent
        clients = [Client(second, table_id, tokens[s], by_position) for s in sorted(tokens)]
        asyncio.run(run_clients(clients, timeout=60))
        assert all(c.views()[0]["ply"] >= seen for c in clients)  # where it was, same seats, same tokens
        assert [c.views()[0]["seat"] for c in clients] == sorted(tokens)
        record = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()
        listed = http.get("/api/tables", params={"status": "finished"}, headers=host(created)).json()["tables"]
        assert [t["id"] for t in listed] == [table_id]

    reference = uninterrupted()
    assert record["result"]["finished"] is True
    assert {k: v for k, v in record.items() if k != "meta"} == {k: v for k, v in reference.items() if k != "meta"}
