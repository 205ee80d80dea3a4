"""How long the Smear search's reading of the auction takes, per deal it weighs.

In the play the search bot samples the hidden hands and weighs each deal by
how well it explains the other seats' calls
(:class:`jick.games.smear.inference.AuctionReader`, the heuristic asked what
each seat would have called with the cards the deal gives it). This script
collects card decisions with a choice from hands played by heuristic bots,
samples ``--samples`` deals for each, and times the weighing alone. The sum of
the weights is printed too: a change meant to be a pure speed-up leaves it
exactly as it was.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_reading.py [--positions 60] [--samples 40] [--seed 1]
        [--only PRESET:PLAYERS ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from jick.bots import make_bot
from jick.engine import RulesError
from jick.games.smear import new_match
from jick.games.smear.inference import AuctionReader
from jick.games.smear.knowledge import knowledge
from jick.games.smear.sampling import sample_hands
from jick.games.smear.search import SearchBot

#: The ladder's tables: preset and seat count.
CONFIGS = ("smear_ten_point:4", "smear_mn_original:4", "smear_mn_three_handed:3", "smear_ten_point:6")


def positions(preset: str, players: int, count: int, seed: int) -> list[Any]:
    """``count`` card decisions with a choice (observations) from hands played by heuristic bots."""
    out: list[Any] = []
    match = 0
    while len(out) < count:
        state = new_match(preset, players=players, seed=seed + match)
        bots = [make_bot("heuristic", 1000 * match + s, game="smear") for s in range(players)]
        while not state.is_terminal and len(out) < count:
            obs = state.observation(state.current_player)
            if obs.phase == "play" and len(obs.legal_actions) > 1:
                out.append(obs)
            state.apply(bots[state.current_player].choose(obs))
        match += 1
    return out


def measure(preset: str, players: int, count: int, samples: int, seed: int) -> dict[str, Any]:
    """Microseconds per deal weighed, and the sum of the weights, over ``count`` positions."""
    observations = positions(preset, players, count, seed)
    model = SearchBot(seed)._heuristic  # the model the normal search reads the auction with
    rng = random.Random(seed)
    work = []
    for obs in observations:
        k = knowledge(obs)
        work.append((obs, k, [sample_hands(k, rng) for _ in range(samples)]))
    total = 0.0
    start = time.perf_counter()
    for obs, k, deals in work:
        reader = AuctionReader(obs, model, k)
        total += sum(reader.weight(hands) for hands in deals)
    seconds = time.perf_counter() - start
    weighed = count * samples
    return {
        "preset": preset,
        "players": players,
        "deals": weighed,
        "us_per_deal": 1e6 * seconds / weighed,
        "weight_sum": total,
    }


def parse_config(text: str) -> tuple[str, int]:
    """``PRESET:PLAYERS`` (``smear_ten_point:6``) as a pair."""
    preset, _, players = text.partition(":")
    if not players.isdigit():
        raise ValueError(f"--only takes PRESET:PLAYERS, not {text!r}")
    return preset, int(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--samples", type=int, default=40, help="deals weighed per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[], help="PRESET:PLAYERS (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    try:
        configs = [parse_config(text) for text in (args.only or CONFIGS)]
        if args.positions < 1 or args.samples < 1:
            raise ValueError("--positions and --samples must be at least 1")
        results = [measure(p, n, args.positions, args.samples, args.seed) for p, n in configs]
    except (ValueError, RulesError) as error:
        print(f"bench_reading: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results))
        return 0
    for row in results:
        print(
            f"{row['preset']} {row['players']}p: {row['us_per_deal']:,.0f} us a deal weighed "
            f"({row['deals']} deals, weights sum {row['weight_sum']:.6f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
