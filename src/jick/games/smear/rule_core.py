"""Smear's play rules, written once: the cards a seat may play, who wins a trick, the voids a play shows.

These are plain functions over ints and indexable sequences. The engine
(:mod:`~jick.games.smear.state`), the inference (:mod:`~jick.games.smear.inference`)
and the card counting (:mod:`~jick.games.smear.knowledge`) call them with Python
ints and the tuples of a :class:`~jick.games.smear.tables.TrumpTable`; the
compiled code (:mod:`~jick.games.smear.solver`, :mod:`~jick.games.smear.playout_kernel`)
calls the very same functions inside ``@njit`` code with ``uint64`` masks and
numpy arrays. This module does not import numba (the engine starts without it):
the solver calls :func:`~jick.games.smear.numba_cache.register_shared_rules` when it
is imported, which hands every function listed in :data:`JITABLE` to
``numba.extending.register_jitable``. In the compiled build (``JICK_COMPILE=1``)
the engine calls a mypyc extension of this module (the arguments must then be
ints, bools and sequences of ints, as annotated) and numba compiles an
interpreted copy of the same file (:func:`~jick.games.smear.numba_cache.shared_module`).

Card sets are bitmasks (bit ``i`` = card index ``i``); effective suits are
0..3 (the printed suits less any trump they lend, such as the Jick) and 4 (trump).
Numba caches compiled code per module and does not see a change here by itself:
:func:`~jick.games.smear.numba_cache.register_shared_rules` first drops the package's numba cache when this file
changed (:mod:`~jick.games.smear.numba_cache`).

>>> from jick.cards import card_mask, parse_card
>>> from jick.games.smear.presets import load_preset
>>> from jick.games.smear.tables import format_mask, trump_table
>>> t = trump_table(load_preset("smear_ten_point"), 0)  # spades trump
>>> hand = card_mask(["AS", "KH", "2D"])
>>> format_mask(legal_plays(hand, parse_card("5H").index, False, t.trumps, t.eff_suit, t.suit_masks,
...                         False, True, True))
'AS KH'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jick.cards import ACE, JACK, KING, QUEEN, TEN

__all__ = [
    "JITABLE",
    "TRUMP_SUIT",
    "card_pips",
    "legal_plays",
    "naming_leads",
    "playable",
    "shown_voids",
    "trick_winner",
]

#: Effective suit of a trump card (the fifth slot of ``suit_masks``).
TRUMP_SUIT = 4
#: Card index of the first joker; the 52 cards below it are the suited ones.
FIRST_JOKER = 52


def legal_plays(
    hand: int,
    led_card: int,
    first_trick: bool,
    trumps: int,
    eff_suit: Sequence[int],
    suit_masks: Sequence[int],
    trump_only: bool,
    first_lead_trump: bool,
    follow_or_trump: bool,
) -> int:
    """The cards of ``hand`` a seat may play without reneging, ``led_card`` led (-1: the seat leads).

    ``trump_only``: only trumps are played (``trump_only_play``); ``first_lead_trump``:
    the first lead of the hand is a trump when the leader holds one; ``follow_or_trump``:
    a seat that can follow a non-trump lead may trump instead. Trump must be known
    (see :func:`naming_leads` for the lead that names it).

    >>> from jick.cards import card_mask, parse_card
    >>> from jick.games.smear.presets import load_preset
    >>> from jick.games.smear.tables import format_mask, trump_table
    >>> t = trump_table(load_preset("smear_ten_point"), 0)  # spades trump
    >>> hand = card_mask(["AS", "KH", "2D"])
    >>> format_mask(legal_plays(hand, -1, True, t.trumps, t.eff_suit, t.suit_masks, False, True, True))
    'AS'
    """
    if trump_only:
        return hand & trumps
    if led_card < 0:
        if first_trick and first_lead_trump and (hand & trumps) != 0:
            return hand & trumps
        return hand
    led = eff_suit[led_card]
    follow = hand & suit_masks[led]
    if follow == 0:
        return hand
    if led != TRUMP_SUIT and follow_or_trump:
        return follow | (hand & trumps)
    return follow


def naming_leads(hand: int, suited: int) -> int:
    """The cards that may make the lead that names trump: any card with a suit, else any card.

    ``suited`` is the mask of the 52 suited cards (a joker has no suit to name).

    >>> from jick.cards import card_mask
    >>> from jick.games.smear.tables import format_mask
    >>> suited = (1 << 52) - 1
    >>> format_mask(naming_leads(card_mask(["HJ", "2D"]), suited)), format_mask(naming_leads(card_mask(["HJ"]), suited))
    ('2D', 'HJ')
    """
    cards = hand & suited
    if cards != 0:
        return cards
    return hand


def playable(hand: int, proper: int, penalize: bool) -> int:
    """The cards a seat may put down: its ``proper`` plays, or any card when reneges are penalized.

    Under ``renege_mode = penalize`` a card outside ``proper`` is a renege, scored at the end of the hand.

    >>> playable(0b111, 0b010, False), playable(0b111, 0b010, True)
    (2, 7)
    """
    if penalize:
        return hand
    return proper


def trick_winner(
    cards: Sequence[int], n: int, eff_suit: Sequence[int], strength: Sequence[int], second_joker_wins: bool
) -> int:
    """Position (0-based, in play order) of the card that wins the trick of the first ``n`` of ``cards``.

    The highest trump wins, else the highest card of the suit led. Two trumps of
    equal strength (jokers of one rank) go to the first played, or to the second
    when ``second_joker_wins``.

    >>> from jick.cards import parse_card as p
    >>> from jick.games.smear.presets import load_preset
    >>> from jick.games.smear.tables import trump_table
    >>> t = trump_table(load_preset("smear_ten_point"), 0)
    >>> cards = [p(c).index for c in ("10S", "JC", "LJ", "2S")]
    >>> trick_winner(cards, 4, t.eff_suit, t.strength, t.second_joker_wins)
    1
    """
    led = eff_suit[cards[0]]
    best = 0
    best_strength = strength[cards[0]]
    best_trump = led == TRUMP_SUIT
    for pos in range(1, n):
        card = cards[pos]
        suit = eff_suit[card]
        if suit == TRUMP_SUIT:
            s = strength[card]
            if (not best_trump) or s > best_strength or (s == best_strength and second_joker_wins):
                best = pos
                best_strength = s
                best_trump = True
        elif (not best_trump) and suit == led and strength[card] > best_strength:
            best = pos
            best_strength = strength[card]
    return best


def shown_voids(
    card: int,
    led_card: int,
    first_trick: bool,
    trumps: int,
    eff_suit: Sequence[int],
    suit_masks: Sequence[int],
    trump_only: bool,
    first_lead_trump: bool,
    follow_or_trump: bool,
) -> int:
    """The effective suits (bit ``s`` for suit ``s``, 4 = trump) a seat shows it lacks by playing ``card``.

    Read from :func:`legal_plays`, not written in reverse: the seat is void in
    suit ``s`` when ``card`` would not have been a proper play had it held
    every card of ``s`` besides. ``led_card`` is -1 for the lead.

    >>> from jick.cards import parse_card as p
    >>> from jick.games.smear.presets import load_preset
    >>> from jick.games.smear.tables import trump_table
    >>> t = trump_table(load_preset("smear_ten_point"), 0)  # spades trump; 2D played to a heart lead
    >>> bin(shown_voids(p("2D").index, p("5H").index, False, t.trumps, t.eff_suit, t.suit_masks, False, True, True))
    '0b10'
    """
    voids = 0
    bit = (trumps & 0) | 1
    bit = bit << card
    for suit in range(TRUMP_SUIT + 1):
        proper = legal_plays(
            bit | suit_masks[suit], led_card, first_trick, trumps, eff_suit, suit_masks,
            trump_only, first_lead_trump, follow_or_trump,
        )  # fmt: skip
        if (proper & bit) == 0:
            voids |= 1 << suit
    return voids


def card_pips(card: int) -> int:
    """The Game value of one card: ace 4, king 3, queen 2, jack 1, ten 10, others (and jokers) 0.

    >>> [card_pips(c) for c in (12, 11, 10, 9, 8, 7, 52)]
    [4, 3, 2, 1, 10, 0, 0]
    """
    if card >= FIRST_JOKER:
        return 0
    rank = card % 13
    if rank == ACE:
        return 4
    if rank == KING:
        return 3
    if rank == QUEEN:
        return 2
    if rank == JACK:
        return 1
    if rank == TEN:
        return 10
    return 0


#: The functions numba may call from compiled code (each is registered with ``register_jitable``).
JITABLE: tuple[Callable[..., Any], ...] = (legal_plays, naming_leads, playable, trick_winner, shown_voids, card_pips)
