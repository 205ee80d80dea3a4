"""The compiled kernels behind :mod:`jick.games.smear.playouts`.

Every function here is numba code over plain arrays: card sets are ``uint64``
bitmasks, the rule set is an ``int64`` array of switches (the ``C_*`` slots)
and the card facts of the four trump suits are stacked tables. The kernels
follow :class:`~jick.games.smear.state.SmearState` step by step (deal, misdeal
offers, auction, kitty, trump, discards, the call of a partner, tricks, scoring),
with the engine's own rule functions (:mod:`~jick.games.smear.deal_core`,
:mod:`~jick.games.smear.rule_core`, :mod:`~jick.games.smear.settle_core`), so a
recorded hand replays through the engine to the same points; ``tests/test_playouts.py``
checks that. Randomness is a splitmix64 stream per hand, seeded from the
caller's seed and the hand's number, so hand ``i`` does not depend on how many
hands were asked for.

>>> _popcount(np.uint64(0b1011)), _kth_bit(np.uint64(0b1011), 2)
(3, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from jick.cards import HJ, LJ
from jick.games.smear.ids import (
    BID_BASE,
    CALL_BASE,
    DISCARD_BASE,
    DONE_ID,
    KEEP_ID,
    MOON_ID,
    PASS_ID,
    SMUDGE_ID,
    TRUMP_BASE,
)
from jick.games.smear.numba_cache import shared_module
from jick.games.smear.solver import _holder, _legal, _trick_winner
from jick.games.smear.tables import TRUMP

if TYPE_CHECKING:
    from jick.games.smear import deal_core as deal
    from jick.games.smear import settle_core as core
    from jick.games.smear.rule_core import naming_leads, playable
else:  # the cores with Python bytecode for numba, an interpreted copy in the compiled build (numba_cache)
    deal = shared_module("deal_core")
    core = shared_module("settle_core")
    _rule_core = shared_module("rule_core")
    naming_leads, playable = _rule_core.naming_leads, _rule_core.playable

# Slots of the rule switches (``cfg``).
(
    C_N,
    C_SIDES,
    C_HAND,
    C_PACKET,
    C_KITTY,
    C_DECK,
    C_MIN_BID,
    C_MAX_BID,
    C_MOON,
    C_FORCED,
    C_MISDEAL,
    C_DISCARD,
    C_MAND_NT,
    C_ROBS,
    C_BURY_NS,
    C_PENALIZE,
    C_TRUMP_ONLY,
    C_LOW_DEUCE,
    C_LOW_PLAYED,
    C_TIE,
    C_MOON_DEFINED,
    C_SHARED,
    C_MAX_POINTS,
    C_BY_LEAD,
    C_HIGH_PLAYED,
    C_MATCH,
    C_LOW_SUITED,
    C_DIFFERENCE,
    C_SMUDGE,
    C_SMUDGE_VALUE,
    C_DEALER_SET,
    C_ROUNDS,
    C_CALL,
) = range(33)
CFG_SIZE = 33
#: ``cfg[C_SMUDGE]`` codes (:mod:`~jick.games.smear.deal_core`'s).
SMUDGE_OFF, SMUDGE_ALL_POINTS, SMUDGE_ALL_TRICKS = deal.SMUDGE_OFF, deal.SMUDGE_ALL_POINTS, deal.SMUDGE_ALL_TRICKS
#: The kernels' ``bid`` of a moon and of a smudge (a bid of points is its number).
MOON_BID, SMUDGE_BID = -1, -2
#: The bidder :func:`_deal_and_bid` returns for a void deal: a misdeal (same dealer), everyone passed.
VOID_MISDEAL, VOID_ALL_PASSED = -1, -2
#: ``cfg[C_MISDEAL]`` and ``cfg[C_DISCARD]`` codes.
MISDEAL_OFF, MISDEAL_MANDATORY, MISDEAL_OPTIONAL = 0, 1, 2
DISCARD_FREE, DISCARD_NONTRUMP, DISCARD_REFILL = deal.DISCARD_FREE, deal.DISCARD_NONTRUMP, deal.DISCARD_REFILL
#: Card-play policies.
POLICY_RANDOM, POLICY_GREEDY = 0, 1
#: Point slots, in the order of ``playouts.KERNEL_POINT_NAMES`` (High, Low and Game; the rest are captured cards).
P_HIGH, P_LOW, P_GAME = 0, 1, 9
NUM_POINTS = 15
#: Most actions one deal can take (offers, bids, trump, every discard and play), with room to spare: an auction
#: of laps (``auction_laps = rounds``) can take two turns per number up to the highest bid (a dealer who matches).
MAX_ACTIONS = 320
MAX_SEATS = 8
FULL_HAND = deal.FULL_HAND


#: Index of the lowest set bit (an LLVM intrinsic; untyped for mypy).
_ctz: Any = trailing_zeros
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S1, _S2, _S4, _S27, _S30, _S31, _S32, _S56 = (np.uint64(k) for k in (1, 2, 4, 27, 30, 31, 32, 56))


def _rank_mask(rank: int) -> int:
    return sum(1 << (13 * s + rank) for s in range(4))


#: Game-point ranks (A=4, K=3, Q=2, J=1, 10=10) and the ranks 3..9 of a low hand.
_ACES, _KINGS, _QUEENS, _JACKS, _TENS = (np.uint64(_rank_mask(r)) for r in (12, 11, 10, 9, 8))
_LOW_RANKS: Any = np.uint64(sum(_rank_mask(r) for r in range(1, 8)))
#: The 52 suited cards (a joker has no suit, so it cannot make the lead that names trump).
_SUITED: Any = np.uint64((1 << 52) - 1)


@njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]
    x = x - ((x >> _S1) & _M1)
    x = (x & _M2) + ((x >> _S2) & _M2)
    x = (x + (x >> _S4)) & _M4
    return np.int64((x * _H01) >> _S56)


@njit(cache=True)
def _kth_bit(x, k):  # type: ignore[no-untyped-def]
    """Index of the ``k``-th (0-based) set bit of ``x``."""
    for _ in range(k):
        x &= x - _ONE
    return np.int64(_ctz(x))


@njit(cache=True)
def _bit(card):  # type: ignore[no-untyped-def]
    return _ONE << np.uint64(card)


@njit(cache=True)
def _next_u64(rng):  # type: ignore[no-untyped-def]
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def _below(rng, k):  # type: ignore[no-untyped-def]
    """A uniform integer in ``0 .. k-1``."""
    return np.int64(((_next_u64(rng) >> _S32) * np.uint64(k)) >> _S32)


@njit(cache=True)
def _seed_stream(rng, seed, index):  # type: ignore[no-untyped-def]
    rng[0] = np.uint64(seed) * _MIX1 + np.uint64(index) * _GOLDEN
    _next_u64(rng)
    rng[0] ^= _next_u64(rng)


@njit(cache=True)
def _pips(mask):  # type: ignore[no-untyped-def]
    return (
        4 * _popcount(mask & _ACES)
        + 3 * _popcount(mask & _KINGS)
        + 2 * _popcount(mask & _QUEENS)
        + _popcount(mask & _JACKS)
        + 10 * _popcount(mask & _TENS)
    )


@njit(cache=True)
def _next_in(part, seat, n):  # type: ignore[no-untyped-def]
    for i in range(n):
        s = (seat + i) % n
        if (part >> np.uint64(s)) & _ONE:
            return s
    return -1


@njit(cache=True)
def _holders(hands, n, trumps):  # type: ignore[no-untyped-def]
    part = _ZERO
    for s in range(n):
        if hands[s] & trumps:
            part |= _bit(s)
    return part


@njit(cache=True)
def _lowest(cards, strength, rng):  # type: ignore[no-untyped-def]
    """A card of the lowest strength in ``cards`` (uniform among equals)."""
    best = 1 << 20
    tied = _ZERO
    x = cards
    while x:
        c = np.int64(_ctz(x))
        x &= x - _ONE
        s = strength[c]
        if s < best:
            best = s
            tied = _bit(c)
        elif s == best:
            tied |= _bit(c)
    count = _popcount(tied)
    return _kth_bit(tied, _below(rng, count) if count > 1 else 0)


@njit(cache=True)
def _greedy(legal, seat, side, tcards, tseats, tlen, eff, strength, flags, rng):  # type: ignore[no-untyped-def]
    """The cheap policy: lowest card when leading or a partner wins, else the lowest card that wins, else the lowest."""
    if tlen == 0:
        return _lowest(legal, strength, rng)
    w = _trick_winner(tcards, tlen, eff, strength, flags)
    if side[tseats[w]] == side[seat]:
        return _lowest(legal, strength, rng)
    winning = _ZERO
    x = legal
    while x:
        c = np.int64(_ctz(x))
        x &= x - _ONE
        tcards[tlen] = c
        if _trick_winner(tcards, tlen + 1, eff, strength, flags) == tlen:
            winning |= _bit(c)
    if winning:
        return _lowest(winning, strength, rng)
    return _lowest(legal, strength, rng)


@njit(cache=True)
def _play_tricks(  # type: ignore[no-untyped-def]
    cfg, side, hands, played, captured, tcards, tseats, st, eff, strength, masks, flags, policy, rng, actions
):
    """Play to the end of the hand from the position in ``st``; append the card ids to ``actions``.

    ``st``: tlen, leader, to_move, tricks done, part (trump-only participants), reneged sides,
    play count, HJ's and LJ's places in the play order, actions taken (``actions`` length).
    """
    n = cfg[C_N]
    trumps = masks[4]
    penalize = cfg[C_PENALIZE] != 0
    trump_only = cfg[C_TRUMP_ONLY] != 0
    part = np.uint64(st[4])
    while True:
        tlen = st[0]
        seat = st[2]
        hand = hands[seat]
        proper = _legal(hand, tcards, tlen, st[3], eff, masks, flags)
        legal = playable(hand, proper, penalize)
        if policy == POLICY_GREEDY:
            c = _greedy(legal, seat, side, tcards, tseats, tlen, eff, strength, flags, rng)
        else:
            c = _kth_bit(legal, _below(rng, _popcount(legal)))
        b = _bit(c)
        if penalize and not (proper & b):
            st[5] |= 1 << side[seat]
        hands[seat] = hand ^ b
        played[seat] |= b
        if c == HJ:
            st[7] = st[6]
        elif c == LJ:
            st[8] = st[6]
        st[6] += 1
        actions[st[9]] = c
        st[9] += 1
        tcards[tlen] = c
        tseats[tlen] = seat
        tlen += 1
        if tlen < _popcount(part):
            st[0] = tlen
            st[2] = _next_in(part, (seat + 1) % n, n)
            continue
        w = tseats[_trick_winner(tcards, tlen, eff, strength, flags)]
        trick = _ZERO
        for i in range(tlen):
            trick |= _bit(tcards[i])
        captured[side[w]] |= trick
        st[0] = 0
        st[3] += 1
        if trump_only:
            part = _holders(hands, n, trumps)
            st[4] = np.int64(part)
            if not part:
                return
            w = _next_in(part, w, n)
        elif hands[w] == 0:
            return
        st[1] = w
        st[2] = w


@njit(cache=True)
def _settle(  # type: ignore[no-untyped-def]
    cfg, side, trump, played, captured, bidder, bid, reneged, hj_at, lj_at, before,
    strength, order, order_len, point_cards, values, points, deltas,
):  # fmt: skip
    """Score the hand (SPEC 1.11 to 1.12) into ``points`` and ``deltas``; return whether the bidder made it.

    ``bid``: the number bid, or :data:`MOON_BID`, :data:`SMUDGE_BID`; ``before``: the sides' scores before
    the hand (a moon from below zero resets). Every number comes from :mod:`jick.games.smear.settle_core`, as
    in the engine's scoring.
    """
    n = cfg[C_N]
    k = cfg[C_SIDES]
    trumps = order[TRUMP]
    n_trumps = order_len[TRUMP]
    all_played = core.union(played, n)
    low = core.low_card(
        all_played, trump, cfg[C_LOW_DEUCE] != 0, cfg[C_LOW_SUITED] != 0, trumps, n_trumps, strength,
        cfg[C_SHARED] != 0, hj_at, lj_at,
    )  # fmt: skip
    low_side = core.NOBODY
    if cfg[C_LOW_PLAYED]:
        seat = core.holder(low, played, n)
        if seat >= 0:
            low_side = side[seat]
    else:
        low_side = core.holder(low, captured, k)
    bidder_side = side[bidder]
    award = np.empty(NUM_POINTS, dtype=np.int64)
    value = np.empty(NUM_POINTS, dtype=np.int64)
    pips = np.empty(k, dtype=np.int64)
    count = 0
    for p in range(NUM_POINTS):
        if values[p] == 0:  # a point the rules do not define
            continue
        if p == P_HIGH:
            high = core.high_card(all_played, trump, cfg[C_HIGH_PLAYED] == 0, trumps, n_trumps)
            seat = core.holder(high, played, n)
            award[count] = side[seat] if seat >= 0 else core.NOBODY
        elif p == P_LOW:
            award[count] = low_side
        elif p == P_GAME:
            for s in range(k):
                pips[s] = _pips(captured[s])
            award[count] = core.game_side(pips, k, cfg[C_TIE], bidder_side, low_side)
        else:
            award[count] = core.holder(point_cards[trump, p], captured, k)
        value[count] = values[p]
        count += 1
    core.side_points(award, value, count, k, points)
    kind = core.BID_POINTS
    if bid == MOON_BID:
        kind = core.BID_MOON
    elif bid == SMUDGE_BID:
        kind = core.BID_SMUDGE
        bid = cfg[C_SMUDGE_VALUE]
    swept = True  # the bidder's side won every trick: no other side captured a card
    for s in range(k):
        if s != bidder_side and captured[s] != _ZERO:
            swept = False
    every_trick = cfg[C_SMUDGE] == SMUDGE_ALL_TRICKS
    made = core.bid_made(
        kind, points, bid, bidder_side, award, count, reneged, cfg[C_MOON_DEFINED] != 0, every_trick, swept
    )
    core.hand_deltas(
        kind, made, points, k, bidder_side, bid, before, reneged, cfg[C_MAX_POINTS], cfg[C_SMUDGE_VALUE],
        cfg[C_DIFFERENCE] != 0, deltas,
    )  # fmt: skip
    return made


@njit(cache=True)
def _discard_turn(cfg, hands, seat, dealer, deck, pos, trumps, nonscoring, rng, actions, na):  # type: ignore[no-untyped-def]
    """One seat's discards (and refill), each a uniform choice of :func:`~.deal_core.discard_choices`.

    Return the new stock position and action count.
    """
    mode = cfg[C_DISCARD]
    size = cfg[C_DECK]
    hand = hands[seat]
    robbed = deal.robs_the_pack(mode, seat, dealer, cfg[C_ROBS] != 0)
    if robbed:
        while pos < size:
            hand |= _bit(deck[pos])
            pos += 1
    left = deal.discards_due(mode, _popcount(hand), robbed)
    turn_trumps = _popcount(hand & trumps) if mode == DISCARD_REFILL else 0
    bury_ns = cfg[C_BURY_NS] != 0
    mandatory = cfg[C_MAND_NT] != 0
    while left != 0:
        cards, done_ok = deal.discard_choices(
            mode, hand, trumps, nonscoring, left, turn_trumps, size - pos, bury_ns, mandatory
        )
        count = _popcount(cards)
        r = _below(rng, count + (1 if done_ok else 0))
        if r == count:
            need = FULL_HAND - _popcount(hand)
            for _ in range(need):
                if pos < size:
                    hand |= _bit(deck[pos])
                    pos += 1
            actions[na] = DONE_ID
            na += 1
            break
        c = _kth_bit(cards, r)
        hand ^= _bit(c)
        actions[na] = DISCARD_BASE + c
        na += 1
        if left > 0:
            left -= 1
    hands[seat] = hand
    return pos, na


@njit(cache=True)
def _deal_and_bid(cfg, deck, dealer, hands, rng, actions):  # type: ignore[no-untyped-def]
    """Deal ``deck``, run the misdeal offers and the auction; return (bidder, bid, stock position, actions).

    The bidder is :data:`VOID_MISDEAL` or :data:`VOID_ALL_PASSED` when the deal is void; ``bid`` is the number
    bid, :data:`MOON_BID` or :data:`SMUDGE_BID`.
    """
    n = cfg[C_N]
    kitty, idx = deal.deal_hands(deck, dealer, n, cfg[C_HAND], cfg[C_PACKET], cfg[C_KITTY], hands)
    na = 0
    if cfg[C_MISDEAL] != MISDEAL_OFF:
        asked = 0
        while True:
            s = deal.next_low_hand(hands, n, dealer, asked, _LOW_RANKS)
            if s < 0:
                break
            if cfg[C_MISDEAL] == MISDEAL_MANDATORY:
                return VOID_MISDEAL, 0, idx, na
            if _below(rng, 2) == 0:
                return VOID_MISDEAL, 0, idx, na
            actions[na] = KEEP_ID
            na += 1
            asked = (s - dealer - 1) % n + 1
    bidder, bid, na = _auction(cfg, dealer, rng, actions, na)
    if bidder >= 0:
        hands[bidder] |= np.uint64(kitty)
    return bidder, bid, idx, na


@njit(cache=True)
def _auction(cfg, dealer, rng, actions, na):  # type: ignore[no-untyped-def]
    """A uniformly random auction over the calls :mod:`~jick.games.smear.deal_core` allows.

    Return (bidder, bid, actions taken); the bidder is :data:`VOID_ALL_PASSED` when nobody bid.
    """
    n = cfg[C_N]
    high = 0
    bidder = -1
    bid = 0
    passed = 0
    seat = (dealer + 1) % n
    turns = 0
    # a new match: no side is in the hole
    smudge = 1 if deal.may_smudge(cfg[C_SMUDGE], 0) else 0
    match = cfg[C_MATCH] != 0
    forced = cfg[C_FORCED] != 0
    laps = cfg[C_ROUNDS] != 0
    while True:
        low = deal.lowest_bid(high, cfg[C_MIN_BID], seat, dealer, match)
        n_bids = max(0, cfg[C_MAX_BID] - low + 1)
        may_pass = deal.may_pass(seat, dealer, bidder, forced)
        r = _below(rng, n_bids + cfg[C_MOON] + smudge + (1 if may_pass else 0))
        if r < n_bids:
            high = low + r
            bidder = seat
            bid = high
            actions[na] = BID_BASE + high
        elif r == n_bids and cfg[C_MOON]:
            bidder = seat
            bid = MOON_BID
            actions[na] = MOON_ID
        elif r == n_bids + cfg[C_MOON] and smudge:
            bidder = seat
            bid = SMUDGE_BID
            actions[na] = SMUDGE_ID
        else:
            passed |= 1 << seat
            actions[na] = PASS_ID
        na += 1
        turns += 1
        seat = deal.next_caller(seat, n, passed, turns, bidder, laps, bid < 0)  # a moon or a smudge ends it
        if seat == deal.AUCTION_OVER:
            break
    if bidder < 0:
        return VOID_ALL_PASSED, 0, na
    return bidder, bid, na


@njit(cache=True)
def random_hands_kernel(  # type: ignore[no-untyped-def]
    cfg, side, deck_cards, seed, first, eff4, strength4, masks4, order4, order_len4, nonscoring4, flags,
    point_cards, values, record, points, deltas, made, dealers, bidders, bids, trumps, redeals, decks, actions, lengths,
):  # fmt: skip
    """Play ``points.shape[0]`` random hands (numbered from ``first``) into the output arrays."""
    n = cfg[C_N]
    size = cfg[C_DECK]
    hands = np.zeros(MAX_SEATS, dtype=np.uint64)
    played = np.zeros(MAX_SEATS, dtype=np.uint64)
    captured = np.zeros(MAX_SEATS, dtype=np.uint64)
    tcards = np.zeros(MAX_SEATS, dtype=np.int64)
    tseats = np.zeros(MAX_SEATS, dtype=np.int64)
    st = np.zeros(10, dtype=np.int64)
    deck = np.zeros(size, dtype=np.int64)
    abuf = np.zeros(MAX_ACTIONS, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    before = np.zeros(MAX_SEATS, dtype=np.int64)
    hand_side = side.copy()  # the sides of the hand: a called partner's seat is on the bidder's side
    deck_mask = _ZERO
    for i in range(size):
        deck_mask |= _bit(deck_cards[i])
    for h in range(points.shape[0]):
        _seed_stream(rng, seed, first + h)
        dealer = _below(rng, n)
        void = 0
        while True:
            for i in range(size):
                deck[i] = deck_cards[i]
            for i in range(size - 1, 0, -1):
                j = _below(rng, i + 1)
                t = deck[i]
                deck[i] = deck[j]
                deck[j] = t
            bidder, bid, pos, na = _deal_and_bid(cfg, deck, dealer, hands, rng, abuf)
            if bidder >= 0:
                break
            void += 1
            if bidder == VOID_ALL_PASSED and cfg[C_DEALER_SET]:  # the dealer is set: the next one deals
                dealer = (dealer + 1) % n
        by_lead = cfg[C_BY_LEAD] != 0
        lead = -1
        if by_lead:  # no call and no discard: the pitcher's first lead (a card with a suit) names trump
            cards = naming_leads(hands[bidder], _SUITED)
            lead = _kth_bit(cards, _below(rng, _popcount(cards)))
            trump = lead // 13
        else:
            trump = _below(rng, 4)
            abuf[na] = TRUMP_BASE + trump
            na += 1
        eff = eff4[trump]
        strength = strength4[trump]
        masks = masks4[trump]
        tmask = masks[4]
        seat = (dealer + 1) % n
        for _ in range(0 if by_lead else n):
            pos, na = _discard_turn(cfg, hands, seat, dealer, deck, pos, tmask, nonscoring4[trump], rng, abuf, na)
            seat = (seat + 1) % n
        for s in range(MAX_SEATS):
            played[s] = _ZERO
            captured[s] = _ZERO
        partner = -1
        if cfg[C_CALL]:  # hands final and trump known: the bidder calls a card it lacks; its holder is the partner
            cards = deck_mask & ~hands[bidder]
            called = _kth_bit(cards, _below(rng, _popcount(cards)))
            abuf[na] = CALL_BASE + called
            na += 1
            partner = _holder(hands, n, called)
            if partner >= 0:  # the pair is the bidder's side for this hand
                hand_side[partner] = side[bidder]
        part = np.uint64((1 << n) - 1)
        leader = bidder
        if cfg[C_TRUMP_ONLY]:
            part = _holders(hands, n, tmask)
            leader = _next_in(part, bidder, n)
        st[0] = 0
        st[1] = leader
        st[2] = leader
        st[3] = 0
        st[4] = np.int64(part)
        st[5] = 0
        st[6] = 0
        st[7] = -1
        st[8] = -1
        st[9] = na
        if by_lead:
            b = _bit(lead)
            hands[bidder] ^= b
            played[bidder] |= b
            tcards[0] = lead
            tseats[0] = bidder
            abuf[na] = lead
            st[0] = 1
            st[2] = (bidder + 1) % n
            st[6] = 1
            st[9] = na + 1
        if part:
            _play_tricks(
                cfg, hand_side, hands, played, captured, tcards, tseats, st, eff, strength, masks, flags,
                POLICY_RANDOM, rng, abuf,
            )  # fmt: skip
        made[h] = _settle(
            cfg, hand_side, trump, played, captured, bidder, bid, st[5], st[7], st[8], before,
            strength, order4[trump], order_len4[trump], point_cards, values, points[h], deltas[h],
        )  # fmt: skip
        if partner >= 0:  # the partner's seat scores what the bidder scores (docs/pitch.md, PC51)
            deltas[h, side[partner]] = deltas[h, side[bidder]]
            hand_side[partner] = side[partner]
        dealers[h] = dealer
        bidders[h] = bidder
        bids[h] = bid
        trumps[h] = trump
        redeals[h] = void
        if record:
            na = st[9]
            lengths[h] = na
            for i in range(na):
                actions[h, i] = abuf[i]
            for i in range(na, actions.shape[1]):
                actions[h, i] = -1
            for i in range(size):
                decks[h, i] = deck[i]


@njit(cache=True)
def play_out_kernel(  # type: ignore[no-untyped-def]
    cfg, side, seed, policy, trump, hands0, played0, captured0, tcards0, tseats0, st0, bidder, bid, before,
    eff, strength, masks, order, order_len, flags, point_cards, values, record, points, deltas, made, actions, lengths,
    partner_side,
):  # fmt: skip
    """Play ``points.shape[0]`` continuations of one play-phase position into the output arrays.

    ``side``: the sides of this hand (a called partner on the bidder's side); ``partner_side``: the
    partner's own side, which scores the bidder's change of score (-1: no partner).
    """
    hands = np.zeros(MAX_SEATS, dtype=np.uint64)
    played = np.zeros(MAX_SEATS, dtype=np.uint64)
    captured = np.zeros(MAX_SEATS, dtype=np.uint64)
    tcards = np.zeros(MAX_SEATS, dtype=np.int64)
    tseats = np.zeros(MAX_SEATS, dtype=np.int64)
    st = np.zeros(10, dtype=np.int64)
    abuf = np.zeros(MAX_ACTIONS, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    for b in range(points.shape[0]):
        _seed_stream(rng, seed, b)
        for s in range(MAX_SEATS):
            hands[s] = hands0[s]
            played[s] = played0[s]
            captured[s] = captured0[s]
            tcards[s] = tcards0[s]
            tseats[s] = tseats0[s]
        for i in range(10):
            st[i] = st0[i]
        st[9] = 0
        if st[4] != 0:
            _play_tricks(
                cfg, side, hands, played, captured, tcards, tseats, st, eff, strength, masks, flags, policy, rng, abuf
            )
        made[b] = _settle(
            cfg, side, trump, played, captured, bidder, bid, st[5], st[7], st[8], before,
            strength, order, order_len, point_cards, values, points[b], deltas[b],
        )  # fmt: skip
        if partner_side >= 0:
            deltas[b, partner_side] = deltas[b, side[bidder]]
        if record:
            na = st[9]
            lengths[b] = na
            for i in range(na):
                actions[b, i] = abuf[i]
            for i in range(na, actions.shape[1]):
                actions[b, i] = -1
