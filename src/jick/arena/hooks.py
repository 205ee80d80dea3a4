"""The per-game knowledge the arena uses: each game's arena hooks.

Every game registration names an ``arena`` module (``jick.games.<game>.arena``,
:attr:`jick.game.Game.arena`) with the functions described by
:class:`GameArena`; the arena core never looks at a game's own types.

>>> hooks = arena_hooks("tarok")
>>> hooks.seat_sides(load_rules_for("tarok_3p"))
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from jick.game import AnyState, get_game, load_object


class GameArena(Protocol):
    """What a game's ``arena`` module provides (each game's functions take its own state type)."""

    def seat_sides(self, rules: Any) -> tuple[int, ...]:
        """The side of every seat; seats with the same side are partners."""
        ...

    def deals_scored(self, state: AnyState) -> int:
        """How many deals (Smear hands, Tarok deals, Lift Smoke games) have been scored."""
        ...

    def deal_points(self, state: AnyState, index: int) -> tuple[float, ...]:
        """The points each seat got from scored deal ``index``."""
        ...

    def deal_bid(self, state: AnyState, index: int) -> tuple[int, bool] | None:
        """(bidder seat, bid made) of scored deal ``index``, or None when nobody bid."""
        ...

    def match_overrides(self, rules: Any) -> Mapping[str, Any]:
        """Options that make a full match end by itself (e.g. a session length)."""
        ...


def arena_hooks(game: str) -> GameArena:
    """The arena hooks of ``game`` (named in its registration, :attr:`jick.game.Game.arena`)."""
    hooks: GameArena = load_object(get_game(game).arena)
    return hooks


def load_rules_for(preset: str, players: int | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
    """The rules of a preset (any game), as the arena plays them."""
    from jick.registry import load_rules

    return load_rules(preset, players, overrides)
