"""Perft for the Pitch options (docs/pitch.md): the lead that names trump, and the auction.

A seeded deal of ``pitch_auction`` (no jokers, no Off-Jack), of
``pitch_six`` (one joker, the Off-Jack) and of ``pitch_five`` with the off-ace
or the off-three as trumps (``use_off_ace``, ``use_off_three``) is bid (eldest bids 2, the others
pass), and the play sequences of the first trick and of the first two tricks
are counted by an apply/undo walk and by a clone walk. The one-trick counts are
checked against a count written from the rules alone: for each lead the eldest
may make (any card but a joker), its printed suit is trump, and every other
seat must follow with a trump when it holds one (the Off-Jack and the joker
and the off-cards included), else may play any card.

The complete auctions of ``pitch_auction`` at three to five seats, in one lap
or in rounds, with the smudge and with the dealer matching, are counted by a
walk and against a count written from the rules alone.
"""

from __future__ import annotations

import pytest

from jick.cards import ACE, JACK, JK, SAME_COLOUR, THREE, mask_cards
from jick.games.smear import new_match
from jick.games.smear.actions import Bid, Pass
from jick.games.smear.state import SmearState

#: (preset, seed, option set true or "") -> (sequences of one trick, of two tricks), kept as constants.
EXPECTED = {
    # N: 3S 6S 10S 9H JC AC
    ("pitch_auction", 5, ""): (58, 7825),
    # N: 9H JD KD 3C 7C JK (the joker may not lead; JD led names diamonds, JH is then a trump)
    ("pitch_six", 0, ""): (44, 4780),
    # N: 9S 8H 9H 7D 9C QC; without the off-cards the first trick has 48 sequences
    ("pitch_five", 2, "use_off_ace"): (51, 4886),
    ("pitch_five", 2, "use_off_three"): (63, 5968),
}


def pitched(preset: str, seed: int, option: str = "") -> SmearState:
    state = new_match(preset, seed=seed, first_dealer=3, overrides={option: True} if option else None)
    state.apply(Bid(2))
    for _ in range(3):
        state.apply(Pass())
    assert state.phase == "play" and state.trump is None and state.current_player == 0
    return state


def walk_undo(state: SmearState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += walk_undo(state, depth - 1)
        state.undo()
    return total


def walk_clone(state: SmearState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += walk_clone(child, depth - 1)
    return total


def from_the_rules(state: SmearState) -> int:
    """One trick's sequences, counted from the rules of docs/pitch.md section 2."""
    rules = state.rules
    hands = [[c.index for c in mask_cards(state.hand_mask(s))] for s in range(4)]
    total = 0
    for lead in hands[0]:
        if lead == JK:
            continue  # a joker has no suit to name trump with
        trump = lead // 13

        def is_trump(card: int, trump: int = trump) -> bool:
            if card == JK:
                return True
            mate = card // 13 == SAME_COLOUR[trump]
            jick = rules.use_jick and card % 13 == JACK and mate
            off = mate and (rules.use_off_ace and card % 13 == ACE or rules.use_off_three and card % 13 == THREE)
            return card < 52 and (card // 13 == trump or jick or off)

        count = 1
        for seat in (1, 2, 3):
            trumps = sum(1 for c in hands[seat] if is_trump(c))
            count *= trumps or len(hands[seat])
        total += count
    return total


@pytest.mark.parametrize(("preset", "seed", "option"), list(EXPECTED))
def test_perft_naming_lead(preset: str, seed: int, option: str) -> None:
    state = pitched(preset, seed, option)
    one, two = EXPECTED[(preset, seed, option)]
    assert walk_undo(state, 4) == one
    assert walk_clone(state, 4) == one
    assert from_the_rules(state) == one
    assert walk_undo(state, 8) == two
    assert walk_clone(state, 8) == two
    assert state.trump is None and len(state.history()) == 4  # the walks left the state as it was


# ---------------------------------------------------------------------------- the auction
#: Auction options -> the keyword of :func:`auction_from_the_rules` that stands for them.
AUCTIONS = {
    "one lap": ({}, {}),
    "rounds": ({"auction_laps": "rounds"}, {"rounds": True}),
    "smudge": ({"smudge": "all_tricks"}, {"smudge": True}),
    "dealer matches": ({"dealer_may_match": True}, {"match": True}),
    "rounds and smudge": ({"auction_laps": "rounds", "smudge": "all_tricks"}, {"rounds": True, "smudge": True}),
    "rounds, matching": ({"auction_laps": "rounds", "dealer_may_match": True}, {"rounds": True, "match": True}),
}


def auction_from_the_rules(
    n: int, lo: int, hi: int, *, rounds: bool = False, smudge: bool = False, match: bool = False
) -> int:
    """Complete auctions, counted from docs/pitch.md: seats speak from the dealer's left, the dealer last.

    A bid is above the high bid (from ``lo`` to ``hi``; the dealer may match it under ``match``); the
    dealer must bid when everyone else passed; a smudge ends the auction at once. One lap: each seat
    speaks once. ``rounds``: a pass is final, and the bidding goes round until the high bidder is to
    speak again with everyone else passed.
    """
    dealer = n - 1

    def speak(seat: int, high: int, high_seat: int | None, passed: frozenset[int]) -> int:
        if rounds:
            while seat in passed:
                seat = (seat + 1) % n
            if seat == high_seat:
                return 1
        total = 1 if smudge else 0
        forced = high == 0 and seat == dealer and len(passed) == n - 1

        def then(new_high: int, new_seat: int | None, now_passed: frozenset[int]) -> int:
            if not rounds:
                return 1 if seat == dealer else speak(seat + 1, new_high, new_seat, now_passed)
            if new_seat is not None and len(now_passed) == n - 1:
                return 1
            return speak((seat + 1) % n, new_high, new_seat, now_passed)

        if not forced:
            total += then(high, high_seat, passed | {seat})
        low = high if match and seat == dealer and high >= lo else max(lo, high + 1)
        for bid in range(low, hi + 1):
            total += then(bid, seat, passed)
        return total

    return speak(0, 0, None, frozenset())


def auctions(state: SmearState) -> int:
    """Complete auctions from here, by an apply/undo walk."""
    if state.phase != "bidding":
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += auctions(state)
        state.undo()
    return total


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("name", list(AUCTIONS))
def test_auction_perft_agrees_with_a_count_from_the_rules(name: str, players: int) -> None:
    overrides, model = AUCTIONS[name]
    state = new_match("pitch_auction", players=players, seed=5, first_dealer=players - 1, overrides=overrides)
    rules = state.rules
    expected = auction_from_the_rules(players, rules.min_bid, rules.max_bid, **model)
    assert auctions(state) == expected
    assert state.phase == "bidding" and not state.deals[-1].actions  # the walk left the state as it was
