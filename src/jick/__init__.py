"""jick: Smear, Tarok and Lift Smoke engines, bots and a terminal game.

>>> import jick
>>> state = jick.new_game("smear", seed=1)
>>> state.num_players
4
>>> isinstance(state, jick.GameState)
True
"""

from __future__ import annotations

from jick.engine import Action, IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.game import GameState
from jick.registry import new_game

__version__ = "0.1.0"
__all__ = [
    "Action",
    "GameState",
    "IllegalAction",
    "JickError",
    "NotationError",
    "RecordError",
    "RulesError",
    "new_game",
]
