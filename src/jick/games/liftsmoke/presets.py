"""Lift Smoke presets: small TOML files of option values (SPEC section 5).

A preset file holds ``description``, ``source``, the ``players`` it allows,
``default_players``, ``[options]`` and per-player-count changes under
``[by_players.N]`` (the same layout as the Smear presets). An option that a
preset leaves out keeps its default; ``games_per_session`` and ``bankroll``
default to ``None`` (TOML has no null).

>>> load_preset("lift_smoke").stock_size
36
>>> load_preset("lift_smoke", players=6, overrides={"ante": 2}).ante
2
>>> load_preset("lift_smoke", overrides={"games_per_session": 3}).games_per_session
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.liftsmoke.rules import LiftSmokeRules
from jick.presets import PresetInfo, PresetLoader

__all__ = ["DEFAULT_PRESET", "PresetInfo", "load_preset", "preset_info", "preset_names"]

DEFAULT_PRESET = "lift_smoke"

_LOADER = PresetLoader(
    "jick.games.liftsmoke",
    LiftSmokeRules,
    default_players=4,
    player_aliases=("players", "num_players"),
    player_option="players",
)


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    return _LOADER.names()


def preset_info(name: str) -> PresetInfo:
    return _LOADER.info(name)


def load_preset(
    name: str = DEFAULT_PRESET, players: int | None = None, overrides: Mapping[str, Any] | None = None
) -> LiftSmokeRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    The player count may also come as the override ``players`` (the SPEC 5.5
    name) or ``num_players``.
    """
    return _LOADER.load(name, players, overrides)
