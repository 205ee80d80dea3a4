"""SPEC 6.6: the points of a hand and its settlement (scenarios 25-33).

These hands are given by their tricks (or captured cards) and scored with the
engine's pure scoring functions, which the state uses at the end of a hand.
"""

from __future__ import annotations

from jick.cards import SPADES, card_mask, parse_card
from jick.games.smear.presets import load_preset
from jick.games.smear.scoring import HandFacts, award_points, game_winner, settle
from jick.games.smear.tables import game_points, trump_table

from .support import EW, NS, E, N, S, award_of, awards_for, score_tricks, side_points


def test_scenario_25_low_captured_vs_low_deuce() -> None:
    tricks = ["N:AC E:5D S:9C W:JS", "N:4C E:KC S:6D W:7D"]  # 2C was buried: never played
    awards, winners = score_tricks(load_preset("smear_ten_point"), "C", tricks)
    assert winners == [N, E]
    assert award_of(awards, "low") == (EW, "4C", 1)
    awards, _ = score_tricks(load_preset("smear_mn_original"), "C", tricks)
    assert award_of(awards, "low") == (None, None, 1)


def test_scenario_26_deuce_is_scored_by_its_player() -> None:
    tricks = ["E:AC S:2C W:5C N:7C"]
    awards, winners = score_tricks(load_preset("smear_mn_original"), "C", tricks, bidder=E, bid=4)
    assert winners == [E]
    assert award_of(awards, "high")[0] == EW
    assert award_of(awards, "low") == (NS, "2C", 1)
    awards, _ = score_tricks(load_preset("smear_ten_point"), "C", tricks, bidder=E)
    assert award_of(awards, "high")[0] == EW
    assert award_of(awards, "low") == (EW, "2C", 1)


def test_scenario_27_trey_stacks_with_low() -> None:
    awards, winners = score_tricks(load_preset("smear_ten_point"), "C", ["N:3C E:4D S:QC W:5D"])
    assert winners == [S]
    assert award_of(awards, "trey") == (NS, "3C", 3)
    assert award_of(awards, "low") == (NS, "3C", 1)
    assert sum(a.value for a in awards if a.card == parse_card("3C").index) == 4


def test_scenario_28_ten_point_maximum_is_ten() -> None:
    rules = load_preset("smear_ten_point")
    tricks = ["N:AS E:3S S:10D W:2S", "N:HJ E:LJ S:JS W:JC"]
    awards, winners = score_tricks(rules, "S", tricks)
    assert winners == [N, S]
    assert award_of(awards, "low") == (NS, "2S", 1)
    assert award_of(awards, "game")[0] == NS
    assert side_points(awards) == (10, 0)
    assert rules.max_points == 10


NS_GAME = ["AS", "KD", "10H", "JC", "2D", "3D"]  # 4 + 3 + 10 + 1 = 18
EW_GAME = ["10S", "QC", "QD", "KH", "JH"]  # 10 + 2 + 2 + 3 + 1 = 18


def test_scenario_29_game_tie() -> None:
    captured = [card_mask(NS_GAME), card_mask(EW_GAME)]
    assert [game_points(m) for m in captured] == [18, 18]
    assert game_winner(load_preset("smear_mn_original"), captured, NS, None) == NS
    assert game_winner(load_preset("smear_ten_point"), captured, NS, EW) == EW
    no_tie = load_preset("smear_ten_point", overrides={"game_tie": "none"})
    assert game_winner(no_tie, captured, NS, EW) is None


def test_scenario_30_game_counts_only_captured_cards() -> None:
    # W buried 10D: it is in nobody's tricks. NS also captured HJ (worth 0) and the Jick JC (worth 1).
    ns = card_mask(NS_GAME + ["HJ"])
    ew = card_mask(EW_GAME)
    assert [game_points(ns), game_points(ew)] == [18, 18]
    facts = HandFacts(
        trump=SPADES,
        captured=(ns, ew),
        played=(
            card_mask(NS_GAME[:3] + ["HJ"]),
            card_mask(EW_GAME[:3]),
            card_mask(NS_GAME[3:]),
            card_mask(EW_GAME[3:]),
        ),
        play_order=(),
        bidder=N,
        bid=4,
    )
    sides = (NS, EW, NS, EW)
    for preset, overrides, expected in (
        ("smear_mn_original", None, NS),  # the tie goes to the bidder
        ("smear_ten_point", {"game_tie": "none"}, None),  # still a tie: nobody
    ):
        rules = load_preset(preset, overrides=overrides)
        awards = award_points(rules, trump_table(rules, SPADES), facts, sides)
        assert award_of(awards, "game")[0] == expected, preset
        assert award_of(awards, "jick")[:2] == (NS, "JC")
    assert not (ns | ew) & card_mask(["10D"])


def test_scenario_31_widow_deuce_and_low() -> None:
    awards, winners = score_tricks(load_preset("smear_widow"), "H", ["N:2H E:9H S:3D W:4D"])
    assert winners == [E]
    assert award_of(awards, "low") == (EW, "2H", 1)
    assert award_of(awards, "deuce") == (EW, "2H", 2)
    assert sum(a.value for a in awards if a.side == EW and a.point in ("low", "deuce")) == 3


def test_scenario_32_set() -> None:
    rules = load_preset("smear_ten_point")
    awards = awards_for(rules, {NS: "high trey", EW: "low jack jick joker_high joker_low game"})
    assert side_points(awards) == (4, 6)
    result = settle(rules, awards, NS, 5, [10, 8], N)
    assert result.scores == (5, 14)
    assert not result.made and result.winner is None


def test_scenario_33_make_over_the_bid() -> None:
    rules = load_preset("smear_ten_point")
    awards = awards_for(rules, {NS: "trey high low jack jick", EW: "joker_high joker_low game"})
    assert side_points(awards) == (7, 3)
    result = settle(rules, awards, NS, 3, [0, 0], N)
    assert result.made and result.deltas == (7, 3)
