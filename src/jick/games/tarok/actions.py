"""Tarok actions: frozen values with a stable id and a short string form.

==================  ===============  =========
action              string           id
==================  ===============  =========
Play(card)          ``XXI``, ``KH``  0..53 (card index)
Discard(card)       ``-XV``          54..107
Pass                ``pass``         108
Threesome           ``threesome``    109
Solo                ``solo``         110
AcceptWidow         ``accept``       111
RejectWidow         ``reject``       112
ChooseGame          ``game``         113
ChooseConsolation   ``consolation``  114
Ultimo              ``ultimo``       115
ContraUltimo        ``contra``       116
==================  ===============  =========

``pass`` is also the answer "no" in the ultimo and contra-ultimo rounds.

>>> action_from_text("-xv"), action_from_text("SOLO").id, str(ACTIONS[20])
(Discard('-XV'), 110, 'XXI')
"""

from __future__ import annotations

from typing import Final

from jick import table_actions
from jick.engine import Action, NotationError
from jick.games.tarok.cards import CARDS, NUM_CARDS, TarokCard, parse_card
from jick.table_actions import VoidDeal as VoidDeal

PLAY_BASE: Final = 0
DISCARD_BASE: Final = NUM_CARDS
PASS_ID: Final = 2 * NUM_CARDS
THREESOME_ID: Final = PASS_ID + 1
SOLO_ID: Final = PASS_ID + 2
ACCEPT_ID: Final = PASS_ID + 3
REJECT_ID: Final = PASS_ID + 4
GAME_ID: Final = PASS_ID + 5
CONSOLATION_ID: Final = PASS_ID + 6
ULTIMO_ID: Final = PASS_ID + 7
CONTRA_ID: Final = PASS_ID + 8
NUM_ACTIONS: Final = CONTRA_ID + 1


class Play(Action):
    """Play a card to the trick."""

    __slots__ = ("card",)
    card: TarokCard
    kind = "play"

    def __init__(self, card: TarokCard) -> None:
        object.__setattr__(self, "card", card)
        self._freeze(PLAY_BASE + card.index)

    def __str__(self) -> str:
        return str(self.card)


class Discard(Action):
    """The threesome bidder lays away one card face down (a trump is announced)."""

    __slots__ = ("card",)
    card: TarokCard
    kind = "discard"

    def __init__(self, card: TarokCard) -> None:
        object.__setattr__(self, "card", card)
        self._freeze(DISCARD_BASE + card.index)

    def __str__(self) -> str:
        return f"-{self.card}"


class _Word(Action):
    """An action named by one word."""

    __slots__ = ()
    word: str = ""
    word_id: int = -1

    def __init__(self) -> None:
        self._freeze(self.word_id)

    def __str__(self) -> str:
        return self.word


class Pass(_Word):
    """Pass in the auction; decline ultimo or contra-ultimo."""

    __slots__ = ()
    word, word_id = "pass", PASS_ID


class Threesome(_Word):
    """Bid threesome (only as the first bid)."""

    __slots__ = ()
    word, word_id = "threesome", THREESOME_ID


class Solo(_Word):
    """Bid solo: overcalls threesome and ends the auction."""

    __slots__ = ()
    word, word_id = "solo", SOLO_ID


class AcceptWidow(_Word):
    """Take the widow half now shown (first half: m = 1; second half: m = 2)."""

    __slots__ = ()
    word, word_id = "accept", ACCEPT_ID


class RejectWidow(_Word):
    """Reject the widow half now shown (first: see the second; second: take the first back, m = 3)."""

    __slots__ = ()
    word, word_id = "reject", REJECT_ID


class ChooseGame(_Word):
    """Play for game: win 36 or more card points."""

    __slots__ = ()
    word, word_id = "game", GAME_ID


class ChooseConsolation(_Word):
    """Play for consolation: win at most 35 card points."""

    __slots__ = ()
    word, word_id = "consolation", CONSOLATION_ID


class Ultimo(_Word):
    """The bidder announces he will win the last trick with the pagat (I)."""

    __slots__ = ()
    word, word_id = "ultimo", ULTIMO_ID


class ContraUltimo(_Word):
    """An opponent announces he will capture the bidder's pagat."""

    __slots__ = ()
    word, word_id = "contra", CONTRA_ID


class SuppliedDeck(table_actions.SuppliedDeck):
    """A deck order given at a chance node with :meth:`TarokState.deal`."""

    __slots__ = ()
    cards = CARDS


#: Every action, indexed by id (the fixed action space).
ACTIONS: tuple[Action, ...] = (
    tuple(Play(c) for c in CARDS)
    + tuple(Discard(c) for c in CARDS)
    + (Pass(), Threesome(), Solo(), AcceptWidow(), RejectWidow(), ChooseGame(), ChooseConsolation())
    + (Ultimo(), ContraUltimo())
)
assert len(ACTIONS) == NUM_ACTIONS and all(a.id == i for i, a in enumerate(ACTIONS))

_WORDS: dict[str, Action] = {str(a): a for a in ACTIONS[PASS_ID:]}
_WORDS.update({"contra-ultimo": ACTIONS[CONTRA_ID], "contra_ultimo": ACTIONS[CONTRA_ID]})


def action_from_id(action_id: int) -> Action:
    if not 0 <= action_id < NUM_ACTIONS:
        raise NotationError(f"no Tarok action has id {action_id}")
    return ACTIONS[action_id]


def action_from_text(text: str) -> Action:
    """Parse the canonical string form of an action (context-free: a bare card is a Play).

    >>> action_from_text("pass"), action_from_text("ch"), action_from_text("discard KS")
    (Pass('pass'), Play('CH'), Discard('-KS'))
    """
    key = text.strip()
    low = key.lower()
    if low in _WORDS:
        return _WORDS[low]
    try:
        if key.startswith("-"):
            return ACTIONS[DISCARD_BASE + parse_card(key[1:]).index]
        if low.startswith("discard "):
            return ACTIONS[DISCARD_BASE + parse_card(key[8:]).index]
        return ACTIONS[PLAY_BASE + parse_card(key).index]
    except NotationError:
        raise NotationError(
            f"{text!r} is not a Tarok action (pass, threesome, solo, accept, reject, game, consolation, "
            "ultimo, contra, a card like XXI or KH, -XV to discard)"
        ) from None
