"""Conformance tests for Tarok: one test per SPEC section 6.10 scenario (48-66).

Seats: with three players the last seat deals first, so F (forehand) = 0,
M (middle) = 1, E (end hand) = 2; with four players seat 3 deals and sits out.
Whole deals are built with :func:`jick.games.tarok.arrange.arrange_deck` and
played through the real state. A ``plan`` fixes the cards of some tricks
(trick index -> seat -> card); every other card is the first legal one by
index that the plan does not still need. Numbers that need a particular card
count (B = 44 ...) are checked through the pure scoring functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from jick.engine import IllegalAction, RulesError
from jick.games.tarok import TarokDealResult, TarokState, new_match
from jick.games.tarok import actions as A
from jick.games.tarok.arrange import arrange_deck
from jick.games.tarok.cards import (
    ALL_CARDS,
    CARDS,
    COUNTERS,
    TRUMPS,
    card_mask,
    legal_plays,
    mask_cards,
    parse_card,
    pile_count,
    trick_value,
    trick_winner,
)
from jick.games.tarok.presets import load_preset
from jick.games.tarok.scoring import Award, DealFacts, contract_result, pagat_adjustment, score_deal, settle

F, M, E = 0, 1, 2
DEALER_4P = 3
Plan = Mapping[int, Mapping[int, str]]


# --------------------------------------------------------------------------- helpers
def start(
    preset: str,
    hands: Mapping[int, Iterable[str]],
    widow: Iterable[str] = (),
    **overrides: object,
) -> TarokState:
    """A match whose first deal gives these cards; the last seat deals."""
    n = load_preset(preset).num_players
    deck = arrange_deck(n, n - 1, hands, widow)
    return new_match(preset, decks=[deck], first_dealer=n - 1, overrides=overrides or None)


def auction(state: TarokState, bidder: int, bid: str) -> None:
    """Everyone passes except ``bidder``, who bids ``bid`` on his turn."""
    while state.phase == "auction":
        state.apply_text(bid if state.current_player == bidder else "pass")


def threesome(state: TarokState, bidder: int, discards: Iterable[str], game_type: str = "game") -> None:
    """Bid threesome, accept the first widow half, discard, choose the contract."""
    auction(state, bidder, "threesome")
    state.apply_text("accept")
    for card in discards:
        state.apply_text("-" + card)
    state.apply_text(game_type)


def cards(text: str) -> list[str]:
    return text.split()


def play_out(state: TarokState, plan: Plan | None = None) -> TarokDealResult:
    """Play the current deal to its end following ``plan``; return its result."""
    plan = plan or {}
    done = len(state.deal_results)
    while len(state.deal_results) == done:
        assert state.phase == "play", state.phase
        trick = len(state.deals[-1].tricks)
        seat = state.current_player
        wanted = plan.get(trick, {}).get(seat)
        if wanted is not None:
            state.apply_text(wanted)
            continue
        reserved = {c for t, plays in plan.items() if t >= trick for s, c in plays.items() if s == seat}
        legal = state.legal_actions()
        state.apply(next((a for a in legal if str(a) not in reserved), legal[0]))
    return state.deal_results[-1]


def line_total(result: TarokDealResult, *names: str) -> tuple[int, ...]:
    """Sum of the per-seat changes of the awards with these names."""
    n = len(result.changes)
    chosen = [line for award, line in zip(result.awards, result.lines, strict=True) if award.name in names]
    return tuple(sum(line[s] for line in chosen) for s in range(n))


def names(mask: int) -> set[str]:
    return {str(c) for c in mask_cards(mask)}


def winner_of(*played: str) -> int:
    return trick_winner([parse_card(c).index for c in played])


# --------------------------------------------------------------------------- 48-52: cards
def test_scenario_48_deck() -> None:
    assert len(CARDS) == 54 and ALL_CARDS.bit_count() == 54
    assert TRUMPS.bit_count() == 22
    assert sum(1 for c in CARDS if not c.is_trump) == 32
    assert COUNTERS.bit_count() == 19
    assert (ALL_CARDS & ~COUNTERS).bit_count() == 35
    assert pile_count(ALL_CARDS) == 70
    assert pile_count(ALL_CARDS, jack_value=3) == 74
    assert load_preset("tarok_3p", overrides={"jack_value": 3}).deck_total == 74


def test_scenario_49_trick_values() -> None:
    assert trick_value(cards("XXI KH 7S")) == 9
    assert trick_value(cards("II III 8C")) == 1
    assert trick_value(cards("SKUS XXI I")) == 13
    assert trick_value(cards("KS QS CS")) == 10
    assert trick_value(cards("KH QH 9C")) == 8
    assert trick_value(cards("JS 4H XV")) == 2
    assert trick_value(cards("JS 4H XV"), jack_value=3) == 3


def test_scenario_50_grouping_invariance() -> None:
    assert trick_value(cards("KH QH XXI")) + trick_value(cards("II 7S 4D")) == 12 + 1 == 13
    assert trick_value(cards("KH II 7S")) + trick_value(cards("QH XXI 4D")) == 5 + 8 == 13
    assert pile_count(card_mask(cards("KH QH XXI II 7S 4D"))) == 17 - 4 == 13


def test_scenario_51_ranking() -> None:
    assert winner_of("4H", "2H", "AH") == 2  # E: red order A > 2 > 3 > 4
    assert winner_of("KH", "I", "QH") == 1  # M trumps
    assert winner_of("XX", "SKUS", "XXI") == 1  # M: Skus is the top trump
    # The same tricks through the real state (F bids solo and leads).
    tricks = [("4H", "2H", "AH", E), ("KH", "I", "QH", M), ("XX", "SKUS", "XXI", M)]
    for lead, middle, end, expected in tricks:
        hands = {F: [lead], M: [middle], E: [end]}
        if middle == "I":  # M has no hearts: a hand of trump I, spades and diamonds
            hands[M] = ["I"] + cards("KS QS CS JS 10S 9S 8S 7S KD QD CD JD AD 2D 3D")
        state = start("tarok_3p", hands)
        auction(state, F, "solo")  # a solo is played for game: no contract question (SPEC 4.8)
        if state.phase == "ultimo":
            state.apply_text("pass")
        state.apply_text(lead)
        if middle == "I":
            assert [str(a) for a in state.legal_actions()] == ["I"]  # must trump
        state.apply_text(middle)
        state.apply_text(end)
        assert state.deals[-1].tricks[0].winner == expected


def test_scenario_52_follow_rule() -> None:
    lead = [parse_card("8C").index]
    assert names(legal_plays(card_mask(cards("VII XII KH 3H 10S")), lead)) == {"VII", "XII"}
    assert names(legal_plays(card_mask(cards("KH 3H 10S")), lead)) == {"KH", "3H", "10S"}
    # No obligation to beat XV.
    assert names(legal_plays(card_mask(cards("VII XII KH")), [parse_card("XV").index])) == {"VII", "XII"}


def test_overtrump_option_requires_a_higher_trump_when_possible() -> None:
    trick = [parse_card("XV").index]
    assert names(legal_plays(card_mask(cards("VII XVII KH")), trick, overtrump_required=True)) == {"XVII"}
    assert names(legal_plays(card_mask(cards("VII XII KH")), trick, overtrump_required=True)) == {"VII", "XII"}
    trumped = [parse_card(c).index for c in ("8C", "X")]
    assert names(legal_plays(card_mask(cards("IX XI KH")), trumped, overtrump_required=True)) == {"XI"}


# --------------------------------------------------------------------------- 53-54: widow and discard
def test_scenario_53_widow_multiplier() -> None:
    first, second = cards("7S 8S 9S"), cards("7C 8C 9C")
    state = start("tarok_3p", {}, widow=first + second)
    auction(state, M, "threesome")
    assert state.phase == "widow" and state.current_player == M
    assert {str(c) for c in state.observation(M).widow_seen} == set(first)
    assert state.observation(F).widow_seen == () and state.observation(F).widow_exposed == ()

    accept_first = state.clone()
    accept_first.apply_text("accept")
    assert accept_first.multiplier == 1
    assert names(accept_first.hand_mask(M)) >= set(first)
    assert names(accept_first.opponents_pile()) == set(second)

    state.apply_text("reject")  # w0-w2 exposed to everyone; M looks at w3-w5
    for seat in (F, M, E):
        assert {str(c) for c in state.observation(seat).widow_exposed} == set(first)
    assert {str(c) for c in state.observation(M).widow_seen} == set(first + second)

    accept_second = state.clone()
    accept_second.apply_text("accept")
    assert accept_second.multiplier == 2
    assert names(accept_second.hand_mask(M)) >= set(second)
    assert not names(accept_second.hand_mask(M)) & set(first)
    assert names(accept_second.opponents_pile()) == set(first)

    state.apply_text("reject")
    assert state.multiplier == 3
    assert names(state.hand_mask(M)) >= set(first)
    assert names(state.opponents_pile()) == set(second)
    # The rejected second half stays face down (reject_second_half_exposed = false).
    assert {str(c) for c in state.observation(F).widow_exposed} == set(first)


def test_scenario_54_discard() -> None:
    state = start("tarok_3p", {M: cards("KH XV 7S 4D")}, widow=cards("7C 8C 9C 10C JC CC"))
    auction(state, M, "threesome")
    state.apply_text("accept")
    before = state._snapshot()
    with pytest.raises(IllegalAction, match="kings"):
        state.apply_text("-KH")
    assert state._snapshot() == before
    for card in ("XV", "7S", "4D"):
        state.apply_text("-" + card)
    assert state.phase == "contract"
    for seat in (F, E):
        obs = state.observation(seat)
        assert [str(c) for c in obs.announced_discards] == ["XV"]
        assert obs.own_discards == () and obs.discard_count == 3
    assert {str(c) for c in state.observation(M).own_discards} == {"XV", "7S", "4D"}
    assert names(state.bidder_pile()) == {"XV", "7S", "4D"}  # they count for the bidder


# --------------------------------------------------------------------------- 55-57: amounts
def test_scenario_55_seed_scoring_example() -> None:
    assert contract_result("game", 1, 50, 44, 26) == (True, 68)
    assert contract_result("game", 1, 100, 44, 26) == (True, 118)
    assert contract_result("game", 2, 50, 44, 26) == (True, 136)
    assert contract_result("game", 3, 50, 44, 26) == (True, 204)
    assert contract_result("game", 1, 50, 36, 34) == (True, 52)
    assert contract_result("game", 1, 50, 35, 35) == (False, 50)
    paper = load_preset("tarok_3p", overrides={"scoring_mode": "paper"})
    failed = score_deal(paper, DealFacts(3, F, "threesome", "game", 1, 35, 35))
    assert failed.changes == (0, 50, 50)


def test_scenario_56_four_players_failure() -> None:
    facts = DealFacts(4, F, "threesome", "game", 1, 30, 40)
    paper = score_deal(load_preset("tarok_4p", overrides={"scoring_mode": "paper"}), facts)
    assert paper.amount == 60 and paper.made is False
    assert paper.changes == (0, 60, 60, 60)  # M, E and the sitting-out dealer (seat 3)
    settled = score_deal(load_preset("tarok_4p"), facts)
    assert settled.changes == (-180, 60, 60, 60)


def test_scenario_57_pile_count() -> None:
    counters = card_mask(cards("SKUS XXI KH KD KC QH QS CS JD"))
    nulls = card_mask(cards("II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI"))
    pile = counters | nulls
    assert pile.bit_count() == 24
    b, o = pile_count(pile), pile_count(ALL_CARDS & ~pile)
    assert (b, o) == (37, 33)
    assert contract_result("game", 1, 50, b, o) == (True, 54)
    assert (pile_count(pile, 3), pile_count(ALL_CARDS & ~pile, 3)) == (38, 36)


# --------------------------------------------------------------------------- 58: melds
@pytest.mark.parametrize(("bid", "value"), [("threesome", 50), ("solo", 100)])
def test_scenario_58_melds(bid: str, value: int) -> None:
    state = start(
        "tarok_3p",
        {F: cards("SKUS XXI I"), M: cards("KH KD KS KC")},
        widow=cards("7S 8S 9S 7C 8C 9C"),
    )
    if bid == "threesome":
        threesome(state, F, cards("7S 8S 9S"))
    else:
        auction(state, F, "solo")
    assert state.melds == ((F, "trull"), (M, "four_kings"))
    assert state.observation(E).melds == state.melds  # declared to everyone
    state.apply_text("pass")  # F holds the pagat: no ultimo
    result = play_out(state)
    assert [(a.seat, a.name, a.value) for a in result.awards if a.name in ("trull", "four_kings")] == [
        (F, "trull", value),
        (M, "four_kings", value),
    ]
    assert line_total(result, "trull", "four_kings") == (value, value, -2 * value)
    assert sum(result.changes) == 0


# --------------------------------------------------------------------------- 59-63: pagat
HANDS_59 = {
    F: cards("SKUS XXI XX XIX XVIII XVII XVI KS QS KH QH KD QD KC QC 9S"),
    M: cards("I II III IV V VI VII VIII 10S 8S AH 2H AD 2D 10C 9C"),
    E: cards("IX X XI XII XIII XIV XV JS 7S JH 3H JD 3D JC 8C 4D"),
}
WIDOW_59 = cards("CS CH 4H CD CC 7C")


def ultimo_deal(
    hands: Mapping[int, list[str]], widow: list[str], contra_by: int | None, **overrides: object
) -> TarokState:
    """M bids threesome, takes and discards the first widow half, plays for game and announces ultimo."""
    state = start("tarok_3p", hands, widow, **overrides)
    threesome(state, M, widow[:3])
    assert state.phase == "ultimo" and state.current_player == M
    state.apply_text("ultimo")
    for seat in (F, E):  # asked in seat order from the forehand
        assert state.current_player == seat
        state.apply_text("contra" if seat == contra_by else "pass")
        if seat == contra_by:
            break
    assert state.phase == "play"
    return state


@pytest.mark.parametrize("mode", ["settlement", "paper"])
def test_scenario_59_ultimo_won_contra_lost(mode: str) -> None:
    state = ultimo_deal(HANDS_59, WIDOW_59, contra_by=E, scoring_mode=mode)
    result = play_out(state, {15: {F: "9S", M: "I", E: "4D"}})
    last = state.deals[-1].tricks[-1]
    assert [str(c) for _, c in last.plays] == ["9S", "I", "4D"] and last.winner == M
    assert result.ultimo_won is True and result.contra_won is False and result.contra == E
    assert [(a.name, a.value, a.won_by) for a in result.awards if a.name in ("ultimo", "contra")] == [
        ("ultimo", 100, "bidder"),
        ("contra", 200, "bidder"),
    ]
    expected = (-300, 600, -300) if mode == "settlement" else (0, 300, 0)
    assert line_total(result, "ultimo", "contra") == expected


HANDS_60 = {
    M: cards("SKUS XXI XX XIX XVIII XVII XVI I KS QS KH QH KD QD KC QC"),
    E: cards("XV XIV XIII XII XI X IX II 8S 7S 3H 4H 3D 4D 8C JC"),
    F: cards("VIII VII VI V IV III 10S 9S CS AH 2H AD 2D 10C 9C 7C"),
}
WIDOW_60 = cards("JS CH JH CD JD CC")


@pytest.mark.parametrize("mode", ["settlement", "paper"])
def test_scenario_60_ultimo_lost_contra_won(mode: str) -> None:
    state = ultimo_deal(HANDS_60, WIDOW_60, contra_by=E, scoring_mode=mode)
    result = play_out(state, {0: {F: "10S", M: "KS", E: "8S"}, 15: {M: "I", E: "II", F: "7C"}})
    last = state.deals[-1].tricks[-1]
    assert [(s, str(c)) for s, c in last.plays] == [(M, "I"), (E, "II"), (F, "7C")] and last.winner == E
    assert result.ultimo_won is False and result.contra_won is True
    expected = (300, -600, 300) if mode == "settlement" else (200, -100, 200)
    assert line_total(result, "ultimo", "contra") == expected


HANDS_61 = {
    F: cards("SKUS XXI XX XIX XVIII XVII XVI KS QS KD QD KC QC QH CH 7S"),
    M: cards("II III IV V VI VII VIII 10S 9S AH 2H AD 2D 10C 9C KH"),
    E: cards("I IX X XI XII XIII XIV XV JS 8S 3H 4H 3D 4D 8C 7C"),
}
WIDOW_61 = cards("CS JH CD JD CC JC")


@pytest.mark.parametrize("mode", ["settlement", "paper"])
def test_scenario_61_silent_pagat_ultimo_by_an_opponent(mode: str) -> None:
    state = start("tarok_3p", HANDS_61, WIDOW_61, scoring_mode=mode)
    threesome(state, M, WIDOW_61[:3])
    assert state.phase == "play"  # M does not hold the pagat: no ultimo round
    result = play_out(state, {15: {F: "7S", M: "KH", E: "I"}})
    last = state.deals[-1].tricks[-1]
    assert [(s, str(c)) for s, c in last.plays] == [(F, "7S"), (M, "KH"), (E, "I")] and last.winner == E
    assert result.silent_pagat == E and not result.ultimo
    assert [(a.name, a.value, a.won_by, a.seat) for a in result.awards if a.name == "silent_pagat"] == [
        ("silent_pagat", 50, "opponents", E)
    ]
    expected = (50, -100, 50) if mode == "settlement" else (0, 0, 50)
    assert line_total(result, "silent_pagat") == expected


HANDS_62 = {
    F: cards("SKUS XXI XX XIX KD QD KC QC 8S KS QS CS JS 10S 9S 3H"),
    M: cards("I XVIII XVII XVI XV CD JD CC JC QH CH JH AH 2H 3D KH"),
    E: cards("V II III IV VI AD 2D 10C 9C XIV XIII XII XI X IX 4H"),
}
WIDOW_62 = cards("VIII VII 4D 8C 7C 7S")


def test_scenario_62_forced_pagat() -> None:
    # SPEC's figures, through the pure function: the pagat was M's only legal card at trick 9,
    # E captured it and M won trick 16.
    assert pagat_adjustment(True, "forced", bidder_won_pagat_trick=False, bidder_won_last=True) == 5
    # The real deal. SPEC has M win trick 16 "with XIX", which cannot happen once I was his only
    # trump at trick 9; here M wins trick 16 with KH (the adjustment holds for any card).
    state = ultimo_deal(HANDS_62, WIDOW_62, contra_by=E)
    plan = {4: {F: "KD"}, 5: {F: "QD"}, 6: {F: "KC"}, 7: {F: "QC"}, 8: {F: "8S", M: "I", E: "V"}}
    plan |= {15: {E: "4H", F: "3H", M: "KH"}}
    while len(state.deals[-1].tricks) < 8:
        play_out_one(state, plan)
    state.apply_text("8S")
    assert [str(a) for a in state.legal_actions()] == ["I"]  # no spades, I is his only trump
    result = play_out(state, plan)
    tricks = state.deals[-1].tricks
    assert [str(c) for _, c in tricks[8].plays] == ["8S", "I", "V"] and tricks[8].winner == E
    assert tricks[15].winner == M
    assert result.pagat_adjustment == 5
    assert result.bidder_count == result.raw_bidder_count + 5
    assert result.opponents_count == result.raw_opponents_count - 5
    assert result.bidder_count + result.opponents_count == 70
    assert result.ultimo_won is False and result.contra_won is True


def play_out_one(state: TarokState, plan: Plan) -> None:
    """Play one card as :func:`play_out` would."""
    trick = len(state.deals[-1].tricks)
    seat = state.current_player
    wanted = plan.get(trick, {}).get(seat)
    if wanted is not None:
        state.apply_text(wanted)
        return
    reserved = {c for t, plays in plan.items() if t >= trick for s, c in plays.items() if s == seat}
    legal = state.legal_actions()
    state.apply(next((a for a in legal if str(a) not in reserved), legal[0]))


M_TRUMPS_63 = cards("I II III V VI VII VIII IX X XI XII XIII XIV XV XX")
WIDOW_63 = cards("SKUS XXI XIX XVIII XVII XVI")


def test_scenario_63_unnecessary_pagat() -> None:
    assert pagat_adjustment(True, "unnecessary", bidder_won_pagat_trick=True, bidder_won_last=True) == -5
    state = start("tarok_3p", {F: cards("IV 10S"), M: M_TRUMPS_63 + ["KH"], E: ["4H"]}, WIDOW_63)
    threesome(state, M, WIDOW_63[:3])  # M lays the accepted Skus, Mond and XIX away again
    assert state.melds == ()
    state.apply_text("ultimo")
    state.apply_text("contra")  # F
    plan = {0: {F: "IV", M: "V"}, 1: {M: "II"}, 2: {M: "I", F: "10S", E: "4H"}}
    while len(state.deals[-1].tricks) < 2:
        play_out_one(state, plan)
    assert {"KH", "XX"} <= names(state.hand_mask(M)) and state.hand_mask(F) & TRUMPS == 0
    assert state.hand_mask(E) & TRUMPS == 0
    result = play_out(state, plan)
    third = state.deals[-1].tricks[2]
    # Clockwise after M come E, then F.
    assert [(s, str(c)) for s, c in third.plays] == [(M, "I"), (E, "4H"), (F, "10S")] and third.winner == M
    assert result.pagat_adjustment == -5
    assert result.bidder_count == result.raw_bidder_count - 5
    assert result.opponents_count == result.raw_opponents_count + 5
    assert result.ultimo_won is False and result.contra_won is False


# --------------------------------------------------------------------------- 64-66
@pytest.mark.parametrize(
    ("preset", "mode", "expected"),
    [
        ("tarok_3p", "settlement", (0, 0, 0)),
        ("tapp_tarok_3p", "paper", (25, 0, 0)),
        ("tapp_tarok_3p", "settlement", (50, -25, -25)),
        ("tapp_tarok_4p", "settlement", (75, -25, -25, -25)),
    ],
)
def test_scenario_64_all_pass(preset: str, mode: str, expected: tuple[int, ...]) -> None:
    n = len(expected)
    state = new_match(preset, seed=64, first_dealer=n - 1, overrides={"scoring_mode": mode})
    assert state.forehand == F
    for _ in range(3):
        state.apply_text("pass")
    result = state.deal_results[-1]
    assert result.all_passed and result.changes == expected and state.scores == expected
    assert state.deals[0].outcome == "all passed"
    assert state.dealer == 0 and state.forehand == 1  # the deal passed one seat to the left
    assert state.phase == "auction"


def test_scenario_65_solo() -> None:
    widow = cards("7S 8S 9S 7C 8C 9C")
    state = start("tarok_3p", {F: cards("SKUS XXI I")}, widow)
    auction(state, F, "solo")
    assert len(state.history()) == 1  # a solo ends the auction
    # No widow, no discard, and no contract question: a solo is played for game (SPEC 4.8).
    assert state.phase == "ultimo" and state.game_type == "game"
    for seat in (F, M, E):
        obs = state.observation(seat)
        assert obs.widow_seen == () and obs.widow_exposed == () and obs.discard_count == 0
    assert names(state.opponents_pile()) == set(widow)
    assert [(a, b) for a, b in state.melds] == [(F, "trull")]
    state.apply_text("pass")
    result = play_out(state)
    assert result.contract == "solo" and result.multiplier == 1 and result.game_value == 100
    tricks = state.deals[-1].tricks
    won_by_f = card_mask(c for t in tricks if t.winner == F for _, c in t.plays)
    assert result.raw_bidder_count == pile_count(won_by_f)
    assert result.raw_opponents_count == pile_count(ALL_CARDS & ~won_by_f)  # their tricks + the widow
    assert [a.value for a in result.awards if a.name == "trull"] == [100]
    assert contract_result("game", 1, 100, 36, 34) == (True, 102)


def test_scenario_66_four_player_settlement() -> None:
    facts = DealFacts(4, M, "threesome", "game", 1, 44, 26)
    score = score_deal(load_preset("tarok_4p"), facts)
    assert score.amount == 68
    assert score.changes == (-68, 204, -68, -68)
    # A real four-player deal: the sitting-out dealer shares the opponents' game result.
    state = start("tarok_4p", {})
    assert state.hand_mask(DEALER_4P) == 0 and state.sitting_out == DEALER_4P
    threesome(state, M, [str(c) for c in mask_cards(state.widow_mask(1))][:3])
    if state.phase == "ultimo":
        state.apply_text("pass")
    result = play_out(state)
    game_line = line_total(result, "game")
    assert game_line[DEALER_4P] == game_line[F] == game_line[E] == -game_line[M] // 3
    assert sum(result.changes) == 0


def test_settlement_example_8_of_spec_4_13() -> None:
    awards = [
        Award("game", 68, "bidder"),
        Award("trull", 50, "bidder", 0),
        Award("four_kings", 50, "opponents", 2),
        Award("ultimo", 100, "bidder"),
        Award("contra", 200, "bidder", 1),
    ]
    assert settle(load_preset("tarok_3p"), awards, 0, 3)[1] == (786, -468, -318)
    assert settle(load_preset("tarok_3p", overrides={"scoring_mode": "paper"}), awards, 0, 3)[1] == (418, 0, 50)


def test_consolation_example_7_of_spec_4_13() -> None:
    """SPEC 4.13.7 (erratum 2026-11-26): a consolation is worth m x G by default, the mirror formulas as an option."""
    assert load_preset("tarok_3p").consolation_scoring == "literal"
    assert contract_result("consolation", 1, 50, 25, 45) == (True, 50)
    assert contract_result("consolation", 2, 50, 25, 45) == (True, 100)
    assert contract_result("consolation", 1, 50, 38, 32) == (False, 50)
    assert contract_result("consolation", 1, 50, 25, 45, "mirror") == (True, 70)
    assert contract_result("consolation", 1, 50, 38, 32, "mirror") == (False, 56)
    mirror = load_preset("tarok_3p", overrides={"consolation_scoring": "mirror"})
    for rules, won, lost in ((load_preset("tarok_3p"), 50, 50), (mirror, 70, 56)):
        made = score_deal(rules, DealFacts(3, F, "threesome", "consolation", 1, 25, 45))
        assert (made.made, made.amount, made.changes) == (True, won, (2 * won, -won, -won))
        failed = score_deal(rules, DealFacts(3, F, "threesome", "consolation", 1, 38, 32))
        assert (failed.made, failed.amount, failed.changes) == (False, lost, (-2 * lost, lost, lost))
    # A consolation at the edge: B = 35 is made, B = 36 is lost (SPEC 4.12).
    assert contract_result("consolation", 3, 50, 35, 35) == (True, 150)
    assert contract_result("consolation", 3, 50, 36, 34) == (False, 150)


@pytest.mark.parametrize("scoring", ["literal", "mirror"])
def test_consolation_example_7_of_spec_4_13_in_a_played_deal(scoring: str) -> None:
    widow = cards("7S 8S 9S 7C 8C 9C")
    state = start("tarok_3p", {}, widow, consolation_scoring=scoring)
    threesome(state, M, cards("7S 8S 9S"), "consolation")
    if state.phase == "ultimo":
        state.apply_text("pass")
    result = play_out(state)
    b, o = result.bidder_count, result.opponents_count
    assert result.game_type == "consolation" and result.made == (b <= 35)
    if scoring == "literal":
        assert result.amount == 50
    elif result.made:
        assert result.amount == 50 + 2 * max(0, o - 35)
    else:
        assert result.amount == 50 + 2 * (b - 35)
    sign = 1 if result.made else -1
    assert line_total(result, "consolation") == (-sign * result.amount, 2 * sign * result.amount, -sign * result.amount)


def test_option_consolation_scoring_is_validated() -> None:
    with pytest.raises(
        RulesError, match=r"^option consolation_scoring = 'double' is not allowed; use literal \| mirror$"
    ):
        load_preset("tarok_3p", overrides={"consolation_scoring": "double"})


# --------------------------------------------------------------------------- other options of SPEC 4.15
def test_option_discard_forbidden_kings_and_trull() -> None:
    hands = {M: cards("SKUS XXI I KH")}
    widow = cards("7S 8S 9S 7C 8C 9C")
    for option, refused in (("kings", {"KH"}), ("kings_and_trull", {"KH", "SKUS", "XXI", "I"})):
        state = start("tarok_3p", hands, widow, discard_forbidden=option)
        auction(state, M, "threesome")
        state.apply_text("accept")
        offered = {str(a)[1:] for a in state.legal_actions()}
        assert offered == names(state.hand_mask(M)) - refused


def test_option_reject_second_half_exposed() -> None:
    widow = cards("7S 8S 9S 7C 8C 9C")
    state = start("tarok_3p", {}, widow, reject_second_half_exposed=True)
    auction(state, E, "threesome")
    state.apply_text("reject")
    state.apply_text("reject")
    assert state.multiplier == 3
    assert {str(c) for c in state.observation(F).widow_exposed} == set(widow)


def test_option_consolation_in_solo_defaults_to_false() -> None:
    """SPEC 4.8 (erratum 2026-11-26): a solo is played for game; only a threesome bidder chooses."""
    assert load_preset("tarok_3p").consolation_in_solo is False
    state = start("tarok_3p", {})
    auction(state, M, "solo")
    assert state.game_type == "game" and state.phase in ("ultimo", "play")
    assert A.ACTIONS[A.CONSOLATION_ID] not in state.legal_actions()


def test_option_consolation_in_solo_true() -> None:
    state = start("tarok_3p", {M: cards("II III IV")}, consolation_in_solo=True)
    auction(state, M, "solo")
    assert state.phase == "contract" and state.current_player == M
    assert {str(a) for a in state.legal_actions()} == {"game", "consolation"}
    state.apply_text("consolation")
    assert state.game_type == "consolation"


def test_option_multiplier_scope_game_and_bonuses() -> None:
    facts = DealFacts(3, F, "threesome", "game", 2, 44, 26, melds=((F, "trull"),), silent_pagat=F)
    plain = score_deal(load_preset("tarok_3p"), facts)
    scaled = score_deal(load_preset("tarok_3p", overrides={"multiplier_scope": "game_and_bonuses"}), facts)
    assert [a.value for a in plain.awards] == [136, 50, 50]
    assert [a.value for a in scaled.awards] == [136, 100, 100]
