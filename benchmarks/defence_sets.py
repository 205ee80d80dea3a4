"""How often the bidder is set, by bid level, by which bot defended: from a ladder step's files.

Reads the checkpoint of a ``benchmarks/ladder.py --bid-levels`` step
(``PRESET-Pp-A-B-seedS.jsonl`` and its ``-levels.jsonl``), finished or not,
and counts each play's bid under the bot that holds most of the defending
seats (every seat not on the bidder's side; a tie is left out), with the
paired difference of the step's points per deal so far.

With ``--before OTHER`` (the same step of an earlier version, same seed) it
also compares the two on the deals both played: each one's a - b over those
deals and the paired change.

Usage (from the repository root)::

    .venv/bin/python benchmarks/defence_sets.py benchmarks/results/smear_ten_point-5p-search-search_v4-seed7.jsonl
        [--before benchmarks/ladder/smear_ten_point-5p-search-heuristic-seed1.jsonl]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from jick.arena.stats import mean_interval
from jick.games.smear import load_preset


def defenders(rules: Any, lineup: list[int], bidder: int) -> int | None:
    """The bot (0 or 1) holding most seats off the bidder's side, or None on a tie."""
    side = rules.side_of(bidder)
    seats = [lineup[s] for s in range(len(lineup)) if rules.side_of(s) != side]
    ones = sum(seats)
    if 2 * ones == len(seats):
        return None
    return int(2 * ones > len(seats))


def deal_differences(book: Path) -> dict[int, float]:
    """Per deal index, the first bot's mean points over its seats less the second's (as the arena's)."""
    out = {}
    for line in book.read_text().splitlines()[1:]:
        deal = json.loads(line)
        totals, seats = [0.0, 0.0], [0, 0]
        for play in deal["plays"]:
            for bot, points in zip(play["lineup"], play["points"], strict=True):
                totals[bot] += points
                seats[bot] += 1
        out[deal["index"]] = totals[0] / seats[0] - totals[1] / seats[1]
    return out


def interval(values: list[float]) -> str:
    """Mean [95% Student-t interval] of ``values``, as the arena gives it."""
    m = mean_interval(values)
    return f"{m.mean:+.2f} [{m.low:+.2f}, {m.high:+.2f}]"


def compare(after: Path, before: Path) -> None:
    """Print both versions' a - b on the deals both played, and the paired change."""
    new, old = deal_differences(after), deal_differences(before)
    common = sorted(set(new) & set(old))
    if len(common) < 2:
        print("fewer than two deals in common")
        return
    change = interval([new[i] - old[i] for i in common])
    print(f"on the {len(common)} deals both played: after {interval([new[i] for i in common])}, "
          f"before {interval([old[i] for i in common])}, change {change}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", type=Path)
    parser.add_argument("--before", type=Path, help="the same step of an earlier version (same seed)")
    args = parser.parse_args()
    if args.before:
        compare(args.book, args.before)
    lines = args.book.read_text().splitlines()
    run = json.loads(lines[0])["run"]
    names = run["bots"]
    rules = load_preset(run["preset"], run["players"], run["overrides"])
    levels_path = args.book.with_name(args.book.stem + "-levels.jsonl")
    levels = {}
    if levels_path.exists():
        for line in levels_path.read_text().splitlines():
            row = json.loads(line)
            levels[row["index"]] = row["bids"]
    counts: dict[str, dict[str, list[int]]] = {name: {} for name in names}
    for line in lines[1:]:
        deal = json.loads(line)
        bids = levels.get(deal["index"])
        for i, play in enumerate(deal["plays"]):
            if play["bid"] is None or bids is None:
                continue
            bidder, made = play["bid"]
            bot = defenders(rules, play["lineup"], bidder)
            if bot is None:
                continue
            count = counts[names[bot]].setdefault(str(bids[i]), [0, 0])
            count[0] += 1
            count[1] += not made
    diffs = list(deal_differences(args.book).values())
    if len(diffs) > 1:
        print(f"{names[0]} - {names[1]}: {interval(diffs)} over {len(diffs)} deals")
    for name in names:
        total = sum(c[0] for c in counts[name].values())
        sets = sum(c[1] for c in counts[name].values())
        by = ", ".join(f"{k}: {s}/{t} ({100 * s / t:.0f}%)" for k, (t, s) in sorted(counts[name].items()))
        print(f"defended mostly by {name}: {sets}/{total} set ({100 * sets / max(1, total):.0f}%); by level {by}")


if __name__ == "__main__":
    main()
