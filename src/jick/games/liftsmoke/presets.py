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

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from jick.engine import RulesError
from jick.games.liftsmoke.rules import LiftSmokeRules, option_types

DEFAULT_PRESET = "lift_smoke"


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
    path = resources.files("jick.games.liftsmoke") / "presets" / f"{name}.toml"
    if not path.is_file():
        raise RulesError(f"unknown preset {name!r}; known presets: {', '.join(preset_names())}")
    with path.open("rb") as fh:
        return tomllib.load(fh)


def preset_names() -> list[str]:
    """Names of the shipped preset files, sorted."""
    folder = resources.files("jick.games.liftsmoke") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def preset_info(name: str) -> PresetInfo:
    raw = _raw(name)
    players = tuple(raw.get("players", (4,)))
    default = int(raw.get("default_players", players[0]))
    return PresetInfo(name, raw.get("description", ""), raw.get("source", ""), players, default, raw.get("base"))


def load_preset(
    name: str = DEFAULT_PRESET, players: int | None = None, overrides: Mapping[str, Any] | None = None
) -> LiftSmokeRules:
    """The rules of preset ``name`` for ``players`` seats with house-rule overrides.

    The player count may also come as the override ``players`` (the SPEC 5.5
    name) or ``num_players``.
    """
    info = preset_info(name)
    overrides = dict(overrides or {})
    for key in ("players", "num_players"):
        if key in overrides:
            asked = overrides.pop(key)
            if players is not None and players != asked:
                raise RulesError(f"{key} = {asked} disagrees with players = {players}")
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
            names = ", ".join(k for k in known if k != "num_players")
            raise RulesError(f"unknown option {key!r}; options are: players, {names}")
    options.update(overrides)
    options["num_players"] = n
    unknown = set(options) - set(known)
    if unknown:
        raise RulesError(f"preset {name} sets unknown options: {', '.join(sorted(unknown))}")
    return LiftSmokeRules(**options)
