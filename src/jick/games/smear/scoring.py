"""Points of a hand, settlement and match end (SPEC 1.11 to 1.14).

These are pure functions over plain facts (card masks, sides, scores), so the
state, the tests and analysis tools share one implementation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from jick.cards import ACE, TWO
from jick.games.smear.rules import (
    BothCross,
    GameTie,
    HighCard,
    LowAward,
    LowCard,
    MoonSuccess,
    SettlementRule,
    SmearRules,
    Smudge,
)
from jick.games.smear.tables import TrumpTable, captured_point_cards, game_points

#: The 52 suited cards (a joker has no suit and no natural rank).
SUITED = (1 << 52) - 1


@dataclass(frozen=True)
class Award:
    """One point of the hand: its name, value and the side it went to (None: not awarded)."""

    point: str
    value: int
    side: int | None
    card: int | None = None


@dataclass(frozen=True)
class HandFacts:
    """What happened in a played hand, as needed for scoring."""

    trump: int
    #: Cards captured in tricks, per side.
    captured: tuple[int, ...]
    #: Cards played, per seat.
    played: tuple[int, ...]
    #: Every played card in play order (to break the tie between equal jokers).
    play_order: tuple[int, ...]
    bidder: int
    bid: int | None  # None when the bidder shot the moon
    reneged_sides: frozenset[int] = frozenset()


def side_of_seat_with(card: int, masks: Sequence[int]) -> int | None:
    for i, mask in enumerate(masks):
        if mask >> card & 1:
            return i
    return None


def low_card(rules: SmearRules, table: TrumpTable, facts: HandFacts) -> int | None:
    """The card that is Low in this hand, or None if Low is not awarded.

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.games.smear.tables import trump_table
    >>> from jick.cards import card_mask, parse_card
    >>> r = load_preset("smear_ten_point"); t = trump_table(r, 3)
    >>> played = card_mask(["AC", "KC", "9C", "4C", "JS"])
    >>> f = HandFacts(3, (0, 0), (played, 0, 0, 0), (), 0, 2)
    >>> str(parse_card("4C")) == str(__import__("jick.cards").cards.CARDS[low_card(r, t, f)])
    True
    """
    all_played = 0
    for mask in facts.played:
        all_played |= mask
    if rules.low_card is LowCard.DEUCE:
        deuce = 13 * facts.trump + TWO
        return deuce if all_played >> deuce & 1 else None
    trumps_played = all_played & table.trumps
    if rules.low_ignores_jokers:  # a joker has no natural rank: Low is the lowest suited trump
        trumps_played &= SUITED
    if not trumps_played:
        return None
    strength = table.strength
    lowest = min(strength[c] for c in table.order if trumps_played >> c & 1)
    candidates = [c for c in table.order if trumps_played >> c & 1 and strength[c] == lowest]
    if len(candidates) == 1:
        return candidates[0]
    # Two jokers of equal rank: the one played later is Low.
    return max(candidates, key=lambda c: facts.play_order.index(c) if c in facts.play_order else -1)


def high_card(rules: SmearRules, table: TrumpTable, facts: HandFacts) -> int | None:
    """The card that is High: the A of trump (played or not), or the highest trump played (None if none was)."""
    all_played = 0
    for mask in facts.played:
        all_played |= mask
    if rules.high_card is HighCard.ACE:
        return 13 * facts.trump + ACE
    for card in table.order:
        if all_played >> card & 1:
            return card
    return None


def award_points(rules: SmearRules, table: TrumpTable, facts: HandFacts, side_of: Sequence[int]) -> list[Award]:
    """Every point the rules define, and which side won it."""
    defined = rules.points
    captured = facts.captured
    awards: list[Award] = []

    def captured_award(name: str, card: int) -> None:
        if name in defined:
            awards.append(Award(name, defined[name], side_of_seat_with(card, captured), card))

    def played_side(card: int) -> int | None:
        seat = side_of_seat_with(card, facts.played)
        return None if seat is None else side_of[seat]

    low = low_card(rules, table, facts)
    low_side: int | None = None
    if low is not None:
        if rules.low_award is LowAward.PLAYED_BY:
            low_side = played_side(low)
        else:
            low_side = side_of_seat_with(low, captured)
    cards = captured_point_cards(rules, table)
    for name in defined:
        if name == "high":
            high = high_card(rules, table, facts)
            awards.append(Award("high", defined["high"], None if high is None else played_side(high), high))
        elif name == "low":
            awards.append(Award("low", defined["low"], low_side, low))
        elif name == "game":
            awards.append(Award("game", defined["game"], game_winner(rules, captured, side_of[facts.bidder], low_side)))
        elif name in cards:
            captured_award(name, cards[name])
        else:  # a point whose card is not in this deck (the Jick without use_jick cannot be defined)
            awards.append(Award(name, defined[name], None))
    return awards


def game_winner(rules: SmearRules, captured: Sequence[int], bidder_side: int, low_side: int | None) -> int | None:
    """The side that wins the Game point, applying ``game_tie``.

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.cards import card_mask
    >>> ns = card_mask(["AS", "KD", "10H", "JC"]); ew = card_mask(["10S", "QC", "QD", "KH", "JH"])
    >>> game_winner(load_preset("smear_mn_original"), [ns, ew], 0, None)
    0
    """
    totals = [game_points(m) for m in captured]
    best = max(totals)
    leaders = [s for s, v in enumerate(totals) if v == best]
    if len(leaders) == 1:
        return leaders[0]
    if rules.game_tie is GameTie.BIDDER:
        return bidder_side if bidder_side in leaders else None
    if rules.game_tie is GameTie.LOW_POINT_SIDE:
        return low_side if low_side in leaders else None
    return None


@dataclass(frozen=True)
class Settlement:
    """How a hand changes the match scores."""

    points: tuple[int, ...]  # P(side)
    deltas: tuple[int, ...]
    scores: tuple[int, ...]  # after the hand
    made: bool  # the bidder made its bid (or its moon)
    moon: str | None  # None, "success" or "failure"
    reneged: tuple[int, ...]  # sides that reneged
    winner: int | None  # the side that won the match with this hand
    note: str


def settle(
    rules: SmearRules,
    awards: Sequence[Award],
    bidder_side: int,
    bid: int | None,
    scores: Sequence[int],
    bidder_seat: int,
    reneged: frozenset[int] = frozenset(),
    *,
    smudge: bool = False,
    swept: bool = False,
) -> Settlement:
    """Apply SPEC 1.12 to 1.14: score the hand and decide whether the match ends.

    ``bid`` is None for a moon. ``scores`` are the match scores before the hand. ``smudge``: the bid
    was a smudge (``bid`` its value); ``swept``: the bidder's side won every trick (docs/pitch.md).

    >>> from jick.games.smear.presets import load_preset
    >>> r = load_preset("smear_ten_point")
    >>> s = settle(r, [Award("high", 4, 0), Award("low", 6, 1)], 0, 5, [10, 8], 0)
    >>> s.scores, s.made
    ((5, 14), False)
    """
    k = rules.num_sides
    points = [0] * k
    for a in awards:
        if a.side is not None:
            points[a.side] += a.value
    before = list(scores)
    deltas = [0] * k
    moon: str | None = None
    note = ""
    winner: int | None = None
    made = False
    if reneged:
        if len(reneged) == k:
            note = "every side reneged: no score"
        else:
            for s in range(k):
                deltas[s] = 0 if s in reneged else rules.max_points
            note = "renege by " + ", ".join(str(s) for s in sorted(reneged))
        made = bidder_side not in reneged and len(reneged) < k
    if bid is None:  # shoot the moon
        if reneged:
            success = bidder_side not in reneged
        elif rules.moon_success is MoonSuccess.ALL_DEFINED_POINTS:
            success = all(a.side == bidder_side for a in awards)
        else:
            success = all(a.side in (None, bidder_side) for a in awards)
        made = success
        if success:
            moon = "success"
            if before[bidder_side] >= 0:
                deltas = [0] * k
                deltas[bidder_side] = points[bidder_side] if not reneged else rules.max_points
                winner = bidder_side
                note = "moon shot from zero or above: the match is won"
            else:
                deltas = [0] * k
                deltas[bidder_side] = -before[bidder_side]
                note = "moon shot from below zero: score reset to 0"
        else:
            moon = "failure"
            if not reneged:
                deltas = [0 if s == bidder_side else points[s] for s in range(k)]
            deltas[bidder_side] = 0
            provisional = [before[s] + deltas[s] for s in range(k)]
            others = [s for s in _clockwise_sides(rules, bidder_seat) if s != bidder_side]
            best = max(provisional[s] for s in others)
            winner = next(s for s in others if provisional[s] == best)
            note = "the moon failed: the match is lost"
        after = tuple(before[s] + deltas[s] for s in range(k))
        return Settlement(tuple(points), tuple(deltas), after, made, moon, tuple(sorted(reneged)), winner, note)
    if smudge and not reneged:
        made = all(a.side == bidder_side for a in awards) and (rules.smudge is not Smudge.ALL_TRICKS or swept)
        for s in range(k):
            deltas[s] = points[s] if s != bidder_side else rules.smudge_value if made else -bid
        after = tuple(before[s] + deltas[s] for s in range(k))
        if made and rules.smudge is Smudge.ALL_POINTS:
            winner, note = bidder_side, "smudge made: the match is won"
        else:
            missed = "a point lost" if not all(a.side == bidder_side for a in awards) else "a trick lost"
            winner, note = (
                match_winner(rules, after, bidder_side, made),
                "smudge made" if made else f"smudge set ({missed})",
            )
        return Settlement(tuple(points), tuple(deltas), after, made, None, (), winner, note)
    if not reneged and rules.settlement is SettlementRule.DIFFERENCE:
        made = points[bidder_side] >= bid
        other = 1 - bidder_side  # validation keeps this rule to two sides
        if made:  # only the side with more points scores, and only the difference
            lead = points[bidder_side] - points[other]
            deltas[bidder_side if lead > 0 else other] = abs(lead)
            note = "bid made: the difference scores"
        else:  # set: the bidders score nothing, the other side its points plus the bid
            deltas[other] = points[other] + bid
            note = "set: the other side scores its points and the bid"
    elif not reneged:
        for s in range(k):
            if s == bidder_side:
                made = points[s] >= bid
                deltas[s] = points[s] if made else -bid
            else:
                deltas[s] = points[s]
        note = "bid made" if made else "set"
    after = tuple(before[s] + deltas[s] for s in range(k))
    winner = match_winner(rules, after, bidder_side, made)
    return Settlement(tuple(points), tuple(deltas), after, made, None, tuple(sorted(reneged)), winner, note)


def _clockwise_sides(rules: SmearRules, seat: int) -> list[int]:
    """Sides in the order their first seat comes clockwise after ``seat``."""
    out: list[int] = []
    n = rules.num_players
    for i in range(1, n + 1):
        side = rules.side_of((seat + i) % n)
        if side not in out:
            out.append(side)
    return out


def match_winner(rules: SmearRules, scores: Sequence[int], bidder_side: int, made: bool) -> int | None:
    """SPEC 1.13 steps 2 and 3; None means play on (including an extra hand).

    Under ``both_cross = bidder_goes_out`` only the bidder's side, having made its bid, wins at the target.

    >>> from jick.games.smear.presets import load_preset
    >>> match_winner(load_preset("smear_ten_point"), [23, 24], 0, True)
    0
    """
    crossed = [s for s, v in enumerate(scores) if v >= rules.target_score]
    if rules.both_cross is BothCross.BIDDER_GOES_OUT:
        if made and bidder_side in crossed:
            return bidder_side
        crossed = []  # only a made bid goes out: the others play on past the target
    if crossed:
        if rules.both_cross is BothCross.BIDDER_WINS:
            if made and bidder_side in crossed:
                return bidder_side
            if len(crossed) == 1:
                return crossed[0]
            return _unique_best(scores, crossed)
        best = max(scores[s] for s in crossed)
        top = [s for s in crossed if scores[s] == best]
        if len(top) == 1:
            return top[0]
        return bidder_side if bidder_side in top else None
    if rules.bust_out_score is not None:
        bust = [s for s, v in enumerate(scores) if v <= rules.bust_out_score]
        if bust:
            if len(scores) == 2 and len(bust) == 1:
                return 1 - bust[0]
            return _unique_best(scores, range(len(scores)))
    return None


def _unique_best(scores: Sequence[int], among: Sequence[int] | range) -> int | None:
    best = max(scores[s] for s in among)
    top = [s for s in among if scores[s] == best]
    return top[0] if len(top) == 1 else None


def share_with_partner(
    rules: SmearRules, settlement: Settlement, bidder_side: int, partner_side: int, scores: Sequence[int]
) -> Settlement:
    """Give the called partner the bidder's change of score (call_partner, docs/pitch.md PC51).

    ``settlement`` was worked out with the pair as the bidder's side (the partner's points counted there);
    the partner's seat then scores what the bidder scores: the side's points if made, minus the bid if set.
    Scores stay per seat, so the match is won by a seat: when both reach the target, the bidder is checked
    first (``both_cross``).

    >>> from jick.games.smear.presets import load_preset
    >>> r = load_preset("smear_site_playsmear", 5).replace(call_partner="card")
    >>> s = settle(r, [Award("high", 1, 0), Award("low", 1, 0)], 0, 2, [0] * 5, 0)
    >>> share_with_partner(r, s, 0, 3, [0] * 5).scores
    (2, 0, 0, 2, 0)
    """
    deltas = list(settlement.deltas)
    deltas[partner_side] = deltas[bidder_side]
    after = tuple(scores[s] + deltas[s] for s in range(len(deltas)))
    winner = match_winner(rules, after, bidder_side, settlement.made)
    return dataclasses.replace(settlement, deltas=tuple(deltas), scores=after, winner=winner)
