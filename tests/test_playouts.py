"""Batched play-outs against the engine: every kernel hand replays through SmearState to the same score."""

from __future__ import annotations

import numpy as np
import pytest

from jick.engine import RulesError
from jick.games.smear import new_match
from jick.games.smear.ids import BID_BASE, CALL_BASE, MOON_ID, PASS_ID, SMUDGE_ID
from jick.games.smear.playouts import Playouts, check_supported, play_out, random_hands
from jick.games.smear.presets import load_preset, preset_info, preset_names
from jick.games.smear.rules import MAX_BID_LIMIT
from jick.games.smear.state import SmearState


def kernel_plays(name: str, players: int) -> bool:
    try:
        check_supported(load_preset(name, players))
    except RulesError:
        return False
    return True


#: Every shipped preset the kernels play, at every player count it allows (the Pitch presets too:
#: test_every_pitch_preset_is_played checks that none is left out).
CASES = [
    (name, players) for name in preset_names() for players in preset_info(name).players if kernel_plays(name, players)
]
#: Every Pitch preset (the Pitch family of docs/pitch.md: the pitch_* presets and Cinch).
PITCH_PRESETS = [name for name in preset_names() if name.startswith("pitch_") or name == "cinch"]
#: The Pitch presets the kernel plays; the others use an option it refuses by name (docs/pitch.md section 6).
PLAYED_PITCH_PRESETS = [
    "pitch_auction",
    "pitch_five",
    "pitch_six",
    "pitch_seven",
    "pitch_smudge",
    "pitch_nine",
    "pitch_ten",
    "pitch_eleven",
    "pitch_thirteen",
    "cinch",
]

#: Option combinations no preset ships, each played with the replay check.
OVERRIDES = [
    ("smear_ten_point", 4, {"renege_mode": "penalize"}),
    ("smear_ten_point", 4, {"joker_order": "second_played_wins", "low_card": "lowest_played"}),
    ("smear_ten_point", 6, {"joker_order": "first_played_wins", "partnerships": "two_teams_alternating"}),
    ("smear_ten_point", 4, {"moon_enabled": True, "moon_success": "all_awarded_points",
                            "all_pass": "redeal_same_dealer"}),
    ("smear_ten_point", 3, {"low_hand_misdeal": "optional", "first_lead": "any", "follow_rule": "must_follow"}),
    ("smear_ten_point", 4, {"game_tie": "none", "low_award": "played_by", "jokers": 0,
                            "max_bid": 8, "point_values": {"joker_high": 0, "joker_low": 0}}),
    ("smear_mn_original", 4, {"dealer_robs_pack": False, "discard_nontrumps": "mandatory"}),
    ("smear_mn_original", 4, {"discard_mode": "refill", "bury_restriction": "non_scoring_only"}),
    ("smear_widow", 5, {"discard_mode": "nontrump_to_six"}),
    ("smear_nine_card", 4, {"dealer_robs_pack": True, "kitty_size": 4, "max_bid": 10}),
    # the Pitch options on their own and mixed with Smear ones
    ("pitch_auction", 4, {"dealer_may_match": True}),
    ("pitch_auction", 3, {"dealer_may_match": True, "renege_mode": "penalize", "high_card": "ace"}),
    ("pitch_six", 5, {"dealer_may_match": True, "jokers": 2, "joker_order": "second_played_wins",
                      "low_ignores_jokers": False, "point_values": {"joker": 0, "joker_high": 1, "joker_low": 1}}),
    ("smear_ten_point", 4, {"high_card": "highest_played", "use_off_five": True,
                            "point_values": {"ten": 2, "five": 5, "off_five": 5}}),
    ("smear_mn_original", 4, {"use_off_five": True, "dealer_may_match": True, "high_card": "highest_played",
                              "point_values": {"off_five": 3, "ten": 1}}),
    ("cinch", 4, {"high_card": "highest_played", "dealer_may_match": True, "settlement": "standard"}),
    # low_ignores_jokers with two jokers of equal rank, with the fixed order and under Smear's own auction
    ("smear_ten_point", 4, {"low_ignores_jokers": True, "joker_order": "second_played_wins"}),
    ("smear_double_joker", 4, {"low_ignores_jokers": True}),
    ("pitch_seven", 3, {"joker_order": "first_played_wins", "low_award": "captured_by", "renege_mode": "penalize"}),
    # the off-ace and the off-three with every other trump of the colour-mate, under naming and discards
    ("pitch_ten", 4, {"use_off_ace": True, "use_off_three": True, "use_off_five": True, "max_bid": 12,
                      "point_values": {"high": 1, "low": 1, "jack": 1, "jick": 1, "off_ace": 2, "off_three": 3,
                                       "off_five": 2, "trey": 1, "game": 1}}),
    ("smear_mn_original", 4, {"use_off_ace": True, "use_off_three": True, "high_card": "highest_played",
                              "discard_mode": "nontrump_to_six", "point_values": {"off_ace": 1, "off_three": 1}}),
    ("pitch_thirteen", 5, {"use_off_ace": True, "renege_mode": "penalize", "low_card": "lowest_played",
                           "low_ignores_jokers": True, "point_values": {"off_ace": 2}, "max_bid": 13}),
    # settlement by difference away from Cinch: set bids, made bids tied on points, renege penalties
    ("smear_ten_point", 4, {"settlement": "difference", "renege_mode": "penalize"}),
    ("pitch_auction", 4, {"settlement": "difference", "dealer_may_match": True, "min_bid": 1}),
    ("smear_ten_point", 6, {"settlement": "difference", "partnerships": "two_teams_alternating"}),
    # the short decks: 40 or 42 cards from the Fives up, 24 to 26 from the Nines up
    ("pitch_auction", 4, {"deck_ranks": "5-A"}),
    ("pitch_auction", 3, {"deck_ranks": "9-A", "dealer_may_match": True}),
    ("pitch_six", 4, {"deck_ranks": "9-A"}),
    ("smear_ten_point", 4, {"deck_ranks": "5-A", "point_values": {"trey": 0}, "max_bid": 7,
                            "low_hand_misdeal": "optional"}),
    ("pitch_ten", 4, {"deck_ranks": "5-A", "low_card": "lowest_played", "point_values": {"trey": 0}, "max_bid": 7}),
    ("cinch", 4, {"deck_ranks": "5-A", "low_card": "lowest_played"}),
    ("pitch_eleven", 4, {"deck_ranks": "5-A", "low_card": "lowest_played", "point_values": {"trey": 0},
                         "max_bid": 8}),
    # the auction's Pitch options: the smudge (every point, every trick), laps, the dealer set when all pass
    ("pitch_auction", 3, {"smudge": "all_points", "low_award": "captured_by"}),
    ("pitch_auction", 4, {"smudge": "all_points", "settlement": "difference", "renege_mode": "penalize"}),
    ("smear_ten_point", 4, {"smudge": "all_tricks", "max_bid": 6, "renege_mode": "penalize"}),
    ("pitch_auction", 4, {"auction_laps": "rounds", "dealer_may_match": True}),
    ("smear_ten_point", 5, {"auction_laps": "rounds", "all_pass": "dealer_set", "smudge": "all_tricks"}),
    ("smear_mn_original", 4, {"auction_laps": "rounds", "all_pass": "dealer_forced_min", "max_bid": 4}),
    ("smear_ten_point", 4, {"all_pass": "dealer_set", "low_hand_misdeal": "optional"}),
    # calling a partner: at five (playsmear.com's house rule), six and eight, with discards, kitty and Smear points
    ("smear_site_playsmear", 5, {"call_partner": "card"}),
    ("smear_site_playsmear", 6, {"call_partner": "card", "partnerships": "none", "dealer_may_match": True}),
    ("smear_site_playsmear", 8, {"call_partner": "card", "partnerships": "none", "all_pass": "dealer_forced_min",
                                 "low_award": "played_by"}),
    ("smear_ten_point", 4, {"call_partner": "card", "partnerships": "none", "moon_enabled": False,
                            "trump_only_play": True}),
    ("smear_mn_original", 4, {"call_partner": "card", "partnerships": "none", "moon_enabled": False}),
    ("smear_widow", 5, {"call_partner": "card", "moon_enabled": False, "discard_mode": "nontrump_to_six",
                        "game_tie": "none"}),
]  # fmt: skip


def replay_all(batch: Playouts) -> None:
    for i in range(len(batch)):
        state = batch.replay(i)
        result = state.hand_results[0]
        assert len(state.hand_results) == 1
        assert result.settlement.points == tuple(batch.points[i]), i
        assert result.settlement.deltas == tuple(batch.deltas[i]), i
        assert result.settlement.made == bool(batch.made[i])
        assert result.bidder == batch.bidder[i]
        assert result.trump == batch.trump[i]
        assert (result.bid if result.bid is not None else -1) == batch.bid[i]
        assert batch.smudge is not None and result.smudge == bool(batch.smudge[i])


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_recorded_hands_replay_to_the_same_points(preset: str, players: int) -> None:
    batch = random_hands(preset, n=60, seed=11 + players, players=players, record=True)
    replay_all(batch)


@pytest.mark.parametrize(("preset", "players", "overrides"), OVERRIDES)
def test_option_combinations_replay_to_the_same_points(preset: str, players: int, overrides: dict[str, object]) -> None:
    replay_all(random_hands(preset, n=80, seed=5, players=players, overrides=overrides, record=True))


def test_same_seed_same_hands_and_hand_i_independent_of_n() -> None:
    a = random_hands("smear_ten_point", n=300, seed=42, record=True)
    b = random_hands("smear_ten_point", n=100, seed=42, record=True)
    c = random_hands("smear_ten_point", n=100, seed=43)
    assert (a.points[:100] == b.points).all() and (a.deltas[:100] == b.deltas).all()
    assert a.decks is not None and b.decks is not None and (a.decks[:100] == b.decks).all()
    assert not (c.points == b.points).all()


def play_phase_states() -> list[SmearState]:
    states: list[SmearState] = []
    for preset, players in [("smear_ten_point", 4), ("smear_mn_original", 4), ("smear_nine_card", 5)]:
        for seed in range(4):
            state = new_match(preset, players=players, seed=seed)
            rng = np.random.default_rng(seed)
            while state.phase != "play":
                ids = state.legal_action_ids()
                state.apply_id(ids[rng.integers(len(ids))])
            for _ in range(seed * 3):  # some positions mid-trick and a few tricks in
                ids = state.legal_action_ids()
                state.apply_id(ids[rng.integers(len(ids))])
            states.append(state)
    return states


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_play_out_agrees_with_replaying_the_continuations(policy: str) -> None:
    for state in play_phase_states():
        before = state.clone()
        batch = play_out(state, 20, seed=3, policy=policy, record=True)
        assert (play_out(state, 20, seed=3, policy=policy) == batch.points).all()
        assert (play_out(state, 20, seed=3, policy=policy, value="deltas") == batch.deltas).all()
        assert state.legal_action_ids() == before.legal_action_ids() and state.phase == "play"
        for i in range(len(batch)):
            probe = state.clone()
            hands_before = len(probe.hand_results)
            for aid in batch.action_ids(i):
                assert aid in probe.legal_action_ids()
                probe.apply_id(aid)
            assert len(probe.hand_results) == hands_before + 1
            settlement = probe.hand_results[-1].settlement
            assert settlement.points == tuple(batch.points[i])
            assert settlement.deltas == tuple(batch.deltas[i])


def test_play_out_renege_penalties_count_earlier_reneges() -> None:
    rules = load_preset("smear_ten_point", overrides={"renege_mode": "penalize"})
    for seed in range(6):
        state = new_match(rules, seed=seed)
        rng = np.random.default_rng(seed)
        while state.phase != "play" or len(state.deals[-1].tricks) < 2:
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.integers(len(ids))])
        batch = play_out(state, 10, seed=seed, record=True)
        for i in range(len(batch)):
            probe = state.clone()
            for aid in batch.action_ids(i):
                probe.apply_id(aid)
            assert probe.hand_results[-1].settlement.deltas == tuple(batch.deltas[i])


def greedy_choices(state: SmearState) -> set[int]:
    """The cards the documented greedy policy may play now (several only when equal in strength)."""
    from jick.games.smear.tables import trick_winner, trump_table

    rules = state.rules
    table = trump_table(rules, state.trump)
    legal = state.legal_action_ids()
    seat = state.current_player
    trick = [(s, c.index) for s, c in state.trick]

    def lowest(cards: list[int]) -> set[int]:
        low = min(table.strength[c] for c in cards)
        return {c for c in cards if table.strength[c] == low}

    if not trick:
        return lowest(legal)
    cards = [c for _, c in trick]
    if rules.side_of(trick[trick_winner(table, cards)][0]) == rules.side_of(seat):
        return lowest(legal)
    winning = [c for c in legal if trick_winner(table, [*cards, c]) == len(cards)]
    return lowest(winning or legal)


def test_greedy_plays_the_lowest_winning_card_else_the_lowest() -> None:
    for state in play_phase_states():
        batch = play_out(state, 8, seed=4, policy="greedy", record=True)
        for i in range(len(batch)):
            probe = state.clone()
            for aid in batch.action_ids(i):
                assert aid in greedy_choices(probe)
                probe.apply_id(aid)


def test_errors_are_rules_errors() -> None:
    state = new_match("smear_ten_point", seed=1)
    with pytest.raises(RulesError, match="play phase"):
        play_out(state, 10, seed=1)
    while state.phase != "play":
        state.apply_id(state.legal_action_ids()[-1])
    with pytest.raises(RulesError, match="policy"):
        play_out(state, 10, seed=1, policy="smart")
    with pytest.raises(RulesError, match="not recorded"):
        random_hands(n=2, seed=1).action_ids(0)


def test_options_the_kernels_do_not_play_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import fields

    from jick.games.smear import playouts
    from jick.games.smear.rules import SmearRules

    assert {f.name for f in fields(SmearRules)} == set(playouts.KERNEL_OPTIONS)
    monkeypatch.setitem(playouts.KERNEL_OPTIONS, "kitty_size", (0,))
    with pytest.raises(RulesError, match="^batched play-outs do not support kitty_size = 4 yet$"):
        random_hands("smear_widow", n=2, seed=1)
    random_hands("smear_ten_point", n=2, seed=1)
    monkeypatch.delitem(playouts.KERNEL_OPTIONS, "discard_mode")
    with pytest.raises(RulesError, match="discard_mode = refill"):
        random_hands("smear_nine_card", n=2, seed=1)
    random_hands("smear_ten_point", n=2, seed=1)  # the default value of an unknown option is played
    state = new_match("smear_nine_card", seed=1)
    while state.phase != "play":
        state.apply_id(state.legal_action_ids()[-1])
    with pytest.raises(RulesError, match="discard_mode"):
        play_out(state, 2, seed=1)


def test_every_pitch_preset_is_played_or_refused_by_name() -> None:
    for preset in PITCH_PRESETS:
        for players in preset_info(preset).players:
            if preset in PLAYED_PITCH_PRESETS:
                assert (preset, players) in CASES
            else:
                with pytest.raises(
                    RulesError, match=r"^batched play-outs do not support (\w+ = [\w-]+|the point \w+) yet$"
                ):
                    random_hands(preset, n=2, seed=1, players=players)


def test_the_naming_lead_is_a_card_with_a_suit_and_names_trump() -> None:
    batch = random_hands("pitch_six", n=200, seed=2, players=4, record=True)
    for i in range(len(batch)):
        ids = batch.action_ids(i)
        first_play = next(a for a in ids if a < 55)  # bids and passes come first; no trump call, no discard
        assert first_play < 52 and first_play // 13 == batch.trump[i]
        assert not any(111 <= a <= 114 for a in ids)  # no trump call among the actions


def test_the_dealer_matches_the_high_bid_only_under_the_option() -> None:
    def matched(batch: Playouts) -> int:
        count = 0
        for i in range(len(batch)):
            bids = [a - 119 for a in batch.action_ids(i)[:4] if a >= 119]
            count += len(bids) >= 2 and bids[-1] == bids[-2] and batch.bidder[i] == batch.dealer[i]
        return count

    assert matched(random_hands("pitch_auction", n=400, seed=4, record=True, overrides={"dealer_may_match": True}))
    assert not matched(random_hands("pitch_auction", n=400, seed=4, record=True))


def pitch_play_states() -> list[SmearState]:
    """Pitch positions after the naming lead (and a few cards later)."""
    states: list[SmearState] = []
    presets = [("pitch_auction", 4), ("pitch_seven", 3), ("pitch_nine", 4), ("pitch_thirteen", 5), ("cinch", 4)]
    for preset, players in presets:
        for seed in range(3):
            state = new_match(preset, players=players, seed=seed)
            rng = np.random.default_rng(seed)
            while state.phase != "play" or state.trump is None:
                ids = state.legal_action_ids()
                state.apply_id(ids[rng.integers(len(ids))])
            for _ in range(seed * 3):
                ids = state.legal_action_ids()
                state.apply_id(ids[rng.integers(len(ids))])
            states.append(state)
    return states


def assert_continuations_replay(state: SmearState, batch: Playouts) -> None:
    """Each recorded continuation of ``batch`` replays legally from ``state`` to the points and changes it gave."""
    for i in range(len(batch)):
        probe = state.clone()
        for aid in batch.action_ids(i):
            assert aid in probe.legal_action_ids()
            probe.apply_id(aid)
        settlement = probe.hand_results[-1].settlement
        assert settlement.points == tuple(batch.points[i])
        assert settlement.deltas == tuple(batch.deltas[i])


def test_play_out_of_pitch_positions_agrees_with_the_engine() -> None:
    for state in pitch_play_states():
        assert_continuations_replay(state, play_out(state, 15, seed=6, policy="greedy", record=True))


def test_play_out_of_a_smudge_agrees_with_the_engine() -> None:
    found = 0
    for seed in range(40):
        state = new_match("pitch_smudge", seed=seed)
        rng = np.random.default_rng(seed)
        while state.phase != "play" or state.trump is None:
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.integers(len(ids))])
        if not state.smudge:
            continue
        found += 1
        batch = play_out(state, 20, seed=2, policy="greedy", record=True)
        assert batch.smudge is not None and batch.smudge.all()
        for i in range(len(batch)):
            probe = state.clone()
            for aid in batch.action_ids(i):
                probe.apply_id(aid)
            result = probe.hand_results[-1]
            assert result.smudge and result.settlement.deltas == tuple(batch.deltas[i])
            assert result.settlement.made == bool(batch.made[i])
    assert found >= 3


def test_play_out_before_the_naming_lead_is_refused() -> None:
    state = new_match("pitch_auction", seed=3)
    while state.phase != "play":
        state.apply_id(state.legal_action_ids()[-1])
    with pytest.raises(RulesError, match="^play_out needs trump set: the pitcher's first lead"):
        play_out(state, 4, seed=1)


def auction_turns(batch: Playouts, i: int) -> int:
    """How many bids, passes, moons and smudges hand ``i`` took."""
    calls = {PASS_ID, MOON_ID, SMUDGE_ID, *range(BID_BASE, BID_BASE + MAX_BID_LIMIT + 1)}
    return sum(aid in calls for aid in batch.action_ids(i))


def test_a_set_smudge_loses_its_value_and_a_made_one_scores_it() -> None:
    batch = random_hands("pitch_smudge", n=400, seed=9, record=True)
    assert batch.smudge is not None and batch.smudge.sum() >= 20
    value = batch.rules.smudge_value
    for i in np.flatnonzero(batch.smudge):
        side = batch.rules.side_of(int(batch.bidder[i]))
        assert batch.bid[i] == value
        assert batch.deltas[i, side] == (value if batch.made[i] else -value)
    assert not batch.smudge[batch.bid < value].any()


def test_all_passed_under_dealer_set_passes_the_deal_to_the_next_seat() -> None:
    # a uniformly random call passes one time in five: all three seats pass about one deal in 125
    same = random_hands("smear_site_playsmear", 3000, 4, 3, overrides={"all_pass": "redeal_same_dealer"})
    moves = random_hands("smear_site_playsmear", 3000, 4, 3)
    assert moves.redeals.sum() >= 10
    assert ((moves.dealer - same.dealer) % 3 == moves.redeals % 3).all()  # no misdeal: every void deal moved on
    first = moves.redeals == 0
    assert (moves.deltas[first] == same.deltas[first]).all()


def test_the_auction_goes_round_again_only_with_laps() -> None:
    laps = random_hands("pitch_auction", n=200, seed=3, record=True, overrides={"auction_laps": "rounds"})
    once = random_hands("pitch_auction", n=200, seed=3, record=True)
    assert {auction_turns(once, i) for i in range(len(once))} == {4}
    turns = [auction_turns(laps, i) for i in range(len(laps))]
    assert min(turns) >= 4 and max(turns) > 5


def called_batch(n: int, seed: int) -> Playouts:
    return random_hands("smear_site_playsmear", n=n, seed=seed, players=5, record=True,
                        overrides={"call_partner": "card"})  # fmt: skip


def test_the_bidder_calls_a_card_it_lacks_and_its_holder_scores_as_the_bidder() -> None:
    batch = called_batch(300, 7)
    alone = 0
    for i in range(len(batch)):
        ids = batch.action_ids(i)
        calls = [a - CALL_BASE for a in ids if a >= CALL_BASE]
        assert len(calls) == 1  # one call, after the trump and the discards, before the first card
        state = batch.replay(i)
        result = state.hand_results[0]
        assert result.called is not None and result.called.index == calls[0]
        bidder = int(batch.bidder[i])
        if result.partner is None:
            alone += 1
        else:
            assert result.partner != bidder
            assert batch.deltas[i, result.partner] == batch.deltas[i, bidder]
    assert 0 < alone < len(batch)  # a called card is sometimes in nobody's hand (the bidder plays alone)


def test_play_out_of_a_called_hand_agrees_with_the_engine() -> None:
    rules = load_preset("smear_site_playsmear", 5, {"call_partner": "card"})
    partners = 0
    for seed in range(12):
        state = new_match(rules, seed=seed)
        rng = np.random.default_rng(seed)
        while state.phase != "play":
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.integers(len(ids))])
        for _ in range(seed % 4 * 3):
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.integers(len(ids))])
        partners += state.called_partner is not None
        for policy in ("random", "greedy"):
            assert_continuations_replay(state, play_out(state, 10, seed=seed, policy=policy, record=True))
    assert partners >= 6


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [
        ("pitch_seven", 4, {}),
        ("smear_ten_point", 4, {"low_ignores_jokers": True, "joker_order": "second_played_wins"}),
    ],
)
def test_hands_where_a_joker_would_be_low_replay_to_the_same_points(
    preset: str, players: int, overrides: dict[str, object]
) -> None:
    """A joker is Low only when no suited trump below it is played, about one hand in 5,000: find such hands.

    The option changes only the scoring, so the same seed plays the same hands with it and without it.
    """
    rules = load_preset(preset, players, overrides)
    ignoring = random_hands(rules, n=40_000, seed=9, record=True)
    counting = random_hands(rules.replace(low_ignores_jokers=False), n=40_000, seed=9)
    differ = np.flatnonzero((ignoring.points != counting.points).any(axis=1))
    assert len(differ) >= 2
    for i in differ:
        result = ignoring.replay(int(i)).hand_results[0].settlement
        assert result.points == tuple(ignoring.points[i])
        assert result.deltas == tuple(ignoring.deltas[i])


@pytest.mark.parametrize(("deck_ranks", "lowest", "size"), [("5-A", 3, 40), ("9-A", 7, 24)])
def test_short_decks_deal_only_their_ranks(deck_ranks: str, lowest: int, size: int) -> None:
    batch = random_hands("pitch_auction", n=50, seed=8, players=3, overrides={"deck_ranks": deck_ranks}, record=True)
    assert batch.decks is not None and batch.decks.shape == (50, size)
    for deck in batch.decks:
        assert sorted(int(c) for c in deck) == [c for c in range(52) if c % 13 >= lowest]
