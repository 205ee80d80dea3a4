"""Build an explicit deck order that deals chosen cards to chosen places.

Tests and worked examples need a deal they can name card by card. The engine
deals a deck from index 0 by SPEC 1.5's canonical order: packets of
``deal_packet`` cards clockwise from eldest (``dealer + 1``) to the dealer,
the kitty right after the first round, and the rest of the deck is the stock
with ``stock[0]`` on top. :func:`arrange_deck` inverts that: it puts the given
cards where the deal sends them and fills every other place with the
remaining cards of the rules' deck in a fixed order (the ``fill`` cards first,
then the deck's canonical order ``2S 3S ... AS 2H ... AC`` and the jokers).

>>> from jick.games.smear.presets import load_preset
>>> rules = load_preset("smear_mn_original")
>>> deck = arrange_deck(rules, 3, {0: ["AS", "KS", "QS", "JS"]}, kitty=["2H"], stock=["AH"])
>>> deck[0:3], deck[12], deck[16], deck[40]
(['AS', 'KS', 'QS'], '2H', 'JS', 'AH')
>>> deck[3:6]
['2S', '3S', '4S']
>>> from jick.games.smear import new_match
>>> from jick.cards import card_mask
>>> state = new_match(rules, decks=[deck], first_dealer=3)
>>> state.hand_mask(0) & card_mask(["AS", "KS", "QS", "JS"]) == card_mask(["AS", "KS", "QS", "JS"])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from jick.arrange import CardLike as CardLike
from jick.arrange import DeckOrder, card_index
from jick.cards import CARDS
from jick.games.smear.rules import SmearRules
from jick.games.smear.tables import deck_cards


def deal_positions(rules: SmearRules, dealer: int) -> tuple[dict[int, list[int]], list[int], list[int]]:
    """Deck indices of each seat's cards, of the kitty and of the stock (top first), per SPEC 1.5.

    >>> from jick.games.smear.presets import load_preset
    >>> hands, kitty, stock = deal_positions(load_preset("smear_ten_point"), 3)
    >>> hands[0], hands[3][:5], kitty, stock[0], len(stock)
    ([0, 1, 2, 3, 4, 20, 21, 22, 23, 24], [15, 16, 17, 18, 19], [], 40, 14)
    """
    n = rules.num_players
    packet = rules.deal_packet
    hands: dict[int, list[int]] = {seat: [] for seat in range(n)}
    kitty: list[int] = []
    idx = 0
    for r in range(rules.hand_size // packet):
        for j in range(1, n + 1):
            seat = (dealer + j) % n
            hands[seat].extend(range(idx, idx + packet))
            idx += packet
        if r == 0 and rules.kitty_size:
            kitty = list(range(idx, idx + rules.kitty_size))
            idx += rules.kitty_size
    return hands, kitty, list(range(idx, rules.deck_size))


def arrange_deck(
    rules: SmearRules,
    dealer: int,
    hands: Mapping[int, Iterable[CardLike]],
    kitty: Iterable[CardLike] = (),
    stock: Iterable[CardLike] = (),
    *,
    fill: Iterable[CardLike] = (),
) -> list[str]:
    """A deck order (top first, as card names) that deals ``hands``, ``kitty`` and ``stock``.

    ``hands`` maps a seat to some or all of its dealt cards; a seat's cards
    take its first places in deal order. ``kitty`` and ``stock`` likewise
    (``stock[0]`` is the top of the stock). Every place left over gets the
    next unused card of ``fill`` and then of the rules' canonical deck order.
    Raises ``ValueError`` for a card named twice, a card not in the rules'
    deck, or more cards than a place holds.

    >>> from jick.games.smear.presets import load_preset
    >>> rules = load_preset("smear_ten_point")
    >>> deck = arrange_deck(rules, 3, {1: ["HJ"]}, fill=["AC", "KC"])
    >>> deck[5], deck[0:2], len(deck)
    ('HJ', ['AC', 'KC'], 54)
    >>> arrange_deck(rules, 3, {0: ["AS"], 1: ["AS"]})
    Traceback (most recent call last):
    ...
    ValueError: card AS is placed twice
    """
    hand_places, kitty_places, stock_places = deal_positions(rules, dealer)
    in_deck = set(deck_cards(rules))

    def check(card: int) -> None:
        if card not in in_deck:
            raise ValueError(f"card {CARDS[card]} is not in the deck of these rules (jokers = {rules.jokers})")

    deck = DeckOrder(rules.deck_size, check)
    for seat, cards in hands.items():
        if seat not in hand_places:
            raise ValueError(f"no seat {seat} at a {rules.num_players}-player table")
        deck.place(cards, hand_places[seat], f"the hand of seat {seat}")
    deck.place(kitty, kitty_places, "the kitty")
    deck.place(stock, stock_places, "the stock")
    return deck.finish([*(card_index(c) for c in fill), *deck_cards(rules)], in_deck.__contains__)
