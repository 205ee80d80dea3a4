"""What the arena needs to know about Tarok (see :mod:`jick.arena.hooks`).

A deal's points for a seat are its score change (in four-handed Tarok the
dealer, who sits out, shares the opponents' change).

>>> from jick.games.tarok import new_match
>>> s = new_match("tarok_4p", seed=1)
>>> seat_sides(s.rules), deals_scored(s)
((0, 1, 2, 3), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.tarok.rules import TarokRules
from jick.games.tarok.state import TarokState


def seat_sides(rules: TarokRules) -> tuple[int, ...]:
    """Every seat plays for itself."""
    return tuple(range(rules.num_players))


def deals_scored(state: TarokState) -> int:
    """How many deals of the match have been scored (all-pass deals count)."""
    return len(state.deal_results)


def deal_points(state: TarokState, index: int) -> tuple[float, ...]:
    """Each seat's score change from deal ``index``."""
    return tuple(float(change) for change in state.deal_results[index].changes)


def deal_bid(state: TarokState, index: int) -> tuple[int, bool] | None:
    """(bidder seat, whether the contract was made) of deal ``index``; None when all passed."""
    result = state.deal_results[index]
    if result.bidder is None:
        return None
    return result.bidder, bool(result.made)


def match_overrides(rules: TarokRules) -> Mapping[str, Any]:
    """Options a full arena match needs to end by itself: none, a match is ``deals_per_match`` deals."""
    return {}
