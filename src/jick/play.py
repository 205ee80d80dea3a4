"""``jick play``: a match of any game in the terminal, against bots or with no human at all.

The output is plain scrolling text (rich markup, no full-screen mode), so the
game works the same when stdin is a pipe::

    printf 'pass\\nquit\\n' | jick play --seed 3

This module is the game-agnostic loop: seats, bots, prompting, refusing an
illegal or unreadable line with the reason and the legal choices, help,
quitting and saving the record. Everything a game shows or reads goes through
its terminal view, the class its registration names (:attr:`jick.game.Game.view`,
see :mod:`jick.terminal`). What a human sees is built only from
``state.observation(seat)``; bots get an observation too.

A bot decides on a worker thread while the loop waits; on a terminal, a bot
that has not answered after :data:`THINKING_DELAY` seconds shows that it is
thinking until it answers.
"""

from __future__ import annotations

import secrets
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any, TypeVar

from rich.console import Console
from rich.markup import escape

from jick.bots import BOT_KINDS, LEVELS, Bot, ExplainingBot, canonical_bot_name, check_think, make_bot
from jick.engine import Action, IllegalAction, JickError, NotationError, RulesError
from jick.game import AnyState, Observation, get_game
from jick.record import save_record
from jick.terminal import TerminalView

T = TypeVar("T")

#: Seat names accepted by ``--seats`` besides the bot kinds and levels of :mod:`jick.bots`.
SEAT_WORDS = ("human", "bot")
#: The bot level people get when they do not choose one.
DEFAULT_LEVEL = "normal"
QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
TABLE_WORDS = ("hand", "table", "look")
HINT_WORDS = ("hint",)
#: The bot whose advice ``hint`` shows.
HINT_LEVEL = "hard"
#: Seconds a bot may take before the terminal shows that it is thinking.
THINKING_DELAY = 0.5


def seat_kind(name: str, level: str) -> str:
    """The player a ``--seats`` name stands for: ``human`` or a bot kind or level (``bot`` is ``level``).

    >>> seat_kind("bot", "hard"), seat_kind("greedy", "normal"), seat_kind("Human", "easy")
    ('hard', 'heuristic', 'human')
    """
    key = name.strip().lower()
    if key == "human":
        return "human"
    if key == "bot":
        key = level
    try:
        kind = canonical_bot_name(key)
    except RulesError:
        choices = ", ".join((*SEAT_WORDS, *BOT_KINDS[:-1], *LEVELS))
        raise RulesError(f"--seats: unknown player {name!r}; use {choices}") from None
    if kind == "cheater":
        raise RulesError("--seats: the cheater bot sees every card; it plays only in `jick arena`")
    return kind


def parse_seats(text: str | None, players: int, seat: int, level: str = DEFAULT_LEVEL) -> list[str]:
    """Who sits where: ``human`` or a bot (kind or level) per seat; ``level`` is the bots' level by default.

    >>> parse_seats(None, 4, 1)
    ['normal', 'human', 'normal', 'normal']
    >>> parse_seats("bot, random,human", 3, 0, level="easy")
    ['easy', 'random', 'human']
    """
    level = level.strip().lower()
    if level not in LEVELS:
        raise RulesError(f"--bot {level!r}: choose {', '.join(LEVELS)}")
    if text is None:
        if not 0 <= seat < players:
            raise RulesError(f"--seat {seat} is not a seat of a {players}-player game (0..{players - 1})")
        return ["human" if s == seat else level for s in range(players)]
    names = [seat_kind(name, level) for name in text.split(",")]
    if len(names) != players:
        raise RulesError(f"--seats names {len(names)} seats but the game has {players} players")
    return names


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``, derived from the game seed."""
    return (seed * 7919 + 104_729 * (seat + 1)) % 2**32


def default_record_path(preset: str, seed: int) -> Path:
    return Path("games") / f"jick-{preset}-{seed}.json"


def view_class(game: str) -> type[TerminalView[AnyState, Observation]]:
    """The terminal view of a game, as its registration names it (:meth:`jick.game.Game.view_class`).

    >>> view_class("tarok").__name__
    'TarokView'
    """
    return get_game(game).view_class()


def play_command(
    preset: str,
    players: int | None,
    overrides: dict[str, Any],
    *,
    seat: int,
    seed: int | None,
    seats: str | None,
    record_path: Path | None,
    bot: str = DEFAULT_LEVEL,
    think: float | None = None,
    input_fn: Callable[[str], str] = input,
    out: IO[str] | None = None,
) -> int:
    """Run ``jick play`` and return the exit code (0 when the match ends or the player quits).

    When no human plays, the game's view may add options so that the match
    ends by itself (:meth:`TerminalView.unattended_overrides`); options given
    by the user win. ``think`` is the search bots' seconds per decision
    (``--think``; also the ``hint`` bot's). User errors (unknown preset, bad
    option, bad ``--seats``, a thinking time that is not a positive number)
    raise :class:`JickError`.
    """
    from jick.registry import load_rules, resolve

    think = check_think(think, "--think")
    game_name, preset = resolve(preset)
    rules = load_rules(preset, players, overrides)
    kinds = parse_seats(seats, rules.num_players, seat, bot)
    view = view_class(game_name)
    if "human" not in kinds:
        extra = {k: v for k, v in view.unattended_overrides(rules).items() if k not in overrides}
        overrides = {**overrides, **extra}
    shown_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    state = get_game(game_name).new_match(preset, players=players, overrides=overrides, seed=seed)
    console = Console(file=out, highlight=False, soft_wrap=True, emoji=False)
    # The first use of the search bots on a machine compiles the Smear solver (some seconds; cached after).
    with console.status("Getting the bots ready..."):
        bots: dict[int, Bot] = {
            s: make_bot(kind, bot_seed(seed, s), game=game_name, think=think)
            for s, kind in enumerate(kinds)
            if kind != "human"
        }
    game = TerminalGame(
        state,
        kinds,
        bots,
        console,
        input_fn,
        record_path or default_record_path(preset, seed),
        echo_input=input_fn is input and not _stdin_is_tty(),
        think=think,
    )
    return game.run(announce_seed=shown_seed)


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


# ---------------------------------------------------------------------- the game loop
class _Quit(Exception):
    """The human typed quit."""


def in_thread(function: Callable[[], T]) -> Future[T]:
    """Start ``function()`` on a daemon thread; its result (or error) arrives in the future.

    A daemon thread, so that quitting never waits for a bot still searching.

    >>> in_thread(lambda: 6 * 7).result(timeout=5)
    42
    """
    future: Future[T] = Future()

    def run() -> None:
        try:
            future.set_result(function())
        except BaseException as exc:  # handed to the waiting loop, which raises it
            future.set_exception(exc)

    threading.Thread(target=run, name="jick-bot", daemon=True).start()
    return future


class TerminalGame:
    """One match at the terminal: bots move on their own, humans are prompted."""

    def __init__(
        self,
        state: AnyState,
        kinds: list[str],
        bots: dict[int, Bot],
        console: Console,
        input_fn: Callable[[str], str],
        record_path: Path,
        *,
        echo_input: bool = False,
        think: float | None = None,
    ) -> None:
        self.state = state
        self.kinds = kinds
        self.bots = bots
        self.console = console
        self.input_fn = input_fn
        self.record_path = record_path
        self.echo_input = echo_input
        #: The search bots' seconds per decision (None: their level's).
        self.think = think
        #: The bot that answers ``hint`` (made on first use).
        self._hinter: Bot | None = None
        humans = [s for s, kind in enumerate(kinds) if kind == "human"]
        #: The seat the narration speaks to ("you"), if exactly one human plays.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        #: Seat whose observation supplies public facts (scores, counts) to the narration.
        self.public_seat = humans[0] if humans else 0
        #: (deal count, phase, seat) of the last human prompt, to keep repeated prompts short.
        self.last_turn: tuple[int, str, int] | None = None
        self.view = view_class(state.game_name)(self)

    # ------------------------------------------------------------ words
    def who(self, seat: int) -> str:
        return "you" if seat == self.viewer else f"seat {seat}"

    def verb(self, seat: int, third: str, second: str) -> str:
        return f"{self.who(seat)} {second if seat == self.viewer else third}"

    def say(self, text: str) -> None:
        self.console.print(text)

    # ------------------------------------------------------------ main loop
    def run(self, *, announce_seed: bool = False) -> int:
        state = self.state
        self.intro(announce_seed)
        try:
            while not state.is_terminal:
                self.view.before_turn()
                seat = state.current_player
                if self.kinds[seat] == "human":
                    self.human_turn(seat)
                else:
                    self.apply_all(seat, [self.bot_choice(seat)])
        except _Quit:
            self.say("You quit the match.")
            self.save()
            return 0
        except (KeyboardInterrupt, EOFError):
            self.say("")
            self.say("Stopped.")
            self.save()
            return 0
        self.view.finish()
        self.save()
        return 0

    def intro(self, announce_seed: bool) -> None:
        state = self.state
        self.console.rule(f"jick play: {state.preset_name}")
        seed = f"seed {state.seed}" + (f" (play this match again with --seed {state.seed})" if announce_seed else "")
        self.say(f"{state.num_players} players, {seed}")
        who = ", ".join(f"{s} {'you' if s == self.viewer else self.kinds[s]}" for s in range(state.num_players))
        self.say(f"Seats: {who}")
        self.view.intro()
        if any(kind == "human" for kind in self.kinds):
            self.say(
                "Type [bold]help[/] for your choices, [bold]hint[/] for the hard bot's advice, "
                "[bold]quit[/] to stop (the game is saved)."
            )

    # ------------------------------------------------------------ the bots
    def bot_choice(self, seat: int) -> Action:
        """The bot's action for ``seat``; on a terminal, "seat N is thinking..." while it takes long."""
        bot = self.bots[seat]
        obs = self.state.observation(seat)
        if not self.console.is_terminal:
            return bot.choose(obs)
        return self.wait_for(lambda: bot.choose(obs), f"{self.who(seat)} is thinking...")

    def wait_for(self, function: Callable[[], T], status: str) -> T:
        """``function()`` run on a worker thread; ``status`` is shown if it takes over :data:`THINKING_DELAY`."""
        future = in_thread(function)
        try:
            return future.result(timeout=THINKING_DELAY)
        except TimeoutError:
            pass
        with self.console.status(escape(status)):
            return future.result()

    # ------------------------------------------------------------ applying
    def apply_all(self, seat: int, actions: Sequence[Action]) -> None:
        """Apply actions of ``seat`` and announce them; all or none (IllegalAction undoes them)."""
        state = self.state
        before: list[Observation] = []
        applied = 0
        phase = state.phase
        try:
            for action in actions:
                if state.current_player != seat or state.phase != phase:
                    what = self.view.action_text(action)
                    raise IllegalAction(f"{what} is one too many: your turn is complete without it")
                before.append(state.observation(self.public_seat))
                state.apply(action)
                applied += 1
        except IllegalAction:
            for _ in range(applied):
                state.undo()
            raise
        for action, obs in zip(actions, before, strict=True):
            self.view.announce(seat, action, obs)
        self.view.after_actions()

    # ------------------------------------------------------------ the human
    def human_turn(self, seat: int) -> None:
        """Prompt until ``seat`` has made a legal move (or quits)."""
        state = self.state
        view = self.view
        obs = state.observation(seat)
        where = (len(state.deals), obs.phase, seat)
        view.show_table(obs, again=where == self.last_turn)
        self.last_turn = where
        while True:
            line = self.ask(view.prompt(obs))
            text = line.strip()
            low = text.lower()
            if low in QUIT_WORDS:
                raise _Quit
            if low in HELP_WORDS:
                view.show_choices(obs)
                continue
            if low in TABLE_WORDS:
                view.show_table(obs)
                continue
            if low == "tricks":
                view.show_tricks(obs)
                continue
            if low in HINT_WORDS:
                self.hint(seat, obs)
                continue
            try:
                actions = view.read_actions(obs, text)
                if actions:
                    self.apply_all(seat, actions)
            except NotationError as exc:
                self.refuse(f"not understood: {exc}", obs)
                continue
            except IllegalAction as exc:
                self.refuse(f"not allowed: {exc.reason}", obs)
                continue
            if actions:
                return

    def hint(self, seat: int, obs: Observation) -> None:
        """Show what the hard bot would do for ``seat`` and its value for each choice."""
        if self._hinter is None:
            self._hinter = make_bot(
                HINT_LEVEL, bot_seed(self.state.seed or 0, seat), game=self.state.game_name, think=self.think
            )
        hinter = self._hinter
        if not isinstance(hinter, ExplainingBot):
            self.say(f"No hint: the {HINT_LEVEL} bot of this game does not explain its choices.")
            return
        self.say("[dim]The hard bot is thinking...[/]")
        why = hinter.explain(obs)
        turn = self.view.hint_turn(obs, why.choice, hinter.choose)  # a discard: every card of it
        choice = self.view.hint_text(turn)
        self.say(f"Hint: the {HINT_LEVEL} bot would choose [bold]{choice}[/] ({escape(why.method)}).")
        if len(why.values) > 1:
            shown = ", ".join(f"{self.view.hint_text([a])} {v:+.2f}" for a, v in why.values[:10])
            more = f" and {len(why.values) - 10} more" if len(why.values) > 10 else ""
            first = " for the first of them" if len(turn) > 1 else ""
            self.say(f"Its values{first} (points for your side against the others): {shown}{more}")

    def ask(self, prompt: str) -> str:
        self.console.print(f"[bold cyan]{escape(prompt)}[/]", end="")
        self.console.file.flush()
        line = self.input_fn("")
        if self.echo_input:
            self.console.print(line, markup=False)
        return line

    def refuse(self, message: str, obs: Observation) -> None:
        self.say(f"[red]{escape(message)}[/]")
        self.view.show_choices(obs)

    # ------------------------------------------------------------ the end
    def save(self) -> Path:
        try:
            path = save_record(self.state, self.record_path)
        except OSError as exc:
            raise JickError(f"could not save the record to {self.record_path}: {exc.strerror or exc}") from None
        self.say(f"Record saved to {path} (replay it with: jick replay {path})")
        return path
