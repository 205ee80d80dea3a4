"""A finished match offers no action, refuses every one, and returns one value per seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

from jick.engine import TERMINAL, IllegalAction

from .support import SHORT_MATCH, Config, full_snapshot, play_to_the_end, walk


def test_a_finished_match_has_no_legal_action_and_one_return_per_seat(config: Config, seed: int) -> None:
    state = config.new(seed, SHORT_MATCH.get(config.game.name))
    n = state.num_players
    rng = random.Random(seed)
    for _ in walk(state, rng, 30):  # returns are all 0.0 while the match is on
        if not state.is_terminal:
            assert state.returns() == (0.0,) * n
    play_to_the_end(state, rng)
    assert state.is_terminal and state.current_player == TERMINAL
    assert list(state.legal_actions()) == [] and state.legal_action_ids() == []
    mask = state.legal_action_mask()
    assert mask.shape == (state.num_distinct_actions,) and not np.any(mask)
    returns = state.returns()
    assert len(returns) == n and all(r in (0.0, 1.0) for r in returns)
    for seat in range(n):
        assert state.observation(seat).legal_actions == ()
    before = full_snapshot(state)
    for i in (0, state.num_distinct_actions - 1):
        with pytest.raises(IllegalAction):
            state.apply(state.action_from_id(i))
        with pytest.raises(IllegalAction):
            state.apply_id(i)
    assert full_snapshot(state) == before
