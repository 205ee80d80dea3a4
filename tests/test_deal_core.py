"""Smear's rules before the play written once (:mod:`jick.games.smear.deal_core`).

The engine calls these functions as Python and the play-out kernel inlines
them in numba code: these tests check that the two runs agree on random
inputs, and that the engine's legal calls and discards are the core's.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from numba import njit

from jick.games.smear import deal_core as D
from jick.games.smear import new_match
from jick.games.smear import state as S
from jick.games.smear.ids import BID_BASE, DISCARD_BASE, DONE_ID, MOON_ID, PASS_ID, SMUDGE_ID
from jick.games.smear.numba_cache import SHARED, register_shared_rules, shared_module
from jick.games.smear.presets import load_preset
from jick.games.smear.tables import LOW_RANKS, deck_cards, trump_table

#: The deal core numba compiles: the same source as ``D``, an interpreted copy when ``D`` is a compiled extension.
DN = shared_module("deal_core")


@njit
def _choices_in_numba(modes, hands, trumps, nonscoring, left, turn_trumps, stock, bury, mandatory, cards, stop):  # type: ignore[no-untyped-def]
    for i in range(hands.shape[0]):
        cards[i], stop[i] = DN.discard_choices(
            modes[i], hands[i], trumps[i], nonscoring[i], left[i], turn_trumps[i], stock[i], bury[i], mandatory[i]
        )


@njit
def _auction_in_numba(ints, out):  # type: ignore[no-untyped-def]
    for i in range(ints.shape[0]):
        high, min_bid, seat, dealer, n, passed, turns, bidder, flags = ints[i]
        out[i, 0] = DN.lowest_bid(high, min_bid, seat, dealer, flags & 1 != 0)
        out[i, 1] = DN.may_pass(seat, dealer, bidder, flags & 2 != 0)
        out[i, 2] = DN.next_caller(seat, n, passed, turns, bidder, flags & 4 != 0, flags & 8 != 0)
        out[i, 3] = DN.may_smudge(flags >> 4, min_bid - 3)


@njit
def _deal_in_numba(deck, dealer, n, hand_size, packet, kitty_size, hands, low_ranks):  # type: ignore[no-untyped-def]
    kitty, stock = DN.deal_hands(deck, dealer, n, hand_size, packet, kitty_size, hands)
    return kitty, stock, DN.next_low_hand(hands, n, dealer, 0, low_ranks)


def test_numba_runs_the_same_discard_rules() -> None:
    register_shared_rules()
    rules = load_preset("smear_mn_original")
    deck = deck_cards(rules)
    rng = random.Random(3)
    rows = []
    for _ in range(3000):
        table = trump_table(rules, rng.randrange(4))
        hand = sum(1 << c for c in rng.sample(deck, rng.randint(1, 14)))
        rows.append(
            (rng.randrange(3), hand, table.trumps, table.nonscoring, rng.choice([-1, 0, 1, 2, 4]),
             rng.randint(0, 9), rng.randint(0, 12), rng.random() < 0.5, rng.random() < 0.5)
        )  # fmt: skip
    columns = list(zip(*rows, strict=True))
    types = (np.int64, np.uint64, np.uint64, np.uint64, np.int64, np.int64, np.int64, np.bool_, np.bool_)
    arrays = [np.array(col, dtype=t) for col, t in zip(columns, types, strict=True)]
    cards = np.zeros(len(rows), dtype=np.uint64)
    stop = np.zeros(len(rows), dtype=np.bool_)
    _choices_in_numba(*arrays, cards, stop)
    expected = [D.discard_choices(*row) for row in rows]
    assert [(int(c), bool(s)) for c, s in zip(cards, stop, strict=True)] == expected
    assert len({e for e in expected}) > 100  # the inputs reach many different answers


def test_numba_runs_the_same_auction_rules() -> None:
    register_shared_rules()
    rng = random.Random(5)
    rows = []
    for _ in range(3000):
        n = rng.randint(2, 6)
        rows.append(
            (rng.randint(0, 7), rng.randint(1, 4), rng.randrange(n), rng.randrange(n), n, rng.randrange(1 << n),
             rng.randint(1, 2 * n), rng.randrange(-1, n), rng.randrange(48))
        )  # fmt: skip
    out = np.zeros((len(rows), 4), dtype=np.int64)
    _auction_in_numba(np.array(rows, dtype=np.int64), out)
    for row, got in zip(rows, out, strict=True):
        high, min_bid, seat, dealer, n, passed, turns, bidder, flags = row
        assert list(got) == [
            D.lowest_bid(high, min_bid, seat, dealer, flags & 1 != 0),
            D.may_pass(seat, dealer, bidder, flags & 2 != 0),
            D.next_caller(seat, n, passed, turns, bidder, flags & 4 != 0, flags & 8 != 0),
            D.may_smudge(flags >> 4, min_bid - 3),
        ]


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_widow", "smear_nine_card", "pitch_auction"])
def test_numba_deals_as_the_engine_deals(preset: str) -> None:
    register_shared_rules()
    rules = load_preset(preset)
    n = rules.num_players
    for seed in range(20):
        state = new_match(preset, seed=seed)
        deal = state.current_deal
        assert deal is not None
        hands = np.zeros(8, dtype=np.uint64)
        deck = np.array(deal.deck, dtype=np.int64)
        kitty, stock, low = _deal_in_numba(
            deck, deal.dealer, n, rules.hand_size, rules.deal_packet, rules.kitty_size, hands, np.uint64(LOW_RANKS)
        )
        py_hands = [0] * n
        assert (kitty, stock) == D.deal_hands(deal.deck, deal.dealer, n, rules.hand_size, rules.deal_packet,
                                              rules.kitty_size, py_hands)  # fmt: skip
        assert [int(h) for h in hands[:n]] == py_hands
        assert low == D.next_low_hand(py_hands, n, deal.dealer, 0, LOW_RANKS)
        if state.phase == "bidding":  # the engine dealt the same hands
            assert py_hands == [state.hand_mask(s) for s in range(n)]


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("smear_mn_original", {}),
        ("smear_nine_card", {"bury_restriction": "non_scoring_only", "discard_nontrumps": "mandatory"}),
        ("smear_widow", {"discard_mode": "nontrump_to_six"}),
        ("smear_widow", {"discard_mode": "free_to_six"}),
        ("pitch_smudge", {"auction_laps": "rounds"}),
        ("smear_ten_point", {"all_pass": "dealer_forced_min", "dealer_may_match": True}),
    ],
)
def test_the_engine_offers_the_cores_calls_and_discards(preset: str, overrides: dict[str, object]) -> None:
    """In random games the engine's legal bids and discards are the core's answers for the position."""
    rules = load_preset(preset, overrides=overrides)
    modes = {"free_to_six": D.DISCARD_FREE, "nontrump_to_six": D.DISCARD_NONTRUMP, "refill": D.DISCARD_REFILL}
    smudges = {"off": D.SMUDGE_OFF, "all_points": D.SMUDGE_ALL_POINTS, "all_tricks": D.SMUDGE_ALL_TRICKS}
    rng = random.Random(1)
    seen = {"bidding": 0, "discard": 0}
    for seed in range(6):
        state = new_match(rules, seed=seed)
        while not state.is_terminal and len(state.hand_results) < 3:
            seat = state.current_player
            legal = set(state.legal_action_ids())
            if state.phase == "bidding":
                seen["bidding"] += 1
                v = state._v  # the position the engine holds, read here to check the engine against the core
                high, bidder, dealer = v[S.HIGH_BID], v[S.BIDDER], v[S.DEALER]
                low = D.lowest_bid(high, rules.min_bid, seat, dealer, rules.dealer_may_match)
                expected = {BID_BASE + b for b in range(low, rules.max_bid + 1)}
                if rules.moon_enabled:
                    expected.add(MOON_ID)
                if D.may_smudge(smudges[rules.smudge], state.scores[rules.side_of(seat)]):
                    expected.add(SMUDGE_ID)
                if D.may_pass(seat, dealer, bidder, rules.all_pass == "dealer_forced_min"):
                    expected.add(PASS_ID)
                assert legal == expected
            elif state.phase == "discard":
                seen["discard"] += 1
                v = state._v
                assert state.trump is not None and state.current_deal is not None
                table = trump_table(rules, state.trump)
                cards, stop = D.discard_choices(
                    modes[rules.discard_mode], state.hand_mask(seat), table.trumps, table.nonscoring,
                    v[S.DISCARD_LEFT], v[S.TURN_TRUMPS], len(state.current_deal.deck) - v[S.STOCK_POS],
                    rules.bury_restriction == "non_scoring_only", rules.discard_nontrumps == "mandatory",
                )  # fmt: skip
                expected = {DISCARD_BASE + c for c in range(55) if cards >> c & 1}
                if stop:
                    expected.add(DONE_ID)
                assert legal == expected
            state.apply_id(rng.choice(sorted(legal)))
    assert seen["bidding"] > 10
    assert seen["discard"] > 10 or rules.discard_mode == "free_to_six" and rules.kitty_size == 0


def test_the_numba_cache_follows_the_deal_core() -> None:
    assert "deal_core.py" in SHARED
