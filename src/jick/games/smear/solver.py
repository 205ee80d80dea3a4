"""Open-card solver for the trick play of a Smear hand.

Given every remaining hand (a determinized or a real deal), the solver finds
the exact value of each legal card for the seat to move: the points its side
will take from here on, less the points the other sides take (captured point
cards and Game), with everyone playing perfectly with open cards. Given the
bid, a bidder's side that ends short of it loses the bid instead of scoring
its points, as in the settlement, so the bidder plays to make the bid and the
others play to set it. With more
than two sides the others are taken to play together against the seat
("paranoid" search), unless the seat defends and combines with the other
defenders against the bidder (``coalition``, :func:`defence_weights`): then
the defenders play together against the bidder's side, and each point is
weighed by who takes it.

The search is alpha-beta over single cards with a transposition table at trick
boundaries, equivalent-card merging (cards of one suit next to each other in
the live order, in one hand, worth the same, are one move), cheap move
ordering and the best move of the table tried first. The kernel is compiled
with numba; the first call of a process compiles it (cached on disk after).

Points fixed at the deal (High; Low under ``played_by``) do not depend on the
play and are left out: the values rank the moves, they are not the hand's
score. Game counts the Game cards captured before the solve (``captured_pips``).

>>> from jick.games.smear.presets import load_preset
>>> from jick.cards import card_mask, parse_card
>>> rules = load_preset("smear_ten_point")
>>> hands = [card_mask(h.split()) for h in ("AS 2S", "KS 10H", "3S 4H", "5S JD")]
>>> values = solve(rules, 0, hands, leader=0, to_move=0, root_seat=0)
>>> {str(CARDS[c]): v for c, v in sorted(values.items())}
{'2S': -3, 'AS': 5}
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit, types
from numba.core.dispatcher import Dispatcher
from numba.cpython.unsafe.numbers import trailing_zeros

from jick.cards import CARDS
from jick.games.smear.numba_cache import compiling, register_shared_rules, shared_module
from jick.games.smear.rules import FirstLead, FollowRule, GameTie, LowAward, LowCard, SmearRules
from jick.games.smear.scoring import GAME_TIE_CODES
from jick.games.smear.tables import TrumpTable, captured_point_cards, trump_table

if TYPE_CHECKING:
    from jick.games.smear import settle_core as core
    from jick.games.smear.rule_core import TRUMP_SUIT, card_pips, legal_plays, trick_winner
else:  # the cores with Python bytecode for numba, an interpreted copy in the compiled build (numba_cache)
    core = shared_module("settle_core")
    _rule_core = shared_module("rule_core")
    TRUMP_SUIT, card_pips, legal_plays, trick_winner = (
        _rule_core.TRUMP_SUIT, _rule_core.card_pips, _rule_core.legal_plays, _rule_core.trick_winner,
    )  # fmt: skip

register_shared_rules()

__all__ = [
    "CARDS",
    "SolveCutOff",
    "SolverTables",
    "defence_weights",
    "low_card_of",
    "point_values",
    "solve",
    "solve_within",
    "solver_tables",
]

#: Index of the lowest set bit (an LLVM intrinsic, as in the play-out kernel; untyped for mypy).
_ctz: Any = trailing_zeros
#: log2 of the transposition table's size.
TT_BITS = 20
INF = 10_000
#: Slots of :attr:`SolverTables.flags` (the kernel's ``flags`` too): two equal jokers go to the second
#: played, a seat may trump instead of following, the first lead is a trump, only trumps are played.
F_SECOND_JOKER_WINS, F_FOLLOW_OR_TRUMP, F_FIRST_LEAD_TRUMP, F_TRUMP_ONLY = range(4)
FLAGS_SIZE = 4


@dataclass(frozen=True)
class SolverTables:
    """The arrays the kernel reads for one rule set and trump suit."""

    table: TrumpTable
    eff: np.ndarray  # int64[55]: effective suit, 4 = trump, -1 not in the deck
    strength: np.ndarray  # int64[55]
    pips: np.ndarray  # int64[55]: Game value of each card
    points: np.ndarray  # int64[55]: points a capture of each card scores (Low added per solve)
    suit_masks: np.ndarray  # uint64[5]
    order: np.ndarray  # int64[5, 20]: cards of each effective suit, strongest first, -1 padded
    order_len: np.ndarray  # int64[5]
    flags: np.ndarray  # int64[FLAGS_SIZE]: the rule switches of the play, in the ``F_*`` slots
    beaters: np.ndarray  # uint64[55]: the cards that beat each card when it wins a trick (the play-out leaf)


def point_values(rules: SmearRules, table: TrumpTable) -> list[int]:
    """Per card index, the points its capture scores (Jack, Jick, jokers, Trey, Deuce); Low is separate."""
    values = [0] * 55
    pts = rules.points
    for name, card in captured_point_cards(rules, table).items():
        values[card] += pts[name]
    return values


@cache
def solver_tables(rules: SmearRules, trump: int) -> SolverTables:
    """The kernel's arrays for ``rules`` with ``trump`` (cached)."""
    table = trump_table(rules, trump)
    eff = np.array(table.eff_suit, dtype=np.int64)
    strength = np.array(table.strength, dtype=np.int64)
    pips = np.array([card_pips(c) for c in range(55)], dtype=np.int64)
    points = np.array(point_values(rules, table), dtype=np.int64)
    order = np.full((5, 20), -1, dtype=np.int64)
    order_len = np.zeros(5, dtype=np.int64)
    for suit in range(5):
        cards = [c for c in range(55) if eff[c] == suit]
        cards.sort(key=lambda c: -int(strength[c]))
        order[suit, : len(cards)] = cards
        order_len[suit] = len(cards)
    flags = np.zeros(FLAGS_SIZE, dtype=np.int64)
    flags[F_SECOND_JOKER_WINS] = table.second_joker_wins
    flags[F_FOLLOW_OR_TRUMP] = rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP
    flags[F_FIRST_LEAD_TRUMP] = rules.first_lead is FirstLead.TRUMP
    flags[F_TRUMP_ONLY] = rules.trump_only_play
    masks = np.array(table.suit_masks, dtype=np.uint64)
    # the cards that take a trick from each card (it led, so it wins against any other of its suit and trumps),
    # by the trick rule itself
    beaters = np.zeros(55, dtype=np.uint64)
    in_deck = [c for c in range(55) if eff[c] >= 0]
    for c in in_deck:
        for d in in_deck:
            if d != c and trick_winner([c, d], 2, table.eff_suit, table.strength, table.second_joker_wins) == 1:
                beaters[c] |= np.uint64(1) << np.uint64(d)
    return SolverTables(table, eff, strength, pips, points, masks, order, order_len, flags, beaters)


def low_card_of(rules: SmearRules, table: TrumpTable, in_play: int) -> int:
    """The card that will be Low when every card of ``in_play`` (a mask) is played, or -1.

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.cards import card_mask
    >>> r = load_preset("smear_ten_point")
    >>> str(CARDS[low_card_of(r, trump_table(r, 0), card_mask(["AS", "4S", "9S", "2H"]))])
    '4S'
    """
    if "low" not in rules.points:
        return core.NOBODY
    deuce = rules.low_card is LowCard.DEUCE
    # jokers of equal rank: the solver cannot know which is played later; the one lower in the order stands
    return core.low_card(
        in_play, table.trump, deuce, rules.low_ignores_jokers, table.order, len(table.order), table.strength,
        False, core.NOBODY, core.NOBODY,
    )  # fmt: skip


# ---------------------------------------------------------------------- the kernel
_ZOBRIST_SEED = 20261122
#: Most seats at a Smear table of any preset.
MAX_SEATS = 8


#: Largest bid the transposition key can tell apart (the bidder's points are clipped to the bid).
MAX_BID = 63


def _zobrist() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(_ZOBRIST_SEED)
    cards = rng.integers(1, 2**63, size=(MAX_SEATS, 55), dtype=np.int64).astype(np.uint64)
    leader = rng.integers(1, 2**63, size=MAX_SEATS, dtype=np.int64).astype(np.uint64)
    pips = rng.integers(1, 2**63, size=(MAX_SEATS, 128), dtype=np.int64).astype(np.uint64)
    low = rng.integers(1, 2**63, size=MAX_SEATS + 2, dtype=np.int64).astype(np.uint64)
    bid = rng.integers(1, 2**63, size=MAX_BID + 1, dtype=np.int64).astype(np.uint64)
    return cards, leader, pips, low, bid


ZOB_CARDS, ZOB_LEADER, ZOB_PIPS, ZOB_LOW, ZOB_BID = _zobrist()


@njit(cache=True)
def _legal(hand, tcards, tlen, tricks_done, eff, masks, flags):  # type: ignore[no-untyped-def]
    """The proper plays of ``hand`` (:func:`~jick.games.smear.rule_core.legal_plays`) in the trick so far."""
    return legal_plays(
        hand, tcards[0] if tlen > 0 else -1, tricks_done == 0, masks[TRUMP_SUIT], eff, masks,
        flags[F_TRUMP_ONLY] != 0, flags[F_FIRST_LEAD_TRUMP] != 0, flags[F_FOLLOW_OR_TRUMP] != 0,
    )  # fmt: skip


@njit(cache=True)
def _trick_winner(tcards, n, eff, strength, flags):  # type: ignore[no-untyped-def]
    """Position of the winning card of the first ``n`` cards (:func:`~jick.games.smear.rule_core.trick_winner`)."""
    return trick_winner(tcards, n, eff, strength, flags[F_SECOND_JOKER_WINS] != 0)


@njit(cache=True)
def _worth(points, card, low_card, low_value):  # type: ignore[no-untyped-def]
    """The points a capture of ``card`` scores, Low's (``low_value`` when it is ``low_card``) included."""
    return points[card] + (low_value if card == low_card else 0)


@njit(cache=True)
def _trick_score(tcards, n, points, pips, low_card, low_value):  # type: ignore[no-untyped-def]
    """The points and Game points of the ``n`` cards of a finished trick, and whether Low is among them."""
    gained = 0
    pip_sum = 0
    took_low = False
    for k in range(n):
        card = tcards[k]
        gained += _worth(points, card, low_card, low_value)
        pip_sum += pips[card]
        took_low = took_low or card == low_card
    return gained, pip_sum, took_low


@njit(cache=True)
def _candidates(hands, p, legal, tcards, tlen, eff, strength, points, pips, order, order_len, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` with the legal cards of seat p less equivalent ones; return the count."""
    live = np.uint64(0)
    for s in range(hands.shape[0]):
        live |= hands[s]
    for i in range(tlen):
        live |= np.uint64(1) << np.uint64(tcards[i])
    count = 0
    one = np.uint64(1)
    for suit in range(5):
        prev_mine = False
        prev_class = -1
        for i in range(order_len[suit]):
            c = order[suit, i]
            bit = one << np.uint64(c)
            if (live & bit) == 0:
                continue
            if (legal & bit) != 0:
                cls = points[c] * 1000 + pips[c]
                if not (prev_mine and cls == prev_class):
                    out[count] = c
                    count += 1
                prev_mine = True
                prev_class = cls
            else:
                prev_mine = False
    return count


@njit(cache=True)
def _game_winner(pips_side, nsides, game_value, tie_mode, bidder_side, low_side):  # type: ignore[no-untyped-def]
    """The side that wins Game at the end of the hand, or -1 (no Game point, or a tie nobody wins)."""
    if game_value == 0:
        return core.NOBODY
    return core.game_side(pips_side, nsides, tie_mode, bidder_side, low_side)


@njit(cache=True)
def _end_value(pips_side, nsides, root_side, game_value, tie_mode, bidder_side, low_side, bid, bid_pts):  # type: ignore[no-untyped-def]
    """The value of the end of the hand for the root side: Game, and the bid lost by a set bidder.

    A bidder short of ``bid`` scores ``-bid`` instead of its points (``settle_core.set_swing``), a swing
    of (its points + ``bid``) against the bidder's side.
    """
    winner = _game_winner(pips_side, nsides, game_value, tie_mode, bidder_side, low_side)
    value = 0
    if winner >= 0:
        value = game_value if winner == root_side else -game_value
    if bid > 0:
        total = bid_pts + (game_value if winner == bidder_side else 0)
        swing = core.set_swing(total, bid)
        value += swing if root_side == bidder_side else -swing
    return value


@njit(cache=True)
def _defence_end_value(  # type: ignore[no-untyped-def]
    pips_side, nsides, weight, game_value, tie_mode, bidder_side, low_side, bid, bid_pts, set_bonus
):
    """The end of the hand for defenders who combine: Game at its winner's weight, a set bidder's swing at his.

    ``weight``: per side, what a point that side scores is worth to the root
    (:func:`defence_weights`). A bidder short of ``bid`` loses (its points +
    ``bid``) and the defenders gain ``set_bonus`` besides (the match he does
    not win), each point worth ``-weight[bidder_side]`` to the root.
    """
    winner = _game_winner(pips_side, nsides, game_value, tie_mode, bidder_side, low_side)
    value = 0
    if winner >= 0:
        value = weight[winner] * game_value
    if bid > 0:
        total = bid_pts + (game_value if winner == bidder_side else 0)
        swing = core.set_swing(total, bid)  # as in _end_value: 0 when made
        if swing < 0:
            value += weight[bidder_side] * (swing - set_bonus)
    return value


#: The value of a position at the horizon of a depth-limited search: the rest of the hand counts as even
#: (``LEAF_EVEN``), is played out by every seat with the cheap open-card policy of :func:`_playout_card`
#: (``LEAF_PLAYOUT``), counts only the points already sure (``LEAF_SURE``, :func:`_sure_points`), or
#: counts those, Game once it is decided and a bidder who can no longer make the bid (``LEAF_SETTLED``,
#: :func:`_settled_value`).
LEAF_EVEN, LEAF_PLAYOUT, LEAF_SURE, LEAF_SETTLED = 0, 1, 2, 3


@njit(cache=True)
def _friendly(a, b, side, team, allies):  # type: ignore[no-untyped-def]
    """Whether seats ``a`` and ``b`` play for one side (their own, or the defenders combining)."""
    return side[a] == side[b] or (allies > 1 and team[side[a]] == 1 and team[side[b]] == 1)


@njit(cache=True)
def _playout_card(  # type: ignore[no-untyped-def]
    hands, seat, n, leader, tcards, tseats, tlen, tricks_done, side, team, allies,
    eff, strength, points, pips, masks, order, order_len, flags, beaters, low_card, low_value,
):  # fmt: skip
    """The card ``seat`` plays in a play-out at the horizon, every hand open.

    Leading: the highest trump left when the seat holds it, else its cheapest
    card (fewest points, not a trump, weakest). Following: of the cards after
    which the trick goes to the seat's side and no opponent still to play can
    beat it, the one banking the most points and Game (a seat winning the
    trick itself does so with its weakest such card); with none, its cheapest.
    """
    hand = hands[seat]
    legal = _legal(hand, tcards, tlen, tricks_done, eff, masks, flags)
    one = np.uint64(1)
    if tlen == 0:
        live = np.uint64(0)
        for s in range(n):
            live |= hands[s]
        for i in range(order_len[TRUMP_SUIT]):
            top = order[TRUMP_SUIT, i]
            if (live >> np.uint64(top)) & one:
                if (legal >> np.uint64(top)) & one:
                    return top
                break
    # the opponents still to play to this trick, and what they may play
    enemy = np.uint64(0)
    if tlen > 0:
        for k in range(tlen + 1, n):
            s = (leader + k) % n
            if not _friendly(s, seat, side, team, allies):
                enemy |= _legal(hands[s], tcards, tlen, tricks_done, eff, masks, flags)
    best = -1
    best_key = -(1 << 40)
    cheap = -1
    cheap_key = 1 << 40
    x = legal
    while x:
        c = int(_ctz(x))
        x &= x - one
        worth = _worth(points, c, low_card, low_value)
        key = worth * 10_000 + (500 if eff[c] == TRUMP_SUIT else 0) + pips[c] * 20 + strength[c]
        if key < cheap_key:
            cheap_key = key
            cheap = c
        if tlen == 0:
            continue
        tcards[tlen] = c
        w = _trick_winner(tcards, tlen + 1, eff, strength, flags)
        winner = seat if w == tlen else tseats[w]
        if not _friendly(winner, seat, side, team, allies) or (enemy & beaters[tcards[w]]) != 0:
            continue
        if w == tlen:  # the seat takes the trick: bank its points, with the weakest card that does
            key = worth * 10_000 + pips[c] * 20 - strength[c]
        else:  # a friend holds it: feed points and Game, keep the trumps
            key = worth * 10_000 + pips[c] * 20 - (500 if eff[c] == TRUMP_SUIT else 0) - strength[c]
        if key > best_key:
            best_key = key
            best = c
    return best if best >= 0 else cheap


@njit(cache=True)
def _holder(hands, n, card):  # type: ignore[no-untyped-def]
    """The seat of the first ``n`` holding ``card``, or -1 when none does (the batched kernel's too)."""
    bit = np.uint64(1) << np.uint64(card)
    for s in range(n):
        if hands[s] & bit:
            return s
    return -1


@njit(cache=True)
def _sure_points(hands, side, weight, team, allies, points, order, order_len, low_card, low_value, bidder_side):  # type: ignore[no-untyped-def]
    """The value for the root of the point trumps already sure to their holders' sides, the rest as even.

    A trump is sure to its holder's side when every live trump above it is
    held by that side (or, where the defenders combine, by the holder's
    fellow defenders): whenever it is played it takes the trick, or a friend
    takes it. Its points count at the holder's side's weight. ``allies``:
    the sides playing for the root (more than one: the defenders combine).

    Also, from the same walk, the points of the trumps sure to the side
    ``bidder_side`` (no other seat holds a live trump above them) and of those
    out of its reach (no seat of that side does): ``(value, mine, lost)``.
    """
    n = hands.shape[0]
    value = 0
    mine = 0
    lost = 0
    enemy_above = np.zeros(n, dtype=np.bool_)  # per seat: an opponent of it holds a live trump above
    bidder_above = False
    other_above = False
    for i in range(order_len[TRUMP_SUIT]):
        c = order[TRUMP_SUIT, i]
        holder = _holder(hands, n, c)
        if holder < 0:
            continue
        worth = _worth(points, c, low_card, low_value)
        if worth > 0 and not enemy_above[holder]:
            value += weight[side[holder]] * worth
        for s in range(n):
            if not _friendly(s, holder, side, team, allies):
                enemy_above[s] = True
        if side[holder] == bidder_side:
            if not other_above:
                mine += worth
            bidder_above = True
        else:
            if not bidder_above:
                lost += worth
            other_above = True
    return value, mine, lost


@njit(cache=True)
def _settled_value(  # type: ignore[no-untyped-def]
    hands, side, nsides, weight, team, allies, points, order, order_len, low_card, low_value, pips_side, rem_points,
    rem_pips, game_value, bidder_side, bid, bid_pts, set_bonus,
):  # fmt: skip
    """The value for the root of what is already settled at the horizon; the rest counts as even.

    The point trumps sure to a side (:func:`_sure_points`); Game, when one
    side leads every other by more than the Game points left; and the swing
    of a bidder who can no longer make the bid, even taking every point not
    already out of its reach (its points counted as those it is sure of).
    A trump is out of the bidder's reach when no seat of its side holds a
    live trump above it: whoever plays it, the trick goes to another side.
    """
    value, mine, lost = _sure_points(
        hands, side, weight, team, allies, points, order, order_len, low_card, low_value, bidder_side
    )
    winner = -1
    if game_value != 0:
        for s in range(nsides):
            ahead = True
            for o in range(nsides):
                if o != s and pips_side[s] - pips_side[o] <= rem_pips:
                    ahead = False
                    break
            if ahead:
                winner = s
                value += weight[s] * game_value
                break
    if 0 < bid and bid_pts < bid:
        game_left = game_value if winner < 0 or winner == bidder_side else 0
        if bid_pts + rem_points - lost + game_left < bid:
            total = bid_pts + mine + (game_value if winner == bidder_side else 0)
            swing = core.set_swing(total, bid)
            value += weight[bidder_side] * (swing - (set_bonus if allies > 1 else 0))
    return value


@njit(cache=True)
def _playout(  # type: ignore[no-untyped-def]
    hands, side, root_side, nsides, tcards, tseats, leader, tricks_done, pips_side, low_side, low_card, low_value,
    game_value, tie_mode, bidder_side, bid, bid_pts, eff, strength, points, pips, masks, order, order_len, flags,
    beaters, weight, team, allies, set_bonus,
):  # fmt: skip
    """The value for the root of playing the rest of the hand out with :func:`_playout_card` (hands restored)."""
    n = hands.shape[0]
    saved = hands.copy()
    pips_now = pips_side.copy()
    value = 0
    one = np.uint64(1)
    while hands[leader] != 0:
        for k in range(n):
            seat = (leader + k) % n
            c = _playout_card(
                hands, seat, n, leader, tcards, tseats, k, tricks_done, side, team, allies,
                eff, strength, points, pips, masks, order, order_len, flags, beaters, low_card, low_value,
            )  # fmt: skip
            hands[seat] ^= one << np.uint64(c)
            tcards[k] = c
            tseats[k] = seat
        wseat = tseats[_trick_winner(tcards, n, eff, strength, flags)]
        wside = side[wseat]
        gained, pip_sum, took_low = _trick_score(tcards, n, points, pips, low_card, low_value)
        pips_now[wside] += pip_sum
        if took_low:
            low_side = wside
        value += weight[wside] * gained
        if wside == bidder_side:
            bid_pts += gained
        leader = wseat
        tricks_done += 1
    for s in range(n):
        hands[s] = saved[s]
    if allies > 1 or weight[root_side] > 1:  # weighted sides (defenders combining, or the others' mean)
        return value + _defence_end_value(
            pips_now, nsides, weight, game_value, tie_mode, bidder_side, low_side, bid, bid_pts, set_bonus
        )
    return value + _end_value(pips_now, nsides, root_side, game_value, tie_mode, bidder_side, low_side, bid, bid_pts)


_I = types.int64
_I1 = types.int64[::1]
_I2 = types.int64[:, ::1]
_U1 = types.uint64[::1]
_U2 = types.uint64[:, ::1]
#: The kernel's signature, given so that numba compiles it once and caches it on disk (a recursive
#: function compiled lazily cannot be cached).
_SEARCH_SIGNATURE = _I(
    _U1, _I1, _I, _I, _I2, _I2, _I, _I, _I, _I, _I, _I, _I,
    _I1, _I, _I, _I, _I, _I, _I, _I, _I,
    _I1, _I1, _I1, _I1, _U1, _I2, _I1, _I1,
    _U1, _I1, _I1, _I1, _I1, _I, _I, _U2, _U1, _U2, _U1, _U1, types.uint64,
    _I, _I, _I1, _I2, _I2, _I, _I, _I1, _I1, _I, _U1, _I,
)  # fmt: skip


def _search(  # type: ignore[no-untyped-def]
    hands, side, root_side, nsides, tc2, ts2, tlen, leader, to_move, tricks_done, cards_left, rem_points, rem_pips,
    pips_side, low_side, low_card, low_value, game_value, tie_mode, bidder_side, bid, bid_pts,
    eff, strength, points, pips, masks, order, order_len, flags,
    tt_key, tt_lo, tt_hi, tt_move, tt_gen, gen, hint_gen, zob_cards, zob_leader, zob_pips, zob_low, zob_bid, hkey,
    alpha, beta, nodes, move_buf, score_buf, stop_trick, max_nodes, weight, team, set_bonus, beaters, leaf,
):  # fmt: skip
    n = hands.shape[0]
    nodes[0] += 1
    if nodes[0] > max_nodes:
        nodes[1] = 1  # cut off: every caller unwinds at once and the solve's values are discarded
        return 0
    tcards = tc2[tricks_done]
    tseats = ts2[tricks_done]
    allies = 0  # sides playing for the root: 1 unless defenders combine against the bidder
    scale = 1  # the largest weight of a point
    for s in range(nsides):
        allies += team[s]
        scale = max(scale, abs(weight[s]))
    if cards_left == 0:
        if allies > 1 or scale > 1:  # weighted sides (defenders combining, or the others' mean)
            return _defence_end_value(
                pips_side, nsides, weight, game_value, tie_mode, bidder_side, low_side, bid, bid_pts, set_bonus
            )
        return _end_value(pips_side, nsides, root_side, game_value, tie_mode, bidder_side, low_side, bid, bid_pts)
    # bounds: the points still to capture, and Game unless the Game cards left cannot change it
    game_lo = -scale * game_value
    game_hi = scale * game_value
    if game_value != 0 and allies == 1 and scale == 1:
        other_best = -1
        for s in range(nsides):
            if s != root_side and pips_side[s] > other_best:
                other_best = pips_side[s]
        mine = pips_side[root_side]
        if mine - other_best > rem_pips:
            game_lo = game_value
        elif other_best - mine > rem_pips:
            game_hi = 0 if nsides > 2 else -game_value
            if nsides == 2:
                game_lo = -game_value
    upper = game_hi + scale * rem_points
    lower = game_lo - scale * rem_points
    if bid_pts < bid:  # the bidder may still be set: a swing of less than twice the bid
        if root_side == bidder_side:
            lower -= 2 * bid * scale
        else:
            upper += (2 * bid + set_bonus) * scale
    if upper <= alpha or lower == upper:
        return upper
    if lower >= beta:
        return lower
    if tlen == 0 and tricks_done >= stop_trick:  # the horizon of a depth-limited search
        if leaf == LEAF_EVEN:
            return 0  # the rest counts as even
        if leaf == LEAF_SURE:
            return _sure_points(
                hands, side, weight, team, allies, points, order, order_len, low_card, low_value, bidder_side
            )[0]
        if leaf == LEAF_SETTLED:
            return _settled_value(
                hands, side, nsides, weight, team, allies, points, order, order_len, low_card, low_value, pips_side,
                rem_points, rem_pips, game_value, bidder_side, bid, bid_pts, set_bonus,
            )  # fmt: skip
        nodes[0] += cards_left  # a play-out costs about a position a card
        return _playout(
            hands, side, root_side, nsides, tcards, tseats, leader, tricks_done, pips_side, low_side, low_card,
            low_value, game_value, tie_mode, bidder_side, bid, bid_pts, eff, strength, points, pips, masks, order,
            order_len, flags, beaters, weight, team, allies, set_bonus,
        )  # fmt: skip
    maximize = team[side[to_move]] == 1
    key = np.uint64(0)
    slot = np.int64(0)
    tt_best = -1
    alpha0 = alpha
    beta0 = beta
    if tlen == 0:
        key = hkey ^ zob_leader[leader] ^ zob_low[low_side + 1]
        for s in range(nsides):
            key ^= zob_pips[s, pips_side[s]]
        if bid > 0:
            key ^= zob_bid[min(bid_pts, bid)]
        slot = np.int64(key & np.uint64(tt_key.shape[0] - 1))
        if tt_key[slot] == key and tt_gen[slot] >= hint_gen:
            tt_best = tt_move[slot]  # a best move of an earlier pass of this solve still orders the moves well
        if tt_gen[slot] == gen and tt_key[slot] == key:
            lo = tt_lo[slot]
            hi = tt_hi[slot]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
    legal = _legal(hands[to_move], tcards, tlen, tricks_done, eff, masks, flags)
    moves = move_buf[cards_left]
    count = _candidates(hands, to_move, legal, tcards, tlen, eff, strength, points, pips, order, order_len, moves)
    # move ordering
    scores = score_buf[cards_left]
    cur_best = -1
    cur_side = -1
    if tlen > 0:
        cur_best = _trick_winner(tcards, tlen, eff, strength, flags)
        cur_side = side[tseats[cur_best]]
        if allies > 1 and team[cur_side] == team[side[to_move]]:
            cur_side = side[to_move]  # a fellow defender's trick is fed like the seat's own side's
    my_side = side[to_move]
    for i in range(count):
        c = moves[i]
        if c == tt_best:
            scores[i] = 1_000_000
        elif tlen == 0:
            scores[i] = strength[c] * 10 + (500 if eff[c] == 4 else 0)
        else:
            tcards[tlen] = c
            w = _trick_winner(tcards, tlen + 1, eff, strength, flags)
            if w == tlen:
                if cur_side == my_side:
                    scores[i] = 100 - strength[c]
                else:
                    scores[i] = 10_000 + 100 * _worth(points, c, low_card, low_value) - strength[c]
            elif cur_side == my_side:
                scores[i] = 5000 + 100 * _worth(points, c, low_card, low_value) + pips[c]
            else:
                scores[i] = 1000 - 100 * _worth(points, c, low_card, low_value) - pips[c] - strength[c]
    # insertion sort, best first
    for i in range(1, count):
        j = i
        while j > 0 and scores[j] > scores[j - 1]:
            t = scores[j]
            scores[j] = scores[j - 1]
            scores[j - 1] = t
            t = moves[j]
            moves[j] = moves[j - 1]
            moves[j - 1] = t
            j -= 1
    best_value = -INF if maximize else INF
    best_move = moves[0]
    one = np.uint64(1)
    for i in range(count):
        c = moves[i]
        bit = one << np.uint64(c)
        hands[to_move] ^= bit
        hkey2 = hkey ^ zob_cards[to_move, c]
        tcards[tlen] = c
        tseats[tlen] = to_move
        if tlen + 1 == n:
            w = _trick_winner(tcards, n, eff, strength, flags)
            wseat = tseats[w]
            wside = side[wseat]
            gained, pip_sum, took_low = _trick_score(tcards, n, points, pips, low_card, low_value)
            new_low = wside if took_low else low_side
            pips_side[wside] += pip_sum
            sign = weight[wside]
            new_trick = tlen - tlen  # an int64 zero: a literal would make numba type a second, uncachable variant
            new_bid_pts = bid_pts
            if wside == bidder_side:
                new_bid_pts += gained
            v = sign * gained + _search(  # type: ignore[no-untyped-call]  # itself, compiled
                hands, side, root_side, nsides, tc2, ts2, new_trick, wseat, wseat, tricks_done + 1, cards_left - 1,
                rem_points - gained, rem_pips - pip_sum, pips_side, new_low, low_card, low_value, game_value, tie_mode,
                bidder_side, bid, new_bid_pts,
                eff, strength, points, pips, masks, order, order_len, flags,
                tt_key, tt_lo, tt_hi, tt_move, tt_gen, gen, hint_gen, zob_cards, zob_leader, zob_pips, zob_low, zob_bid,
                hkey2,
                alpha - sign * gained, beta - sign * gained, nodes, move_buf, score_buf, stop_trick, max_nodes,
                weight, team, set_bonus, beaters, leaf,
            )  # fmt: skip
            pips_side[wside] -= pip_sum
        else:
            v = _search(  # type: ignore[no-untyped-call]  # itself, compiled
                hands, side, root_side, nsides, tc2, ts2, tlen + 1, leader, (to_move + 1) % n, tricks_done,
                cards_left - 1, rem_points, rem_pips, pips_side, low_side, low_card, low_value, game_value, tie_mode,
                bidder_side, bid, bid_pts,
                eff, strength, points, pips, masks, order, order_len, flags,
                tt_key, tt_lo, tt_hi, tt_move, tt_gen, gen, hint_gen, zob_cards, zob_leader, zob_pips, zob_low, zob_bid,
                hkey2,
                alpha, beta, nodes, move_buf, score_buf, stop_trick, max_nodes, weight, team, set_bonus, beaters,
                leaf,
            )  # fmt: skip
        hands[to_move] ^= bit
        if nodes[1] != 0:
            return 0
        if maximize:
            if v > best_value:
                best_value = v
                best_move = c
            if v > alpha:
                alpha = v
        else:
            if v < best_value:
                best_value = v
                best_move = c
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    if tlen == 0:
        if not (tt_gen[slot] == gen and tt_key[slot] == key):
            tt_lo[slot] = -INF
            tt_hi[slot] = INF
        tt_key[slot] = key
        tt_gen[slot] = gen
        if best_value <= alpha0:
            tt_hi[slot] = best_value
        elif best_value >= beta0:
            tt_lo[slot] = best_value
        else:
            tt_lo[slot] = best_value
            tt_hi[slot] = best_value
        tt_move[slot] = best_move
    return best_value


def compiled_search() -> Any:
    """The solver's kernel, :func:`_search`, compiled at the first solve in a process (or loaded from numba's cache).

    Not at import: a process that imports the solver and never solves (a test worker collecting its tests, a
    command that plays no search bot) spends no time on it. The compile runs under the cache's lock
    (:func:`~jick.games.smear.numba_cache.compiling`), so processes starting together compile it once, and
    threads of one process once. The kernel's name then names the compiled function, which its recursive calls
    (compiled as calls to itself) and :func:`solve` use.
    """
    global _search
    if not isinstance(_search, Dispatcher):
        with compiling():
            if not isinstance(_search, Dispatcher):  # another thread compiled it while this one waited
                _search = njit(_SEARCH_SIGNATURE, cache=True, nogil=True)(_search)
    return _search


class _Table:
    """A transposition table reused across solves.

    Bounds of older solves are ignored (``gen``); their best moves order the
    search only from ``hint_floor`` on, the first generation of the current
    :func:`solve_within` (or plain :func:`solve`), so that what ran before in
    the process never changes how many positions a solve visits, and with a
    cap, what it answers.
    """

    def __init__(self, bits: int = TT_BITS) -> None:
        size = 1 << bits
        self.key = np.zeros(size, dtype=np.uint64)
        self.lo = np.zeros(size, dtype=np.int64)
        self.hi = np.zeros(size, dtype=np.int64)
        self.move = np.zeros(size, dtype=np.int64)
        self.gen = np.zeros(size, dtype=np.int64)
        self.generation = 0
        self.hint_floor = 1


#: Each thread's transposition table (bots thinking in threads, the solver's warm-up: no solve sees another's).
_TABLES = threading.local()


def _table() -> _Table:
    table: _Table | None = getattr(_TABLES, "table", None)
    if table is None:
        table = _TABLES.table = _Table()
    return table


#: ``max_nodes`` of an uncapped solve.
NO_CAP = 2**62


class SolveCutOff(Exception):
    """A solve reached its ``max_nodes`` before it finished; it has no values."""


class SolveStats(threading.local):
    """Counters of the last solve of the calling thread (the search's budget, benchmarks)."""

    def __init__(self) -> None:
        self.nodes = 0
        #: Tricks searched, None when the search was exact.
        self.horizon: int | None = None
        #: Whether :func:`solve_within` fell back to a shallower search.
        self.cut_off = False


LAST = SolveStats()

#: Set once the solver's kernels are compiled (or loaded from numba's cache) in this process.
_READY = threading.Event()
_WARM_UP: list[threading.Thread] = []
_WARM_UP_LOCK = threading.Lock()


def warm_up() -> None:
    """Compile the solver (or load it from numba's cache) in a background thread, once a process.

    The first solve of a fresh installation compiles the kernels for several seconds; a search bot calls this
    at its first decision (a bid), so that the compile runs while the hand is bid, and its card decisions keep
    their deadline meanwhile (:func:`solver_ready`). Later calls do nothing. (Not when a bot is only made: a
    process that checks its bots and then forks workers, as the arena does, must not fork in a compile.)
    """
    if _READY.is_set() or _WARM_UP:
        return
    with _WARM_UP_LOCK:
        if _WARM_UP or _READY.is_set():
            return
        thread = threading.Thread(target=_warm_up_now, args=(_READY,), name="jick-solver-warm-up", daemon=True)
        _WARM_UP.append(thread)
        thread.start()


def _warm_up_now(ready: threading.Event) -> None:
    """One small solve, which compiles every kernel a solve calls (its transposition table is this thread's)."""
    from jick.cards import card_mask
    from jick.games.smear.presets import load_preset

    try:
        hands = [card_mask(hand.split()) for hand in ("AS 2S", "KS 10H", "3S 4H", "5S JD")]
        solve(load_preset("smear_ten_point"), 0, hands, leader=0, to_move=0, root_seat=0)
    except Exception:  # noqa: S110 (the first real solve compiles again, and reports what went wrong)
        pass
    finally:
        ready.set()


def _after_fork_in_child() -> None:
    """A warm-up running at a fork does not run on in the child: forget it there (the child starts its own)."""
    global _READY, _WARM_UP_LOCK
    if not _READY.is_set():
        _READY = threading.Event()
        _WARM_UP.clear()
    _WARM_UP_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def solver_ready(timeout: float | None = None) -> bool:
    """Whether the solver is compiled, waiting up to ``timeout`` seconds for the warm-up (None: until it is).

    Starts the warm-up (:func:`warm_up`) if nothing has. A solve made before then would compile the kernels
    itself, however long that takes.

    >>> solver_ready()
    True
    """
    if _READY.is_set():
        return True
    warm_up()
    return _READY.wait(timeout)


#: Positions with more cards in play are searched a few tricks deep (5 to 8 players early in a hand).
EXACT_CARDS = 26


def default_horizon(players: int, cards_in_play: int) -> int | None:
    """Tricks to search: None (to the end) up to :data:`EXACT_CARDS` cards, else 3 tricks at 5 seats, fewer beyond.

    >>> default_horizon(4, 24), default_horizon(5, 30), default_horizon(6, 36), default_horizon(8, 48)
    (None, 3, 2, 1)
    """
    if cards_in_play <= EXACT_CARDS:
        return None
    return max(1, 8 - players)


def solve(
    rules: SmearRules,
    trump: int,
    hands: Sequence[int],
    *,
    leader: int,
    to_move: int,
    root_seat: int | None = None,
    trick: Sequence[tuple[int, int]] = (),
    tricks_done: int = 0,
    sides: Sequence[int] | None = None,
    captured_pips: Sequence[int] | None = None,
    low_card: int | None = None,
    low_side: int = -1,
    bidder_side: int = 0,
    bid: int = 0,
    bidder_points: int = 0,
    moves: Sequence[int] | None = None,
    horizon: int | None = None,
    max_nodes: int | None = None,
    fresh: bool = True,
    coalition: int = 0,
    set_bonus: int = 0,
    leaf: int = LEAF_EVEN,
    others: str = "sum",
) -> dict[int, int]:
    """Exact open-card value of each legal card (index -> value) for ``to_move``.

    ``hands``: every seat's remaining cards as masks; ``trick``: (seat, card)
    already played to the trick in progress (led by ``leader``); values are
    from ``root_seat``'s side (default: the seat to move). ``low_card``: the
    card that will be Low (default: worked out from the cards in play, which
    is exact when no trump was played before); ``low_side``: the side that
    already holds Low, if any. ``moves`` limits the cards valued (and searched).
    ``bid``: the bid the side ``bidder_side`` must make (0: none, e.g. a
    moon), with ``bidder_points`` already its own (points fixed at the deal and
    captured before the solve); a bidder that ends short of the bid swings
    its points plus the bid against its side, as the settlement does.
    ``horizon``: tricks searched (counting one in progress) before the rest
    is scored as even; by default the search is exact up to ``EXACT_CARDS``
    cards in play and a few tricks deep beyond (big tables early in a hand).
    ``max_nodes``: the most positions the solve may visit; past it the solve
    raises :class:`SolveCutOff` (see :func:`solve_within` for a solve that
    always answers). ``fresh=False`` lets the best moves of the solves since
    the last fresh one order the search (the deepening passes of one question).
    ``coalition``: at a table of more than two sides, when the root is not on
    the bidder's side, how much the defenders combine against the bidder
    (:func:`defence_weights`; 0: every other side plays against the root). The
    values are then in units of ``coalition + 1`` points. ``set_bonus``: with
    a coalition, the points setting the bidder is worth to the defenders
    besides his swing (the match he would win by making the bid). ``leaf``:
    how a depth-limited search values the rest of the hand at its horizon,
    :data:`LEAF_EVEN` (as even), :data:`LEAF_PLAYOUT` (played out by a
    cheap open-card policy, :func:`_playout_card`), :data:`LEAF_SURE`
    (the point trumps already sure to a side, :func:`_sure_points`) or
    :data:`LEAF_SETTLED` (those, Game once decided and a bidder who can no
    longer make the bid, :func:`_settled_value`). ``others``: at a table of
    more than two sides, without a coalition, whether a point another side
    takes counts against the root as much as its own (``"sum"``) or as the
    others' mean (``"mean"``: values in units of one point in ``nsides - 1``;
    :func:`defence_weights`).
    """
    if leaf not in (LEAF_EVEN, LEAF_PLAYOUT, LEAF_SURE, LEAF_SETTLED):
        raise ValueError(f"unknown leaf {leaf}")
    tables = solver_tables(rules, trump)
    n = len(hands)
    if not 0 <= bid <= MAX_BID:
        raise ValueError(f"bid {bid} outside 0..{MAX_BID}")
    if sides is None:
        sides = [rules.side_of(s) for s in range(n)]
    side = np.array(sides, dtype=np.int64)
    nsides = int(side.max()) + 1
    root = to_move if root_seat is None else root_seat
    root_side = int(side[root])
    weights, allies = defence_weights(nsides, root_side, bidder_side, coalition, others)
    if sum(allies) <= 1:
        set_bonus = 0  # the bonus is the coalition's
    weight = np.array(weights, dtype=np.int64)
    team = np.array(allies, dtype=np.int64)
    hands_arr = np.array(hands, dtype=np.uint64)
    rows = tricks_done + 20
    tc2 = np.zeros((rows, n), dtype=np.int64)
    ts2 = np.zeros((rows, n), dtype=np.int64)
    tcards = tc2[tricks_done]
    tseats = ts2[tricks_done]
    for i, (seat, card) in enumerate(trick):
        tcards[i] = card
        tseats[i] = seat
    move_buf = np.zeros((64, 20), dtype=np.int64)
    score_buf = np.zeros((64, 20), dtype=np.int64)
    tlen = len(trick)
    in_play = 0
    for mask in hands:
        in_play |= mask
    for _, card in trick:
        in_play |= 1 << card
    pts = rules.points
    low_value = pts.get("low", 0) if rules.low_award is LowAward.CAPTURED_BY else 0
    if low_card is None:
        low_card = low_card_of(rules, tables.table, in_play)
    if low_card < 0 or not in_play >> low_card & 1:
        low_card, low_value = -1, 0
    pips_side = np.zeros(nsides, dtype=np.int64)
    if captured_pips is not None:
        pips_side[: len(captured_pips)] = captured_pips
    game_value = pts.get("game", 0)
    tie_mode = GAME_TIE_CODES[GameTie(rules.game_tie)]
    if tie_mode == core.TIE_LOW_SIDE and rules.low_award is LowAward.PLAYED_BY and low_card >= 0:
        holder = [s for s in range(n) if hands[s] >> low_card & 1] + [s for s, c in trick if c == low_card]
        low_side = int(side[holder[0]])
    cards_left = sum(mask.bit_count() for mask in hands)
    if horizon is None:
        horizon = default_horizon(n, cards_left)
    stop_trick = tricks_done + horizon if horizon is not None else 1_000
    LAST.horizon = horizon
    rem_points = sum(int(tables.points[c]) for c in range(55) if in_play >> c & 1)
    rem_points += low_value if low_card >= 0 else 0
    rem_pips = sum(int(tables.pips[c]) for c in range(55) if in_play >> c & 1)
    tt = _table()
    search = compiled_search()
    legal = _legal(np.uint64(hands[to_move]), tcards, tlen, tricks_done, tables.eff, tables.suit_masks, tables.flags)
    buf = np.empty(20, dtype=np.int64)
    count = _candidates(
        hands_arr, to_move, legal, tcards, tlen, tables.eff, tables.strength, tables.points, tables.pips,
        tables.order, tables.order_len, buf,
    )  # fmt: skip
    representatives = [int(c) for c in buf[:count]]
    wanted = [c for c in range(55) if int(legal) >> c & 1] if moves is None else list(moves)
    searched = representatives
    if moves is not None:  # only the representatives of the cards asked for
        needed = {c if c in representatives else _representative(tables, c, representatives, in_play) for c in wanted}
        searched = [c for c in representatives if c in needed]
    tt.generation += 1
    if fresh:  # a new question: no move hints from earlier solves
        tt.hint_floor = tt.generation
    nodes = np.zeros(2, dtype=np.int64)  # positions visited, and 1 once the cap cut the search off
    cap = NO_CAP if max_nodes is None else max(1, max_nodes)
    values: dict[int, int] = {}
    key = np.uint64(0)
    for s in range(n):
        for c in range(55):
            if hands[s] >> c & 1:
                key ^= ZOB_CARDS[s, c]
    for card in searched:
        hands_arr[to_move] ^= np.uint64(1) << np.uint64(card)
        tc = tcards
        ts = tseats
        tc[tlen] = card
        ts[tlen] = to_move
        hkey = key ^ ZOB_CARDS[to_move, card]
        if tlen + 1 == n:
            w = int(_trick_winner(tc, n, tables.eff, tables.strength, tables.flags))
            wseat = int(ts[w])
            wside = int(side[wseat])
            scored = _trick_score(tc, n, tables.points, tables.pips, low_card, low_value)
            gained, pip_sum, took_low = int(scored[0]), int(scored[1]), bool(scored[2])
            new_low = wside if took_low else low_side
            pips_side[wside] += pip_sum
            sign = int(weight[wside])
            v = sign * gained + search(
                hands_arr, side, root_side, nsides, tc2, ts2, 0, wseat, wseat, tricks_done + 1, cards_left - 1,
                rem_points - gained, rem_pips - pip_sum, pips_side, new_low, low_card, low_value, game_value, tie_mode,
                bidder_side, bid, bidder_points + (gained if wside == bidder_side else 0),
                tables.eff, tables.strength, tables.points, tables.pips, tables.suit_masks, tables.order,
                tables.order_len, tables.flags, tt.key, tt.lo, tt.hi, tt.move, tt.gen, tt.generation, tt.hint_floor,
                ZOB_CARDS, ZOB_LEADER, ZOB_PIPS, ZOB_LOW, ZOB_BID, hkey,
                -INF, INF, nodes, move_buf, score_buf, stop_trick, cap, weight, team, set_bonus, tables.beaters, leaf,
            )  # fmt: skip
            pips_side[wside] -= pip_sum
        else:
            v = search(
                hands_arr, side, root_side, nsides, tc2, ts2, tlen + 1, leader, (to_move + 1) % n, tricks_done,
                cards_left - 1, rem_points, rem_pips, pips_side, low_side, low_card, low_value, game_value, tie_mode,
                bidder_side, bid, bidder_points,
                tables.eff, tables.strength, tables.points, tables.pips, tables.suit_masks, tables.order,
                tables.order_len, tables.flags, tt.key, tt.lo, tt.hi, tt.move, tt.gen, tt.generation, tt.hint_floor,
                ZOB_CARDS, ZOB_LEADER, ZOB_PIPS, ZOB_LOW, ZOB_BID, hkey,
                -INF, INF, nodes, move_buf, score_buf, stop_trick, cap, weight, team, set_bonus, tables.beaters, leaf,
            )  # fmt: skip
        hands_arr[to_move] ^= np.uint64(1) << np.uint64(card)
        if nodes[1]:
            LAST.nodes = int(nodes[0])
            raise SolveCutOff(f"the solve reached its cap of {cap} positions")
        values[card] = int(v)
    LAST.nodes = int(nodes[0])
    # equivalent cards share the value of the representative above them in their suit
    out: dict[int, int] = {}
    for card in wanted:
        out[card] = values[card] if card in values else values[_representative(tables, card, representatives, in_play)]
    return out


def defence_weights(
    nsides: int, root_side: int, bidder_side: int, coalition: int, others: str = "sum"
) -> tuple[list[int], list[int]]:
    """Per side, what a point it scores is worth to ``root_side``, and whether it plays for the root.

    The root's value is its own points less every other side's, plus
    ``coalition`` times the defenders' points less the bidder's: a point is
    worth ``coalition + 1`` to the root, ``coalition - 1`` to a fellow
    defender and ``-(coalition + 1)`` to the bidder. With a coalition the
    fellow defenders play with the root; without (or for the bidder's side, or
    at two sides) every other side plays against it.

    >>> defence_weights(5, 2, 0, 2)
    ([-3, 1, 3, 1, 1], [0, 1, 1, 1, 1])
    >>> defence_weights(5, 2, 0, 0)
    ([-1, -1, 1, -1, -1], [0, 0, 1, 0, 0])

    With ``others="mean"`` and no coalition, the root plays for its own
    points less the other sides' mean, in units of one point in ``nsides - 1``:

    >>> defence_weights(3, 1, 0, 0, others="mean")
    ([-1, 2, -1], [0, 1, 0])
    """
    if others not in OTHERS:
        raise ValueError(f"unknown others {others!r}; use one of: {', '.join(OTHERS)}")
    if coalition <= 0 or nsides <= 2 or root_side == bidder_side:
        own = nsides - 1 if others == "mean" and nsides > 2 else 1
        return [own if s == root_side else -1 for s in range(nsides)], [int(s == root_side) for s in range(nsides)]
    weights = [coalition + 1 if s == root_side else coalition - 1 for s in range(nsides)]
    weights[bidder_side] = -(coalition + 1)
    return weights, [int(s != bidder_side) for s in range(nsides)]


def _representative(tables: SolverTables, card: int, representatives: list[int], live: int) -> int:
    suit = int(tables.eff[card])
    order = [int(c) for c in tables.order[suit, : tables.order_len[suit]]]
    at = order.index(card)
    for c in reversed(order[:at]):
        if c in representatives:
            return c
    raise ValueError(f"no representative for card {card}")


#: How a point another side takes counts against the root without a coalition (:func:`defence_weights`).
OTHERS = ("sum", "mean")
#: How many times the positions of one trick deeper a deepening pass is first guessed to cost (measured at six
#: seats: 2 to 57 times, median about 30); a pass not expected to fit in what is left is not started.
DEEPER_COST = 8


def solve_within(
    rules: SmearRules, trump: int, hands: Sequence[int], *, max_nodes: int, deepen: int = 0, **kwargs: Any
) -> dict[int, int]:
    """:func:`solve` that always answers within about ``max_nodes`` positions in all.

    The solve runs first at its usual depth (exact, or a few tricks deep on
    big tables) with half the cap. If that is not enough, the search deepens
    one trick at a time from a single trick, each pass capped by what is
    left, and the values of the deepest finished pass stand (the trick in
    progress is always finished, so every card has a value). The answer is the same for
    the same inputs: the cap counts positions, not seconds.
    With ``deepen``, a solve that stopped at its usual horizon (big tables
    early in a hand) is searched again one trick deeper at a time while the
    passes fit in ``deepen`` positions in all (and within ``max_nodes``), and
    the deepest finished pass stands.

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.cards import card_mask
    >>> rules = load_preset("smear_ten_point")
    >>> hands = [card_mask(h.split()) for h in ("AS 2S", "KS 10H", "3S 4H", "5S JD")]
    >>> capped = solve_within(rules, 0, hands, leader=0, to_move=0, max_nodes=10_000)
    >>> capped == solve(rules, 0, hands, leader=0, to_move=0)
    True
    """
    try:
        first = max_nodes if max_nodes >= NO_CAP else max(1, max_nodes // 2)
        values = solve(rules, trump, hands, max_nodes=first, **kwargs)
        LAST.cut_off = False
        if deepen and LAST.horizon is not None:
            return _deepen(rules, trump, hands, values, min(deepen, max_nodes), kwargs)
        return values
    except SolveCutOff:
        used = LAST.nodes
    kwargs.pop("horizon", None)
    tricks_left = max(mask.bit_count() for mask in hands)
    best: dict[int, int] | None = None
    horizon = 1
    total = used
    while best is None or horizon < tricks_left:
        left = max_nodes - total
        if best is not None and left <= 0:
            break
        try:
            # the first pass (one trick) always finishes: it is what every card is valued by at worst
            cap = left if best is not None else None
            best = solve(rules, trump, hands, horizon=horizon, max_nodes=cap, fresh=False, **kwargs)
            total += LAST.nodes
            LAST.horizon = horizon
        except SolveCutOff:
            total += LAST.nodes
            break
        horizon += 1
    assert best is not None
    LAST.nodes = total
    LAST.cut_off = True
    return best


def _deepen(
    rules: SmearRules, trump: int, hands: Sequence[int], values: dict[int, int], allowance: int, kwargs: dict[str, Any]
) -> dict[int, int]:
    """The values of ``values``' depth-limited solve (just run), searched deeper while it fits in ``allowance``.

    Each pass is one trick deeper than the last finished one, ordered by its
    moves (``fresh=False``) and capped by what is left; a pass that would
    reach the end of the hand is exact. A pass guessed to cost more than what
    is left (:data:`DEEPER_COST` times the last) is not started.
    """
    horizon = LAST.horizon
    assert horizon is not None
    total = last = LAST.nodes
    tricks_left = max(mask.bit_count() for mask in hands)
    kwargs = {key: value for key, value in kwargs.items() if key != "horizon"}
    while horizon < tricks_left:
        left = allowance - total
        if last * DEEPER_COST > left:
            break
        try:
            values = solve(rules, trump, hands, horizon=horizon + 1, max_nodes=left, fresh=False, **kwargs)
        except SolveCutOff:
            total += LAST.nodes
            break
        last = LAST.nodes
        total += last
        horizon += 1
    LAST.nodes = total
    LAST.horizon = horizon if horizon < tricks_left else None
    LAST.cut_off = False
    return values
