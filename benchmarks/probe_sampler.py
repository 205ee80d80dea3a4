"""Whether the auction's sampled deals value a call as the real deal does, on average over many calls.

Heuristic bots bid seeded Smear deals. At each call with a choice, two
calls are valued as the auction search values them
(:func:`jick.games.smear.bid_search.call_values`: the rest of the auction and
the hand played out by heuristic bots): the heuristic's own call and another
one, on ``--worlds`` deals drawn by
:func:`~jick.games.smear.sampling.sample_weighted_world` (weighted by how
likely the heuristic makes the calls seen) and on the real deal. With
``--above 0`` the other call is the pass (or, when the heuristic passes, the
lowest bid); with ``--above N`` it is the bid N above the heuristic's (or N
above the lowest bid less two, when it passes), where that is legal. Printed:
the mean of sampled less real for each call with its 95% t-interval, and the
mean gap between the two calls on the sampled deals and on the real ones. An
unbiased sampler gives differences near zero; the calls are not chosen by the
values, so no choice flatters them.

Usage (from the repository root)::

    .venv/bin/python benchmarks/probe_sampler.py [--preset smear_ten_point] [--players 6] [--deals 30]
        [--seed 1000] [--worlds 24] [--above 0] [--json]

See docs/bots.md ("Five and six seats") for the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from probe_auction import heuristic_calls  # noqa: E402  (the auctions walked, shared with probe_auction.py)


def other_call(legal: list[Any], call: Any, above: int) -> Any | None:
    """The call compared with the heuristic's ``call`` (see the module's docstring), or None when it is not legal."""
    bids = [a for a in legal if str(a).isdigit()]
    if above == 0:
        if str(call) != "pass":
            return next((a for a in legal if str(a) == "pass"), None)
        return bids[0] if bids else None
    base = int(str(call)) if str(call).isdigit() else (int(str(bids[0])) - 2 if bids else 0)
    return next((b for b in bids if int(str(b)) == base + above), None)


def probe(preset: str, players: int | None, deals: int, seed: int, worlds: int, above: int) -> dict[str, Any]:
    """Value the two calls at every call with a choice of ``deals`` heuristic auctions; the module's figures."""
    from jick.arena.stats import mean_interval
    from jick.games.smear.bid_search import call_values
    from jick.games.smear.heuristic import HeuristicBot
    from jick.games.smear.sampling import sample_weighted_world
    from jick.games.smear.search import _weighted_mean

    own: list[float] = []  # per call: sampled less real, the heuristic's call
    other: list[float] = []  # and the other call
    sampled_gap: list[float] = []
    real_gap: list[float] = []
    for d, state, obs, call in heuristic_calls(preset, players, deals, seed):
        n, seat = state.num_players, obs.seat
        second = other_call(list(obs.legal_actions), call, above)
        if second is None or second == call:
            continue
        calls = [call, second]
        rng = random.Random(f"{seed}-{d}-{seat}")
        values: list[list[float]] = [[], []]
        weights: list[float] = []
        for i in range(worlds):
            world, weight = sample_weighted_world(obs, rng, HeuristicBot(seed=0))
            valued = call_values(world, seat, calls, [HeuristicBot(seed=1000 * i + s) for s in range(n)])
            assert valued is not None  # no deadline
            values[0].append(valued[0])
            values[1].append(valued[1])
            weights.append(weight)
        sampled = [_weighted_mean(v, weights) for v in values]
        real = call_values(state.clone(), seat, calls, [HeuristicBot(seed=s) for s in range(n)])
        assert real is not None
        own.append(sampled[0] - real[0])
        other.append(sampled[1] - real[1])
        sampled_gap.append(sampled[0] - sampled[1])
        real_gap.append(real[0] - real[1])
    if not own:
        return {"calls": 0}
    return {
        "preset": preset,
        "players": players,
        "deals": deals,
        "seed": seed,
        "worlds": worlds,
        "above": above,
        "calls": len(own),
        "heuristic_call": mean_interval(own).to_dict(),
        "other_call": mean_interval(other).to_dict(),
        "gap_sampled": mean_interval(sampled_gap).mean,
        "gap_real": mean_interval(real_gap).mean,
    }


def _text(m: dict[str, Any]) -> str:
    ci = m["ci95"]
    return f"{m['mean']:+.2f}" + (f" [{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--above", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    from jick.engine import RulesError

    if args.deals < 1 or args.worlds < 1 or args.above < 0:
        print("probe_sampler: --deals and --worlds must be at least 1, --above at least 0", file=sys.stderr)
        return 2
    try:
        result = probe(args.preset, args.players, args.deals, args.seed, args.worlds, args.above)
    except RulesError as error:
        print(f"probe_sampler: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    elif not result["calls"]:
        print("probe_sampler: no call had the other call legal beside it")
    else:
        other = "pass (or the lowest bid)" if args.above == 0 else f"the bid {args.above} above"
        print(
            f"{result['calls']} calls, {args.worlds} sampled deals each: sampled less real, the heuristic's call "
            f"{_text(result['heuristic_call'])}, {other} {_text(result['other_call'])}; the gap between them "
            f"{result['gap_sampled']:+.2f} sampled, {result['gap_real']:+.2f} real"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
