"""What the research interfaces need to know of one game, as the game registers it.

Each game package describes itself for OpenSpiel in its ``research`` module
(the registration part ``openspiel``); :mod:`jick.envs.openspiel` registers
every game that does. This module needs neither OpenSpiel nor any game.

>>> from jick.game import get_game
>>> smear = get_game("smear").load_part("openspiel")
>>> smear.short_name, smear.card_name(0), smear.ismcts
('jick_smear', '2S', False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["GameDef"]


@dataclass(frozen=True)
class GameDef:
    """What the OpenSpiel registration of one jick game needs to know."""

    game: str
    short_name: str
    long_name: str
    default_preset: str
    min_players: int
    max_players: int
    #: rules -> the card indices of its deck.
    deck: Callable[[Any], Sequence[int]]
    #: Size of the card index space (chance outcomes and tensor card slots).
    card_slots: int
    #: rules -> (min, max) deal points of one deal from a fresh match.
    hand_bounds: Callable[[Any], tuple[float, float]]
    #: rules -> most player actions in one deal.
    deal_length: Callable[[Any], int]
    #: rules -> deals a match can last (nominal for Smear: a match ends at the target score).
    match_deals: Callable[[Any], int]
    #: "module:function" of the sampler of worlds consistent with an observation.
    sampler: str
    #: card index -> its notation.
    card_name: Callable[[int], str]
    #: rules -> a typical size of one deal's points (ISMCTS's exploration constant is this times sqrt(2)).
    points_scale: Callable[[Any], float]
    #: Whether the sampler gives a world at every decision of a deal (OpenSpiel's ISMCTS needs it).
    ismcts: bool = False
