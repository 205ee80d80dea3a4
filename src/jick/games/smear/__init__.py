"""Smear (Schmier) in every form of SPEC sections 1 and 2.

>>> s = new_match("smear_mn_original", seed=3)
>>> s.rules.kitty_size, s.num_players
(4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.cards import Card
from jick.game import Game
from jick.games.smear.presets import load_preset, preset_info, preset_names
from jick.games.smear.report import record_hooks
from jick.games.smear.rules import SmearRules
from jick.games.smear.state import SmearState

__all__ = [
    "SmearRules",
    "SmearState",
    "load_preset",
    "new_match",
    "preset_info",
    "preset_names",
    "record_hooks",
]


def new_match(
    preset: str | SmearRules = "smear_ten_point",
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
    first_dealer: int | None = None,
) -> SmearState:
    """A new Smear match from a preset name (or ready rules), seeded or with explicit decks."""
    rules = preset if isinstance(preset, SmearRules) else load_preset(preset, players, overrides)
    state = SmearState(rules, seed=seed, decks=decks, first_dealer=first_dealer)
    state.preset_name = preset if isinstance(preset, str) else None
    state.overrides = dict(overrides or {})
    return state


def _registration() -> Game:
    from jick.games.smear.observation import SmearObservation

    return Game.of_package(
        __name__,
        name="smear",
        title="Smear",
        default_preset="smear_ten_point",
        observation_type=SmearObservation,
        state_type=SmearState,
        bots={
            "heuristic": "jick.games.smear.heuristic:HeuristicBot",
            "search": "jick.games.smear.search:SearchBot",
            "cheater": "jick.games.smear.search:CheaterBot",
        },
    )


#: The registration of the game (see :mod:`jick.game`).
GAME = _registration()
