"""Keeps benchmarks/bench_tarok_consolation.py working: forced contracts, every defence, a clear error."""

from __future__ import annotations

import pytest

from script_kit import load_script


@pytest.mark.parametrize("defence", ["heuristic", "forcing", "cooperative"])
def test_every_defence_plays_the_forced_consolation(capsys, defence):
    bench = load_script("bench_tarok_consolation")
    assert bench.main(["--deals", "4", "--seed", "3", "--defence", defence]) == 0
    out = capsys.readouterr().out
    assert f"threesome for consolation at m = 1, {defence} defence, 4 deals" in out
    total = [line.split() for line in out.splitlines() if line.startswith("all")]
    assert len(total) == 1 and total[0][1] == "4"


def test_forced_deal_is_a_threesome_of_the_forehand():
    bench = load_script("bench_tarok_consolation")
    for contract in ("consolation", "game"):
        rating, count, made, _ = bench.forced_deal(0, 3, contract, "forcing")
        assert 0 <= count <= 70 and rating > 0
        assert made == (count <= 35 if contract == "consolation" else count >= 36)


def test_a_bad_deal_count_is_refused(capsys):
    bench = load_script("bench_tarok_consolation")
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--deals", "0"])
    assert exit_info.value.code == 2
    assert "--deals must be at least 1" in capsys.readouterr().err
