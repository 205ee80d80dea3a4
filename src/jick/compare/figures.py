"""The figures a rule comparison measures, per game.

A figure is one number per duplicate deal (or per full match): an indicator
(``rate``: 0 or 1, e.g. "the winning bid was 2"), a count or points. A figure
a deal does not have (the make rate of bid 5 in a deal where 2 won) is
``None`` there; a figure absent from a deal's list takes its ``missing``
value (0 for indicators and points: a rule set without bids of 2 never has a
winning bid of 2).

The game-neutral figures (points of each seat, of the dealer, the dealer's
edge, match length) come from the arena hooks; each game adds its own from
its state's public results (:func:`deal_figures`).

>>> sorted(GAME_FIGURES)
['liftsmoke', 'smear', 'tarok']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jick.arena.hooks import arena_hooks


@dataclass(frozen=True)
class Fig:
    """One figure of one deal: ``key`` (stable, for JSON/CSV), ``label`` (for people) and its value."""

    key: str
    label: str
    value: float | None
    rate: bool = False
    #: The value of a deal whose list lacks this figure (``None``: the deal does not count for it).
    missing: float | None = 0.0
    #: The group the figure is shown under.
    group: str = "points"


def _rate(key: str, label: str, flag: bool | None, group: str, missing: float | None = 0.0) -> Fig:
    return Fig(key, label, None if flag is None else float(flag), rate=True, missing=missing, group=group)


def neutral_figures(state: Any, game: str, dealer: int) -> list[Fig]:
    """Points of every seat and of the dealer in the first scored deal, the same for every game."""
    points = arena_hooks(game).deal_points(state, 0)
    n = len(points)
    others = [p for s, p in enumerate(points) if s != dealer]
    figs = [Fig(f"seat.{s}.points", f"seat {s}", p, group="seats") for s, p in enumerate(points)]
    figs.append(Fig("dealer.points", "dealer", points[dealer], group="seats"))
    if n > 1:
        edge = points[dealer] - sum(others) / len(others)
        figs.append(Fig("dealer.edge", "dealer's edge", edge, group="seats"))
    return figs


# ---------------------------------------------------------------------------- Smear
def _smear(state: Any, dealer: int) -> list[Fig]:
    from jick.games.smear.ids import BID_BASE, MOON_ID
    from jick.games.smear.report import POINT_LABELS
    from jick.games.smear.rules import AllPass

    rules = state.rules
    result = state.hand_results[0]
    settlement = result.settlement
    bidder_side = rules.side_of(result.bidder)
    played = next(i for i, d in enumerate(state.deals) if d.outcome == "played")
    redeals = sum(1 for d in state.deals[:played] if d.outcome == "all passed")
    log = state.deals[played]
    # a bid or a moon by a seat other than the dealer
    others_bid = any(seat != log.dealer and (aid == MOON_ID or aid >= BID_BASE) for seat, aid in log.actions)
    # stuck: the rules force the dealer to bid when the others all passed (else the dealer chose to bid)
    stuck = rules.all_pass is AllPass.DEALER_FORCED_MIN and result.bidder == log.dealer and not others_bid
    group = "bids"
    figs = [
        _rate("all_passed", "everyone passed", redeals > 0 or stuck, group),
        _rate("dealer_stuck", "dealer stuck with the bid", stuck, group),
        Fig("redeals", "redeals (all passed)", float(redeals), group=group),
        _rate("bid.made", "the bid is made", settlement.made, group),
    ]
    bids: list[str] = [str(b) for b in range(rules.min_bid, rules.max_bid + 1)]
    if rules.moon_enabled:
        bids.append("moon")
    won = result.bid_text
    for b in bids:
        name = "moon" if b == "moon" else f"bid {b}"
        figs.append(_rate(f"bid.{b}.won", f"winning bid {b}", won == b, "winning bid"))
        figs.append(_rate(f"bid.{b}.made", f"{name} made", won == b and settlement.made, group))
        figs.append(_rate(f"bid.{b}.set", f"{name} set", won == b and not settlement.made, group))
        made = settlement.made if won == b else None
        figs.append(_rate(f"bid.{b}.make_rate", f"{name}, make rate", made, group, None))
    if rules.moon_enabled:
        figs.append(_rate("moon.attempt", "moon attempted", won == "moon", "moon"))
        figs.append(_rate("moon.success", "moon made", settlement.moon == "success", "moon"))
    total = 0
    by_point: dict[str, int] = {}
    to_bidder: dict[str, int] = {}
    for award in result.awards:
        if award.side is None:
            continue
        total += award.value
        by_point[award.point] = by_point.get(award.point, 0) + award.value
        if award.side == bidder_side:
            to_bidder[award.point] = to_bidder.get(award.point, 0) + award.value
    figs.append(Fig("points.total", "all points awarded", float(total)))
    for point in POINT_LABELS:
        if rules.point_values.get(point, 0) or point in by_point:
            label = POINT_LABELS[point]
            figs.append(Fig(f"point.{point}", label, float(by_point.get(point, 0))))
            figs.append(Fig(f"point.{point}.bidder", f"{label}, to the bidder", float(to_bidder.get(point, 0))))
    deltas = settlement.deltas
    others = [d for s, d in enumerate(deltas) if s != bidder_side]
    figs.append(Fig("bidder.change", "bidder's side", float(deltas[bidder_side]), group="sides"))
    if others:
        mean = sum(others) / len(others)
        figs.append(Fig("others.change", "other sides (mean)", mean, group="sides"))
        figs.append(Fig("bidder.edge", "bidder's edge", deltas[bidder_side] - mean, group="sides"))
    return figs


# ---------------------------------------------------------------------------- Tarok
def _tarok(state: Any, dealer: int) -> list[Fig]:
    result = state.deal_results[0]
    group = "contracts"
    passed = result.bidder is None
    figs = [_rate("all_passed", "everyone passed", passed, group)]
    for contract in ("threesome", "solo"):
        for game_type in ("game", "consolation"):
            hit = result.contract == contract and result.game_type == game_type
            figs.append(_rate(f"contract.{contract}.{game_type}", f"contract: {contract} {game_type}", hit, group))
    figs.append(_rate("contract.made", "the contract is made", None if passed else bool(result.made), group, None))
    for m in (1, 2, 3):
        figs.append(_rate(f"multiplier.{m}", f"widow multiplier {m}", not passed and result.multiplier == m, group))
    figs.append(_rate("melds", "a meld is declared", bool(result.melds), "extras"))
    figs.append(_rate("ultimo", "ultimo announced", bool(result.ultimo), "extras"))
    figs.append(_rate("contra", "contra-ultimo declared", result.contra is not None, "extras"))
    figs.append(Fig("amount", "the contract's value (X)", float(result.amount), group="deal"))
    if result.bidder is not None:
        figs.append(
            Fig(
                "bidder.change",
                "bidder's score change",
                float(result.changes[result.bidder]),
                missing=None,
                group="deal",
            )
        )
    return figs


# ---------------------------------------------------------------------------- Lift Smoke
def _liftsmoke(state: Any, dealer: int) -> list[Fig]:
    result = state.game_results[0]
    return [
        Fig("pot", "pot (chips)", float(result.pot), group="game"),
        Fig("tricks", "game length (tricks)", float(result.tricks), group="game"),
        Fig("reshuffles", "reshuffles", float(result.reshuffles), group="game"),
        _rate("dealer.wins", "the dealer wins the pot", result.winner == result.dealer, "seats"),
        _rate("last_survivor", "won as the last survivor", result.reason == "last survivor", "extras"),
    ]


#: Per game: the figures of the first scored deal of a state (after the neutral ones).
GAME_FIGURES: dict[str, Callable[[Any, int], list[Fig]]] = {"smear": _smear, "tarok": _tarok, "liftsmoke": _liftsmoke}


def deal_figures(state: Any, game: str, dealer: int) -> list[Fig]:
    """Every figure of the first scored deal of ``state`` (``dealer``: its dealer)."""
    extra = GAME_FIGURES.get(game)
    return neutral_figures(state, game, dealer) + (extra(state, dealer) if extra else [])


def match_figures(state: Any, game: str) -> list[Fig]:
    """The figures of a whole match: its length; in Smear, bust-outs and whether the leader at half-way won."""
    hooks = arena_hooks(game)
    deals = hooks.deals_scored(state)
    figs = [Fig("match.deals", "match length (scored deals)", float(deals), group="match")]
    if game == "smear":
        limit = state.rules.bust_out_score
        bust = limit is not None and min(state.scores) <= limit
        figs.append(_rate("match.bust_out", "the match ends in a bust-out", bust, "match"))
    if game == "smear" and state.winner is not None and deals:
        half = state.hand_results[(deals - 1) // 2].settlement.scores
        best = max(half)
        leaders = [s for s, v in enumerate(half) if v == best]
        leader = leaders[0] if len(leaders) == 1 else None
        figs.append(
            _rate(
                "match.leader_wins",
                "the leader at half-way wins",
                None if leader is None else leader == state.winner,
                "match",
                None,
            )  # fmt: skip
        )
    return figs
