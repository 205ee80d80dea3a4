"""Lift Smoke actions: a player only ever plays a card.

==============  ========  ==================================
action          string    id
==============  ========  ==================================
Play(card)      ``AS``    0..51 (the card index, see below)
==============  ========  ==================================

A card's index is ``suit * 13 + rank`` (suits ``S H D C`` = 0..3, rank 0 = 2
up to 12 = A), the index of :mod:`jick.cards`, so ``NUM_ACTIONS`` is 52.

Chance events and table decisions are not player actions and never appear
in a game's action log; they sit on the undo stack only, with negative ids:
:class:`SuppliedDeck` (-2), :class:`SuppliedReshuffle` (-3) and
:class:`EndSession` (-4).

>>> str(Play(Card.of("10H"))), Play(Card.of("10H")).id
('10H', 21)
>>> action_from_text("ks") == ACTIONS[Card.of("KS").index]
True
"""

from __future__ import annotations

from typing import Final

from jick.cards import CARDS, Card, parse_card
from jick.engine import Action, NotationError
from jick.table_actions import SuppliedDeck as SuppliedDeck

#: Size of the fixed action space: one Play per card of the 52-card deck.
NUM_ACTIONS: Final = 52
PLAY_BASE: Final = 0


class Play(Action):
    """Play a card to the trick."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        if card.is_joker:
            raise NotationError(f"{card} is not in the Lift Smoke deck (no jokers)")
        object.__setattr__(self, "card", card)
        self._freeze(PLAY_BASE + card.index)

    def __str__(self) -> str:
        return str(self.card)


class SuppliedReshuffle(Action):
    """A new stock order given at a chance node with ``LiftSmokeState.reshuffle``."""

    __slots__ = ("order",)
    order: tuple[int, ...]

    def __init__(self, order: tuple[int, ...]) -> None:
        object.__setattr__(self, "order", order)
        self._freeze(-3)

    def __str__(self) -> str:
        return "reshuffle " + " ".join(str(CARDS[c]) for c in self.order)


class EndSession(Action):
    """The table stops a session that has no fixed length (``LiftSmokeState.end_session``)."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(-4)

    def __str__(self) -> str:
        return "end session"


#: Every player action, indexed by id (the fixed action space).
ACTIONS: tuple[Play, ...] = tuple(Play(c) for c in CARDS[:NUM_ACTIONS])
assert len(ACTIONS) == NUM_ACTIONS and all(a.id == i for i, a in enumerate(ACTIONS))


def action_from_id(action_id: int) -> Play:
    if not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(f"no Lift Smoke action has id {action_id}")
    return ACTIONS[action_id]


def action_from_text(text: str) -> Play:
    """Parse a card in notation (``AS``, ``10h``, ``T♥``) as a Play.

    >>> action_from_text("10h")
    Play('10H')
    """
    try:
        card = parse_card(text)
    except NotationError:
        raise NotationError(f"{text!r} is not a Lift Smoke action (play a card, e.g. AS, 10H, 2C)") from None
    if card.is_joker:
        raise NotationError(f"{text!r}: there are no jokers in Lift Smoke")
    return ACTIONS[card.index]
