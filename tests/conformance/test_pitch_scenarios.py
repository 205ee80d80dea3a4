"""docs/pitch.md section 5: the Pitch family scenarios (P1-P15, P16-P23, P30-P35).

Seating as in SPEC 6 (N=0, E=1, S=2, W=3 clockwise, dealer W, eldest N;
sides NS=0, EW=1). Each test name carries its scenario id.
"""

from __future__ import annotations

import re

import pytest

from jick.cards import CARDS, mask_cards, parse_card
from jick.engine import IllegalAction, RecordError, RulesError
from jick.games.smear import load_preset, new_match
from jick.games.smear.actions import Bid, CallCard, NameTrump, Pass, Play, Smudge
from jick.games.smear.playouts import check_supported, random_hands
from jick.games.smear.report import after_unplayed
from jick.games.smear.scoring import Award, match_winner, settle, share_with_partner
from jick.games.smear.state import SmearState
from jick.games.smear.tables import TRUMP, trump_table
from jick.story import card_words

from .support import (
    EW,
    NS,
    E,
    N,
    S,
    W,
    award_of,
    awards_for,
    cards,
    deck_for,
    legal_cards,
    play,
    rejected,
    score_tricks,
    side_points,
    start,
    suit,
    suit_cards,
)

# Six cards each in packets of three (pitch_auction, pitch_five ... pitch_nine).
PITCH_HANDS = {
    N: cards("AH 7H 2H KD QC 4S"),
    E: cards("KH 3H 9D 8D 5C 6S"),
    S: cards("JH QD 10D 7C 3C 9S"),
    W: cards("10H 4D 2D AC JC 5S"),
}


def pitched(preset: str = "pitch_auction", hands: dict[int, list[str]] | None = None) -> SmearState:
    """N bids 2, the others pass: N is the pitcher, to lead (trump not yet set)."""
    state = start(preset, hands or PITCH_HANDS, fill=suit_cards("SHDC"))
    state.apply(Bid(2))
    for _ in range(3):
        state.apply(Pass())
    return state


def test_scenario_P1_the_first_lead_names_trump() -> None:
    state = pitched()
    assert state.phase == "play" and state.current_player == N and state.trump is None
    assert NameTrump(suit("H")) not in state.legal_actions()  # no trump call in this game
    assert legal_cards(state) == frozenset(PITCH_HANDS[N])
    play(state, "N:7H")
    assert state.trump == suit("H")
    assert legal_cards(state) == frozenset(cards("KH 3H"))  # a trump lead must be followed with trump
    play(state, "E:3H S:JH W:10H")
    assert state.deals[-1].tricks[0].winner == S


def test_scenario_P2_undo_takes_back_the_naming_lead() -> None:
    state = pitched()
    play(state, "N:KD")
    assert state.trump == suit("D")
    state.undo()
    assert state.trump is None and state.current_player == N
    assert legal_cards(state) == frozenset(PITCH_HANDS[N])
    clone = state.clone()
    play(clone, "N:QC")
    assert clone.trump == suit("C") and state.trump is None


def test_scenario_P3_a_joker_cannot_name_trump() -> None:
    hands = dict(PITCH_HANDS)
    hands[N] = cards("JK 7H 2H KD QC 4S")
    hands[W] = cards("10H 4D 2D AC JC AH")
    state = pitched("pitch_six", hands)
    assert "JK" not in legal_cards(state)
    assert rejected(state, Play(parse_card("JK")))
    with pytest.raises(IllegalAction, match="a joker has no suit to name trump"):
        state.apply(Play(parse_card("JK")))
    play(state, "N:2H")
    assert state.trump == suit("H")
    assert trump_table(state.rules, suit("H")).eff_suit[parse_card("JK").index] == TRUMP


def test_scenario_P4_leading_the_off_jack_names_its_own_suit() -> None:
    hands = dict(PITCH_HANDS)
    hands[N] = cards("JD 7H 2H KD QC 4S")
    hands[S] = cards("JH QD 10D 7C 3C 9S")
    state = pitched("pitch_five", hands)
    play(state, "N:JD")
    assert state.trump == suit("D")  # JD is the jack of trump; JH is now the Off-Jack
    assert legal_cards(state) == frozenset(cards("9D 8D"))
    play(state, "E:9D")
    assert "JH" in legal_cards(state)  # S follows the trump lead with the Off-Jack
    assert legal_cards(state) == frozenset(cards("JH QD 10D"))


def test_scenario_P5_high_is_the_highest_trump_played() -> None:
    rules = load_preset("pitch_auction")
    awards, winners = score_tricks(rules, "S", ["N:KS E:9S S:3S W:QD", "N:2S E:5S S:AD W:JS"], bidder=N)
    assert winners == [N, W]
    assert award_of(awards, "high") == (NS, "KS", 1)  # the ace of spades was not in play
    smear = load_preset("smear_mn_basic4")
    awards, _ = score_tricks(smear, "S", ["N:KS E:9S S:3S W:QD"], bidder=N)
    assert award_of(awards, "high")[0] is None  # Smear: High is the ace only


def test_scenario_P6_low_goes_to_the_player_of_the_lowest_trump() -> None:
    rules = load_preset("pitch_auction")
    awards, winners = score_tricks(rules, "S", ["N:KS E:2S S:3S W:QD"], bidder=N)
    assert winners == [N]
    assert award_of(awards, "low") == (EW, "2S", 1)  # captured by NS, but E held it


def test_scenario_P7_a_game_tie_scores_for_nobody() -> None:
    tricks = ["N:KS E:QD S:3S W:2S", "W:KC N:4C E:QC S:2C"]  # NS: KS QD = 5; EW: KC QC = 5
    awards, winners = score_tricks(load_preset("pitch_auction"), "S", tricks, bidder=N)
    assert winners == [N, W]
    assert award_of(awards, "game")[0] is None
    awards, _ = score_tricks(load_preset("smear_mn_original"), "S", tricks, bidder=N)
    assert award_of(awards, "game")[0] == NS  # Minnesota Smear: a tie goes to the bidder


def test_scenario_P8_the_dealer_is_stuck() -> None:
    state = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"))
    for _ in range(3):
        state.apply(Pass())
    assert state.current_player == W
    assert Pass() not in state.legal_actions()
    assert rejected(state, Pass())
    state.apply(Bid(2))
    assert state.phase == "play" and state.current_player == W and state.trump is None


def test_scenario_P15_the_dealer_may_take_the_bid_at_the_same_number() -> None:
    state = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides={"dealer_may_match": True})
    state.apply(Bid(3))
    state.apply(Pass())
    state.apply(Pass())
    assert state.current_player == W
    assert Bid(3) in state.legal_actions() and Bid(2) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must at least match the current bid 3"):
        state.apply(Bid(2))
    state.apply(Bid(3))
    assert state.bidder == W and state.bid == 3 and state.phase == "play"
    plain = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"))
    plain.apply(Bid(3))
    plain.apply(Pass())
    plain.apply(Pass())
    assert rejected(plain, Bid(3))  # without the option the dealer must bid higher
    eldest = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides={"dealer_may_match": True})
    eldest.apply(Pass())
    eldest.apply(Bid(2))
    assert Bid(2) not in eldest.legal_actions()  # only the dealer has the privilege


def test_scenario_P9_the_ten_of_trump_in_place_of_game() -> None:
    rules = load_preset("pitch_seven")
    assert "game" not in rules.points and rules.max_points == 7
    awards, winners = score_tricks(rules, "H", ["N:10H E:AH S:3H W:2H"], bidder=N)
    assert winners == [E]
    assert award_of(awards, "ten") == (EW, "10H", 1)
    assert award_of(awards, "high") == (EW, "AH", 1)
    assert award_of(awards, "low") == (EW, "2H", 1)  # W played the lowest trump


def test_scenario_P10_the_five_of_trump_is_worth_five() -> None:
    rules = load_preset("pitch_nine")
    assert rules.max_points == 9
    awards, winners = score_tricks(rules, "C", ["N:5C E:QC S:7C W:AD"], bidder=N)
    assert winners == [E]
    assert award_of(awards, "five") == (EW, "5C", 5)
    # NS: Low (5C is the lowest trump played); EW: High (QC), the Five and Game (QC AD = 6)
    assert side_points(awards) == (1, 7)


def test_scenario_P11_the_left_pedro_is_a_trump_below_the_right() -> None:
    rules = load_preset("cinch")
    table = trump_table(rules, suit("H"))
    assert [str(CARDS[i]) for i in table.order] == cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 5D 4H 3H 2H")
    assert table.eff_suit[parse_card("5D").index] == TRUMP
    assert bin(table.suit_masks[suit("D")]).count("1") == 12  # diamonds lack their five this hand


def test_scenario_P12_cinch_points_are_fourteen() -> None:
    rules = load_preset("cinch")
    assert rules.max_points == 14
    tricks = ["N:AH E:5H S:2H W:5D", "S:10H W:JH N:3H E:4H"]
    awards, winners = score_tricks(rules, "H", tricks, bidder=N)
    assert winners == [N, W]
    assert award_of(awards, "five") == (NS, "5H", 5)
    assert award_of(awards, "off_five") == (NS, "5D", 5)
    assert award_of(awards, "low") == (NS, "2H", 1)  # the deuce, to the side that captures it
    assert award_of(awards, "ten") == (EW, "10H", 1)  # Game is the ten of trump
    assert award_of(awards, "jack") == (EW, "JH", 1)
    assert side_points(awards) == (12, 2)


def test_scenario_P13_cinch_discard_keeps_trumps_and_the_left_pedro() -> None:
    hands = {N: cards("5D AH 3H KS QS JS 9C 8C 7C")}
    state = start("cinch", hands, fill=suit_cards("SHDC"))
    while state.phase == "bidding":
        state.apply(Bid(1) if state.current_player == N else Pass())
    state.apply(NameTrump(suit("H")))
    assert state.current_player == N and state.phase == "discard"
    assert legal_cards(state) == frozenset(cards("KS QS JS 9C 8C 7C"))  # 5D is a trump: it stays


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("pitch_auction", {"hand_size": 9}, "trump_set_by = first_lead needs hand_size = 6"),
        ("smear_mn_original", {"trump_set_by": "first_lead"}, "trump_set_by = first_lead needs hand_size = 6"),
        ("cinch", {"use_off_five": False}, "off_five (the Left Pedro) needs use_off_five = true"),
        ("pitch_auction", {"high_card": "best"}, "high_card"),
        ("pitch_auction", {"trump_set_by": "cut"}, "trump_set_by"),
    ],
)
def test_scenario_P14_impossible_combinations_are_refused(
    preset: str, overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        load_preset(preset, overrides=overrides)


def test_scenario_P16_the_off_ace_is_a_trump_below_the_ace() -> None:
    rules = load_preset("pitch_eleven")
    assert rules.max_points == 11 and rules.max_bid == 11 and rules.target_score == 52
    table = trump_table(rules, suit("H"))
    order = "AH AD KH QH JH JD HJ LJ 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    assert [str(CARDS[i]) for i in table.order] == cards(order)
    assert table.eff_suit[parse_card("AD").index] == TRUMP
    assert bin(table.suit_masks[suit("D")]).count("1") == 11  # diamonds lack their ace and jack this hand
    tricks = ["N:KH E:AD S:3H W:2H", "E:4H S:AH W:5H N:6H"]
    awards, winners = score_tricks(rules, "H", tricks, bidder=N)
    assert winners == [E, S]  # the off-ace beats the king, the ace beats everything
    assert award_of(awards, "off_ace") == (EW, "AD", 1)
    assert award_of(awards, "high") == (NS, "AH", 1)
    assert award_of(awards, "trey") == (EW, "3H", 3)
    assert award_of(awards, "low") == (EW, "2H", 1)  # the deuce, to the player who held it
    assert side_points(awards) == (1, 5)


def test_scenario_P17_the_off_three_is_a_trump_below_the_three() -> None:
    rules = load_preset("pitch_thirteen")
    assert rules.max_points == 13 and rules.max_bid == 13 and rules.target_score == 52
    table = trump_table(rules, suit("S"))
    assert [str(CARDS[i]) for i in table.order][-4:] == cards("4S 3S 3C 2S")
    awards, winners = score_tricks(rules, "S", ["N:3C E:3S S:2S W:4S"], bidder=N)
    assert winners == [W]
    assert award_of(awards, "off_three") == (EW, "3C", 3)
    assert award_of(awards, "trey") == (EW, "3S", 3)
    assert award_of(awards, "low") == (NS, "2S", 1)
    assert side_points(awards) == (1, 6)


def test_scenario_P18_the_off_cards_are_kept_in_the_discard() -> None:
    hands = {N: cards("AD 3D 2H KS QS JS 9C 8C 7C")}
    for preset, kept in (("pitch_eleven", "AD"), ("pitch_thirteen", "3D")):
        state = start(preset, hands, fill=suit_cards("SHDC"))
        while state.phase == "bidding":
            state.apply(Bid(4) if state.current_player == N else Pass())
        state.apply(NameTrump(suit("H")))
        assert state.phase == "discard" and state.current_player == N
        nontrumps = set(cards("AD 3D KS QS JS 9C 8C 7C")) - {kept}
        assert legal_cards(state) == frozenset(nontrumps)  # the off-card is a trump: it stays


def test_scenario_P19_the_off_ace_led_names_its_own_suit() -> None:
    hands = dict(PITCH_HANDS)
    hands[N] = cards("AD 7H 2H KD QC 4S")
    hands[W] = cards("10H 4D 2D AC JC AH")
    state = start("pitch_auction", hands, fill=suit_cards("SHDC"), overrides={"use_off_ace": True})
    state.apply(Bid(2))
    for _ in range(3):
        state.apply(Pass())
    play(state, "N:AD")
    assert state.trump == suit("D")  # AD is the ace of trump; AH is now the off-ace
    assert trump_table(state.rules, suit("D")).eff_suit[parse_card("AH").index] == TRUMP
    play(state, "E:9D S:QD")
    assert legal_cards(state) == frozenset(cards("AH 4D 2D"))  # W follows the trump lead with the off-ace


def test_scenario_P20_cinch_settles_the_difference() -> None:
    rules = load_preset("cinch")
    assert rules.settlement == "difference"
    made = settle(rules, awards_for(rules, {NS: "high low jack five", EW: "off_five"}), NS, 6, [10, 20], N)
    assert made.made and made.deltas == (3, 0) and made.scores == (13, 20)  # 8 against 5
    behind = settle(rules, awards_for(rules, {NS: "high", EW: "five off_five"}), NS, 1, [0, 0], N)
    assert behind.made and behind.deltas == (0, 9)  # the bid is made, but EW took more
    tie = awards_for(rules, {NS: "high low five", EW: "jack ten off_five"})  # 7 each
    set_ = settle(rules, tie, NS, 8, [30, 30], N)
    assert not set_.made and set_.deltas == (0, 15)  # EW score their 7 and the bid 8
    standard = settle(load_preset("cinch", overrides={"settlement": "standard"}), tie, NS, 8, [30, 30], N)
    assert standard.deltas == (-8, 7)


def test_scenario_P21_a_joker_is_never_low() -> None:
    rules = load_preset("pitch_seven")
    assert rules.low_ignores_jokers
    awards, winners = score_tricks(rules, "H", ["N:AH E:HJ S:KH W:LJ"], bidder=N)
    assert winners == [N]
    assert award_of(awards, "low") == (NS, "KH", 1)  # the lowest suited trump played, to its player S
    smear = load_preset("smear_ten_point")  # SPEC 1.11: the lowest trump by rank, a joker included
    awards, _ = score_tricks(smear, "H", ["N:AH E:HJ S:KH W:LJ"], bidder=N)
    assert award_of(awards, "low")[1] == "LJ"
    awards, winners = score_tricks(rules, "H", ["N:QC E:HJ S:KC W:LJ"], bidder=N)
    assert winners == [E]
    assert award_of(awards, "low")[0] is None  # only jokers were played as trumps: no Low
    assert award_of(awards, "high") == (EW, "HJ", 1)  # a joker may be High: it is the highest trump in play


def test_scenario_P22_a_deck_stripped_of_its_low_ranks() -> None:
    rules = load_preset("pitch_auction", players=6, overrides={"deck_ranks": "5-A"})
    assert rules.deck_size == 40  # 2s, 3s and 4s removed: 36 cards dealt to six players
    state = new_match(rules, seed=11)
    dealt = [c for seat in range(6) for c in mask_cards(state.hand_mask(seat))]
    assert len(dealt) == 36 and all(str(c)[:-1] not in ("2", "3", "4") for c in dealt)
    awards, _ = score_tricks(rules, "S", ["0:KS 1:9S 2:5S 3:QD 4:6S 5:7S"], bidder=0)
    assert award_of(awards, "low") == (2, "5S", 1)  # the five is the lowest trump there can be
    with pytest.raises(RecordError, match="is not the 40-card deck of these rules"):
        SmearState(rules, decks=[suit_cards("SHDC")])
    nine = load_preset("pitch_auction", overrides={"deck_ranks": "9-A"})
    assert nine.deck_size == 24  # 9 to A: every card is dealt to four players


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("pitch_ten", {"point_values": {"off_ace": 1}}, "point_values.off_ace needs use_off_ace = true"),
        ("pitch_ten", {"point_values": {"off_three": 3}}, "point_values.off_three needs use_off_three = true"),
        (
            "pitch_auction",
            {"settlement": "difference", "num_players": 3},
            "settlement = difference needs two sides (got 3)",
        ),
        ("cinch", {"moon_enabled": True}, "settlement = difference cannot be combined with moon_enabled = true"),
        ("cinch", {"settlement": "half"}, "settlement"),
        ("pitch_auction", {"low_ignores_jokers": True}, "low_ignores_jokers = true needs jokers in the deck"),
        ("pitch_ten", {"low_ignores_jokers": True}, "low_ignores_jokers = true needs low_card = lowest_played"),
        ("pitch_nine", {"deck_ranks": "9-A"}, "point_values.five needs the 5s, which deck_ranks = 9-A removes"),
        ("cinch", {"deck_ranks": "5-A"}, "low_card = deuce needs the 2s, which deck_ranks = 5-A removes"),
        ("pitch_ten", {"deck_ranks": "9-A"}, "needs 36 cards but the deck has 26 (jokers = 2, deck_ranks = 9-A)"),
        ("pitch_auction", {"deck_ranks": "3-A"}, "deck_ranks"),
    ],
)
def test_scenario_P23_impossible_combinations_of_the_later_options_are_refused(
    preset: str, overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        load_preset(preset, overrides=overrides)


# ---- P30-P34: bidder goes out, smudge, bids in rounds (docs/pitch.md section 5)


def test_scenario_P30_only_a_made_bid_goes_out() -> None:
    rules = load_preset("pitch_auction", overrides={"both_cross": "bidder_goes_out"})
    assert rules.target_score == 11
    assert match_winner(rules, [12, 13], NS, True) == NS  # the bidder's side counts first
    assert match_winner(rules, [8, 11], NS, True) is None  # EW reached 11 defending: play on
    assert match_winner(rules, [12, 9], NS, False) is None  # a set bidder does not go out, even above 11
    assert match_winner(rules, [8, 14], EW, True) == EW  # EW goes out on its own made bid
    # the default checks the bidder first, but a defending side at the target wins
    plain = load_preset("pitch_auction")
    assert match_winner(plain, [8, 11], NS, True) == EW
    # a whole hand: NS bid 2 and are set; EW pass 11 with the points it took and still play on
    awards = [Award("high", 1, EW), Award("low", 1, EW), Award("jack", 1, NS), Award("game", 1, EW)]
    settled = settle(rules, awards, NS, 2, [5, 9], N)
    assert settled.scores == (3, 12) and settled.winner is None
    assert settle(plain, awards, NS, 2, [5, 9], N).winner == EW


def test_scenario_P31_a_smudge_for_every_point_wins_the_match_at_once() -> None:
    over = {"smudge": "all_points"}
    state = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides=over)
    state.apply(Bid(2))
    assert Smudge() in state.legal_actions()
    state.apply(Smudge())  # E; the auction ends at once: S and W get no turn
    assert state.phase == "play" and state.bidder == E and state.smudge and state.bid == 4
    rules = state.rules
    every = [Award(p, 1, EW) for p in ("high", "low", "jack", "game")]
    made = settle(rules, every, EW, 4, [0, 3], E, smudge=True, swept=False)
    assert made.made and made.winner == EW and made.scores == (0, 7)  # 7 of 11, yet the match is won
    one_lost = [*every[:3], Award("game", 1, NS)]
    failed = settle(rules, one_lost, EW, 4, [0, 3], E, smudge=True)
    assert not failed.made and failed.winner is None and failed.scores == (1, -1)
    # a side in the hole may bid 4, but not smudge
    low = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides=over)
    low.set_scores([-2, 0])
    assert Smudge() not in low.legal_actions() and Bid(4) in low.legal_actions()
    with pytest.raises(IllegalAction, match="in the hole"):
        low.apply(Smudge())
    assert rejected(low, Smudge())
    # without the option the word is refused
    plain = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"))
    with pytest.raises(IllegalAction, match="smudge = off"):
        plain.apply(Smudge())


def test_scenario_P32_a_smudge_for_every_trick_is_worth_a_fifth_point() -> None:
    state = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides={"smudge": "all_tricks"})
    state.set_scores([-3, 0])
    state.apply(Smudge())  # N, in the hole, may smudge for every trick
    assert state.bidder == N and state.bid == 5 and state.phase == "play"
    rules = state.rules
    assert rules.smudge_value == 5
    every = [Award(p, 1, NS) for p in ("high", "low", "jack", "game")]
    made = settle(rules, every, NS, 5, [-3, 0], N, smudge=True, swept=True)
    assert made.made and made.scores == (2, 0) and made.winner is None  # no match won at once
    not_swept = settle(rules, every, NS, 5, [-3, 0], N, smudge=True, swept=False)
    assert not not_swept.made and not_swept.scores == (-8, 0)
    no_jack = [*every[:2], Award("jack", 1, None), every[3]]  # the Jack was not dealt: no smudge
    assert not settle(rules, no_jack, NS, 5, [0, 0], N, smudge=True, swept=True).made
    # the whole hand: N takes every trick with every point
    hands = {N: cards("AS KS JS 10S 2S QS"), E: cards("3H 4H 5H 6H 7H 8H")}
    whole = start(
        "pitch_auction", hands, fill=suit_cards("HDC", exclude="3H 4H 5H 6H 7H 8H"), overrides={"smudge": "all_tricks"}
    )
    whole.apply(Smudge())
    for card in ("AS", "KS", "QS", "JS", "10S", "2S"):
        play(whole, f"N:{card}")
        while whole.current_player != N and whole.phase == "play":
            whole.apply(whole.legal_actions()[0])
    result = whole.hand_results[-1]
    assert result.smudge and result.bid_text == "smudge" and result.settlement.made
    assert whole.scores == (5, 0)


def test_scenario_P33_bids_in_rounds_until_all_but_one_pass() -> None:
    over = {"auction_laps": "rounds"}
    state = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides=over)
    state.apply(Bid(2))  # N
    state.apply(Bid(3))  # E
    state.apply(Pass())  # S is out for good
    state.apply(Pass())  # W
    assert state.phase == "bidding" and state.current_player == N  # a second lap
    assert Bid(4) in state.legal_actions() and Bid(3) not in state.legal_actions()
    state.apply(Bid(4))
    assert state.current_player == E  # S, who passed, is skipped
    state.apply(Pass())
    assert state.phase == "play" and state.bidder == N and state.bid == 4
    one = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"))
    for action in (Bid(2), Bid(3), Pass(), Pass()):
        one.apply(action)
    assert one.phase == "play" and one.bidder == E  # one lap: E's 3 stands
    # all pass to the dealer: the dealer must bid, and that ends the auction
    stuck = start("pitch_auction", PITCH_HANDS, fill=suit_cards("SHDC"), overrides=over)
    for _ in range(3):
        stuck.apply(Pass())
    assert rejected(stuck, Pass())
    stuck.apply(Bid(2))
    assert stuck.phase == "play" and stuck.bidder == W


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"smudge": "all_points", "moon_enabled": True}, "smudge = all_points cannot be combined with moon_enabled"),
        ({"smudge": "every"}, "smudge"),
        ({"auction_laps": "two"}, "auction_laps"),
        ({"both_cross": "bidder_only"}, "both_cross"),
    ],
)
def test_scenario_P34_impossible_smudge_and_auction_options_are_refused(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        load_preset("pitch_auction", overrides=overrides)


@pytest.mark.parametrize(("option", "value"), [("smudge", "all_points"), ("auction_laps", "rounds")])
def test_scenario_P34_the_batched_playouts_play_the_smudge_and_laps(option: str, value: str) -> None:
    rules = load_preset("smear_ten_point", overrides={option: value, "moon_enabled": False})
    check_supported(rules)
    batch = random_hands(rules, n=40, seed=2, record=True)
    for i in range(len(batch)):
        assert batch.replay(i).hand_results[0].settlement.deltas == tuple(batch.deltas[i])


def test_scenario_P35_the_high_low_jack_smudge_preset() -> None:
    rules = load_preset("pitch_smudge")
    assert (rules.smudge, rules.smudge_value, rules.dealer_may_match) == ("all_tricks", 5, True)
    assert rules.low_award == "captured_by" and rules.target_score == 11
    state = start("pitch_smudge", PITCH_HANDS, fill=suit_cards("SHDC"))
    state.apply(Bid(4))  # N
    state.apply(Pass())
    state.apply(Pass())
    assert Smudge() in state.legal_actions() and Bid(4) in state.legal_actions()  # W may steal the 4
    state.apply(Smudge())  # or outbid it with a smudge
    assert state.bidder == W and state.bid == 5
    # Low goes to the side that captures it here (in pitch_auction, to its player)
    awards, winners = score_tricks(rules, "S", ["N:KS E:2S S:3S W:QD"], bidder=N)
    assert winners == [N] and award_of(awards, "low") == (NS, "2S", 1)


def test_scenario_P40_the_smear_game_site_preset() -> None:
    rules = load_preset("smear_site_smear_game")
    assert (rules.num_players, rules.num_sides, rules.deck_size, rules.hand_size) == (4, 2, 52, 6)
    assert (rules.min_bid, rules.max_bid, rules.max_points, rules.target_score) == (2, 4, 5, 15)
    hands = dict(PITCH_HANDS)
    hands[E] = cards("KH 3H JD 8D 5C 6S")
    state = start("smear_site_smear_game", hands, fill=suit_cards("SHDC"))
    assert Bid(4) in state.legal_actions() and Bid(5) not in state.legal_actions()  # bids 2-4 of 5 points
    assert rejected(state, Bid(5))
    state.apply(Bid(2))  # N
    for _ in range(3):
        state.apply(Pass())
    assert state.bidder == N and state.current_player == N and state.trump is None
    assert NameTrump(suit("H")) not in state.legal_actions()  # the first lead names trump
    play(state, "N:7H")
    assert state.trump == suit("H")
    assert legal_cards(state) == frozenset(cards("KH 3H JD"))  # the Jick is a trump: it follows a trump lead
    play(state, "E:JD S:JH W:10H")
    assert state.deals[-1].tricks[0].winner == S  # the Jack beats the Jick
    # High and Low to the players of the highest and lowest trumps; Jack and Jick to their captors
    tricks = ["N:7H E:JD S:JH W:10H", "S:9S W:5S N:AH E:3H"]
    awards, winners = score_tricks(rules, "H", tricks, bidder=N)
    assert winners == [S, N]
    assert award_of(awards, "high") == (NS, "AH", 1)
    assert award_of(awards, "low") == (EW, "3H", 1)  # captured by N, but E played it
    assert award_of(awards, "jack") == (NS, "JH", 1) and award_of(awards, "jick") == (NS, "JD", 1)
    assert award_of(awards, "game") == (NS, None, 1)
    assert side_points(awards) == (4, 1)
    # all pass: the site leaves it open; jick sticks the dealer
    stuck = start("smear_site_smear_game", hands, fill=suit_cards("SHDC"))
    for _ in range(3):
        stuck.apply(Pass())
    assert stuck.current_player == W and Pass() not in stuck.legal_actions()


def test_scenario_P41_the_playsmear_site_preset() -> None:
    rules = load_preset("smear_site_playsmear")
    assert (rules.deck_size, rules.hand_size, rules.min_bid, rules.max_bid, rules.max_points) == (52, 6, 2, 5, 5)
    assert (rules.trump_set_by, rules.all_pass, rules.target_score) == ("naming", "dealer_set", 11)
    assert load_preset("smear_site_playsmear", players=8).num_sides == 4  # teams of two, partners opposite
    # the bidder names trump and leads any card
    state = start("smear_site_playsmear", PITCH_HANDS, fill=suit_cards("SHDC"))
    assert Bid(5) in state.legal_actions()
    state.apply(Bid(2))  # N
    for _ in range(3):
        state.apply(Pass())
    assert state.phase == "trump" and state.current_player == N
    state.apply(NameTrump(suit("S")))
    assert state.phase == "play" and legal_cards(state) == frozenset(PITCH_HANDS[N])
    # High and Low to the players of the highest and lowest trumps (every card dealt is played)
    awards, winners = score_tricks(rules, "S", ["N:KS E:2S S:3S W:QD"], bidder=N)
    assert winners == [N] and award_of(awards, "high") == (NS, "KS", 1) and award_of(awards, "low") == (EW, "2S", 1)


def test_scenario_P41_all_pass_sets_the_dealer() -> None:
    second = deck_for("smear_site_playsmear", {}, dealer=N, fill=suit_cards("SHDC"))
    state = start("smear_site_playsmear", PITCH_HANDS, fill=suit_cards("SHDC"), more_decks=[second])
    for _ in range(3):
        state.apply(Pass())
    assert state.current_player == W and Pass() in state.legal_actions()  # the dealer is not stuck
    state.apply(Pass())
    assert state.scores == (0, -2)  # W's side (EW) is set the minimum bid
    assert state.deals[0].outcome == "all passed" and not state.hand_results
    assert state.observation(N).dealer == N and state.current_player == E  # the deal moves on
    state.undo()
    assert state.scores == (0, 0) and state.current_player == W and len(state.deals) == 1
    # a dealer set can bust a side out
    bust = start("smear_site_playsmear", PITCH_HANDS, fill=suit_cards("SHDC"), overrides={"bust_out_score": -2})
    for _ in range(4):
        bust.apply(Pass())
    assert bust.is_terminal and bust.winner == NS and bust.scores == (0, -2)
    # the other all-pass rules keep their dealers
    redeal = start(
        "smear_site_playsmear", PITCH_HANDS, fill=suit_cards("SHDC"), overrides={"all_pass": "redeal_same_dealer"}
    )
    for _ in range(4):
        redeal.apply(Pass())
    assert redeal.scores == (0, 0)
    check_supported(load_preset("smear_ten_point", overrides={"all_pass": "dealer_set"}))  # batched play-outs too
    assert (
        after_unplayed(load_preset("smear_site_playsmear"), "all passed")
        == "the dealer's side loses 2 and the next dealer deals"
    )


# ---------------------------------------------------------------- call your partner (P50-P54)
# Five players each for himself (smear_site_playsmear for five: 52 cards, six each, bids 2-5), dealer 4.
CALL_OPTIONS = {"call_partner": "card"}
CALL_HANDS = {
    0: cards("AS KS 9H 8H 7D 6C"),
    1: cards("QS 5H 4H 3D 2D 5C"),
    2: cards("JS 10H 9D 8D 7C 4C"),
    3: cards("10S 2S AH KH QD 3C"),
    4: cards("9S 8S 7S JH JD 2C"),
}


def called(hands: dict[int, list[str]] | None = None, card: str | None = "JS") -> SmearState:
    """Seat 0 bids 2, the others pass, seat 0 names spades (and calls ``card``)."""
    state = start(
        "smear_site_playsmear",
        hands or CALL_HANDS,
        players=5,
        dealer=4,
        overrides=CALL_OPTIONS,
        fill=suit_cards("SHDC"),
    )
    state.apply(Bid(2))
    for _ in range(4):
        state.apply(Pass())
    state.apply(NameTrump(suit("S")))
    if card is not None:
        state.apply(state.parse_action(f"call {card}"))
    return state


def first_legal_to_the_end(state: SmearState) -> None:
    hands = len(state.hand_results)
    while len(state.hand_results) == hands and not state.is_terminal:
        state.apply(state.legal_actions()[0])


def test_scenario_P50_the_bidder_calls_a_card_once_trump_is_named() -> None:
    state = called(card=None)
    assert state.phase == "call" and state.current_player == 0
    legal = state.legal_actions()
    assert len(legal) == 52 - 6 and all(isinstance(a, CallCard) for a in legal)
    before = state.history()
    with pytest.raises(IllegalAction, match="seat 0 holds AS"):
        state.apply(CallCard(parse_card("AS")))
    assert state.history() == before and state.phase == "call"
    assert state.parse_action("call js") == state.parse_action("JS") == CallCard(parse_card("JS"))
    state.apply(CallCard(parse_card("JS")))
    assert state.phase == "play" and state.current_player == 0 and state.called_card == parse_card("JS")
    assert {state.observation(s).called for s in range(5)} == {parse_card("JS")}
    state.undo()
    assert state.phase == "call" and state.called_card is None


def test_scenario_P50_an_opponent_cannot_tell_the_partner_before_the_card_is_played() -> None:
    state = called()
    # only the holder knows; the bidder does not
    assert [state.observation(s).partner for s in range(5)] == [None, None, 2, None, None]
    # seat 1 sees the same whether seat 2 or seat 3 holds the called JS
    swapped = dict(CALL_HANDS)
    swapped[2] = cards("10S 10H 9D 8D 7C 4C")
    swapped[3] = cards("JS 2S AH KH QD 3C")
    other = called(swapped)
    assert other.observation(3).partner == 3 and other.observation(2).partner is None
    for seat in (0, 1, 4):
        assert state.observation(seat) == other.observation(seat)
    # the lead: AS, QS (must follow trump), then the JS reveals seat 2 to everybody
    state.apply(Play(parse_card("AS")))
    state.apply(Play(parse_card("QS")))
    assert state.observation(1).partner is None
    state.apply(Play(parse_card("JS")))
    assert [state.observation(s).partner for s in range(5)] == [2] * 5


def test_scenario_P51_the_pair_scores_as_one_side() -> None:
    state = called()
    first_legal_to_the_end(state)
    result = state.hand_results[0]
    s = result.settlement
    assert (result.bidder, result.partner, result.called) == (0, 2, parse_card("JS"))
    assert s.points[2] == 0 and result.game_points[2] == 0  # the partner's tricks count for the pair
    pair = sum(a.value for a in result.awards if a.side == 0)
    assert s.points[0] == pair and s.made == (pair >= 2)
    assert s.deltas[0] == s.deltas[2] == (pair if pair >= 2 else -2)
    for seat in (1, 3, 4):
        assert s.deltas[seat] == s.points[seat]
    assert state.scores == s.scores
    # the settlement itself: made, both score the pair's points; set, both lose the bid
    rules = load_preset("smear_site_playsmear", 5, CALL_OPTIONS)
    awards = [Award("high", 1, 0), Award("jack", 1, 0), Award("low", 1, 3)]
    made = share_with_partner(rules, settle(rules, awards, 0, 2, [0] * 5, 0), 0, 2, [0] * 5)
    assert made.scores == (2, 0, 2, 1, 0) and made.made
    lost = share_with_partner(rules, settle(rules, awards, 0, 4, [5, 0, 1, 0, 0], 0), 0, 2, [5, 0, 1, 0, 0])
    assert lost.scores == (1, 0, -3, 1, 0) and not lost.made
    # seats win the match, not pairs: both over the target, the bidder goes out
    rules11 = rules.replace(target_score=11)
    out = share_with_partner(rules11, settle(rules11, awards, 0, 2, [10, 0, 10, 0, 0], 0), 0, 2, [10, 0, 10, 0, 0])
    assert out.scores == (12, 0, 12, 1, 0) and out.winner == 0


def test_scenario_P52_nobody_holds_the_called_card() -> None:
    from jick.story import Storyteller, render

    state = called(card=None)
    held = 0
    for seat in range(5):
        held |= state.hand_mask(seat)
    undealt = next(c for c in CARDS[:52] if not held >> c.index & 1)
    teller = Storyteller(state)
    teller.follow(state, 0, CallCard(undealt))
    assert [state.observation(s).partner for s in range(5)] == [None] * 5
    while not state.hand_results:
        teller.follow(state, state.current_player, state.legal_actions()[0])
    result = state.hand_results[0]
    assert result.partner is None and result.called == undealt
    s = result.settlement
    assert s.deltas[0] == (s.points[0] if s.made else -2)
    assert all(s.deltas[seat] == s.points[seat] for seat in range(1, 5))
    lines = [render(line, ["Ann", "Bob", "Cy", "Dee", "Eve"], viewer=None) for line in teller.story.lines]
    assert any(f"calls the {card_words(undealt)} for a partner" in line for line in lines)
    assert any(line.startswith(f"Nobody held the called {card_words(undealt)}: Ann plays alone") for line in lines)


def test_scenario_P52_the_story_names_the_partner_only_when_the_card_is_played() -> None:
    from jick.story import Storyteller, render

    state = called(card=None)
    teller = Storyteller(state)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    teller.follow(state, 0, CallCard(parse_card("JS")))
    teller.follow(state, 0, Play(parse_card("AS")))
    teller.follow(state, 1, Play(parse_card("QS")))
    text = [render(line, names, viewer=1) for line in teller.story.lines]
    assert not any("partner of" in line for line in text)
    teller.follow(state, 2, Play(parse_card("JS")))
    text = [render(line, names, viewer=1) for line in teller.story.lines]
    assert any(f"Cy holds the called {card_words(parse_card('JS'))}: partner of Ann" in line for line in text)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"num_players": 4, "partnerships": "pairs_opposite"}, "call_partner = card needs partnerships = none"),
        ({"num_players": 3}, "call_partner = card needs at least 4 players"),
        ({"trump_set_by": "first_lead"}, "call_partner = card needs trump_set_by = naming"),
        ({"moon_enabled": True}, "call_partner = card cannot be combined with moon_enabled"),
        ({"smudge": "all_tricks"}, "call_partner = card cannot be combined with moon_enabled or smudge"),
        ({"renege_mode": "penalize"}, "call_partner = card cannot be combined with renege_mode = penalize"),
        ({"call_partner": "ace"}, "call_partner"),
    ],
)
def test_scenario_P53_impossible_call_partner_combinations_are_refused(
    overrides: dict[str, object], message: str
) -> None:
    base = {"num_players": 5, "partnerships": "none", "call_partner": "card"}
    with pytest.raises(RulesError, match=re.escape(message)):
        load_preset("smear_site_playsmear", overrides={**base, **overrides})


def test_scenario_P53_the_batched_playouts_play_call_partner() -> None:
    rules = load_preset("smear_site_playsmear", 5, {**CALL_OPTIONS, "all_pass": "dealer_forced_min"})
    check_supported(rules)
    batch = random_hands(rules, n=60, seed=3, record=True)
    partners = 0
    for i in range(len(batch)):
        result = batch.replay(i).hand_results[0]
        assert result.called is not None
        assert result.settlement.points == tuple(batch.points[i])
        assert result.settlement.deltas == tuple(batch.deltas[i])
        if result.partner is not None:
            partners += 1
            assert batch.deltas[i, result.partner] == batch.deltas[i, result.bidder]
    assert partners > 10


def test_scenario_P54_a_match_with_calls_replays_from_its_record() -> None:
    import json
    import random

    import jsonschema

    from jick.record import dumps_record, loads_record, record_of, record_schema, replay
    from jick.session import Session

    session = Session.new("smear_site_playsmear", seed=6, players=5, overrides=CALL_OPTIONS)
    rng = random.Random(6)
    while len(session.state.hand_results) < 4 and not session.state.is_terminal:
        session.act(session.to_act, rng.choice(session.state.legal_actions()))
    record = json.loads(dumps_record(record_of(session.state)))
    jsonschema.validate(record, record_schema())
    assert record["rules"]["call_partner"] == "card"
    assert any(text.startswith("call ") for deal in record["deals"] for _, text in deal["actions"])
    again = replay(loads_record(json.dumps(record))).state
    assert again.hand_results == session.state.hand_results and again.scores == session.state.scores
    assert any(h.partner is not None for h in again.hand_results)
