"""The figures Tarok's house-rule report measures per deal (see :mod:`jick.compare.figures`)."""

from __future__ import annotations

from typing import Any

from jick.compare.figures import Fig, rate


def deal_figures(state: Any, dealer: int) -> list[Fig]:
    """The game's own figures of the first scored deal of ``state`` (``dealer``: its dealer)."""
    result = state.deal_results[0]
    group = "contracts"
    passed = result.bidder is None
    figs = [rate("all_passed", "everyone passed", passed, group)]
    for contract in ("threesome", "solo"):
        for game_type in ("game", "consolation"):
            hit = result.contract == contract and result.game_type == game_type
            figs.append(rate(f"contract.{contract}.{game_type}", f"contract: {contract} {game_type}", hit, group))
    figs.append(rate("contract.made", "the contract is made", None if passed else bool(result.made), group, None))
    for m in (1, 2, 3):
        figs.append(rate(f"multiplier.{m}", f"widow multiplier {m}", not passed and result.multiplier == m, group))
    figs.append(rate("melds", "a meld is declared", bool(result.melds), "extras"))
    figs.append(rate("ultimo", "ultimo announced", bool(result.ultimo), "extras"))
    figs.append(rate("contra", "contra-ultimo declared", result.contra is not None, "extras"))
    figs.append(Fig("amount", "the contract's value (X)", float(result.amount), group="deal"))
    if result.bidder is not None:
        figs.append(
            Fig(
                "bidder.change",
                "bidder's score change",
                float(result.changes[result.bidder]),
                missing=None,
                group="deal",
            )
        )
    return figs
