"""Helpers shared by every game's options dataclass (``SmearRules``, ``TarokRules``, ...).

A game's rules are a frozen dataclass that inherits :class:`RuleSet` (for
``replace`` and ``to_dict``) and calls :func:`coerce_fields` in
``__post_init__`` to turn option strings into enums and check basic types,
naming the option in the :class:`~jick.engine.RulesError`.

>>> from jick.games.tarok.rules import TarokRules
>>> TarokRules(all_pass="tapp_forehand_25").to_dict()["all_pass"]
'tapp_forehand_25'
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from enum import StrEnum
from functools import cache
from typing import Any, Self

from jick.engine import RulesError


class RuleSet:
    """Base of a game's frozen options dataclass."""

    __slots__ = ()

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed (validated again)."""
        return typing.cast(Self, dataclasses.replace(typing.cast(Any, self), **changes))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values of every option (tables as dicts, enums as strings, ``None`` stays)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(typing.cast(Any, self)):
            value = getattr(self, f.name)
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, StrEnum):
                value = str(value)
            out[f.name] = value
        return out


@cache
def _hints(rules_class: type) -> dict[str, Any]:
    hints = typing.get_type_hints(rules_class)
    return {f.name: hints[f.name] for f in dataclasses.fields(rules_class)}


def option_types(rules_class: type) -> dict[str, Any]:
    """Option name -> its Python type (an enum class, int, bool, ``int | None``, ...), in field order."""
    return dict(_hints(rules_class))


def is_enum(kind: Any) -> bool:
    """Whether an option type is a string enum."""
    return isinstance(kind, type) and issubclass(kind, StrEnum)


def basic_allowed(name: str, kind: Any, int_choices: Mapping[str, tuple[int, ...]]) -> str | None:
    """Text for the values of an enum, a listed int or a bool option; ``None`` for any other."""
    if is_enum(kind):
        return " | ".join(m.value for m in kind)
    if name in int_choices:
        return " | ".join(str(v) for v in int_choices[name])
    if kind is bool:
        return "true | false"
    return None


def coerce_fields(
    rules: object,
    allowed_values: Callable[[str], str],
    int_choices: Mapping[str, tuple[int, ...]],
    other: Callable[[str, Any], Any] | None = None,
) -> None:
    """Turn strings into enums and check bool and int options of a frozen ``rules``, in place.

    ``allowed_values(name)`` words the error of a bad enum or listed int value;
    options of any other type go through ``other(name, value)``, which checks
    them and returns the value to store.
    """
    rules_class: type = type(rules)
    for name, kind in _hints(rules_class).items():
        value = getattr(rules, name)
        if is_enum(kind):
            try:
                value = kind(value)
            except ValueError:
                raise RulesError(f"option {name} = {value!r} is not allowed; use {allowed_values(name)}") from None
        elif kind is bool:
            if not isinstance(value, bool):
                raise RulesError(f"option {name} = {value!r} must be true or false")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"option {name} = {value!r} must be an integer")
            if name in int_choices and value not in int_choices[name]:
                raise RulesError(f"option {name} = {value} is not allowed; use {allowed_values(name)}")
        elif other is not None:
            value = other(name, value)
        object.__setattr__(rules, name, value)
