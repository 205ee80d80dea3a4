"""The greedy Smear bot (``make_bot("greedy", game="smear")``); it lives in :mod:`jick.bots.greedy`."""

from jick.bots.greedy import GreedyBot

__all__ = ["GreedyBot"]
