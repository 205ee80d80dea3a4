"""The snapshot undo log: an entry is an action and, every few actions, a snapshot of the value list.

A state keeps its small values in one flat list of ints, ``v``. The core owns
its first :data:`CORE_SLOTS` slots; the game's own slots follow. Four of the
core slots always equal the lengths of the append-only logs (deals, results,
and the current deal's actions and tricks), so the snapshot alone says where
to cut those logs back.

A state keeps its entries in two lists, the actions and the snapshots (tuples
of ints), not as ``(action, snapshot)`` pairs: a tuple of ints leaves the
cycle collector's lists at its first collection, a pair holding an action
never does, and the collector walked every one of them again and again.
Even so, making a snapshot and the collector's one walk over it were a fifth
of an action's time, so a player's action keeps one only every few actions
of a deal (``None`` in between); undo goes back to the last one and applies
the actions after it again (``TrickState._take_back``).

>>> from jick.core.deals import DealLog
>>> deals = [DealLog((0, 1), 0, [(0, 5)], ["t1"])]
>>> results: list[str] = []
>>> v = [0] * CORE_SLOTS
>>> v[DEAL_NO], v[ACTION_NO] = 1, 1
>>> snapshot = tuple(v)
>>> deals[0].actions.append((1, 6)); deals[0].tricks.append("t2"); results.append("r")
>>> cut_back(snapshot, deals, results, keep_outcome=False)
>>> deals[0].actions, deals[0].tricks, results
([(0, 5)], [], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

from jick.core.deals import Log

# The core's slots of the value list: the phase, the seat to move, the dealer, and the log lengths.
# Final, so that the compiled build reads them as constants, not as module globals.
PHASE: Final = 0
TO_MOVE: Final = 1
DEALER: Final = 2
DEAL_NO: Final = 3
RESULTS_NO: Final = 4
ACTION_NO: Final = 5
TRICK_NO: Final = 6
#: The first slot a game may use for itself.
CORE_SLOTS: Final = 7

LogT = TypeVar("LogT", bound=Log)


def cut_back(v: Sequence[int], deals: list[LogT], results: list[Any], keep_outcome: bool) -> None:
    """Cut the logs back to the lengths ``v`` holds; clear the last deal's outcome unless ``keep_outcome``.

    ``keep_outcome`` is true while the state waits for the next deck: the last deal is finished.
    """
    del deals[v[DEAL_NO] :]
    if deals:
        deal = deals[-1]
        del deal.actions[v[ACTION_NO] :]
        del deal.tricks[v[TRICK_NO] :]
        if not keep_outcome:
            deal.outcome = ""
    del results[v[RESULTS_NO] :]
