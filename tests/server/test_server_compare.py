"""POST /api/compare: ``jick compare-rules --json`` over HTTP, bounded (hands, rule sets, one at a time, time)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
from typer.testing import CliRunner

from jick.cli import app

from .kit import LiveServer

runner = CliRunner()


def cli_json(*args: str) -> tuple[int, str, str]:
    """``jick compare-rules ... --json`` in this process: exit code, stdout, stderr."""
    result = runner.invoke(app, ["compare-rules", "--no-progress", "-w", "1", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def compare(server: LiveServer, body: dict[str, Any], timeout: float = 60) -> httpx.Response:
    with httpx.Client(base_url=server.url, timeout=timeout) as http:
        return http.post("/api/compare", json=body)


def test_the_route_gives_the_numbers_of_the_cli(sqlite_url: str) -> None:
    code, out, err = cli_json(
        "smear_ten_point", "--set", "target_score=21", "--vs", "no trey: point_values.trey=0 max_bid=7",
        "--hands", "20", "--matches", "0", "--seed", "5", "--json",
    )  # fmt: skip
    assert code == 0, err
    expected = json.loads(out)
    body = {
        "preset": "smear_ten_point",
        "set": ["target_score=21"],
        "vs": ["no trey: point_values.trey=0 max_bid=7"],
        "hands": 20,
        "seed": 5,
    }
    with LiveServer(sqlite_url) as server:
        response = compare(server, body)
    assert response.status_code == 200, response.text
    got = response.json()
    assert got == expected
    trey = next(f for f in got["figures"] if f["key"] == "point.trey")
    assert trey["values"][1]["mean"] == 0.0 and got["parameters"]["hands"] == 20


def test_a_bad_option_gets_400_with_the_cli_line(sqlite_url: str) -> None:
    code, _, err = cli_json("smear_ten_point", "--vs", "point_values.trey=banana", "--hands", "4", "--json")
    assert code == 2
    with LiveServer(sqlite_url) as server:
        response = compare(server, {"preset": "smear_ten_point", "vs": ["point_values.trey=banana"], "hands": 4})
        unknown = compare(server, {"vs": ["no_such_rule=1"], "hands": 4})
        too_many = compare(server, {"vs": ["max_bid=7", "min_bid=3", "target_score=21"], "hands": 4})
        too_long = compare(server, {"vs": ["max_bid=7"], "hands": 401})
    assert response.status_code == 400, response.text
    message = response.json()["message"]
    assert "\n" not in message and message in err
    assert unknown.status_code == 400 and "no_such_rule" in unknown.json()["message"]
    assert too_many.status_code == 422 and "vs" in too_many.json()["message"]
    assert too_long.status_code == 422 and "hands" in too_long.json()["message"]


def test_one_comparison_at_a_time_and_a_time_limit(sqlite_url: str) -> None:
    with LiveServer(sqlite_url) as server:
        first: list[httpx.Response] = []
        slow = threading.Thread(target=lambda: first.append(compare(server, {"vs": ["max_bid=7"], "hands": 400})))
        slow.start()
        try:
            deadline = time.monotonic() + 30
            while not server.app.state.comparing.locked() and time.monotonic() < deadline:
                time.sleep(0.01)  # until the first one runs
            second = compare(server, {"vs": ["max_bid=7"], "hands": 2})
            assert second.status_code == 429, second.status_code
            assert "already running" in second.json()["message"]
        finally:
            server.app.state.compare_timeout = 0.5  # the running one stops at its next batch
            slow.join(60)
        assert first and first[0].status_code == 503, first[0].text if first else "no answer"
        assert "took over" in first[0].json()["message"]
        server.app.state.compare_timeout = 60.0
        again = compare(server, {"vs": ["max_bid=7"], "hands": 2})
        assert again.status_code == 200, again.text
