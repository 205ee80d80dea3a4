"""A single-agent Gymnasium environment: the learner at one seat, jick bots at the others (``rl`` extra).

``JickEnv(preset="smear_ten_point", seat=0, opponents="heuristic")`` seats
the learner at ``seat`` and a bot (``random``, ``heuristic``, ``search``, a
level, or one name per other seat) everywhere else, partners included. An
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}``
as in :mod:`jick.envs.pettingzoo`; ``action_masks()`` gives the mask too (the
convention of maskable policies). Episodes and rewards are those of
:class:`jick.envs.episode.EpisodeSpec` from the learner's seat: one deal
(``reward="hand"``, the learner's points from it) or one match
(``reward="match"``, 1.0 for a win).

An illegal action ends the episode with ``illegal_reward`` and
``info["illegal"] = True`` (the state is left as it was). A deal in which the
learner never acts (the dealer who sits out in four-handed Tarok) is skipped.

``autopilot`` and ``learner_phases`` narrow the learner's job: in any phase
not named, the learner's seat is played by the ``autopilot`` bot (for
example ``learner_phases=("bidding", "trump")``, ``autopilot="heuristic"``:
the learner bids and names trump, the heuristic plays its cards).

The seed of ``reset`` seeds the match and the bots, so it reproduces the
episode for a given sequence of the learner's actions.

>>> env = JickEnv("smear_ten_point", opponents="random")
>>> obs, info = env.reset(seed=1)
>>> legal = obs["action_mask"].nonzero()[0]
>>> obs, reward, terminated, truncated, info = env.step(int(legal[0]))
>>> terminated or bool(obs["action_mask"].any())
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from jick.arena.seeds import derive_seed
from jick.bots import bot_action, make_bot
from jick.engine import RulesError
from jick.envs.episode import EpisodeSpec, table_text
from jick.envs.obs_dict import dict_observation, dict_space
from jick.envs.tensors import action_mask, encoder_for

__all__ = ["JickEnv"]

Obs = dict[str, npt.NDArray[Any]]


class JickEnv(gymnasium.Env[Obs, np.int64]):
    """One learner against jick bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        preset: str = "smear_ten_point",
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        reward: str = "hand",
        overrides: Mapping[str, Any] | None = None,
        max_deals: int | None = None,
        illegal_reward: float = -10.0,
        think: float | None = None,
        autopilot: str | None = None,
        learner_phases: Sequence[str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.episode = EpisodeSpec(preset, players, reward, overrides, max_deals)
        n = self.episode.num_players
        if not 0 <= seat < n:
            raise RulesError(f"seat must be 0..{n - 1} (got {seat})")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise RulesError(f"name one bot for each of the {n - 1} other seats (got {len(names)})")
        if learner_phases is not None and autopilot is None:
            raise RulesError("learner_phases needs an autopilot bot for the other phases")
        self.seat = seat
        self.opponents = names
        self.illegal_reward = float(illegal_reward)
        self.think = think
        self.autopilot = autopilot
        self.learner_phases = None if learner_phases is None else frozenset(learner_phases)
        self.render_mode = render_mode
        game = self.episode.game.name
        for name in {*names, *([autopilot] if autopilot else [])}:
            make_bot(name, 0, game=game)  # a RulesError now if the game lacks this bot
        self.encoder = encoder_for(self.episode.rules, game)
        num_actions = self.episode.num_actions
        self.observation_space: spaces.Space[Any] = dict_space(self.encoder)
        self.action_space = spaces.Discrete(num_actions)
        self.state: Any = None
        self._bots: list[Any] = []
        self._pilot: Any = None

    # ---- gymnasium ------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            match_seed = int(self.np_random.integers(2**31)) if seed is None else seed
            seed = None
            self._start(match_seed)
            if self._advance():
                return self._observe(), {"match_seed": match_seed}

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        action_id = int(action)
        legal = state.legal_action_ids()
        if action_id not in legal:
            return self._observe(), self.illegal_reward, True, False, {"illegal": True}
        state.apply_id(action_id)
        self._advance()
        terminated, truncated = self.episode.status(state)
        reward = self.episode.rewards(state)[self.seat] if terminated or truncated else 0.0
        return self._observe(), reward, terminated, truncated, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return table_text(self.state, self.seat)

    def jick_observation(self) -> Any:
        """The learner's observation as jick gives it (the frozen dataclass the tensor is built from)."""
        return self.state.observation(self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a bool mask (all False when it is not to act)."""
        return action_mask(self.state.observation(self.seat), self.episode.num_actions)

    # ---- the table -------------------------------------------------------------
    def _start(self, match_seed: int) -> None:
        self.state = self.episode.new_state(seed=match_seed)
        game = self.episode.game.name
        others = iter(self.opponents)
        self._bots = [
            None if s == self.seat else make_bot(next(others), derive_seed(match_seed, "bot", s), game, self.think)
            for s in range(self.episode.num_players)
        ]
        self._pilot = (
            make_bot(self.autopilot, derive_seed(match_seed, "pilot"), game, self.think) if self.autopilot else None
        )

    def _advance(self) -> bool:
        """Let the bots play until the learner must act; False if the episode ended first."""
        state = self.state
        while True:
            terminated, truncated = self.episode.status(state)
            if terminated or truncated:
                return False
            seat = state.current_player
            if seat == self.seat:
                if self._pilot is None or self.learner_phases is None or state.phase in self.learner_phases:
                    return True
                state.apply(bot_action(self._pilot, state, seat))
            else:
                state.apply(bot_action(self._bots[seat], state, seat))

    def _observe(self) -> Obs:
        return dict_observation(self.encoder, self.state.observation(self.seat))
