"""The engine contract: what every game provides and every game-neutral layer relies on.

Three protocols and one registration:

* :class:`GameState` (generic over its action and observation types): a match
  in progress as a make/undo machine. ``current_player`` says who acts,
  ``legal_actions()`` what they may do, ``apply()`` does it (or raises
  :class:`~jick.engine.IllegalAction` and changes nothing), ``undo()`` and
  ``clone()`` serve search, and ``observation(seat)`` is the only window onto
  hidden cards.
* :class:`Observation`: the part of every game's observation that the
  game-neutral layers read (the seat, the phase, whose turn it is, the seat's
  hand, the scores and its legal actions). Each game's observation class has
  many more fields; only that game's own modules read them.
* :class:`Player`: anything that picks an action from an observation (bots,
  and in time the web page and learning code).
* :class:`Game`: one registration per game, naming its presets, how to start a
  match, its action codec, observation type, terminal view, bots, record and
  arena hooks. :func:`get_game` finds a registered game by name,
  :func:`game_of` the game of an observation.

Play, the terminal, the arena, the bots' common code, records, and the
session, server and research layers speak only this contract; a new game is a
package under ``jick.games`` with a ``GAME`` object, and ``tests/contract/``
checks it.

>>> smear = get_game("smear")
>>> state = smear.new_match("smear_ten_point", seed=1)
>>> isinstance(state, GameState), isinstance(state.observation(0), Observation)
(True, True)
>>> smear.action_from_text("5") == smear.action_from_id(smear.action_from_text("5").id)
True
>>> sorted(game.name for game in registered_games())
['liftsmoke', 'smear', 'tarok']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from jick.engine import Action, RulesError

if TYPE_CHECKING:
    from jick.presets import PresetInfo

__all__ = [
    "AnyState",
    "BotFactory",
    "CardLike",
    "DealLog",
    "Game",
    "GameState",
    "ObsT",
    "Observation",
    "Player",
    "Rules",
    "StateT",
    "game_of",
    "get_game",
    "registered_games",
]

ActionT = TypeVar("ActionT", bound=Action, covariant=True)
ObservationT = TypeVar("ObservationT", bound="Observation", covariant=True)
ObservationIn = TypeVar("ObservationIn", bound="Observation", contravariant=True)
#: A type variable for functions and classes that pass one game's own state type through.
StateT = TypeVar("StateT", bound="GameState[Action, Observation]")
#: The same for one game's own observation type.
ObsT = TypeVar("ObsT", bound="Observation")


@runtime_checkable
class CardLike(Protocol):
    """A card of any game: its index in the game's deck, and ``str`` its notation (``AS``, ``XXI``)."""

    @property
    def index(self) -> int: ...


@runtime_checkable
class Observation(Protocol):
    """What every game's observation offers the game-neutral layers.

    An observation is immutable and holds exactly what its seat may know;
    ``legal_actions`` is empty unless it is that seat's turn.
    """

    @property
    def seat(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def current_player(self) -> int: ...

    @property
    def hand(self) -> Sequence[CardLike]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def legal_actions(self) -> tuple[Action, ...]: ...


class DealLog(Protocol):
    """One deal of a match as its record keeps it: the deck order, the dealer, ``(seat, action id)`` pairs."""

    @property
    def deck(self) -> tuple[int, ...]: ...

    @property
    def dealer(self) -> int: ...

    @property
    def actions(self) -> Sequence[tuple[int, int]]: ...

    @property
    def outcome(self) -> str: ...


class Rules(Protocol):
    """The part of every game's rules dataclass the neutral layers read."""

    @property
    def num_players(self) -> int: ...


@runtime_checkable
class GameState(Protocol[ActionT, ObservationT]):
    """One match (many deals) in progress: a make/undo machine over one game's rules.

    ``current_player`` is a seat, :data:`~jick.engine.TERMINAL` (-1) once the
    match is over, or a lower negative number while the state waits for chance
    (a deck that no seed or deck list supplies). ``apply`` accepts any
    :class:`~jick.engine.Action` and refuses, with
    :class:`~jick.engine.IllegalAction` and no change, one that is not legal
    now, including another game's action.
    """

    #: The game's registered name (``"smear"``).
    game_name: str
    #: The preset and overrides the rules came from (records write them).
    preset_name: str | None
    overrides: dict[str, object]
    #: The seed of the shuffles, or None when every deck was given.
    seed: int | None
    first_dealer: int

    @property
    def rules(self) -> Any:
        """The game's frozen options dataclass (see :class:`Rules`)."""
        ...

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def phase(self) -> str: ...

    @property
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space: ids are ``0 .. n-1``."""
        ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def deals(self) -> Sequence[DealLog]:
        """Every deal so far, oldest first."""
        ...

    def legal_actions(self) -> Sequence[ActionT]: ...

    def legal_action_ids(self) -> list[int]: ...

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of ``num_distinct_actions``, True at the legal ids."""
        ...

    def action_from_id(self, action_id: int) -> ActionT: ...

    def parse_action(self, text: str) -> ActionT:
        """The action ``text`` names in the current situation (:class:`~jick.engine.NotationError` if none)."""
        ...

    def apply(self, action: Action) -> None: ...

    def deal(self, deck: Sequence[Any]) -> None:
        """Supply the deck order (top first) of the next deal when the state waits at a chance node."""
        ...

    def apply_id(self, action_id: int) -> None: ...

    def undo(self) -> ActionT:
        """Take back the last action and return it."""
        ...

    def clone(self) -> Self: ...

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1.0 for each seat of the winning side once the match is over, else 0.0."""
        ...

    def observation(self, seat: int) -> ObservationT: ...


#: Any game's state, as the game-neutral layers see it.
AnyState = GameState[Action, Observation]


@runtime_checkable
class Player(Protocol[ObservationIn]):
    """Anything that chooses an action from an observation: bots, and in time pages and learners."""

    name: str

    def choose(self, observation: ObservationIn) -> Action:
        """One of ``observation.legal_actions``."""
        ...


def load_object(path: str) -> Any:
    """The object at ``"package.module:Name"``, or the module itself for ``"package.module"``.

    The layers that own an interface load a game's implementation of it with
    this and give it their own type (:func:`jick.record_hooks.hooks_for`,
    :func:`jick.arena.hooks.arena_hooks`, :func:`jick.play.view_class`): the
    type system cannot tie a game's name to its classes, and this module does
    not import those layers.
    """
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


class BotFactory(Protocol):
    """A bot class as :meth:`Game.bot_class` returns it: ``cls(seed, **options)``."""

    def __call__(self, seed: int | None = None, **options: Any) -> Player[Observation]: ...


def _any_value(name: str) -> str:
    return ""


@dataclass(frozen=True)
class Game:
    """The registration of one game: everything the neutral layers need to offer it.

    Heavy parts (the terminal view, the bots with their compiled solvers, the
    record and arena hooks) are named as ``"module:Name"`` and imported on
    first use, so listing games stays cheap.
    """

    #: Registered name, as records and ``state.game_name`` write it.
    name: str
    #: A title for people (``"Smear"``).
    title: str
    default_preset: str
    #: ``new_match(preset_or_rules, *, players=, overrides=, seed=, decks=, first_dealer=)``.
    new_match: Callable[..., AnyState]
    load_preset: Callable[..., Any]
    preset_names: Callable[[], list[str]]
    preset_info: Callable[[str], PresetInfo]
    #: The action codec: ids ``0 .. num_actions-1`` and the context-free notation.
    num_actions: int
    action_from_id: Callable[[int], Action]
    action_from_text: Callable[[str], Action]
    observation_type: type
    state_type: type
    #: ``"module:Class"`` of the terminal view (a :class:`jick.terminal.TerminalView`).
    view: str
    #: Bot kind (``heuristic``, ``search``, ``cheater``) -> ``"module:Class"``.
    bots: Mapping[str, str] = field(default_factory=dict)
    #: ``"module:object"`` of the record hooks; ``"module"`` (or ``"module:object"``) of the arena hooks.
    record_hooks: str = ""
    arena: str = ""
    #: Human text for the values an option accepts (``jick presets NAME``).
    allowed_values: Callable[[str], str] = _any_value
    #: Earlier versions and variants of the game's bots, kept to measure against: name -> (kind, options).
    bot_versions: Mapping[str, tuple[str, Mapping[str, Any]]] = field(default_factory=dict)
    #: Observation fields a shared view (the server's JSON) leaves out: a seat's memory kept for its bot.
    private_fields: frozenset[str] = frozenset()
    #: The game's optional parts for other layers, by role -> ``"module:object"`` (see :data:`PARTS`).
    parts: Mapping[str, str] = field(default_factory=dict)

    def bot_class(self, kind: str) -> BotFactory:
        """The class of bot ``kind``; :class:`~jick.engine.RulesError` if the game has none."""
        if kind not in self.bots:
            raise RulesError(f"{self.name} has no {kind} bot")
        cls: BotFactory = load_object(self.bots[kind])
        return cls

    def has_part(self, role: str) -> bool:
        """Whether the game provides the part ``role`` (one of :data:`PARTS`)."""
        return role in self.parts

    def load_part(self, role: str) -> Any:
        """The game's part ``role``; :class:`~jick.engine.RulesError` naming the game if it has none.

        >>> get_game("smear").load_part("tensor_encoder").__name__
        'SmearEncoder'
        >>> get_game("liftsmoke").load_part("bid_advisor")
        Traceback (most recent call last):
        ...
        jick.engine.RulesError: Lift Smoke has no bid advisor
        """
        if role not in PARTS:
            raise ValueError(f"unknown part {role!r}; parts are: {', '.join(PARTS)}")
        if role not in self.parts:
            raise RulesError(f"{self.title} has no {PARTS[role]}")
        return load_object(self.parts[role])

    def owns(self, observation: Observation) -> bool:
        """Whether ``observation`` is one of this game's observations."""
        return isinstance(observation, self.observation_type)

    @classmethod
    def of_package(
        cls,
        package: str,
        *,
        name: str,
        title: str,
        default_preset: str,
        observation_type: type,
        state_type: type,
        bots: Mapping[str, str],
        bot_versions: Mapping[str, tuple[str, Mapping[str, Any]]] | None = None,
        private_fields: frozenset[str] = frozenset(),
        parts: Mapping[str, str] | None = None,
    ) -> Game:
        """The registration of a game package laid out as every game here is.

        The package itself has ``new_match``, ``load_preset``, ``preset_names``
        and ``preset_info``; ``actions`` has ``NUM_ACTIONS``,
        ``action_from_id`` and ``action_from_text``; ``rules`` has
        ``allowed_values``; ``view.View`` is the terminal view,
        ``report.record_hooks`` the record hooks and ``arena`` the arena hooks.
        ``bots`` maps a kind to the ``"module:Class"`` of its bot, ``parts`` a
        role of :data:`PARTS` to the ``"module:object"`` that plays it.
        """
        root = importlib.import_module(package)
        actions = importlib.import_module(package + ".actions")
        rules = importlib.import_module(package + ".rules")
        return cls(
            name=name,
            title=title,
            default_preset=default_preset,
            new_match=root.new_match,
            load_preset=root.load_preset,
            preset_names=root.preset_names,
            preset_info=root.preset_info,
            num_actions=actions.NUM_ACTIONS,
            action_from_id=actions.action_from_id,
            action_from_text=actions.action_from_text,
            observation_type=observation_type,
            state_type=state_type,
            view=f"{package}.view:View",
            bots=bots,
            record_hooks=f"{package}.report:record_hooks",
            arena=f"{package}.arena",
            allowed_values=rules.allowed_values,
            bot_versions=dict(bot_versions or {}),
            private_fields=private_fields,
            parts=dict(parts or {}),
        )


#: The optional parts a game may provide, by role -> what people call it (for errors).
PARTS: dict[str, str] = {
    "tensor_encoder": "tensor encoder",
    "openspiel": "OpenSpiel description",
    "bid_advisor": "bid advisor",
    "bid_advice_view": "bid advice view",
    "ptn": "PTN notation",
    "rule_figures": "house-rule report figures",
    "policy_bot": "policy bot",
}


#: Registered name -> the package whose ``GAME`` registers it.
PACKAGES: dict[str, str] = {
    "smear": "jick.games.smear",
    "tarok": "jick.games.tarok",
    "liftsmoke": "jick.games.liftsmoke",
}


def get_game(name: str) -> Game:
    """The registered game ``name``; :class:`~jick.engine.RulesError` naming the games if unknown."""
    if name not in PACKAGES:
        raise RulesError(f"unknown game {name!r}; games are: {', '.join(PACKAGES)}")
    game = importlib.import_module(PACKAGES[name]).GAME
    if not isinstance(game, Game) or game.name != name:
        raise RulesError(f"package {PACKAGES[name]} does not register the game {name!r}")
    return game


def game_of(observation: Observation) -> Game:
    """The registered game whose observation ``observation`` is; :class:`~jick.engine.RulesError` if none.

    >>> game_of(get_game("tarok").new_match("tarok_3p", seed=1).observation(0)).name
    'tarok'
    """
    for game in registered_games():
        if game.owns(observation):
            return game
    raise RulesError(f"{type(observation).__name__} is not the observation of a registered game")


def registered_games() -> list[Game]:
    """Every registered game whose package is installed, in registration order."""
    out = []
    for name in PACKAGES:
        try:
            out.append(get_game(name))
        except ModuleNotFoundError:
            continue
    return out
