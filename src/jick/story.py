"""The table's story: what happened at a match, in words, as each seat may know it.

A story is a list of lines: who deals, the bids and trump in words, each trick
on one line (``Trick 3: Ann 10♥, Bob J♥, Cy 2♥, Dee A♥ — Dee wins``), and at
the end of each deal who won which point. Every game tells its own story
(``jick/games/<game>/story.py``, a :class:`Teller`) from the actions and the
public facts of its state; this module follows a match action by action, keeps
the lines and puts names in them.

A line may have a secret: the words only one seat may read (the cards it
discarded face down). Everybody else reads the line's public words
(``Ann discards 3 cards``), so a seat's story holds nothing its observation
does not show it; a spectator reads the public words only.

Lines are templates: ``{2}`` is seat 2's name and ``{2:wins|win}`` is seat 2
with its verb (``Cy wins``, or ``You win`` when seat 2 reads it).
:func:`render` fills them in.

>>> from jick.record import record_of
>>> from jick.registry import new_game
>>> state = new_game("smear_ten_point", seed=1)
>>> for text in ("pass", "pass", "pass", "2"):
...     state.apply(state.parse_action(text))
>>> lines = story_of_record(record_of(state))
>>> [render(line, ["Ann", "Bob", "Cy", "Dee"], viewer=None) for line in lines]
['Hand 1: Bob deals', 'Cy passes', 'Dee passes', 'Ann passes', 'Bob bids 2']
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from jick.engine import Action
from jick.game import PACKAGES, AnyState

__all__ = [
    "Line",
    "Story",
    "Storyteller",
    "Teller",
    "card_words",
    "render",
    "seat_names",
    "story_of_record",
    "teller_for",
]

#: The suits' symbols, by the letter of the card notation.
SUIT_SYMBOLS: Mapping[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: The suits' names, by their letter.
SUIT_WORDS: Mapping[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: Smear's and Lift Smoke's jokers in words (as the page names them).
JOKER_WORDS: Mapping[str, str] = {"HJ": "high joker", "LJ": "low joker", "JK": "joker"}
_RANKS = frozenset(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "C"])
_SEAT = re.compile(r"\{(\d+)(?::([^|}]*)\|([^}]*))?\}")


def card_words(card: object) -> str:
    """A card as people write it: ``10H`` -> ``10♥``, ``HJ`` -> ``high joker``; a tarok stays as it is.

    >>> card_words("10H"), card_words("JC"), card_words("HJ"), card_words("XXI"), card_words("SKUS")
    ('10♥', 'J♣', 'high joker', 'XXI', 'SKUS')
    """
    text = str(card)
    if text in JOKER_WORDS:
        return JOKER_WORDS[text]
    if len(text) >= 2 and text[-1] in SUIT_SYMBOLS and text[:-1] in _RANKS:
        return text[:-1] + SUIT_SYMBOLS[text[-1]]
    return text


def suit_words(letter: str) -> str:
    """``H`` -> ``hearts ♥``."""
    return f"{SUIT_WORDS[letter]} {SUIT_SYMBOLS[letter]}"


@dataclass(frozen=True)
class Line:
    """One line of the story: its public words and, for one seat only, its secret words."""

    text: str
    owner: int | None = None
    secret: str | None = None

    def for_viewer(self, viewer: int | None) -> str:
        """The template ``viewer`` may read (a seat, or None: a spectator)."""
        if self.secret is not None and viewer is not None and viewer == self.owner:
            return self.secret
        return self.text


def render(line: Line, names: Sequence[str], viewer: int | None) -> str:
    """The words of ``line`` for ``viewer``, with the seats' names (the viewer is "You").

    >>> render(Line("{1:discards|discard} 3 cards", 1, "{1:discards|discard} 4♠"), ["Ann", "Bob"], 0)
    'Bob discards 3 cards'
    >>> render(Line("{1:discards|discard} 3 cards", 1, "{1:discards|discard} 4♠"), ["Ann", "Bob"], 1)
    'You discard 4♠'
    >>> render(Line("Trick 1: {0} 4♠, {1} K♠ — {1:wins|win}"), ["Ann", "Bob"], 1)
    'Trick 1: Ann 4♠, you K♠ — you win'
    """
    template = line.for_viewer(viewer)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        verb = match.group(2), match.group(3)
        if seat == viewer:
            who = "You" if match.start() == 0 else "you"
            return who if verb[1] is None else f"{who} {verb[1]}"
        who = names[seat] if seat < len(names) else f"seat {seat}"
        return who if verb[0] is None else f"{who} {verb[0]}"

    return _SEAT.sub(name, template)


def seat_names(meta: Mapping[str, Any] | None, players: int) -> list[str]:
    """The seats' names from a record's ``meta.seats`` (``jick serve`` writes them), else ``Seat N``.

    >>> seat_names({"seats": [{"seat": 0, "kind": "human", "name": "Ann"}, {"seat": 1, "kind": "easy"}]}, 2)
    ['Ann', 'Easy bot 1']
    >>> seat_names(None, 2)
    ['Seat 0', 'Seat 1']
    """
    names = [f"Seat {s}" for s in range(players)]
    seats = (meta or {}).get("seats")
    if isinstance(seats, list):
        for entry in seats:
            if not isinstance(entry, Mapping) or not isinstance(entry.get("seat"), int):
                continue
            seat = entry["seat"]
            if 0 <= seat < players:
                names[seat] = seat_label(seat, entry.get("kind"), entry.get("name"))
    return names


#: How the page and the story name a bot seat without a name: ``Easy bot 2`` (as the page's ``botLabel``).
BOT_LABELS: Mapping[str, str] = {
    "easy": "Easy bot",
    "normal": "Bot",
    "hard": "Hard bot",
    "random": "Random bot",
    "heuristic": "Easy bot",
    "greedy": "Easy bot",
}


def seat_label(seat: int, kind: object, name: object) -> str:
    """How the story names a seat: the person's name, ``Easy bot 2`` for a bot, else ``Seat N`` (as the page does).

    >>> seat_label(2, "easy", None), seat_label(1, "human", None), seat_label(0, "human", "Ann")
    ('Easy bot 2', 'Seat 1', 'Ann')
    """
    if isinstance(name, str) and name:
        return name
    if isinstance(kind, str) and kind != "human":
        return f"{BOT_LABELS.get(kind, f'Bot ({kind})')} {seat}"
    return f"Seat {seat}"


@dataclass
class Story:
    """The lines told so far, and which of them changed since :meth:`mark`."""

    lines: list[Line] = field(default_factory=list)
    #: What the last line still gathers (``("trick", deal, n)``, ``("discard", seat)``), or None: it is done.
    open: tuple[Any, ...] | None = None
    #: The first line changed (or added) since the last :meth:`mark`.
    changed: int = 0
    #: Finished tricks the rules will turn face down (``trick_history_visible``): their line's index and the line
    #: that replaces it then. Empty unless the story is told live (:class:`Storyteller` ``face_down``).
    face_down: dict[tuple[Any, ...], tuple[int, Line]] = field(default_factory=dict)
    #: ``all``, ``last`` or ``none``: the finished tricks the seats may look at again (set by :class:`Storyteller`).
    past_tricks: str = "all"

    def add(self, line: Line, open: tuple[Any, ...] | None = None) -> None:
        """A new line (``open``: it may grow)."""
        self.lines.append(line)
        self.open = open

    def amend(self, line: Line, open: tuple[Any, ...] | None, key: tuple[Any, ...]) -> None:
        """Rewrite the last line if it is still gathering ``key``, else add ``line``."""
        if self.open == key and self.lines:
            self.lines[-1] = line
            self.changed = min(self.changed, len(self.lines) - 1)
            self.open = open
        else:
            self.add(line, open)

    def close(self) -> None:
        self.open = None

    def may_turn(self, key: tuple[Any, ...], hidden: Line) -> None:
        """The last line (a finished trick, ``key``) becomes ``hidden`` when the rules turn the trick face down."""
        if self.past_tricks != "all" and self.lines:
            self.face_down[key] = (len(self.lines) - 1, hidden)

    def turn(self, key: tuple[Any, ...] | None = None) -> None:
        """Turn the trick ``key`` face down (None: every trick not turned yet): its line keeps only its winner."""
        keys = [key] if key is not None else list(self.face_down)
        for k in keys:
            found = self.face_down.pop(k, None)
            if found is not None:
                index, hidden = found
                self.lines[index] = hidden
                self.changed = min(self.changed, index)

    def mark(self) -> None:
        """From now on, :attr:`changed` counts from the end."""
        self.changed = len(self.lines)


class Teller(Protocol):
    """One game's story: what a deal's start, an action and a deal's end say."""

    def deal_begins(self, story: Story, state: Any, deal: int) -> None:
        """Deal ``deal`` (0-based) is dealt."""

    def action(self, story: Story, state: Any, seat: int, action: Action, deal: int) -> None:
        """``seat`` took ``action`` in deal ``deal``; ``state`` is the state after it."""

    def deal_ends(self, story: Story, state: Any, deal: int) -> None:
        """Deal ``deal`` is over (``state.deals[deal].outcome`` is set)."""

    def match_ends(self, story: Story, state: Any) -> None:
        """The match is over."""


def teller_for(game: str) -> Teller:
    """The teller of game ``game`` (its package's ``story.teller``)."""
    module = importlib.import_module(PACKAGES[game] + ".story")
    teller: Teller = module.teller
    return teller


class Storyteller:
    """Follows one match: call :meth:`after` after each action (or :meth:`follow` to apply and tell it)."""

    def __init__(self, state: AnyState, face_down: bool = False) -> None:
        """Tell the match of ``state``; ``face_down``: as the table sees it live, where the rules may turn finished
        tricks face down (Smear's ``trick_history_visible``: ``last`` keeps the last one, ``none`` none once the
        next trick is led), so that a trick's line then keeps only who won it."""
        self.teller = teller_for(state.game_name)
        self.story = Story()
        if face_down:
            rules = getattr(state, "rules", None)
            self.story.past_tricks = str(getattr(rules, "trick_history_visible", "all"))
        #: Deals told so far (begun), and whether the last one's end was told.
        self.deals = 0
        self.ended = 0
        self.over = False
        self.catch_up(state)

    def catch_up(self, state: AnyState) -> None:
        """Tell deals that ended or began, and the match's end, up to ``state``."""
        deals = state.deals
        while self.ended < len(deals) and (deals[self.ended].outcome or state.is_terminal):
            if self.ended >= self.deals:
                self.teller.deal_begins(self.story, state, self.ended)
                self.deals += 1
            if deals[self.ended].outcome:
                self.story.close()
                self.teller.deal_ends(self.story, state, self.ended)
            self.ended += 1
        while self.deals < len(deals):
            self.story.close()
            self.story.turn()  # a new deal: the last one's tricks are gathered
            self.teller.deal_begins(self.story, state, self.deals)
            self.deals += 1
        if state.is_terminal and not self.over:
            self.over = True
            self.story.close()
            self.teller.match_ends(self.story, state)

    def after(self, state: AnyState, seat: int, action: Action) -> None:
        """``seat`` took ``action`` (``state`` is after it: a next deal may already be dealt)."""
        deal = len(state.deals) - 1
        while deal > 0 and not state.deals[deal].actions:
            deal -= 1
        self.teller.action(self.story, state, seat, action, deal)
        self.catch_up(state)

    def follow(self, state: AnyState, seat: int, action: Action) -> None:
        """Apply ``action`` to ``state`` and tell it."""
        state.apply(action)
        self.after(state, seat, action)


def story_of_record(record: Mapping[str, Any]) -> list[Line]:
    """The story of a record (checked as :func:`jick.record.replay` checks it)."""
    from jick.record import replay, state_for

    replay(record, check_result=False)  # a bad record is refused with its reason before anything is told
    state = state_for(record)
    teller = Storyteller(state)
    for deal in record.get("deals", []):
        for entry in deal.get("actions", []):
            seat, text = _seat_and_text(entry)
            teller.follow(state, seat, state.parse_action(text))
        void = deal.get("void")
        if isinstance(void, str) and state.deals and not state.deals[-1].outcome:
            from jick.record_hooks import hooks_for

            hooks_for(state.game_name).void_deal(state, void)
            teller.catch_up(state)
    return teller.story.lines


def _seat_and_text(entry: Any) -> tuple[int, str]:
    if isinstance(entry, Mapping):
        return int(entry["seat"]), str(entry["action"])
    seat, text = entry
    return int(seat), str(text)


# ---------------------------------------------------------------------------- helpers the games' tellers share
def who(seat: int, verb: str | None = None, you: str | None = None) -> str:
    """The template of ``seat`` (with its verb: ``who(2, "wins", "win")`` -> ``{2:wins|win}``)."""
    return f"{{{seat}}}" if verb is None else f"{{{seat}:{verb}|{you or verb}}}"


def together(seats: Sequence[int]) -> str:
    """Several seats as one: ``{0} & {2}``."""
    return " & ".join(who(s) for s in seats) if seats else "nobody"


def count_words(n: int, thing: str = "card") -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def tell_trick(story: Story, state: Any, deal: int, plays: Sequence[tuple[int, object]], tail: str = "") -> None:
    """The trick line after a play: the trick so far, or the finished trick with its winner.

    ``plays`` are every card played in the deal so far, in order; the deal's log of
    finished tricks (``state.deals[deal].tricks``, public) says where the trick in play begins.
    """
    log = state.deals[deal]
    done = sum(len(t.plays) for t in log.tricks)
    if len(plays) <= done and log.tricks:
        trick = log.tricks[-1]
        n = len(log.tricks)
        cards = ", ".join(f"{who(s)} {card_words(c)}" for s, c in trick.plays)
        line = Line(f"Trick {n}: {cards} — {who(trick.winner, 'wins', 'win')}{tail}")
        story.amend(line, None, ("trick", deal, n))
        story.may_turn(("trick", deal, n), Line(f"Trick {n}: face down — {who(trick.winner, 'won', 'won')}{tail}"))
        if story.past_tricks == "last":
            story.turn(("trick", deal, n - 1))
        return
    n = len(log.tricks) + 1
    if story.past_tricks == "none" and len(plays) == done + 1:
        story.turn(("trick", deal, n - 1))  # the trick just won stays on the table until this lead
    cards = ", ".join(f"{who(s)} {card_words(c)}" for s, c in plays[done:])
    story.amend(Line(f"Trick {n}: {cards}"), ("trick", deal, n), ("trick", deal, n))


def tell_discards(
    story: Story,
    deal: int,
    seat: int,
    cards: Sequence[object],
    verb: str = "discards",
    you: str = "discard",
    tail: str = "",
) -> None:
    """A seat's face-down discards on one line: the count for everybody (with ``tail``, what the rules show of
    them), the cards for that seat only."""
    key = ("discard", deal, seat)
    public = f"{who(seat, verb, you)} {count_words(len(cards))}{tail}"
    secret = f"{who(seat, verb, you)} " + ", ".join(card_words(c) for c in cards)
    story.amend(Line(public, seat, secret), key, key)


def trailing(actions: Sequence[tuple[int, int]], seat: int, keep: Any) -> list[int]:
    """The ids of the last actions of ``seat`` for which ``keep(id)`` holds, in order (the run now growing)."""
    run: list[int] = []
    for s, aid in reversed(actions):
        if s != seat or not keep(aid):
            break
        run.append(aid)
    return run[::-1]
