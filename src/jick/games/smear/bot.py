"""Smear bots for :func:`jick.bots.make_bot`: heuristic (``GreedyBot`` for now)."""

from jick.bots.greedy import GreedyBot

#: The heuristic bot of ``make_bot("heuristic", game="smear")``.
HeuristicBot = GreedyBot

__all__ = ["GreedyBot", "HeuristicBot"]

from jick.games.smear.search import CheaterBot, SearchBot  # noqa: E402

__all__ += ["SearchBot", "CheaterBot"]
