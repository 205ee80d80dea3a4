"""How fast ``jick compare-rules`` answers: hand plays per second per core, and the default report's time.

1. **Per core.** ``run_compare`` on one worker, heuristic bots, ``smear_ten_point``
   against ``smear_ten_point`` with ``point_values.trey=0 max_bid=7``: every
   duplicate deal is played once per rule set up to the end of its first hand,
   so a run of ``--hands N`` plays ``2 N`` hands. Prints hand plays per second.
2. **The default report.** The command's defaults (600 duplicate deals and 100
   duplicate full matches, every core): its wall-clock time and hand plays per
   second, matches included (``--skip-default`` leaves it out).

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_compare_rules.py [--hands N] [--seed S] [--skip-default] [--json]

Measured (see README "Compare house rules" for the figures and their date).
The batched numba kernel (``jick.games.smear.playouts``) is not used: it plays
uniformly random bids or the cheap greedy card play, not the heuristic bots'
auction, and the auction is what most rule changes move.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from typing import Any

from jick.compare import Variant, parse_variant, resolve_variants, run_compare

PRESET = "smear_ten_point"
CHANGE = "point_values.trey=0 max_bid=7"


def timed(hands: int, matches: int, workers: int, seed: int) -> dict[str, Any]:
    """Run one comparison; its time, its hand plays (matches counted hand by hand) and their rate."""
    game, variants = resolve_variants(Variant(PRESET, PRESET), [parse_variant(CHANGE, "no trey")])
    started = time.perf_counter()
    result = run_compare(variants, game, hands, seed, matches=matches, workers=workers)
    seconds = time.perf_counter() - started
    plays = hands * len(variants)
    if matches:
        length = result.row("match.deals")
        plays += round(sum((s.mean or 0.0) * s.n for s in length.stats))
    return {"hands": hands, "matches": matches, "workers": workers, "seconds": seconds, "hand_plays": plays,
            "hand_plays_per_s": plays / seconds}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals of the one-core run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-default", action="store_true", help="leave out the default report's run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"preset": PRESET, "change": CHANGE, "bots": "heuristic"}
    report["one_core"] = timed(args.hands, 0, 1, args.seed)
    if not args.skip_default:
        report["default"] = timed(600, 100, os.cpu_count() or 1, args.seed)
    if args.json:
        print(json.dumps(report, indent=1))
        return report
    one = report["one_core"]
    print(f"compare-rules {PRESET} vs {CHANGE!r}, heuristic bots")
    print(f"one core: {one['hand_plays']} hand plays in {one['seconds']:.1f} s = {one['hand_plays_per_s']:.1f} hands/s")
    if "default" in report:
        d = report["default"]
        print(f"default report (600 deals + 100 matches, {d['workers']} workers): {d['seconds']:.1f} s, "
              f"{d['hand_plays']} hand plays = {d['hand_plays_per_s']:.1f} hands/s")  # fmt: skip
    return report


if __name__ == "__main__":
    main()
