"""A learned Smear bidding policy as a jick bot: ``policy:FILE.npz`` in ``jick arena``.

The bot bids with a linear model of the hand's value per call and plays
everything else (trump, discards, cards) as the heuristic bot does. The
model is a ``.npz`` file with ``actions`` (the action ids it scores: pass
and the bids) and ``weights`` (one row of :func:`bid_features` weights per
action); ``examples/smear_bidding.py`` learns one from the Gymnasium
environment. At a bid the bot takes the legal call with the highest
predicted points for its side.

>>> import numpy as np, tempfile, pathlib
>>> from jick.games.smear import new_match
>>> state = new_match("smear_ten_point", seed=1)
>>> obs = state.observation(state.current_player)
>>> x = bid_features(obs)
>>> x.shape == (NUM_FEATURES,), float(x[-1])
(True, 1.0)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "pass.npz"
>>> ids = np.array([a.id for a in obs.legal_actions])
>>> np.savez(path, actions=ids, weights=np.zeros((len(ids), NUM_FEATURES)))
>>> make_policy_bot(str(path), seed=1).choose(obs) in obs.legal_actions
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from jick.engine import Action, RulesError
from jick.games.smear.tables import game_points, trump_table

__all__ = ["NUM_FEATURES", "LinearBidBot", "bid_features", "make_policy_bot"]

#: Trump ranks from the top (Ace, King, ... the deuce; jokers and the Jick in between).
TRUMP_SLOTS = 18
MAX_SEATS = 8
MAX_BID = 10
#: trump slots, trump count, second suit, off-suit aces/kings/tens, game points, seat after the dealer,
#: high bid so far, partner's call (bid, passed), bias.
NUM_FEATURES = TRUMP_SLOTS + 1 + 1 + 3 + 1 + MAX_SEATS + (MAX_BID + 1) + 2 + 1


def bid_features(obs: Any) -> npt.NDArray[np.float64]:
    """What the bid model reads of a Smear observation in the auction.

    The hand is seen through its best trump suit (the most trumps, then the
    highest): which trump ranks it holds from the top, how many, how many the
    second suit would give, the off-suit aces, kings and tens and the game
    points in hand; then the seat's place after the dealer, the high bid so
    far and the partner's call.
    """
    rules = obs.rules
    hand = 0
    for card in obs.hand:
        hand |= 1 << card.index
    ranked = []
    for suit in range(4):
        table = trump_table(rules, suit)
        held = [i for i, c in enumerate(table.order) if hand >> c & 1]
        ranked.append((len(held), -sum(held), suit, held, table))
    ranked.sort(reverse=True)
    _, _, trump, held, table = ranked[0]
    x = np.zeros(NUM_FEATURES)
    for i in held:
        x[min(i, TRUMP_SLOTS - 1)] = 1.0
    at = TRUMP_SLOTS
    x[at] = len(held) / 6.0
    x[at + 1] = ranked[1][0] / 6.0
    plain = hand & ~table.trumps
    x[at + 2] = sum(1 for c in range(52) if plain >> c & 1 and c % 13 == 12)
    x[at + 3] = sum(1 for c in range(52) if plain >> c & 1 and c % 13 == 11)
    x[at + 4] = sum(1 for c in range(52) if plain >> c & 1 and c % 13 == 8)
    x[at + 5] = game_points(hand) / 10.0
    at += 6
    n = rules.num_players
    x[at + min((obs.seat - obs.dealer - 1) % n, MAX_SEATS - 1)] = 1.0
    at += MAX_SEATS
    high = max((getattr(a, "amount", 0) for _, a in obs.bids), default=0)
    x[at + min(high, MAX_BID)] = 1.0
    at += MAX_BID + 1
    partners = [s for s in range(n) if s != obs.seat and obs.sides[s] == obs.sides[obs.seat]]
    for seat, action in obs.bids:
        if seat in partners:
            amount = getattr(action, "amount", None)
            if amount is None:
                x[at + 1] = 1.0
            else:
                x[at] = amount / MAX_BID
    x[-1] = 1.0
    return x


class LinearBidBot:
    """Bids with a linear model (see the module docstring); the heuristic does the rest."""

    name = "policy"

    def __init__(self, path: str | Path, seed: int | None = None) -> None:
        from jick.bots import make_bot

        try:
            data = np.load(path)
            self.actions = [int(a) for a in data["actions"]]
            self.weights = np.asarray(data["weights"], dtype=np.float64)
        except (OSError, KeyError, ValueError) as exc:
            raise RulesError(f"cannot read the policy file {path}: {exc}") from None
        if self.weights.shape != (len(self.actions), NUM_FEATURES):
            raise RulesError(f"the policy file {path} does not hold {NUM_FEATURES} weights per action")
        self.row = {a: i for i, a in enumerate(self.actions)}
        self.base = make_bot("heuristic", seed, game="smear")

    def values(self, obs: Any) -> dict[Action, float]:
        """Predicted points for the bot's side of each legal call the model knows."""
        q = self.weights @ bid_features(obs)
        return {a: float(q[self.row[a.id]]) for a in obs.legal_actions if a.id in self.row}

    def choose(self, obs: Any) -> Action:
        if obs.phase == "bidding" and len(obs.legal_actions) > 1:
            values = self.values(obs)
            if values:
                return max(values, key=lambda a: values[a])
        return self.base.choose(obs)


def make_policy_bot(argument: str, seed: int | None = None) -> Any:
    """The bot named ``policy:FILE.npz``."""
    return LinearBidBot(argument, seed)
