"""Smear's rules before the first card, written once: the deal, the low-hand misdeal, the auction, the discards.

Plain functions over ints and indexable sequences, as in :mod:`~jick.games.smear.rule_core`:
the engine (:mod:`~jick.games.smear.state`) calls them with Python ints and lists,
the batched play-outs (:mod:`~jick.games.smear.playout_kernel`) inside ``@njit`` code
with ``uint64`` masks and numpy arrays. The module does not import numba:
:func:`~jick.games.smear.numba_cache.register_shared_rules` hands every function of
:data:`JITABLE` to ``register_jitable`` (and drops numba's cache when this file changed).
The compiled build (``JICK_COMPILE=1``) compiles it with mypyc for the engine; numba
then reads an interpreted copy (:func:`~jick.games.smear.numba_cache.shared_module`).

Rule switches are ints or bools (the ``*_OFF``/``DISCARD_*`` codes below), never the
option enums, so compiled code can pass them. Card sets are bitmasks (bit ``i`` = card ``i``).

>>> lowest_bid(3, 2, 0, 0, True), lowest_bid(3, 2, 1, 0, True), lowest_bid(0, 2, 0, 0, True)
(3, 4, 2)
>>> next_caller(3, 4, 0, 4, 1, False, False)  # one turn each: the fourth call ends the auction
-1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jick.games.smear.settle_core import Ints, MutableInts

__all__ = [
    "AUCTION_OVER",
    "DISCARD_FREE",
    "DISCARD_NONTRUMP",
    "DISCARD_REFILL",
    "FULL_HAND",
    "JITABLE",
    "SMUDGE_ALL_POINTS",
    "SMUDGE_ALL_TRICKS",
    "SMUDGE_OFF",
    "count_cards",
    "deal_hands",
    "discard_choices",
    "discards_due",
    "is_low_hand",
    "lowest_bid",
    "may_pass",
    "may_smudge",
    "next_caller",
    "next_low_hand",
    "robs_the_pack",
]

#: Cards a hand holds for the play, after the discards (SPEC 1.8).
FULL_HAND = 6
#: ``smudge`` codes: no smudge, a smudge for every point, a smudge for every trick (docs/pitch.md).
SMUDGE_OFF, SMUDGE_ALL_POINTS, SMUDGE_ALL_TRICKS = 0, 1, 2
#: ``discard_mode`` codes: discard any cards down to six, non-trumps first down to six, discard and refill.
DISCARD_FREE, DISCARD_NONTRUMP, DISCARD_REFILL = 0, 1, 2
#: What :func:`next_caller` answers when the auction is over.
AUCTION_OVER = -1
#: Every card index (55 of them: 52, two jokers and a spare); a mask ``&`` this is an ``int64`` in compiled code.
_ALL_CARDS = (1 << 55) - 1


def count_cards(mask: int) -> int:
    """How many cards the set ``mask`` holds.

    >>> count_cards(0b1011), count_cards(0)
    (3, 0)
    """
    x = mask & _ALL_CARDS
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


# ---------------------------------------------------------------------- the deal


def deal_hands(
    deck: Ints, dealer: int, n: int, hand_size: int, packet: int, kitty_size: int, hands: MutableInts
) -> tuple[int, int]:
    """Deal ``deck`` into ``hands[0 .. n-1]`` (SPEC 1.5); return the kitty and the position of the stock.

    Packets of ``packet`` cards go round from the dealer's left, ``hand_size // packet``
    times; the kitty (``kitty_size`` cards) is dealt after the first round. The cards
    from the returned position on are the stock.

    >>> hands = [0, 0]
    >>> kitty, stock = deal_hands(list(range(10)), 1, 2, 4, 2, 2, hands)
    >>> [bin(h) for h in hands], bin(kitty), stock
    (['0b11000011', '0b1100001100'], '0b110000', 10)
    """
    for s in range(n):
        hands[s] = 0
    kitty = 0
    idx = 0
    for r in range(hand_size // packet):
        for j in range(1, n + 1):
            seat = (dealer + j) % n
            got = hands[seat] & _ALL_CARDS  # one int type in compiled code (an int64, as the card bits)
            for _ in range(packet):
                got |= 1 << deck[idx]
                idx += 1
            hands[seat] = got
        if r == 0:
            for _ in range(kitty_size):
                kitty |= 1 << deck[idx]
                idx += 1
    return kitty, idx


def is_low_hand(hand: int, low_ranks: int) -> bool:
    """A hand of only 3s to 9s and no joker (SPEC 1.6); ``low_ranks`` is the mask of those cards.

    >>> from jick.games.smear.tables import LOW_RANKS
    >>> is_low_hand(1 << 3, LOW_RANKS), is_low_hand(1 << 12, LOW_RANKS)
    (True, False)
    """
    return (hand & ~low_ranks) == 0


def next_low_hand(hands: Ints, n: int, dealer: int, asked: int, low_ranks: int) -> int:
    """The next seat from the dealer's left, past the first ``asked``, holding a low hand; -1 if none (SPEC 1.6).

    >>> from jick.games.smear.tables import LOW_RANKS
    >>> next_low_hand([1 << 12, 1 << 3, 1 << 12, 1 << 4], 4, 0, 0, LOW_RANKS)
    1
    >>> next_low_hand([1 << 12, 1 << 3, 1 << 12, 1 << 4], 4, 0, 1, LOW_RANKS)
    3
    """
    for i in range(asked, n):
        seat = (dealer + 1 + i) % n
        if is_low_hand(hands[seat], low_ranks):
            return seat
    return -1


# ---------------------------------------------------------------------- the auction


def lowest_bid(high: int, min_bid: int, seat: int, dealer: int, dealer_may_match: bool) -> int:
    """The lowest number ``seat`` may bid over the high bid ``high`` (0: none yet).

    A bid must beat the high bid, and be at least ``min_bid``; under
    ``dealer_may_match`` the dealer may take the bid at the same number.
    The bids run from here up to ``max_bid``.

    >>> lowest_bid(0, 2, 3, 3, False), lowest_bid(4, 2, 3, 3, False), lowest_bid(4, 2, 3, 3, True)
    (2, 5, 4)
    """
    if dealer_may_match and seat == dealer and high > 0:
        return max(min_bid, high)
    return max(min_bid, high + 1)


def may_pass(seat: int, dealer: int, bidder: int, dealer_forced: bool) -> bool:
    """Whether ``seat`` may pass: not the dealer when nobody has bid under ``all_pass = dealer_forced_min``.

    >>> may_pass(3, 3, -1, True), may_pass(3, 3, 1, True), may_pass(3, 3, -1, False)
    (False, True, True)
    """
    return not (dealer_forced and seat == dealer and bidder < 0)


def may_smudge(smudge: int, side_score: int) -> bool:
    """Whether a seat whose side has ``side_score`` may bid a smudge (a ``SMUDGE_*`` code).

    A smudge for every point needs a side not in the hole (below zero); one for every trick does not.

    >>> may_smudge(SMUDGE_OFF, 0), may_smudge(SMUDGE_ALL_POINTS, -1), may_smudge(SMUDGE_ALL_TRICKS, -1)
    (False, False, True)
    """
    if smudge == SMUDGE_OFF:
        return False
    return smudge == SMUDGE_ALL_TRICKS or side_score >= 0


def next_caller(seat: int, n: int, passed: int, turns: int, bidder: int, laps: bool, final: bool) -> int:
    """The seat that calls after ``seat``, or :data:`AUCTION_OVER`.

    ``passed``: the seats that passed (bit per seat); ``turns``: calls made so far,
    this one included; ``bidder``: the high bidder (-1: none); ``final``: the call
    was a moon or a smudge, which ends the auction. One turn each, from the dealer's
    left to the dealer; under ``laps`` (``auction_laps = rounds``) a pass is final
    and the calls go round until all but the high bidder passed.

    >>> next_caller(1, 4, 0b0001, 2, 1, True, False), next_caller(3, 4, 0b1101, 4, 1, True, False)
    (2, -1)
    """
    if final:
        return AUCTION_OVER
    nxt = (seat + 1) % n
    if laps:
        everyone = (1 << n) - 1
        while (passed >> nxt) & 1 != 0 and passed != everyone:
            nxt = (nxt + 1) % n
        if passed == everyone or nxt == bidder:
            return AUCTION_OVER
        return nxt
    if turns == n:
        return AUCTION_OVER
    return nxt


# ---------------------------------------------------------------------- the discards


def robs_the_pack(mode: int, seat: int, dealer: int, dealer_robs_pack: bool) -> bool:
    """Whether ``seat`` takes the whole stock before discarding: the dealer under refill and ``dealer_robs_pack``.

    >>> robs_the_pack(DISCARD_REFILL, 3, 3, True), robs_the_pack(DISCARD_FREE, 3, 3, True)
    (True, False)
    """
    return mode == DISCARD_REFILL and seat == dealer and dealer_robs_pack


def discards_due(mode: int, held: int, robbed: bool) -> int:
    """How many cards a seat holding ``held`` must discard in its turn: a number, or -1 (as many as it likes).

    Down to six, except under refill, where a seat discards what it likes and is dealt back up
    to six; a dealer who robbed the pack (``robbed``) discards down to six. 0: the seat skips its turn.

    >>> discards_due(DISCARD_FREE, 10, False), discards_due(DISCARD_REFILL, 6, False)
    (4, -1)
    >>> discards_due(DISCARD_REFILL, 9, True)
    3
    """
    if mode == DISCARD_REFILL:
        if robbed:
            return held - FULL_HAND
        return -1
    return max(0, held - FULL_HAND)


def discard_choices(
    mode: int,
    hand: int,
    trumps: int,
    nonscoring: int,
    left: int,
    turn_trumps: int,
    stock: int,
    bury_nonscoring: bool,
    mandatory_nontrumps: bool,
) -> tuple[int, bool]:
    """The cards the seat holding ``hand`` may discard now, and whether it may stop (refill: be dealt back).

    ``left``: discards still due (-1: any number, see :func:`discards_due`); ``trumps`` and
    ``nonscoring`` (the low trumps that score nothing) are the trump table's masks; ``turn_trumps``:
    the trumps the seat held when its turn began; ``stock``: cards left in the stock.

    * free: any card; nontrump_to_six: non-trumps, then non-scoring trumps, then any card.
    * refill: non-trumps; a seat with more than six trumps buries the extra ones (the
      non-scoring ones first under ``bury_restriction = non_scoring_only``) and stops at six
      trumps. A seat may stop when the stock can deal it back to six; under
      ``discard_nontrumps = mandatory`` only once it has shed the non-trumps it can.

    >>> discard_choices(DISCARD_NONTRUMP, 0b1111, 0b0011, 0b0001, 3, 0, 0, False, False)
    (13, False)
    """
    if mode == DISCARD_FREE:
        return hand, False
    none = hand ^ hand
    nontrumps = hand & ~trumps
    held_trumps = hand & trumps
    if mode == DISCARD_NONTRUMP:
        low_trumps = held_trumps & nonscoring
        if count_cards(nontrumps) >= left:
            return nontrumps, False
        if count_cards(nontrumps) + count_cards(low_trumps) >= left:
            return nontrumps | low_trumps, False
        return hand, False
    n_trumps = count_cards(held_trumps)
    buriable = none
    if n_trumps > FULL_HAND:
        buriable = held_trumps
        if bury_nonscoring and (held_trumps & nonscoring) != 0:
            buriable = held_trumps & nonscoring
    if left > 0:  # the dealer after robbing the pack: a fixed number to discard
        return nontrumps | buriable, False
    if turn_trumps > FULL_HAND:
        return nontrumps | buriable, n_trumps == FULL_HAND and nontrumps == 0
    size = count_cards(hand)
    keep_at_least = FULL_HAND - stock
    cards = nontrumps if size - 1 >= keep_at_least else none
    may_keep = size - n_trumps
    if mandatory_nontrumps:
        may_keep = max(0, keep_at_least - n_trumps)
    return cards, keep_at_least <= size <= FULL_HAND and count_cards(nontrumps) <= may_keep


#: The functions numba may call from compiled code (each is registered with ``register_jitable``).
JITABLE: tuple[Callable[..., Any], ...] = (
    count_cards,
    deal_hands,
    is_low_hand,
    next_low_hand,
    lowest_bid,
    may_pass,
    may_smudge,
    next_caller,
    robs_the_pack,
    discards_due,
    discard_choices,
)
