"""Keeps benchmarks/bench_reading.py working: a short run times the search's reading of the auction."""

from __future__ import annotations

import json

import pytest

from script_kit import load_script


def test_a_short_run_weighs_every_sampled_deal_and_repeats_its_weights(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_reading")
    args = ["--positions", "3", "--samples", "4", "--seed", "2", "--only", "smear_ten_point:4", "--json"]
    assert bench.main(args) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["preset"], row["players"], row["deals"]) == ("smear_ten_point", 4, 12)
    assert row["us_per_deal"] > 0 and 0 < row["weight_sum"] <= 12  # each weight is in (0, 1]
    assert bench.main(args) == 0  # the same seed weighs the same deals the same
    assert json.loads(capsys.readouterr().out)[0]["weight_sum"] == row["weight_sum"]


def test_the_positions_are_card_decisions_with_a_choice() -> None:
    bench = load_script("bench_reading")
    observations = bench.positions("smear_mn_three_handed", 3, 5, seed=4)
    assert len(observations) == 5 and all(o.phase == "play" and len(o.legal_actions) > 1 for o in observations)


@pytest.mark.parametrize("only", ["nobody:4", "smear_ten_point"])
def test_a_bad_table_is_one_line_and_exit_code_2(only: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_reading")
    assert bench.main(["--positions", "1", "--only", only]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bench_reading: ") and err.count("\n") == 1
