"""What one seat may know: the only window bots and clients get onto a Smear state.

An observation holds the seat's own cards, the kitty only if that seat took it,
the public auction, trump, the current trick, completed tricks as far as
``trick_history_visible`` allows, discard counts, buried trumps (public in the
refill and non-trump discard modes), the Low point once credited to its
player, and the scores. No hidden card of another seat is reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jick.cards import CARDS, Card, mask_cards
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.rules import LowAward, LowCard, SmearRules, TrickHistory
from jick.games.smear.state import (
    BIDDER,
    BURIED,
    DEALER,
    DISC_COUNT,
    DISC_MASK,
    HAND,
    HIGH_BID,
    KITTY_HOLDER,
    LEADER,
    MOON_BID,
    PHASE,
    PHASE_NAMES,
    PLAY,
    PLAYED,
    RECV_COUNT,
    SCORE,
    T_CARD,
    T_SEAT,
    TRICK_LEN,
    TRICKS_WON,
    TRUMP_SUIT,
    HandResult,
    SmearState,
    Trick,
)


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
    tricks_won: tuple[int, ...]
    #: The side credited with Low as soon as the Low card was played (``played_by`` deuce rules).
    low_credited_to: int | None
    scores: tuple[int, ...]
    sides: tuple[int, ...]
    #: The actions this seat may take now without breaking a rule (empty when not its turn).
    legal_actions: tuple[Action, ...]
    last_hand: HandResult | None
    winner: int | None

    @property
    def my_side(self) -> int:
        return self.sides[self.seat]

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat


def build_observation(state: SmearState, seat: int) -> SmearObservation:
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
    v = state._v
    rules = state.rules
    n = state.num_players
    deal = state._deals[-1] if state._deals else None
    phase = v[PHASE]
    high = v[HIGH_BID]
    bidder = v[BIDDER] if v[BIDDER] >= 0 else None
    trump = v[TRUMP_SUIT] if v[TRUMP_SUIT] >= 0 else None
    kitty = 0
    if v[KITTY_HOLDER] == seat and deal is not None:
        start = rules.deal_packet * n
        for c in deal.deck[start : start + rules.kitty_size]:
            kitty |= 1 << c
    bids: list[tuple[int, Action]] = []
    if deal is not None:
        for s, aid in deal.actions:
            if aid in (A.PASS_ID, A.MOON_ID) or aid >= A.BID_BASE:
                bids.append((s, A.ACTIONS[aid]))
    trick_len = v[TRICK_LEN] if phase == PLAY else 0
    trick = tuple((v[T_SEAT + i], CARDS[v[T_CARD + i]]) for i in range(trick_len))
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
            if v[PLAYED + s] >> deuce & 1:
                low_side = state.side_of(s)
    buried = v[BURIED]
    legal: tuple[Action, ...] = ()
    if state.current_player == seat:
        if phase == PLAY and state._penalize:
            mask = state._proper_play_mask(seat)
            legal = tuple(A.ACTIONS[A.PLAY_BASE + c.index] for c in mask_cards(mask))
        else:
            legal = tuple(state.legal_actions())
    return SmearObservation(
        seat=seat,
        rules=rules,
        phase=PHASE_NAMES[phase],
        current_player=state.current_player,
        dealer=v[DEALER],
        hand_number=len(state._results) + 1,
        hand=mask_cards(v[HAND + seat]),
        kitty=mask_cards(kitty),
        bids=tuple(bids),
        bidder=bidder,
        bid=high if bidder is not None and high != MOON_BID else None,
        moon=high == MOON_BID,
        trump=trump,
        own_discards=mask_cards(v[DISC_MASK + seat]),
        discard_counts=tuple(v[DISC_COUNT : DISC_COUNT + n]),
        received_counts=tuple(v[RECV_COUNT : RECV_COUNT + n]),
        buried=tuple((s, c) for s in range(n) for c in mask_cards(v[DISC_MASK + s] & buried)),
        hand_sizes=tuple(v[HAND + s].bit_count() for s in range(n)),
        trick_leader=v[LEADER] if phase == PLAY else None,
        trick=trick,
        tricks=shown,
        tricks_won=tuple(v[TRICKS_WON : TRICKS_WON + n]),
        low_credited_to=low_side,
        scores=tuple(v[SCORE : SCORE + state.num_sides]),
        sides=tuple(state.side_of(s) for s in range(n)),
        legal_actions=legal,
        last_hand=state._results[-1] if state._results else None,
        winner=state.winner,
    )
