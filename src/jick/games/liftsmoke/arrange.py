"""Build an explicit deck order that deals chosen cards to chosen places.

Lift Smoke deals one card at a time clockwise from the dealer's left until
each of the ``n`` seated players holds ``n`` cards (SPEC 5.2): deck index
``i < n*n`` goes to the ``(i mod n)``-th seat after the dealer, so the dealer
gets every ``n``-th card and ``deck[n*n - 1]`` (his last card) is the turned
trump card. The rest, from ``deck[n*n]``, is the stock, top first; under
``trump_card = "stock_top_set_aside"`` its first card is the one set aside.
:func:`arrange_deck` inverts that: it puts the given cards where the deal
sends them and fills every other place with the remaining cards, the ``fill``
cards first, then in index order ``2S 3S ... AS 2H ... AC``.

>>> deck = arrange_deck(4, 3, {3: ["2C", "3C", "4C", "7D"]}, stock=["AS"])
>>> deck[3], deck[15], deck[16], deck[0]
('2C', '7D', 'AS', '2S')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from jick.arrange import CardLike as CardLike
from jick.arrange import DeckOrder, card_index
from jick.cards import CARDS
from jick.games.liftsmoke.rules import DECK_SIZE


def deal_positions(
    num_players: int, dealer: int, seated: Iterable[int] | None = None
) -> tuple[dict[int, list[int]], list[int]]:
    """Deck indices of each seated player's cards (in deal order) and of the stock (top first).

    >>> hands, stock = deal_positions(4, 3)
    >>> hands[0], hands[3], stock[0], len(stock)
    ([0, 4, 8, 12], [3, 7, 11, 15], 16, 36)
    """
    chosen = set(range(num_players) if seated is None else seated)
    order = [(dealer + j) % num_players for j in range(1, num_players + 1) if (dealer + j) % num_players in chosen]
    n = len(order)
    hands: dict[int, list[int]] = {seat: [] for seat in order}
    for i in range(n * n):
        hands[order[i % n]].append(i)
    return hands, list(range(n * n, DECK_SIZE))


def arrange_deck(
    num_players: int,
    dealer: int,
    hands: Mapping[int, Iterable[CardLike]],
    stock: Iterable[CardLike] = (),
    *,
    fill: Iterable[CardLike] = (),
    seated: Iterable[int] | None = None,
) -> list[str]:
    """A deck order (top first, as card names) that deals ``hands`` and puts ``stock`` on top of the stock.

    ``hands`` maps a seat to some or all of its cards in deal order (a
    seat's cards take its first places; the dealer's ``n``-th card is the
    turned trump). Raises ``ValueError`` for a card named twice, a joker, or
    more cards than a place holds.

    >>> arrange_deck(4, 3, {0: ["AS"], 1: ["AS"]})
    Traceback (most recent call last):
    ...
    ValueError: card AS is placed twice
    """
    hand_places, stock_places = deal_positions(num_players, dealer, seated)

    def check(card: int) -> None:
        if not 0 <= card < DECK_SIZE:
            raise ValueError(f"card {CARDS[card]} is not in the Lift Smoke deck (no jokers)")

    deck = DeckOrder(DECK_SIZE, check)
    for seat, cards in hands.items():
        if seat not in hand_places:
            raise ValueError(f"seat {seat} is not dealt in at this {num_players}-player table")
        deck.place(cards, hand_places[seat], f"the hand of seat {seat}")
    deck.place(stock, stock_places, "the stock")
    return deck.finish([*(card_index(c) for c in fill), *range(DECK_SIZE)], lambda c: c < DECK_SIZE)
