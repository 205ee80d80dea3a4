"""How a search bot's auction differs from the heuristic's: every call with a choice of heuristic auctions, asked again.

Heuristic bots bid seeded Smear deals (match seeds ``--seed``, ``--seed`` + 1,
...). At each of their calls with more than one legal choice the search bot
named by ``--bot`` (``search``, ``search_bidsearch``, any Smear search
variant of ``jick arena``) is asked the same call from the same observation.
The heuristic's call is then applied, so every auction is the heuristic's and
the questions are the same for every bot. Printed: the calls asked, how many
sampled deals the search valued per call (median and least), how often its
deadline cut it short, and how often it called otherwise than the heuristic
(a higher call, a lower one: pass below every bid, a moon or smudge above).
Each changed call is also played out on the real deal, against the
heuristic's, by heuristic bots (the rest of the auction and the hand, as the
search's own play-outs do on its sampled deals): the mean gain the bot saw
in its changed calls and the mean gain they had on the real deals, with the
95% t-interval, say whether its sampled deals value them fairly.

Usage (from the repository root)::

    .venv/bin/python benchmarks/probe_auction.py [--bot NAME] [--preset NAME] [--players N]
        [--deals N] [--seed N] [--json]

See docs/bots.md ("Five and six seats") for the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Iterator
from typing import Any


def call_level(text: str) -> int:
    """The height of a call for comparing two: pass 0, a bid its number, anything else (moon, smudge) above all.

    >>> [call_level(t) for t in ("pass", "4", "moon")]
    [0, 4, 99]
    """
    if text == "pass":
        return 0
    return int(text) if text.isdigit() else 99


def heuristic_calls(preset: str, players: int | None, deals: int, seed: int) -> Iterator[tuple[int, Any, Any, Any]]:
    """Every call with a choice of ``deals`` seeded heuristic auctions: (deal, state, observation, heuristic's call).

    The state is the one before the call, which is applied when the caller asks for the next one.
    """
    from jick.games.smear import new_match
    from jick.games.smear.heuristic import HeuristicBot

    for d in range(deals):
        state = new_match(preset, players=players, seed=seed + d)
        heuristic = [HeuristicBot(seed=seat) for seat in range(state.num_players)]
        while state.phase == "bidding":
            obs = state.observation(state.current_player)
            call = heuristic[obs.seat].choose(obs)
            if len(obs.legal_actions) > 1:
                yield d, state, obs, call
            state.apply(call)


def probe(bot: str, preset: str, players: int | None, deals: int, seed: int) -> dict[str, Any]:
    """Ask ``bot`` every call with a choice of ``deals`` heuristic auctions; the counts of the module's docstring."""
    from jick.arena.stats import mean_interval
    from jick.bots import make_bot
    from jick.engine import RulesError
    from jick.games.smear.bid_search import call_values
    from jick.games.smear.heuristic import HeuristicBot

    if not hasattr(make_bot(bot, seed=0, game="smear"), "explain"):
        raise RulesError(f"bot {bot!r} does not explain its calls; probe a search bot")
    worlds: list[int] = []
    calls = cut = overruled = higher = lower = 0
    expected: list[float] = []  # per changed call: its gain over the heuristic's as the bot valued it
    real: list[float] = []  # and on the real deal, both played out by heuristic bots
    for _, state, obs, call in heuristic_calls(preset, players, deals, seed):
        why = make_bot(bot, seed=obs.seat, game="smear").explain(obs)
        calls += 1
        worlds.append(int(why.details.get("worlds", 0)))
        cut += bool(why.details.get("deadline_hit", False))
        if why.choice == call:
            continue
        overruled += 1
        step = call_level(str(why.choice)) - call_level(str(call))
        higher += step > 0
        lower += step < 0  # (a moon for a smudge is neither)
        values = dict(why.values)
        if why.choice in values and call in values:
            expected.append(values[why.choice] - values[call])
            playing = [HeuristicBot(seed=s) for s in range(state.num_players)]
            valued = call_values(state.clone(), obs.seat, [why.choice, call], playing)
            assert valued is not None  # no deadline
            real.append(valued[0] - valued[1])
    return {
        "bot": bot,
        "preset": preset,
        "players": players,
        "deals": deals,
        "seed": seed,
        "calls": calls,
        "worlds_median": statistics.median(worlds) if worlds else 0,
        "worlds_least": min(worlds, default=0),
        "deadline_hit": cut,
        "overruled": overruled,
        "higher": higher,
        "lower": lower,
        "changed_expected": statistics.fmean(expected) if expected else None,
        "changed_real": mean_interval(real).to_dict() if real else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search_bidsearch")
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    from jick.engine import RulesError

    if args.deals < 1:
        print("probe_auction: --deals must be at least 1", file=sys.stderr)
        return 2
    try:
        result = probe(args.bot, args.preset, args.players, args.deals, args.seed)
    except RulesError as error:
        print(f"probe_auction: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['bot']} on {result['preset']} ({args.players or 'default'} players, {args.deals} heuristic "
        f"auctions): {result['calls']} calls with a choice, deals valued a call median {result['worlds_median']} "
        f"(least {result['worlds_least']}), deadline hit {result['deadline_hit']}, "
        f"called otherwise {result['overruled']} ({result['higher']} higher, {result['lower']} lower)"
    )
    if result["changed_real"] is not None:
        real = result["changed_real"]
        ci = real["ci95"]
        interval = f" [{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else ""
        print(
            f"the changed calls' gain over the heuristic's: {result['changed_expected']:+.2f} as the bot valued them, "
            f"{real['mean']:+.2f}{interval} on the real deals played out by heuristic bots"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
