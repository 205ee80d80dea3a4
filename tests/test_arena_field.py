"""The arena's one-in-a-field seating (``seating="field"``): lineups, a balanced figure, errors, file names."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.arena import run_arena
from jick.arena.hooks import arena_hooks
from jick.arena.seating import lineup_text, seatings, units_of
from jick.arena.summary import deal_means
from jick.arena.worker import DealPlay, DealResult
from jick.cli import app
from jick.engine import RulesError
from jick.registry import load_rules, resolve
from script_kit import load_script

runner = CliRunner()


def sides(preset: str, players: int | None = None, **overrides: object) -> tuple[int, ...]:
    rules = load_rules(preset, players, overrides)
    return arena_hooks(resolve(preset)[0]).seat_sides(rules)


def texts(lineups: list[tuple[int, ...]]) -> list[str]:
    return [lineup_text(x) for x in lineups]


# ---------------------------------------------------------------------- lineups
def test_three_seats_each_seat_alone_once() -> None:
    for preset in ("smear_mn_three_handed", "tarok_3p"):
        assert texts(seatings(sides(preset), 2, "field")) == ["ABB", "BAB", "BBA"]


def test_five_seats_five_plays_one_a_each() -> None:
    for preset in ("smear_ten_point", "lift_smoke"):
        lineups = seatings(sides(preset, 5), 2, "field")
        assert texts(lineups) == ["ABBBB", "BABBB", "BBABB", "BBBAB", "BBBBA"]


def test_six_seats_in_three_teams_keep_partners_together() -> None:
    for preset in ("smear_ten_point", "smear_five_point_team"):  # three sides at six: seats i and i + 3
        assert texts(seatings(sides(preset, 6), 2, "field")) == ["ABBABB", "BABBAB", "BBABBA"]


def test_six_seats_alone_and_two_teams() -> None:
    lineups = seatings(sides("lift_smoke", 6), 2, "field")
    assert (len(lineups), len(set(lineups))) == (6, 6)
    for seat in range(6):  # each seat gets A once and B five times
        assert Counter(x[seat] for x in lineups) == {0: 1, 1: 5}
        assert lineups[seat].count(0) == 1
    alternating = sides("smear_ten_point", 6, partnerships="two_teams_alternating")
    assert texts(seatings(alternating, 2, "field")) == texts(seatings(alternating, 2)) == ["ABABAB", "BABABA"]


def test_field_takes_two_bots_and_sides_of_one_size() -> None:
    with pytest.raises(RulesError, match="seating 'field' takes exactly two bots"):
        seatings((0, 1, 2), 3, "field")
    with pytest.raises(RulesError, match="sides of one size"):
        seatings((0, 0, 1), 2, "field")
    with pytest.raises(RulesError, match="unknown seating 'nope'"):
        seatings((0, 1, 2), 2, "nope")
    with pytest.raises(RulesError, match="takes exactly two bots"):
        run_arena("tarok_3p", "heuristic,random,easy", deals=1, seed=1, seating="field")


# ---------------------------------------------------------------------- the figure
def unit_balanced(deal: DealResult, seats: tuple[int, ...]) -> tuple[float, float]:
    """A's mean over the units of its score there; B's mean over the units of its mean score per unit."""
    units = units_of(seats)
    a: list[float] = []
    b: dict[int, list[float]] = {unit: [] for unit in units}
    for play, unit in zip(deal.plays, units, strict=True):
        for side in units:
            points = [p for s, p in zip(seats, play.points, strict=True) if s == side]
            mean = sum(points) / len(points)
            (a.append(mean) if side == unit else b[side].append(mean))
    return sum(a) / len(a), sum(sum(v) / len(v) for v in b.values()) / len(units)


def test_deal_means_weigh_every_unit_alike() -> None:
    # three seats, A alone in each: A scores 1, 2, 3 in units 0, 1, 2; B's points vary per unit and play
    plays = (
        DealPlay((0, 1, 1), (1.0, 10.0, 20.0), None),
        DealPlay((1, 0, 1), (4.0, 2.0, 40.0), None),
        DealPlay((1, 1, 0), (6.0, 30.0, 3.0), None),
    )
    a, b = deal_means(plays, 2)
    assert a == pytest.approx(2.0)
    assert b == pytest.approx(((4 + 6) / 2 + (10 + 30) / 2 + (20 + 40) / 2) / 3)


@pytest.mark.parametrize(("preset", "players"), [("smear_ten_point", 5), ("smear_ten_point", 6)])
def test_arena_figure_is_the_unit_balanced_difference(preset: str, players: int) -> None:
    seats = sides(preset, players)
    result = run_arena(preset, "random,heuristic", deals=3, seed=4, players=players, seating="field")
    assert result.parameters["seating"] == "field"
    diffs = []
    for deal in result.deals:
        assert [lineup_text(p.lineup) for p in deal.plays] == texts(seatings(seats, 2, "field"))
        a, b = unit_balanced(deal, seats)
        diffs.append(a - b)
    pair = result.pairs[0]
    assert (pair.a, pair.b) == ("random", "heuristic")
    assert pair.difference.mean == pytest.approx(sum(diffs) / len(diffs))
    assert pair.difference.mean < 0  # a random player among heuristic ones loses points


def test_the_design_is_part_of_a_checkpoint(tmp_path: Path) -> None:
    book = tmp_path / "deals.jsonl"
    mixed = run_arena("smear_ten_point", "heuristic,random", deals=1, seed=3, checkpoint=book)
    assert mixed.parameters["seating"] == "mixed"
    assert "seating" not in book.read_text().splitlines()[0]  # older checkpoints still resume
    with pytest.raises(RulesError, match="another arena run"):
        run_arena("smear_ten_point", "heuristic,random", deals=1, seed=3, checkpoint=book, seating="field")


# ---------------------------------------------------------------------- the command and the ladder
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "heuristic,random", "--seating", "nope"], "unknown seating 'nope' (known: mixed, field)"),
        (["--bots", "heuristic,random,easy", "--seating", "field"], "seating 'field' takes exactly two bots (got 3)"),
    ],
)
def test_cli_seating_mistakes_are_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", "--no-progress", "-p", "tarok_3p", *args], env={"COLUMNS": "200"})
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1
    assert lines[0].startswith("jick: error: ") and message in lines[0]


def test_cli_field_run_says_who_is_alone(tmp_path: Path) -> None:
    args = ["-p", "tarok_3p", "-b", "random,heuristic", "-d", "1", "--seed", "2", "-w", "1", "--seating", "field"]
    out = str(tmp_path / "r.json")
    result = runner.invoke(app, ["arena", "--no-progress", *args, "-o", out], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "seating field: random alone among heuristic" in result.output


def test_ladder_files_of_the_two_designs_differ() -> None:
    ladder = load_script("ladder")
    mixed = ladder.step_stem("smear_ten_point", 5, "mixed", "search", "heuristic", 1)
    assert mixed == "smear_ten_point-5p-search-heuristic-seed1"  # the names of the runs kept so far
    assert ladder.step_stem("smear_ten_point", None, "mixed", "a", "b", 1) == "smear_ten_point-a-b-seed1"
    assert ladder.step_stem("smear_ten_point", 5, "field", "search", "heuristic", 1) != mixed
