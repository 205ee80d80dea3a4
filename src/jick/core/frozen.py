"""Pickling for frozen dataclasses that the compiled build (mypyc) turns into native classes.

A native class pickles its fields through a generated ``__setstate__`` that
assigns them one by one, which a frozen dataclass refuses
(``FrozenInstanceError``). Such a class defines
``def __reduce__(self): return by_fields(self)``: it is then rebuilt through
its own ``__init__``, in either build.

>>> import pickle
>>> from jick.games.smear.scoring import Award
>>> pickle.loads(pickle.dumps(Award("high", 1, 0)))
Award(point='high', value=1, side=0, card=None)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_fields(obj: Any) -> tuple[object, ...]:
    """``__reduce__`` of a dataclass whose fields are all ``__init__`` arguments: its class and field values."""
    return type(obj), tuple([getattr(obj, f.name) for f in fields(obj)])
