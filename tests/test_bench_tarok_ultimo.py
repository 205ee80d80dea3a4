"""Keeps benchmarks/bench_tarok_ultimo.py working (its figures are benchmarks, not tests)."""

from __future__ import annotations

import pytest

from script_kit import load_script


def test_it_finds_the_ultimo_deals_and_asks_the_search_each_contra(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_tarok_ultimo")
    base, asked = bench.heuristic_deal(2024, 83)  # the first deal of the seed with an ultimo
    assert asked and all(seat != 0 for seat in asked)  # seat 0 announced it; the others are asked
    assert bench.heuristic_deal(2024, 82)[1] == []
    assert bench.main(["--deals", "84", "--search-option", "think=0.3"]) == 0
    out = capsys.readouterr().out
    assert "1 of 84 deals hold an ultimo" in out
    assert f"in {len(asked)} decisions" in out and "deal 83 seat" in out


def test_a_malformed_search_option_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_tarok_ultimo")
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--deals", "3", "--search-option", "think"])
    assert exit_info.value.code == 2
    assert "--search-option takes NAME=VALUE" in capsys.readouterr().err
