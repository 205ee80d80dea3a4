"""Records and ``jick replay`` for Tarok and Lift Smoke (docs/records.md): round trips of
every preset, partial records, the JSON Schema, bad records and the replay command.

Matches are played by a seeded ``random.Random`` among the legal actions. A Lift
Smoke session has no fixed length in its preset (``games_per_session`` none), so
the table stops it with ``end_session`` after a few games.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.engine import RecordError
from jick.games import liftsmoke, tarok
from jick.games.tarok.cards import CARDS as TAROK_CARDS
from jick.record import (
    dumps_record,
    load_record,
    loads_record,
    record_of,
    record_schema,
    replay,
    save_record,
    validate_record,
)

runner = CliRunner()

TAROK_PRESETS = tarok.preset_names()
LIFT_CONFIGS = [(name, n) for name in liftsmoke.preset_names() for n in liftsmoke.preset_info(name).players]


def play(state: Any, rng: random.Random, limit: int, games: int | None = None) -> Any:
    """Up to ``limit`` random legal actions; with ``games``, end the Lift Smoke session after that many."""
    for _ in range(limit):
        if state.current_player < 0:
            break
        state.apply(rng.choice(state.legal_actions()))
        if games is not None and state.games_played >= games and not state.is_terminal:
            state.end_session()
    return state


def tarok_match(preset: str, seed: int = 0, limit: int = 5000) -> tarok.TarokState:
    return play(tarok.new_match(preset, seed=seed), random.Random(seed), limit)


def lift_session(preset: str, players: int, seed: int = 0, games: int = 3) -> liftsmoke.LiftSmokeState:
    return play(liftsmoke.new_match(preset, players=players, seed=seed), random.Random(seed), 3000, games)


def round_trips(state: Any, tmp_path: Path) -> list[Any]:
    record = record_of(state)
    path = save_record(state, tmp_path / "match.json")
    return [replay(record).state, replay(load_record(path)).state, replay(loads_record(json.dumps(record))).state]


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# ---------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("preset", TAROK_PRESETS)
def test_a_finished_tarok_match_round_trips(preset: str, tmp_path: Path, validator: Any) -> None:
    state = tarok_match(preset)
    assert state.is_terminal
    record = record_of(state)
    # SPEC 4.15: a match is deals_per_match deals (all-pass deals count)
    assert record["result"]["deals"] == state.rules.deals_per_match == len(state.deal_results)
    assert record["result"]["winners"] == list(state.winners)
    for again in round_trips(state, tmp_path):
        assert again._snapshot() == state._snapshot()
        assert record_of(again) == record
    assert list(validator.iter_errors(json.loads(dumps_record(record)))) == []


@pytest.mark.parametrize(("preset", "players"), LIFT_CONFIGS)
def test_a_stopped_lift_smoke_session_round_trips(preset: str, players: int, tmp_path: Path, validator: Any) -> None:
    state = lift_session(preset, players)
    assert state.is_terminal and state.session_ended
    record = record_of(state)
    assert record["session_ended"] is True
    assert record["result"]["games"] == state.games_played == 3
    # the game in progress when the table stopped is abandoned; its antes go back
    assert record["deals"][-1]["outcome"] == "abandoned: session ended"
    for again in round_trips(state, tmp_path):
        assert again._snapshot() == state._snapshot()
        assert again.session_ended
    assert list(validator.iter_errors(json.loads(dumps_record(record)))) == []


def test_a_lift_smoke_session_of_fixed_length_has_no_session_flag(validator: Any) -> None:
    state = play(liftsmoke.new_match("lift_smoke", seed=4, overrides={"games_per_session": 2}), random.Random(4), 3000)
    assert state.is_terminal and not state.session_ended
    record = record_of(state)
    assert "session_ended" not in record and record["result"]["games"] == 2
    assert replay(record).state._snapshot() == state._snapshot()
    assert validator.is_valid(record)


@pytest.mark.parametrize("stop", [1, 5, 30, 200])
def test_partial_records_replay_and_play_on(stop: int, validator: Any) -> None:
    for state in (
        play(tarok.new_match("tarok_4p", seed=stop), random.Random(stop), stop),
        play(liftsmoke.new_match("lift_smoke", players=5, seed=stop), random.Random(stop), stop),
    ):
        record = record_of(state)
        assert validator.is_valid(json.loads(dumps_record(record)))
        again = replay(record).state
        assert again._snapshot() == state._snapshot()
        assert again.legal_action_ids() == state.legal_action_ids()
        moves = random.Random(-stop)
        for _ in range(60):
            if state.current_player < 0:
                break
            action = moves.choice(state.legal_actions())
            state.apply(action)
            again.apply(action)
        assert again._snapshot() == state._snapshot()


def test_a_void_tarok_deal_and_explicit_decks_round_trip(validator: Any) -> None:
    decks = [tarok.new_match("tarok_3p", seed=s).deals[0].deck for s in range(3)]
    state = tarok.new_match("tarok_3p", decks=decks)
    state.apply_text("pass")
    state.void_deal("a card was exposed")
    play(state, random.Random(2), 30)
    record = record_of(state)
    assert record["seed"] is None
    assert record["deals"][0]["void"] == "a card was exposed"
    assert record["deals"][1]["dealer"] == record["deals"][0]["dealer"]  # the same dealer deals again
    assert replay(record).state._snapshot() == state._snapshot()
    assert validator.is_valid(record)


def test_a_session_stopped_between_games_waiting_for_a_deck() -> None:
    deck = liftsmoke.new_match("lift_smoke", seed=9).deals[0].deck
    state = liftsmoke.new_match("lift_smoke", decks=[deck])
    play(state, random.Random(9), 500)
    assert state.current_player == -2 and state.games_played == 1  # the next game needs a deck
    state.end_session()
    record = record_of(state)
    assert record["session_ended"] is True and len(record["deals"]) == 1
    assert replay(record).state._snapshot() == state._snapshot()


def test_reshuffle_orders_are_checked() -> None:
    """No dealt game empties the stock (see LiftSmokeState), so a recorded reshuffle can never be used."""
    record = record_of(lift_session("lift_smoke", 4, seed=1))
    bad = copy.deepcopy(record)
    bad["deals"][0]["reshuffles"] = [["AS", "KS"]]
    with pytest.raises(
        RecordError, match=r'^deal 1: the record says reshuffles = \[\["AS", "KS"\]\] but the replay gives nothing$'
    ):
        replay(bad)
    bad["deals"][0]["reshuffles"] = [["AS", "ZZ"]]
    with pytest.raises(RecordError, match="^deal 1: reshuffle 1 card 2: 'ZZ' is not a card"):
        validate_record(bad)


# ---------------------------------------------------------------------------- schema


def test_the_schema_knows_each_games_cards_and_actions() -> None:
    defs = record_schema()["$defs"]
    card = jsonschema.Draft202012Validator(defs["tarok_card"])
    assert all(card.is_valid(str(c)) for c in TAROK_CARDS)
    assert not any(card.is_valid(bad) for bad in ("XXII", "5H", "10H", "4S", "IIII", "", "ks"))
    action = jsonschema.Draft202012Validator(defs["tarok_action"])
    from jick.games.tarok.actions import ACTIONS as TAROK_ACTIONS

    assert all(action.is_valid(str(a)) for a in TAROK_ACTIONS)
    assert not any(action.is_valid(bad) for bad in ("bid", "--KH", "PASS", "5"))
    from jick.games.liftsmoke.actions import ACTIONS as LIFT_ACTIONS

    lift = jsonschema.Draft202012Validator(defs["liftsmoke_card"])
    assert all(lift.is_valid(str(a)) for a in LIFT_ACTIONS)
    assert not any(lift.is_valid(bad) for bad in ("JK", "HJ", "-AS", "1S"))


def test_the_schema_refuses_a_game_mixup(validator: Any) -> None:
    record = record_of(lift_session("lift_smoke", 4))
    assert validator.is_valid(record)
    for key, value in (("game", "tarok"), ("game", "chess"), ("session_ended", "yes")):
        bad = copy.deepcopy(record)
        bad[key] = value
        assert not validator.is_valid(bad), (key, value)
    tarok_record = record_of(tarok_match("tarok_3p"))
    bad = copy.deepcopy(tarok_record)
    bad["session_ended"] = True
    assert not validator.is_valid(bad)
    bad = copy.deepcopy(tarok_record)
    bad["deals"][0]["deck"][0] = "AS"
    assert not validator.is_valid(bad)


# ---------------------------------------------------------------------------- bad records


@pytest.fixture(scope="module")
def tarok_record() -> dict[str, Any]:
    return record_of(tarok_match("tarok_3p"))


@pytest.fixture(scope="module")
def lift_record() -> dict[str, Any]:
    return record_of(lift_session("lift_smoke", 4))


def replay_error(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_bad_tarok_records(tarok_record: dict[str, Any]) -> None:
    """SPEC 4.5: the forehand (the dealer's left) bids first; only a threesome can be the first bid."""
    r = copy.deepcopy(tarok_record)
    dealer = r["deals"][0]["dealer"]
    forehand = (dealer + 1) % 3
    r["deals"][0]["actions"][0] = [(forehand + 1) % 3, "pass"]
    assert (
        replay_error(r)
        == f"deal 1, action 1 ('pass' by seat {(forehand + 1) % 3}): wrong seat, it is seat {forehand} to bid"
    )
    r = copy.deepcopy(tarok_record)
    r["deals"][0]["actions"][0] = [forehand, "moon"]
    assert replay_error(r).startswith(f"deal 1, action 1 ('moon' by seat {forehand}): 'moon' is not a Tarok action")
    r = copy.deepcopy(tarok_record)
    r["deals"][0]["deck"][5] = "5H"
    assert replay_error(r) == "deal 1: deck card 6: '5H' is not a Tarok card (use e.g. I, XXI, SKUS, KH, CH, 4D, 10S)"
    r = copy.deepcopy(tarok_record)
    r["deals"][1]["deck"][7] = r["deals"][1]["deck"][2]
    assert replay_error(r) == f"deal 2: deck has {r['deals'][1]['deck'][2]} twice (cards 3 and 8)"
    r = copy.deepcopy(tarok_record)
    r["deals"][0]["outcome"] = "abandoned: session ended"
    assert replay_error(r).startswith(
        "deal 1: unknown outcome 'abandoned: session ended' (outcomes: played, all passed"
    )
    r = copy.deepcopy(tarok_record)
    r["rules"]["jack_value"] = 4
    assert replay_error(r) == "record rules: option jack_value = 4 is not allowed; use 2 | 3"
    r = copy.deepcopy(tarok_record)
    r["result"]["winners"] = [0, 1, 2]
    assert replay_error(r).startswith("result: the record says winners = [0, 1, 2] but the replay gives ")


def test_a_tarok_card_not_in_hand(tarok_record: dict[str, Any]) -> None:
    actions = tarok_record["deals"][0]["actions"]
    texts = [t for _, t in actions]
    j = next(
        k
        for k, t in enumerate(texts)
        if t not in ("pass", "threesome", "solo", "accept", "reject", "game", "consolation", "ultimo", "contra")
        and not t.startswith("-")
    )
    seat, card = actions[j][0], actions[j + 1][1]
    r = copy.deepcopy(tarok_record)
    r["deals"][0]["actions"][j] = [seat, card]
    assert replay_error(r).startswith(
        f"deal 1, action {j + 1} ({card!r} by seat {seat}): illegal: {card} is not in the hand"
    )


def test_bad_lift_smoke_records(lift_record: dict[str, Any]) -> None:
    r = copy.deepcopy(lift_record)
    seat = r["deals"][0]["actions"][0][0]
    r["deals"][0]["actions"][0] = [seat, "JK"]
    assert replay_error(r) == f"deal 1, action 1 ('JK' by seat {seat}): 'JK': there are no jokers in Lift Smoke"
    r = copy.deepcopy(lift_record)
    r["deals"][0]["deck"][0] = "HJ"
    assert replay_error(r) == "deal 1: deck card 1 (HJ) is not in the 52-card deck of these rules"
    r = copy.deepcopy(lift_record)
    r["deals"][0]["void"] = "exposed"
    assert replay_error(r).startswith("deal 1 has unknown field 'void' (fields are: dealer, deck, actions, reshuffles")
    r = copy.deepcopy(lift_record)
    del r["session_ended"]
    n = len(r["deals"])
    assert replay_error(r).startswith(f"deal {n}: the record says the deal ended (abandoned: session ended) but it is")
    r = copy.deepcopy(lift_record)
    r["session_ended"] = "yes"
    assert replay_error(r) == "record field 'session_ended' must be true or false, not 'yes'"
    r = copy.deepcopy(lift_record)
    r["rules"]["ante"] = -1
    assert replay_error(r) == "record rules: option ante = -1 must be >= 0"
    r = copy.deepcopy(lift_record)
    first = r["deals"][0]["actions"]
    seat, card = first[0]
    other = next(c for s, c in first[1:] if s != seat)
    r["deals"][0]["actions"][0] = [seat, other]
    assert (
        replay_error(r)
        == f"deal 1, action 1 ({other!r} by seat {seat}): illegal: {other} is not in the hand of seat {seat}"
    )


# ---------------------------------------------------------------------------- jick replay


def cli(*args: str) -> Any:
    return runner.invoke(app, ["replay", *args])


def test_jick_replay_of_a_tarok_match(tmp_path: Path) -> None:
    state = tarok_match("tapp_tarok_4p", seed=5)
    path = save_record(state, tmp_path / "t.json")
    result = cli(str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for k, res in enumerate(state.deal_results):
        block = next(i for i, line in enumerate(lines) if line.startswith(f"Deal {k + 1}: dealer {res.dealer}, "))
        if res.bidder is not None:
            assert f"seat {res.bidder} {res.contract} {res.game_type} (m = {res.multiplier})" in lines[block]
        scores = ", ".join(f"seat {i} {v}" for i, v in enumerate(res.scores))
        assert lines[block + 1 + len(res.awards)] == f"  scores: {scores}"
    final = ", ".join(f"seat {i} {v}" for i, v in enumerate(state.scores))
    assert lines[-1].startswith("Match over after 12 deals: ") and lines[-1].endswith(f"({final})")
    report = json.loads(cli(str(path), "--json").stdout)
    assert report["game"] == "tarok" and report["finished"] is True
    assert report["scores"] == list(state.scores) and report["winners"] == list(state.winners)
    running = [0] * 4
    for deal in report["results"]:
        running = [a + b for a, b in zip(running, deal["changes"], strict=True)]
        assert deal["scores"] == running
        assert [sum(c) for c in zip(*[a["changes"] for a in deal["awards"]], strict=True)] == (
            deal["changes"] if deal["awards"] else []
        )


def test_jick_replay_of_a_lift_smoke_session(tmp_path: Path) -> None:
    state = lift_session("lift_smoke", 5, seed=2, games=4)
    path = save_record(state, tmp_path / "l.json")
    result = cli(str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for res in state.game_results:
        line = next(x for x in lines if x.startswith(f"Game {res.game_number}: dealer {res.dealer}, "))
        assert f"pot {res.pot}: seat {res.winner} wins ({res.reason}, " in line
    final = ", ".join(f"seat {i} {v}" for i, v in enumerate(state.scores))
    assert lines[-1].startswith("Session stopped after 4 games: ") and lines[-1].endswith(f"({final})")
    report = json.loads(cli(str(path), "--json").stdout)
    assert report["game"] == "liftsmoke" and report["session_ended"] is True
    assert [g["winner"] for g in report["games"]] == [r.winner for r in state.game_results]
    assert report["scores"] == list(state.scores) and report["winner"] == state.winner
    # SPEC 5.1: chips only move between players, so the totals always sum to zero without a bankroll
    assert sum(report["scores"]) == 0


def test_jick_replay_of_an_unfinished_tarok_record(tmp_path: Path) -> None:
    state = play(tarok.new_match("tarok_3p", seed=3), random.Random(3), 70)
    result = cli(str(save_record(state, tmp_path / "t.json")))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith(f"Unfinished after {len(state.deal_results)} deals (seat 0 ")


@pytest.mark.parametrize("as_json", [False, True])
def test_jick_replay_of_bad_records_is_one_line(
    tarok_record: dict[str, Any], lift_record: dict[str, Any], as_json: bool, tmp_path: Path
) -> None:
    bad_tarok = copy.deepcopy(tarok_record)
    bad_tarok["deals"][2]["actions"] = bad_tarok["deals"][2]["actions"][:3]
    del bad_tarok["deals"][2]["outcome"]
    bad_lift = copy.deepcopy(lift_record)
    bad_lift["deals"][1]["dealer"] = (bad_lift["deals"][1]["dealer"] + 1) % 4
    dealer = lift_record["deals"][1]["dealer"]
    cases = [
        (bad_tarok, "deal 3: the deal is not over after its 3 actions (seat "),
        (bad_lift, f"deal 2: dealer is {(dealer + 1) % 4} in the record but {dealer} by the rules"),
    ]
    for record, expected in cases:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        result = cli(str(path), *(["--json"] if as_json else []))
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert result.stderr.splitlines() == [result.stderr.strip()]
        assert result.stderr.startswith(f"jick: error: {expected}")


def test_a_tarok_record_from_before_consolation_scoring_replays_under_the_mirror_formulas(validator: Any) -> None:
    """Records written before the SPEC errata of 2026-11-26 lack ``consolation_scoring``; they were scored
    with the mirror formulas, so a missing field reads as ``"mirror"`` and their results still check."""
    from jick.games.tarok.bot import HeuristicBot

    old_rules = {"consolation_in_solo": True, "consolation_scoring": "mirror", "deals_per_match": 3}
    state = tarok.new_match("tarok_3p", seed=5, overrides=old_rules)
    bots = [HeuristicBot(s) for s in range(3)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state.observation(state.current_player)))
    mirrored = [r for r in state.deal_results if r.game_type == "consolation" and r.amount != r.game_value]
    assert mirrored  # a consolation whose amount the mirror formulas set
    old = record_of(state)
    del old["rules"]["consolation_scoring"]
    old["overrides"] = {"consolation_in_solo": True, "deals_per_match": 3}
    assert validator.is_valid(old)
    rebuilt = replay(old).state
    assert rebuilt.rules.consolation_scoring == "mirror" and rebuilt.rules.consolation_in_solo is True
    assert rebuilt.scores == state.scores
    # Read under today's default instead, the same record no longer adds up.
    literal = copy.deepcopy(old)
    literal["rules"]["consolation_scoring"] = "literal"
    assert replay_error(literal).startswith("result: the record says scores = ")
    # A new record always writes the option.
    assert record_of(tarok.new_match("tarok_3p", seed=5))["rules"]["consolation_scoring"] == "literal"
