"""Precomputed card tables for one rule set and one trump suit.

Everything the hot loop needs (trump membership, effective suits, trick
strength) is computed once per ``(rules, trump)`` and cached.

>>> from jick.games.smear.presets import load_preset
>>> t = trump_table(load_preset("smear_ten_point"), HEARTS)
>>> format_mask(t.trumps)
'HJ LJ AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H JD'
>>> [str(CARDS[i]) for i in t.order]
['AH', 'KH', 'QH', 'JH', 'JD', 'HJ', 'LJ', '10H', '9H', '8H', '7H', '6H', '5H', '4H', '3H', '2H']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from jick.cards import (
    ACE,
    CARDS,
    HEARTS,
    HJ,
    JACK,
    JK,
    KING,
    LJ,
    NINE,
    QUEEN,
    SAME_COLOUR,
    SUIT_MASKS,
    TEN,
    THREE,
    TWO,
    format_mask,
)
from jick.core.frozen import by_fields
from jick.games.smear.rule_core import card_pips
from jick.games.smear.rule_core import trick_winner as rule_trick_winner
from jick.games.smear.rules import DECK_LOWEST, JokerOrder, SmearRules

__all__ = [
    "TrumpTable",
    "trump_table",
    "deck_cards",
    "game_points",
    "captured_point_cards",
    "TRUMP",
    "HEARTS",
    "format_mask",
    "CARDS",
]

#: Rank index of the five (the Pedros of Cinch).
FIVE = 3

#: Effective suit of a trump card.
TRUMP = 4


def _rank_mask(rank: int) -> int:
    return sum(1 << (13 * s + rank) for s in range(4))


#: Cards of ranks 3..9 (the "non-scoring" ranks of SPEC 1.6 and 1.9).
LOW_RANKS = sum(_rank_mask(r) for r in range(THREE, NINE + 1))


def _pip_masks() -> tuple[tuple[int, int], ...]:
    """(Game value, cards of that value) for every value a card may have (:func:`.rule_core.card_pips`)."""
    by_value: dict[int, int] = {}
    for card in range(52):
        value = card_pips(card)
        if value:
            by_value[value] = by_value.get(value, 0) | 1 << card
    return tuple(sorted(by_value.items()))


#: The Game-point cards grouped by value: ``(value, mask)`` pairs.
PIP_MASKS = _pip_masks()


def game_points(mask: int) -> int:
    """Game-point total of a set of cards: A=4, K=3, Q=2, J=1, 10=10.

    >>> from jick.cards import card_mask
    >>> game_points(card_mask(["AS", "KD", "10H", "JC", "5S", "HJ"]))
    18
    """
    total = 0
    for value, cards in PIP_MASKS:
        total += value * (mask & cards).bit_count()
    return total


def deck_cards(rules: SmearRules) -> tuple[int, ...]:
    """The canonical (unshuffled) deck of a rule set: the suited cards ``deck_ranks`` keeps, then the jokers.

    >>> from jick.games.smear.presets import load_preset
    >>> len(deck_cards(load_preset("pitch_auction", overrides={"deck_ranks": "5-A"})))
    40
    """
    jokers = {0: (), 1: (JK,), 2: (HJ, LJ)}[rules.jokers]
    lowest = DECK_LOWEST[rules.deck_ranks]
    return tuple(c for c in range(52) if c % 13 >= lowest) + jokers


@dataclass(frozen=True)
class TrumpTable:
    """Card facts once trump is known."""

    trump: int
    trumps: int
    #: Effective suit masks indexed 0..3 (printed suits less the Jick) and 4 (trumps).
    suit_masks: tuple[int, int, int, int, int]
    #: Effective suit per card index (4 = trump); -1 for cards not in the deck.
    eff_suit: tuple[int, ...]
    #: Strength per card: trumps 100 + position from the bottom; others their rank.
    strength: tuple[int, ...]
    #: Trumps from highest to lowest (jokers of equal rank side by side).
    order: tuple[int, ...]
    #: Trumps of ranks 3..9 (may be buried when scoring trumps may not).
    nonscoring: int
    jick: int
    shared_joker_rank: bool
    second_joker_wins: bool
    #: The Left Pedro (the five of the trump's colour-mate) when ``use_off_five``, else -1.
    off_five: int = -1
    #: The off-ace (the ace of the trump's colour-mate) when ``use_off_ace``, else -1.
    off_ace: int = -1
    #: The off-three (the three of the trump's colour-mate) when ``use_off_three``, else -1.
    off_three: int = -1

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@cache
def trump_table(rules: SmearRules, trump: int) -> TrumpTable:
    base = 13 * trump
    jick = -1
    if rules.use_jick:
        jick = 13 * SAME_COLOUR[trump] + JACK
    mate = 13 * SAME_COLOUR[trump]
    top = [base + r for r in (ACE, KING, QUEEN, JACK)]
    off_ace = -1
    if rules.use_off_ace:  # 11-point Pitch: the off-ace ranks just below the ace of trump
        off_ace = mate + ACE
        top.insert(1, off_ace)
    middle: list[int] = []
    if rules.jokers == 2:
        if rules.big_joker_above_jick:
            middle = [HJ] + ([jick] if jick >= 0 else []) + [LJ]
        else:
            middle = ([jick] if jick >= 0 else []) + [HJ, LJ]
    else:
        middle = ([jick] if jick >= 0 else []) + ([JK] if rules.jokers == 1 else [])
    bottom = [base + r for r in range(TEN, TWO - 1, -1)]
    off_five = -1
    if rules.use_off_five:  # the Left Pedro ranks just below the Right Pedro (the five of trump)
        off_five = 13 * SAME_COLOUR[trump] + FIVE
        bottom.insert(bottom.index(base + FIVE) + 1, off_five)
    off_three = -1
    if rules.use_off_three:  # 13-point Pitch: the off-three ranks just below the three of trump
        off_three = mate + THREE
        bottom.insert(bottom.index(base + THREE) + 1, off_three)
    order = top + middle + bottom
    shared = rules.jokers == 2 and rules.joker_order is not JokerOrder.FIXED
    strength = [-1] * 55
    for card in range(52):
        strength[card] = card % 13
    n = len(order)
    for pos, card in enumerate(order):
        strength[card] = 100 + (n - pos)
    if shared:
        strength[HJ] = strength[LJ] = max(strength[HJ], strength[LJ])
    trumps = sum(1 << c for c in order)
    suit_masks = [SUIT_MASKS[s] & ~trumps for s in range(4)]
    eff = [-1] * 55
    for card in deck_cards(rules):
        eff[card] = 4 if trumps >> card & 1 else card // 13
    return TrumpTable(
        trump=trump,
        trumps=trumps,
        suit_masks=(suit_masks[0], suit_masks[1], suit_masks[2], suit_masks[3], trumps),
        eff_suit=tuple(eff),
        strength=tuple(strength),
        order=tuple(order),
        nonscoring=trumps & SUIT_MASKS[trump] & LOW_RANKS,
        jick=jick,
        shared_joker_rank=shared,
        second_joker_wins=rules.joker_order is JokerOrder.SECOND_PLAYED_WINS,
        off_five=off_five,
        off_ace=off_ace,
        off_three=off_three,
    )


def captured_point_cards(rules: SmearRules, table: TrumpTable) -> dict[str, int]:
    """Point name -> card for the points won by capturing one card (Jack, Jick, jokers, Trey, Ten, Pedros, ...).

    Only the points the rules define, and only cards in the deck.

    >>> from jick.games.smear.presets import load_preset
    >>> r = load_preset("cinch")
    >>> {k: str(CARDS[c]) for k, c in captured_point_cards(r, trump_table(r, HEARTS)).items()}
    {'jack': 'JH', 'ten': '10H', 'five': '5H', 'off_five': '5D'}
    """
    base = 13 * table.trump
    named = {
        "jack": base + JACK,
        "jick": table.jick,
        "joker_high": HJ,
        "joker_low": LJ,
        "joker": JK,
        "trey": base + THREE,
        "deuce": base + TWO,
        "ten": base + TEN,
        "five": base + FIVE,
        "off_five": table.off_five,
        "off_ace": table.off_ace,
        "off_three": table.off_three,
    }
    pts = rules.points
    return {name: card for name, card in named.items() if name in pts and card >= 0}


def trick_winner(table: TrumpTable, cards: list[int] | tuple[int, ...]) -> int:
    """Position (0-based, in play order) of the card that wins a trick (:func:`.rule_core.trick_winner`).

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.cards import parse_card as p
    >>> t = trump_table(load_preset("smear_ten_point"), 0)
    >>> trick_winner(t, [p("10S").index, p("JC").index, p("LJ").index, p("2S").index])
    1
    """
    return rule_trick_winner(cards, len(cards), table.eff_suit, table.strength, table.second_joker_wins)
