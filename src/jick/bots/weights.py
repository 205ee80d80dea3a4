"""Weighted samples: how many they are worth, and tempering weights that would leave a handful.

The searches weight the deals they sample by how well each explains what the
other seats did (their calls, their plays); these helpers keep such weights
usable.
"""

from __future__ import annotations

import math


def effective_size(weights: list[float]) -> float:
    """Kish's effective sample size of weighted samples.

    >>> effective_size([1.0, 1.0, 1.0, 1.0]), effective_size([1.0, 0.0, 0.0, 0.0])
    (4.0, 1.0)
    """
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares > 0 else 0.0


def temper(weights: list[float], least: float) -> list[float]:
    """``weights`` raised to the largest power (at most 1) that keeps their effective size at ``least`` or more.

    Many weak signals multiplied make a few samples carry nearly all the
    weight, and the resampled deals would be a handful of copies; tempering
    keeps the direction of the weights and enough different deals.

    >>> w = temper([1.0, 1e-6, 1e-6, 1e-6], 2.0)
    >>> round(effective_size(w), 2), w[0] > w[1]
    (2.0, True)
    >>> temper([1.0, 0.5], 1.0)
    [1.0, 0.5]
    """
    if not weights or effective_size(weights) >= least or max(weights) <= 0:
        return weights
    floor = min((w for w in weights if w > 0), default=1.0)
    logs = [math.log(w) if w > 0 else math.log(floor) - 50.0 for w in weights]
    top = max(logs)
    low, high = 0.0, 1.0
    for _ in range(30):
        power = (low + high) / 2
        if effective_size([math.exp(power * (x - top)) for x in logs]) >= least:
            low = power
        else:
            high = power
    return [math.exp(low * (x - top)) for x in logs]
