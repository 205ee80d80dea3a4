"""Observation tensors: any game's observation as a fixed-size float32 vector with named slices.

An :class:`Encoder` belongs to one game and one set of rules (so one preset
and player count): its :class:`Layout` names every slice of the vector, and
:meth:`Encoder.encode` fills a preallocated buffer from an observation's
fields alone, never from the state. Seats are written relative to the
observing seat (row 0 is the seat itself, row 1 the next seat clockwise...),
and sides relative to its side, so one policy can sit anywhere.

What a tensor holds is what the observation holds: the seat's own hand, the
public auction, trump, the trick in progress, the completed tricks as far as
the rules let the seat review them (Smear's ``trick_history_visible``), and
the scores. The legal action mask comes from the observation's legal
actions and the game's fixed action ids.

>>> from jick.games.smear import new_match
>>> state = new_match("smear_ten_point", seed=1)
>>> obs = state.observation(state.current_player)
>>> enc = encoder_for(obs)
>>> x = enc.encode(obs)
>>> x.dtype, x.shape == (enc.size,)
(dtype('float32'), True)
>>> [int(i) for i in enc.layout.view(x, "hand").nonzero()[0]] == sorted(c.index for c in obs.hand)
True
>>> mask = action_mask(obs)
>>> bool((mask == state.legal_action_mask()).all())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "Encoder",
    "Field",
    "Layout",
    "LayoutBuilder",
    "action_mask",
    "encoder_for",
    "game_of_observation",
    "observation_tensor",
]

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One named slice of a tensor: where it starts, its shape, its range and what it means."""

    name: str
    start: int
    shape: tuple[int, ...]
    doc: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class Layout:
    """The named slices of a tensor, in order; together they cover it exactly."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)
        self._by_name = {f.name: f for f in self.fields}

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def view(self, tensor: FloatArray, name: str) -> FloatArray:
        """The slice ``name`` of ``tensor`` in its own shape (a view: writing to it writes the tensor)."""
        f = self._by_name[name]
        return tensor[f.slice].reshape(f.shape)

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        """Per element lower and upper bounds (for a Gymnasium ``Box``)."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for f in self.fields:
            low[f.slice] = f.low
            high[f.slice] = f.high
        return low, high

    def describe(self) -> str:
        """A table of the slices: name, offset, shape and meaning."""
        lines = [f"{'slice':<22} {'offset':>6}  {'shape':<10} meaning"]
        for f in self.fields:
            shape = "x".join(str(d) for d in f.shape)
            lines.append(f"{f.name:<22} {f.start:>6}  {shape:<10} {f.doc}")
        lines.append(f"{'(total)':<22} {self.size:>6}")
        return "\n".join(lines)


class LayoutBuilder:
    """Adds fields one after another."""

    def __init__(self) -> None:
        self._fields: list[Field] = []
        self._next = 0

    def add(self, name: str, shape: int | tuple[int, ...], doc: str, low: float = 0.0, high: float = 1.0) -> None:
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        field = Field(name, self._next, dims, doc, low, high)
        self._fields.append(field)
        self._next += field.size

    def build(self) -> Layout:
        return Layout(self._fields)


def add_table(b: LayoutBuilder, n: int, cards: int, played: str) -> None:
    """The fields every trick-taking game shares: the trick, completed tricks, leader, turn and dealer."""
    b.add("trick", (n, cards), "the trick in progress: the card each seat played to it")
    b.add("played", (n, cards), played)
    b.add("trick_leader", n, "the leader of the trick in progress")
    b.add("current_player", n, "the seat to act")
    b.add("dealer", n, "the dealer")


class Encoder:
    """Writes one game's observations (under one set of rules) into tensors of a fixed layout.

    Subclasses set :attr:`num_actions`, build their layout in :meth:`make_layout`
    and implement :meth:`fill`, which writes into a zeroed buffer through the helpers.
    """

    game: str = ""
    layout: Layout
    num_actions: int

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.num_players: int = rules.num_players
        self.layout = self.make_layout(rules).build()
        self._offsets = {f.name: f.start for f in self.layout.fields}

    @staticmethod
    def make_layout(rules: Any) -> LayoutBuilder:
        raise NotImplementedError

    @property
    def size(self) -> int:
        return self.layout.size

    def new_buffer(self) -> FloatArray:
        return np.zeros(self.layout.size, dtype=np.float32)

    def encode(self, observation: Any, out: FloatArray | None = None) -> FloatArray:
        """The tensor of ``observation``, written into ``out`` (zeroed first) or a new array."""
        if out is None:
            out = np.zeros(self.layout.size, dtype=np.float32)
        else:
            if out.shape != (self.layout.size,):
                raise ValueError(f"buffer of shape {out.shape}, the layout needs ({self.layout.size},)")
            out.fill(0.0)
        self.fill(observation, out)
        return out

    def fill(self, observation: Any, out: FloatArray) -> None:
        raise NotImplementedError

    # ---- helpers for fill ------------------------------------------------
    def rel(self, observation: Any, seat: int) -> int:
        """``seat`` counted clockwise from the observing seat (0 = itself)."""
        return (seat - int(observation.seat)) % self.num_players

    def one_hot(self, out: FloatArray, name: str, index: int | None) -> None:
        if index is not None and index >= 0:
            out[self._offsets[name] + index] = 1.0

    def cards(self, out: FloatArray, name: str, cards: Iterable[Any], row: int = 0, width: int = 0) -> None:
        base = self._offsets[name] + row * width
        for card in cards:
            out[base + card.index] = 1.0

    def seat_values(self, out: FloatArray, name: str, observation: Any, values: Sequence[float], scale: float) -> None:
        """Per-seat numbers, rotated so that row 0 is the observing seat, divided by ``scale``."""
        base = self._offsets[name]
        n = self.num_players
        me = observation.seat
        for seat, value in enumerate(values):
            out[base + (seat - me) % n] = value / scale

    def seat_one_hot(self, out: FloatArray, name: str, observation: Any, seat: int | None) -> None:
        if seat is not None and seat >= 0:
            out[self._offsets[name] + self.rel(observation, seat)] = 1.0

    def table(self, out: FloatArray, observation: Any, width: int) -> None:
        """The fields of :func:`add_table`."""
        self.trick_cards(out, "trick", observation, observation.trick, width)
        for trick in observation.tricks:
            self.trick_cards(out, "played", observation, trick.plays, width)
        self.seat_one_hot(out, "trick_leader", observation, observation.trick_leader)
        self.seat_one_hot(out, "current_player", observation, observation.current_player)
        self.seat_one_hot(out, "dealer", observation, observation.dealer)

    def trick_cards(
        self, out: FloatArray, name: str, observation: Any, plays: Iterable[tuple[int, Any]], width: int
    ) -> None:
        """Cards played, each in the row of the (relative) seat that played it."""
        base = self._offsets[name]
        n = self.num_players
        me = observation.seat
        for seat, card in plays:
            out[base + ((seat - me) % n) * width + card.index] = 1.0


def game_of_observation(observation: Any) -> str:
    """The registered name of the game an observation comes from (``"smear"``)."""
    from jick.engine import RulesError
    from jick.game import game_of

    try:
        return game_of(observation).name
    except RulesError as exc:
        raise TypeError(str(exc)) from None


@lru_cache(maxsize=64)
def _encoder(game: str, rules: Any) -> Encoder:
    from jick.engine import RulesError
    from jick.game import get_game

    try:
        cls: Callable[[Any], Encoder] = get_game(game).load_part("tensor_encoder")
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return cls(rules)


def encoder_for(source: Any, game: str | None = None) -> Encoder:
    """The encoder of an observation or state (its game and rules), or of ``rules`` with ``game`` named."""
    if game is None:
        game = getattr(source, "game_name", None) or game_of_observation(source)
    rules = getattr(source, "rules", source)
    return _encoder(game, rules)


def observation_tensor(observation: Any, out: FloatArray | None = None) -> FloatArray:
    """The tensor of an observation of any game (see :class:`Encoder`)."""
    return encoder_for(observation).encode(observation, out)


def action_mask(
    observation: Any, num_actions: int | None = None, out: npt.NDArray[Any] | None = None
) -> npt.NDArray[Any]:
    """A bool array over the game's action ids, True at the observation's legal actions.

    ``out`` (any numeric or bool dtype, length ``num_actions``) is filled in place.
    """
    if out is None:
        if num_actions is None:
            num_actions = encoder_for(observation).num_actions
        out = np.zeros(num_actions, dtype=np.bool_)
    else:
        out.fill(0)
    for action in observation.legal_actions:
        out[action.id] = 1
    return out
