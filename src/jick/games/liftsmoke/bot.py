"""Lift Smoke bots that look only at their observation: a heuristic player and a search player.

Only the winner of a trick draws, so winning tricks keeps a player in the
game. :class:`HeuristicBot` (also ``GreedyBot``) wins a trick whenever it
can, with its cheapest winning card, and otherwise throws its lowest card,
keeping trumps. It counts the cards played: it leads a card nobody can beat
when it has one, else its strongest card.

:class:`SearchBot` samples whole games that agree with its observation
(:mod:`jick.games.liftsmoke.sampling`), tries every distinct legal card in
each, lets heuristic bots play the game out, and plays the card with the
best mean result in chips (:mod:`jick.bots.pimc`).

>>> from jick.games.liftsmoke import new_match
>>> s = new_match("lift_smoke", overrides={"games_per_session": 3}, seed=4)
>>> bot = HeuristicBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> len(s.game_results)
3
"""

from __future__ import annotations

from typing import Any

from jick.bots.budget import LEVEL_SECONDS
from jick.bots.pimc import Budget, PimcBot, SearchGame
from jick.bots.turn import only_action
from jick.cards import SUIT_MASKS, index_mask
from jick.engine import Action
from jick.games.liftsmoke import actions as A
from jick.games.liftsmoke import sampling
from jick.games.liftsmoke.observation import LiftSmokeObservation
from jick.games.liftsmoke.rule_core import power
from jick.games.liftsmoke.state import LiftSmokeState


class LiftView:
    """What the heuristic reads: from an observation, or (in rollouts) straight from a state.

    ``dead`` holds the cards played in this game's completed tricks.
    """

    __slots__ = ("seat", "trump", "hand", "legal", "trick", "dead")

    def __init__(
        self, seat: int, trump: int, hand: int, legal: list[Action], trick: list[tuple[int, int]], dead: int
    ) -> None:
        self.seat = seat
        self.trump = trump
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.dead = dead

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)


def view_of_observation(obs: LiftSmokeObservation) -> LiftView:
    dead = 0
    for trick in obs.tricks:
        dead |= index_mask(c for _, c in trick.plays)
    return LiftView(
        obs.seat,
        obs.trump if obs.trump is not None else -1,
        index_mask(obs.hand),
        list(obs.legal_actions),
        [(s, c.index) for s, c in obs.trick],
        dead,
    )


def view_of_state(state: LiftSmokeState, seat: int) -> LiftView:
    """The view ``seat`` has of ``state``: the same as :func:`view_of_observation` of its observation."""
    dead = 0
    for trick in state.tricks:
        for _, c in trick.plays:
            dead |= 1 << c.index
    trump = state.trump
    return LiftView(
        seat,
        -1 if trump is None else trump,
        state.hand_mask(seat),
        state.legal_actions() if state.current_player == seat else [],
        state.trick_cards(),
        dead,
    )


class HeuristicBot:
    """Win tricks cheaply to keep drawing; throw low cards otherwise; lead sure winners."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the choices are deterministic

    def choose(self, observation: LiftSmokeObservation) -> Action:
        if (only := only_action(observation.legal_actions)) is not None:
            return only
        return self.decide(view_of_observation(observation))

    def decide(self, view: LiftView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        trump = view.trump
        cards = [a.id for a in legal]
        if not view.trick:
            return A.ACTIONS[self._lead(view, cards)]
        played = [c for _, c in view.trick]
        led = played[0] // 13
        best = max(power(c, trump, led) for c in played)
        winning = [c for c in cards if power(c, trump, led) > best]
        if winning:
            return A.ACTIONS[min(winning, key=lambda c: power(c, trump, led))]
        # a losing card: the lowest, keeping trumps
        return A.ACTIONS[min(cards, key=lambda c: (c // 13 == trump, c % 13))]

    def _lead(self, view: LiftView, cards: list[int]) -> int:
        trump = view.trump
        unseen = ((1 << 52) - 1) & ~(view.dead | view.hand)
        for c in sorted(cards, key=lambda c: -power(c, trump, -1)):
            suit = c // 13
            higher = unseen & SUIT_MASKS[suit] & ~((1 << (c + 1)) - 1)
            if higher:
                continue
            if suit == trump or (trump >= 0 and not unseen & SUIT_MASKS[trump]):
                return c  # nobody can beat it
        return max(cards, key=lambda c: (power(c, trump, -1), -c))


#: The heuristic bot under its old name.
GreedyBot = HeuristicBot


# --------------------------------------------------------------------------- search
#: Budgets of the search levels (calibrated on a 2-core machine: see benchmarks/bench_search_games.py).
LEVELS: dict[str, Budget] = {
    "normal": Budget(worlds=400, min_worlds=80, steps=150_000, seconds=LEVEL_SECONDS["normal"]),
    "hard": Budget(worlds=1600, min_worlds=320, steps=600_000, seconds=LEVEL_SECONDS["hard"]),
}


def search_game(policy_bot: HeuristicBot | None = None) -> SearchGame[LiftSmokeObservation, LiftSmokeState]:
    """Lift Smoke for :class:`jick.bots.pimc.DeterminizedSearch`: sampled games, heuristic rollouts, chips."""
    bot = policy_bot or HeuristicBot()

    def policy(state: LiftSmokeState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return bot.decide(view_of_state(state, seat))

    return SearchGame(
        name="heuristic",
        sample_world=sampling.sample_world,
        progress=sampling.progress,
        value=sampling.game_value,
        policy=policy,
        observation_policy=bot.choose,
        rollout_length=sampling.rollout_length,
        groups=sampling.equivalent_groups,
        observation_key=sampling.observation_key,
    )


class SearchBot(PimcBot[LiftSmokeObservation, LiftSmokeState]):
    """Determinized search over sampled games with heuristic rollouts, valued in chips won or lost.

    ``level`` is ``normal`` or ``hard`` (the budget of :data:`LEVELS`);
    ``budget`` overrides it (tests use small ones).
    """

    levels = LEVELS

    def search_game(self) -> SearchGame[LiftSmokeObservation, LiftSmokeState]:
        return search_game()
