"""Game and preset lookup by name, with aliases.

The games themselves are registered in :mod:`jick.game` (one ``GAME`` per
game package); this module finds the game of a preset name or alias.

>>> resolve("smear")
('smear', 'smear_ten_point')
>>> resolve("smear_widow")
('smear', 'smear_widow')
>>> available_games()
['smear', 'tarok', 'liftsmoke']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.engine import RulesError
from jick.game import AnyState, CardLike, get_game, registered_games

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


def available_games() -> list[str]:
    """Names of the registered games whose package is installed."""
    return [game.name for game in registered_games()]


def all_presets() -> list[tuple[str, str]]:
    """(game, preset) of every shipped preset."""
    return [(game.name, p) for game in registered_games() for p in game.preset_names()]


def game_of_preset(preset: str) -> str:
    """The name of the game a preset (or a preset overlay such as ``smear_widow_to11``) belongs to."""
    for game, name in all_presets():
        if name == preset:
            return game
    # overlays such as smear_widow_to11 are resolved by the game itself
    for candidate in registered_games():
        try:
            candidate.preset_info(preset)
        except RulesError:
            continue
        return candidate.name
    names = ", ".join(p for _, p in all_presets())
    raise RulesError(f"unknown preset {preset!r}; known presets: {names}")


def resolve(name: str) -> tuple[str, str]:
    """(game, preset) for a game name, preset name or alias."""
    preset = ALIASES.get(name.lower(), name)
    return game_of_preset(preset), preset


def preset_summary(preset: str) -> tuple[str, str, tuple[int, ...]]:
    """(description, source, allowed player counts) of a preset.

    >>> preset_summary("tarok_4p")[2]
    (4,)
    """
    game, preset = resolve(preset)
    info = get_game(game).preset_info(preset)
    return info.description, info.source, tuple(info.players)


def load_rules(preset: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
    """The rules of a preset name or alias (any game), for ``players`` and with ``overrides``."""
    game, preset = resolve(preset)
    return get_game(game).load_preset(preset, players, overrides)


def new_game(
    preset: str = "smear_ten_point",
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Sequence[Sequence[int | str | CardLike]] | None = None,
    first_dealer: int | None = None,
) -> AnyState:
    """A new match of any game by preset name or alias.

    >>> new_game("linger_longer", players=5, seed=1).num_players
    5
    """
    game, preset = resolve(preset)
    return get_game(game).new_match(
        preset, players=players, overrides=overrides, seed=seed, decks=decks, first_dealer=first_dealer
    )
