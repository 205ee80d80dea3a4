"""What a game package provides so that records and ``jick replay`` work for it.

:mod:`jick.record`, :mod:`jick.render` and the ``replay`` command know no
game: everything that differs per game comes from the record hooks its
registration names (:attr:`jick.game.Game.record_hooks`), an instance of a
:class:`RecordHooks` subclass generic over the game's state type
(``RecordHooks[SmearState]``). Look one up with :func:`hooks_for`.

The base class does what is the same for every game that follows the game
package contract (rules as a frozen dataclass built from its option table,
``state.deals`` logs, ``state.void_deal``); a game overrides the rest:

* cards: ``cards`` and ``card_parser`` (from which :meth:`RecordHooks.card_name`
  and :meth:`RecordHooks.parse_card` follow), :meth:`RecordHooks.deck_cards`
  (the whole deck of a rule set);
* notation: ``action_parser`` (used by :meth:`RecordHooks.check_action`),
  :meth:`RecordHooks.is_outcome`;
* the state: ``state_class``, or :meth:`RecordHooks.new_state` for a game
  whose record carries more chance data;
* optional chance data per deal (``deal_fields``, e.g. Lift Smoke's
  ``reshuffles``) and top-level fields (``record_fields``, e.g. Lift Smoke's
  ``session_ended``);
* results: :meth:`RecordHooks.result` (the record's ``result`` object),
  :meth:`RecordHooks.report` and :meth:`RecordHooks.format_report` (what
  ``jick replay`` prints).

>>> hooks_for("tarok").game, hooks_for("liftsmoke").deal_fields
('tarok', ('reshuffles',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, runtime_checkable

from jick.engine import TERMINAL, Action, JickError, RecordError, RulesError
from jick.game import PACKAGES, AnyState, CardLike, StateT, get_game, load_object


@runtime_checkable
class VoidsDeals(Protocol):
    """A state whose deal in progress the table can declare void (a procedural misdeal)."""

    def void_deal(self, reason: str) -> None: ...


class RecordHooks(Generic[StateT]):
    """Per-game record and report hooks; games subclass it and override what differs.

    ``StateT`` is the game's state type: a game's hooks read its own state's
    results, while :mod:`jick.record` only relies on :class:`~jick.game.GameState`.
    """

    #: The game's name, as records write it.
    game: ClassVar[str] = ""
    #: The rules dataclass; :meth:`rules_from_dict` builds it from an option table.
    rules_class: ClassVar[type] = object
    #: Keys of the record's ``result`` object with their JSON kinds (``int``, ``int|null``, ``bool``, ``list``).
    result_fields: ClassVar[Mapping[str, str]] = {}
    #: Whether a deal can be declared void (``state.void_deal``; a deal's ``void`` field).
    supports_void: ClassVar[bool] = True
    #: Optional per-deal fields of chance data beyond the deck, written when not empty.
    deal_fields: ClassVar[tuple[str, ...]] = ()
    #: Optional top-level fields (written when they are not the default).
    record_fields: ClassVar[tuple[str, ...]] = ()
    #: The outcomes of a deal, for messages.
    outcomes_help: ClassVar[str] = ""
    #: What the player to act does in each phase, for messages (``to bid``).
    phase_verbs: ClassVar[Mapping[str, str]] = {}
    #: What a chance node waits for, by phase, for messages.
    chance_waits: ClassVar[Mapping[str, str]] = {"deal": "the next deal needs a deck"}
    #: The game's cards by index (their ``str`` is the notation).
    cards: ClassVar[Sequence[CardLike]] = ()
    #: The state class, built as ``state_class(rules, seed=, decks=, first_dealer=)``.
    state_class: ClassVar[type] = object

    def card_parser(self, text: str) -> CardLike:
        """Card notation -> card (with ``.index``); games set it to their ``parse_card``."""
        raise NotImplementedError

    def action_parser(self, text: str) -> Action:
        """Context-free action notation -> action; games set it to their ``action_from_text``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ rules and cards
    def rules_from_dict(self, table: Mapping[str, Any]) -> Any:
        """The rules of an option table; a missing option takes its default.

        Raises :class:`RulesError` for an unknown option or a bad value.
        """
        known = {f.name for f in dataclasses.fields(self.rules_class)}
        extra = [k for k in table if k not in known]
        if extra:
            raise RulesError(f"unknown option {extra[0]!r}")
        return self.rules_class(**table)

    def deck_cards(self, rules: Any) -> tuple[int, ...]:
        """Card indices of the whole deck these rules use."""
        raise NotImplementedError

    def deck_note(self, rules: Any) -> str:
        """Extra words after "not in the N-card deck of these rules" (e.g. the joker option)."""
        return ""

    def card_name(self, index: int) -> str:
        """Canonical notation of a card index."""
        return str(self.cards[index])

    def parse_card(self, text: str) -> int:
        """The index of a card in notation; :class:`~jick.engine.NotationError` if it is none."""
        return self.card_parser(text).index

    def check_action(self, text: str) -> None:
        """Raise :class:`~jick.engine.NotationError` unless ``text`` is an action of the game."""
        self.action_parser(text)

    def is_outcome(self, text: str) -> bool:
        """Whether ``text`` is a possible ``outcome`` of a deal."""
        raise NotImplementedError

    # ------------------------------------------------------------------ state
    def new_state(
        self,
        rules: Any,
        *,
        seed: int | None,
        decks: Sequence[tuple[int, ...]],
        first_dealer: int,
        deal_extras: Sequence[Mapping[str, Any]],
    ) -> StateT:
        """A fresh state with these rules and chance data (``deal_extras``: parsed deal fields per deal)."""
        # ``state_class`` is the game's own state class (a ClassVar cannot name ``StateT``).
        state: StateT = self.state_class(rules, seed=seed, decks=list(decks), first_dealer=first_dealer)
        return state

    def chance_cards(self, state: StateT) -> tuple[int, ...]:
        """The cards a state waiting at a chance node wants put in order: the whole deck, by default."""
        return self.deck_cards(state.rules)

    def supply_chance(self, state: StateT, order: Sequence[int]) -> None:
        """Give a state waiting at a chance node the order it waits for: the next deck, by default."""
        state.deal(order)

    def deal_extra(self, state: StateT, index: int) -> dict[str, Any]:
        """The record's extra fields of deal ``index`` (0-based), as JSON values; empty ones left out."""
        return {}

    def parse_deal_extra(self, raw: Mapping[str, Any], rules: Any, where: str) -> dict[str, Any]:
        """Check a recorded deal's extra fields; return them in the form :meth:`deal_extra` writes."""
        return {}

    def record_extra(self, state: StateT) -> dict[str, Any]:
        """The record's extra top-level fields, as JSON values; defaults left out."""
        return {}

    def parse_record_extra(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check a record's extra top-level fields; return them in the form :meth:`record_extra` writes."""
        return {}

    def finish_replay(self, state: StateT, extra: Mapping[str, Any]) -> None:
        """Apply what the extra top-level fields say after the last recorded action (a JickError if it cannot)."""

    def void_deal(self, state: StateT, reason: str) -> None:
        """Declare the deal in progress void (games with :attr:`supports_void` offer ``state.void_deal``)."""
        if not isinstance(state, VoidsDeals):
            raise RulesError(f"a {state.game_name} deal cannot be declared void")
        state.void_deal(reason)

    def to_act(self, state: StateT) -> str:
        """Who acts now, for messages: ``seat 2 to play``."""
        player = state.current_player
        if player == TERMINAL:
            return "nobody: the match is over"
        if player < 0:
            return "nobody: " + self.chance_waits.get(state.phase, "the game waits for chance")
        return f"seat {player} {self.phase_verbs.get(state.phase, 'to act')}"

    # ------------------------------------------------------------------ results
    def result(self, state: StateT) -> dict[str, Any]:
        """The record's ``result`` object: the keys of :attr:`result_fields`."""
        raise NotImplementedError

    def report(self, state: StateT) -> dict[str, Any]:
        """Everything ``jick replay`` prints, as a JSON-ready dict (with ``game``)."""
        raise NotImplementedError

    def format_report(self, report: Mapping[str, Any]) -> list[str]:
        """The text lines of ``jick replay`` for a :meth:`report`."""
        raise NotImplementedError

    #: The key of the scored deals in :meth:`report` (``hands``), for the text notation's derived tags.
    report_deals: ClassVar[str] = ""

    def deal_tags(self, deal: Mapping[str, Any]) -> dict[str, str]:
        """The text notation's derived tags of one scored deal of the report (``Contract``), besides ``Scores``."""
        return {}


def hooks_for(game: str) -> RecordHooks[AnyState]:
    """The record hooks of a registered game (named in its registration, :attr:`jick.game.Game.record_hooks`).

    >>> hooks_for("chess")
    Traceback (most recent call last):
    ...
    jick.engine.RecordError: unknown game 'chess' in record (games: smear, tarok, liftsmoke)
    """
    if game not in PACKAGES:
        raise RecordError(f"unknown game {game!r} in record (games: {', '.join(PACKAGES)})")
    try:
        hooks: RecordHooks[AnyState] = load_object(get_game(game).record_hooks)
    except (JickError, ModuleNotFoundError, AttributeError, ValueError):
        raise RecordError(f"game {game!r} cannot read records (no record hooks)") from None
    if not isinstance(hooks, RecordHooks):
        raise RecordError(f"game {game!r} cannot read records (no record hooks)")
    return hooks


def seat_list(values: Sequence[int]) -> str:
    """``seat 0 12, seat 1 -3``: a value per seat, for report lines.

    >>> seat_list([5, -2])
    'seat 0 5, seat 1 -2'
    """
    return ", ".join(f"seat {i} {v}" for i, v in enumerate(values))
