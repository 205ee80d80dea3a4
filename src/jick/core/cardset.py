"""Card sets as Python ints: bit ``i`` set means card ``i`` is in the set (legal-action sets alike).

>>> hand = mask_of([3, 0, 7])
>>> bin(hand), bit_ids(hand)
('0b10001001', [0, 3, 7])
>>> pick(hand, "abcdefgh")
['a', 'd', 'h']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

#: Sets are read this many bits at a time: in the compiled build a short int holds 62 bits, so the
#: per-bit work stays on machine words however high the indices go.
WORD_BITS: Final = 62
WORD: Final = (1 << WORD_BITS) - 1


def bit_ids(bits: int) -> list[int]:
    """Indices of the set bits, lowest first.

    >>> bit_ids(0), bit_ids(0b1010)
    ([], [1, 3])
    """
    out: list[int] = []
    base = -1
    while bits:
        word = bits & WORD
        while word:
            low = word & -word
            out.append(base + low.bit_length())
            word ^= low
        bits >>= WORD_BITS
        base += WORD_BITS
    return out


def pick(bits: int, table: Sequence[T]) -> list[T]:
    """``table[i]`` for every set bit ``i``, lowest first (the legal actions of a legal-id set).

    >>> pick(0b101, ("pass", "bid", "play")), pick(0b110, "abc")
    (['pass', 'play'], ['b', 'c'])
    """
    return _pick(bits, table if isinstance(table, tuple) else tuple(table))


def _pick(bits: int, table: tuple[T, ...]) -> list[T]:
    """:func:`pick` from a tuple, which the compiled build indexes directly (a sequence would go through the
    generic protocol: about a fifth of the work of each action picked)."""
    out: list[T] = []
    base = -1
    while bits:
        word = bits & WORD
        while word:
            low = word & -word
            out.append(table[base + low.bit_length()])
            word ^= low
        bits >>= WORD_BITS
        base += WORD_BITS
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
