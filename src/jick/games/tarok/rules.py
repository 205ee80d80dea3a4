"""Tarok options (SPEC 4.15) as one frozen, validated dataclass.

>>> from jick.games.tarok.presets import load_preset
>>> rules = load_preset("tapp_tarok_4p")
>>> rules.num_players, str(rules.all_pass), rules.deck_total
(4, 'tapp_forehand_25', 70)
>>> rules.replace(jack_value=3).deck_total
74
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from jick import ruleset
from jick.engine import RulesError
from jick.games.tarok.cards import ALL_CARDS, pile_count
from jick.ruleset import RuleSet, coerce_fields


class AllPass(StrEnum):
    PASS_DEAL = "pass_deal"
    TAPP_FOREHAND_25 = "tapp_forehand_25"


class ScoringMode(StrEnum):
    PAPER = "paper"
    SETTLEMENT = "settlement"


class MultiplierScope(StrEnum):
    GAME_ONLY = "game_only"
    GAME_AND_BONUSES = "game_and_bonuses"


class ConsolationScoring(StrEnum):
    """The amount of a consolation (SPEC 4.12): the seed's flat ``m x G``, or the mirror of a game."""

    LITERAL = "literal"
    MIRROR = "mirror"


class DiscardForbidden(StrEnum):
    KINGS = "kings"
    KINGS_AND_TRULL = "kings_and_trull"


#: Game value G of each contract (SPEC 4.12).
GAME_VALUES = {"threesome": 50, "solo": 100}
#: Meld value per contract (SPEC 4.9).
MELD_VALUES = {"threesome": 50, "solo": 100}
#: The Tapp-Tarok all-pass award (SPEC 4.5).
TAPP_AWARD = 25
#: A game needs this many card points; a consolation at most ``WIN_AT - 1``.
WIN_AT = 36
HALF = WIN_AT - 1
#: Cards each active player holds; tricks per deal.
HAND_SIZE = 16
WIDOW_SIZE = 6


@dataclass(frozen=True)
class TarokRules(RuleSet):
    """All Tarok options. Build one with :func:`jick.games.tarok.presets.load_preset`.

    ``num_players`` is SPEC's ``players`` option (``players`` is accepted as an override name).
    """

    num_players: int = 3
    jack_value: int = 2
    all_pass: AllPass = AllPass.PASS_DEAL
    scoring_mode: ScoringMode = ScoringMode.SETTLEMENT
    silent_pagat_factor: int = 1
    ultimo_factor: int = 2
    contra_factor: int = 4
    multiplier_scope: MultiplierScope = MultiplierScope.GAME_ONLY
    consolation_in_solo: bool = False
    consolation_scoring: ConsolationScoring = ConsolationScoring.LITERAL
    discard_forbidden: DiscardForbidden = DiscardForbidden.KINGS
    reject_second_half_exposed: bool = False
    overtrump_required: bool = False
    deals_per_match: int = 12

    def __post_init__(self) -> None:
        coerce_fields(self, allowed_values, INT_CHOICES)
        _validate(self)

    @property
    def deck_total(self) -> int:
        """Card points in the whole deck: 70 with jacks worth 2, 74 with 3."""
        return pile_count(ALL_CARDS, self.jack_value)

    @property
    def dealer_sits_out(self) -> bool:
        return self.num_players == 4


#: Allowed values of the options whose type alone does not say it.
INT_CHOICES: dict[str, tuple[int, ...]] = {"num_players": (3, 4), "jack_value": (2, 3)}


def option_types() -> dict[str, Any]:
    """Option name -> its Python type."""
    return ruleset.option_types(TarokRules)


def allowed_values(name: str) -> str:
    text = ruleset.basic_allowed(name, option_types()[name], INT_CHOICES)
    if text is not None:
        return text
    if name == "deals_per_match":
        return "int >= 1"
    return "int >= 0"


def _validate(r: TarokRules) -> None:
    for name in ("silent_pagat_factor", "ultimo_factor", "contra_factor"):
        if getattr(r, name) < 0:
            raise RulesError(f"option {name} = {getattr(r, name)} must be >= 0")
    if r.deals_per_match < 1:
        raise RulesError(f"option deals_per_match = {r.deals_per_match} must be at least 1")
