"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from typing import Any

from jick.engine import Action


class RandomBot:
    """Uniform random choice; seeded by the caller for reproducible games."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Any) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("it is not this seat's turn")
        return legal[self._rng.randrange(len(legal))]  # type: ignore[no-any-return]
