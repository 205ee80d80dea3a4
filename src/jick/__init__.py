"""jick: Smear, Tarok and Lift Smoke engines, bots and a terminal game.

>>> import jick
>>> state = jick.new_game("smear", seed=1)
>>> state.num_players
4
"""

from __future__ import annotations

from jick.engine import Action, IllegalAction, JickError, NotationError, RecordError, RulesError, State
from jick.registry import new_game

__version__ = "0.1.0"
__all__ = [
    "Action",
    "IllegalAction",
    "JickError",
    "NotationError",
    "RecordError",
    "RulesError",
    "State",
    "new_game",
]
