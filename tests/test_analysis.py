"""Post-game analysis (``jick.analysis``, ``jick analyse``): marks, honesty, the CLI and its JSON schema."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from jick.analysis import DEPTHS, LABELS, Analysis, Depth, analyse, positions
from jick.analysis.report import lines, to_json
from jick.cli import app
from jick.games.smear import new_match
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.presets import load_preset
from jick.record import record_of

runner = CliRunner()

#: Four-handed Smear with six cards and no discards: small enough to analyse in a moment.
PRESET = "smear_five_point_team"
OVERRIDES = {"hand_size": 6, "deal_packet": 3}
#: Dealer 0. Seat 1 bids 2, names spades and leads the Jack; partner (seat 2) and seat 3 show they have no
#: trump; seat 0, last to the trick, holds AS and 2S: the Ace takes the Jack, the deuce gives it (and Low)
#: to the other side. Whatever the hidden cards, 2S loses at least the Jack's two-point swing.
HANDS = {0: "AS 2S KH QH KD QD", 1: "JS 9S 8S AH AD AC", 2: "3H 4H 5H 6H 7H 8H", 3: "3D 4D 5D 6D 7D 8D"}
#: The same deal with the cards seats 2 and 3 have not played swapped between them.
SWAPPED = {**HANDS, 2: "3H 4D 5D 6D 7D 8D", 3: "3D 4H 5H 6H 7H 8H"}
ACTIONS = ["2", "pass", "pass", "pass", "S", "JS", "3H", "3D"]
#: The quick depth with a deadline no test machine reaches, so that the values depend on the seed alone.
QUICK = Depth("quick", "normal", 0.25, 2, 30.0)


def constructed(hands: dict[int, str], last: str = "2S", more: tuple[str, ...] = ()) -> dict[str, Any]:
    """The record of the arranged deal up to seat 0's card ``last`` and the actions ``more`` (unfinished)."""
    rules = load_preset(PRESET, 4, OVERRIDES)
    deck = arrange_deck(rules, 0, {seat: cards.split() for seat, cards in hands.items()})
    state = new_match(PRESET, overrides=OVERRIDES, decks=[deck], first_dealer=0)
    for text in [*ACTIONS, last, *more]:
        state.apply(state.parse_action(text))
    return record_of(state, {"seats": ["human", "normal", "normal", "normal"]})


@pytest.fixture(scope="module")
def blunder() -> Analysis:
    return analyse(constructed(HANDS), depth=QUICK, seed=1)


def test_the_card_that_gives_away_the_jack_is_marked_and_the_ace_named(blunder: Analysis) -> None:
    assert blunder.seats == (0,)  # the human seat of the record's meta
    decision = next(d for d in blunder.decisions if d.phase == "play")
    assert (decision.played, decision.best) == ("2S", "AS")
    assert decision.label in ("mistake", "blunder")
    # the Jack's swing (one point to us or one to them) at the least, within the values' error
    assert decision.loss >= 2.0 - 2 * decision.loss_error
    assert decision.played_value.value < decision.best_value.value
    assert decision.hindsight_best == "AS"  # with every card seen too
    text = "\n".join(lines(blunder))
    assert "2S??" in text or "2S?" in text
    assert "better AS" in text
    summary = blunder.summaries()[0]
    assert summary.counts[decision.label] >= 1 and summary.accuracy < 100
    assert summary.costliest[0] == decision


def test_the_best_card_is_not_marked() -> None:
    good = analyse(constructed(HANDS, last="AS"), depth=QUICK, seed=1)
    decision = next(d for d in good.decisions if d.phase == "play")
    assert (decision.played, decision.best, decision.loss, decision.label) == ("AS", "AS", 0.0, None)


def test_forced_decisions_are_never_valued_and_the_best_never_marked() -> None:
    record = constructed(HANDS, more=("9S", "4H", "4D", "AS"))  # seat 0 must follow the 9S with its last spade
    report = analyse(record, seats=[0, 1, 2, 3], depth=QUICK, seed=2)
    forced = {(d + 1, i + 1) for d, i, state, _, _ in positions(record) if len(state.legal_action_ids()) == 1}
    assert (1, len(ACTIONS) + 5) in forced
    assert not forced & {(d.deal, d.index) for d in report.decisions}
    assert all(len(d.values) >= 2 for d in report.decisions)
    for d in report.decisions:
        if d.played == d.best:
            assert d.label is None and d.loss == 0
        assert d.label in (*LABELS, None)


def test_honesty_hidden_cards_swapped_between_other_seats_change_no_value_from_what_the_seat_knew(
    blunder: Analysis,
) -> None:
    swapped = analyse(constructed(SWAPPED), depth=QUICK, seed=1)
    assert len(swapped.decisions) == len(blunder.decisions)
    for mine, theirs in zip(blunder.decisions, swapped.decisions, strict=True):
        assert [(v.action, v.value, v.error) for v in mine.values] == [
            (v.action, v.value, v.error) for v in theirs.values
        ]
        assert (mine.loss, mine.label) == (theirs.loss, theirs.label)


def test_the_same_seed_gives_the_same_values(blunder: Analysis) -> None:
    again = analyse(constructed(HANDS), depth=QUICK, seed=1)
    assert to_json(again)["decisions"] == to_json(blunder)["decisions"]


def test_a_decision_is_valued_the_same_whichever_other_seats_are_analysed(blunder: Analysis) -> None:
    every = analyse(constructed(HANDS), seats=[3, 2, 1, 0], depth=QUICK, seed=1)
    assert {d.seat for d in every.decisions} == {0, 1, 2, 3}
    mine = [d for d in every.decisions if d.seat == 0]
    assert [to_json_decision(d) for d in mine] == [to_json_decision(d) for d in blunder.decisions]


def to_json_decision(d: Any) -> Any:
    return (d.deal, d.index, d.played, d.best, d.loss, d.loss_error, d.label, d.values)


def schema() -> dict[str, Any]:
    text = resources.files("jick").joinpath("schemas/analysis.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def test_the_json_validates_against_its_schema(blunder: Analysis) -> None:
    jsonschema.validate(to_json(blunder), schema())


@pytest.fixture(scope="module")
def bot_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-hand match of four search bots, recorded by ``jick play``."""
    path = tmp_path_factory.mktemp("analysis") / "bots.json"
    args = ["play", "--seats", "bot,bot,bot,bot", "--seed", "5", "--set", "target_score=2", "--think", "0.2"]
    result = runner.invoke(app, [*args, "--record", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_cli_analyses_a_record_of_bots_as_json(bot_record: Path) -> None:
    result = runner.invoke(app, ["analyse", str(bot_record), "--depth", "quick", "--seat", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, schema())
    assert data["game"] == "smear" and data["hindsight"] is True
    assert [s["seat"] for s in data["seats"]] == [1]
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {1}


def test_cli_alias_prints_the_hand_and_the_summary(bot_record: Path) -> None:
    result = runner.invoke(app, ["analyze", str(bot_record), "--depth", "quick", "--seat", "3", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "Deal 1" in result.stdout
    assert "Seat 3: accuracy" in result.stdout


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("{", [], "JSON"),
        ('{"format": "jick-record"}', [], "record"),
        (None, ["--depth", "forever"], "unknown depth"),
        (None, ["--seat", "7"], "--seat 7"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, bot_record: Path, content: str | None, args: list[str], message: str
) -> None:
    path = bot_record
    if content is not None:
        path = tmp_path / "bad.json"
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), *args])
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("jick: error:"), err
    assert message in err
    assert "Traceback" not in result.output


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize("preset", ["tarok_3p", "lift_smoke"])
def test_every_game_is_analysed_without_hindsight_where_it_has_no_open_card_solver(preset: str) -> None:
    from jick.bots import make_bot
    from jick.registry import new_game

    state = new_game(preset, seed=4)
    bot = make_bot("heuristic", seed=1, game=state.game_name)
    for _ in range(24):  # the auction and a few tricks
        state.apply(bot.choose(state.observation(state.current_player)))
    report = analyse(record_of(state), seats=[0], depth=QUICK, seed=1)
    assert not report.hindsight and report.decisions
    assert all(v.hindsight is None for d in report.decisions for v in d.values)
    assert all(d.seat == 0 and len(d.values) >= 2 and d.loss >= 0 for d in report.decisions)
    assert "No hindsight" in "\n".join(lines(report))
    again = analyse(record_of(state), seats=[0], depth=QUICK, seed=1)
    assert to_json(again)["decisions"] == to_json(report)["decisions"]


def test_cli_defaults_to_the_human_seat_and_lists_only_the_marked_decisions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(DEPTHS, "quick", QUICK)  # counts, not a loaded machine's clock, end the search
    path = tmp_path / "blunder.json"
    path.write_text(json.dumps(constructed(HANDS)), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--depth", "quick", "--seed", "1", "--marked"])
    assert result.exit_code == 0, result.output
    decisions = [line for line in result.stdout.splitlines() if "seat 0 " in line]
    assert len(decisions) == 1 and "2S?" in decisions[0] and "better AS" in decisions[0]
    assert "Seat 0: accuracy" in result.stdout and "Seat 1" not in result.stdout
