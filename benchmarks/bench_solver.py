"""Open-card solver speed: full 4-seat 6-card Smear deals solved from the opening lead.

Each deal gives every seat 6 random cards of the rules' deck and a random
trump; seat 0 leads. A solve finds the exact value of every legal opening
card (what a search bot asks for). The first, compiling, call is not timed.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_solver.py [--preset NAME] [--deals N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from jick.games.smear.presets import load_preset
from jick.games.smear.solver import LAST, solve
from jick.games.smear.tables import deck_cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = load_preset(args.preset, 4)
    deck = list(deck_cards(rules))
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    solve(rules, 0, [1, 2, 4, 8], leader=0, to_move=0)
    compile_s = time.perf_counter() - t0
    times: list[float] = []
    nodes: list[int] = []
    for _ in range(args.deals):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[6 * s : 6 * s + 6]) for s in range(4)]
        trump = rng.randrange(4)
        start = time.perf_counter()
        solve(rules, trump, hands, leader=0, to_move=0)
        times.append(time.perf_counter() - start)
        nodes.append(LAST.nodes)
    times.sort()
    result = {
        "preset": args.preset,
        "deals": args.deals,
        "median_ms": round(1000 * statistics.median(times), 2),
        "p95_ms": round(1000 * times[int(0.95 * len(times))], 2),
        "max_ms": round(1000 * times[-1], 2),
        "median_nodes": int(statistics.median(nodes)),
        "first_call_s": round(compile_s, 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.preset}: {args.deals} deals, median {result['median_ms']} ms, p95 {result['p95_ms']} ms, "
            f"max {result['max_ms']} ms per solve (every opening card valued); median {result['median_nodes']} "
            f"nodes; first call (compiling) {result['first_call_s']} s"
        )


if __name__ == "__main__":
    main()
