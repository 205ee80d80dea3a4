"""Keeps benchmarks/bench_hands.py working: a very short run must report hands played.

No timing assertions: speed depends on the machine.
"""

from __future__ import annotations

import json

from script_kit import load_script


def test_text_report_has_positive_hands_per_second(capsys):
    bench = load_script("bench_hands")
    result = bench.main(["--seconds", "0.2", "--seed", "3"])
    out = capsys.readouterr().out
    assert result["jick_hands"] > 0
    assert result["jick_hands_per_s"] > 0
    assert result["jick_actions"] > result["jick_hands"]
    assert "jick smear_ten_point:" in out and "hands/s" in out


def test_json_report_with_another_preset(capsys):
    bench = load_script("bench_hands")
    bench.main(["--seconds", "0.2", "--preset", "smear_mn_original", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["preset"] == "smear_mn_original"
    assert report["jick_hands_per_s"] > 0
    assert report["engine"] in ("pure Python", "compiled (mypyc)")


def test_both_ratios_are_reported_with_each_games_length(capsys):
    bench = load_script("bench_hands")
    report = bench.main(["--seconds", "0.2", "--tarok"])
    out = capsys.readouterr().out
    smear, euchre = report["jick_actions_per_s"], report["euchre_actions_per_s"]
    assert report["ratio_actions"] == smear / euchre
    assert report["ratio_player_actions"] > report["ratio_actions"]  # euchre's chance actions left out
    assert report["ratio"] == report["jick_hands_per_s"] / report["euchre_games_per_s"]
    assert report["tarok_ratio_actions"] == report["tarok_actions_per_s"] / report["openspiel_tarok_actions_per_s"]
    # euchre deals its cards one chance action at a time; a tarok_3p deal is dozens of player actions
    assert 0 < report["euchre_chance_actions_per_game"] < report["euchre_actions_per_game"]
    assert report["tarok_actions_per_deal"] > 20
    assert report["jick_actions_per_hand"] == report["jick_actions"] / report["jick_hands"]
    assert "per action" in out and "of them chance" in out and "a deal)" in out


def test_batched_report(capsys):
    bench = load_script("bench_hands")
    report = bench.main(["--seconds", "0.2", "--batched"])
    out = capsys.readouterr().out
    assert report["batched_hands_per_s"] > 0 and report["batched_playouts_per_s"] > 0
    assert "batched (random_hands, one core)" in out
