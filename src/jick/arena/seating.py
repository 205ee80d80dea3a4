"""Duplicate seating: which bot sits in which seat in each play of a deal.

Every deal is played several times with the bots moved around the table so
that the luck of the cards falls on each bot alike. The units that get a bot
are the *sides* of the game: a partnership is one unit (both partners are the
same bot), and in a game where everyone plays for himself each seat is a unit.

There are two designs (``run_arena(seating=...)``, ``jick arena --seating``).
The default, ``"mixed"``, for ``k`` bots and ``u`` units:

- two bots: every assignment of the two bots to the units except the two where
  one bot has them all (two partnerships: ``AB`` and ``BA``; three seats:
  ``AAB ABA BAA ABB BAB BBA``), so each unit gets each bot equally often;
- ``k == u``: all ``k!`` permutations;
- otherwise the ``k`` rotations of the repeating lineup ``A B C A B C ...``,
  so that each unit gets each bot once.

The second, ``"field"`` (*one in a field*), takes exactly two bots ``A``
(the first named) and ``B``: ``u`` plays, and in play ``i`` unit ``i`` gets
``A`` and every other unit ``B``. Each unit gets ``A`` once and ``B``
``u - 1`` times, so it measures "``A`` in place of one ``B`` at a table of
``B``'s", with ``u`` plays a deal instead of ``2**u - 2`` (five seats: 5 plays
with one ``A`` seat each, against 30 plays with 2.5 ``A`` seats on average).
It is not symmetric: swapping the two bots asks another question (``B``
alone among ``A``'s). With two units the two designs are the same.

The arena's per-deal figure of a bot (:func:`jick.arena.summary.deal_means`)
pools its points over every seat it held in every play. Under ``"field"``
that is still balanced for seat luck: ``A``'s pool holds every unit once
(its mean over the units of its score there), ``B``'s holds every unit
``u - 1`` times (its mean over the units of its mean per unit), as long as the
units have the same number of seats, which :func:`seatings` checks.

A lineup is a tuple with the bot index (0 = the first bot) of every seat.

>>> [lineup_text(x) for x in seatings((0, 1, 2), 2)]
['AAB', 'ABA', 'BAA', 'ABB', 'BAB', 'BBA']
>>> [lineup_text(x) for x in seatings((0, 1, 0, 1), 2)]
['ABAB', 'BABA']
>>> [lineup_text(x) for x in seatings((0, 1, 2, 3, 4), 2, "field")]
['ABBBB', 'BABBB', 'BBABB', 'BBBAB', 'BBBBA']
>>> [lineup_text(x) for x in seatings((0, 1, 2, 0, 1, 2), 2, "field")]  # three teams of two
['ABBABB', 'BABBAB', 'BBABBA']
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Sequence

from jick.engine import RulesError

#: The default design: every mixed assignment (see the module docstring).
MIXED = "mixed"
#: One ``A`` in a field of ``B``'s, each unit in turn.
FIELD = "field"
#: The designs, each with a line of help.
SEATINGS = {
    MIXED: "every mixed seating of the bots (two bots at five seats: 30 plays a deal)",
    FIELD: "two bots only: the first alone among the second, each unit in turn (five seats: 5 plays a deal)",
}


def check_seating(seating: str, bots: int) -> None:
    """A RulesError unless ``seating`` is a known design that can seat ``bots`` bots.

    >>> check_seating("field", 3)
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: seating 'field' takes exactly two bots (got 3)
    """
    if seating not in SEATINGS:
        raise RulesError(f"unknown seating {seating!r} (known: {', '.join(SEATINGS)})")
    if seating == FIELD and bots != 2:
        raise RulesError(f"seating {FIELD!r} takes exactly two bots (got {bots})")


def units_of(sides: Sequence[int]) -> list[int]:
    """The distinct sides in the order their first seat comes."""
    units: list[int] = []
    for side in sides:
        if side not in units:
            units.append(side)
    return units


def field_assignments(units: int) -> list[tuple[int, ...]]:
    """The ``"field"`` design: in play ``i`` unit ``i`` gets bot 0, the others bot 1.

    >>> field_assignments(3)
    [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    return [tuple(int(unit != play) for unit in range(units)) for play in range(units)]


def unit_assignments(units: int, bots: int, seating: str = MIXED) -> list[tuple[int, ...]]:
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
    check_seating(seating, bots)
    if seating == FIELD:
        return field_assignments(units)
    if bots == 1:
        return [(0,) * units]
    if bots == 2:
        masks = sorted(range(1, 2**units - 1), key=lambda m: (m.bit_count(), m))
        return [tuple((mask >> (units - 1 - i)) & 1 for i in range(units)) for mask in masks]
    if bots == units:
        return list(itertools.permutations(range(bots)))
    return [tuple((i + shift) % bots for i in range(units)) for shift in range(bots)]


def seatings(sides: Sequence[int], bots: int, seating: str = MIXED) -> list[tuple[int, ...]]:
    """The lineups (bot index per seat) of one duplicate deal, given the side of every seat.

    >>> seatings((0, 1, 0, 1), 2)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> len(seatings((0, 1, 2, 3, 4), 2)), len(seatings((0, 1, 2), 3))
    (30, 6)
    """
    units = units_of(sides)
    sizes = {list(sides).count(side) for side in units}
    if seating == FIELD and len(sizes) > 1:
        raise RulesError(f"seating {FIELD!r} needs sides of one size (sides {list(sides)})")
    index = {side: i for i, side in enumerate(units)}
    plans = unit_assignments(len(units), bots, seating)
    return [tuple(plan[index[side]] for side in sides) for plan in plans]


def lineup_text(lineup: Sequence[int]) -> str:
    """A lineup as letters, bot 0 = ``A``.

    >>> lineup_text((0, 1, 1))
    'ABB'
    """
    return "".join(string.ascii_uppercase[b] for b in lineup)
