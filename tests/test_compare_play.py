"""benchmarks/compare_play.py: two search versions asked the same play decisions (quick deadlines here)."""

from __future__ import annotations

import pytest

from script_kit import load_script


def test_the_same_decisions_go_to_both_bots_by_trick(capsys):
    script = load_script("compare_play")
    rows = script.compare("smear_ten_point", 6, 1, ["search", "search_deep"], 100, 5, 0.05)
    assert set(rows) <= {1, 2} and rows  # five cards or more in hand: the first two tricks of six seats
    for row in rows.values():
        assert 0 <= row["same"] <= row["decisions"] == len(row["bots"][0]) == len(row["bots"][1])
        for answers in row["bots"]:
            assert all(worlds >= 1 and nodes > 0 for _, worlds, nodes, _ in answers)
    assert script.main(["--players", "6", "--hands", "1", "--min-cards", "6", "--think", "0.05"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("smear_ten_point, 1 hands from seed 100: search (a) and search_deep (b)")
    assert out.splitlines()[2].split()[0] == "1"


def test_two_bots_are_needed(capsys):
    with pytest.raises(SystemExit) as exit_info:
        load_script("compare_play").main(["--bots", "search"])
    assert exit_info.value.code == 2
    assert "--bots takes two names" in capsys.readouterr().err
