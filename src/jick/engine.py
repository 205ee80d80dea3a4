"""The engine's building blocks shared by every game: actions and errors.

A game is played on a state (the :class:`jick.game.GameState` protocol): ask
``current_player`` who acts, offer a choice from ``legal_actions()``,
``apply()`` it, and read ``returns()`` once ``is_terminal``. What a seat may
know leaves a state only through ``observation(seat)``. Chance (the shuffle)
is driven by a seed or by explicit deck orders that the caller provides, so a
state never hides an RNG.

Actions are small frozen values with a stable integer ``id`` (for masks and
learning code) and a short string form (for records and the command line).
An illegal action raises :class:`IllegalAction` and leaves the state unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

#: ``current_player`` of a state that waits for nobody (terminal).
TERMINAL = -1


class JickError(Exception):
    """Base class of every error the package raises on purpose."""


class NotationError(JickError, ValueError):
    """Text that is not a card, action or suit."""


class RulesError(JickError, ValueError):
    """Unknown or impossible options; the message names the options."""


class RecordError(JickError, ValueError):
    """A malformed or inconsistent game record."""


class IllegalAction(JickError, ValueError):
    """An action that is not legal now. The state is unchanged.

    ``reason`` says why and ``legal`` lists the legal alternatives.
    """

    def __init__(self, reason: str, legal: Sequence[Action] = ()) -> None:
        self.reason = reason
        self.legal = tuple(legal)
        shown = " ".join(str(a) for a in self.legal[:60])
        more = " ..." if len(self.legal) > 60 else ""
        super().__init__(f"{reason}; legal: {shown}{more}" if self.legal else reason)


class Action:
    """Base class of all actions: frozen, hashable, with ``id`` and ``str``.

    Subclasses set ``id`` in ``__init__`` via :meth:`_freeze`. Two actions are
    equal when they have the same class and id.
    """

    __slots__ = ("id",)
    id: int
    #: Short name of the action kind, used in ``repr``.
    kind: ClassVar[str] = "action"

    def _freeze(self, action_id: int) -> None:
        object.__setattr__(self, "id", action_id)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by class and slot values (the frozen ``__setattr__`` refuses pickle's default way back)."""
        fields = tuple(
            (name, getattr(self, name)) for klass in type(self).__mro__ for name in getattr(klass, "__slots__", ())
        )
        return _rebuild_action, (type(self), fields)


def _rebuild_action(cls: type[Action], fields: tuple[tuple[str, object], ...]) -> Action:
    """The action of class ``cls`` with these slot values (the way back from :meth:`Action.__reduce__`)."""
    action = cls.__new__(cls)
    for name, value in fields:
        object.__setattr__(action, name, value)
    return action
