"""Ratings of the bots with openskill's Plackett-Luce model.

Each play of a deal is one contest: the bots at the table are ranked by the
points they got in it (a bot in several seats counts with its mean over them;
partners are one bot), equal points share a rank. Contests are rated in a fixed
order (matchup, deal, play), so the ratings depend only on the arena seed.

>>> r = rate(["a", "b"], [{0: 3.0, 1: -1.0}, {0: 2.0, 1: 0.0}])
>>> r[0].name, r[0].mu > 25 > r[1].mu, r[0].sigma < 25 / 3
('a', True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The model's starting rating (openskill's defaults): mu 25, sigma 25/3.
START_MU = 25.0


@dataclass(frozen=True)
class Rating:
    """A bot's rating: skill ``mu``, its uncertainty ``sigma`` and the cautious ``ordinal`` (mu - 3 sigma)."""

    name: str
    mu: float
    sigma: float
    contests: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "contests": self.contests,
        }


def rate(names: Sequence[str], contests: Iterable[Mapping[int, float]]) -> list[Rating]:
    """Ratings of ``names`` after ``contests`` (bot index -> points), in the order given."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=name) for name in names]
    counts = [0] * len(names)
    for contest in contests:
        if len(contest) < 2:
            continue
        bots = list(contest)
        teams = model.rate([[ratings[b]] for b in bots], ranks=[-float(contest[b]) for b in bots])
        for b, team in zip(bots, teams, strict=True):
            ratings[b] = team[0]
            counts[b] += 1
    return [Rating(name, r.mu, r.sigma, c) for name, r, c in zip(names, ratings, counts, strict=True)]
