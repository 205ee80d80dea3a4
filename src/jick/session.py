"""One match with its seats: who is human or bot, the bots' turns, the action log, rebuilding.

A :class:`Session` wraps a game state (any game, through :mod:`jick.game`)
with what a table adds to it: which seats are people and which are bots (of
which level), every action taken in order with its seat (the *log*, one list
across all deals), and the ways to rebuild the same match later: from a
record, or from the record's *header* (rules, seed, first dealer) and the
list of action ids. A game is its record, so that is all a table needs to
keep.

``jick serve`` keeps one session per table; a terminal game can use one the
same way (a listener called after every action is where an autosave goes).

>>> session = Session.new("smear_ten_point", seats=["human", "random", "random", "random"], seed=1)
>>> session.to_act, session.is_bot(session.to_act)
(2, True)
>>> while session.is_bot(session.to_act):
...     _ = session.act(session.to_act, session.bot_action(session.to_act))
>>> session.to_act, session.ply
(0, 2)
>>> _ = session.act(0, "pass")
>>> again = Session.rebuild(session.header, session.seats, session.action_ids())
>>> again.state.observation(0) == session.state.observation(0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jick.bots import Bot, bot_action, make_bot
from jick.engine import TERMINAL, Action, IllegalAction, NotationError, RecordError
from jick.game import AnyState, Game, get_game
from jick.shuffles import Draw, awaits_chance, draw_for, supply

__all__ = ["HUMAN", "LoggedAction", "Session", "decision_seed", "record_header"]

#: The seat kind of a person; every other kind names a bot (``easy``, ``normal``, ``hard``, ``random``, ...).
HUMAN = "human"
#: Record fields that describe the match before any card is dealt (see :func:`record_header`).
HEADER_FIELDS = ("format", "version", "game", "preset", "overrides", "rules", "players", "first_dealer", "seed")


@dataclass(frozen=True)
class LoggedAction:
    """One action of the match: its number from 0 (the *ply*), the seat, the action id and notation."""

    ply: int
    seat: int
    action_id: int
    text: str


def decision_seed(seed: int, seat: int, ply: int) -> int:
    """The seed of a bot's decision at ``ply`` for ``seat``: the same match gives the same bot moves.

    >>> decision_seed(1, 0, 0) == decision_seed(1, 0, 0) != decision_seed(1, 0, 1)
    True
    """
    return (seed * 7919 + 104_729 * (seat + 1) + 1_299_709 * ply) % 2**32


def record_header(state: AnyState) -> dict[str, Any]:
    """What a record says before its deals: the rules, players, first dealer and seed (plain JSON).

    With the seed, the header and the list of action ids rebuild the match.
    """
    from jick.record import record_of

    record = record_of(state)
    return {key: record[key] for key in HEADER_FIELDS}


def _state_from_header(header: Mapping[str, Any]) -> AnyState:
    from jick.record import state_for

    return state_for({**header, "deals": []})


class Session:
    """A match of any game with its seats and its action log.

    ``seats`` has one kind per seat: :data:`HUMAN` or a bot name that
    :func:`jick.bots.make_bot` knows. Bots decide from their seat's
    observation; :meth:`bot_action` runs one now (callers that must not wait
    run it elsewhere, as the server does).
    """

    def __init__(
        self,
        state: AnyState,
        seats: Sequence[str],
        *,
        think: float | None = None,
        draws: Sequence[Draw] = (),
        fresh_draws: bool = False,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seat kinds for a {state.num_players}-player game")
        self.state = state
        self.game: Game = get_game(state.game_name)
        self.seats = list(seats)
        self.think = think
        #: Bots that decide every time for their seat (a test's, say), instead of a fresh bot of the seat's kind.
        self.fixed_bots = dict(bots or {})
        self.header = record_header(state)
        #: The seed of the bots' decisions (the match's seed when it has one).
        self.bot_seed = int(state.seed or 0)
        self.log: list[LoggedAction] = []
        for deal in state.deals:
            for seat, action_id in deal.actions:
                text = str(state.action_from_id(action_id))
                self.log.append(LoggedAction(len(self.log), seat, action_id, text))
        #: The orders drawn for the chance nodes so far (a match without a seed), and the ply each followed.
        self.draws: list[Draw] = []
        self._draw_plies: list[int] = []
        #: Known orders not yet needed (a rebuilt match), supplied in turn as the game waits for them.
        self._queued: list[Draw] = []
        #: Draw a fresh order from the system's generator whenever the game waits and none is queued.
        self.fresh_draws = fresh_draws
        #: Called after every action (an autosave, a broadcast...).
        self.listeners: list[Callable[[Session, LoggedAction], None]] = []
        self.know_draws(draws)

    # ------------------------------------------------------------------ building
    @classmethod
    def new(
        cls,
        preset: str,
        *,
        players: int | None = None,
        overrides: Mapping[str, Any] | None = None,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        think: float | None = None,
        fresh_draws: bool = False,
        first_dealer: int | None = None,
    ) -> Session:
        """A new match of any game by preset name or alias; every seat human unless ``seats`` says.

        ``first_dealer`` fixes who deals first (a rematch passes the deal on); by default it is drawn.

        With ``fresh_draws`` (a server table without a seed) no seed is used:
        the first dealer and every deck are drawn from the system's
        cryptographic generator (:mod:`jick.shuffles`), as the game needs them.

        >>> s = Session.new("tarok_3p", fresh_draws=True)
        >>> s.state.seed is None, len(s.draws), s.draws[0].kind, s.to_act >= 0
        (True, 1, 'deal', True)
        """
        import secrets

        from jick.registry import load_rules, resolve

        game_name, preset_name = resolve(preset)
        game = get_game(game_name)
        if fresh_draws:
            seats_count = load_rules(preset_name, players, overrides).num_players
            dealer = secrets.randbelow(seats_count) if first_dealer is None else first_dealer
            state = game.new_match(preset_name, players=players, overrides=overrides, decks=[], first_dealer=dealer)
        else:
            if seed is None:
                seed = secrets.randbelow(2**31)
            state = game.new_match(
                preset_name, players=players, overrides=overrides, seed=seed, first_dealer=first_dealer
            )
        return cls(state, seats or [HUMAN] * state.num_players, think=think, fresh_draws=fresh_draws)

    @classmethod
    def rebuild(
        cls,
        header: Mapping[str, Any],
        seats: Sequence[str],
        action_ids: Iterable[int],
        *,
        think: float | None = None,
        draws: Sequence[Draw] = (),
        fresh_draws: bool = False,
    ) -> Session:
        """The match of ``header`` (see :func:`record_header`) after the actions ``action_ids``, in order.

        A match without a seed takes its decks from ``draws`` (and, with
        ``fresh_draws``, draws new ones past them). Raises
        :class:`~jick.engine.RecordError` naming the first action that does not fit.
        """
        session = cls(_state_from_header(header), seats, think=think, draws=draws, fresh_draws=fresh_draws)
        for ply, action_id in enumerate(action_ids):
            seat = session.state.current_player
            if awaits_chance(session.state):
                raise RecordError(
                    f"action {ply + 1} (id {action_id}): the game waits for a deck that was not given "
                    "(a match without a seed needs the decks drawn for it)"
                )
            try:
                session.act(seat, int(action_id))
            except (IllegalAction, NotationError) as exc:
                raise RecordError(f"action {ply + 1} (id {action_id} by seat {seat}): {exc}") from None
        return session

    @classmethod
    def from_record(cls, record: Mapping[str, Any], seats: Sequence[str], *, think: float | None = None) -> Session:
        """The match of a record (checked by :func:`jick.record.replay`), to play on from where it stopped."""
        from jick.record import replay

        return cls(replay(record).state, seats, think=think)

    # ------------------------------------------------------------------ where it stands
    @property
    def ply(self) -> int:
        """How many actions have been taken."""
        return len(self.log)

    @property
    def to_act(self) -> int:
        """The seat to act, or a negative number when nobody is (over, or waiting for chance)."""
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    def is_bot(self, seat: int) -> bool:
        """True for a seat that a bot plays (False for people and for a seat number that is no seat)."""
        return 0 <= seat < len(self.seats) and self.seats[seat] != HUMAN

    def action_ids(self) -> list[int]:
        return [entry.action_id for entry in self.log]

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The standard record of the match (:func:`jick.record.record_of`), finished or not.

        Orders drawn by :mod:`jick.shuffles` add each deal's ``commitments``
        with their salts: the whole truth, for a match that is over or a deal
        that is (the server cuts the deal in progress before anyone sees it).
        """
        from jick.record import record_of

        record = record_of(self.state, meta)
        if self.draws:
            record["deals"] = [
                {**deal, "commitments": [{"sha256": d.commitment, "salt": d.salt} for d in draws]}
                for deal, draws in zip(record["deals"], self.draws_by_deal(), strict=True)
            ]
        return record

    def draws_by_deal(self) -> list[list[Draw]]:
        """The drawn orders grouped by deal, one list per deal so far (the deck first, then the reshuffles)."""
        groups: list[list[Draw]] = [[] for _ in self.state.deals]
        for draw in self.draws:
            groups[draw.deal].append(draw)
        return groups

    # ------------------------------------------------------------------ acting
    def parse(self, action: Action | str | int) -> Action:
        """The action meant by an action, its notation or its id, in the current situation.

        :class:`~jick.engine.NotationError` for text or an id that names no action.
        """
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return self.state.parse_action(action)
        if isinstance(action, bool) or not 0 <= action < self.state.num_distinct_actions:
            raise NotationError(f"{action!r} is not an action id (0..{self.state.num_distinct_actions - 1})")
        return self.state.action_from_id(action)

    def act(self, seat: int, action: Action | str | int) -> LoggedAction:
        """Take ``action`` for ``seat``; :class:`~jick.engine.IllegalAction` (nothing changes) if it may not.

        >>> s = Session.new("tarok_3p", seed=1)
        >>> s.act((s.to_act + 1) % 3, "pass")
        Traceback (most recent call last):
        ...
        jick.engine.IllegalAction: it is seat 1's turn, not seat 2's
        """
        state = self.state
        if state.is_terminal:
            raise IllegalAction("the match is over")
        if seat != state.current_player:
            whose = f"seat {state.current_player}'s turn" if state.current_player >= 0 else "nobody's turn"
            raise IllegalAction(f"it is {whose}, not seat {seat}'s")
        chosen = self.parse(action)
        state.apply(chosen)
        entry = LoggedAction(len(self.log), seat, chosen.id, str(chosen))
        self.log.append(entry)
        self._settle()
        for listener in self.listeners:
            listener(self, entry)
        return entry

    def undo(self) -> LoggedAction:
        """Take the last action back, and the orders drawn after it (a store that failed to keep it, say)."""
        while self.draws and self._draw_plies[-1] == self.ply:
            self.state.undo()
            self._draw_plies.pop()
            self._queued.insert(0, self.draws.pop())
        self.state.undo()
        return self.log.pop()

    # ------------------------------------------------------------------ chance
    def know_draws(self, draws: Sequence[Draw]) -> None:
        """The orders drawn for this match (all of them, in order): those not yet used wait their turn.

        Raises :class:`~jick.engine.RecordError` if they disagree with the orders already used.
        """
        used = len(self.draws)
        if [d.order for d in draws[:used]] != [d.order for d in self.draws[: len(draws)]]:
            raise RecordError("the drawn decks disagree with the ones this match already used")
        self._queued = list(draws[used:])
        self._settle()

    def _settle(self) -> None:
        """Supply what the game waits for at a chance node: the next queued order, else a fresh draw if allowed."""
        state = self.state
        while awaits_chance(state):
            if self._queued:
                draw = self._queued.pop(0)
                supply(state, draw)
            elif self.fresh_draws:
                draw = draw_for(state)
            else:
                return
            self.draws.append(draw)
            self._draw_plies.append(self.ply)

    # ------------------------------------------------------------------ bots
    def bot(self, seat: int, kind: str | None = None) -> Bot:
        """The bot for ``seat``'s next decision: its own kind, or ``kind`` (a stand-in for an absent person)."""
        if kind is None and seat in self.fixed_bots:
            return self.fixed_bots[seat]
        name = kind or self.seats[seat]
        seed = decision_seed(self.bot_seed, seat, self.ply)
        return make_bot(name, seed, game=self.state.game_name, think=self.think)

    def bot_action(self, seat: int, kind: str | None = None) -> Action:
        """What the bot of ``seat`` (or a ``kind`` of bot standing in) plays now."""
        if seat != self.to_act or seat == TERMINAL:
            raise IllegalAction(f"seat {seat} is not to act")
        return bot_action(self.bot(seat, kind), self.state, seat)
