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

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from jick.engine import RulesError
from jick.games.tarok.rules import TarokRules, option_types

DEFAULT_PRESET = "tarok_3p"


@dataclass(frozen=True)
class PresetInfo:
    """What a preset file says about itself."""

    name: str
    description: str
    source: str
    players: tuple[int, ...]
    default_players: int
    base: str | None = None


@cache
def _raw(name: str) -> dict[str, Any]:
    path = resources.files("jick.games.tarok") / "presets" / f"{name}.toml"
    if not path.is_file():
        raise RulesError(f"unknown preset {name!r}; known presets: {', '.join(preset_names())}")
    with path.open("rb") as fh:
        return tomllib.load(fh)


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    folder = resources.files("jick.games.tarok") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def preset_info(name: str) -> PresetInfo:
    raw = _raw(name)
    players = tuple(raw.get("players", (3,)))
    default = int(raw.get("default_players", players[0]))
    return PresetInfo(name, raw.get("description", ""), raw.get("source", ""), players, default, raw.get("base"))


def load_preset(name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> TarokRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    >>> load_preset("tarok_3p", overrides={"deals_per_match": 3}).deals_per_match
    3
    >>> load_preset("tarok_3p", players=4)
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: preset tarok_3p is for 3 players, not 4
    """
    info = preset_info(name)
    overrides = dict(overrides or {})
    for alias in ("players", "num_players"):
        if alias in overrides:
            asked = overrides.pop(alias)
            if players is not None and players != asked:
                raise RulesError(f"{alias} = {asked} disagrees with players = {players}")
            players = asked
    n = info.default_players if players is None else players
    if n not in info.players:
        allowed = ", ".join(str(p) for p in info.players)
        raise RulesError(f"preset {name} is for {allowed} players, not {n}")
    raw = _raw(name)
    options: dict[str, Any] = dict(raw.get("options", {}))
    options.update(raw.get("by_players", {}).get(str(n), {}))
    known = option_types()
    for key in overrides:
        if key not in known:
            raise RulesError(f"unknown option {key!r}; options are: {', '.join(known)}")
    options.update(overrides)
    options["num_players"] = n
    unknown = set(options) - set(known)
    if unknown:
        raise RulesError(f"preset {name} sets unknown options: {', '.join(sorted(unknown))}")
    return TarokRules(**options)
