"""A simple heuristic Smear bot that looks only at its observation.

The bot counts the points it can probably take in each suit to bid and to name
trump, throws away its cheapest cards, wins tricks as cheaply as it can,
smears points onto a trick its partner is sure to take, and leads the top
trump when it holds it. It is fast and deterministic for a given seed, and it
is a baseline, not a strong player.

>>> from jick.games.smear import new_match
>>> s = new_match(seed=4)
>>> bot = GreedyBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> s.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from jick.bots.turn import only_action
from jick.cards import ACE, TEN, THREE, TWO, index_mask
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.rules import LowAward, LowCard, SmearRules
from jick.games.smear.tables import TRUMP, TrumpTable, captured_point_cards, game_points, trick_winner, trump_table

#: Extra weight that keeps point-scoring trumps out of discards and cheap plays.
POINT_CARD_WEIGHT = 50


def point_cards(rules: SmearRules, table: TrumpTable) -> dict[int, int]:
    """Card index -> value of the captured-card points it carries (Jack, Jick, jokers, Trey, Deuce)."""
    pts = rules.points
    out: dict[int, int] = {}
    for name, card in captured_point_cards(rules, table).items():
        out[card] = out.get(card, 0) + pts[name]
    return out


def estimate_points(rules: SmearRules, hand: int, trump: int, partners: int) -> float:
    """Rough number of points ``hand`` takes with ``trump``; ``partners`` = partners at the table."""
    table = trump_table(rules, trump)
    pts = rules.points
    trumps = hand & table.trumps
    length = trumps.bit_count()
    base = 13 * trump
    est = 0.0
    # capture chance of a held trump: falls with every missing higher trump, rises with length
    missing = 0
    capture: dict[int, float] = {}
    for card in table.order:
        if hand >> card & 1:
            capture[card] = min(1.0, max(0.1, 1.0 - 0.25 * missing + 0.05 * (length - 3)))
        else:
            missing += 1
    if "high" in pts and hand >> (base + ACE) & 1:
        est += pts["high"]
    for card, value in point_cards(rules, table).items():
        if card in capture:
            low_trump = card in (base + THREE, base + TWO)
            chance = min(0.7, max(0.1, 0.25 + 0.1 * (length - 2))) if low_trump else capture[card]
            est += value * chance
    if "low" in pts:
        deuce = base + TWO
        if rules.low_card is LowCard.DEUCE:
            if hand >> deuce & 1:
                est += pts["low"] * (1.0 if rules.low_award is LowAward.PLAYED_BY else 0.5)
        elif hand >> deuce & 1:
            est += pts["low"] * 0.55
        elif hand >> (base + THREE) & 1:
            est += pts["low"] * 0.4
        else:
            est += pts["low"] * 0.1
    if "game" in pts:
        chance = 0.2 + 0.08 * length + (0.1 if hand >> (base + TEN) & 1 else 0.0)
        est += pts["game"] * min(0.85, chance)
    # partners add points, and so do the kitty and a refill from the stock for the bidder
    est += 0.1 * rules.max_points * partners
    if rules.kitty_size:
        est += 0.15 * rules.max_points
    if rules.discard_mode == "refill":
        est += 0.05 * rules.max_points
    return est


class GreedyBot:
    """Bid on counted points, name the best suit, win tricks cheaply."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        # Reserved for tie-breaks; the choices below are deterministic.
        self._rng = random.Random(seed)

    def choose(self, observation: Any) -> Action:
        legal = observation.legal_actions
        if (only := only_action(legal)) is not None:
            return only
        phase = observation.phase
        if phase == "bidding":
            choice = self._bid(observation, legal)
        elif phase == "trump":
            choice = self._trump(observation, legal)
        elif phase == "discard":
            choice = self._discard(observation, legal)
        elif phase == "play":
            choice = self._play(observation, legal)
        elif A.ACTIONS[A.KEEP_ID] in legal:
            choice = A.ACTIONS[A.KEEP_ID]
        else:
            choice = legal[0]
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------ auction
    @staticmethod
    def _partners(obs: Any) -> int:
        return sum(1 for s, side in enumerate(obs.sides) if side == obs.my_side and s != obs.seat)

    def _bid(self, obs: Any, legal: Any) -> Action:
        bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
        can_pass = A.ACTIONS[A.PASS_ID] in legal
        if not bids:
            return A.ACTIONS[A.PASS_ID] if can_pass else legal[0]
        if not can_pass:  # the dealer must bid: the smallest bid
            return bids[0]
        if obs.bidder is not None and obs.sides[obs.bidder] == obs.my_side:
            return A.ACTIONS[A.PASS_ID]  # leave the contract with the partner
        hand = index_mask(obs.hand)
        partners = self._partners(obs)
        est = max(estimate_points(obs.rules, hand, t, partners) for t in range(4))
        lowest = bids[0].amount
        if est < lowest:
            return A.ACTIONS[A.PASS_ID]
        amount = max(lowest, min(int(est) - 1, bids[-1].amount))
        return A.ACTIONS[A.BID_BASE + amount]

    def _trump(self, obs: Any, legal: Any) -> Action:
        hand = index_mask(obs.hand)
        partners = self._partners(obs)
        suits = [a for a in legal if isinstance(a, A.NameTrump)]

        def strength(a: A.NameTrump) -> tuple[float, int]:
            length = (hand & trump_table(obs.rules, a.suit).trumps).bit_count()
            return estimate_points(obs.rules, hand, a.suit, partners), length

        return max(suits, key=strength)

    def _trump_lead(self, obs: Any, legal: Any) -> Action:
        plays = {a.card.index: a for a in legal if isinstance(a, A.Play) and a.card.index < 52}
        if not plays:
            return legal[0]  # type: ignore[no-any-return]
        hand = index_mask(obs.hand)
        partners = self._partners(obs)
        suit = max({c // 13 for c in plays}, key=lambda t: (estimate_points(obs.rules, hand, t, partners), -t))
        return plays[max((c for c in plays if c // 13 == suit), key=lambda c: c % 13)]

    # ------------------------------------------------------------------ discard
    def _discard(self, obs: Any, legal: Any) -> Action:
        table = trump_table(obs.rules, obs.trump)
        worth = point_cards(obs.rules, table)
        discards = [a for a in legal if isinstance(a, A.Discard)]
        done = A.ACTIONS[A.DONE_ID]
        if done in legal:
            # refill: shed every non-trump it may, then be dealt back up
            nontrumps = [a for a in discards if not table.trumps >> a.card.index & 1]
            if nontrumps:
                return min(nontrumps, key=lambda a: self._cost(table, worth, a.card.index))
            return done
        if not discards:
            return legal[0]  # type: ignore[no-any-return]
        return min(discards, key=lambda a: self._cost(table, worth, a.card.index))

    @staticmethod
    def _cost(table: TrumpTable, worth: dict[int, int], card: int) -> int:
        """How much it hurts to give this card away: low non-trumps first, point trumps last."""
        if table.trumps >> card & 1:
            return 100 + table.strength[card] + (POINT_CARD_WEIGHT if card in worth else 0)
        return table.strength[card] + 2 * game_points(1 << card)

    # ------------------------------------------------------------------ play
    def _play(self, obs: Any, legal: Any) -> Action:
        if obs.trump is None:  # the pitcher's lead names trump: the suit it would name, its top card
            return self._trump_lead(obs, legal)
        table = trump_table(obs.rules, obs.trump)
        worth = point_cards(obs.rules, table)
        plays = {a.card.index: a for a in legal if isinstance(a, A.Play)}
        if not plays:
            return legal[0]  # type: ignore[no-any-return]
        cheapest = min(plays, key=lambda c: self._cost(table, worth, c))
        trick = [c.index for _, c in obs.trick]
        if not trick:
            return plays[self._lead(obs, table, worth, plays, cheapest)]
        win_pos = trick_winner(table, trick)
        winner_seat = obs.trick[win_pos][0]
        played = {seat for seat, _ in obs.trick}
        last_to_play = not any(
            size > 0 and seat != obs.seat and seat not in played for seat, size in enumerate(obs.hand_sizes)
        )
        if obs.sides[winner_seat] == obs.my_side:
            if last_to_play:
                # the trick is ours whatever we play: smear the most points onto it
                best = max(plays, key=lambda c: (self._points_on(worth, c), -self._cost(table, worth, c)))
                if self._points_on(worth, best) > 0:
                    return plays[best]
            return plays[cheapest]
        winning = [c for c in plays if trick_winner(table, trick + [c]) == len(trick)]
        if winning:
            return plays[min(winning, key=lambda c: table.strength[c])]
        return plays[cheapest]

    @staticmethod
    def _points_on(worth: dict[int, int], card: int) -> int:
        return 10 * worth.get(card, 0) + game_points(1 << card)

    def _lead(
        self, obs: Any, table: TrumpTable, worth: dict[int, int], plays: Mapping[int, Action], cheapest: int
    ) -> int:
        hand = index_mask(obs.hand)
        gone = index_mask(obs.own_discards) | index_mask(c for _, c in obs.buried)
        for trick in obs.witnessed:
            gone |= index_mask(c for _, c in trick.plays)
        for card in table.order:
            if gone >> card & 1:
                continue
            if hand >> card & 1 and card in plays:
                return card  # the top trump still out: draw trumps with it
            break
        aces = [c for c in plays if table.eff_suit[c] != TRUMP and c % 13 == ACE and c < 52]
        if aces:
            return aces[0]
        return cheapest
