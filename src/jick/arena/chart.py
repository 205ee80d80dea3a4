"""The ladder chart: ratings and mean points per deal with their error bars, as a PNG.

Drawn with matplotlib's Agg canvas directly (no pyplot, no global backend).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from jick.arena.summary import BotSummary, ladder_order

#: Normal quantile of the 95% bars drawn around a rating.
Z95 = 1.959964


def ladder_chart(summaries: Sequence[BotSummary], path: str | Path, title: str) -> Path:
    """Write the ladder (most points per deal on top) to ``path``: rating mu ± 1.96 sigma, points per deal ± 95% CI."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    ladder = ladder_order(summaries)[::-1]  # bottom to top
    names = [s.name for s in ladder]
    rows = list(range(len(ladder)))
    figure = Figure(figsize=(10, 1.2 + 0.6 * len(ladder)), layout="constrained")
    FigureCanvasAgg(figure)
    rating_axes, points_axes = figure.subplots(1, 2, sharey=True)
    rating_axes.errorbar(
        [s.rating.mu for s in ladder],
        rows,
        xerr=[Z95 * s.rating.sigma for s in ladder],
        fmt="o",
        capsize=4,
    )
    rating_axes.set_yticks(rows, names)
    rating_axes.set_xlabel("rating (mu ± 1.96 sigma)")
    rating_axes.grid(axis="x", alpha=0.3)
    means = [s.points.mean for s in ladder]
    low = [s.points.mean - s.points.low if s.points.low is not None else 0.0 for s in ladder]
    high = [s.points.high - s.points.mean if s.points.high is not None else 0.0 for s in ladder]
    points_axes.errorbar(means, rows, xerr=[low, high], fmt="s", color="tab:green", capsize=4)
    points_axes.axvline(0.0, color="grey", linewidth=0.8)
    points_axes.set_xlabel("points per deal (95% CI)")
    points_axes.grid(axis="x", alpha=0.3)
    figure.suptitle(title)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=100)
    return path
