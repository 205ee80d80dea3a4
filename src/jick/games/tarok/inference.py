"""Reading the Tarok auction: how likely the other seats' calls are for the cards a sampled deal dealt them.

The search bot (:mod:`jick.bots.pimc`) samples whole deals that agree with
what its seat saw; the calls of the auction narrow them further. A seat that
bid solo holds a very strong hand (or, where a solo may be played for
consolation, a hopeless one), a threesome a good one, a pass neither. For
each sampled deal, :func:`world_weight` asks the heuristic bot (the model of
the other players) what each other seat would have called with the cards the
deal dealt it, and, for a solo whose bidder chose game or consolation, what
it would have chosen: every call the model would make keeps the weight, a
threesome where the model bids solo (or the reverse) costs
:data:`OTHER_BID_WEIGHT`, a pass where the model bids (or the reverse)
:data:`PASS_MISMATCH_WEIGHT`, the other contract :data:`CONTRACT_MISMATCH_WEIGHT`.
The search averages its rollouts with these weights.

>>> from jick.games.tarok import new_match
>>> from jick.games.tarok.bot import HeuristicBot
>>> s = new_match("tarok_3p", seed=4)
>>> bot = HeuristicBot()
>>> while s.phase == "auction":
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> obs = s.observation((s.bidder + 1) % 3)
>>> world_weight(obs, s)  # the real deal, heuristic callers: every call as the model makes it
1.0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok.bot import HeuristicBot, plays_game
from jick.games.tarok.cards import NUM_CARDS
from jick.games.tarok.sampling import deal_start
from jick.games.tarok.state import TarokState, deal_positions

#: Weight of a deal where the model would bid threesome for a solo, or solo for a threesome.
OTHER_BID_WEIGHT = 0.4
#: Weight of a deal where the model would pass where the seat bid, or bid where it passed.
PASS_MISMATCH_WEIGHT = 0.15
#: Weight of a deal where the model would choose game where the solo bidder chose consolation (or the reverse).
CONTRACT_MISMATCH_WEIGHT = 0.3

_MODEL = HeuristicBot()
_PASS = A.ACTIONS[A.PASS_ID]
_SOLO = A.ACTIONS[A.SOLO_ID]
_THREESOME = A.ACTIONS[A.THREESOME_ID]


def auction_calls(obs: Any) -> list[tuple[int, Action, tuple[Action, ...]]]:
    """The calls of ``obs.bids`` as (seat, call, the calls that seat could make).

    >>> from jick.games.tarok import new_match
    >>> s = new_match("tarok_3p", seed=4)
    >>> s.apply(A.ACTIONS[A.THREESOME_ID])
    >>> [(seat, str(call), [str(a) for a in legal]) for seat, call, legal in auction_calls(s.observation(0))]
    [(1, 'threesome', ['pass', 'threesome', 'solo'])]
    """
    calls: list[tuple[int, Action, tuple[Action, ...]]] = []
    bid_so_far = False
    for seat, action in obs.bids:
        legal = (_PASS, _SOLO) if bid_so_far else (_PASS, _THREESOME, _SOLO)
        calls.append((seat, action, legal))
        if action != _PASS:
            bid_so_far = True
    return calls


def dealt_hands(world: TarokState) -> dict[int, int]:
    """Each active seat's cards as dealt in the world's current deal (masks)."""
    deal = world.deals[-1]
    hands, _ = deal_positions(world.num_players, deal.dealer)
    return {seat: sum(1 << deal.deck[p] for p in positions) for seat, positions in hands.items()}


def call_weight(predicted: Action, actual: Action) -> float:
    """How much a deal counts when the model would call ``predicted`` where the seat called ``actual``.

    >>> call_weight(_SOLO, _SOLO), call_weight(_THREESOME, _SOLO), call_weight(_PASS, _THREESOME)
    (1.0, 0.4, 0.15)
    """
    if predicted == actual:
        return 1.0
    if _PASS in (predicted, actual):
        return PASS_MISMATCH_WEIGHT
    return OTHER_BID_WEIGHT


def world_weight(obs: Any, world: TarokState) -> float:
    """The product of the weights of every other seat's call (and a solo bidder's contract) in ``world``."""
    calls = [c for c in auction_calls(obs) if c[0] != obs.seat]
    contract = obs.bidder is not None and obs.bidder != obs.seat and obs.contract == "solo" and obs.game_type
    if not calls and not contract:
        return 1.0
    hands = dealt_hands(world)
    weight = 1.0
    for seat, action, legal in calls:
        weight *= call_weight(_MODEL.bid(obs, hands[seat], list(legal)), action)
    if contract:
        game = plays_game(obs.rules, "solo", hands[obs.bidder])
        if game != (obs.game_type == "game"):
            weight *= CONTRACT_MISMATCH_WEIGHT
    return weight


#: Weight of a deal in which the model would have played another card where a seat had a choice.
PLAY_MISMATCH_WEIGHT = 0.2


def play_weight(obs: Any, world: TarokState, policy: Callable[[TarokState, int], Action]) -> float:
    """How well ``world`` explains the other seats' card plays: :data:`PLAY_MISMATCH_WEIGHT` per play unexplained.

    The deal is replayed from its first action; wherever another seat played a
    card with a choice, ``policy`` (the model of the players, as the rollouts
    play) is asked which card it would have played with the cards the world
    gives that seat. Every card it would have played too keeps the weight.

    >>> from jick.games.tarok import new_match
    >>> from jick.games.tarok.bot import HeuristicBot, search_game
    >>> s = new_match("tarok_3p", seed=4)
    >>> bot = HeuristicBot()
    >>> while s.phase != "play" or len(s.observation(0).tricks) < 5:
    ...     s.apply(bot.choose(s.observation(s.current_player)))
    >>> play_weight(s.observation(s.current_player), s, search_game().policy)  # the real deal, heuristic players
    1.0
    """
    deal = world.deals[-1]
    replay = deal_start(obs, deal.deck)
    weight = 1.0
    me = obs.seat
    for seat, aid in deal.actions:
        if seat != me and A.PLAY_BASE <= aid < A.PLAY_BASE + NUM_CARDS:
            if len(replay.legal_action_ids()) > 1 and policy(replay, seat).id != aid:
                weight *= PLAY_MISMATCH_WEIGHT
        replay.apply_id(aid)
    return weight
