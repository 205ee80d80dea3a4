"""A saved record loads and replays to the identical state, which then goes on as the original would."""

from __future__ import annotations

import random
from pathlib import Path

from jick.game import AnyState
from jick.record import load_record, replay, save_record

from .support import (
    SHORT_MATCH,
    Config,
    core_snapshot,
    full_snapshot,
    play_to_the_end,
    somewhere_in_a_match,
    walk_into_second_deal,
)


def round_trip(state: AnyState, path: Path) -> AnyState:
    replayed: AnyState = replay(load_record(save_record(state, path))).state
    return replayed


def test_a_record_of_a_match_in_progress_replays_and_plays_on(config: Config, seed: int, tmp_path: Path) -> None:
    state = somewhere_in_a_match(config, seed, 80)
    again = round_trip(state, tmp_path / "match.json")
    assert type(again) is type(state)
    assert full_snapshot(again) == full_snapshot(state)
    # The replay keeps the seed: the same choices give the same next deals.
    choices = random.Random(seed + 1)
    for action in walk_into_second_deal(state, choices):
        again.apply(action)
        assert core_snapshot(again) == core_snapshot(state)
    assert full_snapshot(again) == full_snapshot(state)


def test_a_record_of_a_finished_match_replays(config: Config, seed: int, tmp_path: Path) -> None:
    state = config.new(seed, SHORT_MATCH.get(config.game.name))
    play_to_the_end(state, random.Random(seed))
    again = round_trip(state, tmp_path / "finished.json")
    assert again.is_terminal
    assert full_snapshot(again) == full_snapshot(state)
    assert again.returns() == state.returns()
