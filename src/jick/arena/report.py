"""What ``jick arena`` shows and saves: rich tables, the JSON file and its default name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from jick.arena.result import ArenaResult
from jick.arena.stats import MeanInterval, PairedDifference, Proportion


def default_out_path(preset: str, seed: int) -> Path:
    """Where ``jick arena`` saves its JSON without ``--out``.

    >>> str(default_out_path("tarok_3p", 7))
    'arena/arena-tarok_3p-seed7.json'
    """
    return Path("arena") / f"arena-{preset}-seed{seed}.json"


def save_json(data: dict[str, Any], path: str | Path) -> Path:
    """Write ``data`` as indented JSON, creating the folder."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def _number(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:+.{digits}f}"


def _interval(low: float | None, high: float | None, digits: int = 2) -> str:
    return "-" if low is None or high is None else f"[{low:+.{digits}f}, {high:+.{digits}f}]"


def _mean(m: MeanInterval) -> str:
    return f"{_number(m.mean)} {_interval(m.low, m.high)}"


def _proportion(p: Proportion | None) -> str:
    if p is None or p.rate is None or p.low is None or p.high is None:
        return "-"
    count = f"{p.successes:g}/{p.trials}"
    return f"{p.rate:.0%} [{p.low:.0%}, {p.high:.0%}] ({count})"


def _difference(d: PairedDifference) -> str:
    return f"{_number(d.mean)} {_interval(d.low, d.high)}"


def _p_value(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.0001" if p < 0.0001 else f"{p:.4f}"


def print_result(result: ArenaResult, console: Console) -> None:
    """The ladder table and the pairwise table."""
    p = result.parameters
    table = Table(
        title=f"arena {p['preset']} ({p['players']} players), seed {p['seed']}: "
        f"{p['deals']} duplicate deals per pair"
        + (f", {p['matches']} matches" if p["matches"] else "")
        + (f", search bots think {p['think']:g} s per decision" if p.get("think") else ""),
    )
    table.add_column("rank", justify="right")
    table.add_column("bot")
    table.add_column("points/deal [95% CI]", justify="right")
    bids = any(s.made.trials for s in result.summaries)
    if bids:
        table.add_column("bids made [95% CI]", justify="right")
    if p["matches"]:
        table.add_column("match wins [95% CI]", justify="right")
    table.add_column("rating mu ± sigma", justify="right")
    for rank, s in enumerate(result.ladder(), 1):
        row = [str(rank), s.name, _mean(s.points)]
        if bids:
            row.append(_proportion(s.made))
        if p["matches"]:
            row.append(_proportion(s.matches))
        row.append(f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}")
        table.add_row(*row)
    console.print(table)
    pairs = Table(title="pairwise: points per deal, a - b (paired t-interval over duplicate deals)")
    pairs.add_column("a")
    pairs.add_column("b")
    pairs.add_column("a - b [95% CI]", justify="right")
    pairs.add_column("p", justify="right")
    for pair in result.pairs:
        d = pair.difference
        pairs.add_row(pair.a, pair.b, _difference(d), _p_value(d.p_value))
    console.print(pairs)
