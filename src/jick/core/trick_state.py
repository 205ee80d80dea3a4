"""The base of every game's state: the shared accessors, legal-id iteration, apply/undo dispatch and clone.

A game's state subclasses :class:`TrickState` and supplies its rules through a
few hooks: ``_legal_now`` (the legal ids in a player's phase, as a bitmask),
``_move`` (what a legal action does), ``_why_illegal`` (the reason an action is
refused in a player's phase), ``_start_deal`` and ``_check_deck`` (dealing),
``_copy_into`` (its own fields in a clone) and ``_undone`` (anything kept
outside the value list). The class constants say the game's action table, name
and phase codes: player phases first, then the terminal phase ``_over``, then
the chance phases, the first of which, ``_wait_deal``, waits for a deck; and
where the hands, the scores and the trick in progress lie in the value list.

Every small value lives in one flat list of ints, ``_v``, whose first slots
belong to the core (:mod:`jick.core.undo`), so ``undo`` restores a snapshot
(and applies again the few actions played since it was kept) and ``clone``
copies a list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from jick.core.cardset import bit_ids, pick
from jick.core.deals import Log, shuffled_deck
from jick.core.undo import ACTION_NO, DEAL_NO, DEALER, PHASE, TO_MOVE, cut_back
from jick.engine import TERMINAL, Action, IllegalAction, NotationError, RecordError

LogT = TypeVar("LogT", bound=Log)
ResultT = TypeVar("ResultT")
StateT = TypeVar("StateT", bound="TrickState[Any, Any]")

#: ``current_player`` while a deck (or another chance outcome) is needed and no seed or list can give one.
CHANCE: Final = -2


# Compiled with mypyc (JICK_COMPILE=1) as the base of the compiled Smear and Tarok states; Lift Smoke
# stays interpreted and subclasses it all the same.
@mypyc_attr(allow_interpreted_subclasses=True)
class TrickState(Generic[LogT, ResultT]):
    """A match of a trick-taking game in progress; see :class:`jick.game.GameState` for the protocol."""

    #: Every action of the game, indexed by id.
    _actions: ClassVar[tuple[Action, ...]] = ()
    #: The game's name in messages ("Lift Smoke").
    _title: ClassVar[str] = ""
    #: The phase names, indexed by phase code.
    _phase_names: ClassVar[tuple[str, ...]] = ()
    #: The terminal phase; every phase code below it is a player's.
    _over: ClassVar[int] = 0
    #: The chance phase that waits for the next deck.
    _wait_deal: ClassVar[int] = 1
    #: What a match and a deal are called in messages ("the match is over", "the next deal needs...").
    _match_word: ClassVar[str] = "match"
    _deal_word: ClassVar[str] = "deal"
    #: The phase in which cards are played to tricks.
    _play_phase: ClassVar[int] = 0
    #: The slot of seat 0's hand (seat ``s`` at ``_hand + s``).
    _hand: ClassVar[int] = 0
    #: The slot of the first score (seat or side ``s`` at ``_score + s``; see :meth:`_score_count`).
    _score: ClassVar[int] = 0
    #: The slots of the trick in progress: its leader, its length, and its seats and cards in play order
    #: (the ``i``-th card at ``_t_card + i``, played by the seat at ``_t_seat + i``).
    _leader: ClassVar[int] = 0
    _trick_len: ClassVar[int] = 0
    _t_seat: ClassVar[int] = 0
    _t_card: ClassVar[int] = 0
    #: A player's action keeps a snapshot of the values before it only every so many actions of a deal
    #: (and right after a pseudo-action); ``undo`` goes back to the last snapshot and applies the actions
    #: after it again (:meth:`_take_back`). A chance or table pseudo-action always keeps one.
    _snapshot_every: ClassVar[int] = 8

    preset_name: str | None
    overrides: dict[str, object]
    seed: int | None
    first_dealer: int
    _n: int
    #: The class's ``_actions`` and ``_over``, kept on the instance: a compiled build reads an instance
    #: field directly, a class attribute through a lookup by name.
    _action_table: tuple[Action, ...]
    _over_phase: int
    _every: int
    _v: list[int]
    _legal_bits: int
    #: The undo log (:mod:`jick.core.undo`): the actions, and the values before each where kept (else None).
    _undo: list[Action]
    _undo_values: list[tuple[int, ...] | None]
    _decks: list[tuple[int, ...]]
    _deck_cards: tuple[int, ...]
    _deals: list[LogT]
    _results: list[ResultT]

    def _open(
        self, num_players: int, seed: int | None, decks: Sequence[Sequence[Any]] | None, first_dealer: int | None
    ) -> None:
        """Set up what every match has, before the game's own fields: seats, seed, decks, first dealer, logs."""
        #: The preset and overrides the rules came from (for records); set by ``new_match``.
        self.preset_name = None
        self.overrides = {}
        n = num_players
        self._n = n
        self._action_table = self._actions
        self._over_phase = self._over
        self._every = self._snapshot_every
        self.seed = seed
        self._decks = [self._check_deck(d, i) for i, d in enumerate(decks or ())]
        if first_dealer is None:
            first_dealer = random.Random(seed).randrange(n) if seed is not None else n - 1
        if not 0 <= first_dealer < n:
            raise RecordError(f"first dealer {first_dealer} is not a seat of {n}")
        self.first_dealer = first_dealer
        self._deals = []
        self._results = []
        self._undo = []
        self._undo_values = []
        self._legal_bits = -1

    # ------------------------------------------------------------------ the game's hooks
    def _check_deck(self, deck: Sequence[Any], index: int) -> tuple[int, ...]:
        """Deck ``index`` (0-based) as card indices; :class:`RecordError` unless it is the game's deck."""
        raise NotImplementedError

    def _start_deal(self) -> None:
        """Deal the next deck, or wait for one (phase ``_wait_deal``)."""
        raise NotImplementedError

    def _legal_now(self) -> int:
        """The legal action ids as a bitmask, in a player's phase (the core caches it)."""
        raise NotImplementedError

    def _move(self, seat: int, aid: int) -> None:
        """Carry out legal action ``aid`` of ``seat`` (already logged, with its undo entry)."""
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, when the match is neither over nor waiting for a deck."""
        raise NotImplementedError

    def _why_foreign(self, action: Action) -> str:
        """Why an action with a legal id is refused: it is another game's."""
        return self._why_illegal(action)

    def _score_count(self) -> int:
        """How many scores the match keeps: one a seat unless the game scores by sides."""
        return self._n

    def _copy_into(self, other: Any) -> None:
        """Give a clone the game's own fields (the core's are copied already)."""

    def _undone(self, action: Action) -> None:
        """Take back what ``action`` changed outside the value list and the logs."""

    # ------------------------------------------------------------------ decks
    def _next_deck(self) -> tuple[int, ...] | None:
        """The deck of the next deal: given, else shuffled from the seed, else None (wait for one)."""
        k = self._v[DEAL_NO]
        if k < len(self._decks):
            return self._decks[k]
        if self.seed is not None:
            return shuffled_deck(self._deck_cards, self.seed, k)
        return None

    def deal(self, deck: Sequence[Any]) -> None:
        """Supply the deck order of the next deal when the state waits at a chance node."""
        if self._v[PHASE] != self._wait_deal:
            raise IllegalAction("no deal is awaited: the next deck comes from the seed or the deck list")
        cards = self._check_deck(deck, self._v[DEAL_NO])
        self._push(self._supplied_deck(cards))
        self._decks.append(cards)
        self._start_deal()

    def _supplied_deck(self, cards: tuple[int, ...]) -> Action:
        """The pseudo-action an undo entry keeps for a supplied deck."""
        raise NotImplementedError

    def _void_deal(self, void: Action, reason: str) -> None:
        """Declare the current deal void (``void`` is the pseudo-action kept for undo); the same dealer deals again."""
        if self._v[PHASE] >= self._over:
            raise IllegalAction("there is no deal in progress to void")
        self._push(void)
        self._deals[-1].outcome = f"void: {reason}"
        self._start_deal()

    # ------------------------------------------------------------------ protocol
    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int:
        v = self._v
        phase = v[PHASE]
        over = self._over_phase
        if phase < over:
            return v[TO_MOVE]
        return TERMINAL if phase == over else CHANCE

    @property
    def is_terminal(self) -> bool:
        return self._v[PHASE] == self._over_phase

    @property
    def phase(self) -> str:
        return self._phase_names[self._v[PHASE]]

    @property
    def num_distinct_actions(self) -> int:
        return len(self._actions)

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (while waiting for a deck: of the next deal)."""
        return self._v[DEALER]

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id; :class:`NotationError` for an id outside ``0 .. num_distinct_actions-1``."""
        if not 0 <= action_id < len(self._actions):
            raise NotationError(f"no {self._title} action has id {action_id}")
        return self._actions[action_id]

    def legal_actions(self) -> list[Action]:
        bits = self._legal_bits
        return pick(bits if bits >= 0 else self._compute_legal(), self._action_table)

    def legal_action_ids(self) -> list[int]:
        bits = self._legal_bits
        return bit_ids(bits if bits >= 0 else self._compute_legal())

    def legal_action_mask(self) -> Any:
        """A fixed-size numpy bool array, True at the ids of legal actions."""
        import numpy as np

        mask = np.zeros(len(self._actions), dtype=bool)
        mask[self.legal_action_ids()] = True
        return mask

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would accept it: one of this game's actions whose id is legal now."""
        bits = self._legal_bits if self._legal_bits >= 0 else self._compute_legal()
        aid = action.id
        if aid < 0 or not bits >> aid & 1:
            return False
        own = self._action_table[aid]
        return action is own or action == own

    def returns(self) -> tuple[float, ...]:
        raise NotImplementedError

    def _compute_legal(self) -> int:
        """The legal action ids now as a bitmask (none outside the players' phases); cached in ``_legal_bits``."""
        bits = self._legal_now() if self._v[PHASE] < self._over_phase else 0
        self._legal_bits = bits
        return bits

    def _why_refused(self, action: Action) -> str:
        """Why ``action`` is not legal now: the match is over, a deck is awaited, or the game's reason."""
        phase = self._v[PHASE]
        if phase == self._over:
            return f"the {self._match_word} is over"
        if phase == self._wait_deal:
            return f"the next {self._deal_word} needs a deck order (deal(deck))"
        return self._why_illegal(action)

    # ------------------------------------------------------------------ apply / undo
    def apply(self, action: Action) -> None:
        """Play ``action`` for ``current_player``; :class:`IllegalAction` (state unchanged) unless it is legal now.

        Only the game's own actions are accepted: another game's action with a legal id is refused too.
        """
        bits = self._legal_bits
        if bits < 0:
            bits = self._compute_legal()
        aid = action.id
        if aid < 0 or not bits >> aid & 1:
            raise IllegalAction(self._why_refused(action), self.legal_actions())
        own = self._action_table[aid]
        if action is not own and action != own:
            raise IllegalAction(self._why_foreign(action), self.legal_actions())
        v = self._v
        seat = v[TO_MOVE]
        undo, values = self._undo, self._undo_values
        # A snapshot every few actions (building one and the collector's walk over it were a fifth of an
        # action's time), and after a pseudo-action, which is never applied again (an entry without a
        # snapshot is a player's action).
        keep = v[ACTION_NO] % self._every == 0 or not undo or (values[-1] is not None and undo[-1].id < 0)
        undo.append(action)
        values.append(tuple(v) if keep else None)
        self._deals[-1].actions.append((seat, aid))
        v[ACTION_NO] += 1
        self._legal_bits = -1
        self._move(seat, aid)

    def apply_id(self, action_id: int) -> None:
        """``apply(action_from_id(action_id))``; an id outside ``0 .. num_distinct_actions-1`` is illegal too."""
        acts = self._action_table
        if not 0 <= action_id < len(acts):
            raise IllegalAction(f"no {self._title} action has id {action_id}", self.legal_actions())
        self.apply(acts[action_id])

    def parse_action(self, text: str) -> Action:
        raise NotImplementedError

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` in the current situation and apply it."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def _push(self, action: Action) -> None:
        """Log an undo entry for ``action`` (a chance outcome or a table's decision, not a player's action)."""
        self._undo.append(action)
        self._undo_values.append(tuple(self._v))
        self._legal_bits = -1

    def _take_back(self) -> Action:
        """Take the last undo entry off the log and go back to the state before it; return its action.

        Without a snapshot of its own, the state goes back to the last one kept and the player actions
        after it are applied again (up to ``_every - 1`` of them, from the same values: the same result).
        """
        undo, values = self._undo, self._undo_values
        j = len(undo) - 1
        while values[j] is None:
            j -= 1
        before = values[j]
        assert before is not None
        again = undo[j:-1]
        action = undo[-1]
        del undo[j:]
        del values[j:]
        self._restore(before)
        self._undone(action)
        for taken in reversed(again):
            self._undone(taken)
        for taken in again:
            self.apply(taken)
        return action

    def _restore(self, snapshot: Sequence[int]) -> None:
        """Go back to the values of ``snapshot`` and cut the logs back to their lengths then."""
        self._v = v = list(snapshot)
        cut_back(v, self._deals, self._results, keep_outcome=v[PHASE] == self._wait_deal)
        self._legal_bits = -1

    def undo(self) -> Action:
        """Take back the last action (or supplied deck, or other pseudo-action) and return it."""
        if not self._undo:
            raise IllegalAction("nothing to undo")
        return self._take_back()

    def clone(self: StateT) -> StateT:
        """An independent copy: what changes is copied, what never changes is shared."""
        other = type(self).__new__(type(self))
        other.preset_name = self.preset_name
        other.overrides = dict(self.overrides)
        other.seed = self.seed
        other.first_dealer = self.first_dealer
        other._n = self._n
        other._action_table = self._action_table
        other._over_phase = self._over_phase
        other._every = self._every
        other._v = self._v.copy()
        other._legal_bits = self._legal_bits
        other._undo = self._undo.copy()
        other._undo_values = self._undo_values.copy()
        other._decks = self._decks.copy()
        other._deck_cards = self._deck_cards
        other._deals = [d.copy() for d in self._deals]
        other._results = self._results.copy()
        self._copy_into(other)
        return other

    # ------------------------------------------------------------------ views
    def history(self) -> list[tuple[int, Action]]:
        """(seat, action) of every action in the current deal."""
        acts = self._actions
        return [(seat, acts[aid]) for seat, aid in self._deals[-1].actions] if self._deals else []

    def hand_mask(self, seat: int) -> int:
        """The cards a seat holds (the full state knows every hand; bots use observations)."""
        return self._v[self._hand + seat]

    # Read-only views for the games' observations, reports and bots: public facts, or one seat's own
    # cards. Observers read these, never ``_v``.
    @property
    def deals(self) -> tuple[LogT, ...]:
        """Every deal so far, oldest first (the last one is in progress unless it has an outcome)."""
        return tuple(self._deals)

    @property
    def deal_results(self) -> tuple[ResultT, ...]:
        """The result of every finished deal, oldest first."""
        return tuple(self._results)

    @property
    def current_deal(self) -> LogT | None:
        """The log of the deal in progress (the last one once none is); None before the first."""
        return self._deals[-1] if self._deals else None

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals, per seat (per side where sides score)."""
        return tuple(self._v[self._score : self._score + self._score_count()])

    @property
    def tricks(self) -> Sequence[Any]:
        """The completed tricks of the current deal (the deal log's own list: read it, do not change it)."""
        return self._deals[-1].tricks if self._deals else ()

    @property
    def leader(self) -> int | None:
        """The seat that leads (led) the trick in progress; None outside the play."""
        v = self._v
        return v[self._leader] if v[PHASE] == self._play_phase else None

    def trick_cards(self) -> list[tuple[int, int]]:
        """The trick in progress as ``(seat, card index)`` in play order (empty outside the play)."""
        return self._trick_in_progress() if self._v[PHASE] == self._play_phase else []

    def _trick_in_progress(self) -> list[tuple[int, int]]:
        """The ``(seat, card index)`` pairs of the trick slots, whatever the phase."""
        v = self._v
        seats, cards = self._t_seat, self._t_card
        return [(v[seats + i], v[cards + i]) for i in range(v[self._trick_len])]

    def _optional(self, slot: int) -> int | None:
        """The value in ``slot``, or None where it is unset (negative): a bidder, a trump suit, a winner."""
        value = self._v[slot]
        return value if value >= 0 else None

    def _per_seat(self, slot: int) -> tuple[int, ...]:
        """The per-seat array that starts at ``slot``, one value a seat."""
        return tuple(self._v[slot : slot + self._n])

    def _next_in(self, seats: int, seat: int) -> int:
        """``seat`` if it is in the bitmask ``seats``, else the next seat clockwise that is; -1 if none is."""
        n = self._n
        for i in range(n):
            s = (seat + i) % n
            if seats >> s & 1:
                return s
        return -1

    def _snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, for equality checks in tests."""
        return (tuple(self._v), tuple(d.as_tuple() for d in self._deals), tuple(self._results))
