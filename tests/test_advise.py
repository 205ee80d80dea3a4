"""`jick advise`: the bid advisor's figures, its recommendation on clear hands, and its errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.engine import RulesError
from jick.games.smear.advise import advise, parse_score

runner = CliRunner()
STRONG = "AS KS QS JS JC HJ LJ 10S 2S 3S"  # every top trump of spades, the Jick, both jokers, Low and Trey
WEAK = "4H 5D 6C 7H 8D 9C 4S 5S 6D 7C"  # no face card, ten, trey or deuce, no suit longer than three


def test_strong_hand_bids_in_its_suit_and_makes_every_low_bid() -> None:
    advice = advise("smear_ten_point", STRONG, samples=12, seed=3)
    assert advice.best_suit == "S"
    spades = next(s for s in advice.suits if s.suit == "S")
    assert spades.make_chance[2] == 1.0
    assert spades.expected_points > max(s.expected_points for s in advice.suits if s.suit != "S")
    assert advice.recommended != "pass"
    chances = list(spades.make_chance.values())
    assert chances == sorted(chances, reverse=True)


def test_worthless_hand_passes_when_it_may() -> None:
    advice = advise("smear_ten_point", WEAK, position=1, samples=30, seed=3)
    assert advice.recommended == "pass"
    assert advice.values["pass"] > max(v for k, v in advice.values.items() if k != "pass" and int(k) >= 5) + 2


def test_stuck_dealer_cannot_be_advised_to_pass() -> None:
    """The dealer bids last; under dealer_forced_min passing is refused when everyone before passed."""
    advice = advise("smear_ten_point", WEAK, position=4, samples=6, seed=3)
    assert "pass" not in advice.values and advice.recommended == "2"


def test_score_parsing() -> None:
    assert parse_score("5-12", 2) == (5, 12)
    assert parse_score("-3-4", 3) == (-3, 4, 4)
    with pytest.raises(RulesError, match="US-THEM"):
        parse_score("five", 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "AS KS"], "--hand has 2 cards; this preset deals 10"),
        (["--hand", "AS AS KS QS JS 10S 9S 8S 7S 6S"], "AS is named twice"),
        (["--hand", "AS XX KS QS JS 10S 9S 8S 7S 6S"], "'XX' is not a card"),
        (["--hand", STRONG, "--preset", "smear_five_point_team"], "HJ, LJ not in this preset's deck"),
        (["--hand", STRONG, "--position", "0"], "--position 0"),
        (["--hand", STRONG, "--score", "a-b"], "--score"),
        (["--hand", STRONG, "--preset", "lift_smoke"], "for Smear presets"),
        (["--hand", STRONG, "--preset", "nope"], "nope"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["advise", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jick: error:") and message in lines[0]


def test_cli_prints_table_and_json() -> None:
    wide = {"COLUMNS": "200"}
    result = runner.invoke(app, ["advise", "--hand", STRONG, "--samples", "6", "--score", "3-18"], env=wide)
    assert result.exit_code == 0, result.output
    assert "Recommended:" in result.output and "expected" in result.output
    result = runner.invoke(app, ["advise", "--hand", STRONG, "--samples", "6", "--json", "--position", "2"])
    data = json.loads(result.output)
    assert data["position"] == 2 and data["best_suit"] == "S" and len(data["suits"]) == 4
    assert data["recommended"] in data["values"]
