"""Reading the auction in the play: how likely the other seats' calls are for the cards a sampled deal gives them.

By the time the cards are played, the auction is history: the bidder showed
a strong suit, a seat that passed showed none. The search bot samples the
hidden hands (:func:`~jick.games.smear.sampling.sample_hands`) and weights
each sample by how likely a model of the other seats (the heuristic bot)
makes the calls they made with the cards the sample gives them, then draws
the deals it solves in proportion to those weights (sampling importance
resampling). Every call the model would have made keeps the weight; another
amount costs :data:`OTHER_BID_WEIGHT` per step of difference, a pass where
the model bids (or the reverse) :data:`PASS_MISMATCH_WEIGHT`, and another
trump suit than the model's :data:`TRUMP_MISMATCH_WEIGHT`. The weights are
soft on purpose: the model is not the player, and the hand a seat held at
the auction is only estimated (the cards it holds now and has played; cards
laid away face down or drawn after the auction are not known).

>>> from jick.games.smear import new_match
>>> from jick.games.smear.bot import HeuristicBot
>>> s = new_match("smear_ten_point", seed=4)
>>> bot = HeuristicBot()
>>> while s.phase != "play":
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> obs = s.observation(s.current_player)
>>> reader = AuctionReader(obs, bot)
>>> hands = [s.hand_mask(seat) for seat in range(4)]
>>> 0.0 < reader.weight(hands) <= 1.0
True
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from jick.cards import mask_cards
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.knowledge import Knowledge
from jick.games.smear.rule_core import legal_plays
from jick.games.smear.rules import AllPass, FirstLead, FollowRule

#: Weight of a sampled deal per step between the amount the model would bid and the amount bid.
OTHER_BID_WEIGHT = 0.3
#: Weight when the model would pass where the seat bid, or bid where it passed.
PASS_MISMATCH_WEIGHT = 0.08
#: Weight when the model would name another trump suit than the bidder did.
TRUMP_MISMATCH_WEIGHT = 0.15


@dataclasses.dataclass(frozen=True)
class Call:
    """One call of the auction (or the trump named): who made it, what it was, the choices, who was high bidder."""

    seat: int
    action: Action
    legal: tuple[Action, ...]
    high_bidder: int | None
    phase: str = "bidding"


def auction_calls(obs: Any) -> list[Call]:
    """The calls of ``obs.bids`` (passes, bids, moons) with the choices each caller had.

    >>> from jick.games.smear import new_match
    >>> s = new_match("smear_ten_point", seed=4)
    >>> s.apply(s.legal_actions()[0])
    >>> [str(a) for a in auction_calls(s.observation(0))[0].legal][:3]
    ['pass', '2', '3']
    """
    rules = obs.rules
    forced_dealer = rules.all_pass is AllPass.DEALER_FORCED_MIN
    high = 0
    high_bidder: int | None = None
    calls = []
    for seat, action in obs.bids:
        if not isinstance(action, (A.Pass, A.Bid, A.Moon, A.Smudge)):
            continue  # misdeal offers and the like: not part of the bidding
        legal: list[Action] = []
        if not (forced_dealer and seat == obs.dealer and high_bidder is None):
            legal.append(A.ACTIONS[A.PASS_ID])
        if rules.moon_enabled:
            legal.append(A.ACTIONS[A.MOON_ID])
        legal.extend(A.ACTIONS[A.BID_BASE + b] for b in range(max(rules.min_bid, high + 1), rules.max_bid + 1))
        calls.append(Call(seat, action, tuple(legal), high_bidder))
        if isinstance(action, A.Bid):
            high, high_bidder = action.amount, seat
        elif isinstance(action, A.Moon | A.Smudge):
            high_bidder = seat
    return calls


def call_weight(predicted: Action, actual: Action) -> float:
    """How much a deal counts when the model would call ``predicted`` where the seat called ``actual``.

    >>> call_weight(A.Bid(3), A.Bid(3)), call_weight(A.Bid(2), A.Bid(4)), call_weight(A.Pass(), A.Bid(2))
    (1.0, 0.09, 0.08)
    >>> call_weight(A.NameTrump(1), A.NameTrump(2))
    0.15
    """
    if predicted == actual:
        return 1.0
    if isinstance(actual, A.NameTrump):
        return TRUMP_MISMATCH_WEIGHT
    if isinstance(predicted, A.Bid) and isinstance(actual, A.Bid):
        return float(OTHER_BID_WEIGHT ** abs(predicted.amount - actual.amount))
    return PASS_MISMATCH_WEIGHT


class AuctionReader:
    """Weights sampled deals of a play-phase observation by how well they explain the other seats' calls.

    ``model`` is a bot with the heuristic's ``choose`` (it is asked for the
    call each seat would have made with the sampled cards). The seat's own
    calls tell nothing about the others and are skipped.
    """

    def __init__(self, obs: Any, model: Any, k: Knowledge | None = None) -> None:
        self.model = model
        self.calls = [c for c in auction_calls(obs) if c.seat != obs.seat]
        bidder = obs.bidder
        if bidder is not None and bidder != obs.seat and obs.trump is not None and not obs.moon:
            trumps = tuple(A.ACTIONS[A.TRUMP_BASE + s] for s in range(4))
            self.calls.append(Call(bidder, A.ACTIONS[A.TRUMP_BASE + obs.trump], trumps, bidder, "trump"))
        self.played = k.played if k is not None else None
        self.base = dataclasses.replace(
            obs, kitty=(), trump=None, bid=None, moon=False, tricks=(), witnessed=(), trick=()
        )
        self._cache: dict[tuple[int, int], float] = {}

    @property
    def informative(self) -> bool:
        """True when another seat called or named trump (otherwise every weight is 1)."""
        return bool(self.calls)

    def held(self, hands: list[int], seat: int) -> int:
        """The cards ``seat`` is taken to have held at the auction: its sampled hand and what it has played."""
        mask = hands[seat]
        if self.played is not None:
            mask |= self.played[seat]
        return mask

    def weight(self, hands: list[int]) -> float:
        """The product of the call weights of every other seat's call, for the deal ``hands`` (masks per seat)."""
        weight = 1.0
        for i, call in enumerate(self.calls):
            weight *= self._call(i, call, self.held(hands, call.seat))
        return weight

    def _call(self, i: int, call: Call, held: int) -> float:
        """The weight of call ``i`` when its caller held ``held``: the model asked as at that moment."""
        key = (i, held)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        fake = self.base.with_fields(
            phase=call.phase,
            seat=call.seat,
            current_player=call.seat,
            hand=mask_cards(held),
            bidder=call.high_bidder,
            legal_actions=call.legal,
        )
        value = call_weight(self.model.choose(fake), call.action)
        self._cache[key] = value
        return value


def resample(pool: list[list[int]], weights: list[float], count: int, rng: random.Random) -> list[list[int]]:
    """``count`` deals drawn from ``pool`` in proportion to ``weights`` (systematic resampling).

    >>> resample([[1], [2], [3]], [0.0, 1.0, 3.0], 4, random.Random(0))
    [[2], [3], [3], [3]]
    """
    total = sum(weights)
    if total <= 0:
        return pool[:count]
    step = total / count
    point = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    for _ in range(count):
        while i < len(pool) - 1 and acc + weights[i] <= point:
            acc += weights[i]
            i += 1
        out.append(pool[i])
        point += step
    return out


#: Softness of the play model: a card the model values ``PLAY_TEMPERATURE`` points below another is
#: ``e`` times less likely to be played (a softmax over the heuristic's card values).
PLAY_TEMPERATURE = 0.3
#: The share of plays taken as made at random, whatever the model says (players are not the model).
PLAY_NOISE = 0.5
#: The chance given to a card played against the rule to follow suit (``renege_mode = "penalize"``).
RENEGE_CHANCE = 0.01


def proper_plays(rules: Any, table: Any, hand: int, led_card: int | None, first_trick: bool) -> int:
    """The cards of ``hand`` (a mask) a seat may play without reneging, ``led_card`` led (None: it leads).

    The rule is :func:`~jick.games.smear.rule_core.legal_plays`, with the switches of ``rules``.

    >>> from jick.cards import card_mask
    >>> from jick.games.smear.presets import load_preset
    >>> from jick.games.smear.tables import trump_table, format_mask
    >>> rules = load_preset("smear_ten_point")
    >>> table = trump_table(rules, 0)  # spades trump
    >>> hand = card_mask(["AS", "KH", "2D"])
    >>> five_of_hearts = card_mask(["5H"]).bit_length() - 1
    >>> format_mask(proper_plays(rules, table, hand, five_of_hearts, first_trick=False))  # follow or trump
    'AS KH'
    >>> format_mask(proper_plays(rules, table, hand, None, first_trick=True))  # the first lead is a trump
    'AS'
    """
    return legal_plays(
        hand, -1 if led_card is None else led_card, first_trick, table.trumps, table.eff_suit, table.suit_masks,
        rules.trump_only_play, rules.first_lead is FirstLead.TRUMP, rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP,
    )  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Play:
    """One card another seat played in a trick the reading seat saw, with the table as it was then."""

    seat: int
    card: int
    #: The trick's number in the hand (0: the first trick).
    trick_number: int
    #: The cards played to that trick before this one.
    before: tuple[tuple[int, Any], ...]
    #: Cards the seat played from this card on (this card included): in its hand at the time.
    later: int
    #: Every seat's hand size at the time.
    hand_sizes: tuple[int, ...]
    #: Tricks each seat had won by then.
    tricks_won: tuple[int, ...]


class PlayReader:
    """Weights sampled deals of a play-phase observation by how well they explain the other seats' plays.

    Each card another seat played (with a choice: a lone legal card tells
    nothing) is scored by ``model.play_values`` (the heuristic's value of
    every card it could have played, given the hand the sample gives it then
    and the table as it was), and the sample counts the chance of that card
    under a softmax of those values with temperature :data:`PLAY_TEMPERATURE`,
    mixed with an even chance over the choices (:data:`PLAY_NOISE`).
    ``limit`` keeps only the most recent plays (they cost a model call each).
    The search bot reads plays only with ``read_plays=True`` (the
    ``search_plays`` bot): measured in the arena, it did not help.
    """

    def __init__(self, obs: Any, model: Any, k: Knowledge, limit: int = 12) -> None:
        self.model = model
        self.obs = obs
        self.k = k
        table = k.table
        self.table = table
        n = len(obs.hand_sizes)
        tricks = [t.plays for t in obs.witnessed] + ([obs.trick] if obs.trick else [])
        first_shown = k.tricks_done - len(obs.witnessed)
        later = [0] * n
        sizes = list(obs.hand_sizes)
        won = list(obs.tricks_won)
        plays: list[Play] = []
        # walk back from the latest card: what a seat played from then on was in its hand then
        for i in range(len(tricks) - 1, -1, -1):
            if i < len(obs.witnessed):
                won[obs.witnessed[i].winner] -= 1
            trick = tricks[i]
            for j in range(len(trick) - 1, -1, -1):
                seat, card = trick[j]
                later[seat] |= 1 << card.index
                sizes[seat] += 1
                if seat != obs.seat and first_shown + i >= 0:
                    plays.append(Play(seat, card.index, first_shown + i, tuple(trick[:j]), later[seat], tuple(sizes),
                                      tuple(won)))  # fmt: skip
        self.plays = plays[:limit] if table is not None else []
        self.base = dataclasses.replace(obs, phase="play", kitty=(), own_discards=(), legal_actions=())
        self._cache: dict[tuple[int, int], float] = {}

    @property
    def informative(self) -> bool:
        """True when another seat has played a card this seat saw."""
        return bool(self.plays)

    def weight(self, hands: list[int]) -> float:
        """The product of the chances of every other seat's play, for the deal ``hands`` (masks per seat)."""
        weight = 1.0
        for i, play in enumerate(self.plays):
            weight *= self._chance(i, play, hands[play.seat] | play.later)
        return weight

    def situation(self, play: Play, held: int) -> Any:
        """The observation ``play.seat`` had when it played ``play.card`` holding ``held`` (as far as it matters).

        Its own face-down discards and the kitty it may have taken are not
        known to the reading seat and are left out.
        """
        obs = self.obs
        led = play.before[0][1].index if play.before else None
        legal = proper_plays(obs.rules, self.table, held, led, play.trick_number == 0)
        tricks = obs.witnessed[: play.trick_number - (self.k.tricks_done - len(obs.witnessed))]
        return self.base.with_fields(
            seat=play.seat,
            current_player=play.seat,
            hand=mask_cards(held),
            trick=play.before,
            trick_leader=play.before[0][0] if play.before else play.seat,
            tricks=tricks,
            witnessed=tricks,
            hand_sizes=play.hand_sizes,
            tricks_won=play.tricks_won,
            legal_actions=tuple(A.ACTIONS[A.PLAY_BASE + c.index] for c in mask_cards(legal)),
        )

    def _chance(self, i: int, play: Play, held: int) -> float:
        """The model's chance that ``play.seat`` plays ``play.card`` holding ``held`` (1 with no choice)."""
        key = (i, held)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        then = self.situation(play, held)
        value = 1.0
        if len(then.legal_actions) > 1:
            values = self.model.play_values(then)
            top = max(values.values())
            total = sum(math.exp((v - top) / PLAY_TEMPERATURE) for v in values.values())
            if play.card in values:
                model = math.exp((values[play.card] - top) / PLAY_TEMPERATURE) / total
                value = PLAY_NOISE / len(values) + (1.0 - PLAY_NOISE) * model
            else:  # a renege (where the rules only penalize one): rare, whatever the hand
                value = RENEGE_CHANCE
        self._cache[key] = value
        return value
