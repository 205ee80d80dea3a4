"""OpenSpiel's ISMCTS as a jick bot: ``openspiel:ismcts`` in ``jick arena`` (needs the ``rl`` extra).

The bot sees only its observation, like every jick bot. For each decision it
samples a world consistent with the observation (the game's own sampler,
the one jick's search bots use), wraps it as a :mod:`jick.envs.openspiel`
state, and runs OpenSpiel's Python ``ISMCTSBot`` on it: every simulation
starts from a fresh world drawn from the same observation (OpenSpiel's
resampler hook), the tree is keyed by the observation string, and leaves
are valued by OpenSpiel's random rollouts to the end of the deal. Returns
are the deal's points, so the exploration constant is scaled to the game's
points.

Names: ``openspiel:ismcts`` (200 simulations) or ``openspiel:ismcts:N``
(``N`` simulations). Tarok and Lift Smoke have a world sampler for every
decision of a deal; Smear's covers only the auction, so Smear is refused.

>>> from jick.games.liftsmoke import new_match
>>> state = new_match("lift_smoke", seed=1)
>>> bot = make_openspiel_bot("ismcts:20", seed=1, game="liftsmoke")
>>> bot.choose(state.observation(state.current_player)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from jick.arena.seeds import derive_seed
from jick.engine import Action, RulesError
from jick.envs.episode import EpisodeSpec
from jick.envs.openspiel import GAMES, JickGame, resample, sampler_of, state_from_jick
from jick.envs.tensors import game_of_observation

__all__ = ["ISMCTSBot", "make_openspiel_bot"]

DEFAULT_SIMULATIONS = 200
#: Games whose sampler gives a world at every decision of a deal.
SUPPORTED = tuple(name for name, d in GAMES.items() if d.ismcts)


@lru_cache(maxsize=16)
def _spiel_game(game: str, rules: Any) -> JickGame:
    spec = EpisodeSpec.of_rules(game, rules, "hand")
    out = JickGame(GAMES[game], {"players": rules.num_players}, spec=spec)
    out.remember = False  # the search keys its tree on observation strings
    return out


class ISMCTSBot:
    """OpenSpiel's information-set MCTS choosing from a jick observation."""

    def __init__(self, seed: int | None = None, simulations: int = DEFAULT_SIMULATIONS, rollouts: int = 1) -> None:
        if simulations < 1:
            raise RulesError(f"ISMCTS needs at least one simulation (got {simulations})")
        self.seed = 0 if seed is None else seed
        self.simulations = simulations
        self.rollouts = rollouts
        self.name = f"openspiel:ismcts:{simulations}"
        self._decisions = 0

    def choose(self, observation: Any) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        game_name = game_of_observation(observation)
        if game_name not in SUPPORTED:
            raise RulesError(f"the OpenSpiel ISMCTS bot has no world sampler for every {game_name} decision")
        self._decisions += 1
        seed = derive_seed(self.seed, "ismcts", self._decisions)
        rng = random.Random(seed)
        np_rng = np.random.RandomState(seed % 2**32)
        game = _spiel_game(game_name, observation.rules)
        root = state_from_jick(game, sampler_of(game_name)(observation, rng))
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(self.rollouts, np_rng),
            uct_c=GAMES[game_name].points_scale(observation.rules) * 2**0.5,
            max_simulations=self.simulations,
            random_state=np_rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=True,
        )
        bot.set_resampler(lambda state, player: resample(state, player, rng))
        action_id = int(bot.step(root))
        return game.episode.game.action_from_id(action_id)


def make_openspiel_bot(
    argument: str, seed: int | None = None, game: str | None = None, think: float | None = None
) -> Any:
    """The bot named ``openspiel:ARGUMENT``: ``ismcts`` or ``ismcts:N`` (N simulations)."""
    kind, _, count = argument.partition(":")
    if kind != "ismcts":
        raise RulesError(f"unknown OpenSpiel bot {argument!r}; OpenSpiel bots are: ismcts, ismcts:N")
    if game is not None and game not in SUPPORTED:
        raise RulesError(f"the OpenSpiel ISMCTS bot plays {', '.join(SUPPORTED)}, not {game}")
    try:
        simulations = int(count) if count else DEFAULT_SIMULATIONS
    except ValueError:
        raise RulesError(f"ismcts:N needs a number of simulations, not {count!r}") from None
    return ISMCTSBot(seed, simulations)
