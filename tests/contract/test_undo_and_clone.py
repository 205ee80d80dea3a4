"""``undo`` takes back exactly one action, across deal boundaries; a ``clone`` shares nothing with its original."""

from __future__ import annotations

import random

import pytest

from jick.engine import Action, IllegalAction

from .support import Config, core_snapshot, full_snapshot, somewhere_in_a_match, walk_into_second_deal


def test_undo_restores_every_earlier_state(config: Config, seed: int) -> None:
    state = config.new(seed)
    start = full_snapshot(state)
    with pytest.raises(IllegalAction):
        state.undo()
    assert full_snapshot(state) == start
    trail: list[tuple[tuple[object, ...], Action]] = []
    before = core_snapshot(state)
    for action in walk_into_second_deal(state, random.Random(seed)):
        trail.append((before, action))
        before = core_snapshot(state)
    assert len(state.deals) >= 2 or state.is_terminal
    # Undo half way, play the same actions again, then undo everything.
    half = len(trail) // 2
    for snapshot, action in reversed(trail[half:]):
        assert state.undo() == action
        assert core_snapshot(state) == snapshot
    for snapshot, action in trail[half:]:
        assert core_snapshot(state) == snapshot
        state.apply(action)
    assert core_snapshot(state) == before
    for snapshot, action in reversed(trail):
        assert state.undo() == action
        assert core_snapshot(state) == snapshot
    assert full_snapshot(state) == start


def test_a_clone_is_independent_of_its_original(config: Config, seed: int) -> None:
    state = somewhere_in_a_match(config, seed, 60)
    copy = state.clone()
    assert type(copy) is type(state)
    original = full_snapshot(state)
    assert full_snapshot(copy) == original
    # The clone plays on into the next deal and takes part of it back: the original does not move.
    moved = list(walk_into_second_deal(copy, random.Random(seed + 1)))
    assert moved and full_snapshot(state) == original
    for _ in range(len(moved) // 2):
        copy.undo()
    assert full_snapshot(state) == original
    copy_now = full_snapshot(copy)
    # The original plays on and takes it all back: the clone does not move.
    moved = list(walk_into_second_deal(state, random.Random(seed + 2)))
    assert moved and full_snapshot(copy) == copy_now
    for _ in moved:
        state.undo()
    assert full_snapshot(state) == original
    assert full_snapshot(copy) == copy_now
