"""Bots choose only legal actions, from observations; the greedy bot beats the random one."""

from __future__ import annotations

import random

import pytest

from jick.bots import make_bot
from jick.games.smear import actions as A
from jick.games.smear import new_match

PRESETS = [
    ("smear_ten_point", None, {}),
    ("smear_ten_point", 3, {}),
    ("smear_ten_point", 5, {"renege_mode": "penalize"}),
    ("smear_mn_original", None, {}),
    ("smear_mn_basic4", None, {}),
    ("smear_mn_three_handed", None, {}),
    ("smear_nine_card", None, {}),
    ("smear_widow", 6, {}),
    ("smear_five_point_team", 8, {}),
    ("smear_double_joker", None, {"first_lead": "any", "follow_rule": "must_follow"}),
]


@pytest.mark.parametrize(("preset", "players", "overrides"), PRESETS)
def test_bots_pick_legal_actions(preset: str, players: int | None, overrides: dict[str, object]) -> None:
    greedy, rand = make_bot("greedy", 1), make_bot("random", 2)
    walk = random.Random(3)
    for match in range(3):
        state = new_match(preset, players=players, overrides={"target_score": 11, **overrides}, seed=match)
        # random bids can keep every side below the target for ever: walk a bounded number of steps
        for _step in range(800):
            if state.is_terminal:
                break
            obs = state.observation(state.current_player)
            legal = state.legal_actions()
            assert greedy.choose(obs) in obs.legal_actions
            assert rand.choose(obs) in obs.legal_actions
            assert set(obs.legal_actions) <= set(legal)
            # move on with a mix of both bots and random steps, to see many kinds of states
            state.apply(greedy.choose(obs) if walk.random() < 0.5 else walk.choice(list(obs.legal_actions)))


def test_greedy_is_deterministic_for_an_observation() -> None:
    state = new_match("smear_ten_point", seed=8)
    obs = state.observation(state.current_player)
    assert make_bot("greedy", 1).choose(obs) == make_bot("greedy", 99).choose(obs)


def test_greedy_dealer_bids_when_everyone_passed() -> None:
    state = new_match("smear_ten_point", seed=4)  # all_pass = dealer_forced_min (SPEC 2.1)
    while state.current_player != state.dealer:
        state.apply(A.ACTIONS[A.PASS_ID])
    obs = state.observation(state.dealer)
    assert A.ACTIONS[A.PASS_ID] not in obs.legal_actions
    assert isinstance(make_bot("greedy", 0).choose(obs), A.Bid)


def test_greedy_refill_sheds_nontrumps_then_stops() -> None:
    bot = make_bot("greedy", 0)
    for seed in range(20):
        state = new_match("smear_nine_card", seed=seed)
        while state.phase != "discard":
            state.apply(bot.choose(state.observation(state.current_player)))
        seat = state.current_player
        trumps = trump_indices(state)
        while state.current_player == seat and state.phase == "discard":
            obs = state.observation(seat)
            action = bot.choose(obs)
            held = sum(1 for c in obs.hand if c.index in trumps)
            if isinstance(action, A.Discard) and held <= 6:
                assert action.card.index not in trumps  # trumps go only in a bury above six
            state.apply(action)
        if seat != state.dealer or not state.rules.dealer_robs_pack:
            assert state.observation(seat).hand_sizes[seat] == 6


def trump_indices(state) -> set[int]:  # type: ignore[no-untyped-def]
    from jick.games.smear.tables import trump_table

    table = trump_table(state.rules, state.trump)
    return set(table.order)


def test_greedy_beats_random_in_short_matches() -> None:
    wins = 0
    matches = 30
    for m in range(matches):
        state = new_match("smear_ten_point_to11", seed=500 + m)
        greedy_side = m % 2
        bots = [
            make_bot("greedy" if state.side_of(s) == greedy_side else "random", 1000 * m + s)
            for s in range(state.num_players)
        ]
        while not state.is_terminal:
            seat = state.current_player
            state.apply(bots[seat].choose(state.observation(seat)))
        wins += state.winner == greedy_side
    assert wins > matches // 2


def test_a_bot_without_a_game_finds_it_from_the_observation() -> None:
    """``make_bot`` with no game: the game's own bot, found by the observation's type."""
    from jick.bots import AnyGameBot, ExplainingBot, OpenBot, bot_class
    from jick.engine import RulesError
    from jick.game import Player, game_of
    from jick.registry import new_game

    bot = make_bot("heuristic", 1)
    assert isinstance(bot, AnyGameBot) and isinstance(bot, Player)
    for preset, game in (("smear_ten_point", "smear"), ("tarok_4p", "tarok"), ("lift_smoke", "liftsmoke")):
        state = new_game(preset, seed=4)
        obs = state.observation(state.current_player)
        assert game_of(obs).name == game
        assert bot.choose(obs) == bot_class(game, "heuristic")(1).choose(obs) in state.legal_actions()
    with pytest.raises(RulesError, match="does not explain"):
        bot.explain(obs)

    class Stranger:
        """An observation of no registered game."""

    with pytest.raises(RulesError, match="Stranger is not the observation of a registered game"):
        bot.choose(Stranger())  # type: ignore[arg-type]
    search = make_bot("search", 1, game="tarok", think=0.05)
    assert isinstance(search, ExplainingBot) and not isinstance(search, OpenBot)
    assert isinstance(make_bot("cheater", 1, game="smear"), OpenBot)


def test_the_heuristics_auction_bars_are_options() -> None:
    """``heuristic:own_min=...`` and the other bars reach the bot's auction (the arena measures them so)."""
    from jick.games.smear.heuristic import HeuristicBot

    shy = make_bot("heuristic:own_min=100:jump_threshold=0.9", 1, game="smear")
    assert isinstance(shy, HeuristicBot)
    assert (shy.own_min, shy.jump_threshold, shy.overcall_threshold) == (100, 0.9, 0.85)
    plain = make_bot("heuristic", 1, game="smear")
    bids = {"shy": 0, "plain": 0}
    for seed in range(40):
        state = new_match(seed=seed)
        while state.phase == "bidding":
            obs = state.observation(state.current_player)
            legal = state.legal_actions()
            mine, theirs = shy.choose(obs), plain.choose(obs)
            stuck = A.ACTIONS[A.PASS_ID] not in legal  # the stuck dealer must bid
            bids["shy"] += isinstance(mine, A.Bid) and not stuck
            bids["plain"] += isinstance(theirs, A.Bid) and not stuck
            state.apply(theirs)
    assert bids["shy"] == 0 < bids["plain"]  # no hand holds 100 points of its own
