"""Actions of the table rather than of a seat, shared by the games.

They sit on a state's undo stack only (negative ids), never in a deal's
action log: a deal declared void, and a deck order given at a chance node.

>>> str(SuppliedDeck((0, 12))), VoidDeal("exposed card").id
('deal 2S AS', -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from jick.cards import CARDS
from jick.engine import Action


class VoidDeal(Action):
    """A deal declared void by the table (procedural misdeal); not a seat's action."""

    __slots__ = ("reason",)
    reason: str

    def __init__(self, reason: str) -> None:
        object.__setattr__(self, "reason", reason)
        self._freeze(-1)

    def __str__(self) -> str:
        return f"void: {self.reason}"


class SuppliedDeck(Action):
    """A deck order (card indices, top first) given at a chance node with the state's ``deal``.

    A game with its own deck subclasses it and sets ``cards`` (index -> card).
    """

    __slots__ = ("deck",)
    deck: tuple[int, ...]
    cards: ClassVar[Sequence[object]] = CARDS

    def __init__(self, deck: tuple[int, ...]) -> None:
        object.__setattr__(self, "deck", deck)
        self._freeze(-2)

    def __str__(self) -> str:
        return "deal " + " ".join(str(self.cards[c]) for c in self.deck)
