"""How far the Smear bots' card play stands from the open-card best: a yardstick for play changes in minutes.

An arena needs hundreds of duplicate deals, hours of search, to see a change
of a few tenths of a point per deal. This benchmark looks at single card
decisions instead. It plays hands with bots (``--players``, the heuristic by
default) up to a random card decision of the play, solves that position
with every hand open (:func:`jick.games.smear.search.play_values`: the
points the seat's side takes from then on less the others', a bid made or
set counted), and asks every bot named in ``--bots`` for its card (the
``cheater``, which solves the real hands, loses nothing: a check of the
yardstick). A bot's
**loss** is the open-card value of the best card less that of its card
(0 when it plays a best card). Every bot answers the same positions, so the
differences are paired. The search bots run without their wall-clock
deadline, so a seed gives the same figures on any machine.

The open-card value is what a player who saw every card would get; a card
that loses against it may still be the right one for a player who does not,
so the loss measures distance from the cheater's play, not mistakes. It
suits comparing bots and their options, not judging one alone.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_play_regret.py --preset smear_ten_point --bots search,search_v2 \
        --positions 300 --seed 1 [--players heuristic] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

from jick.bots import bot_action, make_bot
from jick.engine import RulesError
from jick.games.smear import new_match
from jick.games.smear.search import SearchBot, play_values
from jick.games.smear.state import SmearState

#: The card decisions of one hand with a choice, at most (a position is drawn among the first this many).
DEPTH = 24


def without_deadline(bot: Any) -> Any:
    """The bot with the count budget only, so that its choice does not depend on the machine's speed."""
    if isinstance(bot, SearchBot):
        bot.budget = bot.budget.with_seconds(None)
    return bot


def positions(preset: str, count: int, seed: int, players: str) -> list[SmearState]:
    """``count`` positions of the play with a choice, each in a hand of a fresh match played by ``players``."""
    out: list[SmearState] = []
    match = 0
    while len(out) < count:
        match += 1
        state = new_match(preset, seed=seed * 100_003 + match)
        bots = [without_deadline(make_bot(players, seed * 1_000 + match * 10 + s, game="smear")) for s in range(8)]
        stop = random.Random(f"{seed}:{match}").randrange(DEPTH)
        decisions = 0
        while not state.hand_results:
            seat = state.current_player
            obs = state.observation(seat)
            if state.phase == "play" and len(obs.legal_actions) > 1:
                if decisions == stop:
                    out.append(state)
                    break
                decisions += 1
            state.apply(bots[seat].choose(obs))
    return out


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def measure(preset: str, bots: list[str], count: int, seed: int, players: str) -> dict[str, Any]:
    """Every bot's loss on the same ``count`` positions of ``preset``, and its time per decision."""
    started = time.perf_counter()
    states = positions(preset, count, seed, players)
    setup = time.perf_counter() - started
    losses: dict[str, list[float]] = {name: [] for name in bots}
    best_share: dict[str, int] = {name: 0 for name in bots}
    seconds: dict[str, float] = {name: 0.0 for name in bots}
    for i, state in enumerate(states):
        obs = state.observation(state.current_player)
        values = play_values(obs, [[state.hand_mask(s) for s in range(state.num_players)]])
        best = max(values.values())
        for name in bots:
            bot = without_deadline(make_bot(name, seed * 7_919 + i, game="smear"))
            clock = time.perf_counter()
            card = bot_action(bot, state, obs.seat).card.index  # the cheater is handed the state
            seconds[name] += time.perf_counter() - clock
            losses[name].append(best - values[card])
            best_share[name] += values[card] == best
    first = bots[0]
    rows = []
    for name in bots:
        mean, half = interval(losses[name])
        row: dict[str, Any] = {
            "bot": name,
            "loss": mean,
            "loss_95": half,
            "best_share": best_share[name] / len(states),
            "seconds_per_decision": seconds[name] / len(states),
        }
        if name != first:
            diff, diff_half = interval([a - b for a, b in zip(losses[name], losses[first], strict=True)])
            row.update({"minus_first": diff, "minus_first_95": diff_half})
        rows.append(row)
    return {"preset": preset, "positions": len(states), "seed": seed, "players": players, "setup_seconds": setup,
            "bots": rows}  # fmt: skip


def report(result: dict[str, Any]) -> str:
    lines = [
        f"{result['preset']}: {result['positions']} positions of hands played by {result['players']} bots, "
        f"seed {result['seed']}",
        f"{'bot':<16} {'loss ± 95%':>16} {'best card':>10} {'- first ± 95%':>16} {'s/decision':>11}",
    ]
    for row in result["bots"]:
        diff = f"{row['minus_first']:+.3f} ± {row['minus_first_95']:.3f}" if "minus_first" in row else ""
        lines.append(
            f"{row['bot']:<16} {row['loss']:>8.3f} ± {row['loss_95']:.3f} {row['best_share']:>10.0%} "
            f"{diff:>16} {row['seconds_per_decision']:>11.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="smear_ten_point", help="a Smear preset (several: comma-separated)")
    parser.add_argument("--bots", default="search,heuristic", help="bots to compare, comma-separated (arena names)")
    parser.add_argument("--positions", type=int, default=300, help="card decisions per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="heuristic", help="the bot that plays the hands up to the positions")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots or args.positions < 2:
        parser.error("name at least one bot and ask for at least 2 positions")
    try:
        for name in {*bots, args.players}:
            make_bot(name, 0, game="smear")
        results = [measure(p.strip(), bots, args.positions, args.seed, args.players) for p in args.preset.split(",")]
    except RulesError as error:
        print(f"bench_play_regret: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n\n".join(report(r) for r in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
