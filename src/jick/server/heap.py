"""The server process's cyclic garbage collector, tuned for a large heap that lives long.

A server with hundreds of tables holds over half a million objects that the
collector tracks (games, their logs, and each websocket's coroutines and
closures). With Python's default thresholds (700, 10, 10) a full collection
walks all of them every few seconds of play, and the event loop stands still
meanwhile: 0.2 s on an idle core, over a second on a busy machine, which
every action in flight pays as latency. :func:`settle` is called once, when
the server has imported everything and built its application:

* the objects alive then (modules, classes, the app) are frozen: no
  collection walks them again;
* the youngest generation is collected every 10,000 new objects instead of
  700 (each such collection still takes a millisecond or two), the middle one
  every tenth of those;
* a full collection waits for 1,000 middle ones (hours at any load), so
  cyclic garbage that lived long enough to reach the oldest generation is
  freed late, not never.
"""

from __future__ import annotations

import gc

__all__ = ["THRESHOLDS", "settle"]

#: The collector's thresholds while the server runs (:func:`gc.set_threshold`).
THRESHOLDS = (10_000, 10, 1_000)


def settle() -> None:
    """Freeze what is alive now and set :data:`THRESHOLDS` (call once, before serving)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
