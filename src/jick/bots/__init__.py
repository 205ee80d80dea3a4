"""Bots: each chooses an action from an observation, never from the state.

``random`` works for every game (it picks among ``observation.legal_actions``);
``greedy`` is a per-game heuristic, the ``GreedyBot`` of the game package's
``bot`` module. Without a game name the greedy bot finds the game from the
package of each observation it is shown.

>>> from jick.games.smear import new_match
>>> s = new_match(seed=1)
>>> bot = make_bot("random", seed=2)
>>> bot.choose(s.observation(s.current_player)) in s.legal_actions()
True
>>> from jick.games.tarok import new_match as new_tarok
>>> t = new_tarok("tarok_3p", seed=1)
>>> make_bot("greedy", 0).choose(t.observation(t.current_player)) in t.legal_actions()
True
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from jick.engine import Action, RulesError

BOT_NAMES = ("random", "greedy")


class Bot(Protocol):
    name: str

    def choose(self, observation: Any) -> Action:
        """An action from ``observation.legal_actions``."""
        ...


def greedy_bot_class(game: str) -> type[Bot]:
    """The greedy bot of a game: ``GreedyBot`` in the ``bot`` module of its package."""
    from jick.registry import game_module

    module = importlib.import_module(game_module(game).__name__ + ".bot")
    cls: type[Bot] = module.GreedyBot
    return cls


class AnyGameGreedy:
    """A greedy bot for whatever game its observations come from."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._bots: dict[str, Bot] = {}

    def choose(self, observation: Any) -> Action:
        package = type(observation).__module__.rsplit(".", 1)[0]
        if package not in self._bots:
            module = importlib.import_module(package + ".bot")
            self._bots[package] = module.GreedyBot(self.seed)
        return self._bots[package].choose(observation)


def make_bot(name: str, seed: int | None = None, game: str | None = None) -> Bot:
    """A bot by name: ``random`` or ``greedy`` (``bot``), for ``game`` or any game."""
    from jick.bots.random_bot import RandomBot

    if name == "random":
        return RandomBot(seed)
    if name in ("greedy", "bot"):
        if game is None:
            return AnyGameGreedy(seed)
        return greedy_bot_class(game)(seed)  # type: ignore[call-arg]
    raise RulesError(f"unknown bot {name!r}; bots are: {', '.join(BOT_NAMES)}")
