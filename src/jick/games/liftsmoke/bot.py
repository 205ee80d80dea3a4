"""A simple greedy Lift Smoke bot that looks only at its observation.

Only the winner of a trick draws, so winning tricks keeps a player in the
game: the bot wins a trick whenever it can, with its cheapest winning card,
and otherwise throws its lowest card (non-trumps first). It leads its
strongest card. A baseline, not a strong player.

>>> from jick.games.liftsmoke import new_match
>>> s = new_match("lift_smoke", overrides={"games_per_session": 3}, seed=4)
>>> bot = GreedyBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> len(s.game_results)
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jick.cards import Card
from jick.engine import Action


def strength(card: Card, trump: int | None, led: int | None) -> int:
    """How strongly ``card`` stands in a trick led with suit ``led``: trumps, then the suit led, then nothing."""
    if card.suit == trump:
        return 200 + card.rank
    if led is None or card.suit == led:
        return 100 + card.rank
    return card.rank - 20


def trick_winner(cards: Sequence[Card], trump: int | None) -> int:
    """Position of the winning card: the highest trump, else the highest card of the suit led."""
    led = cards[0].suit
    return max(range(len(cards)), key=lambda i: strength(cards[i], trump, led))


class GreedyBot:
    """Win tricks cheaply to keep drawing; throw low cards otherwise."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the choices below are deterministic

    def choose(self, observation: Any) -> Action:
        obs = observation
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError("it is not this seat's turn")
        trump = obs.trump
        if not obs.trick:
            return max(legal, key=lambda a: (strength(a.card, trump, None), -a.card.index))  # type: ignore[no-any-return]
        played = [c for _, c in obs.trick]
        winning = [a for a in legal if trick_winner(played + [a.card], trump) == len(played)]
        if winning:
            return min(winning, key=lambda a: strength(a.card, trump, played[0].suit))  # type: ignore[no-any-return]
        # a losing card: the lowest, keeping trumps
        return min(legal, key=lambda a: (a.card.suit == trump, a.card.rank))  # type: ignore[no-any-return]


#: The heuristic bot of ``make_bot("heuristic", game="liftsmoke")``.
HeuristicBot = GreedyBot
