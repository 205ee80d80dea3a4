"""The Tarok search against an announced ultimo: its contra decision alone, and whole deals in the arena.

Among the first ``--deals`` duplicate deals of ``tarok_3p`` (the arena's deck orders, seed 2024), the
deals where a heuristic bidder announces ultimo when heuristic bots play every seat. For each, every
opponent asked about contra-ultimo is asked by the search bot instead (heuristic bots everywhere else):
how often it doubles, and its points against the heuristic deal. With ``--arena`` those deals are also
played as in ``bench_search_games.py`` (the search bot in each seat in turn, for the whole deal) and
their search - heuristic figure printed.

Usage (4,000 deals of heuristic play take about two minutes; the arena a minute a deal)::

    .venv/bin/python benchmarks/bench_tarok_ultimo.py --deals 4000 --search-option think=20
    .venv/bin/python benchmarks/bench_tarok_ultimo.py --deals 4000 --search-option think=20 --arena
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_search_games as bench  # noqa: E402

from jick.games.tarok import bot as tarok_bot  # noqa: E402

GAME = "tarok_3p"


def heuristic_deal(seed: int, index: int) -> tuple[tuple[float, ...], list[int]]:
    """The heuristic deal's score changes, and the seats asked about contra-ultimo in it (none: no ultimo)."""
    state = bench.new_deal(GAME, bench.deck_for(GAME, seed, index))
    log = bench.play(state, [tarok_bot.HeuristicBot(s) for s in range(state.num_players)], -1, [])
    return bench.points(GAME, state), [seat for seat, phase, _ in log if phase == "contra"]


class ContraOnly:
    """The search bot for the contra-ultimo decision, the heuristic for every other."""

    def __init__(self, seat: int, search: Any) -> None:
        self.heuristic = tarok_bot.HeuristicBot(seat)
        self.search = search

    def choose(self, obs: Any) -> Any:
        return (self.search if obs.phase == "contra" else self.heuristic).choose(obs)


def contra_alone(seed: int, index: int, seat: int, options: dict[str, Any]) -> tuple[str, float]:
    """The search bot's contra decision in ``seat`` (heuristic bots elsewhere): its call and the seat's points."""
    state = bench.new_deal(GAME, bench.deck_for(GAME, seed, index))
    bots: list[Any] = [tarok_bot.HeuristicBot(s) for s in range(state.num_players)]
    bots[seat] = ContraOnly(seat, tarok_bot.SearchBot(seed=1000 * index + seat, level="normal", **options))
    log = bench.play(state, bots, -1, [])
    call = next((action for mover, phase, action in log if mover == seat and phase == "contra"), "")
    return call, bench.points(GAME, state)[seat]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000, help="deals looked through (from the first)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deck orders")
    parser.add_argument("--search-option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--arena", action="store_true", help="also play those deals as the arena does")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    options = bench.search_options(parser, args.search_option)
    found = []
    decisions = contras = 0
    points = 0.0
    for index in range(args.deals):
        base, asked = heuristic_deal(args.seed, index)
        if not asked:
            continue
        found.append(index)
        for seat in asked:
            call, got = contra_alone(args.seed, index, seat, options)
            decisions += 1
            contras += call == "contra"
            points += got - base[seat]
            print(f"deal {index} seat {seat}: {call or 'not asked'}, {got - base[seat]:+.0f}", flush=True)
    print(
        f"{len(found)} of {args.deals} deals hold an ultimo; the search's contra decisions alone: "
        f"{contras} contras in {decisions} decisions, {points:+.0f} points against the heuristic's"
    )
    if args.arena and found:
        rows = [bench.run_deal((GAME, args.seed, index, "normal", options)) for index in found]
        figure = bench.summarize(GAME, "normal", rows, 0.0)
        low, high = figure["ci95"]
        print(
            f"arena on those {len(found)} deals: search - heuristic {figure['mean_diff']:+.2f} points/deal "
            f"[{low:+.2f}, {high:+.2f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
