"""What the arena needs to know about Smear (see :mod:`jick.arena.hooks`).

A deal is one hand; its points for a seat are the change of the seat's side's
score (a set bidder's side loses its bid).

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=1)
>>> seat_sides(s.rules), deals_scored(s)
((0, 1, 0, 1), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.smear.rules import SmearRules
from jick.games.smear.state import SmearState


def seat_sides(rules: SmearRules) -> tuple[int, ...]:
    """The side of each seat: partners share a side."""
    return tuple(rules.side_of(seat) for seat in range(rules.num_players))


def deals_scored(state: SmearState) -> int:
    """How many hands of the match have been scored (misdeals do not count)."""
    return len(state.hand_results)


def deal_points(state: SmearState, index: int) -> tuple[float, ...]:
    """Each seat's points from scored hand ``index``: its side's score change."""
    deltas = state.hand_results[index].settlement.deltas
    return tuple(float(deltas[state.side_of(seat)]) for seat in range(state.num_players))


def deal_bid(state: SmearState, index: int) -> tuple[int, bool] | None:
    """(bidder seat, whether the bid or moon was made) of scored hand ``index``."""
    result = state.hand_results[index]
    return result.bidder, result.settlement.made


def match_overrides(rules: SmearRules) -> Mapping[str, Any]:
    """Options a full arena match needs to end by itself: none, Smear ends at the target."""
    return {}
