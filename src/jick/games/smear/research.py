"""Smear as the research interfaces see it (the registration part ``openspiel``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jick.cards import CARDS
from jick.envs.gamedef import GameDef
from jick.games.smear.tables import deck_cards


def _deck(rules: Any) -> Sequence[int]:
    return tuple(deck_cards(rules))


def _bounds(rules: Any) -> tuple[float, float]:
    worst = rules.max_points + rules.max_bid
    return -float(worst), float(worst)


#: The OpenSpiel registration's facts (:mod:`jick.envs.openspiel`).
OPENSPIEL = GameDef(
    "smear",
    "jick_smear",
    "jick Smear",
    "smear_ten_point",
    3,
    8,
    _deck,
    55,
    _bounds,
    lambda r: 11 * r.num_players + 56,
    lambda r: 1000,
    "jick.games.smear.sampling:sample_world",
    card_name=lambda index: str(CARDS[index]),
    points_scale=lambda r: float(r.max_points) / 2,
)
