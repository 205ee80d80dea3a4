"""Game and preset lookup by name, with aliases.

Every game package under ``jick.games`` exposes ``new_match``, ``load_preset``,
``preset_names`` and ``preset_info``; this module finds the game of a preset.

>>> resolve("smear")
('smear', 'smear_ten_point')
>>> resolve("smear_widow")
('smear', 'smear_widow')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from jick.engine import RulesError, State

#: Game name -> its package.
GAMES: dict[str, str] = {
    "smear": "jick.games.smear",
    "tarok": "jick.games.tarok",
    "liftsmoke": "jick.games.liftsmoke",
}
#: Short names for games and presets.
ALIASES = {
    "smear": "smear_ten_point",
    "schmier": "smear_ten_point",
    "ten_point": "smear_ten_point",
    "minnesota": "smear_mn_original",
    "tarok": "tarok_3p",
    "tarock": "tarok_3p",
    "liftsmoke": "lift_smoke",
    "linger_longer": "lift_smoke",
}


def game_module(game: str) -> ModuleType:
    try:
        return importlib.import_module(GAMES[game])
    except KeyError:
        raise RulesError(f"unknown game {game!r}; games are: {', '.join(available_games())}") from None


def available_games() -> list[str]:
    """Games whose package is installed."""
    out = []
    for game, module in GAMES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        out.append(game)
    return out


def all_presets() -> list[tuple[str, str]]:
    """(game, preset) of every shipped preset."""
    return [(game, p) for game in available_games() for p in game_module(game).preset_names()]


def game_of_preset(preset: str) -> str:
    for game, name in all_presets():
        if name == preset:
            return game
    # overlays such as smear_widow_to11 are resolved by the game itself
    for game in available_games():
        try:
            game_module(game).preset_info(preset)
        except RulesError:
            continue
        return game
    names = ", ".join(p for _, p in all_presets())
    raise RulesError(f"unknown preset {preset!r}; known presets: {names}")


def resolve(name: str) -> tuple[str, str]:
    """(game, preset) for a game name, preset name or alias."""
    preset = ALIASES.get(name.lower(), name)
    return game_of_preset(preset), preset


def preset_summary(preset: str) -> tuple[str, str, tuple[int, ...]]:
    """(description, source, allowed player counts) of a preset."""
    game, preset = resolve(preset)
    info = game_module(game).preset_info(preset)
    return info.description, info.source, tuple(info.players)


def load_rules(preset: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
    game, preset = resolve(preset)
    return game_module(game).load_preset(preset, players, overrides)


def new_game(
    preset: str = "smear_ten_point",
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Any = None,
    first_dealer: int | None = None,
) -> State:
    """A new match of any game by preset name or alias."""
    game, preset = resolve(preset)
    state: State = game_module(game).new_match(
        preset, players=players, overrides=overrides, seed=seed, decks=decks, first_dealer=first_dealer
    )
    return state
