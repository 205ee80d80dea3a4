"""SPEC 6.2: the auction (scenarios 11-13)."""

from __future__ import annotations

from jick.games.smear.actions import Bid, Moon, Pass

from .support import EW, E, N, S, W, deck_for, rejected, start, suit_cards


def test_scenario_11_bid_legality() -> None:
    state = start("smear_ten_point", {})
    state.apply(Bid(3))  # N
    assert rejected(state, Bid(3))  # E must exceed 3
    assert state.current_player == E
    state.apply(Bid(5))
    state.apply(Pass())  # S
    assert state.current_player == W
    state.apply(Bid(10))
    assert state.phase == "trump" and state.bidder == W
    assert state.observation(N).bid == 10
    # Everyone has had a turn: N (or anyone) can bid or pass no more.
    assert state.observation(N).legal_actions == ()
    assert rejected(state, Pass()) and rejected(state, Bid(4)) and rejected(state, Bid(10))


def test_scenario_12_moon_ends_the_auction() -> None:
    state = start("smear_mn_original", {})
    assert state.current_player == N
    assert rejected(state, Bid(3))  # minimum 4
    assert rejected(state, Bid(8))  # maximum 7
    state.apply(Bid(4))
    state.apply(Moon())  # E
    assert state.phase == "trump" and state.current_player == E and state.bidder == E
    assert [seat for seat, _ in state.history()] == [N, E]  # S and W got no turn
    obs = state.observation(S)
    assert obs.moon and state.side_of(obs.bidder) == EW


def test_scenario_13_all_pass() -> None:
    state = start("smear_ten_point", {})
    for _ in (N, E, S):
        state.apply(Pass())
    assert state.current_player == W
    assert rejected(state, Pass())
    state.apply(Bid(2))
    assert state.bidder == W and state.phase == "trump"

    second = deck_for("smear_mn_original", {}, fill=suit_cards("SHDC"))
    state = start("smear_mn_original", {}, more_decks=[second])
    first = state.deals[0].deck
    for _ in (N, E, S, W):
        state.apply(Pass())
    assert len(state.deals) == 2 and "pass" in state.deals[0].outcome
    assert state.hand_results == () and state.scores == (0, 0)
    assert state.dealer == W and state.deals[1].dealer == W
    assert state.deals[1].deck != first  # a new (reshuffled) deck order
    assert state.phase == "bidding" and state.current_player == N
