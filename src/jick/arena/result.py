"""The result of an arena run and its JSON form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jick.arena.ratings import Rating
from jick.arena.seating import lineup_text
from jick.arena.summary import BotSummary, PairSummary, deal_means, ladder_order
from jick.arena.worker import DealResult, MatchResult


@dataclass(frozen=True)
class ArenaResult:
    """Everything an arena run produced; :meth:`to_dict` is what ``jick arena`` saves."""

    #: The run's parameters: preset, game, players, overrides, bots, deals, seed, matches, workers, think, ray, seating.
    parameters: dict[str, Any]
    #: Bot names, in the order given.
    bots: tuple[str, ...]
    #: The bots that share a table in each matchup (indices into ``bots``); a league has every pair.
    matchups: tuple[tuple[int, ...], ...]
    #: Every duplicate deal, in (matchup, deal index) order.
    deals: tuple[DealResult, ...]
    #: Every duplicate full match, in (matchup, match index) order.
    matches: tuple[MatchResult, ...]
    #: Per bot, in the order of ``bots``.
    summaries: tuple[BotSummary, ...]
    pairs: tuple[PairSummary, ...]

    def summary(self, bot: str) -> BotSummary:
        """The summary of one bot by name."""
        for s in self.summaries:
            if s.name == bot:
                return s
        raise KeyError(bot)

    def ladder(self) -> list[BotSummary]:
        """The bots ranked by mean points per deal, best first (:func:`jick.arena.summary.ladder_order`)."""
        return ladder_order(self.summaries)

    @property
    def ratings(self) -> list[Rating]:
        """The ratings in ladder order."""
        return [s.rating for s in self.ladder()]

    def ratings_disagree(self) -> bool:
        """Whether the ratings (by mu) order the bots otherwise than the points per deal do."""
        ladder = self.ladder()
        return [s.name for s in ladder] != [s.name for s in sorted(ladder, key=lambda s: -s.rating.mu)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: parameters, per-bot summary, pairwise differences, ratings, raw points."""
        return {
            "parameters": dict(self.parameters),
            "bots": [s.to_dict() for s in self.summaries],
            "pairs": [p.to_dict() for p in self.pairs],
            "ratings": [r.to_dict() for r in self.ratings],
            "raw": {
                "matchups": [self._raw_matchup(m) for m in range(len(self.matchups))],
            },
        }

    def _raw_matchup(self, m: int) -> dict[str, Any]:
        names = [self.bots[b] for b in self.matchups[m]]
        return {
            "bots": names,
            "deals": [_raw_deal(d, len(names)) for d in self.deals if d.matchup == m],
            "matches": [_raw_match(x) for x in self.matches if x.matchup == m],
        }


def _raw_deal(deal: DealResult, bots: int) -> dict[str, Any]:
    return {
        "deal": deal.index,
        "seed": deal.seed,
        "first_dealer": deal.first_dealer,
        "means": list(deal_means(deal.plays, bots)),
        "plays": [{"seats": lineup_text(p.lineup), "points": list(p.points), "bid": _bid(p.bid)} for p in deal.plays],
    }


def _bid(bid: tuple[int, bool] | None) -> dict[str, Any] | None:
    return None if bid is None else {"seat": bid[0], "made": bid[1]}


def _raw_match(match: MatchResult) -> dict[str, Any]:
    return {
        "match": match.index,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "plays": [
            {"seats": lineup_text(p.lineup), "returns": list(p.returns), "scores": list(p.scores), "deals": p.deals}
            for p in match.plays
        ],
    }


def lineup_letters(bots: Sequence[str]) -> str:
    """The letter legend of the raw lineups: ``A = heuristic, B = random``."""
    return ", ".join(f"{lineup_text((i,))} = {name}" for i, name in enumerate(bots))
