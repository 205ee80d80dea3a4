"""The Tarok observation tensor (see :mod:`jick.envs.tensors`).

Cards are one-hot over the 54 card indices of :mod:`jick.games.tarok.cards`
(trumps 0..21, then the suit cards). Rows of seat tables are relative to the
observing seat. Scores are divided by 100.

>>> from jick.games.tarok import new_match
>>> state = new_match("tarok_3p", seed=1)
>>> enc = TarokEncoder(state.rules)
>>> enc.size, enc.layout["played"].shape
(659, (3, 54))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jick.envs.tensors import Encoder, FloatArray, LayoutBuilder, add_table
from jick.games.tarok.actions import NUM_ACTIONS, SOLO_ID, THREESOME_ID
from jick.games.tarok.cards import NUM_CARDS
from jick.games.tarok.rules import TarokRules
from jick.games.tarok.state import PHASE_NAMES

ROLES = ("forehand", "middle", "end", "dealer")
CONTRACTS = ("threesome", "solo")
GAME_TYPES = ("game", "consolation")
MELD_NAMES = ("trull", "four_kings")
#: Scores are written divided by this.
SCORE_SCALE = 100.0
#: Tricks in a deal (16 cards dealt to each seat).
MAX_HAND = 16
#: Cards a seat holds at most: 16 and a widow half of 3 before the bidder lays away.
MAX_HOLD = 19


def tarok_layout(rules: TarokRules) -> LayoutBuilder:
    n, c = rules.num_players, NUM_CARDS
    b = LayoutBuilder()
    b.add("hand", c, "the seat's own cards")
    b.add("widow_seen", c, "widow cards this seat looked at privately (the threesome bidder)")
    b.add("widow_exposed", c, "widow cards lying face up for everyone")
    b.add("own_discards", c, "the bidder's own discards (for the bidder)")
    b.add("announced_discards", c, "discarded trumps, announced to everyone")
    add_table(b, n, c, "completed tricks of this deal, by who played each card")
    b.add("sitting_out", n, "the dealer who sits out (four players)")
    b.add("role", len(ROLES), "the seat's role: " + " ".join(ROLES))
    b.add("phase", len(PHASE_NAMES), "one-hot: " + " ".join(PHASE_NAMES))
    b.add("calls", (n, 3), "each seat's call in the auction: pass, threesome, solo")
    b.add("bidder", n, "the bidder")
    b.add("contract", len(CONTRACTS), "threesome or solo")
    b.add("game_type", len(GAME_TYPES), "game or consolation")
    b.add("multiplier", 3, "the multiplier 1, 2 or 3, one-hot")
    b.add("melds", (n, len(MELD_NAMES)), "melds declared: trull, four kings")
    b.add("ultimo", 1, "the bidder announced ultimo")
    b.add("contra", n, "the seat that said contra-ultimo")
    b.add("discard_count", 1, "cards laid away, divided by 3")
    b.add("hand_sizes", n, f"cards held, divided by {MAX_HOLD}")
    b.add("tricks_won", n, f"tricks won this deal, divided by {MAX_HAND}")
    b.add("match_progress", 1, "deals played before this one, divided by deals_per_match")
    b.add("scores", n, f"each seat's score divided by {SCORE_SCALE:g}", low=-np.inf, high=np.inf)
    return b


class TarokEncoder(Encoder):
    game = "tarok"
    num_actions = NUM_ACTIONS

    make_layout = staticmethod(tarok_layout)

    def __init__(self, rules: TarokRules) -> None:
        super().__init__(rules)
        self._deals = float(rules.deals_per_match)

    def fill(self, obs: Any, out: FloatArray) -> None:
        c = NUM_CARDS
        self.cards(out, "hand", obs.hand)
        self.cards(out, "widow_seen", obs.widow_seen)
        self.cards(out, "widow_exposed", obs.widow_exposed)
        self.cards(out, "own_discards", obs.own_discards)
        self.cards(out, "announced_discards", obs.announced_discards)
        self.table(out, obs, c)
        self.seat_one_hot(out, "sitting_out", obs, obs.sitting_out)
        self.one_hot(out, "role", ROLES.index(obs.role))
        self.one_hot(out, "phase", PHASE_NAMES.index(obs.phase))
        calls = self._offsets["calls"]
        for seat, action in obs.bids:
            call = 2 if action.id == SOLO_ID else 1 if action.id == THREESOME_ID else 0
            out[calls + 3 * self.rel(obs, seat) + call] = 1.0
        self.seat_one_hot(out, "bidder", obs, obs.bidder)
        if obs.contract is not None:
            self.one_hot(out, "contract", CONTRACTS.index(obs.contract))
        if obs.game_type is not None:
            self.one_hot(out, "game_type", GAME_TYPES.index(obs.game_type))
        if obs.bidder is not None and 1 <= obs.multiplier <= 3:
            self.one_hot(out, "multiplier", obs.multiplier - 1)
        melds = self._offsets["melds"]
        for seat, name in obs.melds:
            out[melds + 2 * self.rel(obs, seat) + MELD_NAMES.index(name)] = 1.0
        out[self._offsets["ultimo"]] = float(obs.ultimo)
        self.seat_one_hot(out, "contra", obs, obs.contra)
        out[self._offsets["discard_count"]] = obs.discard_count / 3.0
        self.seat_values(out, "hand_sizes", obs, obs.hand_sizes, float(MAX_HOLD))
        self.seat_values(out, "tricks_won", obs, obs.tricks_won, float(MAX_HAND))
        out[self._offsets["match_progress"]] = (obs.deal_number - 1) / self._deals
        self.seat_values(out, "scores", obs, obs.scores, SCORE_SCALE)
