"""Bots: each chooses an action from an observation, never from the state.

Kinds, weakest first:

- ``random``: uniform over the legal actions (any game);
- ``heuristic`` (alias ``greedy``): the game's ``HeuristicBot``;
- ``search``: the game's ``SearchBot`` (determinized search), with a ``level``
  of ``normal`` or ``hard`` setting its budget;
- ``cheater``: the game's ``CheaterBot``, which sees every card. It is the
  ceiling in the arena and nothing else; it is the only kind that is handed
  the state (``omniscient = True`` and ``choose_open(state)``).

Each game's registration names its classes (:attr:`jick.game.Game.bots`).
Levels for people: ``easy`` (heuristic), ``normal`` and ``hard`` (search).
``search:LEVEL`` names the search at any level of the game's search bot
(for the arena: ``search:hard``, or Smear's ``search:unbounded``, the normal
search without its caps and deadline, and ``search:hard_play`` and
``search:hard_auction``, the hard level's counts in one phase only, ``search:wide_play``, twice the
normal level's deals in the play, and ``search:wide_parallel``, the same solved four at a time on the
machine's cores). In the arena and the benchmarks a name
may end in settings of the bot's constructor, ``:NAME=VALUE`` each
(``heuristic:jump_threshold=0.7``; :func:`split_bot_name`); a table's seats
take the plain names only.
Without a game name a bot finds the game of each observation it is shown
(:func:`jick.game.game_of`).

Every bot is a :class:`~jick.game.Player` (:data:`Bot`); the search bots are
also :class:`ExplainingBot`, the cheater an :class:`OpenBot`.

>>> from jick.games.smear import new_match
>>> s = new_match(seed=1)
>>> bot = make_bot("random", seed=2)
>>> bot.choose(s.observation(s.current_player)) in s.legal_actions()
True
>>> from jick.games.tarok import new_match as new_tarok
>>> t = new_tarok("tarok_3p", seed=1)
>>> make_bot("heuristic", 0).choose(t.observation(t.current_player)) in t.legal_actions()
True
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias, TypeGuard, runtime_checkable

from jick.engine import Action, RulesError
from jick.game import AnyState, BotFactory, Observation, Player, game_of, get_game, registered_games

#: The kinds of bot, weakest first.
BOT_KINDS = ("random", "heuristic", "search", "cheater")
#: Levels for people: level -> (kind, search level or None).
LEVELS: dict[str, tuple[str, str | None]] = {
    "easy": ("heuristic", None),
    "normal": ("search", "normal"),
    "hard": ("search", "hard"),
}
ALIASES = {"greedy": "heuristic", "bot": "heuristic"}


def bot_versions() -> dict[str, tuple[str, Mapping[str, Any], tuple[str, ...]]]:
    """Earlier versions and variants of the bots, kept to measure against: name -> (kind, options, games).

    Each game registers its own (:attr:`jick.game.Game.bot_versions`).

    >>> bot_versions()["search_v2"][0], bot_versions()["search_v2"][2]
    ('search', ('smear',))
    """
    out: dict[str, tuple[str, Mapping[str, Any], tuple[str, ...]]] = {}
    for game in registered_games():
        for name, (kind, options) in game.bot_versions.items():
            previous = out.get(name)
            games = (previous[2] if previous else ()) + (game.name,)
            out[name] = (kind, options, games)
    return out


#: Bots that live outside this package, named ``PREFIX:ARGUMENT`` (``openspiel:ismcts``): prefix ->
#: ``"module:factory"``, called as ``factory(argument, seed, game, think)``; imported only when named.
EXTERNAL_BOTS: dict[str, str] = {
    "openspiel": "jick.envs.openspiel_bot:make_openspiel_bot",
    "policy": "jick.envs.policy_bot:make_policy_bot",
}

#: A bot as the game-neutral layers hold it: a :class:`~jick.game.Player` of observations.
Bot: TypeAlias = Player[Observation]


@runtime_checkable
class ExplainingBot(Player[Observation], Protocol):
    """A bot that can say why it chooses (the search bots; ``hint`` in ``jick play`` uses one)."""

    def explain(self, observation: Observation) -> Explanation:
        """The choice and the bot's value for every legal action."""
        ...


@runtime_checkable
class OpenBot(Protocol):
    """A bot that is handed the whole state (the cheater, with ``omniscient = True``)."""

    omniscient: bool

    def choose_open(self, state: AnyState) -> Action:
        """One of ``state.legal_actions()``, chosen seeing every card."""
        ...


@dataclass(frozen=True)
class Explanation:
    """Why a bot chose: its value for each legal action, best first.

    ``values`` are in the game's points from the seat's point of view (for
    Smear: the expected change of the seat's side's lead on the others).
    """

    choice: Action
    values: tuple[tuple[Action, float], ...]
    method: str
    details: dict[str, Any] = field(default_factory=dict)


def bot_class(game: str, kind: str) -> BotFactory:
    """The class of bot ``kind`` for ``game`` (``HeuristicBot``, ``SearchBot`` or ``CheaterBot``).

    The classes are named by the game's registration (:attr:`jick.game.Game.bots`).

    >>> bot_class("smear", "heuristic")(seed=1).choose  # doctest: +ELLIPSIS
    <bound method ...>
    >>> bot_class("tarok", "cheater")
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: tarok has no cheater bot
    """
    return get_game(game).bot_class(kind)


def greedy_bot_class(game: str) -> BotFactory:
    """The heuristic bot of a game (kept under its old name)."""
    return bot_class(game, "heuristic")


class AnyGameBot:
    """A bot of one kind for whatever game its observations come from (:func:`jick.game.game_of`)."""

    def __init__(self, kind: str, seed: int | None = None, **options: Any) -> None:
        self.kind = kind
        self.name = kind
        self.seed = seed
        self.options = options
        #: One bot per game, by the type of the game's observations.
        self._bots: dict[type, Bot] = {}

    def _bot_for(self, observation: Observation) -> Bot:
        bot = self._bots.get(type(observation))
        if bot is None:
            bot = game_of(observation).bot_class(self.kind)(self.seed, **self.options)
            self._bots[type(observation)] = bot
        return bot

    def choose(self, observation: Observation) -> Action:
        return self._bot_for(observation).choose(observation)

    def explain(self, observation: Observation) -> Explanation:
        bot = self._bot_for(observation)
        if not isinstance(bot, ExplainingBot):
            raise RulesError(f"the {self.kind} bot does not explain its choices")
        return bot.explain(observation)


def canonical_bot_name(name: str, options: bool = False) -> str:
    """The kind or level a bot name stands for, or a RulesError naming the choices.

    With ``options``, the name may end in settings of the bot's constructor,
    ``:NAME=VALUE`` each (:func:`split_bot_name`): the arena and the
    benchmarks take them, a table's seats do not.

    >>> canonical_bot_name("greedy"), canonical_bot_name("Hard"), canonical_bot_name("search:hard")
    ('heuristic', 'hard', 'search:hard')
    >>> canonical_bot_name("OpenSpiel:ismcts")
    'openspiel:ismcts'
    >>> canonical_bot_name("Greedy:bid_threshold=0.45", options=True)
    'heuristic:bid_threshold=0.45'
    >>> canonical_bot_name("heuristic:defence=true")
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: bot 'heuristic:defence=true': options (NAME=VALUE) are for the arena and the benchmarks
    """
    prefix, colon, argument = name.strip().partition(":")
    if colon and prefix.lower() in EXTERNAL_BOTS and argument:
        return f"{prefix.lower()}:{argument}"
    parts = name.strip().lower().split(":")
    settings = [part for part in parts if "=" in part]
    if settings:
        if not options:
            raise RulesError(f"bot {name.strip()!r}: options (NAME=VALUE) are for the arena and the benchmarks")
        first = parts.index(settings[0])
        if len(settings) != len(parts) - first or first == 0:
            raise RulesError(f"bot {name.strip()!r}: write the bot first, then its options (KIND:NAME=VALUE:...)")
        seen: set[str] = set()
        for part in settings:
            option, _, value = part.partition("=")
            if not option.isidentifier() or not value:
                raise RulesError(f"bot {name.strip()!r}: {part!r} is not NAME=VALUE")
            if option in seen:
                raise RulesError(f"bot {name.strip()!r}: option {option!r} is set twice")
            seen.add(option)
        return ":".join([canonical_bot_name(":".join(parts[:first])), *settings])
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    kind, colon, level = key.partition(":")
    if colon and kind == "search" and level.isidentifier():
        return key
    if key not in BOT_KINDS and key not in LEVELS and key not in bot_versions():
        raise RulesError(f"unknown bot {name!r}; bots are: {', '.join(BOT_KINDS + tuple(LEVELS))}")
    return key


def check_think(think: float | None, what: str = "thinking time") -> float | None:
    """``think`` if it is None or a positive, finite number of seconds; else a RulesError naming ``what``.

    >>> check_think(0.5), check_think(None)
    (0.5, None)
    >>> check_think(0, "--think")
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: --think must be a positive number of seconds, not 0
    """
    if think is not None and not 0 < think < math.inf:
        raise RulesError(f"{what} must be a positive number of seconds, not {think:g}")
    return think


def make_bot(name: str, seed: int | None = None, game: str | None = None, think: float | None = None) -> Bot:
    """A bot by kind or level (see the module docstring), for ``game`` or any game.

    ``think`` is the search bots' thinking time per decision in seconds
    (default: their level's, :data:`jick.bots.budget.LEVEL_SECONDS`); the other
    kinds answer at once and ignore it.

    >>> make_bot("hard", seed=1, game="tarok", think=0.5).budget.seconds
    0.5
    """
    from jick.bots.random_bot import RandomBot

    check_think(think)
    key = canonical_bot_name(name, options=True)
    prefix, _, argument = key.partition(":")
    if prefix in EXTERNAL_BOTS:
        factory: Any = _load_external(EXTERNAL_BOTS[prefix])
        return factory(argument, seed, game, think)  # type: ignore[no-any-return]
    key, given = split_bot_name(key)
    options: dict[str, Any] = {}
    versions = bot_versions()
    if key in versions:
        key, version_options, games = versions[key]
        if game not in games:
            raise RulesError(f"bot {name.strip()!r} plays {', '.join(games)} only; name the game")
        options.update(version_options)
    if key.startswith("search:"):
        key, options["level"] = key.split(":")
    if key in LEVELS:
        kind, level = LEVELS[key]
        if level is not None:
            options["level"] = level
    else:
        kind = key
    options.update(given)
    if kind == "search" and think is not None:
        options["think"] = think
    if kind == "random":
        if given:
            raise RulesError(f"bot {name.strip()!r}: the random bot takes no options")
        return RandomBot(seed)
    if game is None:
        return AnyGameBot(kind, seed, **options)
    cls = bot_class(game, kind)
    if not given:
        return cls(seed, **options)
    _check_options(name.strip(), f"the {kind} bot of {game}", cls, given)
    try:
        return cls(seed, **options)
    except (TypeError, ValueError) as exc:  # a value the constructor refuses
        raise RulesError(f"bot {name.strip()!r}: {exc}") from None


def split_bot_name(key: str) -> tuple[str, dict[str, Any]]:
    """A canonical bot name without its options, and the options (``:NAME=VALUE`` each) it ends in.

    A value is read as ``true``/``false``, ``none``, a whole number, a
    decimal number, or else kept as text.

    >>> split_bot_name("heuristic:bid_threshold=0.45:defence=true")
    ('heuristic', {'bid_threshold': 0.45, 'defence': True})
    >>> split_bot_name("search:hard:leaf=even:think=none")
    ('search:hard', {'leaf': 'even', 'think': None})
    """
    parts = key.split(":")
    base = ":".join(part for part in parts if "=" not in part)
    given = dict(part.partition("=")[::2] for part in parts if "=" in part)
    return base, {option: _option_value(text) for option, text in given.items()}


def _option_value(text: str) -> Any:
    """The value an option's text stands for (:func:`split_bot_name`)."""
    words = {"true": True, "false": False, "none": None}
    if text in words:
        return words[text]
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        if math.isfinite(value):
            return value
    return text


def _check_options(name: str, what: str, factory: Any, given: Mapping[str, Any]) -> None:
    """A RulesError unless every option is a keyword of ``factory`` and of the type it declares there."""
    keywords = _keywords(factory)
    if keywords is None:
        return
    known, hints = keywords
    for option, value in given.items():
        if option not in known:
            raise RulesError(f"bot {name!r}: {what} has no option {option!r}; its options are: {', '.join(known)}")
        hint = hints.get(option)
        if hint is not None and not _fits(value, hint):
            raise RulesError(f"bot {name!r}: option {option!r} takes {_type_text(hint)}, not {value!r}")


@functools.cache
def _keywords(factory: Any) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """The keywords a bot's factory takes and their type hints, read once per factory (an arena builds its bots
    for every deal); None where it takes any keyword or shows no signature (the constructor will say)."""
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return None
    known = tuple(p for p in parameters if p != "seed" and parameters[p].kind is not inspect.Parameter.VAR_POSITIONAL)
    try:
        constructor: Any = getattr(factory, "__init__", factory) if isinstance(factory, type) else factory
        hints = typing.get_type_hints(constructor)
    except Exception:  # annotations that name what only type checkers import: the constructor will say
        hints = {}
    return known, hints


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the simple type ``hint`` (float takes a whole number; other hints take anything).

    >>> _fits(1, float), _fits(True, float), _fits("x", float | None), _fits(None, float | None)
    (True, False, False, True)
    """
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if hint is type(None):
        return value is None
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint in (bool, str):
        return isinstance(value, hint)
    return True


def _type_text(hint: Any) -> str:
    """A type hint in words: ``float``, ``float or None``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_type_text(arg) for arg in args)
    return "None" if hint is type(None) else getattr(hint, "__name__", str(hint))


def _load_external(path: str) -> Any:
    module, _, name = path.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError as exc:
        raise RulesError(f"bot {module.rsplit('.', 1)[-1]} needs an optional extra ({exc.name} is missing)") from None


def is_omniscient(bot: object) -> TypeGuard[OpenBot]:
    """True for a bot that is handed the whole state (the cheater)."""
    return bool(getattr(bot, "omniscient", False))


def bot_action(bot: Bot, state: AnyState, seat: int) -> Action:
    """The action ``bot`` takes for ``seat``: from its observation, or from the state for the cheater.

    >>> from jick.registry import new_game
    >>> state = new_game("lift_smoke", seed=1)
    >>> bot_action(make_bot("heuristic"), state, state.current_player) in state.legal_actions()
    True
    """
    if is_omniscient(bot):
        return bot.choose_open(state)
    return bot.choose(state.observation(seat))
