"""The figures Smear's house-rule report measures per deal (see :mod:`jick.compare.figures`)."""

from __future__ import annotations

from typing import Any

from jick.compare.figures import Fig, rate
from jick.games.smear.ids import BID_BASE, MOON_ID, SMUDGE_ID
from jick.games.smear.report import POINT_LABELS
from jick.games.smear.rules import AllPass


def deal_figures(state: Any, dealer: int) -> list[Fig]:
    """The game's own figures of the first scored deal of ``state`` (``dealer``: its dealer)."""
    rules = state.rules
    result = state.hand_results[0]
    settlement = result.settlement
    bidder_side = rules.side_of(result.bidder)
    played = next(i for i, d in enumerate(state.deals) if d.outcome == "played")
    redeals = sum(1 for d in state.deals[:played] if d.outcome == "all passed")
    log = state.deals[played]
    # a bid or a moon by a seat other than the dealer
    others_bid = any(
        seat != log.dealer and (aid == MOON_ID or BID_BASE <= aid <= SMUDGE_ID) for seat, aid in log.actions
    )
    # stuck: the rules force the dealer to bid when the others all passed (else the dealer chose to bid)
    stuck = rules.all_pass is AllPass.DEALER_FORCED_MIN and result.bidder == log.dealer and not others_bid
    group = "bids"
    figs = [
        rate("all_passed", "everyone passed", redeals > 0 or stuck, group),
        rate("dealer_stuck", "dealer stuck with the bid", stuck, group),
        Fig("redeals", "redeals (all passed)", float(redeals), group=group),
        rate("bid.made", "the bid is made", settlement.made, group),
    ]
    bids: list[str] = [str(b) for b in range(rules.min_bid, rules.max_bid + 1)]
    if rules.moon_enabled:
        bids.append("moon")
    won = result.bid_text
    for b in bids:
        name = "moon" if b == "moon" else f"bid {b}"
        figs.append(rate(f"bid.{b}.won", f"winning bid {b}", won == b, "winning bid"))
        figs.append(rate(f"bid.{b}.made", f"{name} made", won == b and settlement.made, group))
        figs.append(rate(f"bid.{b}.set", f"{name} set", won == b and not settlement.made, group))
        made = settlement.made if won == b else None
        figs.append(rate(f"bid.{b}.make_rate", f"{name}, make rate", made, group, None))
    if rules.moon_enabled:
        figs.append(rate("moon.attempt", "moon attempted", won == "moon", "moon"))
        figs.append(rate("moon.success", "moon made", settlement.moon == "success", "moon"))
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


def match_figures(state: Any, deals: int) -> list[Fig]:
    """Smear's figures of a match of ``deals`` scored deals: bust-outs, and whether the half-way leader won."""
    limit = state.rules.bust_out_score
    bust = limit is not None and min(state.scores) <= limit
    figs = [rate("match.bust_out", "the match ends in a bust-out", bust, "match")]
    if state.winner is not None and deals:
        half = state.hand_results[(deals - 1) // 2].settlement.scores
        best = max(half)
        leaders = [s for s, v in enumerate(half) if v == best]
        leader = leaders[0] if len(leaders) == 1 else None
        figs.append(
            rate(
                "match.leader_wins",
                "the leader at half-way wins",
                None if leader is None else leader == state.winner,
                "match",
                None,
            )  # fmt: skip
        )
    return figs
