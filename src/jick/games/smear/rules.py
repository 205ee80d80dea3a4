"""Smear options (SPEC section 1.16) as one frozen, validated dataclass.

Every option has an allowed set of values; impossible combinations are refused
at construction with a :class:`~jick.engine.RulesError` naming the options.

>>> from jick.games.smear.presets import load_preset
>>> rules = load_preset("smear_ten_point")
>>> rules.max_points, rules.num_sides
(10, 2)
>>> rules.replace(target_score=11).target_score
11
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from jick import ruleset
from jick.ruleset import RuleSet, coerce_fields


class Partnerships(StrEnum):
    NONE = "none"
    PAIRS_OPPOSITE = "pairs_opposite"
    TWO_TEAMS_ALTERNATING = "two_teams_alternating"


class JokerOrder(StrEnum):
    FIXED = "fixed"
    FIRST_PLAYED_WINS = "first_played_wins"
    SECOND_PLAYED_WINS = "second_played_wins"


class LowHandMisdeal(StrEnum):
    MANDATORY = "mandatory"
    OPTIONAL = "optional"
    OFF = "off"


class MoonSuccess(StrEnum):
    ALL_DEFINED_POINTS = "all_defined_points"
    ALL_AWARDED_POINTS = "all_awarded_points"


class AllPass(StrEnum):
    REDEAL_SAME_DEALER = "redeal_same_dealer"
    DEALER_FORCED_MIN = "dealer_forced_min"
    #: The dealer may pass too; then the dealer's side loses ``min_bid`` and the next dealer deals (docs/pitch.md).
    DEALER_SET = "dealer_set"


class DiscardMode(StrEnum):
    FREE_TO_SIX = "free_to_six"
    NONTRUMP_TO_SIX = "nontrump_to_six"
    REFILL = "refill"


class DiscardNontrumps(StrEnum):
    OPTIONAL = "optional"
    MANDATORY = "mandatory"


class BuryRestriction(StrEnum):
    NONE = "none"
    NON_SCORING_ONLY = "non_scoring_only"


class FirstLead(StrEnum):
    ANY = "any"
    TRUMP = "trump"


class FollowRule(StrEnum):
    FOLLOW_OR_TRUMP = "follow_or_trump"
    MUST_FOLLOW = "must_follow"


class LowCard(StrEnum):
    DEUCE = "deuce"
    LOWEST_PLAYED = "lowest_played"


class LowAward(StrEnum):
    PLAYED_BY = "played_by"
    CAPTURED_BY = "captured_by"


class GameTie(StrEnum):
    BIDDER = "bidder"
    LOW_POINT_SIDE = "low_point_side"
    NONE = "none"


class BothCross(StrEnum):
    BIDDER_WINS = "bidder_wins"
    HIGHER_SCORE = "higher_score"
    #: Only a side that makes its bid wins at the target; the others play on (docs/pitch.md).
    BIDDER_GOES_OUT = "bidder_goes_out"


class Smudge(StrEnum):
    """The smudge bid (docs/pitch.md): none, every point (wins the match at once), or every trick."""

    OFF = "off"
    ALL_POINTS = "all_points"
    ALL_TRICKS = "all_tricks"


class AuctionLaps(StrEnum):
    """One turn each (SPEC 1.7), or laps until every player but the high bidder has passed."""

    ONE = "one"
    ROUNDS = "rounds"


class CallPartner(StrEnum):
    """Call your partner (docs/pitch.md): off, or the bidder calls a card whose holder is its secret partner."""

    OFF = "off"
    CARD = "card"


class RenegeMode(StrEnum):
    PREVENT = "prevent"
    PENALIZE = "penalize"


class TrumpSetBy(StrEnum):
    NAMING = "naming"
    FIRST_LEAD = "first_lead"


class HighCard(StrEnum):
    ACE = "ace"
    HIGHEST_PLAYED = "highest_played"


class SettlementRule(StrEnum):
    STANDARD = "standard"
    DIFFERENCE = "difference"


class DeckRanks(StrEnum):
    """The ranks in the deck (Trickster Cards' deck option): all, 5 up (2s-4s removed), 9 up (2s-8s removed)."""

    TWO_UP = "2-A"
    FIVE_UP = "5-A"
    NINE_UP = "9-A"


#: Rank index (2 = 0 ... A = 12) of the lowest card of each deck.
DECK_LOWEST = {DeckRanks.TWO_UP: 0, DeckRanks.FIVE_UP: 3, DeckRanks.NINE_UP: 7}
#: Rank index of the card each rank-bound point or option needs in the deck.
_NEEDS_RANK = {"deuce": 0, "trey": 1, "off_three": 1, "five": 3, "off_five": 3}
_RANK_NAMES = {0: "2s", 1: "3s", 3: "5s"}


class TrickHistory(StrEnum):
    NONE = "none"
    LAST = "last"
    ALL = "all"


#: Every point a preset may define, in the order a breakdown is shown.
POINT_NAMES = (
    "high",
    "low",
    "jack",
    "jick",
    "joker_high",
    "joker_low",
    "joker",
    "trey",
    "deuce",
    "game",
    "ten",
    "five",
    "off_five",
    "off_ace",
    "off_three",
)
#: Hands of this size or more keep 6 cards; the play always starts with 6.
HAND_AFTER_DISCARD = 6
MAX_BID_LIMIT = 60


class PointValues(Mapping[str, int]):
    """An immutable, hashable table of point name -> value.

    >>> PointValues({"high": 1})["high"]
    1
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, int]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> int:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(other) == self._items

    def __repr__(self) -> str:
        return f"PointValues({self._items!r})"


def _error(message: str) -> Any:
    from jick.engine import RulesError

    return RulesError(message)


@dataclass(frozen=True)
class SmearRules(RuleSet):
    """All Smear options. Build one with :func:`jick.games.smear.presets.load_preset`."""

    num_players: int = 4
    partnerships: Partnerships = Partnerships.PAIRS_OPPOSITE
    jokers: int = 2
    joker_order: JokerOrder = JokerOrder.FIXED
    big_joker_above_jick: bool = False
    use_jick: bool = True
    hand_size: int = 10
    deal_packet: int = 5
    kitty_size: int = 0
    low_hand_misdeal: LowHandMisdeal = LowHandMisdeal.OFF
    min_bid: int = 2
    max_bid: int = 10
    moon_enabled: bool = False
    moon_success: MoonSuccess = MoonSuccess.ALL_DEFINED_POINTS
    all_pass: AllPass = AllPass.DEALER_FORCED_MIN
    discard_mode: DiscardMode = DiscardMode.FREE_TO_SIX
    discard_nontrumps: DiscardNontrumps = DiscardNontrumps.OPTIONAL
    dealer_robs_pack: bool = False
    bury_restriction: BuryRestriction = BuryRestriction.NONE
    first_lead: FirstLead = FirstLead.TRUMP
    follow_rule: FollowRule = FollowRule.FOLLOW_OR_TRUMP
    trump_only_play: bool = False
    point_values: Mapping[str, int] = field(
        default_factory=lambda: PointValues(
            {"high": 1, "low": 1, "jack": 1, "jick": 1, "joker_high": 1, "joker_low": 1, "game": 1, "trey": 3}
        )
    )
    low_card: LowCard = LowCard.LOWEST_PLAYED
    low_award: LowAward = LowAward.CAPTURED_BY
    game_tie: GameTie = GameTie.LOW_POINT_SIDE
    target_score: int = 21
    both_cross: BothCross = BothCross.BIDDER_WINS
    bust_out_score: int | None = None
    renege_mode: RenegeMode = RenegeMode.PREVENT
    trick_history_visible: TrickHistory = TrickHistory.ALL
    trump_set_by: TrumpSetBy = TrumpSetBy.NAMING
    high_card: HighCard = HighCard.ACE
    use_off_five: bool = False
    dealer_may_match: bool = False
    use_off_ace: bool = False
    use_off_three: bool = False
    settlement: SettlementRule = SettlementRule.STANDARD
    low_ignores_jokers: bool = False
    deck_ranks: DeckRanks = DeckRanks.TWO_UP
    smudge: Smudge = Smudge.OFF
    auction_laps: AuctionLaps = AuctionLaps.ONE
    call_partner: CallPartner = CallPartner.OFF

    def __post_init__(self) -> None:
        coerce_fields(self, allowed_values, INT_CHOICES, _check_other)
        _validate(self)

    # ---- derived values -------------------------------------------------
    @functools.cached_property
    def points(self) -> dict[str, int]:
        """The points this rule set defines (value > 0), in breakdown order (worked out once: do not change it)."""
        return {k: self.point_values[k] for k in POINT_NAMES if self.point_values.get(k, 0) > 0}

    @functools.cached_property
    def max_points(self) -> int:
        """Sum of all defined point values (worked out once: the scoring reads it every hand)."""
        return sum(self.points.values())

    @functools.cached_property
    def smudge_value(self) -> int:
        """What a smudge is worth (bid, and scored when made): every point, or every point and one more."""
        return self.max_points + (1 if self.smudge is Smudge.ALL_TRICKS else 0)

    @property
    def deck_size(self) -> int:
        return 4 * (13 - DECK_LOWEST[self.deck_ranks]) + self.jokers

    @property
    def num_sides(self) -> int:
        if self.partnerships is Partnerships.NONE:
            return self.num_players
        if self.partnerships is Partnerships.PAIRS_OPPOSITE:
            return self.num_players // 2
        return 2

    def side_of(self, seat: int) -> int:
        """The side (team or single player) of a seat.

        >>> SmearRules().side_of(2), SmearRules().side_of(3)
        (0, 1)
        """
        if self.partnerships is Partnerships.NONE:
            return seat
        if self.partnerships is Partnerships.PAIRS_OPPOSITE:
            return seat % (self.num_players // 2)
        return seat % 2


#: Allowed values of the options whose type alone does not say it.
INT_CHOICES: dict[str, tuple[int, ...]] = {
    "jokers": (0, 1, 2),
    "hand_size": (6, 8, 9, 10),
    "deal_packet": (3, 4, 5),
    "kitty_size": (0, 4),
}


def option_types() -> dict[str, Any]:
    """Option name -> its Python type (an enum class, int, bool, ...)."""
    return ruleset.option_types(SmearRules)


def allowed_values(name: str) -> str:
    """Human text for the values an option accepts."""
    text = ruleset.basic_allowed(name, option_types()[name], INT_CHOICES)
    if text is not None:
        return text
    if name == "point_values":
        return "table of " + ", ".join(POINT_NAMES) + " -> int >= 0"
    if name == "bust_out_score":
        return "int < 0 | none"
    return "int"


def _check_other(name: str, value: Any) -> Any:
    """Check ``bust_out_score`` and ``point_values`` (the other types are checked by :func:`coerce_fields`)."""
    if name == "bust_out_score":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise _error(f"option bust_out_score = {value!r} must be a negative integer or none")
    elif name == "point_values":
        if not isinstance(value, Mapping):
            raise _error("option point_values must be a table of point name -> value")
        for key, points in value.items():
            if key not in POINT_NAMES:
                raise _error(f"point_values has unknown point {key!r}; known points: {', '.join(POINT_NAMES)}")
            if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                raise _error(f"point_values.{key} = {points!r} must be an integer >= 0")
        value = PointValues(value)
    return value


def _validate(r: SmearRules) -> None:
    """Refuse impossible combinations, naming the options involved."""
    n = r.num_players
    if not 3 <= n <= 8:
        raise _error(f"option num_players = {n} is outside 3..8")
    if r.partnerships is not Partnerships.NONE and n % 2:
        raise _error(f"partnerships = {r.partnerships.value} needs an even num_players (got {n})")
    if r.hand_size % r.deal_packet:
        raise _error(f"deal_packet = {r.deal_packet} must divide hand_size = {r.hand_size}")
    dealt = n * r.hand_size + r.kitty_size
    if dealt > r.deck_size:
        raise _error(
            f"num_players = {n} x hand_size = {r.hand_size} + kitty_size = {r.kitty_size} needs {dealt} cards "
            f"but the deck has {r.deck_size} (jokers = {r.jokers}, deck_ranks = {r.deck_ranks.value})"
        )
    pts = r.point_values
    lowest = DECK_LOWEST[r.deck_ranks]
    if lowest:
        needs = {name: rank for name, rank in _NEEDS_RANK.items() if pts.get(name, 0)}
        if r.low_card is LowCard.DEUCE:
            needs["low_card = deuce"] = 0
        if r.use_off_five:
            needs["use_off_five"] = 3
        if r.use_off_three:
            needs["use_off_three"] = 1
        for name, rank in needs.items():
            if rank < lowest:
                what = name if " " in name or name.startswith("use_") else f"point_values.{name}"
                raise _error(f"{what} needs the {_RANK_NAMES[rank]}, which deck_ranks = {r.deck_ranks.value} removes")
    if r.jokers != 2 and (pts.get("joker_high", 0) or pts.get("joker_low", 0)):
        raise _error(f"point_values joker_high/joker_low need jokers = 2 (got jokers = {r.jokers})")
    if r.jokers != 1 and pts.get("joker", 0):
        raise _error(f"point_values.joker needs jokers = 1 (got jokers = {r.jokers})")
    if not r.use_jick and pts.get("jick", 0):
        raise _error("point_values.jick needs use_jick = true")
    if not r.use_off_five and pts.get("off_five", 0):
        raise _error("point_values.off_five (the Left Pedro) needs use_off_five = true")
    if not r.use_off_ace and pts.get("off_ace", 0):
        raise _error("point_values.off_ace needs use_off_ace = true")
    if not r.use_off_three and pts.get("off_three", 0):
        raise _error("point_values.off_three needs use_off_three = true")
    if r.low_ignores_jokers and not r.jokers:
        raise _error("low_ignores_jokers = true needs jokers in the deck (got jokers = 0)")
    if r.low_ignores_jokers and r.low_card is LowCard.DEUCE:
        raise _error("low_ignores_jokers = true needs low_card = lowest_played (the deuce is never a joker)")
    if r.max_points <= 0:
        raise _error("point_values defines no points")
    if not 1 <= r.min_bid <= r.max_bid:
        raise _error(f"min_bid = {r.min_bid} must be at least 1 and at most max_bid = {r.max_bid}")
    if r.max_bid > r.max_points:
        raise _error(f"max_bid = {r.max_bid} is above the {r.max_points} points available (point_values)")
    if r.max_bid > MAX_BID_LIMIT:
        raise _error(f"max_bid = {r.max_bid} is above the limit {MAX_BID_LIMIT}")
    if r.target_score < 1:
        raise _error(f"target_score = {r.target_score} must be positive")
    if r.bust_out_score is not None and r.bust_out_score >= 0:
        raise _error(f"bust_out_score = {r.bust_out_score} must be negative (or none)")
    if r.trump_set_by is TrumpSetBy.FIRST_LEAD:
        if r.hand_size != HAND_AFTER_DISCARD or r.kitty_size:
            raise _error(
                f"trump_set_by = first_lead needs hand_size = 6 and kitty_size = 0 (got {r.hand_size} and "
                f"{r.kitty_size}): nobody can discard before the lead names trump"
            )
        if r.trump_only_play:
            raise _error("trump_set_by = first_lead cannot be combined with trump_only_play = true")
    if r.settlement is SettlementRule.DIFFERENCE:
        if r.num_sides != 2:
            raise _error(
                f"settlement = difference needs two sides (got {r.num_sides}): only the side with more points scores"
            )
        if r.moon_enabled:
            raise _error("settlement = difference cannot be combined with moon_enabled = true")
    if r.smudge is not Smudge.OFF and r.moon_enabled:
        raise _error(f"smudge = {r.smudge.value} cannot be combined with moon_enabled = true (both are the top bid)")
    if r.smudge is Smudge.ALL_TRICKS and r.trump_only_play:
        raise _error(
            "smudge = all_tricks cannot be combined with trump_only_play = true (not every seat plays every trick)"
        )
    if r.call_partner is not CallPartner.OFF:
        _validate_call_partner(r)
    if r.trump_only_play and r.renege_mode is RenegeMode.PENALIZE:
        raise _error("trump_only_play = true cannot be combined with renege_mode = penalize (non-trumps are dead)")


def _validate_call_partner(r: SmearRules) -> None:
    """``call_partner = card`` needs each player for himself, four or more, and a named trump."""
    if r.partnerships is not Partnerships.NONE:
        raise _error(
            f"call_partner = card needs partnerships = none (got {r.partnerships.value}): the call makes the pair"
        )
    if r.num_players < 4:
        raise _error(f"call_partner = card needs at least 4 players (got num_players = {r.num_players})")
    if r.trump_set_by is not TrumpSetBy.NAMING:
        raise _error("call_partner = card needs trump_set_by = naming: the call is made once trump is known")
    if r.moon_enabled or r.smudge is not Smudge.OFF:
        raise _error("call_partner = card cannot be combined with moon_enabled or smudge (a bid to win alone)")
    if r.renege_mode is RenegeMode.PENALIZE:
        raise _error("call_partner = card cannot be combined with renege_mode = penalize")
