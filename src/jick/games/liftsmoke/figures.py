"""The figures Lift Smoke's house-rule report measures per deal (see :mod:`jick.compare.figures`)."""

from __future__ import annotations

from typing import Any

from jick.compare.figures import Fig, rate


def deal_figures(state: Any, dealer: int) -> list[Fig]:
    """The game's own figures of the first scored deal of ``state`` (``dealer``: its dealer)."""
    result = state.game_results[0]
    return [
        Fig("pot", "pot (chips)", float(result.pot), group="game"),
        Fig("tricks", "game length (tricks)", float(result.tricks), group="game"),
        Fig("reshuffles", "reshuffles", float(result.reshuffles), group="game"),
        rate("dealer.wins", "the dealer wins the pot", result.winner == result.dealer, "seats"),
        rate("last_survivor", "won as the last survivor", result.reason == "last survivor", "extras"),
    ]
