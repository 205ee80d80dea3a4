"""Determinized search for any game: sample the hidden cards, try each action, roll out.

Perfect-information Monte Carlo (PIMC): from one observation the bot draws
``N`` complete game states that agree with everything the seat can see (the
*worlds*), applies each candidate action to a copy of every world, lets a
fast policy play the rest of the deal or game, and scores the outcome with
the game's value function. The action with the best mean wins. Every action
is scored on the same worlds (common random numbers), so the comparison
between actions is much less noisy than the values themselves. With many
candidates the rollouts go by *sequential halving* (``allocation="halving"``):
every candidate is rolled out on the first worlds, the better half goes on to
the next worlds, and so on, so that the same number of rollouts tells the
best few apart on many more worlds than a flat share would give each.

A game plugs in through :class:`SearchGame`: how to sample a world, when a
rollout ends, what an outcome is worth to the seat, the rollout policy, and
optionally which actions are equivalent (evaluated once) and how long a
rollout will be (to size the budget). The budget is counted in rollout
steps, so a bot with a given seed makes the same choice from the same
observation; its deadline (:class:`~jick.bots.budget.Budget` ``seconds``)
stops the search between worlds when a decision runs long.

:func:`random_assignment` is a helper for samplers: it deals cards to places
of given sizes where each card may only go to some places.

>>> import random
>>> places = random_assignment([10, 11, 12], [0b01, 0b11, 0b10], [1, 2], random.Random(1))
>>> places[0], places[2], sorted(places)
(0, 1, [0, 1, 1])
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic

from jick.bots import Explanation
from jick.bots.budget import Budget, Deadline, SamplingError
from jick.bots.margin import clearly_better
from jick.bots.weights import temper
from jick.engine import Action, RulesError
from jick.game import ObsT, StateT

__all__ = ["Budget", "DeterminizedSearch", "PimcBot", "SamplingError", "SearchGame", "better_half", "random_assignment"]


@dataclass(frozen=True)
class SearchGame(Generic[ObsT, StateT]):
    """The game-specific parts of a determinized search, over the game's observation and state types.

    * ``sample_world(observation, rng)``: a full state whose ``current_player``
      is the observing seat and whose ``observation(seat)`` equals the given
      one; raises :class:`SamplingError` when it cannot;
    * ``progress(state)``: a number that changes when the deal or game being
      valued is over (deals or games finished); rollouts stop there, at a
      terminal state, or at a chance node;
    * ``value(root, final, seat)``: what the outcome is worth to ``seat``
      (points of this deal or game), ``root`` being the world before the action;
    * ``policy(state, seat)``: the rollout policy's action for ``seat``;
    * ``observation_policy(observation)``: the same policy driven by an
      observation (the bot's fallback when no world can be sampled, and its
      choice among actions of equal value);
    * ``groups(observation)``: the legal actions in groups of equivalent ones,
      each group's first action standing for the group (default: one each);
    * ``rollout_length(observation)``: the expected number of actions left in
      the deal or game (for the budget);
    * ``observation_key(observation)``: a text that tells observations apart
      (seeds the sampling; default: the observation's ``repr``);
    * ``world_weight(observation, world)``: how likely the world is given what
      the other seats did that the sampling does not rule out (their calls,
      read with a model of the players); the means are weighted by it
      (default: every world counts the same).
    """

    name: str
    sample_world: Callable[[ObsT, random.Random], StateT]
    progress: Callable[[StateT], int]
    value: Callable[[StateT, StateT, int], float]
    policy: Callable[[StateT, int], Action]
    observation_policy: Callable[[ObsT], Action]
    rollout_length: Callable[[ObsT], int]
    groups: Callable[[ObsT], list[list[Action]]] | None = None
    observation_key: Callable[[ObsT], str] | None = None
    world_weight: Callable[[ObsT, StateT], float] | None = None


@dataclass
class SearchResult:
    """Mean value of each group of equivalent actions, over the same worlds."""

    groups: list[list[Action]]
    means: list[float]
    worlds: int
    rollouts: int
    fallback: str = ""
    details: dict[str, Any] = field(default_factory=dict)


def observation_seed(seed: int, key: str) -> int:
    """A seed that depends only on the bot's seed and a text that identifies the observation."""
    digest = hashlib.blake2b(f"{seed}|{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


#: How a search shares its rollouts among the candidates: the same worlds for every one (``flat``), or
#: rounds that each keep the better half on further worlds (``halving``).
ALLOCATIONS = ("flat", "halving")


def halving_rounds(candidates: int, rollouts: int) -> list[int]:
    """New worlds in each round of sequential halving: ``rollouts`` shared evenly by the rounds.

    Round ``k`` rolls out the ``ceil(candidates / 2**k)`` candidates left on
    its new worlds; a round gets at least one world.

    >>> halving_rounds(8, 800)  # 8 candidates on 33 worlds, 4 on 66 more, 2 on 133 more
    [33, 66, 133]
    >>> halving_rounds(2, 200), halving_rounds(5, 10)
    ([100], [1, 1, 1])
    """
    rounds = max(1, (candidates - 1).bit_length())
    share = rollouts // rounds
    out = []
    left = candidates
    for _ in range(rounds):
        out.append(max(1, share // left))
        left = (left + 1) // 2
    return out


def better_half(candidates: list[int], mean: Callable[[int], float], keep: int | None = None) -> list[int]:
    """The better half of ``candidates`` by ``mean`` (ties by number), with ``keep`` if it is among them.

    One round of sequential halving: shared by this search and the Smear play's (``search_halving``).

    >>> better_half([1, 2, 3, 4, 5], {1: 5.0, 2: 1.0, 3: 4.0, 4: 3.0, 5: 0.0}.get, keep=5)
    [1, 3, 4, 5]
    >>> better_half([1, 2], {1: 0.0, 2: 1.0}.get)
    [1, 2]
    """
    if len(candidates) <= 2:
        return candidates
    ranked = sorted(candidates, key=lambda c: (-mean(c), c))
    better = ranked[: (len(ranked) + 1) // 2]
    if keep in candidates and keep not in better:
        better.append(keep)
    return better


class DeterminizedSearch(Generic[ObsT, StateT]):
    """PIMC over a :class:`SearchGame` with a :class:`Budget`; deterministic for a given seed.

    ``allocation`` (:data:`ALLOCATIONS`): ``flat`` rolls every candidate out
    on the same worlds, as many as the budget gives (``Budget.worlds_for``);
    ``halving`` spends the same rollouts by sequential halving
    (:func:`halving_rounds`): after each round only the better half of the
    candidates (by their mean over the worlds so far, all of them shared)
    goes on to new worlds. With ``margin`` (standard errors), the rollout
    policy's own choice stands unless the best beats it world by world by
    more than that margin (:func:`~jick.bots.margin.clearly_better`).
    With ``temper_share``, world weights that would leave fewer effective
    worlds than that share of the worlds played are tempered
    (:func:`~jick.bots.weights.temper`) before the means are taken.
    """

    def __init__(
        self,
        game: SearchGame[ObsT, StateT],
        budget: Budget,
        seed: int | None = None,
        allocation: str = "flat",
        margin: float | None = None,
        temper_share: float | None = None,
    ) -> None:
        if allocation not in ALLOCATIONS:
            raise RulesError(f"unknown allocation {allocation!r}; allocations are: {', '.join(ALLOCATIONS)}")
        self.game = game
        self.budget = budget
        self.seed = secrets.randbelow(2**63) if seed is None else seed
        self.allocation = allocation
        self.margin = margin
        self.temper_share = temper_share

    def groups(self, observation: ObsT) -> list[list[Action]]:
        legal = list(observation.legal_actions)
        if self.game.groups is None or len(legal) <= 1:
            return [[a] for a in legal]
        return self.game.groups(observation)

    def rollout(self, world: StateT, root: StateT, seat: int) -> float:
        """Play ``world`` with the policy to the end of the deal or game; the value for ``seat``."""
        game = self.game
        start = game.progress(root)
        policy = game.policy
        while game.progress(world) == start:
            player = world.current_player
            if player < 0:
                break
            world.apply(policy(world, player))
        return game.value(root, world, seat)

    def search(self, observation: ObsT) -> SearchResult:
        groups = self.groups(observation)
        if not groups:
            raise ValueError("it is not this seat's turn")
        if len(groups) == 1:
            return SearchResult(groups, [0.0], 0, 0, fallback="one choice")
        deadline = Deadline(self.budget.seconds)
        seat = observation.seat
        worlds = self.budget.worlds_for(len(groups), self.game.rollout_length(observation))
        if self.allocation == "halving" and len(groups) > 2:
            rounds = halving_rounds(len(groups), worlds * len(groups))
        else:
            rounds = [worlds]
        key = self.game.observation_key(observation) if self.game.observation_key else repr(observation)
        rng = random.Random(observation_seed(self.seed, key))
        totals = [0.0] * len(groups)
        weights = [0.0] * len(groups)  # each candidate's weight of worlds (its rollouts, weighted)
        samples: list[list[float]] = [[] for _ in groups]  # each candidate's value in each of its worlds
        world_weights: list[float] = []  # the weight of each world, in order (a candidate's are the first ones)
        weigh = self.game.world_weight
        alive = list(range(len(groups)))
        done = 0
        stopped = False
        for number, new_worlds in enumerate(rounds):
            if number:  # the better half goes on (every candidate left has seen the same worlds)
                alive = better_half(alive, lambda i: totals[i] / weights[i])
            for _ in range(new_worlds):
                if done and deadline.expired():
                    stopped = True
                    break
                try:
                    world = self.game.sample_world(observation, rng)
                except SamplingError as exc:
                    if done:
                        stopped = True
                        break  # an unlucky draw: keep the worlds already played
                    return SearchResult(groups, [0.0] * len(groups), 0, 0, fallback=str(exc))
                weight = 1.0 if weigh is None else weigh(observation, world)
                if weight <= 0.0:
                    continue  # a world the calls rule out: no rollouts
                for i in alive:
                    branch = world.clone()
                    branch.apply(groups[i][0])
                    value = self.rollout(branch, world, seat)
                    samples[i].append(value)
                    totals[i] += weight * value
                    weights[i] += weight
                world_weights.append(weight)
                done += 1
            if stopped or not done:
                break
        if not done:
            return SearchResult(groups, [0.0] * len(groups), 0, 0, fallback="no sampled world fits the calls")
        if weigh is not None and self.temper_share is not None:
            world_weights = temper(world_weights, self.temper_share * done)
            totals = [sum(w * v for w, v in zip(world_weights, values, strict=False)) for values in samples]
            weights = [sum(world_weights[: len(values)]) for values in samples]
        means = [t / w if w else float("-inf") for t, w in zip(totals, weights, strict=True)]
        # a candidate dropped in an earlier round ranks below those left: its mean is over fewer, other worlds
        seen = [len(values) for values in samples]
        last = min(seen[i] for i in alive)
        means = [m if seen[i] >= last else min(m, min(means[j] for j in alive) - 1e-9) for i, m in enumerate(means)]
        details = {
            "deadline_hit": deadline.hit,
            "finalists": len(alive),
            "worlds_per_candidate": seen,
            "samples": samples,
            "world_weights": world_weights,
        }
        return SearchResult(groups, means, done, sum(seen), details=details)

    def explain(self, observation: ObsT) -> Explanation:
        """The choice and every legal action's mean value, best first."""
        result = self.search(observation)
        policy_choice = self._policy_choice(observation, result)
        if result.fallback:
            values = tuple((a, 0.0) for g in result.groups for a in g)
            if result.fallback == "one choice":
                method = "one choice (no search)"
            else:
                method = f"rollout policy (no search: {result.fallback})"
            values = tuple(sorted(values, key=lambda av: av[0] != policy_choice))
            return Explanation(policy_choice, values, method, {"worlds": 0, "rollouts": 0})
        order = sorted(
            range(len(result.groups)),
            key=lambda i: (-result.means[i], policy_choice not in result.groups[i], i),
        )
        best = result.groups[order[0]]
        choice = policy_choice if policy_choice in best else best[0]
        kept = choice != policy_choice and not self._clearly_better(result, order[0], policy_choice)
        if kept:
            choice = policy_choice
        values = tuple((a, result.means[i]) for i in order for a in result.groups[i])
        values = tuple(sorted(values, key=lambda av: (av[0] != choice if kept else False, -av[1], av[0] != choice)))
        method = f"{result.worlds} sampled worlds, {self.game.name} rollouts"
        details = {
            "worlds": result.worlds,
            "rollouts": result.rollouts,
            "candidates": len(result.groups),
            "policy_choice": policy_choice,
            "deadline_hit": bool(result.details.get("deadline_hit")),
        }
        if kept:
            method += ", the policy's choice kept within the margin"
            details["kept_within_margin"] = True
        return Explanation(choice, values, method, details)

    def _clearly_better(self, result: SearchResult, best: int, policy_choice: Action) -> bool:
        """Whether group ``best`` beats the policy's choice by ``margin`` on the worlds both saw (no margin: True)."""
        if self.margin is None:
            return True
        other = next(i for i, group in enumerate(result.groups) if policy_choice in group)
        mine, theirs = result.details["samples"][best], result.details["samples"][other]
        shared = min(len(mine), len(theirs))
        gains = [mine[j] - theirs[j] for j in range(shared)]
        return clearly_better(gains, result.details["world_weights"][:shared], self.margin)

    def _policy_choice(self, observation: ObsT, result: SearchResult) -> Action:
        """The rollout policy's own choice: the fallback, and the tie-breaker among equal means."""
        legal = [a for g in result.groups for a in g]
        choice = self.game.observation_policy(observation)
        return choice if choice in legal else legal[0]

    def choose(self, observation: ObsT) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.explain(observation).choice


class PimcBot(Generic[ObsT, StateT]):
    """A search bot over one game's :class:`SearchGame`: subclasses set ``levels`` and ``search_game``.

    ``level`` names a budget of ``levels`` (``normal`` or ``hard``); ``budget``
    overrides it (tests use small ones) and ``think`` its deadline in seconds.
    The same seed and observation give the same choice unless the deadline
    cuts the search short. ``inference`` says whether the game's
    ``world_weight`` weights the sampled worlds (default: :attr:`infers`);
    without it every sampled world counts the same. ``allocation`` shares the
    rollouts among the candidates (:data:`ALLOCATIONS`; default:
    :attr:`allocates`). ``margin``: keep the rollout policy's choice unless
    the best beats it by that many standard errors (default: none).
    """

    name = "search"
    #: Budget per level.
    levels: ClassVar[dict[str, Budget]] = {}
    #: Whether the search weights its worlds by ``world_weight`` unless told otherwise.
    infers: ClassVar[bool] = True
    #: How the search shares its rollouts among the candidates unless told otherwise (:data:`ALLOCATIONS`).
    allocates: ClassVar[str] = "flat"

    def __init__(
        self,
        seed: int | None = None,
        level: str = "normal",
        budget: Budget | None = None,
        think: float | None = None,
        inference: bool | None = None,
        allocation: str | None = None,
        margin: float | None = None,
    ) -> None:
        if level not in self.levels:
            raise RulesError(f"unknown search level {level!r}; levels are: {', '.join(self.levels)}")
        self.seed = seed
        self.level = level
        self.inference = self.infers if inference is None else inference
        budget = budget or self.levels[level]
        if think is not None:
            budget = budget.with_seconds(think)
        self.budget = budget
        game = self.search_game()
        if not self.weighs() and game.world_weight is not None:
            game = dataclasses.replace(game, world_weight=None)
        self.allocation = self.allocates if allocation is None else allocation
        self.margin = margin
        self.search = DeterminizedSearch(game, budget, seed, self.allocation, margin)

    def weighs(self) -> bool:
        """Whether the sampled worlds are weighted by the game's ``world_weight`` (default: :attr:`inference`)."""
        return self.inference

    def search_game(self) -> SearchGame[ObsT, StateT]:
        """The game's pieces for the search (sampling, rollout policy, value)."""
        raise NotImplementedError

    def choose(self, observation: ObsT) -> Action:
        return self.search.choose(observation)

    def explain(self, observation: ObsT) -> Explanation:
        return self.search.explain(observation)


def random_assignment(
    cards: Sequence[int], allowed: Sequence[int], capacity: Sequence[int], rng: random.Random, tries: int = 40
) -> list[int]:
    """Place every card in one place: ``allowed[i]`` is a bitmask of the places card ``i`` may go to.

    ``capacity[p]`` is how many cards place ``p`` takes; the capacities must
    add up to the number of cards. The most constrained cards are placed
    first, each at random among its places weighted by the room left; a dead
    end starts over, and after ``tries`` dead ends an exact matching decides.
    Raises :class:`SamplingError` when no placement exists.
    """
    n = len(cards)
    if sum(capacity) != n:
        raise SamplingError(f"{n} cards for {sum(capacity)} places")
    places = range(len(capacity))
    for _ in range(tries):
        keys = [(allowed[i].bit_count(), rng.random(), i) for i in range(n)]
        keys.sort()
        room = list(capacity)
        out = [-1] * n
        for _, _, i in keys:
            mask = allowed[i]
            total = 0
            for p in places:
                if mask >> p & 1:
                    total += room[p]
            if total == 0:
                break
            pick = rng.randrange(total)
            for p in places:
                if mask >> p & 1 and room[p]:
                    if pick < room[p]:
                        break
                    pick -= room[p]
            room[p] -= 1
            out[i] = p
        else:
            return out
    return _matching(n, allowed, capacity, rng)


def _matching(n: int, allowed: Sequence[int], capacity: Sequence[int], rng: random.Random) -> list[int]:
    """An exact placement by augmenting paths (cards in random order); SamplingError if none exists."""
    slots: list[int] = [p for p, c in enumerate(capacity) for _ in range(c)]
    holder = [-1] * len(slots)
    slot_of = [-1] * n
    options = [[s for s, p in enumerate(slots) if allowed[i] >> p & 1] for i in range(n)]
    for opts in options:
        rng.shuffle(opts)

    def augment(i: int, seen: set[int]) -> bool:
        for s in options[i]:
            if s in seen:
                continue
            seen.add(s)
            if holder[s] < 0 or augment(holder[s], seen):
                holder[s] = i
                slot_of[i] = s
                return True
        return False

    order = list(range(n))
    rng.shuffle(order)
    for i in order:
        if not augment(i, set()):
            raise SamplingError("the cards cannot be placed as the observation requires")
    return [slots[slot_of[i]] for i in range(n)]
