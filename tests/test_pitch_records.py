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
from jick.record import dumps_record, load_record, loads_record, record_schema, replay
from jick.session import Session

runner = CliRunner()


def played_session(
    preset: str, seed: int, deals: int, players: int | None = None, overrides: dict[str, object] | None = None
) -> Session:
    session = Session.new(preset, seed=seed, players=players, overrides=overrides)
    rng = random.Random(seed)
    while len(session.state.deals) < deals and not session.state.is_terminal:
        session.act(session.to_act, rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("preset", ["pitch_auction", "pitch_six", "pitch_eleven", "pitch_thirteen", "cinch"])
def test_a_pitch_record_replays_and_round_trips_as_text(preset: str) -> None:
    session = played_session(preset, seed=3, deals=3)
    record = session.record()
    again = replay(loads_record(dumps_record(record))).state
    assert again.scores == session.state.scores
    assert again.hand_results == session.state.hand_results
    back = import_text(export_text(record))
    assert replay(back).state.scores == session.state.scores


def test_a_stripped_deck_is_kept_in_the_record() -> None:
    session = played_session("pitch_auction", seed=4, deals=2, players=6, overrides={"deck_ranks": "5-A"})
    record = session.record()
    assert all(len(deal.deck) == 40 for deal in session.state.deals)
    again = replay(loads_record(dumps_record(record))).state
    assert again.rules.deck_ranks == "5-A" and again.scores == session.state.scores
    assert replay(import_text(export_text(record))).state.scores == session.state.scores


def test_a_record_written_before_the_pitch_options_replays_as_smear() -> None:
    session = played_session("smear_ten_point", seed=2, deals=2)
    record = json.loads(dumps_record(session.record()))
    schema = record_schema()["$defs"]["rules"]
    later = set(schema["properties"]) - set(schema["required"])  # the options older records may lack
    assert {"trump_set_by", "smudge", "call_partner"} <= later
    for key in later:
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
    names = ("pitch_auction", "pitch_five", "pitch_six", "pitch_seven", "pitch_nine", "pitch_ten", "cinch")
    for name in (*names, "pitch_eleven", "pitch_thirteen"):
        assert name in result.output
    result = runner.invoke(app, ["presets", "pitch_thirteen"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "source: Trickster Cards Pitch rules" in result.output and "use_off_three" in result.output
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


@pytest.mark.parametrize(
    "overrides",
    [
        {"smudge": "all_points", "auction_laps": "rounds", "both_cross": "bidder_goes_out"},
        {"smudge": "all_tricks", "auction_laps": "rounds", "dealer_may_match": True},
    ],
)
def test_smudges_and_rounds_of_bids_replay_from_a_valid_record(overrides: dict[str, object]) -> None:
    import jsonschema

    from jick.games.smear import actions as A
    from jick.record import record_of, record_schema

    session = Session.new("pitch_auction", seed=4, overrides=overrides)
    rng = random.Random(4)
    smudged = second_lap = False
    while len(session.state.deals) < 30 and not session.state.is_terminal:
        state = session.state
        legal = state.legal_actions()
        smudge = A.ACTIONS[A.SMUDGE_ID]
        action = smudge if smudge in legal and rng.random() < 0.05 else rng.choice(legal)
        calls = sum(1 for _, aid in state.deals[-1].actions)
        second_lap = second_lap or (state.phase == "bidding" and calls >= state.num_players)
        smudged = smudged or action == smudge
        session.act(session.to_act, action)
    assert smudged and second_lap  # both were played, not just allowed
    record = json.loads(dumps_record(record_of(session.state)))
    jsonschema.validate(record, record_schema())
    assert "smudge" in {text for deal in record["deals"] for _, text in deal["actions"]}
    again = replay(loads_record(json.dumps(record))).state
    assert again.hand_results == session.state.hand_results
    assert any(h.smudge for h in again.hand_results)


def test_the_story_and_the_terminal_name_a_smudge() -> None:
    from jick.games.smear import actions as A
    from jick.story import Storyteller, render

    session = Session.new("pitch_smudge", seed=2)
    teller = Storyteller(session.state)
    state = session.state
    teller.follow(state, state.current_player, A.ACTIONS[A.SMUDGE_ID])
    lines = [render(line, ["Ann", "Bob", "Cy", "Dee"], viewer=0) for line in teller.story.lines]
    assert lines[-1].endswith("bids a smudge (every trick and every point, worth 5)")
    args = ["play", "--preset", "pitch_smudge", "--seats", "human,bot,bot,bot", "--seed", "2"]
    result = runner.invoke(app, args, input="smudge\nquit\n", env={"COLUMNS": "200"})
    assert "smudge" in result.output and "bid a smudge! (every trick and every point, worth 5)" in result.output


def test_the_story_says_a_defending_side_at_the_target_plays_on() -> None:
    from jick.games.smear import new_match
    from jick.story import Storyteller, render

    for seed in range(40):
        state = new_match("pitch_auction", seed=seed, overrides={"both_cross": "bidder_goes_out"})
        state.set_scores([0, 10])
        teller = Storyteller(state)
        rng = random.Random(seed)
        while not state.hand_results:
            teller.follow(state, state.current_player, rng.choice(state.legal_actions()))
        result = state.hand_results[0]
        if result.settlement.scores[1] >= 11 and state.winner is None:
            break
    else:
        pytest.fail("no seed left EW at the target without the match won")
    assert state.rules.side_of(result.bidder) == 0 or not result.settlement.made
    lines = [render(line, ["Ann", "Bob", "Cy", "Dee"], viewer=None) for line in teller.story.lines]
    assert "Bob & Dee reach 11 but only a made bid goes out: play on" in lines


def test_a_dealer_set_is_kept_in_the_record_and_told() -> None:
    import jsonschema

    from jick.games.smear import new_match
    from jick.games.smear.actions import Pass
    from jick.record import record_of, record_schema
    from jick.story import Storyteller, render

    state = new_match("smear_site_playsmear", seed=4)
    teller = Storyteller(state)
    dealer = state.observation(0).dealer
    for _ in range(4):
        teller.follow(state, state.current_player, Pass())
    assert state.scores[state.rules.side_of(dealer)] == -2 and state.observation(0).dealer == (dealer + 1) % 4
    lines = [render(line, ["Ann", "Bob", "Cy", "Dee"], viewer=None) for line in teller.story.lines]
    assert "Hand 1 is not played (all passed); the dealer's side loses 2 and the next dealer deals" in lines
    record = json.loads(dumps_record(record_of(state)))
    jsonschema.validate(record, record_schema())
    again = replay(loads_record(json.dumps(record))).state
    assert again.scores == state.scores and again.observation(0).dealer == state.observation(0).dealer
    args = ["play", "--preset", "smear_site_playsmear", "--seats", "human,bot,bot,bot", "--seed", "2"]
    result = runner.invoke(app, args, input="quit\n", env={"COLUMNS": "200"})
    assert "if everyone passes, the dealer's side loses 2" in result.output


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
