"""SPEC 6.7: shooting the moon (scenarios 34-39).

Each hand is given by its tricks, scored with the engine's pure award rules
and settled with ``settle`` (bid ``None`` is the moon).
"""

from __future__ import annotations

from jick.games.smear.presets import load_preset
from jick.games.smear.scoring import settle

from .support import EW, NS, E, N, S, W, award_of, score_tricks

# NS take every point: High (AH), Low (S plays 2H), Jack, Jick (JD), both jokers, Game 41 to 12.
ALL_SEVEN = [
    "N:AH E:3H S:2H W:4H",
    "N:JH E:5H S:JD W:6H",
    "N:HJ E:7H S:LJ W:8H",
    "N:10S E:9S S:10C W:3C",
    "N:10D E:9D S:KS W:QS",
    "N:QC E:AS S:KD W:KC",
]


def moon_hand(preset: str, tricks: list[str], scores: list[int], overrides: dict[str, str] | None = None):
    rules = load_preset(preset, overrides=overrides)
    awards, winners = score_tricks(rules, "H", tricks, bidder=N, bid=None)
    return awards, winners, settle(rules, awards, NS, None, scores, N)


def test_scenario_34_moon_success_from_a_positive_score() -> None:
    awards, winners, result = moon_hand("smear_mn_original", ALL_SEVEN, [14, 18])
    assert winners == [N, N, N, N, N, W]
    assert award_of(awards, "game")[0] == NS
    assert all(a.side == NS for a in awards) and len(awards) == 7
    assert result.moon == "success" and result.winner == NS


def test_scenario_35_moon_success_from_zero() -> None:
    _, _, result = moon_hand("smear_mn_original", ALL_SEVEN, [0, 18])
    assert result.moon == "success" and result.winner == NS


def test_scenario_36_moon_success_from_a_negative_score() -> None:
    _, _, result = moon_hand("smear_mn_original", ALL_SEVEN, [-6, 18])
    assert result.moon == "success"
    assert result.scores == (0, 18)
    assert result.winner is None


def test_scenario_37_moon_fails_through_the_deuce() -> None:
    tricks = [
        "N:AH E:3H S:4H W:5H",
        "N:KH E:2H S:6H W:7H",
        "N:JH E:8H S:JD W:9H",
        "N:HJ E:10S S:LJ W:9S",
        "N:10D E:9D S:KS W:QS",
        "N:10C E:3C S:AC W:4C",
    ]
    awards, winners, result = moon_hand("smear_mn_original", tricks, [0, 0])
    assert winners == [N, N, N, N, N, S]  # NS won every trick
    assert award_of(awards, "low") == (EW, "2H", 1)
    assert result.moon == "failure" and result.winner == EW


def test_scenario_38_moon_fails_through_a_joker() -> None:
    tricks = ALL_SEVEN[:2] + [
        "N:HJ E:7H S:8H W:9H",
        "N:10S E:9S S:10C W:3C",
        "N:10D E:9D S:KS W:QS",
        "N:QC E:LJ S:KD W:KC",
    ]
    awards, winners, result = moon_hand("smear_mn_original", tricks, [0, 0])
    assert winners[-1] == E
    assert award_of(awards, "joker_low")[:2] == (EW, "LJ")
    assert result.moon == "failure" and result.winner == EW


def test_scenario_39_point_card_out_of_play() -> None:
    # AH is among the undealt cards; NS win every trick.
    tricks = [
        "N:KH E:3H S:2H W:4H",
        "N:JH E:5H S:QH W:6H",
        "S:10S W:9S N:10C E:3C",
        "S:10D W:9D N:KS E:QS",
        "S:AC W:4C N:5C E:6C",
        "S:AD W:2D N:3D E:4D",
    ]
    awards, winners, result = moon_hand("smear_mn_basic4", tricks, [0, 0])
    assert winners == [N, S, S, S, S, S]
    assert award_of(awards, "high")[0] is None
    assert result.moon == "failure" and result.winner == EW
    _, _, result = moon_hand("smear_mn_basic4", tricks, [0, 0], overrides={"moon_success": "all_awarded_points"})
    assert result.moon == "success" and result.winner == NS
