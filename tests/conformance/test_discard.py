"""SPEC 6.4: discard, bury and refill (scenarios 17-22)."""

from __future__ import annotations

from itertools import combinations

from jick.cards import parse_card
from jick.games.smear.actions import Discard, DoneDiscarding

from .support import (
    E,
    N,
    S,
    W,
    auction,
    auto_discard_turn,
    cards,
    cardset,
    discard_turn,
    hand,
    reachable_discard_sets,
    refill_round,
    rejected,
    start,
    suit_cards,
)

HIGH_FIRST = suit_cards("SHDC")


def discard(card: str) -> Discard:
    return Discard(parse_card(card))


def test_scenario_17_basic4_bury_only_non_scoring_trumps() -> None:
    state = start(
        "smear_mn_basic4",
        {N: cards("AS KS JS JC HJ 10S 7S 4S 2D")},
        kitty=cards("5H 9H KD QC"),
        fill=HIGH_FIRST,
    )
    auction(state, N, 2, "S")
    assert state.current_player == N and len(hand(state, N)) == 13
    only = cardset("2D 5H 9H KD QC 7S 4S")
    assert reachable_discard_sets(state) == {only}
    scoring = cards("10S HJ JC AS KS JS")
    for card in sorted(only):
        assert all(rejected(state, discard(c)) for c in scoring)
        state.apply(discard(card))
    assert hand(state, N) == cardset("AS KS JS JC HJ 10S")
    assert state.current_player == E


def test_scenario_18_basic4_few_trumps_discard_non_trumps_only() -> None:
    state = start("smear_mn_basic4", {E: cards("AS 3S KH QH 10D 5D 6C 8C 2H")}, fill=HIGH_FIRST)
    auction(state, N, 2, "S")
    auto_discard_turn(state)  # N, the bidder
    assert state.current_player == E
    non_trumps = cards("KH QH 10D 5D 6C 8C 2H")
    assert reachable_discard_sets(state) == {frozenset(c) for c in combinations(non_trumps, 3)}
    assert rejected(state, discard("AS")) and rejected(state, discard("3S"))
    state.apply(discard("KH"))
    assert rejected(state, discard("AS")) and rejected(state, discard("3S"))
    state.apply(discard("QH"))
    state.apply(discard("2H"))
    assert hand(state, E) == cardset("AS 3S 10D 5D 6C 8C")
    assert state.current_player == S


def test_scenario_19_original_bury_above_six_trumps() -> None:
    n_hand = "AH KH JD HJ 9H 5H 3H KC 8S"
    state = start("smear_mn_original", {N: cards(n_hand)}, fill=HIGH_FIRST)
    auction(state, E, 4, "H")
    assert state.current_player == N
    trumps = cards("AH KH JD HJ 9H 5H 3H")
    assert reachable_discard_sets(state) == {frozenset({"KC", "8S", x}) for x in trumps}

    state.apply(discard("KC"))
    state.apply(discard("8S"))
    assert rejected(state, DoneDiscarding())  # 7 cards would be left
    state.apply(discard("AH"))  # burying the ace is allowed
    assert rejected(state, discard("3H"))  # a second buried trump
    state.undo()
    state.undo()
    state.undo()
    state.apply(discard("KC"))
    state.apply(discard("AH"))
    assert rejected(state, discard("3H"))  # {KC, AH, 3H} keeping 8S
    state.apply(discard("8S"))
    state.apply(DoneDiscarding())
    assert len(hand(state, N)) == 6
    obs = state.observation(N)
    assert obs.received_counts[N] == 0 and obs.discard_counts[N] == 3
    assert state.current_player == E


def test_scenario_20_refill_and_robbing_counts() -> None:
    state = start(
        "smear_mn_original",
        {
            N: cards("AH KH QH JH 10H AS KS QS JS"),
            E: cards("9H 8H 7H AD KD QD 10D 9D 8D"),
            S: cards("JD HJ LJ 6H JC 10C 9C 8C 7C"),
            W: cards("5H 4H 3H 2H"),
        },
        kitty=cards("10S AC KC QC"),
    )
    auction(state, N, 4, "H")
    assert len(hand(state, N)) == 13
    discard_turn(state, N, "AS KS QS JS 10S AC KC QC")  # keeps its 5 trumps
    discard_turn(state, E, "AD KD QD 10D 9D 8D")  # keeps 3 cards
    discard_turn(state, S, "JC 10C 9C")  # keeps 6
    obs = state.observation(W)
    assert obs.received_counts[:3] == (1, 3, 0)
    assert state.current_player == W
    assert len(hand(state, W)) == 19 and obs.received_counts[W] == 10
    refill_round(state)
    obs = state.observation(W)
    assert state.phase == "play"
    assert obs.hand_sizes == (6, 6, 6, 6)
    assert obs.discard_counts == (8, 6, 3, 13)
    assert 54 - sum(obs.hand_sizes) == 30 == sum(obs.discard_counts)


def test_scenario_21_stock_limit() -> None:
    # SPEC gives no preset; 2 cards left at E's turn needs more than 4 seats: 5 players (dealer seat 4,
    # eldest N), 9 cards each in threes, a 4-card kitty and refill, so the stock starts with 5 cards.
    overrides = {"hand_size": 9, "deal_packet": 3, "kitty_size": 4, "discard_mode": "refill"}
    state = start(
        "smear_ten_point",
        {N: cards("AH KH QH AS KS QS JS 10S 9S"), E: cards("2H AC KC QC JC 10C 9C 8C 7C")},
        players=5,
        overrides=overrides,
        dealer=4,
    )
    auction(state, S, 2, "H")
    discard_turn(state, N, "AS KS QS JS 10S 9S")
    assert state.observation(N).received_counts[N] == 3  # 5 - 3: two cards are left
    assert state.current_player == E
    non_trumps = cards("AC KC QC JC 10C 9C 8C 7C")
    sets = reachable_discard_sets(state)
    assert max(len(s) for s in sets) == 5 == 2 + 9 - 6
    assert sets == {frozenset(c) for k in (3, 4, 5) for c in combinations(non_trumps, k)}
    for card in non_trumps[:5]:
        state.apply(discard(card))
    assert rejected(state, discard(non_trumps[5]))  # an 8-card discard can never be completed


def test_scenario_22_free_discard_may_include_trumps() -> None:
    e_hand = "2S 9C KD QD 4H 5H 6H 7H 8C 3D"
    state = start("smear_ten_point", {E: cards(e_hand)})
    auction(state, N, 2, "S")
    auto_discard_turn(state)  # N
    assert state.current_player == E
    for card in cards("2S 4H 5H 6H"):
        state.apply(discard(card))
    assert hand(state, E) == cardset("9C KD QD 7H 8C 3D")
    assert state.current_player == S
