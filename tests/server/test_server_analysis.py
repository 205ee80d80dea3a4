"""The server's analyses (``jick.server.analyses``): run in the bot pool, progress polled, kept with the table."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest

from jick.server.store import AnalysisRow, Store
from test_analysis import HANDS, constructed

from .kit import LiveServer, create_table, host

#: A short match of easy bots: four-handed Smear with six cards, to three points.
SHORT = {"preset": "smear_five_point_team", "set": ["hand_size=6", "deal_packet=3", "target_score=3"]}


def finished_table(http: httpx.Client, **extra: Any) -> dict[str, Any]:
    created = create_table(http, seats=["easy"] * 4, seed=5, public=True, start=True, **SHORT, **extra)
    deadline = time.monotonic() + 30
    while http.get(f"/api/tables/{created['table']['id']}", headers=host(created)).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not finish"
        time.sleep(0.05)
    return created


def follow(http: httpx.Client, job: dict[str, Any], timeout: float = 90) -> tuple[dict[str, Any], list[int]]:
    """Poll a job until it is done; the counts of decisions done seen on the way."""
    seen = [job["done"]]
    deadline = time.monotonic() + timeout
    while job["status"] == "running":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.1)
        answer = http.get(f"/api/analyses/{job['job']}")
        assert answer.status_code == 200, answer.text
        job = answer.json()
        seen.append(job["done"])
    return job, seen


def test_a_table_is_analysed_once_and_kept(db_url: str) -> None:
    with LiveServer(db_url) as server, server.http() as http:
        created = finished_table(http)
        table_id = created["table"]["id"]
        analyses = server.app.state.analyses
        analyses.batch = 1  # progress after every decision
        pool = analyses.tables.bots
        run = pool.run

        async def slow_part(fn: Any, *args: Any) -> Any:
            """Each decision's valuation a little slower, so that polls see the progress between them."""
            if getattr(fn, "__name__", "") == "analyse_part":
                await asyncio.sleep(0.3)
            return await run(fn, *args)

        pool.run = slow_part
        first = http.post(f"/api/tables/{table_id}/analysis?seat=1")
        assert first.status_code == 202, first.text
        job = first.json()
        assert job["status"] == "running" and job["seat"] == 1 and job["depth"] == "quick" and job["total"] >= 3
        # one at a time: another analysis now is refused, the same one is the same job
        other = http.post("/api/analysis", content=json.dumps(constructed(HANDS)))
        assert other.status_code == 429 and other.json()["error"] == "busy"
        assert "another analysis is running" in other.json()["message"]
        again = http.post(f"/api/tables/{table_id}/analysis?seat=1")
        assert again.status_code == 202 and again.json()["job"] == job["job"]
        done, seen = follow(http, job)
        assert seen == sorted(seen) and seen[-1] == job["total"] and len(set(seen)) >= 3  # progress reported
        analysis = done["analysis"]
        assert done["stored"] and analysis["format"] == "jick-analysis" and analysis["depth"] == "quick"
        assert analysis["decisions"] and {d["seat"] for d in analysis["decisions"]} == {1}
        assert http.post(f"/api/tables/{table_id}/analysis?seat=1").json()["analysis"] == analysis
    store = Store(db_url)
    from sqlalchemy.orm import Session

    with Session(store.engine) as db:
        rows = db.query(AnalysisRow).filter_by(table_id=table_id).all()
        assert [(r.seat, r.depth) for r in rows] == [(1, "quick")]
        assert json.loads(rows[0].analysis) == analysis
    store.close()
    # a restarted server answers with the stored analysis at once
    with LiveServer(db_url) as server, server.http() as http:
        stored = http.post(f"/api/tables/{table_id}/analysis?seat=1")
        assert stored.status_code == 200 and stored.json()["status"] == "done" and stored.json()["stored"]
        assert stored.json()["analysis"] == analysis


def test_an_uploaded_record_is_analysed_and_its_blunder_named(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        body = json.dumps(constructed(HANDS))
        first = http.post("/api/analysis", content=body)
        assert first.status_code == 202 and first.json()["seat"] == 0  # the record's human seat
        done, _ = follow(http, first.json())
        assert not done["stored"]  # an uploaded record is kept in memory only
        play = next(d for d in done["analysis"]["decisions"] if d["phase"] == "play")
        assert (play["played"], play["best"]) == ("2S", "AS") and play["label"] in ("mistake", "blunder")
        second = http.post("/api/analysis", content=body)
        assert second.status_code == 200 and second.json()["analysis"] == done["analysis"]


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "words"),
    [
        ("/api/analysis", "{not json", 400, "record", "the record"),
        ("/api/analysis", json.dumps({"game": "smear", "format": "jick-record"}), 400, "record", ""),
        ("/api/analysis?seat=7", json.dumps(constructed(HANDS)), 400, "seat", "seat 7: the record has seats 0 to 3"),
        ("/api/analysis?depth=deep", json.dumps(constructed(HANDS)), 422, "invalid_request", "depth"),
        ("/api/analyses/nope", None, 404, "unknown_job", "no analysis"),
    ],
)
def test_bad_requests_are_refused_in_one_line(
    sqlite_url: str, path: str, body: str | None, status: int, code: str, words: str
) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        answer = http.get(path) if body is None else http.post(path, content=body)
        assert answer.status_code == status, answer.text
        data = answer.json()
        assert data["error"] == code and words in data["message"] and "\n" not in data["message"]
        assert server.app.state.analyses.running is None  # nothing left running


def test_a_running_match_and_a_private_table_are_refused(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        waiting = create_table(http, preset="lift_smoke", seats=["human", "easy", "easy", "easy"])
        http.post(f"/api/tables/{waiting['table']['id']}/start", headers=host(waiting))
        live = http.post(f"/api/tables/{waiting['table']['id']}/analysis", headers=host(waiting))
        assert live.status_code == 409 and live.json()["error"] == "match_running"
        private = http.post(f"/api/tables/{waiting['table']['id']}/analysis")
        assert private.status_code == 403 and private.json()["error"] == "private_table"


def test_an_analysis_over_its_time_is_stopped_with_503(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server, server.http() as http:
        server.app.state.analyses.timeout = 0.0
        first = http.post("/api/analysis", content=json.dumps(constructed(HANDS)))
        assert first.status_code == 202
        deadline = time.monotonic() + 10
        while (answer := http.get(f"/api/analyses/{first.json()['job']}")).status_code == 200:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert answer.status_code == 503 and answer.json()["error"] == "too_slow"
        assert "took over 0 s" in answer.json()["message"]
        server.app.state.analyses.timeout = 60.0  # a failed analysis may be asked again
        again = http.post("/api/analysis", content=json.dumps(constructed(HANDS)))
        assert again.status_code == 202 and again.json()["job"] != first.json()["job"]
