"""A heuristic Smear bot: card counting, partner play and rule-aware bidding.

:class:`HeuristicBot` sees only its observation. Every decision reads the
rules in force (the points defined and their values, the Low rule, the Jick,
the jokers, the discard mode, the follow rule, the auction limits, the match
target and the bust-out score) and what the seat can count with
:func:`jick.games.smear.knowledge.knowledge`: the cards seen played, the
voids shown and the pool of unseen cards. It keeps no memory between calls,
uses no randomness (the seed is accepted for the bot registry and ignored),
and takes well under a millisecond per decision.

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=4)
>>> bot = HeuristicBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> s.winner in (0, 1)
True

Where the cards are
    An unseen card is in another seat's hand with a chance that depends on
    its class: face-down discards are plain cards (a discarded trump is
    shown, and players keep trumps), the undealt stock is a random part of
    the deck; a seat that showed a void holds none of that suit, and a seat
    that dropped out of a trump-only hand holds no trump.

How it plays a card
    Each legal card gets a value in points for the seat's side against the
    others (a point to one of several other sides counts as a share):

    * the chance that the side takes the trick after this card (each later
      seat beats it if it may hold a higher card it is allowed to play)
      times what lies in the trick, with the Low card valued by its chance
      of ending as the lowest trump played when Low goes to its captor;
    * less what the card is worth kept: a card that can still win a trick of
      its own is worth a future trick (the opponents' points spread over the
      tricks left), and a point card is worth its chance of being saved
      later, by winning or by a smear onto a partner's trick;
    * when leading, what the later seats add: a partner smears his best
      card onto a trick we take, an opponent onto a trick his side takes,
      and an opponent who must follow gives up his cheapest card of the
      suit. After a refill every hand is long in trumps and the top trumps
      are worth more kept for the last tricks, where the opponents must play
      their point trumps, so there the smears are left out;
    * leading a master trump is worth more while our lower point trumps are
      exposed (it draws the opponents' trumps), and a sure winner is cashed
      once no opponent can hold a trump.

    From that follow the Smear habits the tests check: smear the Jack, Jick,
    jokers, Trey and Game 10s onto a trick the partner is sure to take, do
    not overtake a partner's master, throw nothing of value to an opponent's
    trick, keep the Low card out of the opponents' captures (and play the
    deuce freely when Low scores on play), keep the Jack from higher trumps
    still out, lead the master trump, cash aces when nobody can trump.

How it discards
    Trumps first (by rank and by the points they carry), then aces, 10s
    (more with their ace) and kings. In refill mode a plain card goes only if
    an average unseen card is worth more; a bury takes the lowest trumps.

How it bids
    :func:`estimate` adds up, for a trump suit, the expected value of every
    point the rules define: held cards by their chance of being captured
    (the higher trumps still out, the length of the suit), cards the partner
    may hold, the kitty, the refill and a robbed pack (from the share of the
    unseen cards each seat will see, which depends on the seat's position),
    Low and the Game point from length and high cards. Where the learned
    bidding model (:mod:`jick.games.smear.bidding_model`) covers the rule
    family, the points the side makes with each suit come from a linear fit
    on that estimate and a few more features of the hand (the trumps and
    point cards held, the run of top trumps, plain aces and short suits), and
    trump is the suit that fit values most; elsewhere (and in the
    ``heuristic_v1`` bot, ``bidding_model=False``) the best suit's raw
    estimate is mapped to the points made by the fit of its rule family
    (:data:`CALIBRATION`) and trump is the suit with the best estimate. The
    chance of making a bid comes from a normal spread around those points.
    The bot passes unless its own cards alone are worth something
    (:data:`OWN_MIN`, so it does not bid on its partner's hand),
    bids the lowest amount whose chance clears :data:`BID_THRESHOLD`, and
    jumps to what it makes with :data:`JUMP_THRESHOLD` while an opponent may
    still outbid. Over a partner's bid it needs :data:`OVERCALL_THRESHOLD`.
    With another side close to the target the bars drop
    (:data:`PRESSURE_EASING`); where a set would bust the side, they rise and
    there are no jumps. The stuck dealer bids the minimum (nobody is left to
    outbid), and the moon is bid only with every point card of a suit and
    its six top trumps in hand; a smudge with the six top trumps (a sure
    sweep). A misdeal is called, where the rules allow it, on a hand of 3s to
    9s without a suit of five.

Calibration and tuning
    ``benchmarks/bench_heuristic.py --calibrate`` deals 1,000 hands per preset
    (600 for 3, 5 and 6 players), makes each seat in turn the bidder at the
    minimum (the others pass), lets HeuristicBot play every seat and fits
    ``made ~ a + offset[position from the dealer] + b * estimate`` by least
    squares; ``sigma`` is the spread of the residuals. The estimate explains
    about as much of the points made as a linear fit on the hand's cards
    (r2 0.08 to 0.43 by preset: much of a hand's result lies in the other
    hands, the kitty and the stock). Families without a fit use the 10-point
    fit scaled to their points. ``benchmarks/train_bidding.py`` trains the
    learned model from the same kind of hands (see its docstring and
    docs/bots.md, "The bidding model"). The other constants were set by duplicate
    deals (the same benchmark): against GreedyBot, and one setting against
    another head to head.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from jick.bots.turn import only_action
from jick.cards import ACE, CARDS, KING, QUEEN, TEN, THREE, TWO, Card, bit_list, index_mask
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.defence import defence_sides
from jick.games.smear.knowledge import Knowledge, knowledge
from jick.games.smear.rules import (
    AllPass,
    AuctionLaps,
    DiscardMode,
    FollowRule,
    HighCard,
    LowAward,
    LowCard,
    SmearRules,
)
from jick.games.smear.tables import (
    TRUMP,
    TrumpTable,
    captured_point_cards,
    deck_cards,
    game_points,
    trick_winner,
    trump_table,
)

if TYPE_CHECKING:
    from jick.games.smear.bidding_model import FamilyModel, Fit

#: Where the learned model's features hold the estimate of the seat's own cards alone (see
#: :data:`jick.games.smear.bidding_model.FEATURES`; a test checks it).
OWN_ESTIMATE = 1

__all__ = [
    "CALIBRATION",
    "Calibration",
    "HeuristicBot",
    "calibration",
    "estimate",
    "family",
    "make_chance",
    "trump_info",
]

# ---------------------------------------------------------------------- the play
#: How much likelier an unseen trump is in the bidder's hand than in another's (he chose the suit).
BIDDER_TRUMPS = 2.0
#: Most values :func:`estimate` keeps (about 20 MB) before it starts again.
ESTIMATES_KEPT = 100_000
#: Game-point value of one game pip (A 4, K 3, Q 2, J 1, 10 10), per point the Game is worth.
PIP_RATE = 0.04
#: Chance per trick still to come that a trump kept now can be smeared onto a partner's trick.
SMEAR_CHANCE = 0.45
#: The same for a card of a plain suit (it must wait for a void or for its own suit to be led).
SMEAR_PLAIN = 0.1
#: Weight of a future trick's stake in the value of a card that can win one.
KEEP_WEIGHT = 1.2
#: Share of the seat's own point cards in the stake of a future trick.
OWN_STAKE = 1.0
#: Value of pulling the opponents' trumps with a master trump, per exposed point of ours below it.
DRAW_WEIGHT = 0.25
#: Share of a later seat's best card it is expected to smear onto a trick its side takes.
SMEAR_OFFER = 0.5
#: Share of its cheapest card of the led suit an opponent must give up when following.
FORCED_OFFER = 1.0
#: Count the later seats' smears (not the forced cards) in refill mode.
SMEARS_IN_REFILL = False
#: Bonus for leading a sure winner once no opponent can hold a trump.
CASH_BONUS = 0.1

# ---------------------------------------------------------------------- the auction
#: Least estimate from the seat's own cards (per 10 points of the rules) for any bid but the stuck dealer's.
OWN_MIN = 2.7
#: Chance of making a bid the bot wants before bidding it. Tuned in the arena (docs/bots.md): 0.55 beat
#: the earlier 0.7 (kept by the ``heuristic_v2`` and ``search_v3`` bots) on every preset tried.
BID_THRESHOLD = 0.55
#: The bar (before the 0.2 added for the risk) for a bid whose set would bust the side and end the match: the
#: arena tuning of :data:`BID_THRESHOLD` had no bust-out presets, so these bids keep the cautious bar of before.
BUST_BAR = 0.7
#: Chance of making a higher bid that makes the bot jump to it while an opponent is still to bid.
JUMP_THRESHOLD = 0.8
#: Chance of making a bid the bot wants before bidding over its partner.
OVERCALL_THRESHOLD = 0.85
#: How much the bars above drop while another side is close to the target.
PRESSURE_EASING = 0.15


@dataclass(frozen=True)
class Calibration:
    """``points made ~ a + offsets[position] + b * estimate``, residual standard deviation ``sigma``.

    ``position`` is the seat's distance clockwise from the dealer (0 = the dealer).
    """

    a: float
    b: float
    sigma: float
    offsets: tuple[float, ...] = ()

    def mean(self, raw: float, position: int) -> float:
        offset = self.offsets[position] if position < len(self.offsets) else 0.0
        return self.a + offset + self.b * raw


def family(rules: SmearRules) -> tuple[int, str, int, int]:
    """The key of a calibration: kitty size, discard mode, players, points per hand."""
    return (rules.kitty_size, rules.discard_mode.value, rules.num_players, rules.max_points)


#: Fits per rule family (see :func:`family` and the module docstring), from
#: ``benchmarks/bench_heuristic.py --calibrate``; the comments name the preset.
CALIBRATION: dict[tuple[int, str, int, int], Calibration] = {
    # smear_ten_point (4 players; also smear_double_joker)
    (0, "free_to_six", 4, 10): Calibration(-1.092, 1.622, 2.324, (0.032, -0.044, -0.1, 0.112)),
    (0, "free_to_six", 3, 10): Calibration(-0.515, 1.194, 1.457, (-0.088, 0.05, 0.038)),
    (0, "free_to_six", 5, 10): Calibration(-1.399, 1.399, 1.667, (0.02, 0.02, -0.015, -0.07, 0.045)),
    (0, "free_to_six", 6, 10): Calibration(-2.683, 2.031, 2.483, (0.102, 0.123, -0.03, -0.005, -0.11, -0.081)),
    # smear_mn_original, smear_mn_three_handed, smear_mn_basic4
    (4, "refill", 4, 7): Calibration(0.781, 0.96, 1.358, (-0.096, 0.0, 0.048, 0.049)),
    (4, "refill", 3, 7): Calibration(0.143, 0.964, 0.999, (0.302, -0.107, -0.195)),
    (4, "nontrump_to_six", 4, 4): Calibration(0.509, 0.921, 0.828, (-0.008, 0.02, -0.007, -0.005)),
    # smear_nine_card, smear_widow, smear_no_jick, smear_five_point_team (4 players)
    (0, "refill", 4, 10): Calibration(-1.814, 1.673, 2.58, (-0.023, 0.054, 0.003, -0.034)),
    (4, "free_to_six", 4, 12): Calibration(1.275, 1.199, 2.77, (-0.013, 0.092, -0.007, -0.072)),
    (0, "free_to_six", 4, 6): Calibration(-0.563, 1.435, 1.35, (-0.003, -0.03, -0.065, 0.099)),
    (0, "free_to_six", 4, 5): Calibration(-0.267, 1.34, 1.163, (-0.012, -0.036, -0.059, 0.107)),
}
#: The fit used for other families, scaled to their points per hand (the 10-point game's).
DEFAULT_CALIBRATION = (0, "free_to_six", 4, 10)


def calibration(rules: SmearRules) -> Calibration:
    """The fit for the family of ``rules``, or the default one scaled to its points."""
    cal = CALIBRATION.get(family(rules))
    if cal is not None:
        return cal
    base = CALIBRATION[DEFAULT_CALIBRATION]
    scale = rules.max_points / DEFAULT_CALIBRATION[3]
    return Calibration(base.a * scale, base.b, max(0.5, base.sigma * scale))


# ---------------------------------------------------------------------- per rules and trump
@dataclass(frozen=True, eq=False)
class TrumpInfo:
    """Card values under one rule set and trump suit (one object per pair, compared and hashed by identity)."""

    rules: SmearRules
    table: TrumpTable
    #: Points carried by a card to the side that captures it (Jack, Jick, jokers, Trey, Deuce; Low if fixed).
    cap: tuple[int, ...]
    #: Value of a card in a trick: ``cap`` plus its pips at :data:`PIP_RATE`.
    stake: tuple[float, ...]
    #: Value of just holding a card (High's ace, a deuce that is Low to whoever plays it).
    own: tuple[float, ...]
    #: Cards of the same effective suit that beat this card (the other joker when they share a rank).
    higher: tuple[int, ...]
    #: Trumps from the lowest up.
    low_order: tuple[int, ...]
    #: Low goes with the capture of the lowest trump played (``lowest_played`` + ``captured_by``).
    low_floating: bool
    low_value: int
    deuce: int
    trey: int
    #: Worth of keeping each card through a discard, before the guarded-ten bonus (see :func:`_discard_worth`).
    keep: tuple[float, ...]
    #: High's value when High is the highest trump played (``high_card = highest_played``), else 0.
    high_played: int = 0
    #: The trumps that carry points or are worth holding, from the top down: ``(card, cap, own, higher, above)``
    #: each, ``above`` the count of ``higher`` (at least 1): what :func:`estimate` values, without a pass over
    #: every trump.
    valued: tuple[tuple[int, int, float, int, int], ...] = ()
    #: The trump suit's ace, king and queen, and the other suits' aces (:func:`estimate`'s chance of Game).
    top_trumps: int = 0
    plain_aces: int = 0
    #: The cards whose ``stake`` is above zero.
    staked: int = 0


def _build_info(rules: SmearRules, trump: int) -> TrumpInfo:
    table = trump_table(rules, trump)
    pts = rules.points
    base = 13 * trump
    cap = [0] * 55
    named = captured_point_cards(rules, table)
    for name, card in named.items():
        cap[card] += pts[name]
    own = [0.0] * 55
    low_value = pts.get("low", 0)
    low_floating = False
    if low_value:
        if rules.low_card is LowCard.DEUCE:
            if rules.low_award is LowAward.PLAYED_BY:
                own[base + TWO] += low_value
            else:
                cap[base + TWO] += low_value
        elif rules.low_award is LowAward.CAPTURED_BY:
            low_floating = True
        else:
            own[base + TWO] += low_value  # lowest trump played, to its player: the deuce is sure of it
    high_played = 0
    if "high" in pts:
        # the ace of trump held is High under either rule; under ``highest_played`` :func:`estimate`
        # also values the top trump in hand by the chance that no opponent holds a higher one
        own[base + ACE] += pts["high"]
        if rules.high_card is HighCard.HIGHEST_PLAYED:
            high_played = pts["high"]
    pip_value = PIP_RATE * pts.get("game", 0)
    pips = [game_points(1 << c) if c < 52 else 0 for c in range(55)]
    stake = [cap[c] + pip_value * pips[c] for c in range(55)]
    higher = [0] * 55
    strength = table.strength
    for card in deck_cards(rules):
        suit_mask = table.suit_masks[table.eff_suit[card]]
        above = 0
        for other in bit_list(suit_mask):
            if other != card and strength[other] >= strength[card]:
                if strength[other] > strength[card] or table.shared_joker_rank:
                    above |= 1 << other
        higher[card] = above
    order = table.order
    keep = [0.0] * 55
    for card in range(55):
        if table.trumps >> card & 1:
            top = 1.0 - order.index(card) / len(order)
            worth = TRUMP_WORTH + TRUMP_RANK_WORTH * top + own[card] + 0.5 * cap[card]
            if low_floating and card in (base + TWO, base + THREE):
                worth += 0.5 * low_value
            keep[card] = worth
        elif card < 52:
            keep[card] = PLAIN_WORTH[card % 13]
    return TrumpInfo(
        rules=rules,
        table=table,
        cap=tuple(cap),
        stake=tuple(stake),
        own=tuple(own),
        higher=tuple(higher),
        low_order=tuple(c for c in reversed(table.order) if not (rules.low_ignores_jokers and c >= 52)),
        low_floating=low_floating,
        low_value=low_value,
        deuce=base + TWO,
        trey=base + THREE,
        keep=tuple(keep),
        high_played=high_played,
        valued=tuple((c, cap[c], own[c], higher[c], max(1, higher[c].bit_count())) for c in order if cap[c] or own[c]),
        top_trumps=_top_trumps(table),
        plain_aces=sum(1 << (13 * s + ACE) for s in range(4) if s != trump),
        staked=sum(1 << c for c in range(55) if stake[c] > 0),
    )


_INFO: dict[tuple[int, int], TrumpInfo] = {}


def trump_info(rules: SmearRules, trump: int) -> TrumpInfo:
    """The (cached) card values of ``rules`` with ``trump``."""
    key = (id(rules), trump)
    info = _INFO.get(key)
    if info is None or info.rules is not rules:
        info = _build_info(rules, trump)
        if len(_INFO) > 4096:
            _INFO.clear()
        _INFO[key] = info
    return info


# ---------------------------------------------------------------------- bidding estimate
class Shares(NamedTuple):
    """Where an unseen card will be during the play, seen from one seat before the kitty and discards."""

    #: Chance that an unseen card reaches the seat's own hand (kitty, refill, robbed pack).
    mine: float
    #: Chance that it is in a partner's hand.
    partner: float
    #: Chance that it is in an opponent's hand.
    opponent: float
    partners: int
    opponents: int


def shares(
    rules: SmearRules,
    seat: int,
    dealer: int,
    sides: tuple[int, ...],
    hand_cards: int,
    bidder: bool,
    own_trumps: int,
) -> Shares:
    """Expected share of the unseen cards each group of seats sees, for ``seat`` holding ``hand_cards``."""
    n = rules.num_players
    unseen = max(1, rules.deck_size - hand_cards)
    dealt = rules.hand_size
    kitty = rules.kitty_size if bidder and hand_cards <= dealt else 0
    stock = rules.deck_size - n * dealt - rules.kitty_size
    mine = float(kitty)
    seen = [float(dealt)] * n
    if rules.discard_mode is DiscardMode.REFILL:
        other_trumps = dealt * 16.0 / rules.deck_size
        draws = [max(0.0, 6.0 - other_trumps) for _ in range(n)]
        draws[seat] = max(0.0, 6.0 - own_trumps - kitty * 0.3)
        robbing = rules.dealer_robs_pack
        left = float(stock)
        for i in range(1, n + 1):  # the refill goes round from eldest
            s = (dealer + i) % n
            if robbing and s == dealer:
                continue
            take = min(left, draws[s])
            left -= take
            if s == seat:
                mine += take
            else:
                seen[s] += take
        if robbing:
            if dealer == seat:
                mine += left
            else:
                seen[dealer] += left
    partner = sum(seen[s] for s in range(n) if s != seat and sides[s] == sides[seat])
    opponent = sum(seen[s] for s in range(n) if sides[s] != sides[seat])
    partners = sum(1 for s in range(n) if s != seat and sides[s] == sides[seat])
    total = mine + partner + opponent
    scale = 1.0 / unseen if total <= unseen else 1.0 / total
    return Shares(mine * scale, partner * scale, opponent * scale, partners, n - partners - 1)


def hand_sides(obs: Any) -> tuple[int, ...]:
    """The sides of this hand as the seat knows them: a called partner it knows joins the bidder's side."""
    partner = getattr(obs, "partner", None)
    if partner is None or obs.bidder is None:
        return tuple(obs.sides)
    return tuple(obs.sides[obs.bidder] if s == partner else side for s, side in enumerate(obs.sides))


def call_card(obs: Any) -> Card:
    """The card a bidder calls for a partner (call_partner): the highest trump it lacks, else an ace it lacks.

    A card the bidder discarded is never called (nobody would hold it). Before trump is known, an ace.
    """
    rules: SmearRules = obs.rules
    mine = index_mask(obs.hand) | index_mask(obs.own_discards)
    if obs.trump is not None:
        for c in trump_table(rules, obs.trump).order:
            if not mine >> c & 1:
                return CARDS[c]
    for suit in range(4):
        ace = 13 * suit + ACE
        if not mine >> ace & 1:
            return CARDS[ace]
    return next(c for c in CARDS if not mine >> c.index & 1)


#: :func:`estimate`'s values already worked out, by rules and trump, the trumps held, the plain aces held and
#: the shares.
_ESTIMATES: dict[tuple[TrumpInfo, int, int, Shares], float] = {}


def estimate(info: TrumpInfo, hand: int, sh: Shares) -> float:
    """Expected points the seat's side takes as bidder with this trump (before calibration).

    It reads of ``hand`` only the trumps and the count of plain aces, so hands alike in those share one
    value, worked out once (kept in ``_ESTIMATES``: the auction's reading asks it of many hands alike).
    """
    key = (info, hand & info.table.trumps, (hand & info.plain_aces).bit_count(), sh)
    value = _ESTIMATES.get(key)
    if value is None:
        if len(_ESTIMATES) >= ESTIMATES_KEPT:
            _ESTIMATES.clear()
        value = _ESTIMATES[key] = _estimate(info, hand, sh)
    return value


def _estimate(info: TrumpInfo, hand: int, sh: Shares) -> float:
    """:func:`estimate`, worked out."""
    # (the bidding model asks this of every sampled deal the search reads the auction with: kept lean)
    rules = info.rules
    table = info.table
    trumps = table.trumps
    mine_t = hand & trumps
    unseen_t = trumps & ~hand
    length = min(6.0, mine_t.bit_count() + sh.mine * unseen_t.bit_count())
    p_opp = sh.opponent
    partner_bonus = 0.1 if sh.partners else 0.0
    rescue = min(0.85, max(0.1, 0.2 + 0.1 * (length - 3.0) + partner_bonus))
    kept = 1.0 - rescue
    unplayed = not info.high_played
    ours = sh.mine + sh.partner
    taken = sh.mine * 0.8 + sh.partner * 0.6
    pull_length = min(1.0, length / 4.0)
    total = 0.0
    # held and unseen values of every point card of this trump suit
    for card, cap, own, above, n_above in info.valued:
        if hand >> card & 1:
            threat = 1.0 - (1.0 - p_opp) ** (above & unseen_t).bit_count()
            total += own + cap * (1.0 - threat * kept)
        else:
            pull = 0.1 + 0.5 * (above & mine_t).bit_count() / n_above * pull_length
            pull = 0.05 if pull < 0.05 else 0.75 if pull > 0.75 else pull  # (min(0.75, max(0.05, pull)))
            if unplayed:  # (the highest-played High is valued below)
                total += own * ours
            total += cap * (taken + p_opp * pull)
    if info.high_played and not hand >> (13 * table.trump + ACE) & 1:
        total += info.high_played * _high_chance(info, mine_t, unseen_t, sh)
    if info.low_floating:
        held_low = hand & (1 << info.deuce | 1 << info.trey)
        total += info.low_value * min(0.85, max(0.1, 0.3 + 0.07 * (length - 3.0) + (0.15 if held_low else 0.0)))
    game = rules.points.get("game", 0)
    if game:
        tops = (mine_t & info.top_trumps).bit_count()
        chance = (
            0.25 + 0.08 * (length - 2.0) + 0.05 * tops + 0.04 * (hand & info.plain_aces).bit_count() + partner_bonus
        )
        if hand >> (13 * table.trump + TEN) & 1:
            chance += 0.05
        total += game * min(0.9, max(0.05, chance))
    return total


def _high_chance(info: TrumpInfo, mine_t: int, unseen_t: int, sh: Shares) -> float:
    """The chance that the side holds the highest trump in play (``high_card = highest_played``).

    With trumps in hand: no opponent holds a trump above the top one (a partner's higher trump is
    High for the side too). Without: the share of the unseen cards the side sees.
    """
    if mine_t:
        top = next(c for c in info.table.order if mine_t >> c & 1)
        return float((1.0 - sh.opponent) ** (info.higher[top] & unseen_t).bit_count())
    ours = sh.mine + sh.partner
    return ours / max(1e-9, ours + sh.opponent)


#: Worth of a plain card when choosing discards, by rank (2 .. A).
PLAIN_WORTH = (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.3, 0.1, 0.15, 0.25, 0.5)
#: Extra worth of a plain 10 guarded by its ace.
GUARDED_TEN = 0.2
#: Worth of any trump when choosing discards, plus up to ``TRUMP_RANK_WORTH`` for its rank.
TRUMP_WORTH = 1.0
TRUMP_RANK_WORTH = 0.5


def _discard_worth(info: TrumpInfo, hand: int, card: int) -> float:
    """How much a card is worth keeping through the discard: trumps first, then aces and 10s."""
    worth = info.keep[card]
    if card % 13 == TEN and card < 52 and not info.table.trumps >> card & 1 and hand >> (card - TEN + ACE) & 1:
        worth += GUARDED_TEN
    return worth


def _top_trumps(table: TrumpTable) -> int:
    base = 13 * table.trump
    return 1 << (base + ACE) | 1 << (base + KING) | 1 << (base + QUEEN)


# ---------------------------------------------------------------------- the view of one decision
class _View:
    """What the deciding seat knows, with the probabilities the play heuristics need."""

    def __init__(self, obs: Any, info: TrumpInfo, k: Knowledge, defence: bool = False) -> None:
        self.obs = obs
        self.info = info
        self.k = k
        self.table = info.table
        self.rules: SmearRules = obs.rules
        self.seat: int = obs.seat
        n = len(obs.hand_sizes)
        self.n = n
        self.sides: tuple[int, ...] = hand_sides(obs)
        if defence:  # the defenders play as one side against the bidder
            self.sides = defence_sides(obs, self.sides)
        self.my_side: int = self.sides[obs.seat]
        sides_count = len(set(self.sides)) if defence else max(self.sides) + 1
        #: Weight of a point won by another side against one won by ours.
        self.lose_weight: float = 1.0 / max(1, sides_count - 1)
        self.hand = k.hand
        self.unknown = k.unknown
        hs = list(obs.hand_sizes)
        folded = self._folded() if self.rules.trump_only_play else 0
        allowed = []
        for s in range(n):
            if s == self.seat:
                allowed.append(0)
                continue
            mask = k.allowed(s)
            if folded >> s & 1:
                mask &= ~self.table.trumps
                hs[s] = 0
            allowed.append(mask)
        self.allowed = allowed
        self.hs = hs
        self._in_hands(obs, hs)
        self.partners = [s for s in range(n) if s != self.seat and self.sides[s] == self.my_side]
        #: Per seat: whether it has a partner at the table (someone to smear for).
        self.partnered = [sum(1 for side in self.sides if side == self.sides[s]) > 1 for s in range(n)]
        self.opponents = [s for s in range(n) if self.sides[s] != self.my_side]
        self.follow_or_trump = self.rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP or self.rules.trump_only_play
        self._low_value = self._low_chances() if info.low_floating else None
        #: What each card is worth to the side that captures it (:meth:`value`), by index.
        self.values: Sequence[float] = info.stake
        #: The cards worth anything (a value above zero; no card's is below).
        self.worth = info.staked
        if self._low_value is not None:
            low_value, chances, stake = info.low_value, self._low_value, info.stake
            self.values = [stake[c] + low_value * chances[c] for c in range(55)]
            self.worth |= sum(1 << c for c in range(55) if chances[c] > 0)  # (Low floats only where it is worth points)

    def _in_hands(self, obs: Any, hs: list[int]) -> None:
        """Chance that an unseen trump (``q_trump``) or plain card (``q_plain``) is in some hand, and per seat.

        Cards out of play are the others' face-down discards (plain cards: a
        discarded trump is shown, and in ``free_to_six`` players keep their
        trumps) and the undealt stock, which is a random part of the deck.
        """
        trumps = self.table.trumps
        seat = self.seat
        u_t = (self.unknown & trumps).bit_count()
        u_p = self.unknown.bit_count() - u_t
        held = sum(hs[s] for s in range(self.n) if s != seat)
        buried = [0] * self.n
        for s, _ in obs.buried:
            buried[s] += 1
        face_down = sum(max(0, obs.discard_counts[s] - buried[s]) for s in range(self.n) if s != seat)
        stock = max(0, u_t + u_p - held - face_down)
        out_t = min(float(u_t), stock * u_t / max(1, u_t + u_p))
        in_t = max(0.0, min(float(held), u_t - out_t))
        self.q_trump = in_t / u_t if u_t else 0.0
        self.q_plain = min(1.0, max(0.0, (held - in_t) / u_p)) if u_p else 0.0
        self.p_trump = [0.0] * self.n
        self.p_plain = [0.0] * self.n
        for s in range(self.n):
            if s == seat or hs[s] <= 0:
                continue
            q_t = self.q_trump * (BIDDER_TRUMPS if s == obs.bidder else 1.0)
            a_t = (self.allowed[s] & trumps).bit_count()
            a_p = self.allowed[s].bit_count() - a_t
            weight = a_t * q_t + a_p * self.q_plain
            if weight <= 0:
                continue
            scale = hs[s] / weight
            self.p_trump[s] = min(1.0, scale * q_t)
            self.p_plain[s] = min(1.0, scale * self.q_plain)

    def _folded(self) -> int:
        """Seats that have dropped out of a trump-only hand (skipped in a trick this seat saw)."""
        folded = 0
        n = self.n
        tricks = [t.plays for t in self.obs.witnessed]
        if self.obs.trick:
            tricks.append(self.obs.trick)
        for plays in tricks:
            for (a, _), (b, _) in zip(plays, plays[1:], strict=False):
                s = (a + 1) % n
                while s != b:
                    folded |= 1 << s
                    s = (s + 1) % n
        return folded

    def _low_chances(self) -> list[float]:
        """Chance that each trump ends as the lowest trump played (Low goes with its capture).

        Trumps are walked from the bottom up: a trump already played (or in this
        trick) or one in the seat's own hand will be played, so nothing above it
        can be Low; an unseen lower trump may stay out of play.
        """
        chances = [0.0] * 55
        played = 0
        for mask in self.k.played:
            played |= mask
        alive = 1.0  # chance that no trump below the current one will be played
        for card in self.info.low_order:
            if played >> card & 1 or self.hand >> card & 1:
                chances[card] = alive
                break
            if self.unknown >> card & 1:
                chances[card] = alive
                alive *= 1.0 - self.q_trump
                if alive < 0.02:
                    break
        return chances

    # ---------------------------------------------------------------- card values
    def value(self, card: int) -> float:
        """What a card is worth to the side that captures it."""
        return self.values[card]

    def p_has(self, seat: int, mask: int) -> float:
        """Chance that ``seat`` holds at least one card of ``mask``."""
        mask &= self.allowed[seat]
        if not mask:
            return 0.0
        m_t = (mask & self.table.trumps).bit_count()
        m_p = mask.bit_count() - m_t
        return 1.0 - (1.0 - self.p_trump[seat]) ** m_t * (1.0 - self.p_plain[seat]) ** m_p

    def p_beats(self, seat: int, card: int, led: int) -> float:
        """Chance that ``seat`` can beat ``card`` in a trick led in effective suit ``led``."""
        if self.hs[seat] <= 0:
            return 0.0
        table = self.table
        higher = self.info.higher[card]
        if table.eff_suit[card] == TRUMP:
            if led == TRUMP:
                return self.p_has(seat, higher)
            if self.follow_or_trump:
                return self.p_has(seat, higher)
            return self.p_void(seat, led) * self.p_has(seat, higher)
        # a plain card wins so far: a higher card of its suit or any trump beats it
        trumps = table.trumps
        if self.follow_or_trump:
            return self.p_has(seat, higher | trumps)
        p_follow = self.p_has(seat, higher)
        return p_follow + self.p_void(seat, led) * self.p_has(seat, trumps) * (1.0 - p_follow)

    def p_void(self, seat: int, suit: int) -> float:
        if self.k.voids[seat] >> suit & 1:
            return 1.0
        return 1.0 - self.p_has(seat, self.table.suit_masks[suit])

    def trick_chance(self, cards: list[int], seats: list[int], later: list[int]) -> float:
        """Chance that our side takes the trick with ``cards`` played so far and ``later`` seats to come."""
        pos = trick_winner(self.table, cards)
        wseat = seats[pos]
        wcard = cards[pos]
        led = self.table.eff_suit[cards[0]]
        ours = 1.0 if self.sides[wseat] == self.my_side else 0.0
        for s in later:
            q = self.p_beats(s, wcard, led)
            if self.sides[s] == self.my_side:
                ours += (1.0 - ours) * q
            else:
                ours *= 1.0 - q
        return ours

    def expected_best(self, seat: int, mask: int) -> float:
        """Expected value of the most valuable card of ``mask`` that ``seat`` holds (0 if none)."""
        values = self.values
        # (a card worth nothing adds nothing: only the cards worth something are sorted and summed)
        cards = sorted(bit_list(mask & self.allowed[seat] & self.worth), key=values.__getitem__, reverse=True)
        p_t = self.p_trump[seat]
        p_p = self.p_plain[seat]
        trumps = self.table.trumps
        none_higher = 1.0
        total = 0.0
        for c in cards:
            v = values[c]
            if none_higher < 0.02:
                break
            p = p_t if trumps >> c & 1 else p_p
            total += v * p * none_higher
            none_higher *= 1.0 - p
        return total

    def expected_cheapest(self, seat: int, mask: int) -> float:
        """Expected value of the least valuable card of ``mask`` that ``seat`` holds (0 if none)."""
        values = self.values
        cards = sorted(bit_list(mask & self.allowed[seat]), key=values.__getitem__)
        p_t = self.p_trump[seat]
        p_p = self.p_plain[seat]
        trumps = self.table.trumps
        none_lower = 1.0
        total = 0.0
        for c in cards:
            p = p_t if trumps >> c & 1 else p_p
            total += values[c] * p * none_lower
            none_lower *= 1.0 - p
            if none_lower < 0.02:
                break
        return total

    def p_win_later(self, card: int) -> float:
        """Chance that ``card`` wins a trick of its own later (no opponent can beat it)."""
        led = self.table.eff_suit[card]
        p = 1.0
        for s in self.opponents:
            p *= 1.0 - self.p_beats(s, card, led)
        return p

    def p_opponent_holds(self, card: int) -> float:
        """Chance that an unseen card is in some opponent's hand."""
        trump = self.table.trumps >> card & 1
        miss = 1.0
        for s in self.opponents:
            if self.allowed[s] >> card & 1:
                miss *= 1.0 - (self.p_trump[s] if trump else self.p_plain[s])
        return 1.0 - miss

    def avg_stake(self) -> float:
        """What winning one more trick is worth: the opponents' points, spread over the tricks to come."""
        total = 0.0
        values = self.values
        for c in bit_list(self.unknown & self.worth):
            total += values[c] * self.p_opponent_holds(c)
        for c in bit_list(self.hand):
            total += OWN_STAKE * values[c]
        tricks = max(1, min(6, len(self.obs.hand)))
        return total / tricks

    def keep_value(self, card: int, stake: float, tricks_after: int) -> float:
        """What ``card`` is worth kept in hand instead of played now."""
        if tricks_after <= 0:
            return 0.0
        pw = self.p_win_later(card)
        chance = SMEAR_CHANCE if self.table.trumps >> card & 1 else SMEAR_PLAIN
        smear: float = 1.0 - math.pow(1.0 - chance, tricks_after) if self.partners else 0.0
        f: float = pw + (1.0 - pw) * smear
        v = self.value(card)
        return v * (f - (1.0 - f) * self.lose_weight) + pw * stake * KEEP_WEIGHT


# ---------------------------------------------------------------------- the bot
class HeuristicBot:
    """Counts cards, plays with its partner, bids from a calibrated estimate under the rules in force."""

    name = "heuristic"

    def __init__(
        self,
        seed: int | None = None,
        bidding_model: bool = True,
        bid_threshold: float = BID_THRESHOLD,
        defence: bool = False,
        jump_threshold: float = JUMP_THRESHOLD,
        overcall_threshold: float = OVERCALL_THRESHOLD,
        own_min: float = OWN_MIN,
        call_model: bool = False,
    ) -> None:
        self.seed = 0 if seed is None else seed
        #: Make the call the call model (:mod:`~jick.games.smear.call_model`) advises over the auction's own,
        #: where the model of the rules' family has a fit (off by default for the heuristic, the ``easy`` bot; the
        #: search bot's own calls take it: see docs/bots.md).
        self.call_model = call_model
        #: At tables of more than two sides, defend as one side with the other defenders when the bidder
        #: goes out by making his bid (:mod:`jick.games.smear.defence`; off by default: it did not win
        #: more matches in the arena). False: every other side is an opponent.
        self.defence = defence
        #: Bid and name trump from the learned hand-value model where it covers the rules
        #: (:mod:`jick.games.smear.bidding_model`); False keeps the one-feature calibration everywhere.
        self.bidding_model = bidding_model
        #: The chance of making a bid the bot wants before it bids (:data:`BID_THRESHOLD`).
        self.bid_threshold = bid_threshold
        #: The auction's other bars (:data:`JUMP_THRESHOLD`, :data:`OVERCALL_THRESHOLD`, :data:`OWN_MIN`),
        #: settable to measure them (``jick arena --bots heuristic:jump_threshold=0.7,heuristic``).
        self.jump_threshold = jump_threshold
        self.overcall_threshold = overcall_threshold
        self.own_min = own_min

    def _model(self, rules: SmearRules) -> FamilyModel | None:
        """The learned model of the rules' family, if this bot uses it and it covers them."""
        if not self.bidding_model:
            return None
        from jick.games.smear.bidding_model import model_for

        return model_for(rules)

    @staticmethod
    def _suit_features(obs: Any, bidder: bool) -> list[tuple[float, ...]]:
        """The model's features of the seat's hand with each trump suit."""
        from jick.games.smear.bidding_model import suit_features

        return suit_features(obs.rules, index_mask(obs.hand), obs.seat, obs.dealer, obs.sides, bidder)

    @staticmethod
    def _model_means(obs: Any, fit: Fit, features: list[tuple[float, ...]]) -> list[float]:
        """Points the model expects the side to make with each trump suit."""
        position = (obs.seat - obs.dealer) % len(obs.sides)
        return [fit.mean(f, position) for f in features]

    def choose(self, observation: Any) -> Action:
        legal = observation.legal_actions
        if (only := only_action(legal)) is not None:
            return only
        phase = observation.phase
        if phase == "play":
            choice = self._play(observation, legal)
        elif phase == "bidding":
            choice = self._bid(observation, legal)
        elif phase == "trump":
            choice = self._trump(observation, legal)
        elif phase == "discard":
            choice = self._discard(observation, legal)
        elif phase == "misdeal_offer":
            choice = self._misdeal(observation, legal)
        elif phase == "call":
            choice = A.ACTIONS[A.CALL_BASE + call_card(observation).index]
        else:
            choice = legal[0]
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------ auction
    def _shares(self, obs: Any, hand: int, bidder: bool, trumps: int) -> Shares:
        return shares(obs.rules, obs.seat, obs.dealer, obs.sides, hand.bit_count(), bidder, trumps)

    def suit_estimates(self, obs: Any, bidder: bool = True) -> list[float]:
        """Raw estimate of each trump suit for the seat's hand (see :func:`estimate`)."""
        rules: SmearRules = obs.rules
        hand = index_mask(obs.hand)
        out = []
        for suit in range(4):
            info = trump_info(rules, suit)
            sh = self._shares(obs, hand, bidder, (hand & info.table.trumps).bit_count())
            out.append(estimate(info, hand, sh))
        return out

    def _bid(self, obs: Any, legal: Any) -> Action:
        rules: SmearRules = obs.rules
        bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
        pass_action = A.ACTIONS[A.PASS_ID]
        can_pass = pass_action in legal
        can_moon = A.ACTIONS[A.MOON_ID] in legal
        if can_moon and self._moon_hand(obs):
            return A.ACTIONS[A.MOON_ID]
        if A.ACTIONS[A.SMUDGE_ID] in legal and self._smudge_hand(obs):
            return A.ACTIONS[A.SMUDGE_ID]  # a sure sweep: six top trumps with every point card
        if not bids:
            return pass_action if can_pass else legal[0]
        if not can_pass:
            return bids[0]  # the stuck dealer: nobody is left to outbid, the minimum is enough
        if rules.all_pass is AllPass.DEALER_SET and obs.seat == obs.dealer and obs.bidder is None:
            return bids[0]  # a pass would cost the minimum bid for sure; bidding it costs no more when set
        pressure = self._pressure(obs)
        floor = self.own_min * rules.max_points / 10.0 * (0.5 if pressure else 1.0)
        modelled = self.bid_mean(obs)
        if modelled is not None:
            mu, sigma, own = modelled
        else:
            own = self._own_strength(obs)
            cal = calibration(rules)
            mu = cal.mean(max(self.suit_estimates(obs)), (obs.seat - obs.dealer) % len(obs.sides))
            sigma = cal.sigma
        if own < floor:
            # nothing of its own to bid on: leave the auction to the others
            return self._advised(obs, pass_action, bids, mu, sigma, modelled is not None)
        chosen: Action = pass_action
        for b in bids:
            p_make = make_chance(b.amount, mu, sigma)
            if p_make >= self._threshold(obs, b.amount):
                chosen = b  # the lowest amount that clears the bar
                break
            if p_make < 0.3:
                break
        if isinstance(chosen, A.Bid) and self._opponent_to_bid(obs):
            # an opponent may still outbid: claim what the hand is surely worth
            jump = self.jump_threshold - (PRESSURE_EASING if pressure else 0.0)
            mine = obs.scores[obs.sides[obs.seat]]
            for b in bids:
                if b.amount <= chosen.amount or make_chance(b.amount, mu, sigma) < jump:
                    continue
                if rules.bust_out_score is None or mine - b.amount > rules.bust_out_score:
                    chosen = b  # (never a jump whose set would bust the side)
        return self._advised(obs, chosen, bids, mu, sigma, modelled is not None)

    def bid_mean(self, obs: Any) -> tuple[float, float, float] | None:
        """The bidding model's points for the seat's best trump suit as the bidder: ``(mu, sigma, own)``.

        ``mu`` is the expected points of the bidder's side, ``sigma`` the fit's spread and ``own`` the
        estimate of the seat's own cards alone; None where this bot does not bid from a learned model
        (no model covers the rules, or ``bidding_model=False``).

        >>> from jick.games.smear import new_match
        >>> obs = new_match("smear_ten_point", seed=1).observation(0)
        >>> mu, sigma, own = HeuristicBot(1).bid_mean(obs)
        >>> sigma > 0, HeuristicBot(1, bidding_model=False).bid_mean(obs)
        (True, None)
        """
        model = self._model(obs.rules)
        if model is None or not model.use_bid:
            return None
        features = self._suit_features(obs, True)
        own = max(f[OWN_ESTIMATE] for f in features)
        return max(self._model_means(obs, model.bid, features)), model.bid.sigma, own

    def _advised(self, obs: Any, chosen: Action, bids: list[Any], mu: float, sigma: float, modelled: bool) -> Action:
        """``chosen``, or the call the call model (:mod:`~jick.games.smear.call_model`) advises instead of it."""
        if not self.call_model or not modelled:
            return chosen
        from jick.games.smear.call_model import alternative, call_fits, context, features

        fits = call_fits(obs.rules)
        other = alternative(str(chosen), [b.amount for b in bids]) if fits is not None else None
        if fits is None or other is None:
            return chosen
        kind, amount = other
        rules: SmearRules = obs.rules
        if kind == "raise" and rules.bust_out_score is not None:
            if obs.scores[obs.sides[obs.seat]] - amount <= rules.bust_out_score:
                return chosen  # never a raise whose set would bust the side
        p_make = make_chance(amount, mu, sigma)
        position = (obs.seat - obs.dealer) % len(obs.sides)
        if fits.advises(kind, features(p_make, mu, context(obs, rules.min_bid), position)):
            return next(b for b in bids if b.amount == amount)  # type: ignore[no-any-return]
        return chosen

    @staticmethod
    def _opponent_to_bid(obs: Any) -> bool:
        """True if a seat of another side bids after this one in the auction."""
        n = len(obs.sides)
        if obs.rules.auction_laps is AuctionLaps.ROUNDS:  # laps: any opponent who has not passed speaks again
            passed = {seat for seat, action in obs.bids if isinstance(action, A.Pass)}
            return any(obs.sides[s] != obs.sides[obs.seat] and s not in passed for s in range(n))
        for i in range(1, n):
            seat = (obs.seat + i) % n
            if seat == (obs.dealer + 1) % n:
                break  # back to eldest: the auction is one round
            if obs.sides[seat] != obs.sides[obs.seat]:
                return True
        return False

    def _own_strength(self, obs: Any) -> float:
        """The best suit's estimate from the seat's own cards alone (no partner, kitty or stock)."""
        hand = index_mask(obs.hand)
        alone = Shares(0.0, 0.0, 1.0, 0, len(obs.sides) - 1)
        return max(estimate(trump_info(obs.rules, suit), hand, alone) for suit in range(4))

    @staticmethod
    def _pressure(obs: Any) -> bool:
        """True when another side is within half a hand's points of the target: it must not get the contract."""
        rules: SmearRules = obs.rules
        my_side = obs.sides[obs.seat]
        others = [score for side, score in enumerate(obs.scores) if side != my_side]
        return bool(others) and rules.target_score - max(others) <= rules.max_points // 2

    def _threshold(self, obs: Any, amount: int) -> float:
        """Chance of making ``amount`` the bot wants before it bids, from the auction and the match score."""
        rules: SmearRules = obs.rules
        threshold = self.bid_threshold
        my_side = obs.sides[obs.seat]
        if obs.bidder is not None and obs.sides[obs.bidder] == my_side:
            threshold = self.overcall_threshold  # over a partner: only with a much stronger hand
        mine = obs.scores[my_side]
        if self._pressure(obs):
            threshold -= PRESSURE_EASING  # the opponents are close: take the contract from them
        if rules.target_score - mine <= amount:
            threshold -= 0.05  # making it wins the match (the bidder goes out first)
        if rules.bust_out_score is not None and mine - amount <= rules.bust_out_score:
            # a set would end the match: the tuned bar does not apply, the cautious one plus 0.2 does
            threshold += 0.2 + max(0.0, BUST_BAR - self.bid_threshold)
        return min(0.95, max(0.3, threshold))

    def _moon_hand(self, obs: Any) -> bool:
        """Every point card of one suit in hand, six trumps, and the Low card if it scores on play."""
        rules: SmearRules = obs.rules
        hand = index_mask(obs.hand)
        for suit in range(4):
            info = trump_info(rules, suit)
            trumps = hand & info.table.trumps
            if trumps.bit_count() < 6:
                continue
            needed = 0
            for card in info.table.order:
                if info.cap[card] or info.own[card]:
                    needed |= 1 << card
            if info.low_floating:
                needed |= 1 << info.deuce
            if needed & ~hand:
                continue
            # the six best trumps must be the top of the suit, so that every trick is ours
            top6 = info.table.order[:6]
            if all(hand >> c & 1 for c in top6):
                return True
        return False

    def _smudge_hand(self, obs: Any) -> bool:
        """The six top trumps of a suit: every trick is ours, so every point we capture is too.

        Low that goes to the side that plays it could still be an opponent's, so such rules never smudge.
        """
        rules: SmearRules = obs.rules
        if "low" in rules.points and rules.low_award is LowAward.PLAYED_BY:
            return False
        hand = index_mask(obs.hand)
        return any(all(hand >> c & 1 for c in trump_info(rules, suit).table.order[:6]) for suit in range(4))

    def _trump(self, obs: Any, legal: Any) -> Action:
        model = self._model(obs.rules)
        if model is not None and model.use_trump:
            ests = self._model_means(obs, model.trump, self._suit_features(obs, False))
        else:
            ests = self.suit_estimates(obs, bidder=False)
        suits = [a for a in legal if isinstance(a, A.NameTrump)]
        return max(suits, key=lambda a: (ests[a.suit], -a.suit))

    # ------------------------------------------------------------------ misdeal
    def _misdeal(self, obs: Any, legal: Any) -> Action:
        """Call a misdeal on a hand of only 3s to 9s with no suit of five or more cards."""
        call = A.ACTIONS[A.MISDEAL_ID]
        keep = A.ACTIONS[A.KEEP_ID]
        if call not in legal:
            return keep
        hand = index_mask(obs.hand)
        longest = max((hand >> (13 * s) & 0x1FFF).bit_count() for s in range(4))
        return call if longest <= 4 else keep

    # ------------------------------------------------------------------ discard
    def _discard(self, obs: Any, legal: Any) -> Action:
        discards = [a for a in legal if isinstance(a, A.Discard)]
        done = A.ACTIONS[A.DONE_ID]
        if not discards:
            return done if done in legal else legal[0]
        info = trump_info(obs.rules, obs.trump)
        hand = index_mask(obs.hand)
        worth = self._hold_values(info, hand)
        worst = min(discards, key=lambda a: (worth[a.card.index], a.card.index))
        if done not in legal:
            return worst
        # refill: shed a card only if a card from the stock is worth more on average
        if worth[worst.card.index] < self._stock_card_value(info, hand, knowledge(obs).unknown):
            return worst
        return done

    def _hold_values(self, info: TrumpInfo, hand: int) -> dict[int, float]:
        """Value of keeping each card of the hand for the play."""
        return {c: _discard_worth(info, hand, c) for c in bit_list(hand)}

    def _stock_card_value(self, info: TrumpInfo, hand: int, unknown_mask: int) -> float:
        """Average worth of an unseen card drawn from the stock."""
        unknown = bit_list(unknown_mask)
        if not unknown:
            return 0.0
        return sum(_discard_worth(info, hand, c) for c in unknown) / len(unknown)

    # ------------------------------------------------------------------ play
    def _play(self, obs: Any, legal: Any) -> Action:
        plays = {a.card.index: a for a in legal if isinstance(a, A.Play)}
        if not plays:
            return legal[0]  # type: ignore[no-any-return]
        if obs.trump is None:  # the pitcher's lead names trump (trump_set_by = first_lead)
            return self._trump_lead(obs, plays)
        scores, view = self._play_scores(obs)
        strength = view.table.strength
        # ties: the card worth less, then the lower card
        best_card = max(scores, key=lambda c: (round(scores[c], 9), -view.value(c), -strength[c], -c))
        return plays[best_card]

    def _trump_lead(self, obs: Any, plays: dict[int, A.Play]) -> Action:
        """The lead that names trump: a card of the suit the seat would name as trump.

        The top trump is led when it is the Ace or King (High is safe and the lead draws trumps);
        otherwise the lowest card of the suit, keeping the better trumps for later tricks.
        """
        ests = self.suit_estimates(obs, bidder=False)
        suits = {card // 13 for card in plays if card < 52}
        suit = max(suits, key=lambda t: (ests[t], -t))
        table = trump_info(obs.rules, suit).table
        # a card of the printed suit (leading the Off-Jack would name its own suit)
        cards = [c for c in table.order if c in plays and c // 13 == suit]
        top = cards[0]
        if top % 13 in (ACE, KING):
            return plays[top]
        return plays[cards[-1]]

    def play_values(self, obs: Any) -> dict[int, float]:
        """The value (points for the seat's side against the others) of each legal card, by card index."""
        return self._play_scores(obs)[0]

    def _play_scores(self, obs: Any) -> tuple[dict[int, float], _View]:
        info = trump_info(obs.rules, obs.trump)
        k = knowledge(obs)
        view = _View(obs, info, k, self.defence)
        plays = [a.card.index for a in obs.legal_actions if isinstance(a, A.Play)]
        trick_cards = [c.index for _, c in obs.trick]
        trick_seats = [s for s, _ in obs.trick]
        later = self._later_seats(view, trick_seats)
        stake = view.avg_stake()
        tricks_after = len(obs.hand) - 1
        in_trick = sum(view.value(c) for c in trick_cards)
        lw = view.lose_weight
        # after a refill every hand is long in trumps, and top trumps are worth more kept for the last
        # tricks, where the opponents must play their point trumps: no leading for the partner's smears
        smears = SMEARS_IN_REFILL or obs.rules.discard_mode is not DiscardMode.REFILL
        no_opponent_trumps = not any(view.allowed[s] & info.table.trumps for s in view.opponents)
        offered: dict[int, tuple[float, float]] = {}
        scores: dict[int, float] = {}
        for card in plays:
            cards = trick_cards + [card]
            seats = trick_seats + [view.seat]
            p = view.trick_chance(cards, seats, later)
            pot = in_trick + view.value(card)
            score = p * pot - (1.0 - p) * pot * lw - view.keep_value(card, stake, tricks_after)
            led = info.table.eff_suit[cards[0]]
            for s in later if not trick_cards else ():
                key = s * 8 + led
                if key not in offered:
                    offered[key] = self._offer(view, s, led)
                best, forced = offered[key]
                if not smears:
                    best = 0.0
                if view.sides[s] == view.my_side:
                    score += p * best  # a partner smears onto a trick we take
                elif view.partnered[s]:
                    score += p * forced - (1.0 - p) * best * lw  # an opponent smears onto his own
                else:
                    score += p * forced
            if not trick_cards:
                score += self._draw_value(view, card)
                if p > 0.999 and no_opponent_trumps:
                    score += CASH_BONUS  # a sure trick while nobody can trump: take it now
            scores[card] = score
        return scores, view

    def _later_seats(self, view: _View, played: list[int]) -> list[int]:
        """Seats still to play to the current trick after this one, in order."""
        out = []
        n = view.n
        done = set(played)
        for i in range(1, n):
            s = (view.seat + i) % n
            if s not in done and view.hs[s] > 0:
                out.append(s)
        return out

    def _offer(self, view: _View, seat: int, led: int) -> tuple[float, float]:
        """What ``seat`` is expected to put on a trick led in ``led``: its best card when its side takes
        the trick (within the follow rule), and what it must give up when it has to follow and loses."""
        table = view.table
        suit = table.suit_masks[led]
        pool = view.allowed[seat]
        p_follow = view.p_has(seat, suit)
        if led != TRUMP and view.follow_or_trump:
            following = (suit | table.trumps) & pool
        else:
            following = suit & pool
        best = view.expected_best(seat, following) * p_follow + view.expected_best(seat, pool) * (1.0 - p_follow)
        best *= SMEAR_OFFER
        forced = view.expected_cheapest(seat, suit) * FORCED_OFFER
        return best, forced

    def _draw_value(self, view: _View, card: int) -> float:
        """Leading a master trump pulls the opponents' trumps, which protects our lower point cards."""
        table = view.table
        if table.eff_suit[card] != TRUMP or view.info.higher[card] & view.unknown:
            return 0.0
        threat = 1.0 - math.prod(1.0 - view.p_has(s, table.trumps) for s in view.opponents)
        ours_below = sum(
            view.value(c) for c in bit_list(view.hand & table.trumps) if c != card and view.p_win_later(c) < 0.9
        )
        return DRAW_WEIGHT * threat * ours_below


def _phi(x: float) -> float:
    """Standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def make_chance(amount: int, mu: float, sigma: float) -> float:
    """The chance of making a bid of ``amount`` when the side's points are normal with ``mu`` and ``sigma``.

    Points are whole, so the bid is made from ``amount - 0.5`` on.

    >>> round(make_chance(5, 5.5, 2.0), 3), round(make_chance(3, 5.5, 2.0), 3)
    (0.691, 0.933)
    """
    return 1.0 - _phi((amount - 0.5 - mu) / sigma)
