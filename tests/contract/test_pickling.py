"""A state, its actions and its deal results survive ``pickle`` (to a worker process, a cache), in both builds."""

from __future__ import annotations

import pickle
import random

from .support import Config, core_snapshot, full_snapshot, walk, walk_into_second_deal


def test_a_pickled_state_plays_on_and_undoes_as_its_original(config: Config, seed: int) -> None:
    state = config.new(seed)
    list(walk_into_second_deal(state, random.Random(seed)))
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state)
    assert full_snapshot(copy) == full_snapshot(state)
    assert copy.deal_results == state.deal_results
    # Both play on with the same random choices to the same states, then take it all back alike.
    before = core_snapshot(state)
    played = list(walk(state, random.Random(seed + 1), 40))
    assert list(walk(copy, random.Random(seed + 1), 40)) == played
    assert core_snapshot(copy) == core_snapshot(state)
    for action in reversed(played):
        assert copy.undo() == action
    assert core_snapshot(copy) == before


def test_every_action_and_deal_result_pickles_to_an_equal_value(config: Config, seed: int) -> None:
    state = config.new(seed)
    list(walk_into_second_deal(state, random.Random(seed)))
    actions = [state.action_from_id(i) for i in range(state.num_distinct_actions)]
    back = pickle.loads(pickle.dumps(actions))
    assert back == actions
    assert [str(a) for a in back] == [str(a) for a in actions]
    assert [hash(a) for a in back] == [hash(a) for a in actions]
    results = state.deal_results
    assert results, "a walk into the second deal finishes the first"
    assert pickle.loads(pickle.dumps(results)) == results
    # A pickled action is accepted by the state it came from.
    legal = state.legal_actions()
    if legal:
        state.apply(pickle.loads(pickle.dumps(legal[-1])))
