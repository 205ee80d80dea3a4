"""Preset loading shared by every game: TOML files of option values in ``<game package>/presets/``.

A preset file holds ``description``, ``source``, the ``players`` it allows,
``default_players``, ``[options]`` and per-player-count changes under
``[by_players.N]``. A preset may name a ``base`` preset whose options it
changes. A game may also declare overlays: suffixes that turn any preset name
``<base><suffix>`` into that base with a few options changed (Smear's
``_to11``). Each game's ``presets`` module wraps one :class:`PresetLoader`.

>>> from jick.games.tarok.rules import TarokRules
>>> loader = PresetLoader("jick.games.tarok", TarokRules, default_players=3)
>>> loader.load("tarok_4p").num_players
4
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Generic, TypeVar

from jick.engine import RulesError
from jick.ruleset import option_types

R = TypeVar("R")


@dataclass(frozen=True)
class PresetInfo:
    """What a preset file says about itself, with its options resolved."""

    name: str
    description: str
    source: str
    players: tuple[int, ...]
    default_players: int
    base: str | None = None


class PresetLoader(Generic[R]):
    """Reads the preset files of one game package and builds its rules.

    ``rules_class`` is the game's frozen options dataclass. ``overlays`` maps a
    name suffix to (description text, option changes), with ``overlay_source``
    as their source. ``player_aliases`` are override names that set the player
    count; ``player_option`` is how the player count is named in the list of
    known options. Overrides of the ``table_options`` merge key by key into the
    preset's table instead of replacing it.
    """

    def __init__(
        self,
        package: str,
        rules_class: type[R],
        *,
        default_players: int,
        overlays: Mapping[str, tuple[str, dict[str, Any]]] | None = None,
        overlay_source: str = "",
        player_aliases: tuple[str, ...] = ("num_players",),
        player_option: str = "num_players",
        table_options: tuple[str, ...] = (),
    ) -> None:
        self.package = package
        self.rules_class = rules_class
        self.default_players = default_players
        self.overlays = dict(overlays or {})
        self.overlay_source = overlay_source
        self.player_aliases = player_aliases
        self.player_option = player_option
        self.table_options = table_options
        self._cache: dict[str, dict[str, Any]] = {}

    def raw(self, name: str) -> dict[str, Any]:
        """The parsed TOML of preset ``name`` (an overlay name gives a synthetic one); cached."""
        if name not in self._cache:
            self._cache[name] = self._read(name)
        return self._cache[name]

    def _read(self, name: str) -> dict[str, Any]:
        path = resources.files(self.package) / "presets" / f"{name}.toml"
        if not path.is_file():
            for suffix, (text, changes) in self.overlays.items():
                if name.endswith(suffix) and name != suffix:
                    base = name[: -len(suffix)]
                    self.raw(base)  # raises for an unknown base
                    return {
                        "description": f"{base} {text}",
                        "source": self.overlay_source,
                        "base": base,
                        "options": changes,
                    }
            raise RulesError(f"unknown preset {name!r}; known presets: {', '.join(self.names())}")
        with path.open("rb") as fh:
            return tomllib.load(fh)

    def names(self) -> list[str]:
        """Names of the shipped preset files, sorted."""
        folder = resources.files(self.package) / "presets"
        return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))

    def info(self, name: str) -> PresetInfo:
        """Description, source and player counts of a preset (inherited from its base when unset)."""
        raw = self.raw(name)
        base_info = self.info(raw["base"]) if raw.get("base") else None
        players = tuple(raw.get("players", base_info.players if base_info else (self.default_players,)))
        default = int(raw.get("default_players", base_info.default_players if base_info else players[0]))
        return PresetInfo(name, raw.get("description", ""), raw.get("source", ""), players, default, raw.get("base"))

    def options(self, name: str, players: int) -> dict[str, Any]:
        """The option values preset ``name`` sets for ``players`` seats (base first, then its own)."""
        raw = self.raw(name)
        options: dict[str, Any] = self.options(raw["base"], players) if raw.get("base") else {}
        options.update(raw.get("options", {}))
        options.update(raw.get("by_players", {}).get(str(players), {}))
        return options

    def load(self, name: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> R:
        """The rules of preset ``name`` for ``players`` seats with house-rule overrides."""
        info = self.info(name)
        overrides = dict(overrides or {})
        for alias in self.player_aliases:
            if alias in overrides:
                asked = overrides.pop(alias)
                if players is not None and players != asked:
                    raise RulesError(f"{alias} = {asked} disagrees with players = {players}")
                players = asked
        n = info.default_players if players is None else players
        if n not in info.players:
            allowed = ", ".join(str(p) for p in info.players)
            raise RulesError(f"preset {name} is for {allowed} players, not {n}")
        options = self.options(name, n)
        known = option_types(self.rules_class)
        for key in overrides:
            if key not in known:
                names = ", ".join(self.player_option if k == "num_players" else k for k in known)
                raise RulesError(f"unknown option {key!r}; options are: {names}")
        for key, value in overrides.items():
            if key in self.table_options and isinstance(value, Mapping):
                options[key] = {**options.get(key, {}), **value}
            else:
                options[key] = value
        options["num_players"] = n
        unknown = set(options) - set(known)
        if unknown:
            raise RulesError(f"preset {name} sets unknown options: {', '.join(sorted(unknown))}")
        return self.rules_class(**options)
