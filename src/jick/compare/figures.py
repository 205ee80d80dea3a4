"""The figures a rule comparison measures, per game.

A figure is one number per duplicate deal (or per full match): an indicator
(``rate``: 0 or 1, e.g. "the winning bid was 2"), a count or points. A figure
a deal does not have (the make rate of bid 5 in a deal where 2 won) is
``None`` there; a figure absent from a deal's list takes its ``missing``
value (0 for indicators and points: a rule set without bids of 2 never has a
winning bid of 2).

The game-neutral figures (points of each seat, of the dealer, the dealer's
edge, match length) come from the arena hooks; each game adds its own from
its state's public results: the module its registration names as the part
``rule_figures`` (:func:`deal_figures`).

>>> from jick.game import registered_games
>>> sorted(g.name for g in registered_games() if g.has_part("rule_figures"))
['liftsmoke', 'smear', 'tarok']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jick.arena.hooks import arena_hooks
from jick.game import get_game


@dataclass(frozen=True)
class Fig:
    """One figure of one deal: ``key`` (stable, for JSON/CSV), ``label`` (for people) and its value."""

    key: str
    label: str
    value: float | None
    rate: bool = False
    #: The value of a deal whose list lacks this figure (``None``: the deal does not count for it).
    missing: float | None = 0.0
    #: The group the figure is shown under.
    group: str = "points"


def rate(key: str, label: str, flag: bool | None, group: str, missing: float | None = 0.0) -> Fig:
    return Fig(key, label, None if flag is None else float(flag), rate=True, missing=missing, group=group)


def neutral_figures(state: Any, game: str, dealer: int) -> list[Fig]:
    """Points of every seat and of the dealer in the first scored deal, the same for every game."""
    points = arena_hooks(game).deal_points(state, 0)
    n = len(points)
    others = [p for s, p in enumerate(points) if s != dealer]
    figs = [Fig(f"seat.{s}.points", f"seat {s}", p, group="seats") for s, p in enumerate(points)]
    figs.append(Fig("dealer.points", "dealer", points[dealer], group="seats"))
    if n > 1:
        edge = points[dealer] - sum(others) / len(others)
        figs.append(Fig("dealer.edge", "dealer's edge", edge, group="seats"))
    return figs


def _game_figures(game: str) -> Any:
    """The game's figures module (its ``deal_figures`` and perhaps ``match_figures``), or None."""
    registration = get_game(game)
    return registration.load_part("rule_figures") if registration.has_part("rule_figures") else None


def deal_figures(state: Any, game: str, dealer: int) -> list[Fig]:
    """Every figure of the first scored deal of ``state`` (``dealer``: its dealer)."""
    extra = _game_figures(game)
    return neutral_figures(state, game, dealer) + (extra.deal_figures(state, dealer) if extra else [])


def match_figures(state: Any, game: str) -> list[Fig]:
    """The figures of a whole match: its length, and each game's own (Smear: bust-outs, the half-way leader)."""
    hooks = arena_hooks(game)
    deals = hooks.deals_scored(state)
    figs = [Fig("match.deals", "match length (scored deals)", float(deals), group="match")]
    extra = _game_figures(game)
    if extra is not None and hasattr(extra, "match_figures"):
        figs.extend(extra.match_figures(state, deals))
    return figs
