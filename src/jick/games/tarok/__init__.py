"""Tarok (Hoyle-style, SPEC section 4): threesome or solo against two, 54-card Tarok deck.

>>> s = new_match("tarok_4p", seed=3)
>>> s.num_players, s.sitting_out == s.dealer, s.hand_mask(s.dealer)
(4, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.game import Game
from jick.games.tarok.cards import TarokCard
from jick.games.tarok.presets import DEFAULT_PRESET, load_preset, preset_info, preset_names
from jick.games.tarok.report import record_hooks
from jick.games.tarok.rules import TarokRules
from jick.games.tarok.state import TarokDealResult, TarokState

__all__ = [
    "DEFAULT_PRESET",
    "TarokCard",
    "TarokDealResult",
    "TarokRules",
    "TarokState",
    "load_preset",
    "new_match",
    "preset_info",
    "preset_names",
    "record_hooks",
]


def new_match(
    preset: str | TarokRules = DEFAULT_PRESET,
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Sequence[Sequence[int | str | TarokCard]] | None = None,
    first_dealer: int | None = None,
) -> TarokState:
    """A new Tarok match from a preset name (or ready rules), seeded or with explicit decks.

    With ``decks`` and no ``first_dealer`` the last seat deals first, so seat 0 is the forehand.
    """
    rules = preset if isinstance(preset, TarokRules) else load_preset(preset, players, overrides)
    state = TarokState(rules, seed=seed, decks=decks, first_dealer=first_dealer)
    state.preset_name = preset if isinstance(preset, str) else None
    state.overrides = dict(overrides or {})
    return state


#: Variants of the Tarok bots, kept to measure against: name -> (kind, options). A name another game uses
#: too must mean the same options there (``search_plays``: Smear's search reading the plays).
BOT_VERSIONS: dict[str, tuple[str, dict[str, Any]]] = {
    # the Tarok search weighting its sampled deals by the other seats' card plays (off by default: docs/tarok.md)
    "search_plays": ("search", {"read_plays": True}),
    # the Tarok search valuing a flat consolation's card-point margin as well as its score, the name it was measured
    # by before it became the default (the same bot as ``search``; docs/tarok.md)
    "search_consolation_margin": ("search", {"margin_weight": 1.0}),
    # the Tarok search before that: a flat consolation valued by its score alone
    "search_flat": ("search", {"margin_weight": 0.0}),
}


def _registration() -> Game:
    from jick.games.tarok.observation import TarokObservation

    return Game.of_package(
        __name__,
        name="tarok",
        title="Tarok",
        default_preset=DEFAULT_PRESET,
        observation_type=TarokObservation,
        state_type=TarokState,
        parts={
            "openspiel": "jick.games.tarok.research:OPENSPIEL",
            "rule_figures": "jick.games.tarok.figures",
            "tensor_encoder": "jick.games.tarok.tensor:TarokEncoder",
        },
        bot_versions=BOT_VERSIONS,
        bots={
            "heuristic": "jick.games.tarok.bot:HeuristicBot",
            "search": "jick.games.tarok.bot:SearchBot",
        },
    )


#: The registration of the game (see :mod:`jick.game`).
GAME = _registration()
