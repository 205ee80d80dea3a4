"""Lift Smoke as the research interfaces see it (the registration part ``openspiel``)."""

from __future__ import annotations

from typing import Any

from jick.cards import CARDS
from jick.envs.gamedef import GameDef


def _bounds(rules: Any) -> tuple[float, float]:
    return -float(rules.ante * rules.num_players), float(rules.ante * rules.num_players)


#: The OpenSpiel registration's facts (:mod:`jick.envs.openspiel`).
OPENSPIEL = GameDef(
    "liftsmoke",
    "jick_liftsmoke",
    "jick Lift Smoke",
    "lift_smoke",
    4,
    6,
    lambda r: tuple(range(52)),
    52,
    _bounds,
    lambda r: 2 * r.num_players * r.num_players + 8,
    lambda r: r.games_per_session or 5,
    "jick.games.liftsmoke.sampling:sample_world",
    card_name=lambda index: str(CARDS[index]),
    points_scale=lambda r: float(r.ante * r.num_players) / 2,
    ismcts=True,
)
