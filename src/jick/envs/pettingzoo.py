"""A PettingZoo AEC environment for every jick preset (needs the ``rl`` extra).

``env(preset="smear_ten_point", players=4, reward="hand")`` gives an
environment with agents ``player_0 .. player_{n-1}`` (the seats), a
``Discrete`` action space over the game's action ids, and observations
``{"observation": float32 tensor, "action_mask": int8 mask}`` (the tensor of
:mod:`jick.envs.tensors`; the mask is all zeros except for the agent to
act). Episodes and rewards are those of :class:`jick.envs.episode.EpisodeSpec`:
one deal (``reward="hand"``) or one match (``reward="match"``). The seed of
``reset`` seeds the match, so the same seed deals the same cards; a reset
without a seed draws one from the generator of the last seeded reset.

An illegal action raises :class:`jick.engine.IllegalAction` and changes
nothing; wrap the environment in PettingZoo's ``TerminateIllegalWrapper``
for the end-the-game-and-penalise convention.

>>> e = env("tarok_3p", seed=None)
>>> e.reset(seed=3)
>>> agent = e.agent_selection
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape == e.observation_space(agent)["observation"].shape
True
>>> e.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from jick.engine import IllegalAction
from jick.envs.episode import EpisodeSpec, table_text
from jick.envs.obs_dict import dict_observation, dict_space
from jick.envs.tensors import encoder_for

__all__ = ["JickAECEnv", "env", "raw_env"]


class JickAECEnv(AECEnv):  # type: ignore[misc]
    """Every seat of a jick match as a PettingZoo agent (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "jick_v0", "is_parallelizable": False}

    def __init__(
        self,
        preset: str = "smear_ten_point",
        players: int | None = None,
        reward: str = "hand",
        overrides: Mapping[str, Any] | None = None,
        max_deals: int | None = None,
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.episode = EpisodeSpec(preset, players, reward, overrides, max_deals)
        self.render_mode = render_mode
        self.encoder = encoder_for(self.episode.rules, self.episode.game.name)
        n = self.episode.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        num_actions = self.episode.num_actions
        obs_space = dict_space(self.encoder)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng(seed)
        self.state: Any = None
        self.metadata = {**self.metadata, "name": f"jick_{self.episode.preset}_v0"}

    # ---- spaces ------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ---- the episode -------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            match_seed = seed
        else:
            match_seed = int(self._seeds.integers(2**31))
        self.state = self.episode.new_state(seed=match_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        return dict_observation(self.encoder, self.state.observation(seat))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act (None is only for a finished agent)")
        state = self.state
        action = int(action)
        if not 0 <= action < self.episode.num_actions:
            raise IllegalAction(f"no action has id {action}", state.legal_actions())
        state.apply_id(action)  # IllegalAction, and no change, if not legal
        self._cumulative_rewards[agent] = 0.0
        terminated, truncated = self.episode.status(state)
        rewards = self.episode.rewards(state)
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = rewards[seat]
        if terminated or truncated:
            for name in self.agents:
                self.terminations[name] = terminated
                self.truncations[name] = truncated
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return table_text(self.state)

    def close(self) -> None:
        pass


def raw_env(preset: str = "smear_ten_point", **kwargs: Any) -> JickAECEnv:
    """The environment without PettingZoo's wrappers."""
    return JickAECEnv(preset, **kwargs)


def env(preset: str = "smear_ten_point", **kwargs: Any) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(preset, **kwargs))
