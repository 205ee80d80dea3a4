"""What one seat may know: the only window bots and clients get onto a Lift Smoke state.

An observation holds the seat's own cards, the trump suit and the turned card
(and, while the dealer still holds it, that he does), every player's card
count, the stock and discard-pile sizes, the trick in progress, the tricks of
the current game (every card was played face up), the pot, the chip totals
and the finished games. No card of another hand, of the stock or of a
reshuffle order is reachable from it; the turned trump card in the dealer's
hand is public by the rules (SPEC 5.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from jick.cards import Card, mask_cards
from jick.engine import Action
from jick.games.liftsmoke.rules import LiftSmokeRules
from jick.games.liftsmoke.state import GameResult, LiftSmokeState, Trick


@dataclass(frozen=True)
class LiftSmokeObservation:
    """An immutable view of a Lift Smoke session from one seat."""

    seat: int
    rules: LiftSmokeRules
    #: ``play``, ``over``, ``deal`` or ``reshuffle`` (the last two: waiting for chance).
    phase: str
    current_player: int
    #: 1-based number of the current (or last dealt) game.
    game_number: int
    games_played: int
    dealer: int
    #: Seats dealt into the current game.
    seated: tuple[int, ...]
    hand: tuple[Card, ...]
    trump: int | None
    #: The turned trump card (set aside under ``stock_top_set_aside``).
    trump_card: Card | None
    #: The dealer while he is known to hold the turned trump card, else ``None``.
    trump_card_holder: int | None
    hand_sizes: tuple[int, ...]
    #: Seats still holding cards.
    active: tuple[int, ...]
    stock_size: int
    discard_size: int
    #: Reshuffles of the discard pile so far in this game.
    reshuffles: int
    trick_leader: int | None
    #: The trick in progress: (seat, card) in play order.
    trick: tuple[tuple[int, Card], ...]
    #: Completed tricks of the current game.
    tricks: tuple[Trick, ...]
    pot: int
    #: Chip totals per seat.
    scores: tuple[int, ...]
    #: The actions this seat may take now (empty when not its turn).
    legal_actions: tuple[Action, ...]
    last_game: GameResult | None
    game_results: tuple[GameResult, ...]
    #: The session winner once the session is over.
    winner: int | None

    @property
    def is_my_turn(self) -> bool:
        return self.current_player == self.seat


def build_observation(state: LiftSmokeState, seat: int) -> LiftSmokeObservation:
    """What ``seat`` may know of ``state``, read through the state's public views."""
    n = state.num_players
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    game = state.current_game
    playing = state.phase == "play"
    results = state.game_results
    return LiftSmokeObservation(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        current_player=state.current_player,
        game_number=state.game_number,
        games_played=state.games_played,
        dealer=state.dealer,
        seated=state.seated,
        hand=mask_cards(state.hand_mask(seat)),
        trump=state.trump,
        trump_card=state.trump_card,
        trump_card_holder=state.trump_card_holder,
        hand_sizes=tuple(state.hand_mask(s).bit_count() for s in range(n)),
        active=state.active,
        stock_size=len(state.stock_cards()),
        discard_size=state.discard_mask.bit_count(),
        reshuffles=len(game.reshuffles) if game else 0,
        trick_leader=state.leader if playing else None,
        trick=state.trick if playing else (),
        tricks=tuple(state.tricks),
        pot=state.pot,
        scores=state.scores,
        legal_actions=tuple(state.legal_actions()) if state.current_player == seat else (),
        last_game=results[-1] if results else None,
        game_results=results,
        winner=state.winner,
    )
