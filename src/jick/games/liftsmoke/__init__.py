"""Lift Smoke (Linger Longer) per SPEC section 5: a session of games, one pot each.

>>> s = new_match("lift_smoke", players=5, seed=3)
>>> s.rules.hand_size, len(s.stock_cards()), s.pot
(5, 27, 5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.cards import Card
from jick.game import Game
from jick.games.liftsmoke.presets import DEFAULT_PRESET, load_preset, preset_info, preset_names
from jick.games.liftsmoke.report import record_hooks
from jick.games.liftsmoke.rules import LiftSmokeRules
from jick.games.liftsmoke.state import GameLog, GameResult, LiftSmokeState, Trick

__all__ = [
    "GameLog",
    "GameResult",
    "LiftSmokeRules",
    "LiftSmokeState",
    "Trick",
    "load_preset",
    "new_match",
    "preset_info",
    "preset_names",
    "record_hooks",
]


def new_match(
    preset: str | LiftSmokeRules = DEFAULT_PRESET,
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
    first_dealer: int | None = None,
    reshuffles: Sequence[Sequence[Sequence[int | str | Card]]] | None = None,
) -> LiftSmokeState:
    """A new Lift Smoke session from a preset name (or ready rules), seeded or with explicit orders.

    ``decks[k]`` is the deck of game ``k`` (0-based, top first);
    ``reshuffles[k][r]`` is the new stock order of reshuffle ``r`` in game
    ``k`` (``on_stock_exhausted = "reshuffle_discards"``). Whatever they do not
    cover comes from ``seed``; with neither the state waits at a chance node.
    """
    rules = preset if isinstance(preset, LiftSmokeRules) else load_preset(preset, players, overrides)
    state = LiftSmokeState(rules, seed=seed, decks=decks, first_dealer=first_dealer, reshuffles=reshuffles)
    state.preset_name = preset if isinstance(preset, str) else None
    state.overrides = dict(overrides or {})
    return state


def _registration() -> Game:
    from jick.games.liftsmoke.observation import LiftSmokeObservation

    return Game.of_package(
        __name__,
        name="liftsmoke",
        title="Lift Smoke",
        default_preset=DEFAULT_PRESET,
        observation_type=LiftSmokeObservation,
        state_type=LiftSmokeState,
        parts={
            "openspiel": "jick.games.liftsmoke.research:OPENSPIEL",
            "rule_figures": "jick.games.liftsmoke.figures",
            "tensor_encoder": "jick.games.liftsmoke.tensor:LiftSmokeEncoder",
        },
        bots={
            "heuristic": "jick.games.liftsmoke.bot:HeuristicBot",
            "search": "jick.games.liftsmoke.bot:SearchBot",
        },
    )


#: The registration of the game (see :mod:`jick.game`).
GAME = _registration()
