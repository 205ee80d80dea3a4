"""The Smear bot ladder of the README: each step a duplicate-deal arena run.

For every preset it runs heuristic vs random, search vs heuristic and cheater
vs search (each over ``--deals`` duplicate deals, all cores), saves each run's
JSON under ``--out`` and prints the README's table rows: the mean points per
deal of the stronger bot less the weaker one's, with the paired 95% interval.
A step whose JSON is already there (same preset, bots, seed and deals) is read
back instead of played again, and each step keeps its finished deals in a
checkpoint file as they come, so an interrupted run picks up where it stopped.

``--players P`` plays every preset at P players (the files then carry
``-Pp`` after the preset's name). ``--bid-levels`` (Smear, ``--workers 1``
only: it records in this process) also keeps each play's winning bid in
``PRESET[-Pp]-A-B-seedS-levels.jsonl`` beside the deals and prints, for each
bot, how often its bids were set at each level; the arena's own record keeps
only the bidder and whether the bid was made. ``--seating field`` plays the
arena's one-in-a-field design (each step's first bot alone among the second,
:mod:`jick.arena.seating`): u plays a deal instead of 2^u - 2, and the files
carry ``-field`` after the player count, so the two designs never read each
other's files.

Usage (from the repository root)::

    .venv/bin/python benchmarks/ladder.py [--presets a,b] [--steps heuristic:random,search:heuristic]
        [--deals N] [--seed S] [--workers K] [--players P] [--seating mixed|field] [--bid-levels] [--out DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jick.arena import run_arena
from jick.arena import worker as arena_worker
from jick.arena.seating import MIXED, SEATINGS
from jick.bots import canonical_bot_name, make_bot
from jick.engine import RulesError
from jick.registry import resolve

PRESETS = "smear_ten_point,smear_mn_original,smear_mn_three_handed"
STEPS = "heuristic:random,search:heuristic,cheater:search"


def step_stem(preset: str, players: int | None, seating: str, a: str, b: str, seed: int) -> str:
    """The start of a step's file names; the default design keeps the names of older runs.

    >>> step_stem("smear_ten_point", 5, "mixed", "search", "heuristic", 1)
    'smear_ten_point-5p-search-heuristic-seed1'
    >>> step_stem("smear_ten_point", 5, "field", "search", "heuristic", 1)
    'smear_ten_point-5p-field-search-heuristic-seed1'
    """
    seats = ("" if players is None else f"-{players}p") + ("" if seating == MIXED else f"-{seating}")
    return f"{preset}{seats}-{a}-{b}-seed{seed}"


def rate(made: dict[str, Any], name: str) -> str:
    """A bot's bids-made rate as a percentage, or '-' when it never bid."""
    m = made.get(name)
    return "-" if not m or not m["trials"] else f"{100 * m['rate']:.0f}%"


@contextmanager
def recording_levels(path: Path) -> Iterator[None]:
    """While inside, append every played deal's winning bids (one per play) to ``path`` as a JSON line."""
    from jick.games.smear import arena as smear_arena

    bids: list[str | None] = []
    deal_bid = smear_arena.deal_bid
    play_deal = arena_worker.play_deal

    def deal_bid_kept(state: Any, index: int) -> tuple[int, bool] | None:
        bids.append(state.hand_results[index].bid_text)
        return deal_bid(state, index)

    def play_deal_kept(task: Any) -> Any:
        bids.clear()
        result = play_deal(task)
        with path.open("a") as f:
            f.write(json.dumps({"index": task.index, "bids": bids}) + "\n")
        return result

    smear_arena.deal_bid = deal_bid_kept  # type: ignore[assignment]
    arena_worker.play_deal = play_deal_kept  # type: ignore[assignment]
    try:
        yield
    finally:
        smear_arena.deal_bid = deal_bid  # type: ignore[assignment]
        arena_worker.play_deal = play_deal  # type: ignore[assignment]


def set_by_level(book: Path, levels: Path, names: list[str]) -> dict[str, dict[str, list[int]]]:
    """For each bot and bid level: [bids, bids set], over the deals of ``book`` whose levels were kept."""
    kept: dict[int, list[str | None]] = {}
    for line in levels.read_text().splitlines():
        row = json.loads(line)
        kept[row["index"]] = row["bids"]
    out: dict[str, dict[str, list[int]]] = {name: {} for name in names}
    for line in book.read_text().splitlines()[1:]:
        deal = json.loads(line)
        bids = kept.get(deal["index"])
        if bids is None:
            continue
        for play, level in zip(deal["plays"], bids, strict=True):
            if play["bid"] is None:
                continue
            seat, made = play["bid"]
            count = out[names[play["lineup"][seat]]].setdefault(str(level), [0, 0])
            count[0] += 1
            count[1] += not made
    return out


def level_text(counts: dict[str, list[int]]) -> str:
    """'2: 3/40 set (8%), 3: ...' for one bot, levels in order."""
    order: Callable[[str], tuple[int, str]] = lambda k: (int(k), "") if k.isdigit() else (99, k)  # noqa: E731
    parts = []
    for level in sorted(counts, key=order):
        n, s = counts[level]
        parts.append(f"{level}: {s}/{n} set ({100 * s / n:.0f}%)")
    return ", ".join(parts)


def interval_text(ci95: list[float] | None) -> str:
    """A 95% interval as the table shows it; a single deal has none.

    >>> interval_text([-0.5, 1.25]), interval_text(None)
    ('[-0.50, +1.25]', '[no interval: one deal]')
    """
    return "[no interval: one deal]" if ci95 is None else f"[{ci95[0]:+.2f}, {ci95[1]:+.2f}]"


def parse_steps(text: str) -> list[tuple[str, str]]:
    """The ``A:B`` pairs of ``--steps``; a ValueError naming a malformed step or an unknown bot.

    A bot's options (``:NAME=VALUE`` each, :func:`jick.bots.split_bot_name`) follow its name.

    >>> parse_steps("search:heuristic, heuristic:random")
    [('search', 'heuristic'), ('heuristic', 'random')]
    >>> parse_steps("heuristic:jump_threshold=0.7:heuristic")
    [('heuristic:jump_threshold=0.7', 'heuristic')]
    >>> parse_steps("search")
    Traceback (most recent call last):
    ...
    ValueError: --steps: 'search' is not A:B (two bots)
    """
    steps = []
    for step in text.split(","):
        names: list[str] = []
        for part in (part.strip() for part in step.split(":")):
            if "=" in part and names and names[-1]:
                names[-1] += ":" + part  # an option of the bot before it
            else:
                names.append(part)
        if len(names) != 2 or not all(names):
            raise ValueError(f"--steps: {step.strip()!r} is not A:B (two bots)")
        for name in names:
            try:
                canonical_bot_name(name, options=True)
            except RulesError as exc:
                raise ValueError(f"--steps: {exc}") from None
        steps.append((names[0], names[1]))
    return steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=PRESETS)
    parser.add_argument("--steps", default=STEPS)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--players", type=int, default=None, help="players for every preset (default: its own)")
    parser.add_argument("--seating", choices=list(SEATINGS), default=MIXED, help="the duplicate design (default mixed)")
    parser.add_argument("--bid-levels", action="store_true", help="also count the bids set at each level (Smear)")
    args = parser.parse_args(argv)
    if args.bid_levels and args.workers != 1:
        parser.error("--bid-levels records in this process: give --workers 1")
    try:
        steps = parse_steps(args.steps)
        for preset in args.presets.split(","):  # each bot, options included, for each preset's game
            game, _ = resolve(preset.strip())
            for name in {name for step in steps for name in step}:
                make_bot(name, 0, game=game)
    except (ValueError, RulesError) as exc:
        parser.error(str(exc))
    args.out.mkdir(parents=True, exist_ok=True)
    cpu = platform.processor() or platform.machine()
    machine = f"{os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"
    print(f"# {datetime.date.today()}, {machine}")
    print("| preset | step | a - b, points per deal [95% CI] | duplicate deals | bids made (a / b) | minutes |")
    print("|---|---|---|---|---|---|")
    # every preset's cheap steps first, so that a partial run still gives whole rows
    for a, b in steps:
        for preset in args.presets.split(","):
            stem = args.out / step_stem(preset, args.players, args.seating, a, b, args.seed)
            path = stem.with_name(f"{stem.name}-{args.deals}.json")
            book = stem.with_name(f"{stem.name}.jsonl")
            levels = stem.with_name(f"{stem.name}-levels.jsonl")
            start = time.perf_counter()
            if path.exists():  # a finished step of an earlier run: same parameters, same result
                data = json.loads(path.read_text())
            else:
                # finished deals are kept as they come: a stopped step resumes from its last deal
                with recording_levels(levels) if args.bid_levels else contextlib.nullcontext():
                    result = run_arena(preset, [a, b], deals=args.deals, seed=args.seed, workers=args.workers,
                                       players=args.players, checkpoint=book, seating=args.seating)  # fmt: skip
                data = result.to_dict()
                path.write_text(json.dumps(data))
            minutes = (time.perf_counter() - start) / 60
            diff = data["pairs"][0]["a_minus_b"]
            made = {bot["bot"]: bot["bids_made"] for bot in data["bots"]}
            name = f"`{preset}`" + ("" if args.players is None else f" {args.players}p")
            name += "" if args.seating == MIXED else f" {args.seating}"
            print(
                f"| {name} | {a} > {b} | {diff['mean']:+.2f} {interval_text(diff['ci95'])} | {diff['n']} "
                f"| {rate(made, a)} / {rate(made, b)} | {minutes:.1f} |",
                flush=True,
            )
            if args.bid_levels and levels.exists():
                counts = set_by_level(book, levels, [a, b])
                for bot in (a, b):
                    print(f"  bids set by level, {bot}: {level_text(counts[bot])}", flush=True)


if __name__ == "__main__":
    main()
