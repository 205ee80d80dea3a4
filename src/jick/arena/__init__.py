"""The arena: bots against bots over duplicate deals, with confidence intervals and ratings.

Every deal is dealt from a seed derived from the arena seed and the deal's
index, and played once for each seating of the bots (:mod:`jick.arena.seating`),
so each bot gets the same cards in the same seats as the other: the luck of
the deal cancels out. A "deal" is the first scored deal of a match (a Smear
hand, a Tarok deal, a Lift Smoke game); what that means for each game is in its
``arena`` module (:mod:`jick.arena.hooks`). With three or more bots every pair
is run (a league) and the bots are rated with openskill.

>>> from jick.arena import run_arena
>>> result = run_arena("tarok_3p", ["heuristic", "random"], deals=3, seed=1)
>>> [s.name for s in result.summaries], len(result.deals), len(result.deals[0].plays)
(['heuristic', 'random'], 3, 6)
>>> pair = result.pairs[0]
>>> (pair.a, pair.b, pair.difference.n)
('heuristic', 'random', 3)
>>> abs(pair.difference.mean - (pair.mean_a - pair.mean_b)) < 1e-9
True
>>> result.to_dict() == run_arena("tarok_3p", "heuristic,random", deals=3, seed=1).to_dict()
True
>>> sorted(result.to_dict())
['bots', 'pairs', 'parameters', 'ratings', 'raw']

Modules: ``seating`` (who sits where), ``seeds``, ``hooks`` (the per-game
``arena`` modules), ``worker`` (one deal or match, in a worker process),
``stats`` (intervals), ``summary`` (per bot and per pair), ``ratings``,
``chart``, ``result`` and ``report`` (tables and JSON), ``runner`` (``run_arena``).
"""

from __future__ import annotations

from jick.arena.result import ArenaResult
from jick.arena.runner import parse_bots, run_arena
from jick.arena.seating import seatings

__all__ = ["ArenaResult", "parse_bots", "run_arena", "seatings"]
