"""SPEC 6.8: the end of the match (scenarios 40-44), settled with ``settle``."""

from __future__ import annotations

from jick.games.smear.presets import load_preset
from jick.games.smear.scoring import settle

from .support import EW, NS, N, awards_for, side_points

P1, P2, P3 = 0, 1, 2


def test_scenario_40_both_cross_and_the_bidder_made_it() -> None:
    split = {NS: "trey high low", EW: "jack jick joker_high joker_low game"}
    rules = load_preset("smear_ten_point")
    awards = awards_for(rules, split)
    assert side_points(awards) == (5, 5)
    result = settle(rules, awards, NS, 3, [18, 19], N)
    assert result.scores == (23, 24) and result.winner == NS
    higher = load_preset("smear_ten_point", overrides={"both_cross": "higher_score"})
    assert settle(higher, awards_for(higher, split), NS, 3, [18, 19], N).winner == EW


def test_scenario_41_bidder_set_and_the_other_side_crosses() -> None:
    rules = load_preset("smear_ten_point")
    awards = awards_for(rules, {NS: "trey", EW: "high low jack jick joker_high joker_low game"})
    assert side_points(awards) == (3, 7)
    result = settle(rules, awards, NS, 4, [20, 17], N)
    assert result.scores == (16, 24) and result.winner == EW


def test_scenario_42_three_handed_two_non_bidders_cross() -> None:
    rules = load_preset("smear_mn_three_handed")
    first = awards_for(rules, {P1: "high low", P2: "jack jick game", P3: "joker_high joker_low"})
    assert side_points(first, 3) == (2, 3, 2)
    hand1 = settle(rules, first, P1, 4, [5, 19, 20], P1)
    assert hand1.scores == (1, 22, 22) and not hand1.made
    assert hand1.winner is None  # tie at 22: play an extra hand

    second = awards_for(rules, {P1: "high low jack jick", P2: "joker_high joker_low", P3: "game"})
    assert side_points(second, 3) == (4, 2, 1)
    hand2 = settle(rules, second, P1, 4, list(hand1.scores), P1)
    assert hand2.scores == (5, 24, 23)
    assert hand2.winner == P2


def test_scenario_43_bust_out() -> None:
    rules = load_preset("smear_ten_point_bust21")
    awards = awards_for(rules, {NS: "trey high", EW: "low jack jick joker_high joker_low game"})
    assert side_points(awards) == (4, 6)
    result = settle(rules, awards, NS, 5, [-17, 3], N)
    assert result.scores == (-22, 9) and result.winner == EW


def test_scenario_44_target_eleven() -> None:
    rules = load_preset("smear_ten_point_to11")
    awards = awards_for(rules, {NS: "trey", EW: "high low jack jick joker_high joker_low game"})
    result = settle(rules, awards, NS, 3, [8, 0], N)
    assert result.scores == (11, 7) and result.winner == NS
