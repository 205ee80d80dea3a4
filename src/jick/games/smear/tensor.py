"""The Smear observation tensor (see :mod:`jick.envs.tensors`).

Cards are one-hot over the 55 card indices of :mod:`jick.cards` (52 suited
cards, ``HJ``, ``LJ``, ``JK``) whatever the deck of the rules, so the
layout depends only on the player count, the number of sides and the
highest bid. Rows of seat tables are relative to the observing seat; side
tables are relative to its side.

>>> from jick.games.smear import new_match
>>> state = new_match("smear_ten_point", seed=1)
>>> enc = SmearEncoder(state.rules)
>>> enc.size, enc.layout["calls"].shape
(940, (4, 13))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jick.envs.tensors import Encoder, FloatArray, LayoutBuilder, add_table
from jick.games.smear.actions import NUM_ACTIONS, Bid, Moon, Pass
from jick.games.smear.rules import HAND_AFTER_DISCARD, SmearRules
from jick.games.smear.tables import deck_cards

CARD_SLOTS = 55
PHASES = ("misdeal_offer", "bidding", "trump", "discard", "play", "over", "deal")


def smear_layout(rules: SmearRules) -> LayoutBuilder:
    n, k, c = rules.num_players, rules.num_sides, CARD_SLOTS
    b = LayoutBuilder()
    b.add("hand", c, "the seat's own cards")
    b.add("kitty", c, "the kitty cards, for the seat that took them")
    b.add("own_discards", c, "cards this seat discarded face down")
    b.add("buried", (n, c), "trumps buried face up, by the seat that buried them")
    add_table(b, n, c, "completed tricks the seat may review (trick_history_visible), by who played each card")
    b.add("partner", n, "1 for every seat of the observing seat's side (itself included)")
    b.add("phase", len(PHASES), "one-hot: " + " ".join(PHASES))
    b.add("calls", (n, rules.max_bid + 3), "each seat's last call: pass, moon, or bid 0..max_bid one-hot")
    b.add("bidder", n, "the high bidder")
    b.add("bid", rules.max_bid + 1, "the winning bid, one-hot (none for a moon)")
    b.add("moon", 1, "the winning call is a moon")
    b.add("trump", 4, "the trump suit S H D C")
    b.add("hand_sizes", n, "cards held, divided by the most a seat can hold")
    b.add("discard_counts", n, "cards discarded, divided by the most a seat can hold")
    b.add("received_counts", n, "cards dealt back from the stock, divided by the most a seat can hold")
    b.add("tricks_won", n, f"tricks won this hand, divided by {HAND_AFTER_DISCARD}")
    b.add("low_credited", k, "the side credited with Low as soon as it was played (deuce played_by rules)")
    b.add("scores", k, "match score of each side divided by target_score (own side first)", low=-np.inf, high=np.inf)
    return b


def card_scale(rules: SmearRules) -> int:
    """What card counts are divided by: the most a seat can hold (the dealer who robs the pack takes the stock)."""
    if rules.dealer_robs_pack:
        return len(deck_cards(rules)) - (rules.num_players - 1) * rules.hand_size
    return rules.hand_size + rules.kitty_size


class SmearEncoder(Encoder):
    game = "smear"
    num_actions = NUM_ACTIONS

    make_layout = staticmethod(smear_layout)

    def __init__(self, rules: SmearRules) -> None:
        super().__init__(rules)
        self.num_sides = rules.num_sides
        self._width = rules.max_bid + 3
        self._cards_scale = float(card_scale(rules))
        self._target = float(rules.target_score)
        self._sides = tuple(rules.side_of(s) for s in range(rules.num_players))

    def fill(self, obs: Any, out: FloatArray) -> None:
        c = CARD_SLOTS
        self.cards(out, "hand", obs.hand)
        self.cards(out, "kitty", obs.kitty)
        self.cards(out, "own_discards", obs.own_discards)
        self.trick_cards(out, "buried", obs, obs.buried, c)
        self.table(out, obs, c)
        mine = self._sides[obs.seat]
        self.seat_values(out, "partner", obs, [float(s == mine) for s in self._sides], 1.0)
        # the call of a partner (call_partner) shares the slot of the trump call: the layout stays the same
        self.one_hot(out, "phase", PHASES.index("trump" if obs.phase == "call" else obs.phase))
        calls = self._offsets["calls"]
        last: dict[int, Any] = {}
        for seat, action in obs.bids:
            last[seat] = action
        for seat, action in last.items():
            row = calls + self.rel(obs, seat) * self._width
            if isinstance(action, Pass):
                out[row] = 1.0
            elif isinstance(action, Moon):
                out[row + 1] = 1.0
            elif isinstance(action, Bid) and action.amount + 2 < self._width:
                out[row + 2 + action.amount] = 1.0
        self.seat_one_hot(out, "bidder", obs, obs.bidder)
        if obs.bid is not None and obs.bid + 1 <= self.layout["bid"].size:
            self.one_hot(out, "bid", obs.bid)
        out[self._offsets["moon"]] = float(obs.moon)
        self.one_hot(out, "trump", obs.trump)
        self.seat_values(out, "hand_sizes", obs, obs.hand_sizes, self._cards_scale)
        self.seat_values(out, "discard_counts", obs, obs.discard_counts, self._cards_scale)
        self.seat_values(out, "received_counts", obs, obs.received_counts, self._cards_scale)
        self.seat_values(out, "tricks_won", obs, obs.tricks_won, float(HAND_AFTER_DISCARD))
        k = self.num_sides
        if obs.low_credited_to is not None:
            self.one_hot(out, "low_credited", (obs.low_credited_to - mine) % k)
        base = self._offsets["scores"]
        for side, score in enumerate(obs.scores):
            out[base + (side - mine) % k] = score / self._target
