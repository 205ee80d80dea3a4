"""Keeps benchmarks/bench_discards.py working: the duplicate figure is 0 when no discard changes."""

from __future__ import annotations

import json

import pytest

from jick.engine import RulesError
from jick.games.smear import search
from script_kit import load_script


def test_a_discard_that_never_changes_scores_zero_and_the_ceiling_changes_some(capsys):
    bench = load_script("bench_discards")
    same = bench.main(["--deals", "1", "--margin", "1000"])
    assert search.DISCARD_MARGIN == 1.0  # the margin goes to the bots, not into the module's default
    assert same["changed"] == 0 and same["mean"] == 0 and same["ci95"] is None
    assert "discards by the search (margin 1000) (1 deal from 0): +0.00" in capsys.readouterr().out
    bench.main(["--deals", "1", "--start", "2", "--open", "--json"])
    ceiling = json.loads(capsys.readouterr().out)
    assert ceiling["discards"] == "open" and ceiling["deals"] == 1 and ceiling["changed"] > 0


def test_a_preset_without_a_free_discard_is_refused():
    with pytest.raises(RulesError, match="smear_mn_original is not a four-seat free_to_six deal"):
        load_script("bench_discards").main(["--preset", "smear_mn_original", "--deals", "1"])
