"""What ``jick play`` asks of each game: a terminal view of its observations.

The game loop in :mod:`jick.play` knows nothing of any game. Every game
registration names a view class (:attr:`jick.game.Game.view`), a subclass of
:class:`TerminalView` parametrised with the game's state and observation
types (``TerminalView[SmearState, SmearObservation]``), that turns
observations into text, announces actions and results, and reads a line of
input into actions. The loop gives each view a :class:`Table`: the state, the
console and the words for seats ("you" or "seat 2").

A view also speaks for the rules to the person at the keyboard: a line that
names no move gets :meth:`TerminalView.moves_text` (what may be typed in this
phase under these rules), and the engine's reason for an illegal move, written
for records, bots and the server, is said again in the second person by
:meth:`TerminalView.refusal` ("5D is not in your hand").

A view only reads ``state.observation(seat)`` for what a seat may see; it
reads the state itself only for public facts (the logs of finished deals)
and to parse input in context.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

from rich.console import Console
from rich.markup import escape

from jick.engine import Action, NotationError
from jick.game import AnyState, CardLike, ObsT, StateT

StateT_co = TypeVar("StateT_co", bound=AnyState, covariant=True)

#: The line under ``Legal now`` that ``help`` and every refusal show: the words that are not moves.
OTHER_COMMANDS = "Other commands: hand, tricks, hint (the hard bot's advice), help, quit"
#: What ``tricks`` says before the first trick of a deal is complete.
NO_TRICK_YET = "No trick played yet in this deal."


class Table(Protocol[StateT_co]):
    """The loop's side of a view: the state, who is who, and where text goes."""

    @property
    def state(self) -> StateT_co: ...

    console: Console
    #: The seat the narration speaks to ("you"), if exactly one human plays.
    viewer: int | None
    #: Seat whose observation supplies public facts (scores, counts) to the narration.
    public_seat: int

    def say(self, text: str) -> None: ...

    def who(self, seat: int) -> str: ...

    def verb(self, seat: int, third: str, second: str) -> str: ...


class TerminalView(Generic[StateT, ObsT]):
    """A plain view that works for any game; games override what they show better.

    The default shows the hand in the state's own order, names each action by
    its string form and reads one action per line. ``StateT`` and ``ObsT`` are
    the game's state and observation types.
    """

    def __init__(self, table: Table[StateT]) -> None:
        self.table = table
        self.state: StateT = table.state
        self.rules: Any = table.state.rules
        self.deals_seen = 0

    # ------------------------------------------------------------ settings
    @staticmethod
    def unattended_overrides(rules: Any) -> Mapping[str, Any]:
        """Options to add when no human plays, so the match ends by itself (none by default)."""
        return {}

    # ------------------------------------------------------------ words
    def say(self, text: str) -> None:
        self.table.say(text)

    def who(self, seat: int) -> str:
        return self.table.who(seat)

    def verb(self, seat: int, third: str, second: str) -> str:
        return self.table.verb(seat, third, second)

    def card_text(self, card: CardLike) -> str:
        """A card with rich markup (the default: its name)."""
        return escape(str(card))

    def cards_text(self, cards: Sequence[CardLike]) -> str:
        return " ".join(self.card_text(c) for c in cards) or "nothing"

    def action_text(self, action: Action) -> str:
        card = getattr(action, "card", None)
        if card is not None and str(action) == str(card):
            return self.card_text(card)
        return escape(str(action))

    def scores_text(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.who(s)} {v}" for s, v in enumerate(scores))

    def moves_text(self, obs: ObsT) -> str:
        """What may be typed now, in plain words (no markup), for a line that names no move.

        The default lists the legal actions; games say it in the words of the
        phase and the rules (``a bid from 6 to 10, or pass``).
        """
        legal = [str(a) for a in obs.legal_actions]
        shown = " ".join(legal[:30]) + (" ..." if len(legal) > 30 else "")
        return f"one of: {shown}"

    def refusal(self, obs: ObsT, action: Action, reason: str) -> str:
        """Why ``action`` is refused, said to the player in ``obs`` (the second person).

        ``reason`` is the engine's :attr:`IllegalAction.reason`, written for
        records, bots and the server ("5D is not in the hand of seat 0"); the
        default keeps it, games phrase their rules for the person ("5D is
        not in your hand", "you must follow hearts or play a trump").
        """
        return reason

    def parse(self, obs: ObsT, text: str) -> Action:
        """The action one typed word stands for; a word that names none is refused with :meth:`moves_text`."""
        try:
            return self.state.parse_action(text)
        except NotationError:
            raise NotationError(f"{text!r}; type {self.moves_text(obs)}") from None

    # ------------------------------------------------------------ narration
    def intro(self) -> None:
        """Lines about the rules after the seating (none by default)."""

    def before_turn(self) -> None:
        """News before the next move: by default a rule line when a new deal starts."""
        deals = self.state.deals
        if len(deals) != self.deals_seen:
            self.deals_seen = len(deals)
            self.table.console.rule(f"Deal {len(deals)}: seat {deals[-1].dealer} deals", style="dim")

    def announce(self, seat: int, action: Action, before: ObsT) -> None:
        """One line for an action; ``before`` is the public observation before it."""
        self.say(f"{self.verb(seat, 'plays', 'play')} {self.action_text(action)}")

    def after_actions(self) -> None:
        """News after a seat's actions (finished tricks, deals, scores): none by default."""

    def finish(self) -> None:
        """The end of the match: the winner and the final scores."""
        state = self.state
        self.table.console.rule("Match over")
        self.say(f"Final scores: {self.scores_text(state.scores)}")
        winners = [seat for seat, value in enumerate(state.returns()) if value > 0]
        if len(winners) == 1:
            self.say(f"[bold]{self.verb(winners[0], 'wins', 'win')}[/]")
        elif winners:
            self.say(f"[bold]{', '.join(self.who(s) for s in winners)} share the win[/]")

    # ------------------------------------------------------------ the human
    def show_table(self, obs: ObsT, again: bool = False) -> None:
        """What ``obs.seat`` may see before a prompt; ``again``: the same turn goes on."""
        self.say("")
        self.say(f"[bold]Seat {obs.seat}[/] · scores {self.scores_text(obs.scores)}")
        self.say("Your hand: " + self.cards_text(obs.hand))

    def choices_text(self, obs: ObsT) -> str:
        return " ".join(self.action_text(a) for a in obs.legal_actions)

    def show_choices(self, obs: ObsT) -> None:
        self.say("Legal now: " + self.choices_text(obs))
        self.say(OTHER_COMMANDS)

    def show_tricks(self, obs: ObsT) -> None:
        tricks = getattr(obs, "tricks", ())
        if not tricks:
            self.say(NO_TRICK_YET)
        for trick in tricks:
            cards = ", ".join(f"{self.who(s)} {self.card_text(c)}" for s, c in trick.plays)
            self.say(f"  {cards} -> {self.who(trick.winner)}")

    def prompt(self, obs: ObsT) -> str:
        return "Your move: "

    def read_actions(self, obs: ObsT, text: str) -> list[Action]:
        """The actions a line of input stands for (``[]``: ask again without a word)."""
        text = text.strip()
        if not text:
            return []
        return [self.parse(obs, text)]

    # ------------------------------------------------------------ hints
    def turn_goes_on(self, obs: ObsT, action: Action) -> bool:
        """Whether ``obs.seat`` still has to act in the same turn after ``action`` (a card of a discard).

        A turn of several actions is typed on one line, so ``hint`` shows all of
        them (:meth:`hint_turn`). Every turn is one action by default.
        """
        return False

    def hint_turn(self, obs: ObsT, first: Action, choose: Callable[[ObsT], Action]) -> list[Action]:
        """The whole turn a bot would make from ``obs``, starting with its choice ``first``.

        While :meth:`turn_goes_on`, the action is made on a clone of the state
        and ``choose`` (the bot) is asked again from the seat's next
        observation, so a discard of several cards is shown whole. The bot sees
        only observations; the table's state is not changed.
        """
        turn = [first]
        if not self.turn_goes_on(obs, first):
            return turn
        state = self.state.clone()
        action = first
        while self.turn_goes_on(obs, action):
            state.apply(action)
            if state.is_terminal or state.current_player != obs.seat or state.phase != obs.phase:
                break
            action = choose(cast(ObsT, state.observation(obs.seat)))
            turn.append(action)
        return turn

    def hint_text(self, actions: Sequence[Action]) -> str:
        """Actions as rich markup for ``hint``: as typed, cards in their colours (``9C 8D``).

        The default is :meth:`action_text`, with :meth:`card_text` for an
        action shown as its card.
        """
        words = []
        for action in actions:
            text = self.action_text(action)
            card = getattr(action, "card", None)
            words.append(self.card_text(card) if card is not None and text == escape(str(card)) else text)
        return " ".join(words)


def or_list(words: Sequence[str], last: str = "or") -> str:
    """``S, H, D or C``; one word alone; ``last`` joins the last two.

    >>> or_list(["S", "H", "D", "C"]), or_list(["pass"]), or_list(["6", "7"], "and")
    ('S, H, D or C', 'pass', '6 and 7')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} {words[-1]}"


def count_of(n: int, word: str = "card") -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
