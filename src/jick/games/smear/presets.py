"""Smear presets: small TOML files of option values (SPEC section 2).

A preset file holds ``description``, ``source``, the ``players`` it allows,
``[options]`` and per-player-count changes under ``[by_players.N]``. An
overlay preset names a ``base`` and changes a few options. Any preset name
followed by ``_to11``, ``_to52`` or ``_bust21`` is the overlay of SPEC 2.1.

>>> load_preset("smear_mn_original").hand_size
9
>>> load_preset("smear_ten_point", players=6).hand_size
8
>>> load_preset("smear_widow_to52").target_score
52
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.games.smear.rules import SmearRules
from jick.presets import PresetInfo, PresetLoader

__all__ = ["OVERLAYS", "PresetInfo", "load_preset", "preset_info", "preset_names"]

#: Overlays that apply to any base preset (SPEC 2.1).
OVERLAYS: dict[str, tuple[str, dict[str, Any]]] = {
    "_to11": ("played to 11", {"target_score": 11}),
    "_to52": ("played to 52", {"target_score": 52}),
    "_bust21": ("with bust-out at -21", {"bust_out_score": -21}),
}

_LOADER = PresetLoader(
    "jick.games.smear",
    SmearRules,
    default_players=4,
    overlays=OVERLAYS,
    overlay_source="[001] variations",
    table_options=("point_values",),
)


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    return _LOADER.names()


def preset_info(name: str) -> PresetInfo:
    return _LOADER.info(name)


def load_preset(name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> SmearRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    >>> load_preset("smear_ten_point", overrides={"target_score": 11}).target_score
    11
    """
    return _LOADER.load(name, players, overrides)
