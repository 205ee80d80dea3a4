"""Confidence intervals: pure functions of plain numbers.

- :func:`mean_interval`: a mean with its Student-t interval;
- :func:`paired_difference`: the mean of paired differences ``a[i] - b[i]``
  with its t-interval and two-sided p-value (the paired t-test);
- :func:`wilson_interval`: a proportion with its Wilson score interval.

An interval needs at least two values (a t-interval) or one trial (Wilson);
otherwise its ends are ``None``.

>>> m = mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
>>> round(m.mean, 3), round(m.low, 3), round(m.high, 3)
(3.0, 1.037, 4.963)
>>> w = wilson_interval(8, 10)
>>> round(w.rate, 3), round(w.low, 3), round(w.high, 3)
(0.8, 0.49, 0.943)
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: Confidence level of every interval the arena reports.
CONFIDENCE = 0.95


def _scipy_stats() -> Any:
    # imported by name: scipy ships no type stubs
    return importlib.import_module("scipy.stats")


@dataclass(frozen=True)
class MeanInterval:
    """A sample mean, its standard deviation and the t-interval of the mean."""

    mean: float
    low: float | None
    high: float | None
    sd: float | None
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci95": _pair(self.low, self.high), "sd": self.sd, "n": self.n}


@dataclass(frozen=True)
class PairedDifference:
    """The mean difference of paired values, its t-interval and the p-value of "no difference"."""

    mean: float
    low: float | None
    high: float | None
    sd: float | None
    n: int
    p_value: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "ci95": _pair(self.low, self.high),
            "sd": self.sd,
            "n": self.n,
            "p_value": self.p_value,
        }


@dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials`` with the Wilson interval (``None`` rate when no trials)."""

    successes: float
    trials: int
    rate: float | None
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": self.rate,
            "ci95": _pair(self.low, self.high),
        }


def _pair(low: float | None, high: float | None) -> list[float] | None:
    return None if low is None or high is None else [low, high]


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> MeanInterval:
    """Mean of ``values`` with the t-interval ``mean ± t(n-1) · sd / √n``."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    if n < 2:
        return MeanInterval(mean, None, None, None, n)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(_scipy_stats().t.ppf((1 + confidence) / 2, n - 1)) * sd / math.sqrt(n)
    return MeanInterval(mean, mean - half, mean + half, sd, n)


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = CONFIDENCE) -> PairedDifference:
    """The paired t-interval of ``a - b`` (one pair per duplicate deal)."""
    if len(a) != len(b):
        raise ValueError(f"{len(a)} values paired with {len(b)}")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m = mean_interval(diffs, confidence)
    p_value: float | None = None
    if m.sd is not None:
        if m.sd == 0:
            p_value = 1.0 if m.mean == 0 else 0.0
        else:
            t = m.mean / (m.sd / math.sqrt(m.n))
            p_value = float(2 * _scipy_stats().t.sf(abs(t), m.n - 1))
    return PairedDifference(m.mean, m.low, m.high, m.sd, m.n, p_value)


def wilson_interval(successes: float, trials: int, confidence: float = CONFIDENCE) -> Proportion:
    """The Wilson score interval of ``successes / trials``.

    ``(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` with ``z`` the normal
    quantile; half successes (shared wins) are allowed.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if trials == 0:
        return Proportion(successes, 0, None, None, None)
    z = float(_scipy_stats().norm.ppf((1 + confidence) / 2))
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Proportion(successes, trials, p, max(0.0, centre - half), min(1.0, centre + half))
