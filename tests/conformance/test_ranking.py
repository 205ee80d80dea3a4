"""SPEC 6.1: ranking, suits and trick winners (scenarios 1-10)."""

from __future__ import annotations

from jick.cards import CARDS, CLUBS, DIAMONDS, HEARTS, SPADES, mask_cards, parse_card
from jick.games.smear.presets import load_preset
from jick.games.smear.tables import TRUMP, trump_table

from .support import (
    NS,
    E,
    N,
    S,
    W,
    auction,
    award_of,
    cards,
    cardset,
    discard_to,
    last_winner,
    legal_cards,
    play,
    play_out,
    start,
    suit_cards,
)

# Non-trump fillers for the kitty presets: the discards there must be non-trumps.
NON_HEARTS = suit_cards("SCD", exclude="JD")
NON_CLUBS = suit_cards("HDS", exclude="JS")


def test_scenario_01_jick_identity_and_trump_order() -> None:
    rules = load_preset("smear_ten_point")
    table = trump_table(rules, HEARTS)

    def eff(card: str) -> int:
        return table.eff_suit[parse_card(card).index]

    assert eff("JD") == TRUMP and eff("JH") == TRUMP and eff("HJ") == TRUMP
    assert eff("JC") == CLUBS
    expected = cards("AH KH QH JH JD HJ LJ 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    assert [str(CARDS[c]) for c in table.order] == expected
    strengths = [table.strength[parse_card(c).index] for c in expected]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 16
    diamonds = {str(c) for c in mask_cards(table.suit_masks[DIAMONDS])}
    assert diamonds == cardset("AD KD QD 10D 9D 8D 7D 6D 5D 4D 3D 2D")
    jicks = {t: str(CARDS[trump_table(rules, t).jick]) for t in (SPADES, CLUBS, DIAMONDS, HEARTS)}
    assert jicks == {SPADES: "JC", CLUBS: "JS", DIAMONDS: "JH", HEARTS: "JD"}


def test_scenario_02_jick_is_not_a_card_of_its_printed_suit() -> None:
    state = start(
        "smear_mn_basic4",
        {N: cards("KD AH KH QH"), E: cards("JD 5C 9S 2H 10C 3S 4C 6C 7S")},
        fill=NON_HEARTS,
    )
    auction(state, N, 2, "H")
    discard_to(state, {N: "KD", E: "JD 5C 9S 2H 10C 3S"})
    play(state, "N:KD")
    assert legal_cards(state) == cardset("JD 5C 9S 2H 10C 3S")


def test_scenario_03_all_fours_rule_vs_strict_follow() -> None:
    e_hand = "JD 4D 9S 2H 10C 3S"
    # smear_ten_point: N holds no trump, so it may open with KD.
    state = start("smear_ten_point", {N: cards("KD QS KS 9C 8C 7C"), E: cards(e_hand), S: ["5D"], W: ["6D"]})
    auction(state, N, 2, "H")
    discard_to(state, {N: "KD QS KS 9C 8C 7C", E: e_hand, S: "5D", W: "6D"})
    play(state, "N:KD")
    assert legal_cards(state) == cardset("4D JD 2H")
    play(state, "E:2H S:5D W:6D")
    assert last_winner(state) == E

    basic = start("smear_mn_basic4", {N: ["KD"], E: cards(e_hand + " 8S 7C 6C")}, fill=NON_HEARTS)
    auction(basic, N, 2, "H")
    discard_to(basic, {N: "KD", E: e_hand})
    play(basic, "N:KD")
    assert legal_cards(basic) == cardset("4D")


def test_scenario_04_trump_lead_must_be_followed_with_jick_or_joker() -> None:
    hands = {N: "9S", E: "JC 7D QH AD 5H KC", S: "LJ 7C 8D 9D 10D QC", W: "KD QD 4H 3H 2D 6C"}
    state = start("smear_ten_point", {seat: cards(h) for seat, h in hands.items()})
    auction(state, N, 2, "S")
    discard_to(state, hands)
    play(state, "N:9S")
    assert legal_cards(state) == cardset("JC")
    play(state, "E:JC")
    assert legal_cards(state) == cardset("LJ")
    play(state, "S:LJ")
    assert legal_cards(state) == cardset(hands[W])


def test_scenario_05_joker_lead_is_a_trump_lead() -> None:
    hands = {N: "HJ", E: "3D KC 4S 5S 6S 7S"}
    state = start("smear_ten_point", {seat: cards(h) for seat, h in hands.items()})
    auction(state, N, 2, "D")
    discard_to(state, hands)
    play(state, "N:HJ")
    assert legal_cards(state) == cardset("3D")


def _one_trick(
    preset: str, trump: str, trick: str, overrides: dict[str, str] | None = None, fill: list[str] | None = None
) -> int:
    """Deal each seat its card of ``trick``, let N pitch, play the trick and return its winner."""
    moves = [m.split(":") for m in trick.split()]
    seat_of = {"N": N, "E": E, "S": S, "W": W}
    hands = {seat_of[letter]: card for letter, card in moves}
    state = start(preset, {seat: [card] for seat, card in hands.items()}, overrides=overrides, fill=fill or ())
    auction(state, N, 2, trump)
    discard_to(state, hands)
    play(state, trick)
    return last_winner(state)


def test_scenario_06_jick_beats_jokers_and_ten() -> None:
    assert _one_trick("smear_ten_point", "S", "N:10S E:JC S:LJ W:2S") == E
    assert _one_trick("smear_ten_point", "S", "N:10S E:HJ S:LJ W:2S") == E


def test_scenario_07_joker_order_modes() -> None:
    trick = "N:4C E:LJ S:HJ W:9C"
    assert _one_trick("smear_ten_point", "C", trick) == S  # fixed
    assert _one_trick("smear_mn_basic4", "C", trick, fill=NON_CLUBS) == E  # first_played_wins
    second = {"joker_order": "second_played_wins"}
    assert _one_trick("smear_ten_point", "C", trick, overrides=second) == S


def test_scenario_08_double_joker() -> None:
    trick = "N:JH E:LJ S:HJ W:10D"
    assert _one_trick("smear_double_joker", "D", trick) == S
    assert _one_trick("smear_ten_point", "D", trick) == N


def test_scenario_09_no_jick() -> None:
    rules = load_preset("smear_no_jick")
    assert "jick" not in rules.points
    assert trump_table(rules, SPADES).eff_suit[parse_card("JC").index] == CLUBS
    hands = {N: "KC 2H 3H 4H 5H 6H", E: "JC", S: "2C", W: "AC"}
    state = start("smear_no_jick", {seat: cards(h) for seat, h in hands.items()})
    auction(state, N, 2, "S")
    discard_to(state, hands)
    play(state, "N:KC E:JC S:2C W:AC")
    assert last_winner(state) == W

    hands = {N: "AS", E: "JC 4D 8H 9H 5D 6D"}
    state = start("smear_no_jick", {seat: cards(h) for seat, h in hands.items()})
    auction(state, N, 2, "S")
    discard_to(state, hands)
    play(state, "N:AS")
    assert legal_cards(state) == cardset(hands[E])


def test_scenario_10_lowest_trump_played_can_be_a_joker() -> None:
    hands = {
        N: "AS AH KH QH JH 10H",
        E: "JS 9H 8H 7H 6H 5H",
        S: "HJ AD KD QD JD 10D",
        W: "LJ 9D 8D 7D 6D 5D",
    }
    state = start("smear_ten_point", {seat: cards(h) for seat, h in hands.items()})
    auction(state, N, 2, "S")
    discard_to(state, hands)
    play(state, "N:AS E:JS S:HJ W:LJ")
    assert last_winner(state) == N
    play_out(state)
    played = [c for t in state.deals[0].tricks for _, c in t.plays]
    table = trump_table(state.rules, SPADES)
    assert {str(c) for c in played if table.trumps >> c.index & 1} == {"AS", "JS", "HJ", "LJ"}
    awards = state.hand_results[-1].awards
    assert award_of(awards, "low") == (NS, "LJ", 1)
    assert award_of(awards, "joker_low") == (NS, "LJ", 1)
