"""The search bot's discard (``search_discards``): deals sampled at a free_to_six discard, and what it reads."""

from __future__ import annotations

import random

import pytest

from jick.bots.budget import SamplingError
from jick.games.smear import new_match
from jick.games.smear.heuristic import HeuristicBot
from jick.games.smear.sampling import sample_discard_world
from jick.games.smear.search import Budget, SearchBot
from jick.games.smear.state import SmearState
from smear_kit import swap_hidden_hands

SMALL = Budget(worlds=4, auction_worlds=3, bids_tried=2, nodes=50_000)


def _discards(preset: str, seeds: range) -> list[SmearState]:
    """Every discard decision of heuristic hands (first hand of each seeded match), as states."""
    found = []
    for seed in seeds:
        state = new_match(preset, seed=seed)
        bots = [HeuristicBot(seed=seed * 10 + s) for s in range(state.num_players)]
        while not state.hand_results and state.phase != "play":
            seat = state.current_player
            if state.phase == "discard":
                found.append(state.clone())
            state.apply(bots[seat].choose(state.observation(seat)))
    return found


def test_a_discard_world_shows_the_seat_what_it_saw() -> None:
    """Before, between and after the others' discards: the seat sees in the world what it saw, the rest varies."""
    rng = random.Random(3)
    states = _discards("smear_ten_point", range(4))
    assert len({len(s.observation(s.current_player).own_discards) for s in states}) == 4  # 0 to 3 laid away
    varied = 0
    for state in states:
        seat = state.current_player
        obs = state.observation(seat)
        for _ in range(3):
            world, weight = sample_discard_world(obs, rng, HeuristicBot(seed=1))
            assert weight > 0
            assert world.observation(seat) == obs
            for other in range(state.num_players):
                if other != seat:
                    assert world.hand_mask(other) & state.hand_mask(seat) == 0
            varied += world.hand_mask((seat + 1) % 4) != state.hand_mask((seat + 1) % 4)
    assert varied > len(states)  # the other hands are a sample, not the real ones


def test_a_discard_world_is_refused_where_the_discard_is_not_free_to_six() -> None:
    states = _discards("smear_mn_original", range(3))  # refill: cards are drawn after the discard
    assert states
    obs = states[0].observation(states[0].current_player)
    with pytest.raises(SamplingError, match="free_to_six"):
        sample_discard_world(obs, random.Random(1), None)


def test_search_discards_lays_away_a_legal_card_and_reads_no_hidden_card() -> None:
    """Two states that differ only in other seats' cards give the same values of every discard."""
    checked = 0
    for state in _discards("smear_ten_point", range(6))[::3]:
        seat = state.current_player
        obs = state.observation(seat)
        why = SearchBot(seed=2, budget=SMALL, discards=True).explain(obs)
        assert why.choice in obs.legal_actions and why.details["worlds"] == SMALL.auction_worlds
        assert why.method.startswith("each discard played out")
        twin = swap_hidden_hands(state, seat)
        assert twin is not None
        assert SearchBot(seed=2, budget=SMALL, discards=True).explain(twin.observation(seat)) == why
        checked += 1
    assert checked >= 6


def test_without_the_option_the_search_discards_as_the_heuristic() -> None:
    for state in _discards("smear_ten_point", range(2))[:4]:
        obs = state.observation(state.current_player)
        why = SearchBot(seed=2, budget=SMALL).explain(obs)
        assert why.method == "heuristic (no search in this phase)"
