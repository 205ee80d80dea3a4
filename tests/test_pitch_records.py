"""Pitch presets in records, the text notations and `jick presets` / `jick play` (docs/pitch.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.games.smear import new_match
from jick.notation import export_ptn, export_text, import_ptn, import_text
from jick.record import dumps_record, load_record, loads_record, replay
from jick.session import Session

runner = CliRunner()


def played_session(preset: str, seed: int, deals: int) -> Session:
    session = Session.new(preset, seed=seed)
    rng = random.Random(seed)
    while len(session.state.deals) < deals and not session.state.is_terminal:
        session.act(session.to_act, rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("preset", ["pitch_auction", "pitch_six", "cinch"])
def test_a_pitch_record_replays_and_round_trips_as_text(preset: str) -> None:
    session = played_session(preset, seed=3, deals=3)
    record = session.record()
    again = replay(loads_record(dumps_record(record))).state
    assert again.scores == session.state.scores
    assert again.hand_results == session.state.hand_results
    back = import_text(export_text(record))
    assert replay(back).state.scores == session.state.scores


def test_a_record_written_before_the_pitch_options_replays_as_smear() -> None:
    session = played_session("smear_ten_point", seed=2, deals=2)
    record = json.loads(dumps_record(session.record()))
    for key in ("trump_set_by", "high_card", "use_off_five", "dealer_may_match"):
        del record["rules"][key]
    state = replay(loads_record(json.dumps(record))).state
    assert state.rules.trump_set_by == "naming" and state.rules.high_card == "ace"
    assert state.scores == session.state.scores


def test_the_lead_that_names_trump_round_trips_through_ptn() -> None:
    session = played_session("pitch_auction", seed=5, deals=4)
    full = session.record()
    text = export_ptn(full)
    assert text.count("[Deal ") == 3 and '[Variant "pitch_auction"]' in text
    back = import_ptn(text)
    assert export_ptn(back) == text
    results = session.state.hand_results
    assert [h.trump for h in replay(back).state.hand_results] == [h.trump for h in results[:3]]


def test_presets_lists_the_pitch_family() -> None:
    result = runner.invoke(app, ["presets"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name in ("pitch_auction", "pitch_five", "pitch_six", "pitch_seven", "pitch_nine", "pitch_ten", "cinch"):
        assert name in result.output
    result = runner.invoke(app, ["presets", "pitch_auction"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "trump_set_by" in result.output and "first_lead" in result.output
    assert "highest_played" in result.output


def test_a_bad_pitch_option_is_one_line_error() -> None:
    args = ["play", "--preset", "pitch_auction", "--set", "hand_size=9", "--seats", "bot,bot,bot,bot"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "trump_set_by = first_lead needs hand_size = 6" in result.output
    assert "Traceback" not in result.output


def test_a_pitch_match_plays_through_jick_play_with_piped_input(tmp_path: Path) -> None:
    """`jick play --preset pitch_auction`: answers piped in (bids, the naming lead, cards) reach the match's end.

    The answers are found by playing the same match (same seed, the same easy bots) in-process, then typed in.
    """
    from jick.bots import bot_action, make_bot
    from jick.play import bot_seed

    seed, me = 4, 0
    state = new_match("pitch_auction", seed=seed, overrides={"target_score": 7})
    bots = {s: make_bot("easy", bot_seed(seed, s), game="smear") for s in range(4) if s != me}
    rng = random.Random(seed)
    answers: list[str] = []
    naming_leads = 0
    while not state.is_terminal:
        seat = state.current_player
        if seat == me:
            naming_leads += state.phase == "play" and state.trump is None
            action = rng.choice(state.legal_actions())
            answers.append(str(action))
            state.apply(action)
        else:
            state.apply(bot_action(bots[seat], state, seat))
    assert naming_leads > 0  # the human made at least one lead that named trump
    path = tmp_path / "pitch.json"
    args = ["play", "--preset", "pitch_auction", "--seed", str(seed), "--seat", str(me), "--bot", "easy"]
    args += ["--set", "target_score=7", "--record", str(path)]
    result = runner.invoke(app, args, input="\n".join(answers) + "\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    assert "Match over" in result.output
    assert "not allowed" not in result.output and "not understood" not in result.output
    assert replay(load_record(path)).state.scores == state.scores
