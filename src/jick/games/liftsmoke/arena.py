"""What the arena needs to know about Lift Smoke (see :mod:`jick.arena.hooks`).

A "deal" is one game (one pot); a seat's points are its chip change (the pot
won less the ante). There is no bidding.

>>> from jick.games.liftsmoke import new_match
>>> s = new_match("lift_smoke", seed=1)
>>> seat_sides(s.rules), deals_scored(s), match_overrides(s.rules)
((0, 1, 2, 3), 0, {'games_per_session': 5})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.liftsmoke.rules import LiftSmokeRules
from jick.games.liftsmoke.state import LiftSmokeState
from jick.games.liftsmoke.view import UNATTENDED_GAMES


def seat_sides(rules: LiftSmokeRules) -> tuple[int, ...]:
    """Every seat plays for itself."""
    return tuple(range(rules.num_players))


def deals_scored(state: LiftSmokeState) -> int:
    """How many games of the session are finished."""
    return len(state.game_results)


def deal_points(state: LiftSmokeState, index: int) -> tuple[float, ...]:
    """Each seat's chip change over game ``index`` (antes paid, pot won)."""
    results = state.game_results
    start = state.rules.bankroll or 0
    before = results[index - 1].scores if index > 0 else (start,) * state.num_players
    return tuple(float(after - was) for after, was in zip(results[index].scores, before, strict=True))


def deal_bid(state: LiftSmokeState, index: int) -> tuple[int, bool] | None:
    """Lift Smoke has no bidding."""
    return None


def match_overrides(rules: LiftSmokeRules) -> Mapping[str, Any]:
    """A session with no set length gets the length an unattended ``jick play`` uses."""
    if rules.games_per_session is None:
        return {"games_per_session": UNATTENDED_GAMES}
    return {}
