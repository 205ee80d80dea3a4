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


def _registration() -> Game:
    from jick.games.tarok import actions
    from jick.games.tarok.observation import TarokObservation
    from jick.games.tarok.rules import allowed_values

    return Game(
        name="tarok",
        title="Tarok",
        default_preset=DEFAULT_PRESET,
        new_match=new_match,
        load_preset=load_preset,
        preset_names=preset_names,
        preset_info=preset_info,
        num_actions=actions.NUM_ACTIONS,
        action_from_id=actions.action_from_id,
        action_from_text=actions.action_from_text,
        observation_type=TarokObservation,
        state_type=TarokState,
        view="jick.games.tarok.view:View",
        bots={
            "heuristic": "jick.games.tarok.bot:HeuristicBot",
            "search": "jick.games.tarok.bot:SearchBot",
        },
        record_hooks="jick.games.tarok.report:record_hooks",
        arena="jick.games.tarok.arena",
        allowed_values=allowed_values,
    )


#: The registration of the game (see :mod:`jick.game`).
GAME = _registration()
