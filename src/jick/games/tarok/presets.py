"""Tarok presets: small TOML files of option values (SPEC section 4).

The layout is the Smear one: ``description``, ``source``, the ``players`` a
preset allows, ``default_players``, ``[options]`` and optional per-player-count
changes under ``[by_players.N]``. The four presets differ only in the player
count and ``all_pass``.

>>> preset_names()
['tapp_tarok_3p', 'tapp_tarok_4p', 'tarok_3p', 'tarok_4p']
>>> load_preset("tarok_4p").num_players
4
>>> load_preset("tarok_3p", overrides={"scoring_mode": "paper"}).scoring_mode
<ScoringMode.PAPER: 'paper'>
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.tarok.rules import TarokRules
from jick.presets import PresetInfo, PresetLoader

__all__ = ["DEFAULT_PRESET", "PresetInfo", "load_preset", "preset_info", "preset_names"]

DEFAULT_PRESET = "tarok_3p"

_LOADER = PresetLoader("jick.games.tarok", TarokRules, default_players=3, player_aliases=("players", "num_players"))


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    return _LOADER.names()


def preset_info(name: str) -> PresetInfo:
    return _LOADER.info(name)


def load_preset(name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> TarokRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    >>> load_preset("tarok_3p", overrides={"deals_per_match": 3}).deals_per_match
    3
    >>> load_preset("tarok_3p", players=4)
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: preset tarok_3p is for 3 players, not 4
    """
    return _LOADER.load(name, players, overrides)
