"""Learn from your mistakes (``jick.analysis.practice``, ``jick analyse --practice``) with piped answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.analysis import DEPTHS, Analysis, analyse
from jick.analysis.practice import judge, puzzles
from jick.cli import app
from test_analysis import HANDS, QUICK, constructed

runner = CliRunner()


@pytest.fixture(autouse=True)
def unhurried_quick_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's ``quick`` depth with a loose deadline, so that its sample counts, not a loaded machine's clock, end it.

    With the shipped 1 s, a busy CI worker cuts the search short, the loss's error grows and the blunder loses its mark.
    """
    monkeypatch.setitem(DEPTHS, "quick", QUICK)


@pytest.fixture(scope="module")
def record_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("practice") / "blunder.json"
    path.write_text(json.dumps(constructed(HANDS)), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def blunder() -> Analysis:
    return analyse(constructed(HANDS), depth=QUICK, seed=1)


def test_the_blunder_is_a_puzzle_at_its_position(blunder: Analysis) -> None:
    found = puzzles(constructed(HANDS), blunder)
    assert len(found) == 1
    puzzle = found[0]
    assert (puzzle.decision.played, puzzle.decision.best) == ("2S", "AS")
    assert puzzle.state.current_player == 0 and puzzle.state.phase == "play"
    assert {str(a) for a in puzzle.state.legal_actions()} == {"AS", "2S"}  # must follow the Jack
    assert judge(puzzle.decision, "AS", blunder.thresholds[0]).verdict == "best"
    worse = judge(puzzle.decision, "2S", blunder.thresholds[0])
    assert worse.verdict == "worse" and worse.gap == pytest.approx(puzzle.decision.loss)


def practise(path: Path, answers: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["analyse", str(path), "--depth", "quick", "--seed", "1", "--practice"], input=answers)
    return result.exit_code, result.stdout, result.stderr


def test_cli_practice_a_better_answer_is_the_best(record_path: Path) -> None:
    code, out, _ = practise(record_path, "AS\n")
    assert code == 0, out
    assert "1 position to solve again: find a better play." in out
    assert "Position 1 of 1: deal 1, action 9, seat 0 (play)" in out
    assert "Your hand: " in out and "AS" in out  # the seat's own view of the position
    position = out.split("Position 1 of 1")[1].split("Your choice")[0]
    assert "Trick: seat 1 JS, seat 2 3H, seat 3 3D" in position
    assert not {"9S", "8S", "AH", "4H", "4D"} & set(position.replace(",", " ").split())  # no hidden card
    assert "Best: AS" in out and "(in the game: 2S" in out
    assert "Values (points): AS +" in out
    assert "Done: 1 of 1 positions answered, 1 as well as the best." in out


def test_cli_practice_a_worse_answer_and_bad_input_asked_again(record_path: Path) -> None:
    code, out, _ = practise(record_path, "XX\nKH\n2S\n")
    assert code == 0, out
    refusals = [line for line in out.splitlines() if line.startswith(("Not an action", "Not legal now"))]
    assert len(refusals) == 2, out  # one line each, then the question again
    assert "Not an action: 'XX'" in out
    assert "Worse: 2S" in out and "against AS" in out
    assert "Done: 1 of 1 positions answered, 0 as well as the best." in out


def test_cli_practice_input_that_ends_stops_cleanly(record_path: Path) -> None:
    code, out, _ = practise(record_path, "")
    assert code == 0 and "Input ended: 0 of 1 positions answered" in out
    assert "Traceback" not in out


def test_cli_practice_with_json_is_refused_in_one_line(record_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(record_path), "--practice", "--json"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "jick: error: --practice asks questions at the terminal; it cannot go with --json"
    ]


def test_cli_practice_without_marks_says_so(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(constructed(HANDS, last="AS")), encoding="utf-8")
    code, out, _ = practise(path, "")
    assert code == 0 and "No mistake or blunder to practise" in out
