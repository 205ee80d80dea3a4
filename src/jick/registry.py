"""Game and preset lookup by name, with aliases.

>>> resolve("smear")
('smear', 'smear_ten_point')
>>> resolve("smear_widow")
('smear', 'smear_widow')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.engine import RulesError, State

#: Short names for games and presets.
ALIASES = {
    "smear": "smear_ten_point",
    "schmier": "smear_ten_point",
    "ten_point": "smear_ten_point",
    "mn_original": "smear_mn_original",
    "minnesota": "smear_mn_original",
}
GAMES = ("smear",)


def game_of_preset(preset: str) -> str:
    if preset.startswith("smear_"):
        return "smear"
    raise RulesError(f"unknown preset {preset!r}; see `jick presets`")


def resolve(name: str) -> tuple[str, str]:
    """(game, preset) for a game name, preset name or alias."""
    preset = ALIASES.get(name.lower(), name)
    return game_of_preset(preset), preset


def all_presets() -> list[tuple[str, str]]:
    """(game, preset) of every shipped preset."""
    from jick.games.smear.presets import preset_names

    return [("smear", p) for p in preset_names()]


def preset_summary(preset: str) -> tuple[str, str, tuple[int, ...]]:
    """(description, source, allowed player counts) of a preset."""
    from jick.games.smear.presets import preset_info

    info = preset_info(preset)
    return info.description, info.source, info.players


def load_rules(preset: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
    game, preset = resolve(preset)
    from jick.games.smear.presets import load_preset

    return load_preset(preset, players, overrides)


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
    from jick.games.smear import new_match

    return new_match(preset, players=players, overrides=overrides, seed=seed, decks=decks, first_dealer=first_dealer)
