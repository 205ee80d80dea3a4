"""``solve_within(deepen=...)``: a depth-limited solve searched deeper while it fits in its allowance."""

from __future__ import annotations

import random

import pytest

from jick.games.smear.presets import load_preset
from jick.games.smear.solver import LAST, LEAF_SETTLED, solve, solve_within
from jick.games.smear.tables import deck_cards


def six_seat_deal(seed: int) -> tuple[object, list[int]]:
    """``smear_ten_point`` at six seats: six random hands of six cards (36 in play: solved two tricks deep)."""
    rules = load_preset("smear_ten_point", 6)
    deck = list(deck_cards(rules))
    random.Random(seed).shuffle(deck)
    hands = [sum(1 << c for c in deck[6 * s : 6 * s + 6]) for s in range(6)]
    return rules, hands


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deepening_gives_the_deepest_pass_that_fits(seed: int) -> None:
    rules, hands = six_seat_deal(seed)
    args = {"leader": 0, "to_move": 0, "leaf": LEAF_SETTLED, "bidder_side": 0, "bid": 4}
    usual = solve(rules, 0, hands, **args)
    assert LAST.horizon == 2
    # a small allowance leaves the usual solve as it is
    assert solve_within(rules, 0, hands, max_nodes=10**8, deepen=1, **args) == usual
    assert LAST.horizon == 2
    # a large one searches deeper: the values of the deepest pass, within the allowance
    values = solve_within(rules, 0, hands, max_nodes=10**8, deepen=3_000_000, **args)
    reached = LAST.horizon
    assert (reached is None or reached > 2) and LAST.nodes <= 3_000_000 and not LAST.cut_off
    assert values == solve(rules, 0, hands, horizon=reached or 6, **args)


def test_without_deepen_the_usual_horizon_stands() -> None:
    rules, hands = six_seat_deal(4)
    args = {"leader": 0, "to_move": 0}
    assert solve_within(rules, 0, hands, max_nodes=10**8, **args) == solve(rules, 0, hands, **args)
    assert LAST.horizon == 2
