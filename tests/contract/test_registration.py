"""Each game's registration and states satisfy ``jick.game``: the protocols, the presets and one action codec."""

from __future__ import annotations

import random

import pytest

from jick.engine import Action, NotationError
from jick.game import Game, GameState, Observation, get_game

from .support import CONFIGS, GAMES, Config, walk_into_second_deal


def test_every_game_package_is_registered_and_has_configurations() -> None:
    assert sorted(g.name for g in GAMES) == ["liftsmoke", "smear", "tarok"]
    for game in GAMES:
        assert get_game(game.name) is game
        assert [c for c in CONFIGS if c.game is game], f"{game.name} has no preset to test"


def test_presets_name_their_player_counts(game: Game) -> None:
    names = game.preset_names()
    assert game.default_preset in names and len(set(names)) == len(names)
    for name in names:
        info = game.preset_info(name)
        assert info.name == name and info.players and info.default_players in info.players
        assert game.load_preset(name).num_players == info.default_players


def test_the_codec_numbers_every_action_once(game: Game) -> None:
    actions = [game.action_from_id(i) for i in range(game.num_actions)]
    assert all(isinstance(a, Action) for a in actions)
    assert [a.id for a in actions] == list(range(game.num_actions))
    assert len({str(a) for a in actions}) == game.num_actions, "two actions share a notation"
    for action in actions:  # the context-free notation names every action
        assert game.action_from_text(str(action)) == action
    for bad in (-1, game.num_actions, game.num_actions + 100):
        with pytest.raises(NotationError):
            game.action_from_id(bad)


def test_states_and_observations_satisfy_the_protocols(config: Config, seed: int) -> None:
    game = config.game
    state = config.new(seed)
    assert isinstance(state, GameState) and isinstance(state, game.state_type)
    assert state.game_name == game.name and get_game(state.game_name) is game
    assert state.num_players == config.players == state.rules.num_players
    assert state.preset_name == config.preset and state.seed == seed
    assert state.num_distinct_actions == game.num_actions
    for i in range(game.num_actions):
        assert state.action_from_id(i) == game.action_from_id(i)
    rng = random.Random(seed)
    for _ in walk_into_second_deal(state, rng, extra=1):
        pass
    for seat in range(state.num_players):
        obs = state.observation(seat)
        assert isinstance(obs, Observation) and isinstance(obs, game.observation_type)
        assert obs.seat == seat
        assert (obs.phase, obs.current_player, obs.scores) == (state.phase, state.current_player, state.scores)
        assert all(isinstance(card.index, int) for card in obs.hand)
    with pytest.raises(ValueError):
        state.observation(state.num_players)
