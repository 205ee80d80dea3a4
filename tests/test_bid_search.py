"""The Smear auction by test-time search (``jick.games.smear.bid_search``, the ``search_bidsearch`` bot)."""

from __future__ import annotations

import random

import pytest

from jick.bots import make_bot
from jick.bots.margin import clearly_better
from jick.games.smear import actions as A
from jick.games.smear import load_preset, new_match
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.bid_search import bid_candidates, split_choice
from jick.games.smear.bot import HeuristicBot
from jick.games.smear.search import Budget, SearchBot
from jick.games.smear.state import SmearState
from smear_kit import swap_hidden_hands, walk

N, E, S, W = 0, 1, 2, 3
PASS = A.ACTIONS[A.PASS_ID]
#: Enough deals for a clear answer on the hands below; counts only (no deadline), so the tests do not hang on time.
SMALL = Budget(worlds=2, auction_worlds=8, bids_tried=2)
TINY = Budget(worlds=2, auction_worlds=1, bids_tried=1)
SURE = "AS KS QS JS JC HJ LJ 3S 2S 10S"
HOPELESS = "2S 5S 7S 4H 6H 8H 3D 5D 9D 4C"


def deal(hand: str, seat: int = N) -> SmearState:
    """A ``smear_ten_point`` match whose first deal gives ``seat`` the listed cards (dealer W)."""
    rules = load_preset("smear_ten_point")
    fill = [rank + suit for rank in ("A", "K", "Q", "J", "10", "2") for suit in "SHDC"]
    deck = arrange_deck(rules, W, {seat: hand.split()}, [], [], fill=fill)
    return new_match("smear_ten_point", decks=[deck], first_dealer=W)


def searcher(margin: float = 0.0, budget: Budget = SMALL) -> SearchBot:
    return SearchBot(seed=3, budget=budget, bid_search=True, bid_margin=margin)


def test_search_v4_is_the_search_of_today_and_search_bidsearch_the_auction_search() -> None:
    v4 = make_bot("search_v4", seed=1, game="smear")
    bidsearch = make_bot("search_bidsearch", seed=1, game="smear")
    default = make_bot("search", seed=1, game="smear")
    assert isinstance(v4, SearchBot) and v4.bid_search is False and v4.read_plays is False
    assert isinstance(bidsearch, SearchBot) and bidsearch.bid_search is True
    assert isinstance(default, SearchBot) and default.bid_search is False  # kept behind its own name
    assert v4._heuristic.bid_threshold == default._heuristic.bid_threshold


def test_a_sure_hand_bids_on_the_value_of_its_calls() -> None:
    state = deal(SURE)
    why = searcher().explain(state.observation(N))
    values = dict(why.values)
    assert why.choice != PASS
    assert values[why.choice] > values[PASS] + 3  # seven top trumps: every point but a few is ours


def last_to_bid(hand: str, scores: tuple[int, int] = (0, 0)) -> SmearState:
    """The dealer W with ``hand``, last to call after N bid 2 and E and S passed: a bid of W ends the auction."""
    state = deal(hand, W)
    state.set_scores(scores)
    for call in (A.ACTIONS[A.BID_BASE + 2], PASS, PASS):
        state.apply(call)
    assert state.current_player == W
    return state


def test_a_hopeless_hand_passes_on_the_value_of_its_calls() -> None:
    why = searcher().explain(last_to_bid(HOPELESS).observation(W))
    values = dict(why.values)
    assert why.choice == PASS
    assert all(values[PASS] > v for call, v in values.items() if call != PASS)


def test_a_call_that_wins_the_match_is_worth_more_near_the_target() -> None:
    """Bid to the score: the sure hand's bid of 3 counts the match it wins when the side needs three points."""
    target = load_preset("smear_ten_point").target_score
    bot = searcher()
    three = A.ACTIONS[A.BID_BASE + 3]
    early = dict(bot.explain(last_to_bid(SURE).observation(W)).values)
    late = dict(bot.explain(last_to_bid(SURE, (0, target - 3)).observation(W)).values)
    assert late[three] - late[PASS] > early[three] - early[PASS] + 5


def test_the_calls_valued_are_pass_and_the_bids_near_the_heuristics() -> None:
    obs = deal(SURE).observation(N)
    calls = bid_candidates(obs, A.ACTIONS[A.BID_BASE + 5])
    assert calls[0] == PASS
    assert [c.amount for c in calls[1:] if isinstance(c, A.Bid)] == [2, 3, 4, 5, 6, 7]
    assert [c.amount for c in bid_candidates(obs, PASS)[1:] if isinstance(c, A.Bid)] == [2, 3, 4]


def test_a_tiny_think_time_gives_the_heuristics_call_without_a_late_deal() -> None:
    obs = deal(SURE).observation(N)
    bot = SearchBot(seed=3, bid_search=True, think=1e-6)
    why = bot.explain(obs)
    assert why.choice in obs.legal_actions
    assert why.details["deadline_hit"] is True and why.details["worlds"] < 2  # no deal valued past the deadline
    assert why.method.startswith("the heuristic's call") and why.choice == bot._bidder.choose(obs)
    assert bot.choose(obs) in obs.legal_actions


def test_the_heuristic_call_stands_within_the_noise() -> None:
    assert clearly_better([1.0, 2.0, 1.5, 1.0], [1.0] * 4)
    assert not clearly_better([3.0, -2.0, 1.0, -1.0], [1.0] * 4)
    assert not clearly_better([-1.0, -1.0], [1.0, 1.0], margin=0.0)  # a loss never replaces it


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original"])
def test_the_auction_search_never_reads_a_hidden_card(preset: str) -> None:
    """Two deals that differ only in other seats' hands give the same call."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = new_match(preset, seed=seed)
        walk(state, rng, rng.randrange(0, 3))
        if state.phase != "bidding" or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        twin = swap_hidden_hands(state, seat)
        if twin is None:
            continue
        obs, twin_obs = state.observation(seat), twin.observation(seat)
        assert obs == twin_obs
        assert searcher(1.0, TINY).choose(obs) == searcher(1.0, TINY).choose(twin_obs)
        assert searcher(0.0, TINY).explain(obs).values == searcher(0.0, TINY).explain(twin_obs).values
        checked += 1
    assert checked >= 3


def test_calls_that_end_in_one_contract_share_a_play_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """N bids 2 and E, S pass: W's pass and every bid W could be outbid on end as N's contract, played once."""
    from jick.games.smear import bid_search
    from jick.games.smear.sampling import sample_world

    state = last_to_bid(HOPELESS)
    world = sample_world(state.observation(W), random.Random(2))
    bots = [HeuristicBot(seat) for seat in range(4)]
    calls = bid_candidates(state.observation(W), PASS)
    played = []
    real = bid_search.finish_hand
    monkeypatch.setattr(bid_search, "finish_hand", lambda *args: played.append(1) or real(*args))
    values = bid_search.call_values(world, W, calls, bots)
    assert len(calls) == 4 and len(played) == 4  # pass (N plays 2), and W's 3, 4 and 5: four contracts
    played.clear()
    values_again = bid_search.call_values(world, W, [PASS, PASS, *calls[1:]], bots)
    assert len(played) == 4 and values_again == [values[0], *values]


def test_the_split_guard_tests_the_best_call_on_deals_it_was_not_chosen_on() -> None:
    four, five = A.ACTIONS[A.BID_BASE + 4], A.ACTIONS[A.BID_BASE + 5]
    calls = [PASS, four, five]
    flat = [0.0] * 8
    # 5 looks best on the even deals only, where it was lucky; on the odd ones it loses: the heuristic's pass stands
    lucky = [4.0, -3.0, 4.0, -3.0, 4.0, -3.0, 4.0, -3.0]
    assert split_choice(calls, [flat, flat, lucky], [1.0] * 8, PASS, 1.0) == PASS
    # the same figures judged on all deals together by their best mean would pick it
    assert max(calls, key=lambda c: sum([flat, flat, lucky][calls.index(c)])) == five
    # 4 wins on both halves: it replaces the pass
    steady = [2.0, 1.5, 2.5, 2.0, 1.0, 2.0, 2.0, 2.5]
    assert split_choice(calls, [flat, steady, flat], [1.0] * 8, PASS, 1.0) == four
    # a tie on the choosing half goes to the heuristic's call
    assert split_choice(calls, [flat, flat, flat], [1.0] * 8, four, 0.0) == four


def test_search_bidsplit_searches_its_calls_with_the_split_guard() -> None:
    bot = make_bot("search_bidsplit", seed=1, game="smear")
    assert isinstance(bot, SearchBot) and bot.bid_search and bot.bid_split
    split = SearchBot(seed=3, budget=SMALL, bid_search=True, bid_margin=0.0, bid_split=True)
    why = split.explain(deal(SURE).observation(N))
    assert why.choice != PASS and "tested against the heuristic's on the other half" in why.method
    hopeless = split.explain(last_to_bid(HOPELESS).observation(W))
    assert hopeless.choice == PASS
