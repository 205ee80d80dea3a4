"""What a match logs of each deal, and the seeded deck orders deals come from.

>>> log = DealLog((2, 0, 1), dealer=1)
>>> log.actions.append((2, 7))
>>> copy = log.copy()
>>> copy.actions.append((0, 9))
>>> log.actions, copy.actions
([(2, 7)], [(2, 7), (0, 9)])
>>> str(Trick(0, ((0, "AS"), (1, "KS")), 0))
'0:AS 1:KS -> 0'
"""

from __future__ import annotations

import _random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

CardT = TypeVar("CardT")
TrickT = TypeVar("TrickT")


class Log(Protocol):
    """What the core needs of a deal's log: the undo log cuts it back, a clone copies it."""

    actions: list[tuple[int, int]]
    tricks: list[Any]
    outcome: str

    def copy(self) -> Any: ...

    def as_tuple(self) -> tuple[object, ...]: ...


@dataclass(frozen=True)
class Trick(Generic[CardT]):
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    plays: tuple[tuple[int, CardT], ...]
    winner: int

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self.plays) + f" -> {self.winner}"


@dataclass
class DealLog(Generic[TrickT]):
    """One deal of the match as a record holds it: deck order (top first), dealer, ``(seat, action id)`` pairs."""

    deck: tuple[int, ...]
    dealer: int
    actions: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[TrickT] = field(default_factory=list)
    outcome: str = ""

    def copy(self) -> DealLog[TrickT]:
        """A log that grows apart from this one (the deck is shared: it never changes)."""
        return DealLog(self.deck, self.dealer, self.actions.copy(), self.tricks.copy(), self.outcome)

    def as_tuple(self) -> tuple[object, ...]:
        """Everything the log holds, as a value (for equality checks in tests)."""
        return (self.deck, self.dealer, tuple(self.actions), tuple(self.tricks), self.outcome)


def shuffled_deck(cards: Sequence[int], seed: int, deal_no: int) -> tuple[int, ...]:
    """The deck order of deal ``deal_no`` of a match seeded with ``seed``.

    It depends only on the two numbers, so a state needs no RNG object.

    >>> shuffled_deck(range(54), 1, 0) == shuffled_deck(range(54), 1, 0) != shuffled_deck(range(54), 1, 1)
    True
    >>> sorted(shuffled_deck(range(5), 3, 0))
    [0, 1, 2, 3, 4]
    """
    # The generator of random.Random, made directly: random.Random(n) seeds it twice (in __new__ and
    # again in __init__), to the same state, so the numbers are the same.
    rnd = _random.Random((seed * 1_000_003 + deal_no) & 0xFFFF_FFFF_FFFF_FFFF).random
    # Card i gets the i-th random key (sorted computes the keys in order, here each a fresh rnd()); the
    # stable sort by key is the shuffle.
    return tuple(sorted(cards, key=partial(next, iter(rnd, None))))


def match_seed(seed: int | None, decks: object | None) -> int | None:
    """The seed of a new match: the one given, else a fresh one unless deck orders are given.

    >>> match_seed(5, None), match_seed(None, [[1, 2]])
    (5, None)
    >>> isinstance(match_seed(None, None), int)
    True
    """
    if seed is None and decks is None:
        return secrets.randbelow(2**31)
    return seed
