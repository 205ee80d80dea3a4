"""The Lift Smoke observation tensor (see :mod:`jick.envs.tensors`).

Cards are one-hot over the 52 card indices of :mod:`jick.cards`. Rows of
seat tables are relative to the observing seat. Chips (the pot, the totals)
are divided by the antes of a full table (``ante * players``).

>>> from jick.games.liftsmoke import new_match
>>> state = new_match("lift_smoke", seed=1)
>>> enc = LiftSmokeEncoder(state.rules)
>>> enc.size, enc.layout["trick"].shape
(564, (4, 52))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jick.envs.tensors import Encoder, FloatArray, LayoutBuilder, add_table
from jick.games.liftsmoke.actions import NUM_ACTIONS
from jick.games.liftsmoke.rules import DECK_SIZE, LiftSmokeRules
from jick.games.liftsmoke.state import PHASE_NAMES


def liftsmoke_layout(rules: LiftSmokeRules) -> LayoutBuilder:
    n, c = rules.num_players, DECK_SIZE
    b = LayoutBuilder()
    b.add("hand", c, "the seat's own cards")
    b.add("trump", 4, "the trump suit S H D C")
    b.add("trump_card", c, "the turned trump card")
    b.add("trump_card_holder", n, "the dealer while he is known to hold the turned card")
    add_table(b, n, c, "completed tricks of this game, by who played each card")
    b.add("seated", n, "seats dealt into this game")
    b.add("active", n, "seats still holding cards")
    b.add("hand_sizes", n, "cards held, divided by the number of players")
    b.add("phase", len(PHASE_NAMES), "one-hot: " + " ".join(PHASE_NAMES))
    b.add("stock_size", 1, f"cards in the stock, divided by {DECK_SIZE}")
    b.add("discard_size", 1, f"cards on the discard pile, divided by {DECK_SIZE}")
    b.add("reshuffles", 1, "reshuffles of the discard pile in this game", high=np.inf)
    b.add("pot", 1, "chips in the pot, divided by ante x players", high=np.inf)
    b.add("scores", n, "chip totals divided by ante x players", low=-np.inf, high=np.inf)
    return b


class LiftSmokeEncoder(Encoder):
    game = "liftsmoke"
    num_actions = NUM_ACTIONS

    make_layout = staticmethod(liftsmoke_layout)

    def __init__(self, rules: LiftSmokeRules) -> None:
        super().__init__(rules)
        self._chips = float(rules.ante * rules.num_players)

    def fill(self, obs: Any, out: FloatArray) -> None:
        c = DECK_SIZE
        n = self.num_players
        self.cards(out, "hand", obs.hand)
        self.one_hot(out, "trump", obs.trump)
        if obs.trump_card is not None:
            self.cards(out, "trump_card", (obs.trump_card,))
        self.seat_one_hot(out, "trump_card_holder", obs, obs.trump_card_holder)
        self.table(out, obs, c)
        for seat in obs.seated:
            self.seat_one_hot(out, "seated", obs, seat)
        for seat in obs.active:
            self.seat_one_hot(out, "active", obs, seat)
        self.seat_values(out, "hand_sizes", obs, obs.hand_sizes, float(n))
        self.one_hot(out, "phase", PHASE_NAMES.index(obs.phase))
        out[self._offsets["stock_size"]] = obs.stock_size / c
        out[self._offsets["discard_size"]] = obs.discard_size / c
        out[self._offsets["reshuffles"]] = float(obs.reshuffles)
        out[self._offsets["pot"]] = obs.pot / self._chips
        self.seat_values(out, "scores", obs, obs.scores, self._chips)
