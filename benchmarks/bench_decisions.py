"""Bot decision times at every preset and table size: the promise that nobody waits on a bot.

For each level (``normal``, ``hard``: the search bots people play against) and
each preset at each player count it allows, plus ``renege_mode=penalize`` at
5 and 6 players, bots of that level sit in every seat and play matches until
``--decisions`` decisions with a choice (two or more legal actions) have been
timed. Decisions with one legal action are answered at once and not counted.
Each line gives the count, p50, p99 and max in milliseconds and how many
decisions the deadline cut short; the summary gives the same over all
configurations, against the targets (``normal`` p99 <= 1.0 s and max <= 2.0 s,
``hard`` p99 <= 4 s).

Timings are wall-clock: run it on an otherwise idle machine. The first
decision of the process compiles the Smear solver; that is done before
timing.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_decisions.py [--levels normal,hard] [--decisions 200] [--seed 1]
        [--only PRESET[:PLAYERS]] [--think SECONDS] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jick.bots import make_bot
from jick.game import registered_games
from jick.registry import new_game

#: Targets of the issue, in seconds: (p99, max) per level.
TARGETS = {"normal": (1.0, 2.0), "hard": (4.0, None)}


@dataclass
class Config:
    preset: str
    players: int
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        extra = "".join(f" {k}={v}" for k, v in self.overrides.items())
        return f"{self.preset} {self.players}p{extra}"


def configs() -> list[Config]:
    """Every preset at every player count it allows, and the renege penalty at 5 and 6 players."""
    out = []
    for game in registered_games():
        for preset in game.preset_names():
            for players in game.preset_info(preset).players:
                out.append(Config(preset, players))
    out += [Config("smear_ten_point", n, {"renege_mode": "penalize"}) for n in (5, 6)]
    return out


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile by the nearest-rank rule.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    rank = max(1, -(-int(q * 1000) * len(ordered) // 1000))
    return ordered[min(len(ordered), rank) - 1]


def run(config: Config, level: str, decisions: int, seed: int, think: float | None) -> tuple[list[float], int]:
    """Times of ``decisions`` decisions with a choice, and how many of them hit the deadline."""
    times: list[float] = []
    cut = 0
    match = 0
    while len(times) < decisions:
        state = new_game(config.preset, players=config.players, overrides=config.overrides, seed=seed + match)
        game = state.game_name
        bots = [make_bot(level, 1000 * match + s, game=game, think=think) for s in range(state.num_players)]
        while not state.is_terminal and len(times) < decisions:
            seat = state.current_player
            obs = state.observation(seat)
            bot = bots[seat]
            if len(obs.legal_actions) > 1:
                start = time.perf_counter()
                why = bot.explain(obs)  # type: ignore[attr-defined]
                times.append(time.perf_counter() - start)
                cut += bool(why.details.get("deadline_hit"))
                action = why.choice
            else:
                action = obs.legal_actions[0]
            state.apply(action)
        match += 1
    return times, cut


def ms(seconds: float) -> str:
    return f"{1000 * seconds:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=None, help="thinking time per decision (default: the level's)")
    parser.add_argument("--only", action="append", default=[], help="PRESET or PRESET:PLAYERS (repeatable)")
    parser.add_argument("--json", type=Path, default=None, help="write every time to this file")
    args = parser.parse_args()
    chosen = configs()
    if args.only:
        wanted = [tuple(o.split(":")) for o in args.only]
        chosen = [c for c in chosen if any(w[0] == c.preset and (len(w) == 1 or int(w[1]) == c.players)
                                           for w in wanted)]  # fmt: skip
    # compile the solver outside the timing
    warm = new_game("smear_ten_point", seed=0)
    make_bot("normal", 0, game="smear").choose(warm.observation(warm.current_player))
    report: dict[str, Any] = {}
    for level in args.levels.split(","):
        every: list[float] = []
        every_cut = 0
        print(f"level {level}: {'configuration':44} {'n':>5} {'p50':>7} {'p99':>7} {'max':>7} {'cut':>4}")
        for config in chosen:
            started = time.perf_counter()
            times, cut = run(config, level, args.decisions, args.seed, args.think)
            every += times
            every_cut += cut
            report.setdefault(level, {})[config.label] = times
            print(
                f"level {level}: {config.label:44} {len(times):5} {ms(percentile(times, 0.5)):>7} "
                f"{ms(percentile(times, 0.99)):>7} {ms(max(times)):>7} {cut:4}"
                f"   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
        p99, worst = percentile(every, 0.99), max(every)
        target_p99, target_max = TARGETS.get(level, (None, None))
        verdict = []
        if target_p99 is not None:
            verdict.append(f"p99 target {target_p99:.1f} s {'met' if p99 <= target_p99 else 'NOT met'}")
        if target_max is not None:
            verdict.append(f"max target {target_max:.1f} s {'met' if worst <= target_max else 'NOT met'}")
        print(
            f"level {level}: all {len(chosen)} configurations: {len(every)} decisions, "
            f"p50 {ms(percentile(every, 0.5))} ms, "
            f"p99 {ms(p99)} ms, max {ms(worst)} ms, deadline hit {every_cut}; {'; '.join(verdict)}",
            flush=True,
        )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"seed": args.seed, "times": report}), encoding="utf-8")
        print(f"times written to {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
