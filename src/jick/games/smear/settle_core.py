"""The numbers of Smear's scoring, written once for Python and compiled code (SPEC 1.11 and 1.12).

Plain functions over ints and indexable sequences (tuples and lists in Python,
numpy arrays in numba code): :mod:`jick.games.smear.scoring` calls them as
Python, and the open-card solver (:mod:`jick.games.smear.solver`) and
the play-out kernels (:mod:`jick.games.smear.playout_kernel`) inline them in
their compiled code. So a point goes to the same side, and a hand moves the
scores the same way, in the engine, the solver and the batched play-outs.

Cards, seats and sides are indices, with :data:`NOBODY` (-1) for "none"; card
sets are bit masks (Python ints, or numba ``uint64``). The compiled build
(``JICK_COMPILE=1``) compiles it with mypyc for the engine, which then must pass
ints and bools as annotated; numba reads the bytecode of an interpreted copy
(:func:`~jick.games.smear.numba_cache.shared_module`). It does not import
numba (the engine starts without it): the solver calls :func:`~jick.games.smear.numba_cache.register_shared_rules`,
which hands every function of :data:`JITABLE` to ``register_jitable`` (LLVM
inlines them; forcing numba to inline them too only doubled the kernel's
compile time, at the same speed) and first drops numba's cache if this file changed
(:mod:`~jick.games.smear.numba_cache`).

>>> game_side([12, 30], 2, TIE_BIDDER, 0, -1), bidder_delta(3, 4)
(1, -4)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Ints(Protocol):
    """What the functions read: ints by index (a tuple or a list in Python, a numpy array in numba)."""

    def __getitem__(self, index: int, /) -> int: ...


class MutableInts(Ints, Protocol):
    """What the functions fill in: a list, or a numpy array."""

    def __setitem__(self, index: int, value: int, /) -> None: ...


#: No card, seat or side (a point nobody won, no Low card in play).
NOBODY = -1
#: ``game_tie`` codes: a tie for Game goes to the bidder's side, to the side that took Low, or to nobody.
TIE_BIDDER, TIE_LOW_SIDE, TIE_NONE = 0, 1, 2
#: Kinds of winning bid: a number of points, shooting the moon, a smudge (docs/pitch.md).
BID_POINTS, BID_MOON, BID_SMUDGE = 0, 1, 2
#: Rank index of the Ace within a suit (the High card under ``high_card = ace``); the Two is rank 0.
ACE_RANK = 12
#: Cards of one suit; the jokers (52 up) have no suit and no natural rank.
SUIT_SIZE = 13
FIRST_JOKER = 52
HIGH_JOKER, LOW_JOKER = 52, 53


def holds(mask: int, card: int) -> bool:
    """Whether the card set ``mask`` holds ``card`` (a card index >= 0).

    >>> holds(0b100, 2), holds(0b100, 1)
    (True, False)
    """
    return (mask >> card) & 1 != 0


def holder(card: int, masks: Ints, count: int) -> int:
    """Index of the first of ``masks[:count]`` holding ``card`` (a seat or a side), or -1.

    >>> holder(3, [0b1, 0b1000], 2), holder(-1, [0b1], 1), holder(5, [0b1], 1)
    (1, -1, -1)
    """
    if card >= 0:
        for i in range(count):
            if (masks[i] >> card) & 1 != 0:
                return i
    return NOBODY


def union(masks: Ints, count: int) -> int:
    """Every card of ``masks[:count]`` (the cards played by all seats).

    >>> union([0b1, 0b100, 0b1000], 2)
    5
    """
    out = masks[0]
    for i in range(1, count):
        out |= masks[i]
    return out


def high_card(played: int, trump: int, ace_is_high: bool, order: Ints, order_len: int) -> int:
    """The High card: the Ace of trump (played or not), or else the highest trump played (-1 if none was).

    ``order``: the trumps from highest to lowest (``order_len`` of them).

    >>> high_card(0, 1, True, [25, 24], 2), high_card(1 << 24, 1, False, [25, 24], 2)
    (25, 24)
    """
    if ace_is_high:
        return SUIT_SIZE * trump + ACE_RANK
    for i in range(order_len):
        if (played >> order[i]) & 1 != 0:
            return order[i]
    return NOBODY


def low_card(
    played: int,
    trump: int,
    deuce_only: bool,
    suited_only: bool,
    order: Ints,
    order_len: int,
    strength: Ints,
    shared_jokers: bool,
    high_joker_at: int,
    low_joker_at: int,
) -> int:
    """The Low card of the hand (-1: Low is not awarded).

    ``deuce_only``: Low is the Two of trump, if played; otherwise the lowest
    trump played (``suited_only``: never a joker, which has no natural rank).
    Two jokers of equal rank (``shared_jokers``) both played: the one played
    later is Low (``*_joker_at``: their places in the play order, -1 unplayed).

    >>> low_card(1 << 13, 1, True, False, [], 0, [], False, -1, -1), low_card(0, 1, True, False, [], 0, [], False, 0, 0)
    (13, -1)
    >>> low_card(0b11 << 52, 0, False, False, [52, 53], 2, [0] * 52 + [101, 101], True, 7, 3)
    52
    """
    if deuce_only:
        deuce = SUIT_SIZE * trump
        return deuce if holds(played, deuce) else NOBODY
    low = NOBODY
    for i in range(order_len - 1, -1, -1):
        card = order[i]
        if (played >> card) & 1 != 0 and not (suited_only and card >= FIRST_JOKER):
            low = card
            break
    if shared_jokers and (low == HIGH_JOKER or low == LOW_JOKER):
        other = LOW_JOKER if low == HIGH_JOKER else HIGH_JOKER
        if holds(played, other) and strength[other] == strength[low]:
            low = HIGH_JOKER if high_joker_at > low_joker_at else LOW_JOKER
    return low


def game_side(pips: Ints, nsides: int, tie: int, bidder_side: int, low_side: int) -> int:
    """The side that wins Game (the most Game points), or -1 for a tie nobody wins.

    ``tie`` (``game_tie``): :data:`TIE_BIDDER` gives a tie to the bidder's side
    if it is among the leaders, :data:`TIE_LOW_SIDE` to the side that took Low
    (``low_side``, -1: none), :data:`TIE_NONE` to nobody.

    >>> game_side([20, 20], 2, TIE_BIDDER, 1, 0), game_side([20, 20], 2, TIE_LOW_SIDE, 1, 0)
    (1, 0)
    >>> game_side([20, 20, 5], 3, TIE_NONE, 1, 0), game_side([20, 20, 5], 3, TIE_BIDDER, 2, 0)
    (-1, -1)
    """
    best = pips[0]
    for s in range(1, nsides):
        if pips[s] > best:
            best = pips[s]
    leaders = 0
    winner = NOBODY
    for s in range(nsides):
        if pips[s] == best:
            leaders += 1
            winner = s
    if leaders == 1:
        return winner
    if tie == TIE_BIDDER:
        return bidder_side if pips[bidder_side] == best else NOBODY
    if tie == TIE_LOW_SIDE:
        return low_side if low_side >= 0 and pips[low_side] == best else NOBODY
    return NOBODY


def side_points(sides: Ints, values: Ints, count: int, nsides: int, out: MutableInts) -> None:
    """Fill ``out[:nsides]`` with the points each side took: point ``i`` (worth ``values[i]``) went to ``sides[i]``.

    >>> out = [0, 0]; side_points([0, 1, -1, 0], [1, 2, 3, 4], 4, 2, out); out
    [5, 2]
    """
    for s in range(nsides):
        out[s] = 0
    for i in range(count):
        if sides[i] >= 0:
            out[sides[i]] += values[i]


def took_every_point(sides: Ints, count: int, side: int, awarded_only: bool) -> bool:
    """Whether ``side`` took every point of the hand (``awarded_only``: every point that went to a side).

    >>> took_every_point([0, -1], 2, 0, False), took_every_point([0, -1], 2, 0, True)
    (False, True)
    """
    for i in range(count):
        if sides[i] != side and not (awarded_only and sides[i] < 0):
            return False
    return True


def count_sides(mask: int, nsides: int) -> int:
    """How many of the sides ``0 .. nsides-1`` are in the bit set ``mask`` (sides that reneged).

    >>> count_sides(0b101, 3)
    2
    """
    count = 0
    for s in range(nsides):
        count += (mask >> s) & 1
    return count


def bidder_delta(points: int, bid: int) -> int:
    """The bidder's change of score for a bid of points: its points when made, else minus the bid (SPEC 1.12).

    >>> bidder_delta(5, 4), bidder_delta(3, 4)
    (5, -4)
    """
    return points if points >= bid else -bid


def set_swing(points: int, bid: int) -> int:
    """What a bid of points costs the bidder against its ``points``: 0 when made, else its points and the bid.

    >>> set_swing(5, 4), set_swing(3, 4)
    (0, -7)
    """
    return bidder_delta(points, bid) - points


def bid_made(
    kind: int,
    points: Ints,
    bid: int,
    bidder_side: int,
    award_sides: Ints,
    count: int,
    reneged: int,
    moon_every_point: bool,
    smudge_every_trick: bool,
    swept: bool,
) -> bool:
    """Whether the bidder made its bid.

    ``kind``: :data:`BID_POINTS` (``points[bidder_side] >= bid``), :data:`BID_MOON`
    (every point, or every awarded point unless ``moon_every_point``) or
    :data:`BID_SMUDGE` (every point, and every trick if ``smudge_every_trick``:
    ``swept`` says the side won them all). ``award_sides[:count]``: the side
    each point went to; ``reneged``: the bit set of sides that reneged (a side
    that reneged never makes it, one that did not makes it).

    >>> bid_made(BID_POINTS, [4, 6], 5, 0, [0, 1], 2, 0, False, False, False)
    False
    >>> bid_made(BID_MOON, [4, 0], 0, 0, [0, -1], 2, 0, False, False, False)
    True
    """
    if reneged:
        return (reneged >> bidder_side) & 1 == 0
    if kind == BID_MOON:
        return took_every_point(award_sides, count, bidder_side, not moon_every_point)
    if kind == BID_SMUDGE:
        return took_every_point(award_sides, count, bidder_side, False) and (swept or not smudge_every_trick)
    return points[bidder_side] >= bid


def hand_deltas(
    kind: int,
    made: bool,
    points: Ints,
    nsides: int,
    bidder_side: int,
    bid: int,
    before: Ints,
    reneged: int,
    max_points: int,
    smudge_value: int,
    difference: bool,
    deltas: MutableInts,
) -> None:
    """Fill ``deltas[:nsides]`` with the change of each side's score (SPEC 1.12, docs/pitch.md).

    A renege (``reneged``, a bit set of sides) gives every other side
    ``max_points`` and the renegers nothing (every side reneged: nobody scores).
    A moon made scores the bidder's points (``max_points`` after a renege), or
    resets a score below zero (``before``) to 0; a moon failed scores the
    others' points. A smudge made scores ``smudge_value``, a set one loses
    ``bid``. A bid of points: the standard rule (``bidder_delta``, the others
    their points) or, ``difference`` (two sides), only the side with more
    points scores the difference, and a set bidder gives the others the bid.

    >>> d = [0, 0]; hand_deltas(BID_POINTS, False, [4, 6], 2, 0, 5, [0, 0], 0, 10, 10, False, d); d
    [-5, 6]
    >>> hand_deltas(BID_POINTS, True, [7, 3], 2, 0, 5, [0, 0], 0, 10, 10, True, d); d
    [4, 0]
    """
    n_reneged = count_sides(reneged, nsides)
    for s in range(nsides):
        if n_reneged == 0:
            deltas[s] = points[s]
        elif n_reneged == nsides or (reneged >> s) & 1 != 0:
            deltas[s] = 0
        else:
            deltas[s] = max_points
    if kind == BID_MOON:
        if made:
            for s in range(nsides):
                deltas[s] = 0
            if before[bidder_side] >= 0:
                deltas[bidder_side] = max_points if n_reneged else points[bidder_side]
            else:
                deltas[bidder_side] = -before[bidder_side]
        else:
            deltas[bidder_side] = 0
    elif n_reneged:
        return
    elif kind == BID_SMUDGE:
        deltas[bidder_side] = smudge_value if made else -bid
    elif difference:
        other = 1 - bidder_side
        deltas[bidder_side] = 0
        deltas[other] = 0
        if not made:
            deltas[other] = points[other] + bid
        elif points[bidder_side] > points[other]:
            deltas[bidder_side] = points[bidder_side] - points[other]
        else:
            deltas[other] = points[other] - points[bidder_side]
    else:
        deltas[bidder_side] = bidder_delta(points[bidder_side], bid)


#: The functions numba may call from compiled code (each is registered with ``register_jitable``).
JITABLE: tuple[Callable[..., Any], ...] = (
    holds,
    holder,
    union,
    high_card,
    low_card,
    game_side,
    side_points,
    took_every_point,
    count_sides,
    bidder_delta,
    set_swing,
    bid_made,
    hand_deltas,
)
