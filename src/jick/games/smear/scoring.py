"""Points of a hand, settlement and match end (SPEC 1.11 to 1.14).

These are pure functions over plain facts (card masks, sides, scores), so the
state, the tests and analysis tools share one implementation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jick.core.frozen import by_fields
from jick.games.smear import settle_core as core
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

#: ``game_tie`` as the code :func:`settle_core.game_side` reads.
GAME_TIE_CODES = {
    GameTie.BIDDER: core.TIE_BIDDER,
    GameTie.LOW_POINT_SIDE: core.TIE_LOW_SIDE,
    GameTie.NONE: core.TIE_NONE,
}


@dataclass(frozen=True)
class Award:
    """One point of the hand: its name, value and the side it went to (None: not awarded)."""

    point: str
    value: int
    side: int | None
    card: int | None = None

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


#: Every award made so far, by its values: an award never changes, so one object serves every hand that
#: scores the same (building a frozen dataclass costs about half a microsecond, a twentieth of a compiled
#: action's time spread over the hand).
_AWARDS: dict[tuple[str, int, int | None, int | None], Award] = {}


def _award(point: str, value: int, side: int | None, card: int | None = None) -> Award:
    """The award of these values (the same object each time).

    >>> _award("high", 1, 0, 12) is _award("high", 1, 0, 12) == Award("high", 1, 0, 12)
    True
    """
    key = (point, value, side, card)
    award = _AWARDS.get(key)
    if award is None:
        award = _AWARDS[key] = Award(point, value, side, card)
    return award


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

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


def side_of_seat_with(card: int, masks: Sequence[int]) -> int | None:
    """The index of the mask (a seat or a side) holding ``card``, or None."""
    return _none_if_nobody(core.holder(card, masks, len(masks)))


def _none_if_nobody(index: int) -> int | None:
    return None if index == core.NOBODY else index


def _place(play_order: Sequence[int], card: int) -> int:
    """Where ``card`` comes in the play order (-1: not played)."""
    return play_order.index(card) if card in play_order else core.NOBODY


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
    card = core.low_card(
        core.union(facts.played, len(facts.played)),
        facts.trump,
        rules.low_card is LowCard.DEUCE,
        rules.low_ignores_jokers,
        table.order,
        len(table.order),
        table.strength,
        table.shared_joker_rank,
        _place(facts.play_order, core.HIGH_JOKER),
        _place(facts.play_order, core.LOW_JOKER),
    )
    return _none_if_nobody(card)


def high_card(rules: SmearRules, table: TrumpTable, facts: HandFacts) -> int | None:
    """The card that is High: the A of trump (played or not), or the highest trump played (None if none was)."""
    played = core.union(facts.played, len(facts.played))
    ace_is_high = rules.high_card is HighCard.ACE
    return _none_if_nobody(core.high_card(played, facts.trump, ace_is_high, table.order, len(table.order)))


def award_points(
    rules: SmearRules,
    table: TrumpTable,
    facts: HandFacts,
    side_of: Sequence[int],
    point_cards: Mapping[str, int] | None = None,
) -> list[Award]:
    """Every point the rules define, and which side won it.

    ``point_cards`` is ``captured_point_cards(rules, table)`` where the caller keeps it (the state does, per trump).
    """
    defined = rules.points
    captured = facts.captured
    awards: list[Award] = []

    def played_side(card: int) -> int | None:
        seat = core.holder(card, facts.played, len(facts.played))
        return None if seat == core.NOBODY else side_of[seat]

    low = low_card(rules, table, facts)
    low_side: int | None = None
    if low is not None:
        if rules.low_award is LowAward.PLAYED_BY:
            low_side = played_side(low)
        else:
            low_side = side_of_seat_with(low, captured)
    cards = captured_point_cards(rules, table) if point_cards is None else point_cards
    for name in defined:
        if name == "high":
            high = high_card(rules, table, facts)
            awards.append(_award("high", defined["high"], None if high is None else played_side(high), high))
        elif name == "low":
            awards.append(_award("low", defined["low"], low_side, low))
        elif name == "game":
            game = game_winner(rules, captured, side_of[facts.bidder], low_side)
            awards.append(_award("game", defined["game"], game))
        elif name in cards:
            awards.append(_award(name, defined[name], side_of_seat_with(cards[name], captured), cards[name]))
        else:  # a point whose card is not in this deck (the Jick without use_jick cannot be defined)
            awards.append(_award(name, defined[name], None))
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
    tie = GAME_TIE_CODES[rules.game_tie]
    low = core.NOBODY if low_side is None else low_side
    return _none_if_nobody(core.game_side(totals, len(totals), tie, bidder_side, low))


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

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


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
    sides = [core.NOBODY if a.side is None else a.side for a in awards]
    points = [0] * k
    core.side_points(sides, [a.value for a in awards], len(awards), k, points)
    kind = core.BID_MOON if bid is None else core.BID_SMUDGE if smudge else core.BID_POINTS
    value = 0 if bid is None else bid
    reneged_sides = sum(1 << s for s in reneged)
    made = core.bid_made(
        kind, points, value, bidder_side, sides, len(sides), reneged_sides,
        rules.moon_success is MoonSuccess.ALL_DEFINED_POINTS, rules.smudge is Smudge.ALL_TRICKS, swept,
    )  # fmt: skip
    deltas = [0] * k
    core.hand_deltas(
        kind, made, points, k, bidder_side, value, scores, reneged_sides, rules.max_points, rules.smudge_value,
        rules.settlement is SettlementRule.DIFFERENCE, deltas,
    )  # fmt: skip
    after = tuple(scores[s] + deltas[s] for s in range(k))
    every_point = core.took_every_point(sides, len(sides), bidder_side, False)
    if kind == core.BID_MOON:
        winner, note = _moon_end(rules, after, bidder_side, bidder_seat, made, scores[bidder_side] >= 0)
        moon = "success" if made else "failure"
        return Settlement(tuple(points), tuple(deltas), after, made, moon, tuple(sorted(reneged)), winner, note)
    winner = match_winner(rules, after, bidder_side, made)
    if reneged:
        note = "every side reneged: no score" if len(reneged) == k else _renege_note(reneged)
    elif kind == core.BID_SMUDGE:
        if made and rules.smudge is Smudge.ALL_POINTS:
            winner, note = bidder_side, "smudge made: the match is won"
        else:
            note = "smudge made" if made else f"smudge set ({'a trick lost' if every_point else 'a point lost'})"
    elif rules.settlement is SettlementRule.DIFFERENCE:
        note = "bid made: the difference scores" if made else "set: the other side scores its points and the bid"
    else:
        note = "bid made" if made else "set"
    return Settlement(tuple(points), tuple(deltas), after, made, None, tuple(sorted(reneged)), winner, note)


def _renege_note(reneged: frozenset[int]) -> str:
    return "renege by " + ", ".join(str(s) for s in sorted(reneged))


def _moon_end(
    rules: SmearRules, after: Sequence[int], bidder_side: int, bidder_seat: int, made: bool, from_zero: bool
) -> tuple[int | None, str]:
    """Who wins the match after a moon, and the note: made from zero or above wins, failed loses (SPEC 1.12)."""
    if made and from_zero:
        return bidder_side, "moon shot from zero or above: the match is won"
    if made:
        return None, "moon shot from below zero: score reset to 0"
    others = [s for s in _clockwise_sides(rules, bidder_seat) if s != bidder_side]
    best = max(after[s] for s in others)
    return next(s for s in others if after[s] == best), "the moon failed: the match is lost"


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
