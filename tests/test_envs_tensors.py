"""Observation tensors (jick.envs.tensors): layouts, masks over random play, and what a seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from jick.engine import IllegalAction
from jick.envs.episode import EpisodeSpec
from jick.envs.tensors import action_mask, encoder_for, observation_tensor
from jick.game import registered_games

#: One table of every preset family (and both Smear visibility rules), kept small for speed.
FAMILIES = [
    ("smear_ten_point", 4),
    ("smear_ten_point", 3),
    ("smear_mn_original", 4),
    ("smear_nine_card", 5),
    ("smear_widow", 6),
    ("smear_five_point_team", 8),
    ("tarok_3p", 3),
    ("tarok_4p", 4),
    ("lift_smoke", 4),
    ("lift_smoke", 6),
]


def _play(preset: str, players: int, steps: int, seed: int) -> list[Any]:
    """States along a random walk (copies), for checks at every step."""
    state = EpisodeSpec(preset, players).new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal and len(out) < steps:
        out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("preset,players", FAMILIES)
def test_tensors_and_masks_follow_random_play(preset: str, players: int) -> None:
    states = _play(preset, players, 150, seed=players)
    enc = encoder_for(states[0])
    low, high = enc.layout.bounds()
    buffer = enc.new_buffer()
    for state in states:
        for seat in range(players):
            obs = state.observation(seat)
            x = enc.encode(obs, buffer)
            assert x is buffer and x.dtype == np.float32 and x.shape == (enc.size,)
            assert np.isfinite(x).all() and (x >= low).all() and (x <= high).all()
            assert np.array_equal(observation_tensor(obs), x)
            mask = action_mask(obs)
            if seat == state.current_player:
                assert np.array_equal(mask, state.legal_action_mask())
                assert sorted(np.flatnonzero(mask)) == sorted(a.id for a in state.legal_actions())
            else:
                assert not mask.any()
            hand = enc.layout.view(x, "hand")
            assert sorted(np.flatnonzero(hand)) == sorted(c.index for c in obs.hand)


def test_every_preset_has_a_layout_that_covers_its_tensor() -> None:
    for game in registered_games():
        for preset in game.preset_names():
            for players in game.preset_info(preset).players:
                enc = encoder_for(game.load_preset(preset, players), game.name)
                starts = [f.start for f in enc.layout.fields]
                assert starts == sorted(starts) and starts[0] == 0
                assert sum(f.size for f in enc.layout.fields) == enc.size
                assert "hand" in enc.layout and "scores" in enc.layout
                assert enc.layout.describe().count("\n") == len(enc.layout.fields) + 1


def test_seats_are_relative_to_the_observer() -> None:
    state = EpisodeSpec("smear_ten_point").new_state(seed=4)
    enc = encoder_for(state)
    for seat in range(4):
        x = enc.encode(state.observation(seat))
        to_act = np.flatnonzero(enc.layout.view(x, "current_player"))
        assert list(to_act) == [(state.current_player - seat) % 4]
        assert list(np.flatnonzero(enc.layout.view(x, "partner"))) == [0, 2]


# ---- what a seat cannot see ------------------------------------------------------------


def _public_cards(obs: Any) -> set[int]:
    """Cards lying face up for everyone (the turned trump card, an exposed widow half)."""
    cards = [getattr(obs, "trump_card", None)] + list(getattr(obs, "widow_exposed", ()))
    return {c.index for c in cards if c is not None}


def _replay(spec: EpisodeSpec, deck: list[int], dealer: int, actions: list[int]) -> Any:
    state = spec.new_state(first_dealer=dealer, decks=[deck])
    for action in actions:
        state.apply_id(action)
    return state


@pytest.mark.parametrize("preset,players", FAMILIES)
def test_swapping_unseen_cards_between_opponents_leaves_a_tensor_unchanged(preset: str, players: int) -> None:
    spec = EpisodeSpec(preset, players)
    enc = encoder_for(spec.rules, spec.game.name)
    rng = random.Random(players)
    checked = 0
    for trial in range(12):
        base = spec.new_state(seed=100 + trial)
        deck = list(base.deals[0].deck)
        dealer = base.deals[0].dealer
        state = _replay(spec, deck, dealer, [])
        actions: list[int] = []
        for _ in range(rng.randrange(0, 40)):
            if state.current_player < 0 or len(state.deals) > 1 or spec.hooks.deals_scored(state):
                break
            legal = state.legal_action_ids()
            actions.append(legal[rng.randrange(len(legal))])
            state.apply_id(actions[-1])
        if state.current_player < 0 or len(state.deals) > 1:
            continue
        me = rng.randrange(players)
        others = [s for s in range(players) if s != me and state.hand_mask(s)]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        public = _public_cards(state.observation(me))
        xs = [c for c in range(64) if state.hand_mask(a) >> c & 1 and c not in public]
        ys = [c for c in range(64) if state.hand_mask(b) >> c & 1 and c not in public]
        if not xs or not ys:
            continue
        x, y = rng.choice(xs), rng.choice(ys)
        swapped = [y if c == x else x if c == y else c for c in deck]
        try:
            other = _replay(spec, swapped, dealer, actions)
        except IllegalAction:
            continue  # the swap made a recorded play illegal (a shown void): not the same history
        if getattr(state.observation(me), "melds", ()) != getattr(other.observation(me), "melds", ()):
            continue  # Tarok melds are announced: the swap changed what everyone was told
        assert np.array_equal(enc.encode(state.observation(me)), enc.encode(other.observation(me)))
        assert not np.array_equal(enc.encode(state.observation(a)), enc.encode(other.observation(a)))
        checked += 1
    assert checked >= 3
