"""Lift Smoke options (SPEC 5.5) as one frozen, validated dataclass.

Every option has an allowed set of values; a bad value raises a
:class:`~jick.engine.RulesError` naming the option.

>>> rules = LiftSmokeRules(num_players=5, ante=2)
>>> rules.hand_size, rules.stock_size
(5, 27)
>>> rules.replace(trump_card="stock_top_set_aside").stock_size
26
>>> rules.to_dict()["games_per_session"] is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from jick import ruleset
from jick.ruleset import RuleSet, coerce_fields

#: Cards in the Lift Smoke deck (no jokers).
DECK_SIZE = 52
MIN_PLAYERS = 4
MAX_PLAYERS = 6


class TrumpCard(StrEnum):
    """Which card fixes trump (SPEC 5.2)."""

    #: The dealer's last card is shown and stays in his hand (publicly known).
    DEALER_LAST_CARD = "dealer_last_card"
    #: The top stock card is turned, fixes trump and is set aside unused.
    STOCK_TOP_SET_ASIDE = "stock_top_set_aside"


class OnStockExhausted(StrEnum):
    """What a trick winner does when the stock is empty (SPEC 5.3)."""

    #: Nobody draws any more.
    NO_DRAW = "no_draw"
    #: The discard pile is shuffled into a new stock, then the winner draws.
    RESHUFFLE_DISCARDS = "reshuffle_discards"


def _error(message: str) -> Any:
    from jick.engine import RulesError

    return RulesError(message)


@dataclass(frozen=True)
class LiftSmokeRules(RuleSet):
    """All Lift Smoke options. Build one with :func:`jick.games.liftsmoke.presets.load_preset`.

    ``bankroll`` (SPEC 5.1, optional): chips each player starts the session
    with; ``None`` means unlimited credit (chip totals start at 0 and may go
    negative). With a bankroll a player who cannot pay the ante leaves the
    session.
    """

    num_players: int = 4
    ante: int = 1
    trump_card: TrumpCard = TrumpCard.DEALER_LAST_CARD
    on_stock_exhausted: OnStockExhausted = OnStockExhausted.NO_DRAW
    games_per_session: int | None = None
    bankroll: int | None = None

    def __post_init__(self) -> None:
        coerce_fields(self, allowed_values, {}, _check_optional_int)
        _validate(self)

    # ---- derived values -------------------------------------------------
    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: as many as there are players (SPEC 5.2)."""
        return self.num_players

    @property
    def stock_size(self) -> int:
        """Cards in the stock after a full-table deal (one fewer when the trump card is set aside)."""
        set_aside = 1 if self.trump_card is TrumpCard.STOCK_TOP_SET_ASIDE else 0
        return DECK_SIZE - self.num_players**2 - set_aside


def option_types() -> dict[str, Any]:
    """Option name -> its Python type (an enum class, int, ``int | None``)."""
    return ruleset.option_types(LiftSmokeRules)


def allowed_values(name: str) -> str:
    """Human text for the values an option accepts."""
    text = ruleset.basic_allowed(name, option_types()[name], {})
    if text is not None:
        return text
    if name == "num_players":
        return f"{MIN_PLAYERS}..{MAX_PLAYERS}"
    if name == "ante":
        return "int >= 0"
    if name == "games_per_session":
        return "int >= 1 | none (until stopped)"
    if name == "bankroll":
        return "int >= ante | none (unlimited)"
    return "int"


def _check_optional_int(name: str, value: Any) -> Any:
    """Check an ``int | None`` option (the other types are checked by :func:`coerce_fields`)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise _error(f"option {name} = {value!r} must be {allowed_values(name)}")
    return value


def _validate(r: LiftSmokeRules) -> None:
    """Refuse impossible values and combinations, naming the options involved."""
    if not MIN_PLAYERS <= r.num_players <= MAX_PLAYERS:
        raise _error(f"option players = {r.num_players} is outside {MIN_PLAYERS}..{MAX_PLAYERS}")
    if r.ante < 0:
        raise _error(f"option ante = {r.ante} must be >= 0")
    if r.games_per_session is not None and r.games_per_session < 1:
        raise _error(f"option games_per_session = {r.games_per_session} must be >= 1 (or none: until stopped)")
    if r.bankroll is not None and r.bankroll < r.ante:
        raise _error(f"option bankroll = {r.bankroll} is below ante = {r.ante}: nobody could ante")
