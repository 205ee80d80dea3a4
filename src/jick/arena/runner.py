"""``run_arena``: check the parameters, run every task (in a process pool), summarise."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeVar

from jick.arena.checkpoint import Checkpoint
from jick.arena.hooks import arena_hooks
from jick.arena.ratings import rate
from jick.arena.result import ArenaResult
from jick.arena.seating import MIXED, check_seating, seatings
from jick.arena.summary import BotSummary, bid_rates, bot_points, contests, match_win_rates, pair_summaries
from jick.arena.worker import DealResult, DealTask, MatchResult, MatchTask, Setup, run_task
from jick.bots.budget import set_thinking_threads, thinking_threads
from jick.engine import RulesError

T = TypeVar("T")
R = TypeVar("R")


def parse_bots(bots: str | Sequence[str]) -> tuple[str, ...]:
    """Bot names from a list or a comma-separated string, as canonical kinds or levels.

    A name may end in options of its bot (:func:`jick.bots.split_bot_name`).

    >>> parse_bots("Greedy, random")
    ('heuristic', 'random')
    >>> parse_bots("heuristic:bid_threshold=0.45,heuristic")
    ('heuristic:bid_threshold=0.45', 'heuristic')
    """
    from jick.bots import canonical_bot_name

    names = [b.strip() for b in (bots.split(",") if isinstance(bots, str) else bots)]
    out: list[str] = []
    for name in names:
        if not name:
            raise RulesError("empty bot name in the list of bots")
        key = canonical_bot_name(name, options=True)
        if key in out:
            raise RulesError(f"bot {key!r} is named twice; each bot plays once")
        out.append(key)
    if len(out) < 2:
        raise RulesError(f"an arena needs at least two bots (got {', '.join(out) or 'none'})")
    return tuple(out)


def _check_count(name: str, value: int, least: int) -> None:
    if value < least:
        raise RulesError(f"{name} must be at least {least} (got {value})")


def run_arena(
    preset: str,
    bots: str | Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    matches: int = 0,
    progress: bool = False,
    checkpoint: Path | None = None,
    think: float | None = None,
    ray_address: str | None = None,
    seating: str = MIXED,
) -> ArenaResult:
    """Play ``deals`` duplicate deals (and ``matches`` duplicate full matches) for every pair of ``bots``.

    The result depends only on the parameters other than ``workers`` and
    ``progress`` (and, for search bots cut short by their deadline, on the
    machine's speed). With ``checkpoint`` (a file), finished deals are kept there as
    they come and deals already there are not played again, so an interrupted run
    resumes where it stopped. ``think`` is the search bots' thinking time per
    decision in seconds (default: their level's). With ``ray_address`` the
    deals run as tasks on a Ray cluster (:mod:`jick.arena.cluster`; ``"local"``
    starts one here with ``workers`` CPUs) and give the same results.
    ``seating`` is the duplicate design (:mod:`jick.arena.seating`): ``"mixed"``
    (every mixed seating) or ``"field"`` (two bots: the first alone among the
    second, each unit in turn). User mistakes raise :class:`jick.engine.RulesError`.
    """
    from jick.bots import check_think, make_bot
    from jick.registry import load_rules, resolve

    check_think(think, "think")
    _check_count("deals", deals, 1)
    _check_count("workers", workers, 1)
    _check_count("matches", matches, 0)
    names = parse_bots(bots)
    check_seating(seating, len(names))
    game, preset = resolve(preset)
    overrides = dict(overrides or {})
    rules = load_rules(preset, players, overrides)
    for name in names:
        make_bot(name, 0, game=game, think=think)  # a RulesError when the game lacks this kind of bot
    seatings(arena_hooks(game).seat_sides(rules), 2, seating)  # a RulesError when the design cannot seat a pair
    setup = Setup(
        game=game,
        preset=preset,
        players=rules.num_players,
        overrides=overrides,
        seed=seed,
        think=think,
        seating=seating,
    )
    matchups = tuple(itertools.combinations(range(len(names)), 2))
    tasks: list[DealTask | MatchTask] = [
        DealTask(setup, tuple(names[b] for b in matchup), m, i)
        for m, matchup in enumerate(matchups)
        for i in range(deals)
    ]
    tasks += [
        MatchTask(setup, tuple(names[b] for b in matchup), m, i)
        for m, matchup in enumerate(matchups)
        for i in range(matches)
    ]
    title = f"arena {preset}: {' vs '.join(names)}"
    book = None
    if checkpoint is not None:
        identity: dict[str, Any] = {"preset": preset, "players": rules.num_players, "overrides": overrides,
                                    "bots": list(names), "seed": seed}  # fmt: skip
        if think is not None:  # (runs without --think keep the identity of older checkpoints)
            identity["think"] = think
        if seating != MIXED:  # (likewise for the default design)
            identity["seating"] = seating
        book = Checkpoint(checkpoint, identity)
    done = {} if book is None else book.deals
    # each task's result read back from the checkpoint, or None when it is still to play
    kept = [done.get((t.matchup, t.index)) if isinstance(t, DealTask) else None for t in tasks]
    todo = [t for t, k in zip(tasks, kept, strict=True) if k is None]
    keep = None if book is None else _keeper(book)
    played = iter(run_all(run_task, todo, workers, title if progress else None, keep, ray_address))
    results = [k if k is not None else next(played) for k in kept]
    deal_results = tuple(r for r in results if isinstance(r, DealResult))
    match_results = tuple(r for r in results if isinstance(r, MatchResult))

    points = bot_points(names, matchups, deal_results)
    bids = bid_rates(names, matchups, deal_results)
    wins = match_win_rates(names, matchups, match_results) if matches else None
    ratings = rate(names, contests(matchups, deal_results))
    summaries = tuple(
        BotSummary(name, points[b], bids[b][0], bids[b][1], None if wins is None else wins[b], ratings[b])
        for b, name in enumerate(names)
    )
    parameters = {
        "preset": preset,
        "game": game,
        "players": rules.num_players,
        "overrides": overrides,
        "bots": list(names),
        "deals": deals,
        "seed": seed,
        "matches": matches,
        "workers": workers,
        "think": think,
        "ray": ray_address,
        "seating": seating,
    }
    return ArenaResult(
        parameters=parameters,
        bots=names,
        matchups=matchups,
        deals=deal_results,
        matches=match_results,
        summaries=summaries,
        pairs=tuple(pair_summaries(names, matchups, deal_results)),
    )


def _keeper(book: Checkpoint) -> Callable[[object], None]:
    def keep(result: object) -> None:
        if isinstance(result, DealResult):
            book.add(result)

    return keep


def run_all(
    function: Callable[[T], R],
    tasks: Sequence[T],
    workers: int,
    title: str | None,
    on_result: Callable[[R], None] | None = None,
    ray_address: str | None = None,
) -> list[R]:
    """``[function(t) for t in tasks]``, on ``workers`` processes, with a progress bar when ``title`` is given.

    Results come back in the order of ``tasks`` whatever order they finish in;
    ``on_result`` sees each as it finishes (in this process). With
    ``ray_address`` the tasks run on a Ray cluster instead
    (:func:`jick.arena.cluster.run_on_ray`).
    """
    if not tasks:
        return []
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=title is None,
    )
    if ray_address is not None:
        from jick.arena.cluster import run_on_ray

        with bar:
            job = bar.add_task(title or "", total=len(tasks))

            def finished(result: R) -> None:
                if on_result is not None:
                    on_result(result)
                bar.advance(job)

            return run_on_ray(function, tasks, ray_address, workers, finished)
    workers = min(workers, len(tasks))
    if workers <= 1:
        out: list[R] = []
        with bar:
            job = bar.add_task(title or "", total=len(tasks))
            for task in tasks:
                out.append(function(task))
                if on_result is not None:
                    on_result(out[-1])
                bar.advance(job)
        return out
    # the worker processes share the machine's cores: each bot thinks on its share of them
    threads = max(1, thinking_threads() // workers)
    with ProcessPoolExecutor(max_workers=workers, initializer=set_thinking_threads, initargs=(threads,)) as pool:
        # Every task is submitted (and the worker processes started) before the progress
        # bar starts its refresh thread.
        futures: list[Future[R]] = [pool.submit(function, task) for task in tasks]
        try:
            with bar:
                job = bar.add_task(title or "", total=len(tasks))
                for future in as_completed(futures):
                    result = future.result()
                    if on_result is not None:
                        on_result(result)
                    bar.advance(job)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
        return [future.result() for future in futures]
