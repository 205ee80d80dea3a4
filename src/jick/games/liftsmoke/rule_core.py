"""Lift Smoke's play rules, written once (SPEC 5.3): what a seat may play and who takes a trick.

Cards are indices 0-51 (``suit * 13 + rank``, the ace highest); hands are
bitmasks. The engine and the heuristic bot both call these functions.

>>> from jick.cards import parse_card as p
>>> hearts_led = [p(c).index for c in ("10H", "AH", "2S")]
>>> trick_winner(hearts_led, 3, trump=-1), trick_winner(hearts_led, 3, trump=p("2S").suit)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from jick.cards import SUIT_MASKS

__all__ = ["legal_plays", "power", "trick_winner"]


def power(card: int, trump: int, led: int) -> int:
    """How strongly ``card`` stands in a trick led with suit ``led`` (-1: leading): trumps, the suit led, the rest.

    >>> power(12, trump=-1, led=0) > power(11, trump=-1, led=0) > power(25, trump=-1, led=0)
    True
    """
    suit = card // 13
    if suit == trump:
        return 200 + card % 13
    if led < 0 or suit == led:
        return 100 + card % 13
    return card % 13 - 20


def trick_winner(cards: Sequence[int], n: int, trump: int) -> int:
    """Position (0-based, in play order) of the card that takes the trick of the first ``n`` of ``cards``.

    The highest trump, else the highest card of the suit led; ``trump`` is -1 when there is none.
    """
    led = cards[0] // 13
    best = 0
    best_power = power(cards[0], trump, led)
    for i in range(1, n):
        p = power(cards[i], trump, led)
        if p > best_power:
            best, best_power = i, p
    return best


def legal_plays(hand: int, led_card: int) -> int:
    """The cards of ``hand`` a seat may play: the suit of ``led_card`` if it holds one, else any (-1: leading).

    >>> bin(legal_plays(0b1_0000_0000_0000_0011, 0)), bin(legal_plays(0b1_0000_0000_0000_0000, 0))
    ('0b11', '0b10000000000000000')
    """
    if led_card >= 0:
        follow = hand & SUIT_MASKS[led_card // 13]
        if follow:
            return follow
    return hand
