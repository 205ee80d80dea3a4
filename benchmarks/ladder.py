"""The Smear bot ladder of the README: each step a duplicate-deal arena run.

For every preset it runs heuristic vs random, search vs heuristic and cheater
vs search (each over ``--deals`` duplicate deals, all cores), saves each run's
JSON under ``--out`` and prints the README's table rows: the mean points per
deal of the stronger bot less the weaker one's, with the paired 95% interval.
A step whose JSON is already there (same preset, bots, seed and deals) is read
back instead of played again, and each step keeps its finished deals in a
checkpoint file as they come, so an interrupted run picks up where it stopped.

Usage (from the repository root)::

    .venv/bin/python benchmarks/ladder.py [--presets a,b] [--steps heuristic:random,search:heuristic]
        [--deals N] [--seed S] [--workers K] [--out DIR]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

from jick.arena import run_arena

PRESETS = "smear_ten_point,smear_mn_original,smear_mn_three_handed"
STEPS = "heuristic:random,search:heuristic,cheater:search"


def rate(made: dict[str, Any], name: str) -> str:
    """A bot's bids-made rate as a percentage, or '-' when it never bid."""
    m = made.get(name)
    return "-" if not m or not m["trials"] else f"{100 * m['rate']:.0f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=PRESETS)
    parser.add_argument("--steps", default=STEPS)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    cpu = platform.processor() or platform.machine()
    machine = f"{os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"
    print(f"# {datetime.date.today()}, {machine}")
    print("| preset | step | a - b, points per deal [95% CI] | duplicate deals | bids made (a / b) | minutes |")
    print("|---|---|---|---|---|---|")
    # every preset's cheap steps first, so that a partial run still gives whole rows
    for step in args.steps.split(","):
        a, b = step.split(":")
        for preset in args.presets.split(","):
            path = args.out / f"{preset}-{a}-{b}-seed{args.seed}-{args.deals}.json"
            start = time.perf_counter()
            if path.exists():  # a finished step of an earlier run: same parameters, same result
                data = json.loads(path.read_text())
            else:
                # finished deals are kept as they come: a stopped step resumes from its last deal
                book = args.out / f"{preset}-{a}-{b}-seed{args.seed}.jsonl"
                result = run_arena(preset, [a, b], deals=args.deals, seed=args.seed, workers=args.workers,
                                   checkpoint=book)  # fmt: skip
                data = result.to_dict()
                path.write_text(json.dumps(data))
            minutes = (time.perf_counter() - start) / 60
            diff = data["pairs"][0]["a_minus_b"]
            made = {bot["bot"]: bot["bids_made"] for bot in data["bots"]}
            low, high = diff["ci95"]
            print(
                f"| `{preset}` | {a} > {b} | {diff['mean']:+.2f} [{low:+.2f}, {high:+.2f}] | {diff['n']} "
                f"| {rate(made, a)} / {rate(made, b)} | {minutes:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
