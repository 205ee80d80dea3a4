"""How a comparison is shown: text tables, CSV rows and the chart of the differences.

A rate is shown as ``31% [27-35]`` (its Wilson interval), a mean as
``+0.59 ± 0.31`` (the half-width of its t-interval), a difference as its
mean and its 95% interval, marked ``*`` when the interval excludes zero.

>>> from jick.compare.summary import Diff, Stat
>>> stat_text(Stat(0.31, 0.27, 0.35, 400), True), stat_text(Stat(1.5, 1.2, 1.8, 400), False)
('31% [27-35]', '1.50 ± 0.30')
>>> diff_text(Diff(-0.08, -0.12, -0.04, 400, 0.001), True)
'-8.0 [-12.0, -4.0] pp *'
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from jick.compare.summary import Comparison, Diff, Row, Stat

#: The groups of figures in the order of the tables, with their titles.
GROUPS = {
    "bids": "bids (share of hands)",
    "winning bid": "winning bid (share of hands)",
    "moon": "shooting the moon (share of hands)",
    "contracts": "contracts (share of deals)",
    "points": "points per hand, by point",
    "deal": "points per deal",
    "game": "per game",
    "sides": "score change per hand",
    "seats": "points per deal, by seat",
    "extras": "other events (share of deals)",
    "match": "whole matches",
}


#: The rule sets' letters in the tables (A is the baseline).
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def stat_text(s: Stat, rate: bool) -> str:
    """A figure under one rule set, for a table cell."""
    if s.mean is None:
        return "-"
    if rate:
        if s.low is None or s.high is None:
            return f"{s.mean:.0%}"
        return f"{s.mean:.0%} [{s.low * 100:.0f}-{s.high * 100:.0f}]"
    if s.low is None or s.high is None:
        return f"{s.mean:.2f}"
    return f"{s.mean:.2f} ± {(s.high - s.low) / 2:.2f}"


def diff_text(d: Diff, rate: bool) -> str:
    """A paired difference, for a table cell: percentage points for rates."""
    if d.mean is None:
        return "-"
    k = 100.0 if rate else 1.0
    digits = 1 if rate else 2
    unit = " pp" if rate else ""
    mark = " *" if d.significant else ""
    if d.low is None or d.high is None:
        return f"{d.mean * k:+.{digits}f}{unit}"
    return f"{d.mean * k:+.{digits}f} [{d.low * k:+.{digits}f}, {d.high * k:+.{digits}f}]{unit}{mark}"


def _cell(d: Diff, row: Row) -> str:
    """A difference in a table: rates in percentage points without the unit (the footer says it)."""
    text = diff_text(d, row.rate).replace(" pp", "")
    return text if row.paired or text == "-" else text + " u"


def _ordered(result: Comparison) -> list[Row]:
    rank = {g: i for i, g in enumerate(GROUPS)}
    return sorted(result.rows, key=lambda r: rank.get(r.group, len(GROUPS)))


def shown_rows(result: Comparison) -> list[Row]:
    """The rows worth a line: every figure some rule set has, leaving out rates that are zero everywhere."""
    return [r for r in _ordered(result) if any(s.mean for s in r.stats) or not r.rate]


def print_comparison(result: Comparison, console: Any) -> None:
    """The summary, then a table per group of figures (rule sets as columns, then each difference)."""
    from rich.table import Table

    names = [v.name for v in result.variants]
    p = result.parameters
    console.print(
        f"[bold]House rules compared[/]: {len(names)} rule sets of {result.variants[0].preset}, "
        f"{p['hands']} duplicate deals"
        + (f" and {p['matches']} duplicate matches" if p.get("matches") else "")
        + f", {p['bots']} bots, seed {p['seed']}"
    )
    for i, v in enumerate(result.variants):
        changes = ", ".join(f"{k}={val}" for k, val in _flat(v.overrides)) or "the preset as it is"
        console.print(f"  {LETTERS[i % 26]}  {v.name}: {v.preset} ({changes})")
    console.print()
    for line in result.summary:
        console.print(line)
    console.print()
    rows = shown_rows(result)
    for group in dict.fromkeys(r.group for r in rows):
        table = Table(title=GROUPS.get(group, group), title_justify="left", box=None, pad_edge=False)
        table.add_column("figure", no_wrap=True)
        for i, _ in enumerate(names):
            table.add_column(LETTERS[i % 26], justify="right", no_wrap=True)
        for i, _ in enumerate(names[1:], start=1):
            table.add_column(f"{LETTERS[i % 26]} - A", justify="right", no_wrap=True)
        for r in rows:
            if r.group != group:
                continue
            cells = [stat_text(s, r.rate) for s in r.stats] + [_cell(d, r) for d in r.diffs]
            table.add_row(r.label, *cells)
        console.print(table)
    console.print("Rates: % [Wilson 95% interval]; means ± half the 95% t-interval; an edge:")
    console.print("minus the others' mean. Differences: mean [95% interval], rates in percentage")
    console.print("points, paired deal by deal (u: unpaired); *: the interval excludes zero.")


def _flat(overrides: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in overrides.items():
        if isinstance(value, dict):
            out += [(f"{key}.{k}", v) for k, v in value.items()]
        else:
            out.append((key, value))
    return out


#: The columns of ``--csv``.
CSV_COLUMNS = (
    "key",
    "label",
    "group",
    "kind",
    "rule_set",
    "mean",
    "low",
    "high",
    "n",
    "diff",
    "diff_low",
    "diff_high",
    "p_value",
)


def to_csv(result: Comparison) -> str:
    """One CSV line per figure and rule set; the baseline's ``diff`` cells are empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in _ordered(result):
        for v, stat in enumerate(r.stats):
            d = r.diffs[v - 1] if v else None
            writer.writerow(
                [
                    r.key,
                    r.label,
                    r.group,
                    "rate" if r.rate else "mean",
                    result.variants[v].name,
                    stat.mean,
                    stat.low,
                    stat.high,
                    stat.n,
                ]
                + ([d.mean, d.low, d.high, d.p_value] if d else ["", "", "", ""])  # fmt: skip
            )
    return out.getvalue()


def difference_chart(result: Comparison, path: str | Path, limit: int = 24) -> Path:
    """Bar chart of the differences from the baseline with their 95% intervals (PNG or SVG by the suffix).

    Rates are in percentage points (left panel), means in points (right panel);
    the figures whose intervals lie furthest from zero are shown, in colour
    when the interval excludes zero, in grey when it does not.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in ("png", "svg"):
        from jick.engine import RulesError

        raise RulesError(f"--chart must end in .png or .svg, not {path.name!r}")
    names = [v.name for v in result.variants]
    panels = []
    for rate in (True, False):
        rows = [r for r in shown_rows(result) if r.rate is rate and any(d.mean is not None for d in r.diffs)]

        def strength(r: Row) -> float:
            best = 0.0
            for d in r.diffs:
                if d.mean is not None and d.low is not None and d.high is not None:
                    best = max(best, abs(d.mean) / max(d.high - d.low, 1e-12))
            return best

        rows = sorted(rows, key=strength, reverse=True)[:limit][::-1]
        panels.append((rate, rows))
    tall = max(len(rows) for _, rows in panels) or 1
    figure = Figure(figsize=(13, 1.5 + 0.32 * tall), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, 2)
    width = 0.8 / max(1, len(names) - 1)
    for ax, (rate, rows) in zip(axes, panels, strict=True):
        k = 100.0 if rate else 1.0
        for v in range(1, len(names)):
            ys = [i - 0.4 + width * (v - 0.5) for i in range(len(rows))]
            means, lo, hi, colours = [], [], [], []
            colour = f"C{(v - 1) % 10}"
            for r in rows:
                d = r.diffs[v - 1]
                m = (d.mean or 0.0) * k
                means.append(m)
                lo.append(m - (d.low * k if d.low is not None else m))
                hi.append((d.high * k if d.high is not None else m) - m)
                colours.append(colour if d.significant else "lightgrey")
            label = f"{names[v]} - {names[0]}"
            ax.barh(ys, means, height=width, xerr=[lo, hi], capsize=3, color=colours, label=label)
        ax.set_yticks(range(len(rows)), [r.label for r in rows], fontsize=8)
        ax.axvline(0.0, color="grey", linewidth=0.8)
        ax.grid(axis="x", alpha=0.3)
        ax.set_xlabel("difference in percentage points (95% CI)" if rate else "difference in points or deals (95% CI)")
        ax.set_title("rates" if rate else "points and counts")
        if len(names) > 2 and rows:
            ax.legend(fontsize=8)
    p = result.parameters
    versus = ", ".join(f"{n} minus {names[0]}" for n in names[1:])
    figure.suptitle(
        f"{versus} ({result.variants[0].preset}, {p['hands']} duplicate deals, seed {p['seed']}; "
        "grey: the interval contains zero)"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format=fmt, dpi=100)
    return path
