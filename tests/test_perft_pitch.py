"""Perft for the Pitch options (docs/pitch.md): the lead that names trump.

A seeded deal of ``pitch_auction`` (no jokers, no Off-Jack), of
``pitch_six`` (one joker, the Off-Jack) and of ``pitch_five`` with the off-ace
or the off-three as trumps (``use_off_ace``, ``use_off_three``) is bid (eldest bids 2, the others
pass), and the play sequences of the first trick and of the first two tricks
are counted by an apply/undo walk and by a clone walk. The one-trick counts are
checked against a count written from the rules alone: for each lead the eldest
may make (any card but a joker), its printed suit is trump, and every other
seat must follow with a trump when it holds one (the Off-Jack and the joker
and the off-cards included), else may play any card.
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
