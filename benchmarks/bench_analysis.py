"""Post-game analysis time per hand (Smear) and per deal (Tarok) at each depth, and the values' precision.

Each sample is the first hand or deal of a match played by heuristic bots
(a new seed per sample), analysed for every seat. Reported per preset and
depth: the median and p95 seconds per hand or deal, the median and mean standard
error of the played action's value and of its loss (over the search's
replicates; of the loss where it is not zero), and the losses' quantiles (what the marks' bars were chosen
from, see docs/analysis.md). Run on one core:

    .venv/bin/python benchmarks/bench_analysis.py --hands 5 --depths quick,normal
    .venv/bin/python benchmarks/bench_analysis.py --presets tarok_3p --hands 3 --depths deep

``--json FILE`` also writes every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from jick.analysis import DEPTHS, analyse
from jick.bots import make_bot
from jick.record import record_of
from jick.registry import new_game


def first_hand(preset: str, seed: int) -> dict[str, Any]:
    """The record of the first hand or deal of a match of heuristic bots (unfinished after it)."""
    state = new_game(preset, seed=seed)
    bot = make_bot("heuristic", seed=seed, game=state.game_name)
    while not state.is_terminal and len(state.deals) <= 1 and not state.deals[0].outcome:
        state.apply(bot.choose(state.observation(state.current_player)))
    return record_of(state)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile by nearest rank (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(preset: str, depth: str, hands: int, seed: int) -> dict[str, Any]:
    seconds: list[float] = []
    cpu: list[float] = []
    value_errors: list[float] = []
    loss_errors: list[float] = []
    losses: list[float] = []
    decisions = deadline = 0
    for i in range(hands):
        record = first_hand(preset, seed + i)
        started, started_cpu = time.perf_counter(), time.process_time()
        report = analyse(record, seats=range(int(record["players"])), depth=depth, seed=seed + i)
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        for d in report.decisions:
            decisions += 1
            deadline += d.deadline_hit
            value_errors.append(d.played_value.error)
            if d.loss > 0:  # the played action was not the best: the error of a loss that counts
                loss_errors.append(d.loss_error)
            losses.append(d.loss)
    return {
        "preset": preset,
        "depth": depth,
        "hands": hands,
        "decisions": decisions,
        "deadline_hit": deadline,
        "median_s": round(statistics.median(seconds), 2),
        "p95_s": round(quantile(seconds, 0.95), 2),
        "median_cpu_s": round(statistics.median(cpu), 2),
        "value_se": round(statistics.median(value_errors), 3) if value_errors else 0.0,
        "loss_se": round(statistics.median(loss_errors), 3) if loss_errors else 0.0,
        "value_se_mean": round(statistics.fmean(value_errors), 3) if value_errors else 0.0,
        "loss_se_mean": round(statistics.fmean(loss_errors), 3) if loss_errors else 0.0,
        "loss_quantiles": {q: round(quantile(losses, q), 3) for q in (0.5, 0.75, 0.9, 0.95, 0.99)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="smear_ten_point,tarok_3p")
    parser.add_argument("--depths", default="quick,normal,deep")
    parser.add_argument("--hands", type=int, default=5, help="hands (Smear) or deals (Tarok) per preset and depth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args()
    rows = []
    print(
        "preset            depth   hands decisions  median s  p95 s  cpu s  value SE (median/mean)  loss SE  deadline"
        "  loss q50/q90/q99"
    )
    for preset in args.presets.split(","):
        for depth in args.depths.split(","):
            if depth not in DEPTHS:
                parser.error(f"unknown depth {depth!r}")
            row = measure(preset, depth, args.hands, args.seed)
            rows.append(row)
            q = row["loss_quantiles"]
            print(
                f"{preset:<17} {depth:<7} {row['hands']:>5} {row['decisions']:>9} {row['median_s']:>9} "
                f"{row['p95_s']:>6} {row['median_cpu_s']:>6} {row['value_se']}/{row['value_se_mean']:<6} "
                f"{row['loss_se']}/{row['loss_se_mean']:<6} "
                f"{row['deadline_hit']:>9}  "
                f"{q[0.5]}/{q[0.9]}/{q[0.99]}",
                flush=True,
            )
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1, default=str)


if __name__ == "__main__":
    main()
