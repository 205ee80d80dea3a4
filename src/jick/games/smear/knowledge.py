"""What one seat knows about the cards, read from its observation alone.

Card counting for the bots: the cards seen played (and by whom), the suits
each seat has shown it lacks, and the pool of cards that may lie in another
seat's hand (or in the stock, the kitty or someone's face-down discards).
The seat remembers every trick it saw played (``obs.witnessed``), even when
the rules forbid reviewing old tricks.

>>> from jick.games.smear import new_match
>>> s = new_match(seed=3)
>>> k = knowledge(s.observation(s.current_player))
>>> k.hand.bit_count(), k.unknown.bit_count(), k.voids
(10, 44, (0, 0, 0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jick.cards import index_mask
from jick.games.smear.rule_core import shown_voids
from jick.games.smear.rules import FirstLead, FollowRule, SmearRules
from jick.games.smear.tables import TRUMP, TrumpTable, deck_cards, trump_table

#: Void bit of the trump suit in :attr:`Knowledge.voids` (bits 0..3 are the printed suits less the Jick).
TRUMP_VOID = 1 << TRUMP


@dataclass(frozen=True)
class Knowledge:
    """One seat's card knowledge. Masks are card bitmasks (bit ``i`` = card index ``i``)."""

    seat: int
    rules: SmearRules
    table: TrumpTable | None
    #: The seat's own cards.
    hand: int
    #: Cards seen played, per seat (every completed trick it witnessed and the trick in progress).
    played: tuple[int, ...]
    #: Cards known to be out of every other hand: seen played, own discards, buried trumps.
    gone: int
    #: Cards that may be in another seat's hand (or unseen elsewhere).
    unknown: int
    #: Per seat, a bitmask of effective suits (0..3, 4 = trump) it has shown it lacks.
    voids: tuple[int, ...]
    #: Cards each seat holds now.
    hand_sizes: tuple[int, ...]
    #: Game-point cards captured so far, per side, as far as this seat saw the tricks.
    captured: tuple[int, ...]
    #: Number of tricks completed in this hand.
    tricks_done: int
    #: Per seat, how many of its discards lie face down and unseen by this seat (0 for the seat itself).
    face_down: tuple[int, ...] = ()
    #: The seat that won the auction, if any.
    bidder: int | None = None

    def allowed(self, seat: int) -> int:
        """Cards of :attr:`unknown` that ``seat`` may hold given its shown voids."""
        mask = self.unknown
        if self.table is not None:
            for suit in range(5):
                if self.voids[seat] >> suit & 1:
                    mask &= ~self.table.suit_masks[suit]
        return mask


def _note_trick(
    rules: SmearRules,
    table: TrumpTable,
    plays: Any,
    first_trick: bool,
    voids: list[int],
) -> None:
    """Record the voids a trick shows (``plays``: (seat, card) in play order), read from the play rules."""
    if not plays:
        return
    switches = (
        rules.trump_only_play,
        rules.first_lead is FirstLead.TRUMP,
        rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP,
    )
    memo = _shown(table)
    led_card = -1
    for seat, card in plays:
        key = (card.index, led_card, first_trick, switches)
        shown = memo.get(key)
        if shown is None:
            shown = memo[key] = shown_voids(
                card.index, led_card, first_trick, table.trumps, table.eff_suit, table.suit_masks, *switches
            )
        voids[seat] |= shown
        if led_card < 0:
            led_card = card.index


#: :func:`shown_voids` of each trump table, kept by the table's identity (with the table, which it keeps alive)
#: and then by card, led card, first trick and the rules' switches: a bot reads the same tricks at every decision.
_SHOWN: dict[int, tuple[TrumpTable, dict[tuple[int, int, bool, tuple[bool, bool, bool]], int]]] = {}


def _shown(table: TrumpTable) -> dict[tuple[int, int, bool, tuple[bool, bool, bool]], int]:
    """The voids already read under ``table`` (a new store for a table not seen before)."""
    entry = _SHOWN.get(id(table))
    if entry is None or entry[0] is not table:
        if len(_SHOWN) >= 4096:
            _SHOWN.clear()
        entry = _SHOWN[id(table)] = (table, {})
    return entry[1]


_DECKS: dict[int, int] = {}


def _deck_mask(rules: SmearRules) -> int:
    """The cards in play under ``rules`` as a mask (it depends on the jokers alone)."""
    mask = _DECKS.get(rules.jokers)
    if mask is None:
        mask = 0
        for card in deck_cards(rules):
            mask |= 1 << card
        _DECKS[rules.jokers] = mask
    return mask


def knowledge(obs: Any) -> Knowledge:
    """Everything the seat of ``obs`` (a SmearObservation) can tell about where the cards are."""
    rules: SmearRules = obs.rules
    n = len(obs.hand_sizes)
    table = trump_table(rules, obs.trump) if obs.trump is not None else None
    hand = index_mask(obs.hand)
    played = [0] * n
    voids = [0] * n
    captured = [0] * (max(obs.sides) + 1)
    tricks_done = sum(obs.tricks_won)
    first_shown = tricks_done - len(obs.witnessed)
    for i, trick in enumerate(obs.witnessed):
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
        captured[obs.sides[trick.winner]] |= index_mask(card for _, card in trick.plays)
        if table is not None:
            _note_trick(rules, table, trick.plays, first_shown + i == 0, voids)
    for seat, card in obs.trick:
        played[seat] |= 1 << card.index
    if table is not None:
        _note_trick(rules, table, obs.trick, tricks_done == 0, voids)
    gone = index_mask(obs.own_discards) | index_mask(card for _, card in obs.buried)
    for mask in played:
        gone |= mask
    face_down = list(obs.discard_counts)
    face_down[obs.seat] = 0
    for seat, _ in obs.buried:
        face_down[seat] = max(0, face_down[seat] - 1) if seat != obs.seat else 0
    deck = _deck_mask(rules)
    return Knowledge(
        seat=obs.seat,
        rules=rules,
        table=table,
        hand=hand,
        played=tuple(played),
        gone=gone,
        unknown=deck & ~gone & ~hand,
        voids=tuple(voids),
        hand_sizes=tuple(obs.hand_sizes),
        captured=tuple(captured),
        tricks_done=tricks_done,
        face_down=tuple(face_down),
        bidder=obs.bidder,
    )
