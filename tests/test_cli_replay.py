"""``jick replay FILE [--json]``: the report of a good record, and one clear line
with exit code 2 for every kind of bad record (docs/records.md)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.games.smear import actions as A
from jick.games.smear import new_match
from jick.games.smear.report import POINT_LABELS, side_name
from jick.games.smear.state import SmearState
from jick.record import record_of, save_record
from test_record import finished_match, play

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, ["replay", *args])


def write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def match() -> SmearState:
    """A finished four-player ten_point match (SPEC 2.5)."""
    return finished_match("smear_ten_point", 4)


@pytest.fixture
def record(match: SmearState) -> dict[str, Any]:
    return record_of(match)


# ---------------------------------------------------------------------------- good records


def test_replay_prints_every_hand_and_the_result(match: SmearState, tmp_path: Path) -> None:
    result = run(str(save_record(match, tmp_path / "m.json")))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    rules = match.rules
    sides = [side_name(rules, s) for s in range(match.num_sides)]
    assert sides == ["seats 0+2", "seats 1+3"]  # SPEC 2.1: ten_point with 4 players plays in opposite pairs
    for hand in match.hand_results:
        header = f"Hand {hand.hand_number}: dealer {hand.dealer}, seat {hand.bidder} bid {hand.bid_text} in "
        at = next(i for i, line in enumerate(lines) if line.startswith(header))
        block = lines[at + 1 : at + 1 + len(hand.awards)]
        for award, line in zip(hand.awards, block, strict=True):
            assert line.split()[: len(POINT_LABELS[award.point].split())] == POINT_LABELS[award.point].split()
            assert f" {award.value}  " in line
            assert (sides[award.side] if award.side is not None else "nobody") in line
        scores = ", ".join(f"{sides[i]} {v}" for i, v in enumerate(hand.settlement.scores))
        assert lines[at + 1 + len(hand.awards)].endswith(f"-> {scores}")
    final = ", ".join(f"{sides[i]} {v}" for i, v in enumerate(match.scores))
    assert lines[-1] == f"Match over after {len(match.hand_results)} hands: {sides[match.winner]} won ({final})"


def test_replay_json_has_hands_scores_and_winner(match: SmearState, tmp_path: Path) -> None:
    result = run(str(save_record(match, tmp_path / "m.json")), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["finished"] is True
    assert report["scores"] == list(match.scores)
    assert report["winner"] == match.winner
    assert len(report["hands"]) == len(match.hand_results)
    running = [0] * match.num_sides
    for hand in report["hands"]:
        assert {p["point"] for p in hand["points"]} <= set(POINT_LABELS)
        running = [a + b for a, b in zip(running, hand["score_changes"], strict=True)]
        assert hand["scores"] == running
    assert running == report["scores"]


def test_replay_of_an_unfinished_record_with_redeals(tmp_path: Path) -> None:
    """smear_mn_original redeals when everyone passes (SPEC 2.1 all_pass = redeal_same_dealer)."""
    state = new_match("smear_mn_original", seed=0)
    for _ in range(4):
        state.apply(A.Pass())
    play(state, random.Random(0), limit=30)
    result = run(str(save_record(state, tmp_path / "m.json")))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    lines = lines[lines.index("") + 1 :]  # the table log first, then the score sheet
    assert lines[0] == f"Deal 1: dealer {state.deals[0].dealer}, all passed; the same dealer deals again"
    assert lines[-1].startswith(f"Unfinished after {len(state.hand_results)} hands (seats 0+2 ")
    report = json.loads(run(str(tmp_path / "m.json"), "--json").stdout)
    assert report["redeals"] == [{"deal": 1, "dealer": state.deals[0].dealer, "outcome": "all passed"}]
    assert report["finished"] is False and report["winner"] is None


def test_a_record_stopped_mid_hand_replays(tmp_path: Path) -> None:
    state = play(new_match("smear_widow", players=3, seed=9), random.Random(9), limit=23)
    result = run(str(save_record(state, tmp_path / "m.json")), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hands"] == []
    assert json.loads(result.stdout)["scores"] == [0, 0, 0]


# ---------------------------------------------------------------------------- bad records


def first_play(record: dict[str, Any]) -> int:
    actions = record["deals"][0]["actions"]
    return next(k for k, (_, text) in enumerate(actions) if isinstance(A.action_from_text(text), A.Play))


def bad_unknown_card(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    j = first_play(record)
    seat = record["deals"][0]["actions"][j][0]
    record["deals"][0]["actions"][j] = [seat, "ZH"]
    return record, f"deal 1, action {j + 1} ('ZH' by seat {seat}): 'ZH' is not a Smear action"


def bad_card_not_in_hand(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    j = first_play(record)
    actions = record["deals"][0]["actions"]
    seat, card = actions[j][0], actions[j + 1][1]
    actions[j] = [seat, card]
    return record, f"deal 1, action {j + 1} ({card!r} by seat {seat}): illegal: {card} is not in the hand of seat"


def bad_bid(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """SPEC 2.5: bids run from 2 to 10 in smear_ten_point."""
    seat = record["deals"][1]["actions"][0][0]
    record["deals"][1]["actions"][0] = [seat, "11"]
    return record, f"deal 2, action 1 ('11' by seat {seat}): illegal: bid 11 is above the maximum bid 10"


def bad_seat(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """SPEC 1.7: the auction starts with eldest, the dealer's left."""
    eldest = (record["deals"][0]["dealer"] + 1) % 4
    text = record["deals"][0]["actions"][0][1]
    record["deals"][0]["actions"][0] = [(eldest + 2) % 4, text]
    return record, f"deal 1, action 1 ({text!r} by seat {(eldest + 2) % 4}): wrong seat, it is seat {eldest} to bid"


def bad_version(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    record["version"] = 7
    return record, "record version 7 is not supported (this jick reads version 1)"


def bad_format(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    record["format"] = "pgn"
    return record, "not a jick record (format is 'pgn', expected 'jick-record')"


def bad_duplicate(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    deck = record["deals"][2]["deck"]
    deck[40] = deck[0]
    return record, f"deal 3: deck has {deck[0]} twice (cards 1 and 41)"


def bad_deck_card(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    record["deals"][0]["deck"][0] = "15S"
    return record, "deal 1: deck card 1: '15S' is not a card"


def bad_result(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    hands = record["result"]["hands"]
    record["result"]["hands"] = hands + 1
    return record, f"result: the record says hands = {hands + 1} but the replay gives {hands}"


def bad_truncated(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    deal = record["deals"][0]
    deal["actions"] = deal["actions"][:5]
    del deal["outcome"]
    return record, "deal 1: the deal is not over after its 5 actions (seat "


BAD_RECORDS = [
    bad_unknown_card,
    bad_card_not_in_hand,
    bad_bid,
    bad_seat,
    bad_version,
    bad_format,
    bad_duplicate,
    bad_deck_card,
    bad_result,
    bad_truncated,
]


def assert_one_line_error(result: Any, expected: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("jick: error: ")
    assert expected in lines[0]


@pytest.mark.parametrize("spoil", BAD_RECORDS, ids=[f.__name__[4:] for f in BAD_RECORDS])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_bad_record_ends_in_one_line_and_exit_code_2(
    record: dict[str, Any], spoil: Any, as_json: bool, tmp_path: Path
) -> None:
    bad, expected = spoil(copy.deepcopy(record))
    path = write(tmp_path / "bad.json", bad)
    result = run(str(path), *(["--json"] if as_json else []))
    assert_one_line_error(result, expected)


def test_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("deal 1: AS KS\n", encoding="utf-8")
    assert_one_line_error(run(str(path)), f"record file {str(path)!r} is not valid JSON: ")


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    assert_one_line_error(run(str(path)), f"record file {str(path)!r} does not exist")


def test_the_jick_script_reports_a_bad_record(record: dict[str, Any], tmp_path: Path) -> None:
    """The installed entry point, not only the typer app: stderr, exit code 2, no traceback."""
    bad, expected = bad_seat(copy.deepcopy(record))
    path = write(tmp_path / "bad.json", bad)
    code = "from jick.cli import main; main()"
    proc = subprocess.run(
        [sys.executable, "-c", code, "replay", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [f"jick: error: {expected}"]
