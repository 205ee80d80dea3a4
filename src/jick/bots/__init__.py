"""Bots: each chooses an action from an observation, never from the state.

>>> from jick.games.smear import new_match
>>> s = new_match(seed=1)
>>> bot = make_bot("random", seed=2)
>>> bot.choose(s.observation(s.current_player)) in s.legal_actions()
True
"""

from __future__ import annotations

from typing import Any, Protocol

from jick.engine import Action, RulesError


class Bot(Protocol):
    name: str

    def choose(self, observation: Any) -> Action:
        """An action from ``observation.legal_actions``."""
        ...


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random`` or ``greedy``."""
    from jick.bots.random_bot import RandomBot

    if name == "random":
        return RandomBot(seed)
    if name in ("greedy", "bot"):
        from jick.bots.greedy import GreedyBot

        return GreedyBot(seed)
    raise RulesError(f"unknown bot {name!r}; bots are: random, greedy")


BOT_NAMES = ("random", "greedy")
