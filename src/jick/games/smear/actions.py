"""Smear actions: frozen values with a stable id and a short string form.

==============  ===========  ===============
action          string       id
==============  ===========  ===============
Play(card)      ``AS``       0..54 (card index)
Discard(card)   ``-AS``      55..109
DoneDiscarding  ``done``     110
NameTrump(s)    ``S``        111..114
Pass            ``pass``     115
Moon            ``moon``     116
CallMisdeal     ``misdeal``  117
KeepHand        ``keep``     118
Bid(n)          ``5``        119 + n
Smudge          ``smudge``   180
CallCard(card)  ``call AS``  181..235
==============  ===========  ===============

>>> Bid(5), str(Play(Card.of("10H"))), Discard(Card.of("AS")).id
(Bid('5'), '10H', 67)
>>> action_from_text("-as") == Discard(Card.of("AS"))
True
>>> action_from_text("call ah"), action_from_text("call AH").id
(CallCard('call AH'), 206)
"""

from __future__ import annotations

from jick.cards import CARDS, SUITS, Card, parse_card, suit_of_name
from jick.engine import Action, NotationError
from jick.games.smear.ids import (  # noqa: E402  (re-exported)
    BID_BASE as BID_BASE,
)
from jick.games.smear.ids import (
    CALL_BASE as CALL_BASE,
)
from jick.games.smear.ids import (
    DISCARD_BASE as DISCARD_BASE,
)
from jick.games.smear.ids import (
    DONE_ID as DONE_ID,
)
from jick.games.smear.ids import (
    KEEP_ID as KEEP_ID,
)
from jick.games.smear.ids import (
    MISDEAL_ID as MISDEAL_ID,
)
from jick.games.smear.ids import (
    MOON_ID as MOON_ID,
)
from jick.games.smear.ids import (
    NUM_ACTIONS as NUM_ACTIONS,
)
from jick.games.smear.ids import (
    PASS_ID as PASS_ID,
)
from jick.games.smear.ids import (
    PLAY_BASE as PLAY_BASE,
)
from jick.games.smear.ids import (
    SMUDGE_ID as SMUDGE_ID,
)
from jick.games.smear.ids import (
    TRUMP_BASE as TRUMP_BASE,
)
from jick.games.smear.rules import MAX_BID_LIMIT
from jick.table_actions import SuppliedDeck as SuppliedDeck
from jick.table_actions import VoidDeal as VoidDeal


class Play(Action):
    """Play a card to the trick."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        object.__setattr__(self, "card", card)
        self._freeze(PLAY_BASE + card.index)

    def __str__(self) -> str:
        return str(self.card)


class Discard(Action):
    """Discard (or bury) one card face down."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        object.__setattr__(self, "card", card)
        self._freeze(DISCARD_BASE + card.index)

    def __str__(self) -> str:
        return f"-{self.card}"


class DoneDiscarding(Action):
    """End a discard of free size (refill mode) and be dealt back up to six."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(DONE_ID)

    def __str__(self) -> str:
        return "done"


class NameTrump(Action):
    """The bidder names the trump suit (0..3 = S H D C)."""

    __slots__ = ("suit",)
    suit: int

    def __init__(self, suit: int) -> None:
        if not 0 <= suit < 4:
            raise NotationError(f"no suit {suit}")
        object.__setattr__(self, "suit", suit)
        self._freeze(TRUMP_BASE + suit)

    def __str__(self) -> str:
        return SUITS[self.suit]


class Pass(Action):
    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(PASS_ID)

    def __str__(self) -> str:
        return "pass"


class Moon(Action):
    """Bid to shoot the moon: take every point or lose the match."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(MOON_ID)

    def __str__(self) -> str:
        return "moon"


class CallMisdeal(Action):
    """Call a misdeal on a hand of only 3s to 9s (optional low-hand misdeal)."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(MISDEAL_ID)

    def __str__(self) -> str:
        return "misdeal"


class KeepHand(Action):
    """Decline to call a misdeal and play the hand."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(KEEP_ID)

    def __str__(self) -> str:
        return "keep"


class Bid(Action):
    """Bid ``amount`` points."""

    __slots__ = ("amount",)
    amount: int

    def __init__(self, amount: int) -> None:
        if not 0 <= amount <= MAX_BID_LIMIT:
            raise NotationError(f"a bid must be 0..{MAX_BID_LIMIT}, not {amount}")
        object.__setattr__(self, "amount", amount)
        self._freeze(BID_BASE + amount)

    def __str__(self) -> str:
        return str(self.amount)


class Smudge(Action):
    """Bid a smudge (docs/pitch.md): every point, or every trick, as the rules say."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(SMUDGE_ID)

    def __str__(self) -> str:
        return "smudge"


class CallCard(Action):
    """The bidder calls a card it does not hold: its holder is the bidder's secret partner (docs/pitch.md)."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        object.__setattr__(self, "card", card)
        self._freeze(CALL_BASE + card.index)

    def __str__(self) -> str:
        return f"call {self.card}"


#: Every action, indexed by id (the fixed action space).
ACTIONS: tuple[Action, ...] = (
    tuple(Play(c) for c in CARDS)
    + tuple(Discard(c) for c in CARDS)
    + (DoneDiscarding(),)
    + tuple(NameTrump(s) for s in range(4))
    + (Pass(), Moon(), CallMisdeal(), KeepHand())
    + tuple(Bid(b) for b in range(MAX_BID_LIMIT + 1))
    + (Smudge(),)
    + tuple(CallCard(c) for c in CARDS)
)
assert len(ACTIONS) == NUM_ACTIONS and all(a.id == i for i, a in enumerate(ACTIONS))

_WORDS: dict[str, Action] = {
    "pass": ACTIONS[PASS_ID],
    "moon": ACTIONS[MOON_ID],
    "done": ACTIONS[DONE_ID],
    "misdeal": ACTIONS[MISDEAL_ID],
    "keep": ACTIONS[KEEP_ID],
    "smudge": ACTIONS[SMUDGE_ID],
}


def action_from_id(action_id: int) -> Action:
    if not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(f"no Smear action has id {action_id}")
    return ACTIONS[action_id]


def action_from_text(text: str) -> Action:
    """Parse the canonical string form of an action (context-free).

    >>> action_from_text("pass"), action_from_text("H"), action_from_text("10h")
    (Pass('pass'), NameTrump('H'), Play('10H'))
    """
    key = text.strip()
    low = key.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low.isdigit():
        return ACTIONS[BID_BASE + int(low)] if int(low) <= MAX_BID_LIMIT else Bid(int(low))
    if low.startswith("call "):
        return ACTIONS[CALL_BASE + parse_card(key[5:]).index]
    if key.startswith("-"):
        return ACTIONS[DISCARD_BASE + parse_card(key[1:]).index]
    if low.startswith("discard "):
        return ACTIONS[DISCARD_BASE + parse_card(key[8:]).index]
    if len(key) == 1 or low in ("spades", "hearts", "diamonds", "clubs"):
        try:
            return ACTIONS[TRUMP_BASE + suit_of_name(key)]
        except NotationError:
            pass
    try:
        return ACTIONS[PLAY_BASE + parse_card(key).index]
    except NotationError:
        raise NotationError(
            f"{text!r} is not a Smear action (a bid like 5, pass, moon, smudge, a suit S/H/D/C, a card like AS, "
            "-AS to discard, call AS, done, misdeal or keep)"
        ) from None
