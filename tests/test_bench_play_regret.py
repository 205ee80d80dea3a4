"""Keeps benchmarks/bench_play_regret.py working: a short run reports each bot's loss against the open-card best."""

from __future__ import annotations

import json

import pytest

from script_kit import load_script


def test_every_bot_answers_the_same_positions_and_the_cheater_loses_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_play_regret")
    args = ["--preset", "smear_ten_point", "--bots", "heuristic,random,cheater", "--positions", "12", "--seed", "2"]
    assert bench.main(args + ["--json"]) == 0
    [result] = json.loads(capsys.readouterr().out)
    assert result["positions"] == 12 and [row["bot"] for row in result["bots"]] == ["heuristic", "random", "cheater"]
    heuristic, random_bot, cheater = result["bots"]
    assert cheater["loss"] == 0 and cheater["best_share"] == 1
    assert 0 <= heuristic["loss"] <= random_bot["loss"] and random_bot["loss"] > 0
    assert random_bot["minus_first"] == pytest.approx(random_bot["loss"] - heuristic["loss"])
    assert 0 < heuristic["best_share"] <= 1
    # the table names every bot and says where the positions come from
    assert bench.main(args) == 0
    out = capsys.readouterr().out
    assert "12 positions of hands played by heuristic bots" in out and "random" in out


def test_a_position_is_a_card_decision_with_a_choice() -> None:
    bench = load_script("bench_play_regret")
    [state] = bench.positions("smear_mn_original", 1, seed=4, players="heuristic")
    assert state.phase == "play" and len(state.legal_actions()) > 1


def test_a_bad_name_is_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_play_regret")
    assert bench.main(["--bots", "nobody", "--positions", "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bench_play_regret: unknown bot 'nobody'") and err.count("\n") == 1
