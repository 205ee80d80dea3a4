"""SPEC 6.3: the low-hand misdeal (scenarios 14-16)."""

from __future__ import annotations

from jick.cards import card_mask
from jick.games.smear.actions import CallMisdeal, KeepHand

from .support import N, W, cards, deck_for, start, suit_cards

LOW_HAND = cards("3C 4D 5H 6S 7C 8D 9H 9S 3H")
HIGH_FIRST = suit_cards("SHDC")


def test_scenario_14_mandatory_low_hand_misdeal() -> None:
    second = deck_for("smear_mn_original", {N: cards("AS KS QS")}, fill=HIGH_FIRST)
    state = start("smear_mn_original", {N: LOW_HAND}, fill=HIGH_FIRST, more_decks=[second])
    assert len(state.deals) == 2
    assert "misdeal" in state.deals[0].outcome
    assert state.dealer == W and state.deals[1].dealer == W
    assert state.scores == (0, 0) and state.hand_results == ()
    assert state.phase == "bidding" and state.current_player == N
    assert state.hand_mask(N) & card_mask(["AS", "KS", "QS"]) == card_mask(["AS", "KS", "QS"])


def test_scenario_15_one_scoring_card_prevents_the_misdeal() -> None:
    for replacement in ("2C", "HJ", "10C", "JD"):
        hand = [c for c in LOW_HAND if c != "3H"] + [replacement]
        state = start("smear_mn_original", {N: hand}, fill=HIGH_FIRST)
        assert len(state.deals) == 1, replacement
        assert state.phase == "bidding" and state.current_player == N, replacement


def test_scenario_16_optional_misdeal_and_none() -> None:
    second = deck_for("smear_mn_basic4", {N: cards("AS KS QS")}, fill=HIGH_FIRST)
    state = start("smear_mn_basic4", {N: LOW_HAND}, fill=HIGH_FIRST, more_decks=[second])
    assert state.phase == "misdeal_offer" and state.current_player == N
    assert set(state.legal_actions()) == {CallMisdeal(), KeepHand()}

    called = state.clone()
    called.apply(CallMisdeal())
    assert len(called.deals) == 2 and called.dealer == W and called.deals[1].dealer == W
    assert called.scores == (0, 0) and called.phase == "bidding"

    state.apply(KeepHand())
    assert len(state.deals) == 1
    assert state.phase == "bidding" and state.current_player == N

    ten = start("smear_ten_point", {N: LOW_HAND + ["4C"]}, fill=HIGH_FIRST)
    assert len(ten.deals) == 1 and ten.phase == "bidding" and ten.current_player == N
    assert CallMisdeal() not in ten.legal_actions()
