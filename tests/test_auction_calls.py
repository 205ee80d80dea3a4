"""Keeps benchmarks/auction_calls.py working: every candidate call valued on the real deal."""

from __future__ import annotations

import json

from script_kit import load_script


def test_calls_are_valued_and_summed_up_by_kind(capsys, tmp_path):
    bench = load_script("auction_calls")
    out = tmp_path / "rows.jsonl"
    assert bench.main(["--players", "6", "--deals", "3", "--json", "--out", str(out)]) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert figures["calls"] == len(rows) >= 3
    for row in rows:
        assert row["call"] in row["calls"] and len(row["calls"]) == len(row["values"]) == len(row["p_make"])
        # the chance of making a bid falls as the bid rises
        chances = [p for p in row["p_make"] if p is not None]
        assert chances == sorted(chances, reverse=True)
    # every alternative of a known kind is counted once in the summary
    counted = sum(k["n"] for k in figures["kinds"])
    expected = 0
    for row in rows:
        bids = [c for c in row["calls"] if c.isdigit()]
        lowest = min(bids, key=int) if bids else None
        expected += sum(1 for c in row["calls"] if bench.kind(row["call"], c, lowest) is not None)
    assert counted == expected > 0


def test_bad_arguments_are_refused_in_one_line(capsys):
    bench = load_script("auction_calls")
    assert bench.main(["--jobs", "0"]) == 2
    assert capsys.readouterr().err.strip() == "auction_calls: --deals and --jobs must be at least 1"
    assert bench.main(["--preset", "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("auction_calls: unknown preset 'nosuch'")
