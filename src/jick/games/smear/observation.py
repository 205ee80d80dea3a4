"""What one seat may know: the only window bots and clients get onto a Smear state.

An observation holds the seat's own cards, the kitty only if that seat took it,
the public auction, trump, the current trick, completed tricks as far as
``trick_history_visible`` allows, discard counts, buried trumps (public in the
refill and non-trump discard modes), the Low point once credited to its
player, and the scores. No hidden card of another seat is reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from jick.cards import Card, mask_cards
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.rules import LowAward, LowCard, RenegeMode, SmearRules, TrickHistory
from jick.games.smear.state import HandResult, SmearState, Trick


@dataclass(frozen=True)
class SmearObservation:
    """An immutable view of a Smear match from one seat."""

    seat: int
    rules: SmearRules
    phase: str
    current_player: int
    dealer: int
    hand_number: int
    hand: tuple[Card, ...]
    #: The kitty cards, only for the seat that took them.
    kitty: tuple[Card, ...]
    #: Public auction so far: (seat, action) in order.
    bids: tuple[tuple[int, Action], ...]
    bidder: int | None
    #: The winning bid (None while bidding or for a moon, see ``moon``).
    bid: int | None
    moon: bool
    trump: int | None
    #: Cards this seat discarded (face down: known to it alone).
    own_discards: tuple[Card, ...]
    discard_counts: tuple[int, ...]
    received_counts: tuple[int, ...]
    #: Trumps buried face up, with the seat that buried each.
    buried: tuple[tuple[int, Card], ...]
    hand_sizes: tuple[int, ...]
    trick_leader: int | None
    #: The trick in progress: (seat, card) in play order.
    trick: tuple[tuple[int, Card], ...]
    #: Completed tricks this seat may review (per ``trick_history_visible``).
    tricks: tuple[Trick, ...]
    #: Every completed trick of this hand, as the seat saw it played: its memory. The rules may forbid
    #: reviewing old tricks (``tricks``), not remembering them; the bots count cards from this.
    witnessed: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    #: The side credited with Low as soon as the Low card was played (``played_by`` deuce rules).
    low_credited_to: int | None
    scores: tuple[int, ...]
    sides: tuple[int, ...]
    #: The actions this seat may take now without breaking a rule (empty when not its turn).
    legal_actions: tuple[Action, ...]
    last_hand: HandResult | None
    winner: int | None
    #: The high bid is a smudge (``bid`` is then its value; docs/pitch.md).
    smudge: bool = False
    #: call_partner: the card the bidder called (public once called).
    called: Card | None = None
    #: The called partner, only when this seat may know it: the holder of the called card knows at once,
    #: everybody once it is played. None otherwise (the bidder does not know its partner either).
    partner: int | None = None

    @property
    def my_side(self) -> int:
        return self.sides[self.seat]

    def with_fields(self, **changes: Any) -> SmearObservation:
        """This observation with ``changes``: ``dataclasses.replace`` without its per-field ``__init__``.

        The search's reading builds thousands of observations a decision (each other seat's view with the
        cards of a sampled deal), so this copies the fields at once.

        >>> from jick.games.smear import new_match
        >>> obs = new_match("smear_ten_point", seed=1).observation(0)
        >>> other = obs.with_fields(seat=2, current_player=2)
        >>> (other.seat, other.current_player, other.hand == obs.hand, obs.seat)
        (2, 2, True, 0)
        >>> obs.with_fields(sear=2)
        Traceback (most recent call last):
        ...
        TypeError: SmearObservation has no field 'sear'
        """
        for name in changes.keys() - _FIELDS:
            raise TypeError(f"SmearObservation has no field {name!r}")
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        return new

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat


_FIELDS = frozenset(f.name for f in fields(SmearObservation))


def build_observation(state: SmearState, seat: int) -> SmearObservation:
    """What ``seat`` may know of ``state``, read through the state's public views."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
    rules = state.rules
    n = state.num_players
    deal = state.current_deal
    bidder = state.bidder
    trump = state.trump
    kitty = 0
    if state.kitty_holder == seat and deal is not None:
        start = rules.deal_packet * n
        for c in deal.deck[start : start + rules.kitty_size]:
            kitty |= 1 << c
    bids: list[tuple[int, Action]] = []
    if deal is not None:
        for s, aid in deal.actions:
            if aid in (A.PASS_ID, A.MOON_ID) or A.BID_BASE <= aid <= A.SMUDGE_ID:  # the smudge id is after the bids
                bids.append((s, A.ACTIONS[aid]))
    trick = state.trick
    done = tuple(deal.tricks) if deal is not None else ()
    visible = rules.trick_history_visible
    if visible is TrickHistory.ALL:
        shown = done
    elif visible is TrickHistory.LAST or not trick:
        # Under "none" the trick just completed stays on the table until the next lead.
        shown = done[-1:]
    else:
        shown = ()
    low_side = None
    if rules.low_card is LowCard.DEUCE and rules.low_award is LowAward.PLAYED_BY and trump is not None:
        deuce = 13 * trump
        for s in range(n):
            if state.played_mask(s) >> deuce & 1:
                low_side = state.side_of(s)
    legal: tuple[Action, ...] = ()
    phase = state.phase
    if state.current_player == seat:
        if phase == "play" and rules.renege_mode is RenegeMode.PENALIZE:
            mask = state.proper_play_mask(seat)
            legal = tuple(A.ACTIONS[A.PLAY_BASE + c.index] for c in mask_cards(mask))
        else:
            legal = tuple(state.legal_actions())
    return SmearObservation(
        seat=seat,
        rules=rules,
        phase=phase,
        current_player=state.current_player,
        dealer=state.dealer,
        hand_number=state.hand_number,
        hand=mask_cards(state.hand_mask(seat)),
        kitty=mask_cards(kitty),
        bids=tuple(bids),
        bidder=bidder,
        bid=state.bid,
        moon=state.moon,
        trump=trump,
        own_discards=mask_cards(state.discard_mask(seat)),
        discard_counts=state.discard_counts,
        received_counts=state.received_counts,
        buried=state.buried,
        hand_sizes=state.hand_sizes,
        trick_leader=state.leader,
        trick=trick,
        tricks=shown,
        witnessed=done,
        tricks_won=state.tricks_won,
        low_credited_to=low_side,
        scores=state.scores,
        sides=tuple(state.side_of(s) for s in range(n)),
        legal_actions=legal,
        last_hand=state.last_hand,
        winner=state.winner,
        smudge=state.smudge,
        called=state.called_card,
        partner=state.partner_known_to(seat),
    )
