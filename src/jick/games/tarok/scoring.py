"""Scoring of a Tarok deal (SPEC 4.10 and 4.12) as pure functions.

A deal produces a list of :class:`Award` values (the game result, melds,
ultimo, contra-ultimo, the silent pagat ultimo, the Tapp all-pass award);
:func:`award_changes` turns one award into per-seat score changes in the
``paper`` or the zero-sum ``settlement`` mode.

>>> contract_result("game", 1, 50, 44, 26)
(True, 68)
>>> contract_result("game", 3, 50, 44, 26)
(True, 204)
>>> contract_result("game", 1, 50, 28, 42)
(False, 64)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jick.core.frozen import by_fields
from jick.games.tarok.rules import (
    GAME_VALUES,
    HALF,
    MELD_VALUES,
    TAPP_AWARD,
    WIN_AT,
    ConsolationScoring,
    MultiplierScope,
    ScoringMode,
    TarokRules,
)

BIDDER = "bidder"
OPPONENTS = "opponents"
#: Awards a single player collects from every other player (SPEC 4.12 settlement).
COLLECTED = frozenset({"trull", "four_kings", "tapp"})
#: The pagat's card points, moved by the ultimo adjustment (SPEC 4.10).
PAGAT_POINTS = 5


@dataclass(frozen=True)
class Award:
    """One scoring item of a deal.

    ``won_by`` is ``"bidder"`` or ``"opponents"`` (None for the Tapp award,
    which has no bidder); ``seat`` names the single player credited with a
    meld, the silent pagat ultimo or the Tapp award.
    """

    name: str
    value: int
    won_by: str | None
    seat: int | None = None

    def __str__(self) -> str:
        who = f"seat {self.seat}" if self.seat is not None else self.won_by
        return f"{self.name} {self.value} to {who}"

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@dataclass(frozen=True)
class DealFacts:
    """What a played deal produced, as scoring needs it."""

    num_players: int
    bidder: int
    contract: str  # "threesome" | "solo"
    game_type: str  # "game" | "consolation"
    multiplier: int
    bidder_count: int  # B, after any pagat adjustment
    opponents_count: int  # O, after any pagat adjustment
    melds: tuple[tuple[int, str], ...] = ()  # (seat, "trull" | "four_kings")
    ultimo: bool = False
    ultimo_won: bool = False
    contra: int | None = None  # the seat that declared contra-ultimo
    contra_won: bool = False
    #: The seat that won trick 16 with the pagat when no ultimo was announced.
    silent_pagat: int | None = None

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@dataclass(frozen=True)
class DealScore:
    """The scored deal: the game result and every award with its per-seat changes."""

    made: bool | None
    amount: int  # X (0 for an all-pass deal)
    awards: tuple[Award, ...]
    #: Per award (same order), the change of every seat.
    lines: tuple[tuple[int, ...], ...]
    changes: tuple[int, ...]

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


def contract_result(
    game_type: str,
    multiplier: int,
    game_value: int,
    bidder_count: int,
    opponents_count: int,
    consolation_scoring: ConsolationScoring | str = ConsolationScoring.LITERAL,
) -> tuple[bool, int]:
    """(success, X) of a game or consolation (SPEC 4.12 table).

    A consolation is worth the flat ``m x G`` either way under ``"literal"``
    scoring (the seed's sentences), or the mirror of a game under ``"mirror"``
    (SPEC 4.13 example 7):

    >>> contract_result("consolation", 1, 50, 25, 45), contract_result("consolation", 1, 50, 38, 32)
    ((True, 50), (False, 50))
    >>> contract_result("consolation", 2, 50, 25, 45)
    (True, 100)
    >>> contract_result("consolation", 1, 50, 25, 45, "mirror"), contract_result("consolation", 1, 50, 38, 32, "mirror")
    ((True, 70), (False, 56))
    """
    over_b = 2 * (bidder_count - HALF)
    over_o = 2 * max(0, opponents_count - HALF)
    if game_type == "game":
        made = bidder_count >= WIN_AT
        return made, multiplier * (game_value + (over_b if made else over_o))
    if game_type == "consolation":
        made = bidder_count <= HALF
        if ConsolationScoring(consolation_scoring) is ConsolationScoring.LITERAL:
            return made, multiplier * game_value
        return made, multiplier * (game_value + (over_o if made else over_b))
    raise ValueError(f"unknown game type {game_type!r}")


def pagat_adjustment(ultimo: bool, pagat_play: str | None, bidder_won_pagat_trick: bool, bidder_won_last: bool) -> int:
    """Card points moved to the bidder (negative: to the opponents) under an announced ultimo.

    ``pagat_play`` is ``"forced"`` (the pagat was the bidder's only legal card
    before trick 16), ``"unnecessary"`` (he had another legal card) or None.

    >>> pagat_adjustment(True, "forced", False, True), pagat_adjustment(True, "unnecessary", True, False)
    (5, -5)
    >>> pagat_adjustment(True, "unnecessary", False, True), pagat_adjustment(False, "forced", False, True)
    (0, 0)
    """
    if not ultimo or pagat_play is None:
        return 0
    if pagat_play == "forced" and not bidder_won_pagat_trick and bidder_won_last:
        return PAGAT_POINTS
    if pagat_play == "unnecessary" and bidder_won_pagat_trick:
        return -PAGAT_POINTS
    return 0


def award_changes(award: Award, mode: ScoringMode | str, bidder: int | None, num_players: int) -> tuple[int, ...]:
    """Per-seat score changes of one award (SPEC 4.12 scoring modes).

    Every seat except the bidder is an opponent, so a sitting-out dealer shares
    the opponents' wins and losses.

    >>> award_changes(Award("game", 60, "opponents"), "settlement", 1, 4)
    (60, -180, 60, 60)
    >>> award_changes(Award("ultimo", 100, "opponents"), "paper", 1, 3)
    (0, -100, 0)
    >>> award_changes(Award("tapp", 25, None, 0), "settlement", None, 3)
    (50, -25, -25)
    """
    n = num_players
    v = award.value
    ch = [0] * n
    if award.name in COLLECTED:
        assert award.seat is not None
        if mode == ScoringMode.PAPER:
            ch[award.seat] += v
        else:
            for s in range(n):
                ch[s] -= v
            ch[award.seat] += n * v
        return tuple(ch)
    assert bidder is not None
    others = [s for s in range(n) if s != bidder]
    if mode == ScoringMode.PAPER:
        if award.name == "silent_pagat":
            assert award.seat is not None
            ch[award.seat] += v
        elif award.won_by == BIDDER:
            ch[bidder] += v
        elif award.name == "ultimo":
            ch[bidder] -= v  # "if he fails, he loses this amount"
        else:
            for s in others:
                ch[s] += v
        return tuple(ch)
    sign = 1 if award.won_by == BIDDER else -1
    ch[bidder] += sign * v * len(others)
    for s in others:
        ch[s] -= sign * v
    return tuple(ch)


def deal_awards(rules: TarokRules, facts: DealFacts) -> tuple[bool, int, list[Award]]:
    """(made, X, awards) of a played deal."""
    g = GAME_VALUES[facts.contract]
    m = facts.multiplier
    made, amount = contract_result(
        facts.game_type, m, g, facts.bidder_count, facts.opponents_count, rules.consolation_scoring
    )
    bonus_m = m if rules.multiplier_scope is MultiplierScope.GAME_AND_BONUSES else 1
    awards = [Award(facts.game_type, amount, BIDDER if made else OPPONENTS)]

    def side(seat: int) -> str:
        return BIDDER if seat == facts.bidder else OPPONENTS

    for seat, name in facts.melds:
        awards.append(Award(name, MELD_VALUES[facts.contract] * bonus_m, side(seat), seat))
    if facts.ultimo:
        awards.append(Award("ultimo", rules.ultimo_factor * g * bonus_m, BIDDER if facts.ultimo_won else OPPONENTS))
        if facts.contra is not None:
            value = rules.contra_factor * g * bonus_m
            awards.append(Award("contra", value, OPPONENTS if facts.contra_won else BIDDER, facts.contra))
    elif facts.silent_pagat is not None:
        seat = facts.silent_pagat
        awards.append(Award("silent_pagat", rules.silent_pagat_factor * g * bonus_m, side(seat), seat))
    return made, amount, awards


def settle(
    rules: TarokRules, awards: Sequence[Award], bidder: int | None, num_players: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(per-award changes, total changes); in settlement mode the total MUST sum to zero.

    SPEC 4.13 example 8 (X = 0 bidder, Y = 1, Z = 2):

    >>> from jick.games.tarok.presets import load_preset
    >>> awards = [Award("game", 68, "bidder"), Award("trull", 50, "bidder", 0),
    ...           Award("four_kings", 50, "opponents", 2), Award("ultimo", 100, "bidder"),
    ...           Award("contra", 200, "bidder", 1)]
    >>> settle(load_preset("tarok_3p"), awards, 0, 3)[1]
    (786, -468, -318)
    >>> settle(load_preset("tarok_3p", overrides={"scoring_mode": "paper"}), awards, 0, 3)[1]
    (418, 0, 50)
    """
    lines = tuple(award_changes(a, rules.scoring_mode, bidder, num_players) for a in awards)
    total = tuple(sum(line[s] for line in lines) for s in range(num_players))
    if rules.scoring_mode is ScoringMode.SETTLEMENT and sum(total) != 0:
        raise AssertionError(f"settlement does not sum to zero: {total}")
    return lines, total


def score_deal(rules: TarokRules, facts: DealFacts) -> DealScore:
    """Score a played deal.

    >>> from jick.games.tarok.presets import load_preset
    >>> facts = DealFacts(3, 0, "threesome", "game", 1, 44, 26)
    >>> score_deal(load_preset("tarok_3p"), facts).changes
    (136, -68, -68)
    """
    made, amount, awards = deal_awards(rules, facts)
    lines, total = settle(rules, awards, facts.bidder, facts.num_players)
    return DealScore(made, amount, tuple(awards), lines, total)


def score_all_pass(rules: TarokRules, forehand: int) -> DealScore:
    """An all-pass deal: nothing, or the Tapp-Tarok 25 to the forehand.

    >>> from jick.games.tarok.presets import load_preset
    >>> score_all_pass(load_preset("tapp_tarok_4p"), 1).changes
    (-25, 75, -25, -25)
    >>> score_all_pass(load_preset("tarok_3p"), 1).changes
    (0, 0, 0)
    """
    n = rules.num_players
    if rules.all_pass == "pass_deal":
        return DealScore(None, 0, (), (), (0,) * n)
    awards = [Award("tapp", TAPP_AWARD, None, forehand)]
    lines, total = settle(rules, awards, None, n)
    return DealScore(None, 0, tuple(awards), lines, total)
