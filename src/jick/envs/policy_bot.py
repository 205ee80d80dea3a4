"""A learned bidding policy as a jick bot: ``policy:FILE.npz`` in ``jick arena``.

The policy is a game's own (the registration part ``policy_bot``; Smear's
is :mod:`jick.games.smear.policy_bot`, which documents the file); this
module finds it.
"""

from __future__ import annotations

from typing import Any

from jick.engine import RulesError
from jick.game import get_game, registered_games

__all__ = ["make_policy_bot"]


def make_policy_bot(argument: str, seed: int | None = None, game: str | None = None, think: float | None = None) -> Any:
    """The bot named ``policy:FILE.npz`` for ``game`` (default: the first game that has a policy bot).

    >>> make_policy_bot("x.npz", game="tarok")
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: a policy file bids in Smear, not in Tarok
    """
    having = [g for g in registered_games() if g.has_part("policy_bot")]
    if not having:
        raise RulesError("no installed game has a policy bot")
    registration = having[0] if game is None else get_game(game)
    if not registration.has_part("policy_bot"):
        raise RulesError(f"a policy file bids in {' or '.join(g.title for g in having)}, not in {registration.title}")
    return registration.load_part("policy_bot")(argument, seed)
