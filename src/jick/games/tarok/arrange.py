"""Build an explicit deck order that deals chosen cards to chosen seats and widow places.

Tests and worked examples need deals they can name card by card. The engine
deals by SPEC 4.4: forehand 8, middle 8, end 8, the widow ``w0..w5``, then
another 8 each; a sitting-out dealer gets nothing. :func:`arrange_deck`
inverts that. Places left open are filled with the remaining cards in index
order (``I`` ... ``SKUS``, then S H D C from the lowest rank).

>>> deck = arrange_deck(3, 2, {0: ["SKUS", "XXI", "I"]}, widow=["KH"])
>>> deck[:3], deck[24], len(deck)
(['SKUS', 'XXI', 'I'], 'KH', 54)
>>> from jick.games.tarok import new_match
>>> from jick.games.tarok.cards import card_mask
>>> s = new_match("tarok_3p", decks=[deck])
>>> s.hand_mask(0) & card_mask(["SKUS", "XXI", "I"]) == card_mask(["SKUS", "XXI", "I"])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from jick.games.tarok.cards import CARDS, NUM_CARDS, TarokCard, card_index
from jick.games.tarok.state import deal_positions

CardLike = TarokCard | str | int


def arrange_deck(
    num_players: int,
    dealer: int,
    hands: Mapping[int, Iterable[CardLike]] | None = None,
    widow: Iterable[CardLike] = (),
) -> list[str]:
    """A 54-card deck (names, top first) dealing ``hands[seat]`` to each seat and ``widow`` as ``w0...``.

    A hand may list up to 16 cards and the widow up to 6; a card may appear only once.
    """
    positions, widow_pos = deal_positions(num_players, dealer)
    deck: list[int | None] = [None] * NUM_CARDS
    used: set[int] = set()

    def place(cards: Iterable[CardLike], where: list[int], what: str) -> None:
        chosen = [card_index(c) for c in cards]
        if len(chosen) > len(where):
            raise ValueError(f"{what} gets {len(chosen)} cards but has only {len(where)} places")
        for pos, c in zip(where, chosen, strict=False):
            if c in used:
                raise ValueError(f"{CARDS[c]} is placed twice")
            used.add(c)
            deck[pos] = c

    for seat, cards in (hands or {}).items():
        if seat not in positions:
            raise ValueError(f"seat {seat} holds no cards when seat {dealer} deals")
        place(cards, positions[seat], f"seat {seat}")
    place(widow, widow_pos, "the widow")
    rest = iter(c for c in range(NUM_CARDS) if c not in used)
    return [str(CARDS[c if c is not None else next(rest)]) for c in deck]
