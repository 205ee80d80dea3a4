"""Standard cards: 52 French-suited cards plus up to two jokers.

Cards are small frozen values with a stable index; sets of cards are plain
``int`` bitmasks (bit ``card.index`` set when the card is in the set), which
keeps cloning and set arithmetic cheap.

Index layout: ``suit * 13 + rank`` for the 52 suited cards, where ``rank`` is
0 for the 2 up to 12 for the Ace, and suits are ``S H D C`` (0..3). Jokers are
52 (``HJ``, the high joker), 53 (``LJ``, the low joker) and 54 (``JK``, the
only joker of a one-joker deck).

>>> parse_card("10H")
Card('10H')
>>> parse_card("10h").index
21
>>> format_mask(card_mask(["AS", "2S"]))
'AS 2S'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from jick.engine import NotationError

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
TWO, THREE, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 1, 7, 8, 9, 10, 11, 12
HJ, LJ, JK = 52, 53, 54
NUM_CARDS = 55
JOKERS = (HJ, LJ, JK)
JOKER_NAMES = {HJ: "HJ", LJ: "LJ", JK: "JK"}

#: Bits of each printed suit.
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: The same-colour partner suit: S<->C, H<->D.
SAME_COLOUR = (CLUBS, DIAMONDS, HEARTS, SPADES)


class Card:
    """One physical card; equal cards share an index.

    >>> Card.of("JD").rank, Card.of("JD").suit
    (9, 2)
    >>> str(Card.of("HJ")), Card.of("HJ").is_joker
    ('HJ', True)
    """

    __slots__ = ("index", "rank", "suit", "_name")

    index: int
    rank: int
    suit: int
    _name: str

    def __init__(self, index: int) -> None:
        if not 0 <= index < NUM_CARDS:
            raise NotationError(f"no card has index {index}")
        object.__setattr__(self, "index", index)
        if index >= 52:
            object.__setattr__(self, "rank", -1)
            object.__setattr__(self, "suit", -1)
            object.__setattr__(self, "_name", JOKER_NAMES[index])
        else:
            object.__setattr__(self, "rank", index % 13)
            object.__setattr__(self, "suit", index // 13)
            object.__setattr__(self, "_name", RANKS[index % 13] + SUITS[index // 13])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def of(text: str) -> Card:
        """The card named by ``text`` (``AS``, ``10H``, ``HJ``...)."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.index >= 52

    @property
    def mask(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"Card({self._name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(NUM_CARDS))


def card_at(index: int) -> Card:
    """The card with this index.

    >>> card_at(51)
    Card('AC')
    """
    return CARDS[index]


_ALIASES = {"T": "10", "1": "A"}
_BY_NAME: dict[str, int] = {}
for _c in CARDS:
    _BY_NAME[str(_c)] = _c.index
for _s in SUITS:
    _BY_NAME["T" + _s] = _BY_NAME["10" + _s]
_BY_NAME["JOKER"] = JK
_SYMBOL_SUITS = {sym: letter for sym, letter in zip(SUIT_SYMBOLS, SUITS, strict=True)}


def parse_card(text: str) -> Card:
    """Parse card notation; case and a suit symbol are accepted.

    >>> parse_card("qs"), parse_card("10♥"), parse_card("lj")
    (Card('QS'), Card('10H'), Card('LJ'))
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    jick.engine.NotationError: '1X' is not a card (use e.g. AS, 10H, JD, HJ, LJ)
    """
    key = text.strip().upper()
    if key and key[-1] in _SYMBOL_SUITS:
        key = key[:-1] + _SYMBOL_SUITS[key[-1]]
    index = _BY_NAME.get(key)
    if index is None:
        raise NotationError(f"{text!r} is not a card (use e.g. AS, 10H, JD, HJ, LJ)")
    return CARDS[index]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a list of cards separated by spaces or commas.

    >>> parse_cards("AS, 10H JD")
    [Card('AS'), Card('10H'), Card('JD')]
    """
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        tokens = list(text)
    return [parse_card(t) for t in tokens]


def card_mask(cards: Iterable[Card | str | int]) -> int:
    """A bitmask of cards given as ``Card`` values, names or indices.

    >>> card_mask(["2S"]) == 1
    True
    """
    mask = 0
    for c in cards:
        if isinstance(c, Card):
            mask |= 1 << c.index
        elif isinstance(c, int):
            mask |= 1 << c
        else:
            mask |= 1 << parse_card(c).index
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first.

    >>> list(iter_bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """Indices of the set bits as a list, lowest first (the hot-path form of :func:`iter_bits`).

    >>> bit_list(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def index_mask(cards: Iterable[Any]) -> int:
    """A bitmask of any game's cards, from their ``index`` (Smear, Tarok and Lift Smoke cards alike).

    >>> index_mask(parse_cards("2S 4S"))
    5
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, by index.

    >>> mask_cards(0b11)
    (Card('2S'), Card('3S'))
    """
    return tuple([CARDS[i] for i in bit_list(mask)])


def format_mask(mask: int) -> str:
    """Cards of a mask as notation, suits S H D C and high ranks first, jokers first."""
    jokers = [JOKER_NAMES[j] for j in JOKERS if mask >> j & 1]
    rest = [str(CARDS[i]) for s in range(4) for i in range(13 * s + 12, 13 * s - 1, -1) if mask >> i & 1]
    return " ".join(jokers + rest)


def popcount(mask: int) -> int:
    return mask.bit_count()


def suit_of_name(text: str) -> int:
    """Suit index from a letter, name or symbol.

    >>> suit_of_name("hearts"), suit_of_name("D"), suit_of_name("♣")
    (1, 2, 3)
    """
    key = text.strip()
    if key in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(key)
    low = key.lower()
    for i, name in enumerate(SUIT_NAMES):
        if low in (name, name[:-1], SUITS[i].lower()):
            return i
    raise NotationError(f"{text!r} is not a suit (use S, H, D or C)")
