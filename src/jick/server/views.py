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
from collections.abc import Mapping, Sequence
from typing import Any

from jick.engine import Action
from jick.game import Observation

__all__ = ["action_json", "observation_json", "public_view", "to_json"]

#: Observation fields never put in a view: the rules go once with the table.
SKIPPED_FIELDS = frozenset({"rules"})

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
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, Action):
        return action_json(value)
    index = getattr(value, "index", None)
    if isinstance(index, int) and not isinstance(value, tuple | list):
        return {"card": str(value), "id": index}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name not in SKIPPED_FIELDS
        }
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value, key=repr) if isinstance(value, frozenset | set) else value
        return [to_json(v) for v in items]
    raise TypeError(f"cannot send a {type(value).__name__} in a view")


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
