"""How fast ``jick compare-rules`` answers: hand plays per second per core, and the default report's time.

1. **Per core.** ``run_compare`` on one worker, heuristic bots, ``smear_ten_point``
   against ``smear_ten_point`` with ``point_values.trey=0 max_bid=7``: every
   duplicate deal is played once per rule set up to the end of its first hand,
   so a run of ``--hands N`` plays ``2 N`` hands. Prints hand plays per second.
2. **The batched kernel** (``--kernel N``, default 20000):
   ``jick.games.smear.playouts.random_hands`` on both rule sets, its hands per
   second on one core and how far its figures (points awarded per hand, the
   bid made, their change B - A) fall from the heuristic bots'.
3. **The default report.** The command's defaults (600 duplicate deals and 100
   duplicate full matches, every core): its wall-clock time and hand plays per
   second, matches included (``--skip-default`` leaves it out).

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_compare_rules.py [--hands N] [--seed S] [--skip-default] [--json]

Measured (see README "Compare house rules" for the figures and their date).
The report does not use the batched kernel: it bids and plays uniformly at
random, not as the heuristic bots do, and the auction is what most rule
changes move; part 2 says by how much its figures differ.
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
            "hand_plays_per_s": plays / seconds, "result": result}  # fmt: skip


def kernel(n: int, seed: int, heuristic: Any) -> dict[str, Any]:
    """The batched kernel's speed and figures on both rule sets, next to the heuristic bots' (``heuristic``)."""
    from jick.games.smear.playouts import random_hands
    from jick.options import parse_sets

    out: dict[str, Any] = {"hands": n}
    figures = []
    seconds = 0.0
    for overrides in ({}, parse_sets(CHANGE.split())):
        random_hands(PRESET, 10, seed, overrides=overrides)  # compile outside the clock
        started = time.perf_counter()
        batch = random_hands(PRESET, n, seed, overrides=overrides)
        seconds += time.perf_counter() - started
        figures.append((float(batch.points.sum(axis=1).mean()), float(batch.made.mean())))
    out["hands_per_s"] = 2 * n / seconds
    points, made = heuristic.row("points.total"), heuristic.row("bid.made")
    out["kernel"] = {"points_A": figures[0][0], "points_B": figures[1][0], "made_A": figures[0][1],
                     "made_B": figures[1][1]}  # fmt: skip
    out["heuristic"] = {"points_A": points.stats[0].mean, "points_B": points.stats[1].mean,
                        "made_A": made.stats[0].mean, "made_B": made.stats[1].mean}  # fmt: skip
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals of the one-core run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kernel", type=int, default=20000, help="hands of the batched kernel per rule set (0: none)")
    parser.add_argument("--skip-default", action="store_true", help="leave out the default report's run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"preset": PRESET, "change": CHANGE, "bots": "heuristic"}
    report["one_core"] = timed(args.hands, 0, 1, args.seed)
    heuristic = report["one_core"].pop("result")
    if args.kernel:
        report["kernel"] = kernel(args.kernel, args.seed, heuristic)
    if not args.skip_default:
        report["default"] = timed(600, 100, os.cpu_count() or 1, args.seed)
        report["default"].pop("result")
    if args.json:
        print(json.dumps(report, indent=1))
        return report
    one = report["one_core"]
    print(f"compare-rules {PRESET} vs {CHANGE!r}, heuristic bots")
    print(f"one core: {one['hand_plays']} hand plays in {one['seconds']:.1f} s = {one['hand_plays_per_s']:.1f} hands/s")
    if "kernel" in report:
        k = report["kernel"]
        print(f"batched kernel (random play, one core): {k['hands_per_s']:,.0f} hands/s")
        for name in ("kernel", "heuristic"):
            f = k[name]
            change = f["points_B"] - f["points_A"]
            print(f"  {name:<9} points awarded per hand A {f['points_A']:.2f}, B {f['points_B']:.2f} "
                  f"(B - A {change:+.2f}); bid made A {f['made_A']:.0%}, B {f['made_B']:.0%}")  # fmt: skip
    if "default" in report:
        d = report["default"]
        print(f"default report (600 deals + 100 matches, {d['workers']} workers): {d['seconds']:.1f} s, "
              f"{d['hand_plays']} hand plays = {d['hand_plays_per_s']:.1f} hands/s")  # fmt: skip
    return report


if __name__ == "__main__":
    main()
