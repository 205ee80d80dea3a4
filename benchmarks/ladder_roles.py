"""Where a ladder step's lead comes from: as the bidder's side or as a defender, from its files.

Reads the checkpoint of a two-bot ``benchmarks/ladder.py`` step
(``PRESET-...-A-B-seedS.jsonl``, any seating, finished or not) and compares
each seat the first bot held with the same seat of the same deal under the
second bot: its points there less the second bot's mean points there. Each
comparison is filed by the seat's role in the first bot's play (its side won
the auction, or defended) and in the second bot's plays (always the same,
mixed, or no bid), so a bot that bids the same hands but plays them worse
shows in the row "bid / bid". With the step's ``-levels.jsonl``
(``--bid-levels``) the "bid / bid" row is also split by whether the second
bot won the auction at the same level, with the bids made under each bot.

Usage (from the repository root)::

    .venv/bin/python benchmarks/ladder_roles.py benchmarks/ladder/smear_ten_point-6p-field-search-heuristic-seed1.jsonl

>>> role(None, {0}, lambda s: s), role([2, True], {0}, lambda s: s % 2), role([3, False], {0}, lambda s: s % 2)
('none', 'bid', 'defend')
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from statistics import mean
from typing import Any

from jick.arena.stats import mean_interval
from jick.games.smear import load_preset


def role(bid: list[Any] | None, seats: set[int], side_of: Callable[[int], int]) -> str:
    """``bid`` if the auction's winner sits on the side of ``seats``, ``defend`` if not, ``none`` without a bid."""
    if bid is None:
        return "none"
    sides = {side_of(s) for s in seats}
    return "bid" if side_of(bid[0]) in sides else "defend"


def comparisons(book: Path) -> list[dict[str, Any]]:
    """One row per (deal, play, seat of the first bot): its points less the second bot's mean at that seat."""
    lines = book.read_text().splitlines()
    run = json.loads(lines[0])["run"]
    rules = load_preset(run["preset"], run["players"], run["overrides"])
    levels_path = book.with_name(book.stem + "-levels.jsonl")
    levels: dict[int, list[str]] = {}
    if levels_path.exists():
        for line in levels_path.read_text().splitlines():
            row = json.loads(line)
            levels[row["index"]] = row["bids"]
    rows = []
    for line in lines[1:]:
        deal = json.loads(line)
        plays = deal["plays"]
        bids = levels.get(deal["index"])
        for i, play in enumerate(plays):
            for seat, bot in enumerate(play["lineup"]):
                if bot != 0:
                    continue
                others = [j for j, other in enumerate(plays) if other["lineup"][seat] == 1]
                if not others:
                    continue
                mine = role(play["bid"], {seat}, rules.side_of)
                theirs = {role(plays[j]["bid"], {seat}, rules.side_of) for j in others}
                level = None
                if bids is not None and mine == "bid" and theirs == {"bid"}:
                    level = "same" if all(bids[j] == bids[i] for j in others) else "other"
                rows.append({
                    "a": mine,
                    "b": theirs.pop() if len(theirs) == 1 else "mixed",
                    "level": level,
                    "diff": play["points"][seat] - mean(plays[j]["points"][seat] for j in others),
                    "made": (play["bid"][1], mean(plays[j]["bid"][1] for j in others)) if level else None,
                })  # fmt: skip
    return rows


def report(book: Path) -> list[str]:
    """The table's lines: per role pair, the comparisons, their mean [95% CI] and their share of the lead."""
    run = json.loads(book.read_text().splitlines()[0])["run"]
    a, b = run["bots"]
    rows = comparisons(book)
    out = [f"{a} against {b}: {len(rows)} seats compared (points at the seat, {a} less {b}'s mean there)"]
    out.append(f"| {a}'s side | {b}'s side | seats | {a} - {b} [95% CI] | share of the lead |")
    out.append("|---|---|---|---|---|")
    groups: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        groups.setdefault((row["a"], row["b"]), []).append(row["diff"])
    for (mine, theirs), diffs in sorted(groups.items(), key=lambda item: -len(item[1])):
        share = sum(diffs) / max(1, len(rows))
        out.append(f"| {mine} | {theirs} | {len(diffs)} | {_interval(diffs)} | {share:+.3f} |")
    for level in ("same", "other"):
        chosen = [row for row in rows if row["level"] == level]
        if chosen:
            made_a = mean(row["made"][0] for row in chosen)
            made_b = mean(row["made"][1] for row in chosen)
            out.append(f"bid / bid, {level} level: {len(chosen)} seats, {_interval([r['diff'] for r in chosen])}; "
                       f"bids made {100 * made_a:.0f}% / {100 * made_b:.0f}%")  # fmt: skip
    return out


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:+.2f}" if values else "-"
    m = mean_interval(values)
    return f"{m.mean:+.2f} [{m.low:+.2f}, {m.high:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", type=Path, help="a two-bot ladder step's checkpoint (.jsonl)")
    args = parser.parse_args()
    print("\n".join(report(args.book)))


if __name__ == "__main__":
    main()
