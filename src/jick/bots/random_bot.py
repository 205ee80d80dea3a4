"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from jick.engine import Action
from jick.game import Observation


class RandomBot:
    """Uniform random choice; seeded by the caller for reproducible games.

    >>> from jick.registry import new_game
    >>> state = new_game("tarok_3p", seed=1)
    >>> RandomBot(seed=1).choose(state.observation(state.current_player)) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("it is not this seat's turn")
        return legal[self._rng.randrange(len(legal))]
