"""Keeps benchmarks/probe_auction.py working: the search's calls against the heuristic's on the same auctions."""

from __future__ import annotations

import json

import pytest

from jick.engine import RulesError
from script_kit import load_script


def test_every_call_with_a_choice_is_asked_and_the_differences_add_up(capsys):
    bench = load_script("probe_auction")
    # a minute to think: the counts end each call (on a loaded machine the easy level's half second could end one
    # before its first deal)
    assert bench.main(["--bot", "search:easy:think=60", "--deals", "2", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["calls"] >= 2  # two four-seat auctions, each with at least one call to choose
    assert counts["higher"] + counts["lower"] <= counts["overruled"] <= counts["calls"]
    assert 1 <= counts["worlds_least"] <= counts["worlds_median"]


def test_a_bot_that_cannot_explain_its_calls_is_refused_in_one_line(capsys):
    bench = load_script("probe_auction")
    with pytest.raises(RulesError, match="bot 'heuristic' does not explain its calls"):
        bench.probe("heuristic", "smear_ten_point", None, 1, 1000)
    assert bench.main(["--bot", "heuristic", "--deals", "1"]) == 2
    refusal = "probe_auction: bot 'heuristic' does not explain its calls; probe a search bot"
    assert capsys.readouterr().err.strip() == refusal
    assert bench.main(["--preset", "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("probe_auction: unknown preset 'nosuch'")


def test_the_changed_calls_are_played_out_on_the_real_deal_too(capsys):
    bench = load_script("probe_auction")
    # an auction search that trusts any gain changes calls often: each changed call is also played out for real
    bot = "search_bidsearch:level=easy:bid_margin=0:think=60"  # (the counts end it on any machine)
    assert bench.main(["--bot", bot, "--deals", "3", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["overruled"] > 0
    real = counts["changed_real"]
    assert 0 < real["n"] <= counts["overruled"] and isinstance(counts["changed_expected"], float)
    assert real["ci95"] is None or real["ci95"][0] <= real["mean"] <= real["ci95"][1]
    bench.main(["--bot", bot, "--deals", "3"])
    assert "the changed calls' gain over the heuristic's:" in capsys.readouterr().out
