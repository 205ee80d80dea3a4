"""Defenders who combine to set the bidder at tables of more than two sides (five and six seats).

At five seats every player is for himself, at six (``smear_ten_point``)
there are three teams: the sides that did not win the bid must work together
to set the bidder. How much a defender does so depends on the match: most
when making this bid wins the bidder the match, less when he merely leads
it, not at all for a defender far ahead of everyone (its own points first).
The search weighs each point by who takes it
(:func:`~jick.games.smear.solver.defence_weights`); the heuristic plays the
defenders as one side only when the bidder would go out (``defence=True``,
off by default).

>>> from jick.games.smear import new_match
>>> s = new_match(players=5, seed=1)
>>> defence_coalition(s.observation(0))  # no bid yet
0
"""

from __future__ import annotations

from typing import Any

from jick.games.smear.scoring import match_winner

__all__ = [
    "AHEAD_SHARE",
    "COALITION_AHEAD",
    "COALITION_GOES_OUT",
    "COALITION_LEADER",
    "COALITION_USUAL",
    "DEFENCES",
    "HEURISTIC_COALITION",
    "defence_coalition",
    "defence_sides",
    "set_bonus",
]

#: The search's defences: each for its own points, combined when the bidder threatens the match, or always.
DEFENCES = ("off", "threat", "always")
#: How much defenders combine against the bidder (:func:`~jick.games.smear.solver.defence_weights`) when the
#: bidder could win the match with this bid, when he leads it, in other standings, and for a defender far ahead.
COALITION_GOES_OUT, COALITION_LEADER, COALITION_USUAL, COALITION_AHEAD = 3, 2, 1, 0
#: A defender leading every other side by this share of the target or more plays for its own points.
AHEAD_SHARE = 0.25
#: The least threat at which the heuristic (``defence=True``) plays the defenders as one side: it cannot
#: weigh a fellow defender's points between its own and the bidder's, and combining at a lesser threat
#: cost it points per deal and matches.
HEURISTIC_COALITION = COALITION_GOES_OUT


def defence_coalition(obs: Any, always: bool = False) -> int:
    """How much the seat, defending at a table of more than two sides, plays with the other defenders.

    0 for the bidder's side, at two sides, or for a defender far ahead of
    every other side (its own points first); otherwise more the greater the
    bidder's threat to the match: most when making this bid wins him the
    match (:func:`~jick.games.smear.scoring.match_winner`), then when he
    leads the match. When he does neither: :data:`COALITION_USUAL` with
    ``always``, else 0 (combining then was not shown to help in the arena).
    Reads only the public scores, bid and sides. With a called partner
    (``call_partner``) the sides of the hand are hidden: 0.
    """
    if obs.bidder is None or len(obs.scores) <= 2:
        return 0
    if getattr(obs, "called", None) is not None:  # a called partner: the hand's sides are not the table's
        return 0
    me, bidder = obs.sides[obs.seat], obs.sides[obs.bidder]
    if me == bidder:
        return 0
    scores = list(obs.scores)
    made = list(scores)
    made[bidder] += obs.bid or 0
    if match_winner(obs.rules, made, bidder, True) == bidder:
        return COALITION_GOES_OUT
    others = max(v for side, v in enumerate(scores) if side != me)
    if scores[me] - others >= AHEAD_SHARE * obs.rules.target_score:
        return COALITION_AHEAD
    if scores[bidder] > max(v for side, v in enumerate(scores) if side != bidder):
        return COALITION_LEADER
    return COALITION_USUAL if always else 0


def set_bonus(rules: Any, coalition: int) -> int:
    """What setting the bidder is worth to the defenders beyond his points: a match when he would go out.

    Twice the points of a hand, as the auction's play-outs count a match won or lost.

    >>> from jick.games.smear.presets import load_preset
    >>> set_bonus(load_preset("smear_ten_point", 5), COALITION_GOES_OUT), set_bonus(None, COALITION_LEADER)
    (20, 0)
    """
    return 2 * int(rules.max_points) if coalition >= COALITION_GOES_OUT else 0


def defence_sides(obs: Any, sides: tuple[int, ...]) -> tuple[int, ...]:
    """``sides`` with every defender on the seat's side when the bidder goes out by making his bid.

    The threat is :func:`defence_coalition` at :data:`HEURISTIC_COALITION` or more.

    >>> from types import SimpleNamespace
    >>> from jick.games.smear.presets import load_preset
    >>> obs = SimpleNamespace(seat=3, bidder=1, bid=3, rules=load_preset("smear_ten_point", 5),
    ...                       scores=(4, 19, 2, 5, 0), sides=(0, 1, 2, 3, 4))
    >>> defence_sides(obs, obs.sides)  # the bidder goes out if he makes it
    (3, 1, 3, 3, 3)
    >>> obs.scores = (4, 12, 2, 5, 0)  # he only leads the match: each defends for itself
    >>> defence_sides(obs, obs.sides)
    (0, 1, 2, 3, 4)
    """
    if obs.bidder is None or defence_coalition(obs) < HEURISTIC_COALITION:
        return sides
    bidder, me = sides[obs.bidder], sides[obs.seat]
    return tuple(bidder if side == bidder else me for side in sides)
