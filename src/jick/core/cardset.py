"""Card sets as Python ints: bit ``i`` set means card ``i`` is in the set (legal-action sets alike).

>>> hand = mask_of([3, 0, 7])
>>> bin(hand), bit_ids(hand)
('0b10001001', [0, 3, 7])
>>> pick(hand, "abcdefgh")
['a', 'd', 'h']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def bit_ids(bits: int) -> list[int]:
    """Indices of the set bits, lowest first.

    >>> bit_ids(0), bit_ids(0b1010)
    ([], [1, 3])
    """
    out: list[int] = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def pick(bits: int, table: Sequence[T]) -> list[T]:
    """``table[i]`` for every set bit ``i``, lowest first (the legal actions of a legal-id set).

    >>> pick(0b101, ("pass", "bid", "play"))
    ['pass', 'play']
    """
    out: list[T] = []
    while bits:
        low = bits & -bits
        out.append(table[low.bit_length() - 1])
        bits ^= low
    return out


def mask_of(indices: Iterable[int]) -> int:
    """The set holding these indices.

    >>> mask_of(()), mask_of([1, 1, 4])
    (0, 18)
    """
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask
