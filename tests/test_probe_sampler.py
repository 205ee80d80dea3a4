"""Keeps benchmarks/probe_sampler.py working: sampled against real values of two calls the values did not choose."""

from __future__ import annotations

import json

from script_kit import load_script


def test_sampled_and_real_values_are_compared_call_by_call(capsys):
    bench = load_script("probe_sampler")
    assert bench.main(["--deals", "2", "--worlds", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["calls"] >= 2
    assert figures["heuristic_call"]["n"] == figures["other_call"]["n"] == figures["calls"]
    # the gap between the two calls is the difference of their own means, sampled and real alike
    gap = figures["gap_sampled"] - figures["gap_real"]
    assert abs(gap - (figures["heuristic_call"]["mean"] - figures["other_call"]["mean"])) < 1e-9


def test_the_other_call_is_the_pass_or_the_bid_above():
    bench = load_script("probe_sampler")
    legal = ["pass", "2", "3", "4", "5", "6"]
    assert bench.other_call(legal, "3", 0) == "pass"
    assert bench.other_call(legal, "pass", 0) == "2"
    assert bench.other_call(legal, "3", 2) == "5"
    assert bench.other_call(legal, "pass", 2) == "2"
    assert bench.other_call(legal, "5", 2) is None


def test_bad_counts_and_presets_are_refused_in_one_line(capsys):
    bench = load_script("probe_sampler")
    assert bench.main(["--worlds", "0"]) == 2
    assert (
        capsys.readouterr().err.strip() == "probe_sampler: --deals and --worlds must be at least 1, --above at least 0"
    )
    assert bench.main(["--preset", "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("probe_sampler: unknown preset 'nosuch'")
