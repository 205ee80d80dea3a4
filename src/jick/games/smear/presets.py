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

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from jick.engine import RulesError
from jick.games.smear.rules import SmearRules, option_types

#: Overlays that apply to any base preset (SPEC 2.1).
OVERLAYS: dict[str, tuple[str, dict[str, Any]]] = {
    "_to11": ("played to 11", {"target_score": 11}),
    "_to52": ("played to 52", {"target_score": 52}),
    "_bust21": ("with bust-out at -21", {"bust_out_score": -21}),
}


@dataclass(frozen=True)
class PresetInfo:
    """What a preset file says about itself, with its options resolved."""

    name: str
    description: str
    source: str
    players: tuple[int, ...]
    default_players: int
    base: str | None


@cache
def _raw(name: str) -> dict[str, Any]:
    path = resources.files("jick.games.smear") / "presets" / f"{name}.toml"
    if not path.is_file():
        for suffix, (text, changes) in OVERLAYS.items():
            if name.endswith(suffix) and name != suffix:
                base = name[: -len(suffix)]
                _raw(base)  # raises for an unknown base
                return {"description": f"{base} {text}", "source": "[001] variations", "base": base, "options": changes}
        raise RulesError(f"unknown preset {name!r}; known presets: {', '.join(preset_names())}")
    with path.open("rb") as fh:
        return tomllib.load(fh)


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    folder = resources.files("jick.games.smear") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def preset_info(name: str) -> PresetInfo:
    raw = _raw(name)
    base_info = preset_info(raw["base"]) if raw.get("base") else None
    players = tuple(raw.get("players", base_info.players if base_info else (4,)))
    default = int(raw.get("default_players", base_info.default_players if base_info else players[0]))
    return PresetInfo(name, raw.get("description", ""), raw.get("source", ""), players, default, raw.get("base"))


def _options(name: str, players: int) -> dict[str, Any]:
    raw = _raw(name)
    options: dict[str, Any] = _options(raw["base"], players) if raw.get("base") else {}
    options.update(raw.get("options", {}))
    options.update(raw.get("by_players", {}).get(str(players), {}))
    return options


def load_preset(name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> SmearRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    >>> load_preset("smear_ten_point", overrides={"target_score": 11}).target_score
    11
    """
    info = preset_info(name)
    overrides = dict(overrides or {})
    if "num_players" in overrides:
        asked = overrides.pop("num_players")
        if players is not None and players != asked:
            raise RulesError(f"num_players = {asked} disagrees with players = {players}")
        players = asked
    n = info.default_players if players is None else players
    if n not in info.players:
        allowed = ", ".join(str(p) for p in info.players)
        raise RulesError(f"preset {name} is for {allowed} players, not {n}")
    options = _options(name, n)
    known = option_types()
    for key in overrides:
        if key not in known:
            raise RulesError(f"unknown option {key!r}; options are: {', '.join(known)}")
    for key, value in overrides.items():
        if key == "point_values" and isinstance(value, Mapping):
            options[key] = {**options.get(key, {}), **value}
        else:
            options[key] = value
    options["num_players"] = n
    unknown = set(options) - set(known)
    if unknown:
        raise RulesError(f"preset {name} sets unknown options: {', '.join(sorted(unknown))}")
    return SmearRules(**options)
