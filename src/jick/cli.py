"""The ``jick`` command: play | replay | record | analyse | presets | arena | compare-rules | advise | serve.

Every user mistake (unknown preset, bad option, malformed record...) ends in
one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from jick.engine import JickError, RulesError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Smear and friends: play in the terminal, replay records, list presets.",
    pretty_exceptions_enable=False,
)


THINK_HELP = "The search bots' thinking time per decision, in seconds (default: their level's)."


def fail(message: str, code: int = 2) -> None:
    typer.echo(f"jick: error: {message}", err=True)
    raise typer.Exit(code)


def resolve_rules(
    preset: str | None, players: int | None, rules_file: Path | None, sets: list[str] | None
) -> tuple[str, int | None, dict[str, Any]]:
    """(preset, players, overrides) from the command line and a house-rules file."""
    from jick.options import load_rules_file, merge_overrides, parse_sets
    from jick.registry import resolve

    overrides: dict[str, Any] = {}
    if rules_file is not None:
        house = load_rules_file(rules_file)
        if preset is None:
            preset = house.preset
        if players is None:
            players = house.players
        overrides = dict(house.overrides)
    if sets:
        overrides = merge_overrides(overrides, parse_sets(sets))
    _, name = resolve(preset or "smear_ten_point")
    return name, players, overrides


@app.command()
def play(
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="Preset name (see `jick presets`).")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 = first).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffles and bots.")] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Who sits where, e.g. human,greedy,greedy,greedy or bot,bot,bot,bot. With no human, a Lift Smoke "
            "session without games_per_session plays 5 games.",
        ),
    ] = None,
    rules: Annotated[Path | None, typer.Option("--rules", help="House rules TOML file.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Change an option: --set target_score=11.")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Where to save the game record.")] = None,
    bot: Annotated[
        str, typer.Option("--bot", help="The bots' level: easy (heuristic), normal or hard (search).")
    ] = "normal",
    think: Annotated[float | None, typer.Option("--think", help=THINK_HELP)] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="Go on with an unfinished record (saved after every move) where it stopped."),
    ] = None,
) -> None:
    """Play a match of any game in the terminal against bots (or watch bots play).

    The record is saved after every move (games/ unless --record says where);
    --resume FILE goes on with it after quit, Ctrl-C or a crash, with the same
    seats and bots. When every seat is a bot, a Lift Smoke session whose preset
    sets no length (games_per_session = none) stops after 5 games; --set
    games_per_session=N chooses another length. A human stops an open-ended
    session with quit.
    """
    try:
        from jick.play import play_command

        if resume is not None:
            given = {"--preset": preset, "--players": players, "--rules": rules, "--set": set_, "--seed": seed}
            clash = [flag for flag, value in given.items() if value]
            if clash:
                raise RulesError(f"--resume goes on with the record's own match; drop {', '.join(clash)}")
            code = play_command(
                "", None, {}, seat=seat, seed=None, seats=seats, record_path=record, bot=bot, think=think, resume=resume
            )
        else:
            name, n, overrides = resolve_rules(preset, players, rules, set_)
            code = play_command(
                name, n, overrides, seat=seat, seed=seed, seats=seats, record_path=record, bot=bot, think=think
            )
    except JickError as exc:
        fail(str(exc))
    raise typer.Exit(code)


@app.command()
def resume(
    file: Annotated[Path | None, typer.Argument(help="An unfinished record to go on with.")] = None,
    folder: Annotated[Path, typer.Option("--dir", help="Where to look for unfinished games.")] = Path("games"),
    as_json: Annotated[bool, typer.Option("--json", help="List the unfinished games as JSON.")] = False,
) -> None:
    """List the unfinished games in games/, or go on with one (the same as `jick play --resume FILE`)."""
    from jick.play import play_command, unfinished_games

    if file is not None:
        try:
            code = play_command("", None, {}, seat=0, seed=None, seats=None, record_path=None, resume=file)
        except JickError as exc:
            fail(str(exc))
        raise typer.Exit(code)
    games = unfinished_games(folder)
    if as_json:
        typer.echo(json.dumps([game.to_dict() for game in games], indent=1))
        return
    if not games:
        typer.echo(f"No unfinished games in {folder}/.")
        return
    typer.echo(f"Unfinished games in {folder}/, newest first (go on with: jick resume FILE):")
    for game in games:
        typer.echo(game.line())


def record_story(record: Mapping[str, Any]) -> list[str]:
    """The table log of a record, as a spectator reads it (names from the record's ``meta.seats``)."""
    from jick.story import render, seat_names, story_of_record

    names = seat_names(record.get("meta"), int(record["players"]))
    return [render(line, names, viewer=None) for line in story_of_record(record)]


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Re-run a record of any game, check every action, print each deal's result and the match result."""
    from jick.record import load_record
    from jick.record import replay as run_replay
    from jick.render import replay_report

    try:
        result = run_replay(load_record(file))
    except JickError as exc:
        fail(str(exc))
    report = replay_report(result.state)
    sealed = sum(1 for deal in result.record["deals"] if "commitments" in deal)
    if sealed:  # replay checked them: a deck that differs from its commitment is refused
        report["sealed_deals"] = sealed
    story = record_story(result.record)
    if as_json:
        report["story"] = story
        typer.echo(json.dumps(report, indent=1))
    else:
        from jick.render import print_replay

        for line in story:
            typer.echo(line)
        typer.echo("")
        print_replay(report)
        if sealed:
            typer.echo(f"Fair shuffles: the deck of each of the {sealed} sealed deals is the one committed to.")


def analyse(
    file: Annotated[Path, typer.Argument(help="A game record (JSON), finished or not.")],
    seat: Annotated[
        list[int] | None, typer.Option("--seat", "-s", help="A seat to analyse (repeatable; default: the human seats).")
    ] = None,
    depth: Annotated[str, typer.Option("--depth", help="quick, normal or deep: more worlds, more precise values.")] = (
        "normal"
    ),
    seed: Annotated[int, typer.Option("--seed", help="Seed of the searches (the same seed, the same values).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON (docs/analysis.md).")] = False,
    marked: Annotated[bool, typer.Option("--marked", help="List only the marked decisions.")] = False,
    practice: Annotated[
        bool,
        typer.Option("--practice", help="Then solve the seat's mistakes and blunders again: find a better play."),
    ] = False,
) -> None:
    """Value every decision of a record from what its seat knew; mark inaccuracies, mistakes and blunders."""
    from jick.analysis import DEPTHS
    from jick.analysis import analyse as run_analysis
    from jick.analysis.report import lines, to_json
    from jick.record import load_record

    if depth not in DEPTHS:
        fail(f"unknown depth {depth!r}; depths are: {', '.join(DEPTHS)}")
    if practice and as_json:
        fail("--practice asks questions at the terminal; it cannot go with --json")
    try:
        record = load_record(file)
        if sys.stderr.isatty() and not as_json:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            with Progress(
                "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                console=Console(stderr=True), transient=True,
            ) as bar:  # fmt: skip
                task = bar.add_task("Analysing decisions", total=None)
                result = run_analysis(
                    record, seats=seat, depth=depth, seed=seed,
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                )  # fmt: skip
        else:
            result = run_analysis(record, seats=seat, depth=depth, seed=seed)
    except JickError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(to_json(result), indent=1))
        return
    for line in lines(result, marked_only=marked or practice):
        typer.echo(line)
    if practice:
        _practise(record, result)


def _practise(record: dict[str, Any], result: Any) -> None:
    """``--practice``: the marked positions asked again, answers read from stdin (typed or piped)."""
    from rich.console import Console

    from jick.analysis.practice import run

    console = Console(highlight=False, soft_wrap=True)

    def read(prompt: str) -> str:
        if sys.stdin.isatty():
            return console.input(prompt)
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise EOFError
        console.print(line.rstrip("\n"))  # a piped answer is echoed, as if typed
        return line

    try:
        run(record, result, console, read)
    except KeyboardInterrupt:
        console.print()


app.command("analyse")(analyse)
app.command("analyze", hidden=True)(analyse)


@app.command()
def presets(
    name: Annotated[str | None, typer.Argument(help="Show the full option table of this preset.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Resolve for this many players.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the list or the preset's options as JSON.")] = False,
) -> None:
    """List the presets, or show one preset's options.

    On a terminal they are tables; into a pipe or a file, plain lines with
    tab-separated fields (game, preset, players, description; or option,
    value, allowed), nothing cut to the terminal's width.
    """
    from rich.console import Console

    from jick.preset_view import preset_list, preset_options, print_preset_list, print_preset_options

    console = Console(highlight=False)
    if name is None:
        rows = preset_list()
        if as_json:
            typer.echo(json.dumps(rows, indent=1))
        else:
            print_preset_list(rows, console)
        return
    try:
        data = preset_options(name, players)
    except JickError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(data, indent=1))
    else:
        print_preset_options(data, console)


@app.command()
def arena(
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bots to compare, comma-separated: random, heuristic, search, cheater...; "
            "KIND:OPTION=VALUE sets an option of a bot (heuristic:jump_threshold=0.7).",
        ),
    ] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="Preset name (see `jick presets`).")] = None,
    deals: Annotated[int, typer.Option("--deals", "-d", help="Duplicate deals per pair of bots.")] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deals and bots.")] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes (default: every core).")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Change an option: --set target_score=11.")] = None,
    matches: Annotated[int, typer.Option("--matches", "-m", help="Duplicate full matches per pair of bots.")] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Where to save the results (JSON).")] = None,
    chart: Annotated[Path | None, typer.Option("--chart", help="Where to draw the ladder chart (PNG).")] = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    checkpoint: Annotated[
        Path | None,
        typer.Option("--checkpoint", help="Keep finished deals in this file; deals already there are not replayed."),
    ] = None,
    think: Annotated[float | None, typer.Option("--think", help=THINK_HELP)] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON (what --out saves) instead of the tables.")
    ] = False,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",  # the help is Rich markup: \\[ keeps the brackets of 'jick[ray]'
            help="Run the deals on a Ray cluster: local (start one here with --workers CPUs), auto (the cluster "
            "this machine is in) or ray://HOST:10001. Needs pip install 'jick\\[ray]'.",
        ),
    ] = None,
    seating: Annotated[
        str,
        typer.Option(
            "--seating",
            help="The duplicate design: mixed (every mixed seating of the bots; five seats, two bots: 30 plays "
            "a deal) or field (two bots only: the first alone among the second, each seat or partnership in "
            "turn; five seats: 5 plays a deal).",
        ),
    ] = "mixed",
) -> None:
    """Play bots against each other over duplicate deals; print and save points, bid rates and ratings.

    Every deal is played once per seating of the bots so the luck of the cards
    cancels. The bots are ranked by their points per deal. With three or more
    bots every pair plays (a league) and a ladder chart is drawn (next to the
    JSON unless --chart says where). With --json the results go to stdout as
    JSON and the other lines to stderr.
    """
    import os
    import secrets
    import time

    from rich.console import Console

    from jick.arena import run_arena
    from jick.arena.chart import ladder_chart
    from jick.arena.report import default_out_path, print_result, save_json
    from jick.bots import check_think

    console = Console(highlight=False, stderr=as_json)
    try:
        if bots is None:
            raise RulesError("name the bots with --bots, e.g. --bots search,heuristic")
        check_think(think, "--think")
        name, n, overrides = resolve_rules(preset, players, None, set_)
        drawn = seed is None
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        started = time.monotonic()
        result = run_arena(
            name,
            bots,
            deals,
            seed,
            workers=(os.cpu_count() or 1) if workers is None else workers,
            players=n,
            overrides=overrides,
            matches=matches,
            progress=not no_progress,
            checkpoint=checkpoint,
            think=think,
            ray_address=ray,
            seating=seating,
        )
        elapsed = time.monotonic() - started
        if as_json:
            typer.echo(json.dumps(result.to_dict(), indent=1))
        else:
            print_result(result, console)
        path = save_json(result.to_dict(), out or default_out_path(name, seed))
        if chart is None and len(result.bots) >= 3:
            chart = path.with_suffix(".png")
        if chart is not None:
            ladder_chart(result.summaries, chart, f"arena {name}, seed {seed}, {deals} deals per pair")
    except JickError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"could not write {exc.filename or 'the results'}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        fail("interrupted: nothing saved", 130)
    saved = f"Results saved to {path}" + (f", chart to {chart}" if chart is not None else "")
    console.print(f"{saved} ({elapsed:.1f} s)")
    if drawn:
        console.print(f"The seed was drawn at random: run the same arena again with --seed {seed}")


@app.command("compare-rules")
def compare_rules(
    preset: Annotated[
        str | None, typer.Argument(help="The baseline preset (default smear_ten_point); --set changes it.")
    ] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            "--vs",
            help='A rule set to compare: the baseline with these changes, "[NAME:] option=value option=value" '
            "(repeat for more).",
        ),
    ] = None,
    rules: Annotated[
        list[Path] | None, typer.Option("--rules", help="A rule set from a house-rules TOML file (repeat for more).")
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Change an option of the baseline.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="The baseline's name in the report.")] = None,
    hands: Annotated[int, typer.Option("--hands", help="Duplicate deals each rule set plays.")] = 600,
    matches: Annotated[
        int, typer.Option("--matches", "-m", help="Duplicate full matches each rule set plays (match length).")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and bots.")] = 1,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes (default: every core).")
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="The bots in every seat: heuristic (fast), search (careful), random.")
    ] = "heuristic",
    think: Annotated[float | None, typer.Option("--think", help=THINK_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON instead of the tables.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the numbers as CSV instead of the tables.")] = False,
    chart: Annotated[
        Path | None, typer.Option("--chart", help="Draw the differences with their intervals (.png or .svg).")
    ] = None,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="No progress bar.")] = False,
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run the deals on a Ray cluster, as jick arena --ray.")
    ] = None,
) -> None:
    """Compare house rules: the same bots play the same duplicate deals under each rule set.

    Each figure (bids made and set, winning bids, points by kind, the
    dealer's and the bidder's edge, ...) gets its 95% interval under every
    rule set and the difference from the baseline its paired interval; a
    short summary on top states only the differences whose interval excludes
    zero. Example: jick compare-rules smear_ten_point --vs point_values.trey=0
    """
    import os
    import time

    from rich.console import Console

    from jick.compare import Variant, parse_variant, resolve_variants, run_compare
    from jick.compare.report import difference_chart, print_comparison, to_csv
    from jick.options import parse_sets

    quiet = as_json or as_csv
    console = Console(highlight=False, stderr=quiet)
    try:
        if as_json and as_csv:
            raise RulesError("choose one of --json and --csv")
        if chart is not None and chart.suffix.lower() not in (".png", ".svg"):
            raise RulesError(f"--chart must end in .png or .svg, not {chart.name!r}")
        if not vs and not rules:
            raise RulesError("name a rule set to compare: --vs option=value or --rules FILE.toml")
        base_overrides = parse_sets(set_ or [])
        base_name = name or (preset or "smear_ten_point") + (" " + " ".join(set_) if set_ else "")
        base = Variant(base_name, preset or "smear_ten_point", players, base_overrides)
        changes = [parse_variant(text, text.strip()) for text in vs or []]
        game, variants = resolve_variants(base, changes, [str(p) for p in rules or []])
        started = time.monotonic()
        result = run_compare(
            variants,
            game,
            hands,
            seed,
            matches=matches,
            bot=bots,
            workers=(os.cpu_count() or 1) if workers is None else workers,
            progress=not no_progress,
            think=think,
            ray_address=ray,
        )
        elapsed = time.monotonic() - started
        if as_json:
            typer.echo(json.dumps(result.to_dict(), indent=1))
        elif as_csv:
            typer.echo(to_csv(result), nl=False)
        else:
            print_comparison(result, console)
        if chart is not None:
            difference_chart(result, chart)
            console.print(f"Chart saved to {chart}")
    except JickError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"could not write {exc.filename or 'the chart'}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        fail("interrupted", 130)
    console.print(f"({elapsed:.1f} s)")


@app.command()
def advise(
    hand: Annotated[str, typer.Option("--hand", help='Your cards, e.g. "AS KS JC HJ 3S 7D 9H 2C QD 4S".')],
    preset: Annotated[str, typer.Option("--preset", "-p", help="A Smear preset (see `jick presets`).")] = (
        "smear_ten_point"
    ),
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    position: Annotated[
        int, typer.Option("--position", help="Your place in the auction: 1 bids first, the dealer bids last.")
    ] = 1,
    score: Annotated[str | None, typer.Option("--score", help="The score before the hand, US-THEM, e.g. 5-12.")] = None,
    samples: Annotated[int, typer.Option("--samples", help="Simulated deals.")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the simulated deals.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the advice as JSON.")] = False,
) -> None:
    """Advise a Smear bid: expected points per trump suit, chances of making each bid, the best bid."""
    from jick.game import get_game
    from jick.registry import resolve

    try:
        game, name = resolve(preset)
        registration = get_game(game)
        if not registration.has_part("bid_advisor"):
            raise RulesError(f"the bid advisor is for Smear presets; {name} is {registration.title}")
        run_advise = registration.load_part("bid_advisor")
        print_advice = registration.load_part("bid_advice_view")
        from rich.console import Console

        with Console(stderr=True).status(f"Playing out {samples} deals..."):
            advice = run_advise(name, hand, position=position, score=score, players=players, samples=samples, seed=seed)
    except JickError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(advice.to_dict(), indent=1))
        return
    print_advice(advice)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        str, typer.Option("--db", help="Database URL: sqlite:///PATH or postgresql+psycopg://USER@HOST/DB.")
    ] = "sqlite:///jick.db",
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="Seconds a bot waits before its move, so people can follow.")
    ] = 1.0,
    bot_workers: Annotated[
        int | None, typer.Option("--bot-workers", help="Bot worker processes (0: threads; default two per core).")
    ] = None,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")] = "info",
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address people reach the server at (https://cards.example.org behind a proxy): "
            "invite and watch links carry it.",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Redis URL (redis://127.0.0.1:6379/0) to run several processes on one PostgreSQL --db: "
            "any process serves any table (docs/server.md, Scaling out).",
        ),
    ] = None,
) -> None:
    """Run the game server: tables over HTTP (/api, docs at /api/docs) and one websocket per seat (/ws).

    Every table is kept in the database and comes back after a restart. See docs/server.md.
    """
    try:
        from jick.server.run import serve as run_serve

        code = run_serve(
            host=host,
            port=port,
            db=db,
            bot_delay=bot_delay,
            bot_workers=bot_workers,
            log_level=log_level,
            public=public_url,
            redis=redis,
        )
    except JickError as exc:
        fail(str(exc))
    raise typer.Exit(code)


from jick.record_commands import record_app  # noqa: E402 - the `jick record` group, in its own module

app.add_typer(record_app, name="record")


def main() -> None:
    """Entry point of the ``jick`` script."""
    try:
        app()
    except RulesError as exc:  # pragma: no cover - commands catch their own errors
        typer.echo(f"jick: error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
