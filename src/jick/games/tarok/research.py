"""Tarok as the research interfaces see it (the registration part ``openspiel``)."""

from __future__ import annotations

from typing import Any

from jick.envs.gamedef import GameDef
from jick.games.tarok.cards import CARDS


def _bounds(rules: Any) -> tuple[float, float]:
    n = rules.num_players
    factor = max(1, rules.ultimo_factor, rules.contra_factor, rules.silent_pagat_factor)
    award = 3 * (100 + 140) + 3 * 100 * factor  # the largest award: multiplier 3, game value 100
    bound = float(n * award * (4 + 2 * n) + 25 * n)
    return -bound, bound


#: The OpenSpiel registration's facts (:mod:`jick.envs.openspiel`).
OPENSPIEL = GameDef(
    "tarok",
    "jick_tarok",
    "jick Tarok",
    "tarok_3p",
    3,
    4,
    lambda r: tuple(range(54)),
    54,
    _bounds,
    lambda r: 70,
    lambda r: r.deals_per_match,
    "jick.games.tarok.sampling:sample_world",
    card_name=lambda index: str(CARDS[index]),
    points_scale=lambda r: 100.0,
    ismcts=True,
)
