"""Search bot against heuristic bot on duplicate deals of Tarok and Lift Smoke, with decision times.

Every deal (one Tarok deal, or one Lift Smoke game for one pot) is played
once with heuristic bots in every seat (the baseline) and once more for each
seat that takes decisions with the search bot in that seat and heuristic bots
in the others, from the same deck. The figure is the search seat's points
(Tarok: score change of the deal; Lift Smoke: chips won or lost in the game)
minus the baseline's points in the same seat with the same cards, averaged
over seats and deals, with a 95% confidence interval over deals. Decision
times are measured around the search bot's ``choose`` for every decision it
makes (``with a choice``: only decisions with more than one legal action),
as wall time and as the process's CPU time (the CPU figure is what a
decision costs on an idle machine when other programs compete for the cores).

    .venv/bin/python benchmarks/bench_search_games.py --deals 200 --levels normal
    .venv/bin/python benchmarks/bench_search_games.py --games lift_smoke --deals 100 --levels normal,hard

Use ``--workers 1`` for the cleanest timings (each worker is one process).

``--out FILE`` keeps every finished deal as a line of JSON and, run again
with the same file, plays only the deals it lacks: a long run can be
stopped and taken up again, or lengthened with a larger ``--deals``;
``--first K`` leaves deals ``0 .. K-1`` to another process (its own file;
the files joined, a run over them all prints the whole figure):

    .venv/bin/python benchmarks/bench_search_games.py --games tarok_3p --deals 600 --workers 1 \\
        --out benchmarks/ladder/tarok_3p-search-heuristic-seed2024.jsonl

``--kept`` plays nothing: it prints the figure of the deals in ``range(--first,
--deals)`` that ``--out`` already holds, gaps and all (a stopped run, or
processes that took separate stretches and whose files were joined).

``--before FILE`` also prints the change against another run of the same
deals kept in FILE (another search version, say), paired deal by deal:

    .venv/bin/python benchmarks/bench_search_games.py --games tarok_3p --deals 600 --workers 2 \\
        --search-option allocation=halving --out halving.jsonl \\
        --before benchmarks/ladder/tarok_3p-search-heuristic-seed2024.jsonl

``--contracts`` plays Tarok deals with heuristic bots in every seat instead
and counts the contracts they play: how often each is called, from which
seat, the bidder's card points and score change (a quick look at what the
search's rollouts play, in milliseconds a deal):

    .venv/bin/python benchmarks/bench_search_games.py --games tarok_3p --deals 2000 --contracts
    .venv/bin/python benchmarks/bench_search_games.py --games tarok_3p --deals 300 --contracts \\
        --set consolation_scoring=mirror --set consolation_in_solo=true
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from multiprocessing import Pool
from typing import Any

GAMES = ("tarok_3p", "tarok_4p", "lift_smoke")


def deck_for(game: str, seed: int, index: int) -> tuple[int, ...]:
    if game.startswith("tarok"):
        from jick.games.tarok.state import shuffled_deck

        return shuffled_deck(seed, index)
    from jick.games.liftsmoke.state import shuffled

    return shuffled(range(52), seed, "deal", index)


def new_deal(game: str, deck: tuple[int, ...], overrides: dict[str, Any] | None = None) -> Any:
    """A one-deal match (one-game session) dealt from ``deck`` by the last seat (Tarok: under ``overrides``)."""
    if game.startswith("tarok"):
        from jick.games.tarok import new_match

        return new_match(game, decks=[deck], overrides={**(overrides or {}), "deals_per_match": 1})
    from jick.games.liftsmoke import new_match as new_session

    return new_session(game, decks=[deck], overrides={"games_per_session": 1})


def points(game: str, state: Any) -> tuple[float, ...]:
    if game.startswith("tarok"):
        return tuple(float(x) for x in state.deal_results[0].changes)
    return tuple(float(x) for x in state.scores)


def deciding_seats(game: str, state: Any) -> list[int]:
    if game.startswith("tarok"):
        return list(state.active_seats)
    return list(range(state.num_players))


def play(state: Any, bots: list[Any], timed: int, times: list[tuple[float, float, int]]) -> list[tuple[int, str, str]]:
    """Play to the end; for seat ``timed`` note (wall time, CPU time, number of legal actions) per decision.

    Returns every decision as (seat, phase, action).
    """
    log: list[tuple[int, str, str]] = []
    while not state.is_terminal:
        seat = state.current_player
        obs = state.observation(seat)
        if seat == timed:
            start, cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(obs)
            times.append((time.perf_counter() - start, time.process_time() - cpu, len(obs.legal_actions)))
        else:
            action = bots[seat].choose(obs)
        log.append((seat, str(getattr(obs, "phase", "play")), str(action)))
        state.apply(action)
    return log


def first_difference(base: list[tuple[int, str, str]], other: list[tuple[int, str, str]]) -> str | None:
    """The phase of the first decision where two plays of one deal part (None: the same throughout).

    Heuristic bots choose alike in alike positions, so it is the search seat's first decision unlike the
    heuristic's.

    >>> first_difference([(0, "auction", "pass"), (1, "auction", "solo")], [(0, "auction", "solo")])
    'auction'
    >>> first_difference([(0, "auction", "pass")], [(0, "auction", "pass")]) is None
    True
    """
    for mine, theirs in zip(base, other, strict=False):
        if mine != theirs:
            return theirs[1]
    return None


def run_deal(args: tuple[str, int, int, str, dict[str, Any]]) -> dict[str, Any]:
    """Baseline and one search run per deciding seat for deal ``index`` (``options``: the search bot's)."""
    game, seed, index, level, options = args
    bot_module = _bot_module(game)
    heuristic = bot_module.HeuristicBot
    deck = deck_for(game, seed, index)
    base_state = new_deal(game, deck)
    n = base_state.num_players
    base_log = play(base_state, [heuristic(s) for s in range(n)], -1, [])
    base = points(game, base_state)
    diffs = []
    diverged: list[str | None] = []
    times: list[tuple[float, float, int]] = []
    for seat in deciding_seats(game, base_state):
        state = new_deal(game, deck)
        bots: list[Any] = [heuristic(s) for s in range(n)]
        bots[seat] = bot_module.SearchBot(seed=1000 * index + seat, level=level, **options)
        log = play(state, bots, seat, times)
        diffs.append(points(game, state)[seat] - base[seat])
        diverged.append(first_difference(base_log, log))
    return {"diffs": diffs, "times": times, "diverged": diverged}


def contracts(game: str, seed: int, deals: int, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The contracts heuristic bots play in ``deals`` Tarok deals (under the preset with ``overrides``).

    Per contract: the deals, the bidder's place (forehand, middle, end), his card points and score change.
    """
    from jick.games.tarok.bot import HeuristicBot

    rows: dict[str, dict[str, Any]] = {}
    for index in range(deals):
        state = new_deal(game, deck_for(game, seed, index), overrides)
        play(state, [HeuristicBot(s) for s in range(state.num_players)], -1, [])
        result = state.deal_results[0]
        if result.bidder is None:
            name, place, count, change = "all pass", None, None, 0.0
        else:
            name = f"{result.contract} for {result.game_type}"
            place = (result.bidder - result.forehand) % state.num_players
            count, change = result.bidder_count, float(result.changes[result.bidder])
        row = rows.setdefault(name, {"deals": 0, "places": [0, 0, 0], "counts": [], "changes": []})
        row["deals"] += 1
        if place is not None:
            row["places"][place] += 1
            row["counts"].append(count)
            row["changes"].append(change)
    table = []
    for name, row in sorted(rows.items(), key=lambda item: -item[1]["deals"]):
        bid = bool(row["counts"])
        table.append(
            {
                "contract": name,
                "deals": row["deals"],
                "share": row["deals"] / deals,
                "bidder_places": row["places"] if bid else None,
                "bidder_count": statistics.fmean(row["counts"]) if bid else None,
                "bidder_change": statistics.fmean(row["changes"]) if bid else None,
            }
        )
    return {"game": game, "seed": seed, "deals": deals, "overrides": overrides or {}, "contracts": table}


def _bot_module(game: str) -> Any:
    if game.startswith("tarok"):
        from jick.games.tarok import bot as tarok_bots

        return tarok_bots
    from jick.games.liftsmoke import bot as lift_smoke_bots

    return lift_smoke_bots


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(game: str, level: str, results: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    per_deal = [statistics.fmean(r["diffs"]) for r in results if r["diffs"]]
    all_diffs = [d for r in results for d in r["diffs"]]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else float("nan")
    times = [t for r in results for t, _, _ in r["times"]]
    searched = [t for r in results for t, _, k in r["times"] if k > 1]
    cpu = [c for r in results for _, c, _ in r["times"]]
    return {
        "game": game,
        "level": level,
        "deals": len(per_deal),
        "seat_games": len(all_diffs),
        "mean_diff": mean,
        "ci95": [mean - half, mean + half],
        "search_better": sum(d > 0 for d in all_diffs),
        "search_worse": sum(d < 0 for d in all_diffs),
        "decisions": len(times),
        "median_ms": 1000 * statistics.median(times) if times else float("nan"),
        "p95_ms": 1000 * percentile(times, 0.95),
        "searched_decisions": len(searched),
        "searched_median_ms": 1000 * statistics.median(searched) if searched else float("nan"),
        "searched_p95_ms": 1000 * percentile(searched, 0.95),
        "max_ms": 1000 * max(times) if times else float("nan"),
        "cpu_median_ms": 1000 * statistics.median(cpu) if cpu else float("nan"),
        "cpu_p95_ms": 1000 * percentile(cpu, 0.95),
        "wall_s": seconds,
        "by_phase": by_phase(results),
    }


def by_phase(results: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Where the search parts from the heuristic: per phase of its first different decision (``same``: none),
    the seat-deals, their mean difference, and their share of the figure (the shares add up to it).

    Only deals kept with that phase count (older files have none).

    >>> by_phase([{"diffs": [6.0, 0.0], "diverged": ["play", None]}, {"diffs": [3.0], "diverged": ["play"]}])
    {'play': {'seat_deals': 2, 'mean': 4.5, 'share': 3.0}, 'same': {'seat_deals': 1, 'mean': 0.0, 'share': 0.0}}
    """
    kept = [r for r in results if r.get("diverged") and r["diffs"]]
    table: dict[str, dict[str, float]] = {}
    for row in kept:
        for diff, phase in zip(row["diffs"], row["diverged"], strict=True):
            entry = table.setdefault(phase or "same", {"seat_deals": 0, "total": 0.0, "share": 0.0})
            entry["seat_deals"] += 1
            entry["total"] += diff
            entry["share"] += diff / len(row["diffs"]) / len(kept)
    return {
        phase: {"seat_deals": e["seat_deals"], "mean": e["total"] / e["seat_deals"], "share": e["share"]}
        for phase, e in table.items()
    }


def _rows(path: str, game: str, seed: int, level: str) -> Iterator[dict[str, Any]]:
    """The deals of ``game`` at ``level`` in the file at ``path``, in its order (every search option)."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if (row["game"], row["seed"], row["level"]) == (game, seed, level):
                yield row


def _kept(path: str | None, game: str, seed: int, level: str, options: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The deals of ``game`` at ``level`` (with the search ``options``) already in the file at ``path``, by index."""
    kept: dict[int, dict[str, Any]] = {}
    if path is None:
        return kept
    try:
        for row in _rows(path, game, seed, level):
            if row.get("options", {}) == options:
                kept[row["index"]] = row
    except FileNotFoundError:
        pass
    return kept


def _run_deals(
    game: str,
    seed: int,
    level: str,
    deals: range,
    workers: int,
    out: str | None,
    options: dict[str, Any],
    play: bool = True,
) -> dict[int, dict[str, Any]]:
    """The results of the ``deals`` by index: those kept in ``out``, the rest played (and added to ``out``).

    Without ``play``, only the deals ``out`` already holds.
    """
    kept = _kept(out, game, seed, level, options)
    jobs = [(game, seed, i, level, options) for i in deals if i not in kept] if play else []
    with ExitStack() as stack:
        handle = stack.enter_context(open(out, "a", encoding="utf-8")) if out is not None and jobs else None
        pool = stack.enter_context(Pool(workers)) if workers > 1 and jobs else None
        mapped = pool.imap(run_deal, jobs, chunksize=1) if pool is not None else map(run_deal, jobs)
        for (_, _, index, _, _), result in zip(jobs, mapped, strict=True):
            kept[index] = result
            if handle is not None:
                row = {"game": game, "seed": seed, "level": level, "index": index, **result}
                if options:
                    row["options"] = options
                handle.write(json.dumps(row) + "\n")
                handle.flush()
    return {i: kept[i] for i in deals if i in kept}


def paired_change(results: dict[int, dict[str, Any]], before: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The change of the search's points per deal against ``before``, over the deals both hold (by index).

    >>> paired_change({0: {"diffs": [4.0, 2.0]}, 1: {"diffs": [1.0]}}, {0: {"diffs": [1.0, 1.0]}, 1: {"diffs": [1.0]}})
    {'deals': 2, 'mean_change': 1.0, 'ci95': [-0.96, 2.96]}
    """
    both = sorted(set(results) & set(before))
    changes = [statistics.fmean(results[i]["diffs"]) - statistics.fmean(before[i]["diffs"]) for i in both]
    mean = statistics.fmean(changes) if changes else float("nan")
    half = 1.96 * statistics.stdev(changes) / math.sqrt(len(changes)) if len(changes) > 1 else float("nan")
    return {"deals": len(both), "mean_change": mean, "ci95": [round(mean - half, 2), round(mean + half, 2)]}


def _before(path: str, game: str, seed: int, level: str) -> dict[int, dict[str, Any]]:
    """The deals of ``game`` at ``level`` in the file at ``path``, by index (one run: no deal twice)."""
    rows: dict[int, dict[str, Any]] = {}
    for row in _rows(path, game, seed, level):
        if row["index"] in rows:
            raise ValueError(f"{path} holds deal {row['index']} twice (more than one run)")
        rows[row["index"]] = row
    return rows


def search_options(parser: argparse.ArgumentParser, items: list[str]) -> dict[str, Any]:
    """The search bot's options from ``--search-option NAME=VALUE`` items; a malformed one is a usage error."""
    options = {name: _option_value(value) for name, _, value in (item.partition("=") for item in items)}
    if len(options) != len(items) or not all("=" in item and not item.startswith("=") for item in items):
        parser.error("--search-option takes NAME=VALUE")
    return options


def _option_value(text: str) -> Any:
    """A search option's value: a number, True, False or None as Python writes them, else the text.

    >>> _option_value("1.5"), _option_value("True"), _option_value("halving")
    (1.5, True, 'halving')
    """
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated: " + ", ".join(GAMES))
    parser.add_argument("--levels", default="normal", help="comma-separated: normal, hard")
    parser.add_argument("--deals", type=int, default=100, help="deals per game and level")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deck orders")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (another process's share)")
    parser.add_argument("--workers", type=int, default=2, help="processes (1 for the cleanest timings)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line instead of text")
    parser.add_argument("--out", metavar="FILE", help="keep each deal's result in FILE (JSON lines) and resume from it")
    parser.add_argument("--contracts", action="store_true", help="Tarok: the contracts heuristic bots play")
    parser.add_argument(
        "--set", action="append", default=[], metavar="OPTION=VALUE", help="with --contracts: a Tarok house rule"
    )
    parser.add_argument(
        "--search-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the search bot, e.g. allocation=halving or margin=1.0 (kept with each deal in --out)",
    )
    parser.add_argument("--before", metavar="FILE", help="also the change against the same deals kept in FILE")
    parser.add_argument("--kept", action="store_true", help="play nothing: the figure of the deals --out holds")
    args = parser.parse_args(argv)
    options = search_options(parser, args.search_option)
    if args.set and not args.contracts:
        parser.error("--set goes with --contracts")
    if args.kept and not args.out:
        parser.error("--kept reads the deals of --out FILE")
    if not 0 <= args.first < args.deals:
        parser.error(f"--first {args.first} must be at least 0 and below --deals {args.deals}")
    if args.contracts:
        from jick.engine import RulesError
        from jick.options import parse_sets

        for game in args.games.split(","):
            if not game.startswith("tarok"):
                parser.error(f"--contracts counts Tarok contracts; {game} has none")
            try:
                overrides = parse_sets(args.set)
                new_deal(game, deck_for(game, args.seed, 0), overrides)
            except RulesError as exc:
                parser.error(str(exc))
            report = contracts(game, args.seed, args.deals, overrides)
            if args.json:
                print(json.dumps(report), flush=True)
                continue
            rules = "".join(f", {k} = {v}" for k, v in overrides.items())
            print(f"{game}: contracts of heuristic bots in every seat, {args.deals} deals, seed {args.seed}{rules}")
            for row in report["contracts"]:
                line = f"  {row['contract']:22} {row['deals']:5} deals ({100 * row['share']:.1f}%)"
                if row["bidder_places"] is not None:
                    places = "/".join(str(n) for n in row["bidder_places"])
                    line += (
                        f"  bidder forehand/middle/end {places}  card points {row['bidder_count']:.1f}"
                        f"  score change {row['bidder_change']:+.1f}"
                    )
                print(line, flush=True)
        return 0
    rows = []
    for game in args.games.split(","):
        for level in args.levels.split(","):
            start = time.perf_counter()
            deals = range(args.first, args.deals)
            results = _run_deals(game, args.seed, level, deals, args.workers, args.out, options, play=not args.kept)
            if not results:
                parser.error(f"{args.out} holds no {game} deal at level {level} in {args.first}..{args.deals - 1}")
            row = summarize(game, level, list(results.values()), time.perf_counter() - start)
            if args.before:
                try:
                    before = _before(args.before, game, args.seed, level)
                except (OSError, ValueError) as exc:
                    parser.error(str(exc))
                row["before"] = paired_change(results, before)
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(
                    f"{game:10} {level:6} deals {row['deals']:4}  search - heuristic = {row['mean_diff']:+8.2f} "
                    f"points/deal  95% CI [{row['ci95'][0]:+.2f}, {row['ci95'][1]:+.2f}]  "
                    f"(better {row['search_better']}, worse {row['search_worse']} of {row['seat_games']})\n"
                    f"{'':18}decisions {row['decisions']}: median {row['median_ms']:.0f} ms, "
                    f"p95 {row['p95_ms']:.0f} ms, max {row['max_ms']:.0f} ms; with a choice "
                    f"({row['searched_decisions']}): median {row['searched_median_ms']:.0f} ms, "
                    f"p95 {row['searched_p95_ms']:.0f} ms; CPU time: median {row['cpu_median_ms']:.0f} ms, "
                    f"p95 {row['cpu_p95_ms']:.0f} ms  [{row['wall_s']:.0f} s]",
                    flush=True,
                )
                if row["by_phase"]:
                    print(
                        f"{'':18}first decision unlike the heuristic's, by phase (seat-deals, their mean, "
                        "share of the figure): "
                        + "; ".join(
                            f"{phase} {e['seat_deals']:.0f}, {e['mean']:+.1f}, {e['share']:+.2f}"
                            for phase, e in row["by_phase"].items()
                        ),
                        flush=True,
                    )
                if args.before:
                    change = row["before"]
                    print(
                        f"{'':18}against {args.before}, the same {change['deals']} deals: "
                        f"{change['mean_change']:+.2f} points/deal  95% CI [{change['ci95'][0]:+.2f}, "
                        f"{change['ci95'][1]:+.2f}]",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
