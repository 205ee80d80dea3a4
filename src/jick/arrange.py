"""Filling a deck order place by place, shared by the games' ``arrange_deck`` helpers.

>>> deck = DeckOrder(4)
>>> deck.place(["3S"], [2], "the hand of seat 0")
>>> deck.finish(range(4))
['2S', '4S', '3S', '5S']
>>> deck.place(["3S"], [0], "the stock")
Traceback (most recent call last):
...
ValueError: card 3S is placed twice
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from jick.cards import CARDS, Card, parse_card

#: A card given by object, index or name.
CardLike = Card | str | int


def card_index(card: CardLike) -> int:
    """The index of a card given by object, index or name (``"AS"``)."""
    if isinstance(card, Card):
        return card.index
    if isinstance(card, int):
        return card
    return parse_card(card).index


class DeckOrder:
    """A deck order of ``size`` places (top first) filled with chosen cards, then with spare ones.

    ``check(card)`` may raise ``ValueError`` for a card that is not in the deck.
    """

    def __init__(self, size: int, check: Callable[[int], None] | None = None) -> None:
        self.order: list[int | None] = [None] * size
        self.used: set[int] = set()
        self.check = check

    def place(self, cards: Iterable[CardLike], places: list[int], what: str) -> None:
        """Put ``cards`` at the first of ``places``; ``what`` names the places in errors."""
        chosen = [card_index(c) for c in cards]
        if len(chosen) > len(places):
            raise ValueError(f"{what} holds {len(places)} cards, {len(chosen)} given")
        for card, pos in zip(chosen, places, strict=False):
            if self.check is not None:
                self.check(card)
            if card in self.used:
                raise ValueError(f"card {CARDS[card]} is placed twice")
            self.used.add(card)
            self.order[pos] = card

    def finish(self, spare_order: Iterable[int], in_deck: Callable[[int], bool] = lambda c: True) -> list[str]:
        """Card names of the whole order; empty places take the unused cards of ``spare_order``."""
        spare = iter([c for c in dict.fromkeys(spare_order) if in_deck(c) and c not in self.used])
        return [str(CARDS[c if c is not None else next(spare)]) for c in self.order]
