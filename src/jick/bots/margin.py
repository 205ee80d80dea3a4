"""Whether one choice beats another by more than the noise of the sampled worlds both were valued on.

A search that values each choice on the same sampled worlds can compare two
choices world by world: the gains of one over the other, weighted as the
worlds are. A bot that trusts a default (the heuristic's call, the rollout
policy's card) replaces it only when the best choice is *clearly better*:
its weighted mean gain is above ``margin`` standard errors.
"""

from __future__ import annotations

import math

__all__ = ["clearly_better"]


def clearly_better(gains: list[float], weights: list[float], margin: float = 1.0) -> bool:
    """True when the weighted mean of ``gains`` exceeds ``margin`` standard errors (and is positive).

    >>> clearly_better([1.0, 2.0, 1.5, 1.0], [1.0] * 4), clearly_better([3.0, -2.0, 1.0, -1.0], [1.0] * 4)
    (True, False)
    """
    total = sum(weights)
    if len(gains) < 2 or total <= 0:
        return False
    mean = sum(g * w for g, w in zip(gains, weights, strict=True)) / total
    effective = total**2 / sum(w * w for w in weights)  # Kish's effective sample size
    spread = sum(w * (g - mean) ** 2 for g, w in zip(gains, weights, strict=True)) / total
    return bool(mean > 0 and mean > margin * math.sqrt(spread / max(1.0, effective - 1)))
