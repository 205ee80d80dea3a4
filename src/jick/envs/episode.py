"""Episodes over jick matches: where one starts and ends, and what it rewards.

A jick match is many deals. The environments cut it into episodes in one of
two ways:

* ``reward="hand"``: an episode is the first scored deal of a fresh match (a
  Smear hand, redeals of misdeals included; a Tarok deal; a Lift Smoke game).
  When it is over every seat is rewarded with its points from that deal, as
  ``jick arena`` counts them: its side's score change in Smear, its score
  change in Tarok, its chip change in Lift Smoke.
* ``reward="match"``: an episode is a whole match, rewarded at its end with
  ``state.returns()`` (1.0 for every seat of the winning side, else 0.0).
  A Lift Smoke session with no set length gets the arena's length (5 games),
  and ``max_deals`` truncates a match that runs long.

Each episode's match is seeded, so a seed reproduces its deals.

>>> spec = EpisodeSpec("smear_ten_point", reward="hand")
>>> state = spec.new_state(seed=1)
>>> spec.status(state)
(False, False)
>>> spec.game.name, spec.num_players, spec.num_actions
('smear', 4, 236)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.arena.hooks import GameArena, arena_hooks
from jick.engine import RulesError
from jick.game import AnyState, Game, get_game

REWARDS = ("hand", "match")


class EpisodeSpec:
    """The game, rules and episode boundaries an environment plays."""

    def __init__(
        self,
        preset: str = "smear_ten_point",
        players: int | None = None,
        reward: str = "hand",
        overrides: Mapping[str, Any] | None = None,
        max_deals: int | None = None,
    ) -> None:
        from jick.registry import load_rules, resolve

        if reward not in REWARDS:
            raise RulesError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if max_deals is not None and max_deals < 1:
            raise RulesError(f"max_deals must be at least 1 (got {max_deals})")
        game_name, self.preset = resolve(preset)
        self.game: Game = get_game(game_name)
        self.hooks: GameArena = arena_hooks(game_name)
        self.reward = reward
        self.max_deals = max_deals
        overrides = dict(overrides or {})
        rules = load_rules(self.preset, players, overrides)
        if reward == "match":
            extra = self.hooks.match_overrides(rules)
            if extra:
                overrides = {**extra, **overrides}
                rules = load_rules(self.preset, players, overrides)
        self.overrides = overrides
        self.rules = rules
        self.num_players: int = rules.num_players
        self.num_actions: int = self.game.num_actions

    @classmethod
    def of_rules(cls, game: str, rules: Any, reward: str = "hand") -> EpisodeSpec:
        """The episodes of ready rules (an observation's ``rules``) rather than a preset."""
        spec = cls.__new__(cls)
        spec.preset = f"{game} (rules given)"
        spec.game = get_game(game)
        spec.hooks = arena_hooks(game)
        spec.reward = reward
        spec.max_deals = None
        spec.overrides = {}
        spec.rules = rules
        spec.num_players = rules.num_players
        spec.num_actions = spec.game.num_actions
        return spec

    def new_state(self, seed: int | None = None, first_dealer: int | None = None, **kwargs: Any) -> AnyState:
        """A fresh match: its deals come from ``seed`` (or from ``decks=``, or wait for chance)."""
        state = self.game.new_match(self.rules, seed=seed, first_dealer=first_dealer, **kwargs)
        state.preset_name = None if self.preset.endswith("(rules given)") else self.preset
        state.overrides = dict(self.overrides)
        return state

    def status(self, state: Any, start: int = 0) -> tuple[bool, bool]:
        """(terminated, truncated) of the episode in ``state`` that began after ``start`` scored deals."""
        if state.is_terminal:
            return True, False
        scored = self.hooks.deals_scored(state) - start
        if self.reward == "hand":
            return scored >= 1, False
        return False, self.max_deals is not None and scored >= self.max_deals

    def rewards(self, state: Any, start: int = 0) -> tuple[float, ...]:
        """Every seat's reward at the end of the episode (zeros before it ends)."""
        terminated, truncated = self.status(state, start)
        if self.reward == "hand":
            if self.hooks.deals_scored(state) > start:
                return tuple(float(x) for x in self.hooks.deal_points(state, start))
            return (0.0,) * self.num_players
        if terminated:
            return tuple(float(x) for x in state.returns())
        return (0.0,) * self.num_players


def table_text(state: Any, seat: int | None = None) -> str:
    """The table as text, seen by ``seat`` (default: the seat to act, else seat 0).

    >>> import jick
    >>> print(table_text(jick.new_game("lift_smoke", seed=1)).splitlines()[0])
    lift_smoke, phase play, seat 2 to act
    """
    if seat is None:
        seat = state.current_player if state.current_player >= 0 else 0
    obs = state.observation(seat)
    lines = [f"{state.preset_name or state.game_name}, phase {obs.phase}, " + _turn(state.current_player)]
    lines.append("scores: " + " ".join(str(s) for s in obs.scores))
    trump = getattr(obs, "trump", None)
    if trump is not None:
        lines.append("trump: " + "SHDC"[trump])
    for name in ("contract", "bid"):
        value = getattr(obs, name, None)
        if value is not None:
            lines.append(f"{name}: {value} by seat {obs.bidder}")
    trick = getattr(obs, "trick", ())
    if trick:
        lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in trick))
    lines.append(f"seat {seat} holds: " + (" ".join(str(c) for c in obs.hand) or "nothing"))
    if obs.legal_actions:
        lines.append("legal: " + " ".join(str(a) for a in obs.legal_actions))
    return "\n".join(lines)


def _turn(player: int) -> str:
    if player >= 0:
        return f"seat {player} to act"
    return "over" if player == -1 else "waiting for a deal"
