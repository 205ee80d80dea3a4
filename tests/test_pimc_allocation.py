"""How the determinized search shares its rollouts among candidates: flat, or by sequential halving.

A bandit stands in for a game: each candidate action has a true value, and
each sampled world adds noise to it (shared by all candidates in part, as
the worlds of a card game are).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

import pytest

from jick.bots.pimc import ALLOCATIONS, Budget, DeterminizedSearch, SearchGame, halving_rounds
from jick.engine import RulesError

#: The true value of each of the bandit's candidates: the best (9) is 0.15 ahead of the next.
TRUE = [0.1 * i for i in range(9)] + [0.95]


@dataclass
class Observation:
    seat: int = 0
    legal_actions: list[int] = field(default_factory=lambda: list(range(len(TRUE))))
    key: str = "root"


@dataclass
class World:
    seed: int
    chosen: int = -1

    @property
    def current_player(self) -> int:
        return 0 if self.chosen < 0 else -1

    def clone(self) -> World:
        return World(self.seed, self.chosen)

    def apply(self, action: int) -> None:
        self.chosen = action


def _value(root: World, final: World, seat: int) -> float:
    common = random.Random(final.seed).gauss(0.0, 1.0)
    own = random.Random(final.seed * 1000 + final.chosen).gauss(0.0, 1.0)
    return TRUE[final.chosen] + common + own


def bandit(rollouts: list[int]) -> SearchGame[Observation, World]:
    """The bandit as a search game; ``rollouts`` collects the candidate of every rollout."""

    def value(root: World, final: World, seat: int) -> float:
        rollouts.append(final.chosen)
        return _value(root, final, seat)

    return SearchGame(
        name="bandit",
        sample_world=lambda obs, rng: World(rng.randrange(2**40)),
        progress=lambda state: int(state.chosen >= 0),
        value=value,
        policy=lambda state, seat: 0,
        observation_policy=lambda obs: 0,
        rollout_length=lambda obs: 1,
        observation_key=lambda obs: obs.key,
    )


def test_the_rounds_share_the_rollouts_and_halve_the_candidates() -> None:
    assert halving_rounds(10, 200) == [5, 10, 16, 25]
    assert halving_rounds(3, 90) == [15, 22]
    assert halving_rounds(2, 40) == [20]
    for candidates, rollouts in ((3, 30), (7, 700), (16, 1600), (40, 400)):
        rounds = halving_rounds(candidates, rollouts)
        assert len(rounds) == (candidates - 1).bit_length()
        spent, left = 0, candidates
        for worlds in rounds:
            spent += worlds * left
            left = (left + 1) // 2
        assert spent <= rollouts + len(rounds) * candidates  # at least one world a round may add a little


def test_halving_rolls_out_the_better_half_on_further_worlds() -> None:
    rollouts: list[int] = []
    search = DeterminizedSearch(bandit(rollouts), Budget(worlds=20, min_worlds=20), seed=3, allocation="halving")
    result = search.search(Observation())
    seen = result.details["worlds_per_candidate"]
    assert sorted(seen, reverse=True) == [56, 56, 31, 15, 15, 5, 5, 5, 5, 5]
    assert result.worlds == 56 and result.rollouts == len(rollouts) == sum(seen) <= 20 * len(TRUE)
    assert result.details["finalists"] == 2
    # the candidates dropped early rank below every finalist, whatever their means over fewer worlds
    finalists = {i for i, n in enumerate(seen) if n == 56}
    assert min(result.means[i] for i in finalists) > max(m for i, m in enumerate(result.means) if i not in finalists)


def test_flat_rolls_every_candidate_out_on_every_world() -> None:
    rollouts: list[int] = []
    search = DeterminizedSearch(bandit(rollouts), Budget(worlds=20, min_worlds=20), seed=3)
    result = search.search(Observation())
    assert search.allocation == "flat"
    assert result.details["worlds_per_candidate"] == [20] * len(TRUE) and len(rollouts) == 200


def test_two_candidates_are_searched_alike_either_way() -> None:
    obs = Observation(legal_actions=[3, 9])
    results = [
        DeterminizedSearch(bandit([]), Budget(worlds=30, min_worlds=30), seed=5, allocation=a).search(obs)
        for a in ALLOCATIONS
    ]
    assert results[0].means == results[1].means and results[0].worlds == results[1].worlds == 30


def test_halving_finds_the_best_candidate_more_often_for_the_same_rollouts() -> None:
    """Simple regret (the true value lost by the choice) over 300 decisions, the same rollouts each."""
    regret: dict[str, list[float]] = {a: [] for a in ALLOCATIONS}
    for allocation in ALLOCATIONS:
        for seed in range(300):
            search = DeterminizedSearch(bandit([]), Budget(worlds=20, min_worlds=20), seed, allocation)
            choice = search.explain(Observation(key=str(seed))).choice
            regret[allocation].append(max(TRUE) - TRUE[choice])
    flat, halving = statistics.fmean(regret["flat"]), statistics.fmean(regret["halving"])
    assert halving < 0.8 * flat, (flat, halving)


def test_an_unknown_allocation_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown allocation 'uniform'; allocations are: flat, halving"):
        DeterminizedSearch(bandit([]), Budget(), allocation="uniform")


@pytest.mark.parametrize("allocation", ALLOCATIONS)
def test_with_a_margin_the_policys_choice_stands_unless_clearly_beaten(allocation: str) -> None:
    """The policy plays candidate 0 (true value 0); the best (0.95) beats it by about three standard errors."""
    obs = Observation(key="margin")
    plain = DeterminizedSearch(bandit([]), Budget(worlds=20, min_worlds=20), 7, allocation).explain(obs)
    clear = DeterminizedSearch(bandit([]), Budget(worlds=20, min_worlds=20), 7, allocation, margin=1.0).explain(obs)
    wide = DeterminizedSearch(bandit([]), Budget(worlds=20, min_worlds=20), 7, allocation, margin=8.0).explain(obs)
    assert plain.choice == clear.choice != 0 and "kept_within_margin" not in clear.details
    assert wide.choice == 0 and wide.details["kept_within_margin"] and wide.values[0][0] == 0
    assert dict(wide.values) == dict(plain.values)  # the same values: only the choice differs
