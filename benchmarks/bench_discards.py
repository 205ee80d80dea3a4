"""What a better discard is worth in a free_to_six Smear hand: heuristic bots, one side laying away otherwise.

Every seat is the heuristic bot except at the discard: there the seats of one
side ask the search's discard (``SearchBot(discards=True)``: each plain card's
discard played out on sampled deals by heuristic players, the heuristic's
card kept unless another beats it by ``--margin`` standard errors), or, with
``--open``, play every legal discard out on the real deck (every hand and the
play-out seen: a ceiling no player can reach, not a bot). Each deal is played
twice, that side on either team, so the deal's luck cancels: the figure is
the side's points less the other side's, per deal, averaged over the two
plays (0 when nothing changes). Only the first hand of a match is played.
The search's discards keep its deadline, so a loaded machine changes them.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_discards.py --deals 300 [--start 0] [--margin 1.0] [--open] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from jick.arena.stats import mean_interval
from jick.engine import Action, RulesError
from jick.games.smear import actions as A
from jick.games.smear import search
from jick.games.smear.heuristic import HeuristicBot
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import DiscardMode
from jick.games.smear.state import SmearState


def play_deal(rules: Any, seed: int, side: int, how: str, margin: float) -> tuple[float, int]:
    """One hand of deal ``seed`` with ``side`` discarding by ``how``: (its points less the other's, cards changed)."""
    state = SmearState(rules, seed=seed)
    bots = [HeuristicBot(seed=seed * 10 + s) for s in range(state.num_players)]
    searcher = search.SearchBot(seed=seed, discards=True, discard_margin=margin)
    changed = 0
    while not state.hand_results:
        seat = state.current_player
        forced = state.forced_action()
        if forced is not None:
            state.apply(forced)
            continue
        obs = state.observation(seat)
        action = bots[seat].choose(obs)
        if obs.phase == "discard" and state.side_of(seat) == side:
            if how == "open":
                playout_bots = [HeuristicBot(seed=seed * 10 + 5 + s) for s in range(state.num_players)]
                legal: list[Action] = [a for a in obs.legal_actions if isinstance(a, A.Discard)]
                values = {a: search.play_out(state, seat, a, playout_bots) for a in legal}
                best = max(values, key=lambda a: (values[a], a == action))
            else:
                best = searcher.explain(obs).choice
            changed += best != action
            action = best
        state.apply(action)
    deltas = state.hand_results[0].settlement.deltas
    return deltas[side] - sum(deltas[s] for s in range(len(deltas)) if s != side) / (len(deltas) - 1), changed


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--margin", type=float, default=search.DISCARD_MARGIN)
    parser.add_argument("--open", action="store_true", help="discard by play-outs on the real deck (a ceiling)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = load_preset(args.preset)
    if rules.discard_mode is not DiscardMode.FREE_TO_SIX or rules.kitty_size or rules.num_players != 4:
        raise RulesError(f"{args.preset} is not a four-seat free_to_six deal without a kitty")
    how = "open" if args.open else "search"
    started = time.perf_counter()
    values: list[float] = []
    changed = 0
    for seed in range(args.start, args.start + args.deals):
        plays = [play_deal(rules, seed, side, how, args.margin) for side in (0, 1)]
        values.append(sum(v for v, _ in plays) / 2)
        changed += sum(c for _, c in plays)
    interval = mean_interval(values)
    report = {
        "preset": args.preset,
        "discards": how,
        "margin": args.margin,
        "deals": len(values),
        "mean": round(interval.mean, 4),
        "ci95": None if interval.low is None else [round(interval.low, 4), round(interval.high or 0.0, 4)],
        "changed": changed,
        "seconds": round(time.perf_counter() - started, 1),
    }
    if args.json:
        print(json.dumps(report))
    else:
        label = "play-outs on the real deck" if args.open else f"the search (margin {args.margin:g})"
        ci = "" if interval.low is None else f" [{interval.low:+.2f}, {interval.high:+.2f}]"
        print(
            f"{args.preset}, discards by {label} ({len(values)} deal{'s' * (len(values) != 1)} from {args.start}): "
            f"{interval.mean:+.2f}{ci} points a deal; {changed} discards changed"
        )
    return report


if __name__ == "__main__":
    try:
        main()
    except RulesError as error:
        sys.exit(f"bench_discards.py: {error}")
