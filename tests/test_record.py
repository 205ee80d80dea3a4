"""Game records (``jick.record``, docs/records.md): round trips, partial records,
redeals, the JSON Schema and the loader's error messages.

Matches are played by a seeded ``random.Random`` among the legal actions. To
make matches end in a few dozen deals, a bidder names its longest suit and
bids are the minimum or a pass; everything else is a uniform random choice.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from enum import StrEnum
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from jick.cards import CARDS, SUIT_MASKS, parse_card
from jick.engine import RecordError
from jick.games.smear import actions as A
from jick.games.smear import load_preset, new_match, preset_info, preset_names
from jick.games.smear.rules import INT_CHOICES, POINT_NAMES, SmearRules, option_types
from jick.games.smear.state import SmearState
from jick.games.smear.tables import deck_cards
from jick.record import (
    FORMAT,
    VERSION,
    dumps_record,
    load_record,
    loads_record,
    record_of,
    record_schema,
    replay,
    save_record,
    validate_record,
)

#: Every (preset, player count) the presets allow.
CONFIGS = [(name, players) for name in preset_names() for players in preset_info(name).players]
CONFIG_IDS = [f"{name}-{players}p" for name, players in CONFIGS]
#: A match that has not ended after this many actions is abandoned (and another seed tried).
MAX_ACTIONS = 4000


# ---------------------------------------------------------------------------- helpers


def choose(state: SmearState, rng: random.Random) -> A.Action:
    """A random legal action, biased so that bidders usually make their bids."""
    legal = state.legal_actions()
    if state.phase == "bidding":
        low = [a for a in legal if isinstance(a, A.Pass)] + [a for a in legal if isinstance(a, A.Bid)][:1]
        return rng.choice(low or legal)
    if state.phase == "trump":
        hand = state.hand_mask(state.current_player)
        longest = max(range(4), key=lambda s: (hand & SUIT_MASKS[s]).bit_count())
        return A.NameTrump(longest)
    return rng.choice(legal)


def play(state: SmearState, rng: random.Random, limit: int = MAX_ACTIONS) -> SmearState:
    """Apply up to ``limit`` chosen actions, stopping early at the end of the match."""
    for _ in range(limit):
        if state.current_player < 0:  # the match is over, or no deck is left for the next deal
            break
        state.apply(choose(state, rng))
    return state


def finished_match(name: str, players: int, first_seed: int = 0) -> SmearState:
    """A finished match of a preset: the first seed from ``first_seed`` whose match ends in time.

    Each match is played once per test run (several tests read the same ones); callers get a clone.
    """
    return _finished_match(name, players, first_seed).clone()


@functools.cache
def _finished_match(name: str, players: int, first_seed: int) -> SmearState:
    for seed in range(first_seed, first_seed + 20):
        state = play(new_match(name, players=players, seed=seed), random.Random(seed))
        if state.is_terminal:
            return state
    raise AssertionError(f"no match of {name} ({players} players) ended within {MAX_ACTIONS} actions")


def deal_positions(rules: SmearRules, dealer: int) -> dict[int, list[int]]:
    """Deck positions of each seat's dealt cards, per SPEC 1.5's canonical deal."""
    n = rules.num_players
    hands: dict[int, list[int]] = {seat: [] for seat in range(n)}
    idx = 0
    for r in range(rules.hand_size // rules.deal_packet):
        for j in range(1, n + 1):
            hands[(dealer + j) % n].extend(range(idx, idx + rules.deal_packet))
            idx += rules.deal_packet
        if r == 0:
            idx += rules.kitty_size
    return hands


def deck_dealing(rules: SmearRules, dealer: int, seat: int, cards: list[str]) -> list[str]:
    """A deck that deals ``cards`` to ``seat``; the other places get the rest of the deck, aces and jokers first."""
    wanted = [parse_card(c).index for c in cards]
    rest = sorted((c for c in deck_cards(rules) if c not in wanted), key=lambda c: -(c % 13) if c < 52 else -99)
    deck: list[int | None] = [None] * len(deck_cards(rules))
    for pos, card in zip(deal_positions(rules, dealer)[seat], wanted, strict=True):
        deck[pos] = card
    fill = iter(rest)
    return [str(CARDS[c if c is not None else next(fill)]) for c in deck]


def round_trips(state: SmearState, tmp_path: Path) -> list[SmearState]:
    """The state rebuilt from its record in memory, from a file and from JSON text."""
    record = record_of(state)
    path = save_record(state, tmp_path / "match.json")
    return [
        replay(record).state,
        replay(load_record(path)).state,
        replay(loads_record(json.dumps(record))).state,
    ]


# ---------------------------------------------------------------------------- round trips


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_a_finished_match_replays_to_the_same_result(name: str, players: int, tmp_path: Path) -> None:
    state = finished_match(name, players)
    record = record_of(state)
    assert record["result"] == {
        "finished": True,
        "hands": len(state.hand_results),
        "scores": list(state.scores),
        "winner": state.winner,
    }
    for again in round_trips(state, tmp_path):
        assert again.is_terminal
        assert again.scores == state.scores
        assert again.winner == state.winner
        assert again.rules == state.rules
        assert again._snapshot() == state._snapshot()
        assert record_of(again) == record


@pytest.mark.parametrize(("name", "players"), CONFIGS[::3], ids=CONFIG_IDS[::3])
def test_a_partial_record_replays_to_the_same_state(name: str, players: int, tmp_path: Path) -> None:
    rng = random.Random(f"{name}{players}")
    # stop mid-auction, mid-discard or mid-trick of the first deal, and somewhere in a later deal
    for stop in (1, 7, 25, rng.randrange(40, 400)):
        state = play(new_match(name, players=players, seed=stop), random.Random(stop), limit=stop)
        for again in round_trips(state, tmp_path):
            assert again._snapshot() == state._snapshot()
            assert again.current_player == state.current_player
            assert again.legal_action_ids() == state.legal_action_ids()
        # the rebuilt state plays on exactly like the original, into the next deals (the seed is recorded)
        again = replay(record_of(state)).state
        moves = random.Random(stop)
        for _ in range(150):
            if state.is_terminal:
                break
            action = choose(state, moves)
            state.apply(action)
            again.apply(action)
        assert again._snapshot() == state._snapshot()


def test_a_match_with_decks_and_no_seed_round_trips(tmp_path: Path) -> None:
    decks = [new_match("smear_ten_point", seed=s).deals[0].deck for s in range(3)]
    state = new_match("smear_ten_point", decks=decks, first_dealer=3)
    play(state, random.Random(1), limit=400)
    record = record_of(state)
    assert record["seed"] is None
    assert len(record["deals"]) <= 3
    for again in round_trips(state, tmp_path):
        assert again._snapshot() == state._snapshot()


def test_rules_given_directly_record_no_preset() -> None:
    rules = load_preset("smear_ten_point").replace(target_score=11)
    state = play(new_match(rules, seed=4), random.Random(4), limit=60)
    record = record_of(state)
    assert record["preset"] is None
    assert replay(record).state._snapshot() == state._snapshot()


def test_the_rules_table_decides_not_the_preset_name() -> None:
    """A record keeps its rules even if the preset it names changes or disappears."""
    state = play(new_match("smear_ten_point", seed=8, overrides={"target_score": 11}), random.Random(8), limit=80)
    record = record_of(state)
    assert record["overrides"] == {"target_score": 11}
    assert record["rules"]["target_score"] == 11
    record["preset"] = "a_preset_that_no_longer_exists"
    again = replay(record).state
    assert again.rules == state.rules
    assert again._snapshot() == state._snapshot()


def test_meta_is_kept_and_ignored(tmp_path: Path) -> None:
    state = play(new_match("smear_widow", seed=2), random.Random(2), limit=30)
    path = save_record(state, tmp_path / "m.json", meta={"players": ["ann", "bob", "cy", "dee"]})
    record = load_record(path)
    assert record["meta"] == {"players": ["ann", "bob", "cy", "dee"]}
    assert replay(record).state._snapshot() == state._snapshot()


def test_saved_text_is_compact_and_plain_json(tmp_path: Path) -> None:
    state = play(new_match("smear_ten_point", seed=3), random.Random(3), limit=50)
    text = save_record(state, tmp_path / "m.json").read_text(encoding="utf-8")
    assert json.loads(text) == record_of(state)
    assert text == dumps_record(record_of(state)) + "\n"
    # one line per deck and per action list, not one per card
    assert len(text.splitlines()) < 40


# ---------------------------------------------------------------------------- redeals (SPEC 1.6, 1.7)


def test_a_mandatory_low_hand_misdeal_is_a_deal_without_actions() -> None:
    """SPEC 1.6: a hand of only 3s to 9s voids the deal at once; the same dealer deals again."""
    rules = load_preset("smear_mn_original")
    low_hand = ["3S", "4S", "5H", "6H", "7D", "8D", "9C", "3C", "4D"]
    first = deck_dealing(rules, 3, 0, low_hand)
    state = new_match(rules, seed=1, decks=[first], first_dealer=3)
    play(state, random.Random(5), limit=10)
    record = record_of(state)
    misdeal, redeal = record["deals"][:2]
    assert misdeal == {"dealer": 3, "deck": first, "actions": [], "outcome": "misdeal (low hand)"}
    assert redeal["dealer"] == 3
    assert len(redeal["actions"]) == 10
    assert replay(record).state._snapshot() == state._snapshot()
    jsonschema.validate(record, record_schema())


def test_an_optional_misdeal_call_and_an_all_pass_are_recorded() -> None:
    """SPEC 1.6 ("misdeal" by the holder of a low hand) and 1.7 (all pass): the same dealer deals again."""
    rules = load_preset("smear_mn_basic4")
    low_hand = ["3S", "4S", "5H", "6H", "7D", "8D", "9C", "3C", "4D"]
    decks = [deck_dealing(rules, 3, 0, low_hand) for _ in range(2)] + [
        [str(CARDS[c]) for c in new_match(rules, seed=2).deals[0].deck]
    ]
    state = new_match(rules, decks=decks, first_dealer=3)
    state.apply_text("misdeal")
    state.apply_text("keep")
    for _ in range(4):
        state.apply_text("pass")
    record = record_of(state)
    called, passed, third = record["deals"]
    assert called["actions"] == [[0, "misdeal"]] and called["outcome"] == "misdeal called"
    assert passed["actions"] == [[0, "keep"], [0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]
    assert passed["outcome"] == "all passed"
    assert [d["dealer"] for d in record["deals"]] == [3, 3, 3]
    assert "outcome" not in third and third["actions"] == []
    again = replay(record).state
    assert again._snapshot() == state._snapshot()
    jsonschema.validate(record, record_schema())


def test_a_void_deal_is_recorded_with_its_reason() -> None:
    """SPEC 1.6 procedural misdeal: the deal is void and the same dealer deals again."""
    state = new_match("smear_ten_point", seed=11)
    dealer = state.dealer
    state.apply(choose(state, random.Random(0)))
    state.void_deal("a card was exposed")
    play(state, random.Random(1), limit=5)
    record = record_of(state)
    void = record["deals"][0]
    assert void["void"] == "a card was exposed"
    assert void["outcome"] == "void: a card was exposed"
    assert len(void["actions"]) == 1
    assert record["deals"][1]["dealer"] == dealer
    assert replay(record).state._snapshot() == state._snapshot()
    jsonschema.validate(record, record_schema())


# ---------------------------------------------------------------------------- JSON Schema


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def assert_valid(state: SmearState, validator: jsonschema.protocols.Validator) -> None:
    record = json.loads(dumps_record(record_of(state)))
    errors = [e.message for e in validator.iter_errors(record)]
    assert errors == []
    validate_record(record)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_records_of_every_preset_validate_against_the_schema(
    name: str, players: int, validator: jsonschema.protocols.Validator
) -> None:
    partial = play(new_match(name, players=players, seed=3), random.Random(3), limit=120)
    for state in (new_match(name, players=players, seed=1), partial):
        assert_valid(state, validator)


@pytest.mark.parametrize("name", preset_names())
def test_finished_records_validate_against_the_schema(name: str, validator: jsonschema.protocols.Validator) -> None:
    """A whole match (dozens of deals: the schema check takes a while) for each preset, at its usual table."""
    assert_valid(finished_match(name, preset_info(name).default_players), validator)


def test_the_schema_lists_every_option_with_its_allowed_values() -> None:
    rules = record_schema()["$defs"]["rules"]
    types = option_types()
    # every option is described; those added after records existed may be missing from an older record
    later = {
        "trump_set_by",
        "high_card",
        "use_off_five",
        "dealer_may_match",
        "use_off_ace",
        "use_off_three",
        "settlement",
        "low_ignores_jokers",
        "deck_ranks",
        "smudge",
        "auction_laps",
        "call_partner",
    }
    assert set(rules["properties"]) == set(types) == set(rules["required"]) | later
    assert not later & set(rules["required"])
    for name, kind in types.items():
        spec = rules["properties"][name]
        if isinstance(kind, type) and issubclass(kind, StrEnum):
            assert spec["enum"] == [m.value for m in kind], name
        elif name in INT_CHOICES:
            assert spec["enum"] == list(INT_CHOICES[name]), name
    assert rules["properties"]["point_values"]["propertyNames"]["enum"] == list(POINT_NAMES)


def test_the_schema_patterns_match_the_notation(validator: jsonschema.protocols.Validator) -> None:
    defs = record_schema()["$defs"]
    card = jsonschema.Draft202012Validator(defs["card"])
    assert all(card.is_valid(str(c)) for c in CARDS)
    assert not any(card.is_valid(bad) for bad in ("1S", "10", "AX", "as", "JOKER", "11H", ""))
    action = jsonschema.Draft202012Validator(defs["action"])
    bids = range(1, A.MAX_BID_LIMIT + 1)
    canonical = [str(a) for a in A.ACTIONS if not isinstance(a, A.Bid)] + [str(A.Bid(b)) for b in bids]
    assert all(action.is_valid(text) for text in canonical)
    for bad in ("0", "61", "05", "-", "--AS", "PASS", "Done", "X", "discard AS", "1Z", "call", "call -AS", "-call AS"):
        assert not action.is_valid(bad), bad
    # every action text of a record is one the engine reads back to the same action
    assert [str(A.action_from_text(text)) for text in canonical] == canonical


def test_the_schema_refuses_broken_records(validator: jsonschema.protocols.Validator) -> None:
    record = record_of(play(new_match("smear_ten_point", seed=6), random.Random(6), limit=30))
    assert validator.is_valid(record)
    broken: list[tuple[str, Any]] = [
        ("version", 2),
        ("format", "pgn"),
        ("seed", "12"),
        ("players", 9),
        ("unknown_field", 1),
    ]
    for key, value in broken:
        bad = copy.deepcopy(record)
        bad[key] = value
        assert not validator.is_valid(bad), key
    bad = copy.deepcopy(record)
    bad["deals"][0]["deck"][1] = bad["deals"][0]["deck"][0]
    assert not validator.is_valid(bad)
    bad = copy.deepcopy(record)
    bad["deals"][0]["actions"][0] = [0, "bid 5"]
    assert not validator.is_valid(bad)


# ---------------------------------------------------------------------------- errors


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A finished ten_point match (SPEC 2.5: 4 players, min bid 2, 54 cards)."""
    return record_of(finished_match("smear_ten_point", 4))


def replay_error(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    message = str(info.value)
    assert "\n" not in message
    return message


def changed(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    target = bad
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("format",), "pgn", "not a jick record"),
        (("format",), KeyError, "no 'format' field"),
        (("version",), 2, "record version 2 is not supported"),
        (("version",), "1", "'version' must be an integer"),
        (("game",), "chess", "unknown game 'chess'"),
        (("players",), 5, "'players' is 5 but the rules are for num_players = 4"),
        (("first_dealer",), 4, "'first_dealer' is 4, not a seat 0..3"),
        (("seed",), 1.5, "'seed' must be an integer or null"),
        (("deals",), {}, "'deals' must be a list"),
        (("rules", "target_score"), 0, "record rules: target_score = 0 must be positive"),
        (("rules", "colour"), "red", "record rules: unknown option 'colour'"),
        (("rules", "discard_mode"), "burn", "record rules: option discard_mode = 'burn' is not allowed"),
        (("deals", 0, "extra"), 1, "deal 1 has unknown field 'extra'"),
        (("deals", 0, "deck"), KeyError, "deal 1 has no 'deck' field"),
        (("deals", 0, "deck", 3), "ZZ", "deal 1: deck card 4: 'ZZ' is not a card"),
        (("deals", 0, "deck", 3), "JK", "deal 1: deck card 4 (JK) is not in the 54-card deck"),
        (("deals", 0, "deck", 53), KeyError, "deal 1: deck has 53 cards, the rules use 54 (missing: "),
        (("deals", 0, "dealer"), 9, "deal 1: dealer 9 is not a seat 0..3"),
        (("deals", 0, "actions", 0), "pass", "deal 1, action 1: 'pass' is not [seat, \"action\"]"),
        (("deals", 0, "actions", 0, 0), 4, "): seat 4 is not a seat 0..3"),
        (("deals", 0, "outcome"), "lost", "deal 1: unknown outcome 'lost'"),
        (("result", "scores"), "21-3", "'scores' must be a list"),
        (("result", "score"), [1, 2], "record result has unknown field 'score'"),
    ],
)
def test_a_malformed_record_is_refused_with_a_clear_message(
    record: dict[str, Any], path: tuple[Any, ...], value: Any, expected: str
) -> None:
    bad = changed(record, path, value)
    with pytest.raises(RecordError) as info:
        validate_record(bad)
    assert expected in str(info.value)
    assert expected in replay_error(bad)


def test_a_duplicate_deck_card_is_named_with_both_places(record: dict[str, Any]) -> None:
    deck = record["deals"][1]["deck"]
    message = replay_error(changed(record, ("deals", 1, "deck", 9), deck[2]))
    assert message == f"deal 2: deck has {deck[2]} twice (cards 3 and 10)"


def test_an_action_out_of_turn_names_the_seat_whose_turn_it_is(record: dict[str, Any]) -> None:
    """SPEC 1.7: the auction starts with eldest, the dealer's left (``dealer + 1``)."""
    dealer = record["deals"][0]["dealer"]
    eldest = (dealer + 1) % 4
    seat, text = record["deals"][0]["actions"][0]
    assert seat == eldest
    message = replay_error(changed(record, ("deals", 0, "actions", 0), [(eldest + 1) % 4, text]))
    assert message.startswith(f"deal 1, action 1 ({text!r} by seat {(eldest + 1) % 4}): wrong seat")
    assert message.endswith(f"wrong seat, it is seat {eldest} to bid")


def test_a_bid_below_the_minimum_is_illegal(record: dict[str, Any]) -> None:
    """SPEC 2.5: smear_ten_point's minimum bid is 2."""
    seat = record["deals"][0]["actions"][0][0]
    message = replay_error(changed(record, ("deals", 0, "actions", 0), [seat, "1"]))
    assert message == f"deal 1, action 1 ('1' by seat {seat}): illegal: bid 1 is below the minimum bid 2"


def test_playing_another_seats_card_is_illegal(record: dict[str, Any]) -> None:
    """The second card of the first trick belongs to the second player, not to the leader."""
    actions = record["deals"][0]["actions"]
    j = next(k for k, (_, text) in enumerate(actions) if isinstance(A.action_from_text(text), A.Play))
    leader, _ = actions[j]
    other_card = actions[j + 1][1]
    message = replay_error(changed(record, ("deals", 0, "actions", j), [leader, other_card]))
    assert message.startswith(f"deal 1, action {j + 1} ({other_card!r} by seat {leader}): illegal: ")
    assert f"{other_card} is not in the hand of seat {leader}" in message


def test_an_unknown_card_in_an_action_is_named(record: dict[str, Any]) -> None:
    seat = record["deals"][0]["actions"][2][0]
    message = replay_error(changed(record, ("deals", 0, "actions", 2), [seat, "-ZS"]))
    assert message.startswith(f"deal 1, action 3 ('-ZS' by seat {seat}): 'ZS' is not a card")
    message = replay_error(changed(record, ("deals", 0, "actions", 2), [seat, "ZS"]))
    assert message.startswith(f"deal 1, action 3 ('ZS' by seat {seat}): 'ZS' is not a Smear action")


def test_a_deal_cut_short_or_running_on_is_refused(record: dict[str, Any]) -> None:
    first = record["deals"][0]["actions"]
    short = changed(record, ("deals", 0, "actions"), first[:-1])
    message = replay_error(short)
    cut = len(first) - 1
    assert message.startswith(
        f"deal 1: the record says the deal ended (played) but it is not over after its {cut} actions"
    )
    assert message.endswith(" to play)")
    del short["deals"][0]["outcome"]
    message = replay_error(short)
    assert message.startswith(f"deal 1: the deal is not over after its {len(first) - 1} actions (seat ")
    assert message.endswith(" to play), so deal 2 is never dealt")
    longer = changed(record, ("deals", 0, "actions"), [*first, record["deals"][1]["actions"][0]])
    message = replay_error(longer)
    assert message.startswith(f"deal 1, action {len(first) + 1} (")
    assert f"the deal has no more actions after action {len(first)} (it ended: played)" in message


def test_actions_after_the_end_of_the_match_are_refused(record: dict[str, Any]) -> None:
    extra = copy.deepcopy(record)
    extra["deals"].append(copy.deepcopy(extra["deals"][-1]))
    n = len(record["deals"])
    assert replay_error(extra) == f"deal {n + 1}: the match was already over after deal {n}"


def test_a_wrong_result_is_refused(record: dict[str, Any]) -> None:
    scores = record["result"]["scores"]
    wrong = [scores[0] + 1, scores[1]]
    message = replay_error(changed(record, ("result", "scores"), wrong))
    assert message == f"result: the record says scores = {json.dumps(wrong)} but the replay gives {json.dumps(scores)}"
    message = replay_error(changed(record, ("result", "winner"), 1 - record["result"]["winner"]))
    assert message.startswith("result: the record says winner = ")
    assert replay(changed(record, ("result", "winner"), None), check_result=False).state.is_terminal


def test_a_wrong_dealer_or_outcome_is_refused(record: dict[str, Any]) -> None:
    """SPEC 0.4: the deal passes to the left after each completed deal."""
    dealer = record["deals"][1]["dealer"]
    assert dealer == (record["deals"][0]["dealer"] + 1) % 4
    message = replay_error(changed(record, ("deals", 1, "dealer"), (dealer + 2) % 4))
    assert message == f"deal 2: dealer is {(dealer + 2) % 4} in the record but {dealer} by the rules"
    message = replay_error(changed(record, ("deals", 0, "outcome"), "all passed"))
    assert message == "deal 1: the record says the deal ended 'all passed' but it ended 'played'"


def test_load_record_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="does not exist"):
        load_record(tmp_path / "nothing.json")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="is not valid JSON: "):
        load_record(tmp_path / "bad.json")
    (tmp_path / "list.json").write_text("[]", encoding="utf-8")
    with pytest.raises(RecordError, match="is not a JSON object"):
        load_record(tmp_path / "list.json")
    with pytest.raises(RecordError, match="cannot read record file"):
        load_record(tmp_path)
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(RecordError, match="is not UTF-8 text"):
        load_record(tmp_path / "latin1.json")


def test_the_example_of_the_docs_replays() -> None:
    """docs/records.md's example: dealer 3, seat 1 bid 4 in diamonds, seat 0 is discarding."""
    text = (Path(__file__).parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    jsonschema.validate(example, record_schema())
    state = replay(example).state
    assert (state.dealer, state.bidder, state.trump, state.phase) == (3, 1, 2, "discard")
    assert state.current_player == 0
    # SPEC 1.5: seat 0, the dealer's left, gets deck[0:5] and deck[20:25]; it has discarded 8C and 4H
    deck = example["deals"][0]["deck"]
    dealt = {parse_card(c).index for c in deck[0:5] + deck[20:25]}
    held = {c for c in range(55) if state.hand_mask(0) >> c & 1}
    assert held == dealt - {parse_card("8C").index, parse_card("4H").index}


def test_format_constants() -> None:
    assert (FORMAT, VERSION) == ("jick-record", 1)
    schema = record_schema()
    assert schema["properties"]["format"] == {"const": FORMAT}
    assert schema["properties"]["version"] == {"const": VERSION}
