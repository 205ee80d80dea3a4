"""Search bot decision times over whole hands, per level.

Search bots sit in seats 0 and 2 (one side) against heuristic bots and play
complete hands of a match; every decision of a search seat is timed. The
figures are given over all its decisions and over those with a real choice
(two or more legal actions), and for the bids, trump choices and card
plays with a choice apart (discards are one card at a time and left to the
heuristic bot, so they are fast and many). The first decision of the process compiles the
solver; that compile is done before timing.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_search.py [--preset NAME] [--levels normal,hard] [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import time

from jick.bots import make_bot
from jick.games.smear import new_match
from jick.games.smear.presets import load_preset
from jick.games.smear.solver import solve


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(preset: str, level: str, hands: int, seed: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"all": [], "choice": []}
    played = 0
    match = 0
    while played < hands:
        state = new_match(preset, seed=seed + match)
        kinds = [level if s % 2 == 0 else "heuristic" for s in range(state.num_players)]
        bots = [make_bot(kind, 100 * match + s, game="smear") for s, kind in enumerate(kinds)]
        while not state.is_terminal and played < hands:
            seat = state.current_player
            obs = state.observation(seat)
            start = time.perf_counter()
            action = bots[seat].choose(obs)
            elapsed = time.perf_counter() - start
            if seat % 2 == 0:
                times["all"].append(elapsed)
                if len(obs.legal_actions) > 1:
                    times["choice"].append(elapsed)
                    if obs.phase in ("bidding", "trump", "play"):
                        times.setdefault(obs.phase, []).append(elapsed)
            before = len(state.hand_results)
            state.apply(action)
            played += len(state.hand_results) - before
        match += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = load_preset(args.preset)
    solve(rules, 0, [1 << s for s in range(rules.num_players)], leader=0, to_move=0)  # compile outside the timing
    for level in args.levels.split(","):
        times = run(args.preset, level, args.hands, args.seed)
        labels = (
            ("all", "all decisions"),
            ("choice", "decisions with a choice"),
            ("bidding", "bids with a choice"),
            ("trump", "trump choices"),
            ("play", "card plays with a choice"),
        )
        for kind, label in labels:
            values = times.get(kind)
            if not values:
                continue
            print(
                f"{args.preset} {level}: {label}: {len(values)}, median {1000 * statistics.median(values):.0f} ms, "
                f"p95 {1000 * percentile(values, 0.95):.0f} ms, max {1000 * max(values):.0f} ms"
            )


if __name__ == "__main__":
    main()
