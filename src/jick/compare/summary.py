"""A comparison's numbers: every figure under every rule set with its 95% interval, and the paired differences.

Each rule set after the first is compared with the first (the baseline),
deal by deal: the paired t-interval of the differences over the deals. A
conditional figure (the share of bids of 5 that are made) has its own deals
under each rule set, so its difference gets the normal interval of two
independent means instead. A rate under one rule set gets its Wilson interval, a
mean its t-interval (:mod:`jick.arena.stats`).

>>> from jick.compare.figures import Fig
>>> a = [[Fig("x", "x", 1.0)], [Fig("x", "x", 3.0)]]
>>> units = [a, [[Fig("x", "x", 2.0)], [Fig("x", "x", 3.0)]], [[Fig("x", "x", 0.0)], [Fig("x", "x", 2.0)]]]
>>> row = summarise_rows(2, units)[0]
>>> row.diffs[0].mean, row.stats[1].mean
(1.6666666666666667, 2.6666666666666665)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jick.arena.stats import (
    MeanInterval,
    PairedDifference,
    Proportion,
    mean_interval,
    paired_difference,
    wilson_interval,
)
from jick.compare.figures import Fig

if TYPE_CHECKING:
    from jick.compare.runner import Variant


@dataclass(frozen=True)
class Stat:
    """A figure under one rule set: its mean (a rate for indicators) and 95% interval, over ``n`` deals."""

    mean: float | None
    low: float | None
    high: float | None
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci95": None if self.low is None else [self.low, self.high], "n": self.n}


@dataclass(frozen=True)
class Diff:
    """The paired difference of a figure (rule set minus the baseline) with its 95% interval."""

    mean: float | None
    low: float | None
    high: float | None
    n: int
    p_value: float | None

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "ci95": None if self.low is None else [self.low, self.high],
            "n": self.n,
            "p_value": self.p_value,
            "significant": self.significant,
        }


@dataclass(frozen=True)
class Row:
    """One figure: its key, label, kind and group, a :class:`Stat` per rule set, a :class:`Diff` per non-baseline."""

    key: str
    label: str
    rate: bool
    group: str
    stats: tuple[Stat, ...]
    diffs: tuple[Diff, ...]
    #: Whether the differences are paired deal by deal (a conditional figure's are not).
    paired: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "kind": "rate" if self.rate else "mean",
            "group": self.group,
            "values": [s.to_dict() for s in self.stats],
            "differences": [d.to_dict() for d in self.diffs],
            "paired": self.paired,
        }


@dataclass(frozen=True)
class Comparison:
    """The rule sets, the parameters of the run, the figures and the plain-language summary."""

    variants: tuple[Variant, ...]
    parameters: Mapping[str, Any]
    rows: tuple[Row, ...]
    summary: tuple[str, ...]

    def row(self, key: str) -> Row:
        """The row of figure ``key`` (a KeyError when no deal had it)."""
        for r in self.rows:
            if r.key == key:
                return r
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "parameters": dict(self.parameters),
            "rule_sets": [v.to_dict() for v in self.variants],
            "baseline": self.variants[0].name,
            "summary": list(self.summary),
            "figures": [r.to_dict() for r in self.rows],
        }


def _stat(values: Sequence[float], rate: bool) -> Stat:
    if not values:
        return Stat(None, None, None, 0)
    if rate:
        p: Proportion = wilson_interval(sum(values), len(values))
        return Stat(p.rate, p.low, p.high, len(values))
    m: MeanInterval = mean_interval(values)
    return Stat(m.mean, m.low, m.high, m.n)


def _diff(a: Sequence[float | None], b: Sequence[float | None]) -> Diff:
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
    if not pairs:
        return Diff(None, None, None, 0, None)
    d: PairedDifference = paired_difference([y for _, y in pairs], [x for x, _ in pairs])
    return Diff(d.mean, d.low, d.high, d.n, d.p_value)


def _unpaired(a: Sequence[float], b: Sequence[float]) -> Diff:
    """``mean(b) - mean(a)`` with the normal interval of two independent means (Welch's standard error)."""
    if len(a) < 2 or len(b) < 2:
        mean = math.fsum(b) / len(b) - math.fsum(a) / len(a) if a and b else None
        return Diff(mean, None, None, min(len(a), len(b)), None)
    ma, mb = math.fsum(a) / len(a), math.fsum(b) / len(b)
    va = math.fsum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = math.fsum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    z = 1.959964
    if se == 0:
        return Diff(mb - ma, mb - ma, mb - ma, min(len(a), len(b)), 1.0 if mb == ma else 0.0)
    p_value = math.erfc(abs(mb - ma) / se / math.sqrt(2))
    return Diff(mb - ma, mb - ma - z * se, mb - ma + z * se, min(len(a), len(b)), p_value)


def summarise_rows(count: int, units: Sequence[Sequence[Sequence[Fig]]]) -> list[Row]:
    """The rows of ``count`` rule sets from each unit's figures per rule set, in order of first appearance."""
    meta: dict[str, Fig] = {}
    tables: list[list[dict[str, float | None]]] = [[] for _ in range(count)]
    for unit in units:
        for v, figs in enumerate(unit):
            table: dict[str, float | None] = {}
            for f in figs:
                meta.setdefault(f.key, f)
                table[f.key] = f.value
            tables[v].append(table)
    rows = []
    for key, f in meta.items():
        columns = [[t.get(key, f.missing) for t in tables[v]] for v in range(count)]
        # a unit that is a match has no deal figures and the other way round: count only units that had the figure
        had = [any(key in tables[v][i] for v in range(count)) for i in range(len(units))]
        columns = [[x for x, h in zip(col, had, strict=True) if h] for col in columns]
        stats = tuple(_stat([x for x in col if x is not None], f.rate) for col in columns)
        if f.missing is None:  # a conditional figure: its deals differ between rule sets, so not paired
            clean = [[x for x in col if x is not None] for col in columns]
            diffs = tuple(_unpaired(clean[0], clean[v]) for v in range(1, count))
        else:
            diffs = tuple(_diff(columns[0], columns[v]) for v in range(1, count))
        rows.append(Row(key, f.label, f.rate, f.group, stats, diffs, f.missing is not None))
    return rows


def _amount(value: float, rate: bool) -> str:
    return f"{abs(value) * 100:.1f} percentage points" if rate else f"{abs(value):.2f}"


def summary_lines(names: Sequence[str], rows: Sequence[Row], limit: int = 8) -> list[str]:
    """Plain sentences for the differences whose interval excludes zero, the clearest first."""
    lines: list[str] = []
    for v in range(1, len(names)):
        found: list[tuple[float, str]] = []
        for row in rows:
            d = row.diffs[v - 1]
            base, new = row.stats[0], row.stats[v]
            if not d.significant or d.mean is None or base.mean is None or new.mean is None:
                continue
            way = "more" if d.mean > 0 else "less"
            if row.rate:
                text = f"{row.label}: {base.mean:.0%} -> {new.mean:.0%} ({_amount(d.mean, True)} {way} often)"
            else:
                sign = "+" if d.mean > 0 else "-"
                text = f"{row.label}: {base.mean:.2f} -> {new.mean:.2f} ({sign}{_amount(d.mean, False)})"
            width = (d.high or 0.0) - (d.low or 0.0)
            found.append((abs(d.mean) / width if width > 0 else float("inf"), text))
        found.sort(key=lambda x: -x[0])
        head = f"With {names[v]} instead of {names[0]}"
        if not found:
            lines.append(f"{head}: no difference is clear at 95% (every interval contains zero).")
            continue
        more = f" (and {len(found) - limit} more)" if len(found) > limit else ""
        count = "1 figure changes" if len(found) == 1 else f"{len(found)} figures change"
        lines.append(f"{head}, {count}{more}:")
        lines.extend(f"  - {text}" for _, text in found[:limit])
    return lines


def summarise(
    variants: Sequence[Variant], units: Sequence[Sequence[Sequence[Fig]]], parameters: Mapping[str, Any]
) -> Comparison:
    """The :class:`Comparison` of the rule sets from every unit's figures."""
    rows = summarise_rows(len(variants), units)
    return Comparison(
        tuple(variants), dict(parameters), tuple(rows), tuple(summary_lines([v.name for v in variants], rows))
    )
