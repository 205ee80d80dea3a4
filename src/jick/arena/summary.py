"""From the raw plays to per-bot and pairwise figures (pure functions).

A *matchup* is the tuple of global bot indices that share a table (a pair in a
league); inside a matchup, a lineup's bot index ``i`` means ``matchup[i]``.

Per duplicate deal a bot's value is its mean points over every seat it held
in every play of the deal. A bot's mean points per deal is the mean of those
values (in a league: first averaged over its matchups, deal by deal, since the
matchups share the deals); two bots are compared with the paired t-interval
of their per-deal values.

>>> plays = (DealPlay((0, 1, 0, 1), (2.0, -1.0, 2.0, -1.0), (0, True)),
...          DealPlay((1, 0, 1, 0), (4.0, 0.0, 4.0, 0.0), (0, False)))
>>> deal_means(plays, 2)
(1.0, 1.5)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jick.arena.ratings import Rating
from jick.arena.stats import (
    MeanInterval,
    PairedDifference,
    Proportion,
    mean_interval,
    paired_difference,
    wilson_interval,
)
from jick.arena.worker import DealPlay, DealResult, MatchPlay, MatchResult


@dataclass(frozen=True)
class BotSummary:
    """Everything the arena says about one bot."""

    name: str
    #: Mean points per deal with its 95% t-interval (one value per duplicate deal).
    points: MeanInterval
    #: Bids made out of bids (the deals where one of its seats was the bidder), Wilson interval.
    made: Proportion
    #: Bids set (lost) out of bids.
    set: Proportion
    #: Match win share out of match plays (a shared win counts in part); None without ``matches``.
    matches: Proportion | None
    rating: Rating

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "points_per_deal": self.points.to_dict(),
            "bids_made": self.made.to_dict(),
            "bids_set": self.set.to_dict(),
            "match_wins": None if self.matches is None else self.matches.to_dict(),
            "rating": self.rating.to_dict(),
        }


@dataclass(frozen=True)
class PairSummary:
    """Bot ``a`` against bot ``b`` over the same duplicate deals: mean points and ``a - b``."""

    a: str
    b: str
    mean_a: float
    mean_b: float
    difference: PairedDifference

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "mean_a": self.mean_a,
            "mean_b": self.mean_b,
            "a_minus_b": self.difference.to_dict(),
        }


def ladder_order(summaries: Sequence[BotSummary]) -> list[BotSummary]:
    """The bots ranked by the measured result: mean points per deal, best first (rating mu breaks ties).

    The rating only counts who finished ahead in each play, not by how much, so
    it may order the bots otherwise; the rank follows the points.
    """
    return sorted(summaries, key=lambda s: (-s.points.mean, -s.rating.mu))


def deal_means(plays: Sequence[DealPlay], bots: int) -> tuple[float, ...]:
    """Each bot's mean points over all its seats in all ``plays`` of one duplicate deal."""
    totals = [0.0] * bots
    counts = [0] * bots
    for play in plays:
        for bot, points in zip(play.lineup, play.points, strict=True):
            totals[bot] += points
            counts[bot] += 1
    if 0 in counts:
        raise ValueError(f"bot {counts.index(0)} never sat at the table")
    return tuple(t / c for t, c in zip(totals, counts, strict=True))


def play_means(play: DealPlay) -> dict[int, float]:
    """Each bot's mean points over its seats in one play (bot index within the matchup)."""
    seats: dict[int, list[float]] = {}
    for bot, points in zip(play.lineup, play.points, strict=True):
        seats.setdefault(bot, []).append(points)
    return {bot: sum(values) / len(values) for bot, values in seats.items()}


def win_shares(play: MatchPlay, bots: int) -> tuple[float, ...]:
    """Each bot's share of the match win: its seats' returns over all seats' returns (0 when nobody won)."""
    total = sum(play.returns)
    shares = [0.0] * bots
    if total > 0:
        for bot, value in zip(play.lineup, play.returns, strict=True):
            shares[bot] += value / total
    return tuple(shares)


def contests(matchups: Sequence[Sequence[int]], deals: Sequence[DealResult]) -> Iterator[dict[int, float]]:
    """One contest per play of every deal, in order: global bot index -> mean points in that play."""
    for deal in deals:
        matchup = matchups[deal.matchup]
        for play in deal.plays:
            yield {matchup[b]: points for b, points in play_means(play).items()}


def pair_summaries(
    names: Sequence[str], matchups: Sequence[Sequence[int]], deals: Sequence[DealResult]
) -> list[PairSummary]:
    """The paired comparison of every two bots that shared a table."""
    out = []
    for m, matchup in enumerate(matchups):
        values = [deal_means(d.plays, len(matchup)) for d in deals if d.matchup == m]
        for i in range(len(matchup)):
            for j in range(i + 1, len(matchup)):
                a = [v[i] for v in values]
                b = [v[j] for v in values]
                out.append(
                    PairSummary(
                        names[matchup[i]],
                        names[matchup[j]],
                        sum(a) / len(a),
                        sum(b) / len(b),
                        paired_difference(a, b),
                    )
                )
    return out


def bot_points(
    names: Sequence[str], matchups: Sequence[Sequence[int]], deals: Sequence[DealResult]
) -> list[MeanInterval]:
    """Each bot's mean points per deal: per deal index its mean over its matchups, then the t-interval."""
    per_deal: list[dict[int, list[float]]] = [{} for _ in names]
    for deal in deals:
        matchup = matchups[deal.matchup]
        for b, value in enumerate(deal_means(deal.plays, len(matchup))):
            per_deal[matchup[b]].setdefault(deal.index, []).append(value)
    out = []
    for bot, by_index in enumerate(per_deal):
        if not by_index:
            raise ValueError(f"bot {names[bot]!r} played no deal")
        out.append(mean_interval([sum(v) / len(v) for _, v in sorted(by_index.items())]))
    return out


def bid_rates(
    names: Sequence[str], matchups: Sequence[Sequence[int]], deals: Sequence[DealResult]
) -> list[tuple[Proportion, Proportion]]:
    """(made, set) proportions of every bot's bids over all deal plays."""
    made = [0] * len(names)
    bids = [0] * len(names)
    for deal in deals:
        matchup = matchups[deal.matchup]
        for play in deal.plays:
            if play.bid is None:
                continue
            seat, was_made = play.bid
            bot = matchup[play.lineup[seat]]
            bids[bot] += 1
            made[bot] += int(was_made)
    return [(wilson_interval(m, n), wilson_interval(n - m, n)) for m, n in zip(made, bids, strict=True)]


def match_win_rates(
    names: Sequence[str], matchups: Sequence[Sequence[int]], matches: Sequence[MatchResult]
) -> list[Proportion]:
    """Every bot's match win share over the match plays it took part in."""
    wins = [0.0] * len(names)
    plays = [0] * len(names)
    for match in matches:
        matchup = matchups[match.matchup]
        for play in match.plays:
            for b, share in enumerate(win_shares(play, len(matchup))):
                if b in play.lineup:
                    wins[matchup[b]] += share
                    plays[matchup[b]] += 1
    # min(): float sums of shares such as 1/3 may overshoot the count by a rounding error
    return [wilson_interval(min(w, n), n) for w, n in zip(wins, plays, strict=True)]
