"""The Smear auction by test-time search: every call valued on sampled deals, to the score.

For a seat to bid, :func:`explain_bids` samples deals consistent with the
auction so far (:func:`~jick.games.smear.sampling.sample_weighted_world`,
each weighted by how likely the heuristic bot makes the calls the other
seats made) and values each candidate call (pass, every legal bid up to two
above the heuristic's, and its moon or smudge) on every deal: the rest of the auction by
heuristic bots, then, if this seat's side wins it, its trump and discards by
its own heuristic, and the play by heuristic bots, each seeing only its
cards. The value of a call is the change of the side's lead over the others
(:func:`~jick.games.smear.search.hand_value`), and the match is counted: a
hand that ends the match (by the rules of ``match_winner``: the bidder going
out first, a bust, a set below the target) is worth a bonus won or lost, so
near the target a set costs more, or less, than its points.

Calls that end the auction in the same contract on a deal (a pass and a low
bid both outbid to the same amount by the same seat) lead to the same hand:
it is played once, which leaves time for more deals. The heuristic's call
stands unless another beats it deal by deal by :data:`MARGIN` standard errors.

>>> from jick.games.smear import new_match
>>> from jick.games.smear.search import SearchBot
>>> s = new_match(seed=4)
>>> why = SearchBot(seed=1, level="easy", bid_search=True).explain(s.observation(s.current_player))
>>> why.choice in s.legal_actions(), why.details["worlds"] >= 2 or why.details["deadline_hit"]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jick.bots import Explanation
from jick.bots.budget import Deadline
from jick.bots.margin import clearly_better
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.sampling import sample_weighted_world
from jick.games.smear.state import SmearState

#: Standard errors by which another call must beat the heuristic's, deal by deal, to replace it.
MARGIN = 1.0
#: How far above the heuristic's bid (or the lowest bid, when it passes) the calls valued go.
ABOVE = 2
#: The auction phases: a call, or a misdeal offer on the way.
AUCTION_PHASES = ("bidding", "misdeal_offer")


def bid_candidates(obs: Any, suggestion: Action) -> list[Action]:
    """Pass, the legal bids up to :data:`ABOVE` over the heuristic's (or the lowest), and its moon or smudge."""
    legal = list(obs.legal_actions)
    bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
    top = (suggestion.amount if isinstance(suggestion, A.Bid) else bids[0].amount if bids else 0) + ABOVE
    calls = [a for a in legal if a.id == A.PASS_ID] + [b for b in bids if b.amount <= top]
    if suggestion in legal and suggestion not in calls:
        calls.append(suggestion)
    return calls or legal


def finish_auction(state: SmearState, bots: list[Any]) -> None:
    """Let ``bots`` call the rest of the auction of ``state`` (in place)."""
    deals = len(state.deals)
    while not state.is_terminal and state.phase in AUCTION_PHASES and len(state.deals) == deals:
        who = state.current_player
        if who < 0:
            break
        forced = state.forced_action()
        state.apply(forced if forced is not None else bots[who].choose(state.observation(who)))


def contract(state: SmearState) -> tuple[Any, ...]:
    """What decides the hand once the auction is over: the deal, the bidder and the bid (moon, smudge)."""
    return (len(state.deals), len(state.hand_results), state.phase, state.bidder, state.bid, state.moon, state.smudge)


def finish_hand(state: SmearState, seat: int, bots: list[Any], start: int, deals: int) -> float:
    """Let ``bots`` play the hand of ``state`` out; the value for ``seat``'s side (with the match bonus)."""
    from jick.games.smear.search import hand_value

    while not state.is_terminal and len(state.hand_results) == start and len(state.deals) <= deals + 1:
        who = state.current_player
        if who < 0:
            break
        forced = state.forced_action()
        state.apply(forced if forced is not None else bots[who].choose(state.observation(who)))
    return hand_value(state, state.side_of(seat), start)


def call_values(
    world: SmearState, seat: int, calls: list[Action], bots: list[Any], deadline: Deadline | None = None
) -> list[float] | None:
    """The value of each call on one sampled deal; calls that end in the same contract share one play-out.

    None when ``deadline`` expires before every call is valued: a deal valued in part is dropped.
    """
    start = len(world.hand_results)
    deals = len(world.deals)
    played: dict[tuple[Any, ...], float] = {}
    values = []
    for call in calls:
        if deadline is not None and deadline.expired():
            return None
        state = world.clone()
        state.apply(call)
        finish_auction(state, bots)
        key = contract(state)
        if key not in played:
            played[key] = finish_hand(state, seat, bots, start, deals)
        values.append(played[key])
    return values


@dataclass(frozen=True)
class CallSearch:
    """What the search of one call needs from its bot.

    ``rng``: the decision's generator; ``bidder``: the heuristic whose call
    stands within the noise; ``model``: the heuristic that reads the other
    seats' calls; ``player(world, seat)``: the heuristic playing ``seat`` on
    the ``world``-th deal; ``deals``: the most deals sampled; ``seconds``: the
    deadline; ``margin``: the standard errors another call must win by;
    ``split``: choose the best call on the even-numbered deals and test it
    against the heuristic's on the odd-numbered ones only, so that the test
    is not biased by the choice (:func:`split_choice`).
    """

    rng: random.Random
    bidder: Any
    model: Any
    player: Callable[[int, int], Any]
    deals: int
    seconds: float | None = None
    margin: float = MARGIN
    split: bool = False


def split_choice(
    calls: list[Action], outcomes: list[list[float]], weights: list[float], suggestion: Action, margin: float
) -> Action:
    """The best call on the even-numbered deals if it beats ``suggestion`` on the odd-numbered ones, else that.

    Picking the best of several calls and testing it on the same deals
    favours whichever call those deals happened to flatter; a call chosen on
    one half of the deals and tested on the other half is tested fairly.

    >>> split_choice(["pass", "4"], [[0, 0, 0, 0, 0, 0], [1, 3, 1, 2, 1, 3]], [1.0] * 6, "pass", 1.0)
    '4'
    >>> split_choice(["pass", "4"], [[0, 0, 0, 0, 0, 0], [3, -1, 3, 1, 3, -2]], [1.0] * 6, "pass", 1.0)
    'pass'
    """
    from jick.games.smear.search import _weighted_mean

    if suggestion not in calls:
        return suggestion
    chosen_on = range(0, len(weights), 2)
    tested_on = range(1, len(weights), 2)
    w_choose = [weights[i] for i in chosen_on]

    def chosen_value(call: Action) -> tuple[float, bool]:  # a tie goes to the heuristic's call
        return _weighted_mean([outcomes[calls.index(call)][i] for i in chosen_on], w_choose), call == suggestion

    best = max(calls, key=chosen_value)
    if best == suggestion:
        return suggestion
    mine, theirs = outcomes[calls.index(suggestion)], outcomes[calls.index(best)]
    gains = [theirs[i] - mine[i] for i in tested_on]
    return best if clearly_better(gains, [weights[i] for i in tested_on], margin) else suggestion


def explain_bids(obs: Any, search: CallSearch) -> Explanation:
    """Every candidate call valued on weighted sampled deals; the best, or the heuristic's within the noise."""
    from jick.games.smear.search import _ranked, _weighted_mean

    suggestion = search.bidder.choose(obs)
    calls = bid_candidates(obs, suggestion)
    if len(calls) == 1:
        return Explanation(calls[0], ((calls[0], 0.0),), "only one sensible call")
    n = len(obs.sides)
    deadline = Deadline(search.seconds)
    weights: list[float] = []
    outcomes: list[list[float]] = [[] for _ in calls]
    for i in range(max(2, search.deals)):
        if deadline.expired():
            break
        world, weight = sample_weighted_world(obs, search.rng, search.model)
        bots = [search.player(i, s) for s in range(n)]
        valued = call_values(world, obs.seat, calls, bots, deadline)
        if valued is None:
            break
        for values, value in zip(outcomes, valued, strict=True):
            values.append(value)
        weights.append(weight)
    if len(weights) < 2:  # the deadline came first: the heuristic's call, never a late answer
        return Explanation(
            suggestion, ((suggestion, 0.0),), "the heuristic's call: the deadline came before two sampled deals",
            {"worlds": len(weights), "deadline_hit": True},
        )  # fmt: skip
    means = {call: _weighted_mean(values, weights) for call, values in zip(calls, outcomes, strict=True)}
    method = f"each call valued on {len(weights)} sampled deals, the auction and play finished by heuristic players"
    explanation = _ranked(obs, means, method)
    explanation.details.update(worlds=len(weights), deadline_hit=deadline.hit)
    if search.split:
        choice = split_choice(calls, outcomes, weights, suggestion, search.margin)
        note = ", the best on half the deals tested against the heuristic's on the other half"
        return Explanation(choice, explanation.values, method + note, explanation.details)
    best = explanation.choice
    if best != suggestion and suggestion in calls:
        mine = outcomes[calls.index(suggestion)]
        gains = [b - s for b, s in zip(outcomes[calls.index(best)], mine, strict=True)]
        if not clearly_better(gains, weights, search.margin):
            return Explanation(suggestion, explanation.values, method + ", heuristic call kept within the noise",
                               explanation.details)  # fmt: skip
    return explanation
