"""Duplicate seating: which bot sits in which seat in each play of a deal.

Every deal is played several times with the bots moved around the table so
that the luck of the cards falls on each bot alike. The units that get a bot
are the *sides* of the game: a partnership is one unit (both partners are the
same bot), and in a game where everyone plays for himself each seat is a unit.

For ``k`` bots and ``u`` units:

- two bots: every assignment of the two bots to the units except the two where
  one bot has them all (two partnerships: ``AB`` and ``BA``; three seats:
  ``AAB ABA BAA ABB BAB BBA``), so each unit gets each bot equally often;
- ``k == u``: all ``k!`` permutations;
- otherwise the ``k`` rotations of the repeating lineup ``A B C A B C ...``,
  so that each unit gets each bot once.

A lineup is a tuple with the bot index (0 = the first bot) of every seat.

>>> [lineup_text(x) for x in seatings((0, 1, 2), 2)]
['AAB', 'ABA', 'BAA', 'ABB', 'BAB', 'BBA']
>>> [lineup_text(x) for x in seatings((0, 1, 0, 1), 2)]
['ABAB', 'BABA']
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Sequence


def units_of(sides: Sequence[int]) -> list[int]:
    """The distinct sides in the order their first seat comes."""
    units: list[int] = []
    for side in sides:
        if side not in units:
            units.append(side)
    return units


def unit_assignments(units: int, bots: int) -> list[tuple[int, ...]]:
    """The bot of each unit in every play (see the module docstring).

    >>> unit_assignments(2, 2)
    [(0, 1), (1, 0)]
    >>> unit_assignments(3, 3)[:3]
    [(0, 1, 2), (0, 2, 1), (1, 0, 2)]
    >>> unit_assignments(4, 3)
    [(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]
    """
    if units < 1 or bots < 1:
        raise ValueError(f"need at least one unit and one bot (got {units} units, {bots} bots)")
    if bots == 1:
        return [(0,) * units]
    if bots == 2:
        masks = sorted(range(1, 2**units - 1), key=lambda m: (m.bit_count(), m))
        return [tuple((mask >> (units - 1 - i)) & 1 for i in range(units)) for mask in masks]
    if bots == units:
        return list(itertools.permutations(range(bots)))
    return [tuple((i + shift) % bots for i in range(units)) for shift in range(bots)]


def seatings(sides: Sequence[int], bots: int) -> list[tuple[int, ...]]:
    """The lineups (bot index per seat) of one duplicate deal, given the side of every seat.

    >>> seatings((0, 1, 0, 1), 2)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> len(seatings((0, 1, 2, 3, 4), 2)), len(seatings((0, 1, 2), 3))
    (30, 6)
    """
    units = units_of(sides)
    index = {side: i for i, side in enumerate(units)}
    return [tuple(plan[index[side]] for side in sides) for plan in unit_assignments(len(units), bots)]


def lineup_text(lineup: Sequence[int]) -> str:
    """A lineup as letters, bot 0 = ``A``.

    >>> lineup_text((0, 1, 1))
    'ABB'
    """
    return "".join(string.ascii_uppercase[b] for b in lineup)
