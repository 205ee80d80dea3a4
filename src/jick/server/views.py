"""What leaves the server about a game: observations as JSON, and the public view.

Every message to a seat is built from ``state.observation(seat)`` alone;
a spectator gets the *public view*: the fields on which every seat's
observation agrees (what every player knows, so nobody's secret), with the
others set to ``null``. Nothing here reads a game's internals: observations
are serialised generically.

* a card (anything with an ``index``, :class:`jick.game.CardLike`) becomes
  ``{"card": "AS", "id": 12}`` (its notation and its index in the game's deck);
* an action becomes ``{"action": "5", "id": 124}`` (its notation and its id);
* an enum becomes its value, a dataclass an object of its fields, a tuple or
  list an array, a mapping an object with string keys.

The rules are sent once with the table (``rules.to_dict()``), so the
observation's ``rules`` field is left out of every view.

>>> import jick
>>> state = jick.new_game("smear_ten_point", seed=1)
>>> view = observation_json(state.observation(0))
>>> view["seat"], view["phase"], view["hand"][0]
(0, 'bidding', {'card': '4S', 'id': 2})
>>> public = public_view([observation_json(state.observation(s)) for s in range(4)])
>>> public["hand"] is None and public["seat"] is None, public["scores"]
(True, [0, 0])
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping, Sequence
from typing import Any

from jick.engine import Action
from jick.game import Observation, registered_games

__all__ = ["action_json", "observation_fields", "observation_json", "public_fields", "public_view", "to_json"]

#: Observation fields never put in a view: the rules go once with the table; each game's private fields
#: (a seat's memory of old tricks, kept for its bot, while the page shows the tricks the rules let it
#: review) as the game registers them.
SKIPPED_FIELDS = frozenset({"rules"}).union(*(game.private_fields for game in registered_games()))

JSON = Any


def action_json(action: Action) -> dict[str, JSON]:
    """An action as ``{"action": notation, "id": id}``.

    >>> from jick.game import get_game
    >>> action_json(get_game("smear").action_from_text("5"))
    {'action': '5', 'id': 124}
    """
    return {"action": str(action), "id": action.id}


def to_json(value: object) -> JSON:
    """``value`` as plain JSON data (see the module docstring); ``TypeError`` for anything unknown."""
    convert = _CONVERTERS.get(type(value))
    if convert is None:
        convert = _converter(value)
    return convert(value)


def _same(value: Any) -> JSON:
    return value


def _enum(value: Any) -> JSON:
    return to_json(value.value)


def _sequence(value: Any) -> JSON:
    return [to_json(v) for v in value]


def _set(value: Any) -> JSON:
    return [to_json(v) for v in sorted(value, key=repr)]


def _mapping(value: Any) -> JSON:
    return {str(k): to_json(v) for k, v in value.items()}


#: Cards and actions are immutable values: each one's JSON is made once (the views share it, nobody changes it).
_VALUES: dict[object, dict[str, JSON]] = {}


def _action(value: Any) -> JSON:
    known = _VALUES.get(value)
    if known is None:
        known = _VALUES[value] = action_json(value)
    return known


def _card(value: Any) -> JSON:
    known = _VALUES.get(value)
    if known is None:
        known = _VALUES[value] = {"card": str(value), "id": value.index}
    return known


def _converter(value: object) -> Any:
    """How to turn values of ``value``'s type into JSON (found once per type)."""
    cls = type(value)
    convert: Any
    if value is None or isinstance(value, bool | str | int | float):
        convert = _same
    elif isinstance(value, enum.Enum):
        convert = _enum
    elif isinstance(value, Action):
        convert = _action if cls.__hash__ is not None else action_json
    elif isinstance(getattr(value, "index", None), int) and not isinstance(value, tuple | list):
        convert = _card if cls.__hash__ is not None else (lambda v: {"card": str(v), "id": v.index})
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = tuple(f.name for f in dataclasses.fields(value) if f.name not in SKIPPED_FIELDS)

        def convert(v: Any) -> JSON:
            return {name: to_json(getattr(v, name)) for name in names}

    elif isinstance(value, Mapping):
        convert = _mapping
    elif isinstance(value, tuple | list):
        convert = _sequence
    elif isinstance(value, frozenset | set):
        convert = _set
    else:
        raise TypeError(f"cannot send a {cls.__name__} in a view")
    _CONVERTERS[cls] = convert
    return convert


_CONVERTERS: dict[type, Any] = {}


def to_text(value: object) -> str:
    """``json.dumps(to_json(value))`` (compact), made directly: the server's hot path.

    >>> import json, jick
    >>> obs = jick.new_game("tarok_3p", seed=2).observation(1)
    >>> json.loads(to_text(obs)) == to_json(obs)
    True
    """
    convert = _TEXT.get(type(value))
    if convert is None:
        convert = _text_converter(value)
    text: str = convert(value)
    return text


_dumps = json.JSONEncoder(separators=(",", ":")).encode
_TEXTS: dict[object, str] = {}


def _text_cached(value: Any) -> str:
    known = _TEXTS.get(value)
    if known is None:
        known = _TEXTS[value] = _dumps(to_json(value))
    return known


def _text_sequence(value: Any) -> str:
    return "[" + ",".join([to_text(v) for v in value]) + "]"


def _text_converter(value: object) -> Any:
    cls = type(value)
    convert: Any
    if value is None:
        convert = _null
    elif isinstance(value, bool):
        convert = _bool
    elif isinstance(value, int) and not isinstance(value, enum.Enum):
        convert = int.__repr__ if cls is int else (lambda v: str(int(v)))
    elif isinstance(value, str | float) and not isinstance(value, enum.Enum):
        convert = _dumps
    elif isinstance(value, Action) or (
        isinstance(getattr(value, "index", None), int) and not isinstance(value, tuple | list | enum.Enum)
    ):
        convert = _text_cached if cls.__hash__ is not None else (lambda v: _dumps(to_json(v)))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = tuple(f.name for f in dataclasses.fields(value) if f.name not in SKIPPED_FIELDS)
        keys = tuple(_dumps(name) + ":" for name in names)

        def fresh(v: Any) -> str:
            return (
                "{" + ",".join([key + to_text(getattr(v, name)) for key, name in zip(keys, names, strict=True)]) + "}"
            )

        frozen = getattr(cls, "__dataclass_params__", None)
        if frozen is not None and frozen.frozen and cls.__hash__ is not None and not isinstance(value, Observation):
            # tricks and results repeat from view to view: their text is made once (a bounded cache)
            def convert(v: Any) -> str:
                try:
                    return _FROZEN[v]
                except KeyError:
                    pass
                except TypeError:  # a field that cannot be hashed
                    return fresh(v)
                if len(_FROZEN) > 20_000:
                    _FROZEN.clear()
                text = _FROZEN[v] = fresh(v)
                return text

        else:
            convert = fresh

    elif isinstance(value, tuple | list):
        convert = _text_sequence
    else:
        convert = lambda v: _dumps(to_json(v))  # noqa: E731  (enums, mappings, sets: rare, not hot)
    _TEXT[cls] = convert
    return convert


def _null(_value: Any) -> str:
    return "null"


def _bool(value: Any) -> str:
    return "true" if value else "false"


_TEXT: dict[type, Any] = {}
_FROZEN: dict[object, str] = {}


def observation_fields(observation: Observation) -> list[tuple[str, str]]:
    """The observation's fields as ``(name, JSON text)``, in order, less ``rules``.

    >>> import jick
    >>> dict(observation_fields(jick.new_game("lift_smoke", seed=1).observation(0)))["seat"]
    '0'
    """
    if not dataclasses.is_dataclass(observation) or isinstance(observation, type):
        raise TypeError(f"an observation must be a dataclass, not {type(observation).__name__}")
    return [
        (f.name, to_text(getattr(observation, f.name)))
        for f in dataclasses.fields(observation)
        if f.name not in SKIPPED_FIELDS
    ]


def public_fields(seats: Sequence[Sequence[tuple[str, str]]]) -> list[tuple[str, str]]:
    """:func:`public_view` on field texts: a field that differs between seats is ``null``."""
    first = seats[0]
    out = []
    for k, (name, text) in enumerate(first):
        same = all(other[k][1] == text for other in seats[1:])
        out.append((name, text if same and name != "seat" else "null"))
    return out


def fields_text(fields: Sequence[tuple[str, str]]) -> str:
    """The JSON object of ``(name, JSON text)`` pairs."""
    return "{" + ",".join([_dumps(name) + ":" + text for name, text in fields]) + "}"


def observation_json(observation: Observation) -> dict[str, JSON]:
    """One seat's observation as a JSON object (its dataclass fields, less ``rules``)."""
    data = to_json(observation)
    if not isinstance(data, dict):
        raise TypeError(f"an observation must be a dataclass, not {type(observation).__name__}")
    return data


def public_view(views: Sequence[Mapping[str, JSON]]) -> dict[str, JSON]:
    """The fields on which all seats' views agree; the others (hands, private cards, the seat) are ``null``."""
    if not views:
        return {}
    first = views[0]
    out: dict[str, JSON] = {}
    for key, value in first.items():
        out[key] = value if all(v.get(key) == value for v in views[1:]) else None
    out["seat"] = None
    return out
