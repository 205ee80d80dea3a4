"""The 54-card Tarok deck (SPEC 4.2, notation of SPEC 0.3), card values and tricks.

Index layout (sets of cards are ``int`` bitmasks, bit ``index``):

* trumps ``0..21``: ``I`` (the Pagat) is 0, ``XXI`` (the Mond) is 20 and
  ``SKUS`` is 21, so a higher index is a higher trump;
* suit cards ``22 + 8 * suit + rank`` for suits ``S H D C`` (0..3), with
  ``rank`` 0 (lowest) to 7 (the king). Red suits rank ``K Q C J A 2 3 4``
  (4 lowest), black suits ``K Q C J 10 9 8 7`` (7 lowest).

>>> parse_card("XXI").index, parse_card("SKUS").index, parse_card("ch")
(20, 21, TarokCard('CH'))
>>> trick_winner([parse_card(c).index for c in ("KH", "I", "QH")])
1
>>> pile_count(card_mask(["XXI", "KH", "7S"]))
9
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from jick.engine import NotationError

# The constants of this module are Final, so that the compiled build reads them as constants, not as
# module globals.
SUITS: Final = "SHDC"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
NUM_TRUMPS: Final = 22
NUM_CARDS: Final = 54
PAGAT: Final = 0
MOND: Final = 20
SKUS: Final = 21
#: Rank names of the suit cards, lowest first.
RED_RANKS = ("4", "3", "2", "A", "J", "C", "Q", "K")
BLACK_RANKS = ("7", "8", "9", "10", "J", "C", "Q", "K")
JACK: Final = 4
CAVALIER: Final = 5
QUEEN: Final = 6
KING: Final = 7
_ROMAN = "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split()

TRUMPS: Final = (1 << NUM_TRUMPS) - 1
ALL_CARDS: Final = (1 << NUM_CARDS) - 1
SUIT_MASKS: Final = tuple(0xFF << (NUM_TRUMPS + 8 * s) for s in range(4))
KINGS: Final = sum(1 << (NUM_TRUMPS + 8 * s + KING) for s in range(4))
QUEENS: Final = sum(1 << (NUM_TRUMPS + 8 * s + QUEEN) for s in range(4))
CAVALIERS: Final = sum(1 << (NUM_TRUMPS + 8 * s + CAVALIER) for s in range(4))
JACKS: Final = sum(1 << (NUM_TRUMPS + 8 * s + JACK) for s in range(4))
#: The trull: Skus, Mond and Pagat.
TRULL: Final = 1 << SKUS | 1 << MOND | 1 << PAGAT
#: The 19 counting cards (SPEC 4.3); every other card is a null.
COUNTERS: Final = TRULL | KINGS | QUEENS | CAVALIERS | JACKS


class TarokCard:
    """One card of the Tarok deck.

    >>> c = TarokCard.of("10S"); c.suit, c.rank, c.is_trump
    (0, 3, False)
    >>> TarokCard.of("XV").rank, str(TarokCard(21))
    (15, 'SKUS')
    """

    __slots__ = ("index", "suit", "rank", "_name")

    index: int
    #: 0..3 for S H D C, -1 for a trump.
    suit: int
    #: Trump number 1..22 (SKUS = 22) or suit rank 0..7 (7 = king).
    rank: int
    _name: str

    def __init__(self, index: int) -> None:
        if not 0 <= index < NUM_CARDS:
            raise NotationError(f"no Tarok card has index {index}")
        object.__setattr__(self, "index", index)
        if index < NUM_TRUMPS:
            object.__setattr__(self, "suit", -1)
            object.__setattr__(self, "rank", index + 1)
            object.__setattr__(self, "_name", "SKUS" if index == SKUS else _ROMAN[index])
        else:
            suit, rank = divmod(index - NUM_TRUMPS, 8)
            names = RED_RANKS if suit in (1, 2) else BLACK_RANKS
            object.__setattr__(self, "suit", suit)
            object.__setattr__(self, "rank", rank)
            object.__setattr__(self, "_name", names[rank] + SUITS[suit])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TarokCard is immutable")

    @staticmethod
    def of(text: str) -> TarokCard:
        return parse_card(text)

    @property
    def is_trump(self) -> bool:
        return self.index < NUM_TRUMPS

    @property
    def mask(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"TarokCard({self._name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TarokCard) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: TarokCard) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))


CARDS: tuple[TarokCard, ...] = tuple(TarokCard(i) for i in range(NUM_CARDS))

_BY_NAME: dict[str, int] = {str(c): c.index for c in CARDS}
_BY_NAME.update({"XXII": SKUS, "SKÜS": SKUS, "SKIS": SKUS, "EXCUSE": SKUS, "MOND": MOND, "PAGAT": PAGAT})
for _s in SUITS:
    _BY_NAME["T" + _s] = _BY_NAME.get("10" + _s, -1)
    _BY_NAME["1" + _s] = _BY_NAME.get("A" + _s, -1)
_BY_NAME = {k: v for k, v in _BY_NAME.items() if v >= 0}


def card_at(index: int) -> TarokCard:
    return CARDS[index]


def parse_card(text: str) -> TarokCard:
    """Parse Tarok card notation (case-insensitive): ``I``..``XXI``, ``SKUS``, ``KH``, ``CH``, ``4D``, ``10S``.

    >>> parse_card("xxii"), parse_card("4d")
    (TarokCard('SKUS'), TarokCard('4D'))
    >>> parse_card("5H")
    Traceback (most recent call last):
    ...
    jick.engine.NotationError: '5H' is not a Tarok card (use e.g. I, XXI, SKUS, KH, CH, 4D, 10S)
    """
    index = _BY_NAME.get(text.strip().upper())
    if index is None:
        raise NotationError(f"{text!r} is not a Tarok card (use e.g. I, XXI, SKUS, KH, CH, 4D, 10S)")
    return CARDS[index]


def parse_cards(text: str | Iterable[str]) -> list[TarokCard]:
    """Cards separated by spaces or commas.

    >>> parse_cards("SKUS, XXI I")
    [TarokCard('SKUS'), TarokCard('XXI'), TarokCard('I')]
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def card_index(card: TarokCard | str | int) -> int:
    if isinstance(card, TarokCard):
        return card.index
    if isinstance(card, int):
        if not 0 <= card < NUM_CARDS:
            raise NotationError(f"no Tarok card has index {card}")
        return card
    return parse_card(card).index


def card_mask(cards: Iterable[TarokCard | str | int]) -> int:
    """Bitmask of cards given as values, names or indices.

    >>> card_mask(["I", "II"])
    3
    """
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_cards(mask: int) -> tuple[TarokCard, ...]:
    """The cards of a mask, lowest index first."""
    return tuple(CARDS[i] for i in iter_bits(mask))


def format_mask(mask: int) -> str:
    """Cards of a mask as notation: trumps high to low, then each suit S H D C high to low.

    >>> format_mask(card_mask(["I", "SKUS", "4H", "KH", "7S"]))
    'SKUS I 7S KH 4H'
    """
    order = list(range(NUM_TRUMPS - 1, -1, -1))
    for s in range(4):
        order += range(NUM_TRUMPS + 8 * s + 7, NUM_TRUMPS + 8 * s - 1, -1)
    return " ".join(str(CARDS[i]) for i in order if mask >> i & 1)


# --------------------------------------------------------------------------- values
def card_weight(index: int, jack_value: int = 2) -> int:
    """A counter's value, or 1 for a null (SPEC 4.3 linear formula).

    >>> [card_weight(parse_card(c).index) for c in ("SKUS", "KD", "QS", "CC", "JH", "XV")]
    [5, 5, 4, 3, 2, 1]
    """
    bit = 1 << index
    if bit & (TRULL | KINGS):
        return 5
    if bit & QUEENS:
        return 4
    if bit & CAVALIERS:
        return 3
    if bit & JACKS:
        return jack_value
    return 1


def pile_count(mask: int, jack_value: int = 2) -> int:
    """Count of a pile whose size is a multiple of 3: weights minus 2 per group of three.

    >>> pile_count(ALL_CARDS), pile_count(ALL_CARDS, 3)
    (70, 74)
    """
    size = mask.bit_count()
    if size % 3:
        raise ValueError(f"a pile of {size} cards is not made of groups of three")
    return sum(card_weight(i, jack_value) for i in iter_bits(mask)) - 2 * (size // 3)


def trick_value(cards: Sequence[TarokCard | str | int], jack_value: int = 2) -> int:
    """The value of a group of three cards (SPEC 4.3 table).

    >>> trick_value(["SKUS", "XXI", "I"]), trick_value(["II", "III", "8C"])
    (13, 1)
    """
    if len(cards) != 3:
        raise ValueError("a trick value is defined for three cards")
    return pile_count(card_mask(cards), jack_value)


# --------------------------------------------------------------------------- play
def beats(card: int, best: int, led: int) -> bool:
    """Whether ``card`` beats ``best`` in a trick led with ``led``."""
    if card < NUM_TRUMPS:
        return best >= NUM_TRUMPS or card > best
    if best < NUM_TRUMPS:
        return False
    suit = (led - NUM_TRUMPS) >> 3 if led >= NUM_TRUMPS else -1
    return (card - NUM_TRUMPS) >> 3 == suit and card > best


def trick_winner(cards: Sequence[int]) -> int:
    """Position in ``cards`` (play order) of the winning card: highest trump, else highest of the suit led.

    >>> trick_winner([parse_card(c).index for c in ("4H", "2H", "AH")])
    2
    >>> trick_winner([parse_card(c).index for c in ("XX", "SKUS", "XXI")])
    1
    """
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], cards[0]):
            best = i
    return best


def legal_plays(hand: int, trick: Sequence[int], overtrump_required: bool = False) -> int:
    """Mask of the cards of ``hand`` that may be played to ``trick`` (cards so far, led first), SPEC 4.11.

    Follow suit if able, else trump if able, else anything; a trump lead must be
    followed with a trump. With ``overtrump_required`` a player who plays a trump
    must beat the highest trump already in the trick when he can.

    >>> hand = card_mask(["VII", "XII", "KH", "3H", "10S"])
    >>> format_mask(legal_plays(hand, [parse_card("8C").index]))
    'XII VII'
    """
    if not trick:
        return hand
    led = trick[0]
    if led < NUM_TRUMPS:
        allowed = hand & TRUMPS
        if not allowed:
            return hand
    else:
        allowed = hand & SUIT_MASKS[(led - NUM_TRUMPS) >> 3]
        if allowed:
            return allowed
        allowed = hand & TRUMPS
        if not allowed:
            return hand
    if overtrump_required:
        top = max((c for c in trick if c < NUM_TRUMPS), default=-1)
        higher = allowed & ~((1 << (top + 1)) - 1)
        if higher:
            return higher
    return allowed
