"""The legal actions agree in every form (actions, ids, mask, observation) and their notation round-trips."""

from __future__ import annotations

import random

import numpy as np

from jick.game import AnyState

from .support import Config, walk_into_second_deal


def check_legal_views(state: AnyState) -> None:
    """``legal_actions``, ``legal_action_ids``, the mask, the codec, the notation and the observations agree."""
    n = state.num_distinct_actions
    actions = list(state.legal_actions())
    ids = state.legal_action_ids()
    assert actions, f"no legal action before the end: {state!r}"
    assert [a.id for a in actions] == ids and len(set(ids)) == len(ids)
    mask = state.legal_action_mask()
    assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (n,)
    assert np.flatnonzero(mask).tolist() == sorted(ids)
    for action in actions:
        assert 0 <= action.id < n
        assert state.action_from_id(action.id) == action
        assert state.parse_action(str(action)) == action, f"{action!r} does not read back from {str(action)!r}"
    for seat in range(state.num_players):
        shown = state.observation(seat).legal_actions
        if seat == state.current_player:  # the rule-abiding choices (a renege may be legal but not shown)
            assert shown and set(shown) <= set(actions)
        else:
            assert shown == ()


def test_legal_actions_agree_in_every_form(config: Config, seed: int) -> None:
    state = config.new(seed)
    check_legal_views(state)
    for _ in walk_into_second_deal(state, random.Random(seed)):
        if state.is_terminal:
            break
        check_legal_views(state)
    assert len(state.deals) >= 2 or state.is_terminal
