"""What one seat may know of a Tarok match: the only window bots and clients get.

An observation holds the seat's own hand, the widow cards that seat looked at
(the bidder only), the widow cards exposed face up, the bidder's own discards
(for him) and the discarded trumps (announced to all), the auction, contract,
multiplier, melds and announcements, the trick in progress, every completed
trick of the deal, the scores and the last deal's result. No hidden card of
another seat is reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok.cards import CARDS, TRUMPS, TarokCard, mask_cards
from jick.games.tarok.rules import TarokRules
from jick.games.tarok.state import TarokDealResult, TarokState, Trick

_BIDS = (A.PASS_ID, A.THREESOME_ID, A.SOLO_ID)


@dataclass(frozen=True)
class TarokObservation:
    """An immutable view of a Tarok match from one seat."""

    seat: int
    rules: TarokRules
    phase: str
    current_player: int
    deal_number: int
    dealer: int
    #: Forehand, middle and end hand of this deal.
    active: tuple[int, ...]
    #: The dealer in a four-player game (holds no cards), else None.
    sitting_out: int | None
    hand: tuple[TarokCard, ...]
    #: The auction so far: (seat, action) in order.
    bids: tuple[tuple[int, Action], ...]
    bidder: int | None
    contract: str | None
    game_type: str | None
    multiplier: int
    #: Widow cards lying face up for everyone (a rejected half).
    widow_exposed: tuple[TarokCard, ...]
    #: Widow cards this seat has looked at privately (the threesome bidder only).
    widow_seen: tuple[TarokCard, ...]
    #: The bidder's discards, for the bidder alone.
    own_discards: tuple[TarokCard, ...]
    #: Discarded trumps, announced to everyone.
    announced_discards: tuple[TarokCard, ...]
    discard_count: int
    melds: tuple[tuple[int, str], ...]
    ultimo: bool
    contra: int | None
    trick_leader: int | None
    #: The trick in progress: (seat, card) in play order.
    trick: tuple[tuple[int, TarokCard], ...]
    #: Completed tricks of this deal.
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    #: The actions this seat may take now (empty when it is not its turn).
    legal_actions: tuple[Action, ...]
    last_deal: TarokDealResult | None
    winners: tuple[int, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat

    @property
    def role(self) -> str:
        """``forehand``, ``middle``, ``end`` or ``dealer`` (sitting out)."""
        if self.seat in self.active:
            return ("forehand", "middle", "end")[self.active.index(self.seat)]
        return "dealer"


def build_observation(state: TarokState, seat: int) -> TarokObservation:
    """What ``seat`` may know of ``state``, read through the state's public views."""
    n = state.num_players
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    deal = state.current_deal
    bidder = state.bidder
    is_bidder = bidder == seat
    bids: list[tuple[int, Action]] = []
    if deal is not None:
        for s, aid in deal.actions:  # the auction is the start of a deal: at most 3 bids, a solo ends it
            if aid not in _BIDS or len(bids) == 3:
                break
            bids.append((s, A.ACTIONS[aid]))
            if aid == A.SOLO_ID:
                break
    discards = state.discard_mask
    return TarokObservation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        current_player=state.current_player,
        deal_number=state.deal_number,
        dealer=state.dealer,
        active=state.active_seats,
        sitting_out=state.sitting_out,
        hand=mask_cards(state.hand_mask(seat)),
        bids=tuple(bids),
        bidder=bidder,
        contract=state.contract,
        game_type=state.game_type,
        multiplier=state.multiplier,
        widow_exposed=mask_cards(state.exposed_mask),
        widow_seen=mask_cards(state.seen_mask) if is_bidder else (),
        own_discards=mask_cards(discards) if is_bidder else (),
        announced_discards=mask_cards(discards & TRUMPS),
        discard_count=discards.bit_count(),
        melds=state.melds,
        ultimo=state.ultimo,
        contra=state.contra,
        trick_leader=state.leader,
        trick=tuple((s, CARDS[c]) for s, c in state.trick_cards()),
        tricks=tuple(state.tricks),
        tricks_won=state.tricks_won,
        hand_sizes=tuple(state.hand_mask(s).bit_count() for s in range(n)),
        scores=state.scores,
        legal_actions=tuple(state.legal_actions()) if state.current_player == seat else (),
        last_deal=state.last_deal,
        winners=state.winners,
    )
