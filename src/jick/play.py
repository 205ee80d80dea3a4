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
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from jick.bots import BOT_KINDS, LEVELS, Bot, ExplainingBot, canonical_bot_name, check_think, make_bot
from jick.engine import Action, IllegalAction, JickError, NotationError, RulesError
from jick.game import AnyState, Observation, get_game, load_object
from jick.record import save_record
from jick.session import Session
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
#: The most characters of a typed line that a refusal or an echo quotes.
QUOTE_LIMIT = 40


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


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis and the full length when cut.

    >>> clip("QH")
    'QH'
    >>> clip("x" * 100)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def clip_typed(message: str, typed: str, limit: int = QUOTE_LIMIT) -> str:
    """``message`` with every quote of a long typed line, or of a long word of it, cut to ``limit`` characters.

    Refusals name what was not understood; a pasted page must not come back whole.

    >>> clip_typed("unknown card 'ZZZZZZZZZZ'", "play ZZZZZZZZZZ", limit=4)
    "unknown card 'ZZZZ... (10 characters)'"
    """
    pieces = sorted({typed, typed.strip(), *typed.split()}, key=len, reverse=True)
    for piece in pieces:
        if len(piece) > limit:
            for form in (piece, repr(piece)[1:-1]):
                message = message.replace(form, clip(piece, limit))
    return clip(message, 4 * limit + 200)


#: What ``jick play`` keeps in a record's ``meta`` to resume it: ``seats`` (``human`` or a bot per seat) and ``think``.
META_TOOL = "jick play"


def resume_match(
    path: Path, *, seats: str | None, seat: int, bot: str, think: float | None
) -> tuple[AnyState, list[str], float | None]:
    """The state of an unfinished record, who sits where, and the thinking time, to go on with the match.

    The seats and thinking time are the record's own (``meta``, written by
    ``jick play``) unless ``seats``/``think`` are given; a record from
    elsewhere without them seats a human at ``seat`` and ``bot`` bots.
    """
    from jick.record import load_record, replay

    record = load_record(path)
    state = replay(record).state
    if state.is_terminal:
        raise JickError(f"the match in {path} is over; replay it with: jick replay {path}")
    meta = record.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    saved = meta.get("seats")
    if seats is None and isinstance(saved, list) and all(isinstance(k, str) for k in saved):
        try:
            kinds = parse_seats(",".join(saved), state.num_players, seat, bot)
        except RulesError as exc:
            raise JickError(f"{path}: the record's seats do not fit ({exc}); choose them with --seats") from None
    else:
        kinds = parse_seats(seats, state.num_players, seat, bot)
    saved_think = meta.get("think")
    if think is None and isinstance(saved_think, (int, float)) and not isinstance(saved_think, bool):
        think = check_think(float(saved_think), "the record's thinking time")
    if "human" not in kinds and view_class(state.game_name).unattended_overrides(state.rules):
        raise JickError("this match has no fixed length, so with no human seat it would never end; keep a human seat")
    return state, kinds, think


def view_class(game: str) -> type[TerminalView[AnyState, Observation]]:
    """The terminal view of a game, as its registration names it (:attr:`jick.game.Game.view`).

    >>> view_class("tarok").__name__
    'TarokView'
    """
    cls: type[TerminalView[AnyState, Observation]] = load_object(get_game(game).view)
    return cls


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
    resume: Path | None = None,
) -> int:
    """Run ``jick play`` and return the exit code (0 when the match ends or the player quits).

    When no human plays, the game's view may add options so that the match
    ends by itself (:meth:`TerminalView.unattended_overrides`); options given
    by the user win. ``think`` is the search bots' seconds per decision
    (``--think``; also the ``hint`` bot's). User errors (unknown preset, bad
    option, bad ``--seats``, a thinking time that is not a positive number)
    raise :class:`JickError`.

    The record is saved after every accepted action (atomically), so a killed
    process loses at most the action in flight; ``resume`` names such a record
    (or one saved on quit) to go on with it at the exact point, with the same
    seats and bots (:func:`resume_match`); it is saved back to the same file
    unless ``record_path`` says otherwise.
    """
    from jick.registry import load_rules, resolve

    think = check_think(think, "--think")
    if resume is not None:
        state, kinds, think = resume_match(resume, seats=seats, seat=seat, bot=bot, think=think)
        seed = state.seed if state.seed is not None else 0
        record_path = record_path or resume
        shown_seed = False
    else:
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
    game_name = state.game_name
    console = Console(file=out, highlight=False, soft_wrap=True, emoji=False)
    # The first use of the search bots on a machine compiles the Smear solver (some seconds; cached after).
    # The session makes each decision's bot afresh (seeded by the match, the seat and the ply), as the server does.
    with console.status("Getting the bots ready..."):
        for kind in sorted({k for k in kinds if k != "human"}):
            make_bot(kind, seed, game=game_name, think=think)
    game = TerminalGame(
        state,
        kinds,
        {},
        console,
        input_fn,
        record_path or default_record_path(state.preset_name or game_name, seed),
        echo_input=input_fn is input and not _stdin_is_tty(),
        think=think,
        resumed=resume is not None,
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
        resumed: bool = False,
    ) -> None:
        self.state = state
        self.kinds = kinds
        #: The match and its seats: the one driver every front end shares (bots decide through it).
        self.session = Session(state, kinds, think=think, bots=bots)
        self.console = console
        self.input_fn = input_fn
        self.record_path = record_path
        self.echo_input = echo_input
        #: The search bots' seconds per decision (None: their level's).
        self.think = think
        #: Whether the match goes on from a saved record (``--resume``).
        self.resumed = resumed
        #: Whether a failed autosave was reported (once per match).
        self._autosave_warned = False
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
        self.save(quiet=True, strict=True)
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
        self.console.rule(f"jick play: {state.preset_name}" + (" (resumed)" if self.resumed else ""))
        seed = f"seed {state.seed}" + (f" (play this match again with --seed {state.seed})" if announce_seed else "")
        self.say(f"{state.num_players} players, {seed}")
        if self.resumed:
            actions = sum(len(deal.actions) for deal in state.deals)
            where = escape(str(self.record_path))
            self.say(f"Going on from {where}: deal {len(state.deals)}, {actions} actions so far")
        who = ", ".join(f"{s} {'you' if s == self.viewer else self.kinds[s]}" for s in range(state.num_players))
        self.say(f"Seats: {who}")
        self.view.intro()
        if any(kind == "human" for kind in self.kinds):
            self.say(
                "Type [bold]help[/] for your choices, [bold]hint[/] for the hard bot's advice, "
                "[bold]quit[/] to stop (the game is saved)."
            )
            path = escape(str(self.record_path))
            self.say(f"[dim]Saved after every move to {path}; go on later with: jick play --resume {path}[/]")

    # ------------------------------------------------------------ the bots
    def bot_choice(self, seat: int) -> Action:
        """The bot's action for ``seat``; on a terminal, "seat N is thinking..." while it takes long."""
        if not self.console.is_terminal:
            return self.session.bot_action(seat)
        return self.wait_for(lambda: self.session.bot_action(seat), f"{self.who(seat)} is thinking...")

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
                    what = Text.from_markup(self.view.action_text(action)).plain
                    raise IllegalAction(f"{what} is one too many: your turn is complete without it")
                before.append(state.observation(self.public_seat))
                try:
                    self.session.act(seat, action)
                except IllegalAction as exc:  # said to the player (the state is unchanged by the refusal)
                    raise IllegalAction(self.view.refusal(state.observation(seat), action, exc.reason)) from None
                applied += 1
        except IllegalAction:
            for _ in range(applied):
                self.session.undo()
            raise
        self.save(quiet=True, strict=False)
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
                self.refuse(clip_typed(f"not understood: {exc}", text), obs)
                continue
            except IllegalAction as exc:
                self.refuse(clip_typed(f"not allowed: {exc.reason}", text), obs)
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
            self.console.print(clip(line), markup=False)
        return line

    def refuse(self, message: str, obs: Observation) -> None:
        self.say(f"[red]{escape(message)}[/]")
        self.view.show_choices(obs)

    # ------------------------------------------------------------ the end
    def meta(self) -> dict[str, Any]:
        """The record's ``meta``: what :func:`resume_match` needs to seat the same players again."""
        return {"tool": META_TOOL, "seats": list(self.kinds), "think": self.think}

    def save(self, *, quiet: bool = False, strict: bool = True) -> Path | None:
        """Write the record (atomically); ``quiet``: no message (the autosave after every action).

        A failed save raises :class:`JickError` when ``strict``; the autosave
        after an action (not strict) warns once and lets the match go on.
        """
        try:
            path = save_record(self.state, self.record_path, self.meta())
        except OSError as exc:
            problem = f"could not save the record to {self.record_path}: {exc.strerror or exc}"
            if strict:
                raise JickError(problem) from None
            if not self._autosave_warned:
                self._autosave_warned = True
                self.say(f"[red]{escape(problem)}; the match goes on unsaved[/]")
            return None
        if not quiet:
            self.say(f"Record saved to {escape(str(path))} (replay it with: jick replay {escape(str(path))})")
        return path


# ---------------------------------------------------------------------- unfinished games
@dataclass(frozen=True)
class Unfinished:
    """An unfinished record found by :func:`unfinished_games`."""

    path: Path
    preset: str
    players: int
    deals: int
    seats: tuple[str, ...]
    saved: float

    def line(self) -> str:
        """One line for ``jick resume``: the file, the preset, the table and when it was saved."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))
        seats = ",".join(self.seats) if self.seats else "seats not recorded"
        return f"{self.path}  {self.preset}  {self.players} players  deal {self.deals}  {seats}  saved {when}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "preset": self.preset,
            "players": self.players,
            "deals": self.deals,
            "seats": list(self.seats),
            "saved": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(self.saved)),
        }


def unfinished_games(folder: Path) -> list[Unfinished]:
    """The records in ``folder`` whose match is not over, newest first; other files are skipped.

    A record's own ``result.finished`` says whether it is over; :func:`resume_match`
    replays it in full before play goes on.
    """
    from jick.record import load_record

    found = []
    for path in folder.glob("*.json") if folder.is_dir() else ():
        try:
            record = load_record(path)
            saved = path.stat().st_mtime
        except (JickError, OSError):
            continue
        result, meta = record.get("result"), record.get("meta")
        if not isinstance(result, dict) or result.get("finished") is not False:
            continue
        seats = meta.get("seats") if isinstance(meta, dict) else None
        deals = record.get("deals")
        found.append(
            Unfinished(
                path,
                str(record.get("preset")),
                int(record.get("players") or 0),
                len(deals) if isinstance(deals, list) else 0,
                tuple(str(k) for k in seats) if isinstance(seats, list) else (),
                saved,
            )
        )
    return sorted(found, key=lambda game: game.saved, reverse=True)
