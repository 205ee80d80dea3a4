"""Smear bots for :func:`jick.bots.make_bot`: heuristic, search and the open-card cheater."""

from jick.games.smear.greedy import GreedyBot
from jick.games.smear.heuristic import HeuristicBot

__all__ = ["GreedyBot", "HeuristicBot"]

from jick.games.smear.search import CheaterBot, SearchBot  # noqa: E402

__all__ += ["SearchBot", "CheaterBot"]
