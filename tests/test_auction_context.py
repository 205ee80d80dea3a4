"""Keeps benchmarks/auction_context.py working: what the calls before a seat's say about its side's points."""

from __future__ import annotations

import json

from script_kit import load_script


def test_rows_are_fitted_and_written(capsys, tmp_path):
    bench = load_script("auction_context")
    out = tmp_path / "rows.jsonl"
    assert bench.main(["--players", "6", "--deals", "6", "--json", "--out", str(out)]) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert figures["rows"] == len(rows) >= 8
    assert set(figures["coef"]) == set(figures["stderr"]) == {"intercept", *bench.CONTEXT_FEATURES}
    for row in rows:
        assert len(row["context"]) == len(bench.CONTEXT_FEATURES)
        assert 0 <= row["made"] <= 10  # the points of a ten-point hand taken by one side
    # the intercept-only part of the fit is the mean of made less mu when no context is present
    assert abs(figures["mean_made_less_mu"] - sum(r["made"] - r["mu"] for r in rows) / len(rows)) < 1e-9


def test_bad_arguments_are_refused_in_one_line(capsys):
    bench = load_script("auction_context")
    assert bench.main(["--deals", "0"]) == 2
    assert capsys.readouterr().err.strip() == "auction_context: --deals and --jobs must be at least 1"
    assert bench.main(["--preset", "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("auction_context: unknown preset 'nosuch'")
    assert bench.main(["--preset", "smear_mn_basic4"]) == 2
    assert "does not bid smear_mn_basic4" in capsys.readouterr().err
