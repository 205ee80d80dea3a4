"""SPEC 6.5: the opening lead (scenarios 23-24)."""

from __future__ import annotations

from jick.cards import parse_card
from jick.games.smear.actions import Play

from .support import (
    N,
    auction,
    cards,
    cardset,
    discard_to,
    hand,
    legal_cards,
    refill_round,
    rejected,
    start,
    suit_cards,
)


def test_scenario_23_pitcher_must_lead_a_trump_when_holding_one() -> None:
    with_trump = "AC KD QD 5H 3S 2S"
    state = start("smear_ten_point", {N: cards(with_trump)})
    auction(state, N, 2, "C")
    discard_to(state, {N: with_trump})
    assert state.current_player == N
    assert legal_cards(state) == cardset("AC")
    assert rejected(state, Play(parse_card("KD")))
    state.apply(Play(parse_card("AC")))

    no_trump = "KD QD 5H 3S 2S 9H"  # no club, no JS, no joker
    state = start("smear_ten_point", {N: cards(no_trump)})
    auction(state, N, 2, "C")
    discard_to(state, {N: no_trump})
    assert legal_cards(state) == cardset(no_trump)


def test_scenario_24_minnesota_bidder_may_lead_a_non_trump() -> None:
    state = start("smear_mn_original", {N: cards("AC KC KD")}, fill=suit_cards("SHDC"))
    auction(state, N, 4, "C")
    refill_round(state, keep={N: "AC KC KD"})
    assert state.phase == "play" and state.current_player == N
    assert {"AC", "KC", "KD"} <= hand(state, N)
    assert "KD" in legal_cards(state)
    state.apply(Play(parse_card("KD")))
    assert state.observation(N).trick[0][1] == parse_card("KD")
