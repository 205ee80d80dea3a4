"""What ``jick arena`` shows and saves: rich tables, the JSON file and its default name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from jick.arena.result import ArenaResult
from jick.arena.seating import FIELD
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


def _plus_minus(mean: float, low: float | None, high: float | None, digits: int = 2) -> str:
    """A mean and the half-width of its (symmetric) t-interval: ``+0.59 ± 0.31``.

    >>> _plus_minus(0.59, 0.28, 0.9), _plus_minus(-1.5, None, None)
    ('+0.59 ± 0.31', '-1.50')
    """
    if low is None or high is None:
        return _number(mean, digits)
    return f"{_number(mean, digits)} ± {(high - low) / 2:.{digits}f}"


def _mean(m: MeanInterval) -> str:
    return _plus_minus(m.mean, m.low, m.high)


def _proportion(p: Proportion | None) -> str:
    """A rate with its Wilson interval in percent: ``75% [30-95]``."""
    if p is None or p.rate is None or p.low is None or p.high is None:
        return "-"
    return f"{p.rate:.0%} [{p.low * 100:.0f}-{p.high * 100:.0f}]"


def _difference(d: PairedDifference) -> str:
    return _plus_minus(d.mean, d.low, d.high)


def _p_value(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.0001" if p < 0.0001 else f"{p:.4f}"


def _table() -> Table:
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)


def title_line(result: ArenaResult) -> str:
    """The run in one line: preset, players, seed, deals (and matches, thinking time).

    >>> title_line(ArenaResult({"preset": "tarok_3p", "players": 3, "seed": 1, "deals": 50, "matches": 2},
    ...                        (), (), (), (), (), ()))
    'arena tarok_3p (3 players), seed 1: 50 deals, 2 matches per pair'
    """
    p = result.parameters
    return (
        f"arena {p['preset']} ({p['players']} players), seed {p['seed']}: {p['deals']} deals"
        + (f", {p['matches']} matches" if p["matches"] else "")
        + " per pair"
        + (f", search bots think {p['think']:g} s per decision" if p.get("think") else "")
        + _seating_note(p)
    )


def _seating_note(p: dict[str, Any]) -> str:
    """Nothing for the default design; for ``field``, who sits alone among whom."""
    if p.get("seating") != FIELD:
        return ""
    return f"; seating {FIELD}: {p['bots'][0]} alone among {p['bots'][1]}"


def print_result(result: ArenaResult, console: Console) -> None:
    """The ladder table (ranked by points per deal), a note on the ratings, and the pairwise table.

    Intervals are 95%: ``±`` the half-width of a t-interval, ``[low-high]``
    a Wilson interval in percent. Every row fits in 80 columns for bot names
    of up to a dozen letters.
    """
    p = result.parameters
    console.print(escape(title_line(result)), style="bold")
    table = _table()
    table.add_column("rank", justify="right", no_wrap=True)
    table.add_column("bot", overflow="fold")
    table.add_column("points/deal", justify="right", no_wrap=True)
    bids = any(s.made.trials for s in result.summaries)
    if bids:
        table.add_column("bids made", justify="right", no_wrap=True)
    if p["matches"]:
        table.add_column("match wins", justify="right", no_wrap=True)
    table.add_column("rating", justify="right", no_wrap=True)
    for rank, s in enumerate(result.ladder(), 1):
        row = [str(rank), escape(s.name), _mean(s.points)]
        if bids:
            row.append(_proportion(s.made))
        if p["matches"]:
            row.append(_proportion(s.matches))
        row.append(f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}")
        table.add_row(*row)
    console.print(table)
    legend = "rank: by points per deal, ± the half-width of its 95% interval"
    if bids or p["matches"]:
        legend += "; rates with their 95% interval in percent"
    legend += ". rating: openskill mu ± sigma, from who finished ahead in each play."
    console.print(escape(legend), style="dim")
    if result.ratings_disagree():
        by_rating = ", ".join(escape(s.name) for s in sorted(result.ladder(), key=lambda s: -s.rating.mu))
        console.print(
            f"Note: the ratings order the bots otherwise ({by_rating}): they count who finished ahead "
            "in each play, not by how many points; the rank follows the points."
        )
    console.print()
    console.print("pairwise: points per deal, a - b (paired over the same deals)", style="bold")
    pairs = _table()
    pairs.add_column("a", overflow="fold")
    pairs.add_column("b", overflow="fold")
    pairs.add_column("a - b ± 95%", justify="right", no_wrap=True)
    pairs.add_column("p", justify="right", no_wrap=True)
    for pair in result.pairs:
        d = pair.difference
        pairs.add_row(escape(pair.a), escape(pair.b), _difference(d), _p_value(d.p_value))
    console.print(pairs)
