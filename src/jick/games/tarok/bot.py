"""A simple greedy Tarok bot that looks only at its observation.

It bids on the number and height of its trumps, takes the first widow half
(the smallest multiplier), lays away its most valuable allowed suit cards
(they count for the bidder), plays for game, announces ultimo only with a
long trump suit, and in play wins a trick with its cheapest winning card when
the trick is not already its side's, else throws its cheapest card. A
baseline, not a strong player.

>>> from jick.games.tarok import new_match
>>> s = new_match("tarok_3p", seed=4)
>>> bot = GreedyBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> len(s.deal_results)
12
"""

from __future__ import annotations

from typing import Any

from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok.cards import KING, MOND, PAGAT, SKUS, TarokCard, card_weight, trick_winner

#: Trumps from XV up count as high.
HIGH_TRUMP = 14


def hand_strength(hand: tuple[TarokCard, ...]) -> tuple[int, int, int]:
    """(trumps, high trumps, kings) of a hand."""
    trumps = [c for c in hand if c.is_trump]
    high = sum(1 for c in trumps if c.index >= HIGH_TRUMP)
    kings = sum(1 for c in hand if not c.is_trump and c.rank == KING)
    return len(trumps), high, kings


class GreedyBot:
    """Bid on trumps, accept the widow, win tricks cheaply."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the choices below are deterministic

    def choose(self, observation: Any) -> Action:
        obs = observation
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        trumps, high, kings = hand_strength(obs.hand)
        phase = obs.phase
        choice: Action
        if phase == "auction":
            if trumps >= 12 and high >= 5 and A.ACTIONS[A.SOLO_ID] in legal:
                choice = A.ACTIONS[A.SOLO_ID]
            elif trumps + kings >= 9 and high >= 3 and A.ACTIONS[A.THREESOME_ID] in legal:
                choice = A.ACTIONS[A.THREESOME_ID]
            else:
                choice = A.ACTIONS[A.PASS_ID]
        elif phase == "widow":
            choice = A.ACTIONS[A.ACCEPT_ID]
        elif phase == "discard":
            choice = self._discard(obs, legal)
        elif phase == "contract":
            choice = A.ACTIONS[A.GAME_ID]
        elif phase == "ultimo":
            choice = A.ACTIONS[A.ULTIMO_ID] if trumps >= 11 and high >= 5 else A.ACTIONS[A.PASS_ID]
        elif phase == "contra":
            choice = A.ACTIONS[A.CONTRA_ID] if high >= 6 else A.ACTIONS[A.PASS_ID]
        elif phase == "play":
            choice = self._play(obs, legal)
        else:
            choice = legal[0]
        return choice if choice in legal else legal[0]

    def _discard(self, obs: Any, legal: list[Action]) -> Action:
        """Lay away suit cards worth the most (they count for the bidder); trumps last."""
        jack = obs.rules.jack_value

        def key(a: A.Discard) -> tuple[int, int, int]:
            c = a.card
            return (1 if c.is_trump else 0, -card_weight(c.index, jack), c.index)

        return min((a for a in legal if isinstance(a, A.Discard)), key=key)

    def _play(self, obs: Any, legal: list[Action]) -> Action:
        jack = obs.rules.jack_value
        plays = [a for a in legal if isinstance(a, A.Play)]

        def cost(c: TarokCard) -> tuple[int, int]:
            valuable = c.index in (PAGAT, MOND, SKUS)
            return (card_weight(c.index, jack) + (10 if valuable else 0), c.index if c.is_trump else -1)

        cheapest = min(plays, key=lambda a: cost(a.card))
        trick = list(obs.trick)
        if not trick:
            # lead a king or the strongest trump when holding many; else the cheapest card
            kings = [a for a in plays if not a.card.is_trump and a.card.rank == KING]
            if kings:
                return kings[0]
            return cheapest
        indices = [c.index for _, c in trick]
        winner_seat = trick[trick_winner(indices)][0]
        if self._same_side(obs, winner_seat) and len(trick) == 2:
            # the trick is ours: add the most valuable card we may
            return max(plays, key=lambda a: (card_weight(a.card.index, jack), -a.card.index))
        winning = [a for a in plays if trick_winner(indices + [a.card.index]) == len(trick)]
        if winning and not self._same_side(obs, winner_seat):
            return min(winning, key=lambda a: (a.card.index if a.card.is_trump else a.card.rank, cost(a.card)))
        return cheapest

    @staticmethod
    def _same_side(obs: Any, seat: int) -> bool:
        """Whether ``seat`` plays on our side (the bidder alone, or the two opponents together)."""
        if seat == obs.seat:
            return True
        if obs.bidder is None:
            return False
        return bool((seat == obs.bidder) == (obs.seat == obs.bidder))


#: The heuristic bot of ``make_bot("heuristic", game="tarok")``.
HeuristicBot = GreedyBot
