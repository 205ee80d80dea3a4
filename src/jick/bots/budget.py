"""How much thought a search bot gives one decision: counts, and a wall-clock deadline.

The counts (sampled worlds, rollout steps, solver nodes) fix the choice: a bot
with a given seed makes the same choice from the same observation on any
machine, as long as the deadline is not reached. The deadline (``seconds``)
is the promise to the people waiting: a decision never takes much longer,
whatever the table size or the options. When it is reached the search stops
and answers with the best choice found so far (and says so in its
explanation's ``details["deadline_hit"]``).

>>> Budget(worlds=24, min_worlds=6, steps=4000).worlds_for(candidates=5, rollout_length=40)
20
>>> d = Deadline(None)
>>> d.expired(), d.remaining() > 1e9
(False, True)
>>> Deadline(0.0).expired()
True
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace

#: The deadline of a decision at each level for people: ``normal`` answers within about a second,
#: ``hard`` within a few (the counts usually finish well before).
LEVEL_SECONDS = {"easy": 0.5, "normal": 0.7, "hard": 3.0}


class SamplingError(Exception):
    """No world consistent with the observation could be built (the bot then falls back to its heuristic)."""


@dataclass(frozen=True)
class Budget:
    """The search effort of one decision.

    * ``worlds``: most sampled worlds (deals) per decision;
    * ``min_worlds``: fewest worlds before a count cap (``steps``, ``nodes``)
      may end the search early;
    * ``steps``: rollout steps per decision; the rollout searches
      (:mod:`jick.bots.pimc`) size their worlds by it (:meth:`worlds_for`);
    * ``nodes``: solver positions per decision (the Smear play); one solve
      gets at least ``nodes // min_worlds`` of them, so no single deal can
      eat the decision's time; ``solve_nodes`` sets that cap of one solve
      instead;
    * ``auction_worlds`` and ``bids_tried``: Smear's play-outs per bid or
      trump choice, and how many bids it tries;
    * ``seconds``: the wall-clock deadline of a decision (None: none);
    * ``parallel``: deals solved at once in the Smear play, on up to that
      many threads (:func:`thinking_threads`); each solve's share of ``nodes``
      is set by the solves ``parallel`` before it, so the choice does not
      depend on how many threads the machine gives.
    """

    worlds: int = 24
    min_worlds: int = 1
    steps: int | None = None
    nodes: int | None = None
    solve_nodes: int | None = None
    auction_worlds: int = 0
    bids_tried: int = 0
    seconds: float | None = None
    parallel: int = 1

    def worlds_for(self, candidates: int, rollout_length: int) -> int:
        """Worlds for a rollout search: ``steps // (candidates * rollout_length)`` within the bounds."""
        if self.steps is None:
            return self.worlds
        per_world = max(1, candidates * max(1, rollout_length))
        return max(self.min_worlds, min(self.worlds, self.steps // per_world))

    def with_seconds(self, seconds: float | None) -> Budget:
        """The same counts with another deadline.

        >>> Budget(seconds=1.0).with_seconds(0.25).seconds
        0.25
        """
        if seconds is not None and seconds <= 0:
            raise ValueError(f"thinking time must be positive, not {seconds}")
        return replace(self, seconds=seconds)


#: The most threads one decision thinks on, whatever the machine has.
MAX_THREADS = 4
_threads: list[int] = []


def thinking_threads() -> int:
    """Threads a search bot may think one decision on: the CPUs this process may use (at most
    :data:`MAX_THREADS`), unless :func:`set_thinking_threads` said otherwise.

    A person's table has one bot thinking at a time, so the other cores are free; the arena, which runs
    several games at once, gives each of its worker processes its share.

    >>> set_thinking_threads(1); thinking_threads()
    1
    >>> set_thinking_threads(None); 1 <= thinking_threads() <= MAX_THREADS
    True
    """
    if _threads:
        return _threads[0]
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this platform
        cpus = os.cpu_count() or 1
    return max(1, min(MAX_THREADS, cpus))


def set_thinking_threads(threads: int | None) -> None:
    """Set the threads of :func:`thinking_threads` for this process (None: the machine's default)."""
    if threads is not None and threads < 1:
        raise ValueError(f"a decision needs at least one thread, not {threads}")
    _threads[:] = [] if threads is None else [threads]


class Deadline:
    """A wall-clock limit started at construction; ``hit`` records that it cut a search short."""

    __slots__ = ("end", "hit")

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.monotonic() + seconds
        self.hit = False

    def remaining(self) -> float:
        """Seconds left (infinity without a limit, never below zero)."""
        if self.end is None:
            return float("inf")
        return max(0.0, self.end - time.monotonic())

    def expired(self) -> bool:
        """True once the limit has passed; the first True also sets ``hit``."""
        if self.end is not None and time.monotonic() >= self.end:
            self.hit = True
            return True
        return False
