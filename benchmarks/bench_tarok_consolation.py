"""How much a threesome for consolation is made in ``tarok_3p``, by hand strength and defence.

The forehand is made to call a threesome, take the first widow half (``m = 1``) and play for the
contract given (``--contract consolation`` or ``game``); the other two pass and defend. Printed per
band of :func:`jick.games.tarok.bot.expected_count` (the hand's rating before the widow): deals, how
often the contract is made, the bidder's card points and his mean score change per opponent.

``--defence`` picks the defenders' play against a consolation:

* ``heuristic``: the heuristic bot's (it plays to lose tricks, like the bidder);
* ``forcing``: :class:`ForcingDefender`, which plays to make the bidder take tricks: it leads and
  follows with the card he is most likely to have to beat, piles counters under him when he surely
  wins the trick, and sheds high cards when its own side takes it;
* ``cooperative``: forcing defenders and a bidder who plays to *take* card points (the heuristic's
  game play): everyone at the table pushes points onto the bidder, a bound on what any defence can
  do against a bidder who plays to avoid them.

Usage (300 deals of heuristic play take about a minute on one core)::

    .venv/bin/python benchmarks/bench_tarok_consolation.py --deals 400 --defence forcing
    .venv/bin/python benchmarks/bench_tarok_consolation.py --deals 400 --contract game
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok import new_match
from jick.games.tarok.bot import HeuristicBot, TarokView, _Table, expected_count
from jick.games.tarok.cards import NUM_TRUMPS, TRUMPS, trick_winner
from jick.games.tarok.sampling import GROUP_MASKS, TRUMP_GROUP, group_of
from jick.games.tarok.state import shuffled_deck

#: Bands of the forehand's hand rating.
BANDS = ((0, 21), (21, 24), (24, 27), (27, 30), (30, 33), (33, 36), (36, 99))


class _ForcingTable(_Table):
    """The heuristic's table, with a defence against a consolation that forces tricks on the bidder."""

    def follow(self, cards: list[int]) -> int:
        if not self.greedy and self.bidder is not None and self.me != self.bidder:
            plays = [c for _, c in self.trick]
            winners = [c for c in cards if trick_winner([*plays, c]) == len(plays)]
            return self._defend_follow(cards, winners)
        return super().follow(cards)

    def lead(self, cards: list[int]) -> int:
        if not self.greedy and self.bidder is not None and self.me != self.bidder:
            return self._defend_lead(cards)
        return super().lead(cards)

    def _bidder_takes(self, plays: list[int]) -> float:
        """How likely the bidder, still to play, beats ``plays`` (the trick so far in play order).

        1 when every card he may hold of the group he must play beats the trick, 0 when none does;
        else the share of those cards that beat it (a rough chance).
        """
        assert self.bidder is not None
        k = self.k
        led = plays[0]
        cards = k.may_hold(self.bidder)
        group = group_of(led)
        suit = cards & GROUP_MASKS[group]
        if group != TRUMP_GROUP and not suit:
            suit = cards & TRUMPS  # void in the suit led: he must trump if he can
            if not suit:
                return 0.0
        elif not suit:
            return 0.0
        above = 0
        total = 0
        for c in range(54):
            if suit >> c & 1:
                total += 1
                above += trick_winner([*plays, c]) == len(plays)
        return above / total if total else 0.0

    def _defend_follow(self, cards: list[int], winners: list[int]) -> int:
        """A defender's card against a consolation: let the bidder take the trick, with counters in it."""
        plays = [c for _, c in self.trick]
        bidder_played = any(s == self.bidder for s, _ in self.trick)
        losers = [c for c in cards if c not in winners]
        if bidder_played:
            best_seat = self.trick[trick_winner(plays)][0]
            if best_seat == self.bidder and losers:
                return max(losers, key=lambda c: (self.weight(c), self.power(c)))  # pile counters under him
            # our side takes it: as few counters as possible, and shed high cards
            return max(cards, key=lambda c: (-self.weight(c), self.power(c)))
        # the bidder is still to play: the card that most likely makes him take it; counters if he surely does
        chance = {c: self._bidder_takes([*plays, c]) for c in cards}
        top = max(chance.values())
        if top >= 0.99:
            sure = [c for c in cards if chance[c] >= 0.99]
            return max(sure, key=lambda c: (self.weight(c), self.power(c)))
        if top <= 0.0:
            return max(cards, key=lambda c: (-self.weight(c), self.power(c)))
        return max(cards, key=lambda c: (chance[c], -self.weight(c), -self.power(c)))

    def _defend_lead(self, cards: list[int]) -> int:
        """A defender's lead against a consolation: a card the bidder must beat, a counter if he surely does."""
        chance = {c: self._bidder_takes([c]) for c in cards}
        top = max(chance.values())
        if top >= 0.99:
            sure = [c for c in cards if chance[c] >= 0.99]
            if self.after[0] != self.bidder:
                # the partner plays before him and may go over: counters only where the bidder must trump
                void = self.k.voids[self.bidder]
                sure = [c for c in sure if c >= NUM_TRUMPS and void >> group_of(c) & 1] or [
                    min(sure, key=lambda c: (self.weight(c), self.power(c)))
                ]
            return max(sure, key=lambda c: (self.weight(c), -self.power(c)))
        return max(cards, key=lambda c: (chance[c], -self.weight(c), -self.power(c)))


class ForcingDefender(HeuristicBot):
    """The heuristic bot, defending against a consolation with :class:`_ForcingTable`."""

    def _play(self, obs: TarokView, legal: list[Action]) -> Action:
        assert obs.known is not None
        cards = [a.card.index for a in legal]  # type: ignore[attr-defined]
        table = _ForcingTable(obs, obs.known)
        card = table.lead(cards) if not obs.trick else table.follow(cards)
        return A.ACTIONS[A.PLAY_BASE + card]


class Taker(HeuristicBot):
    """The heuristic bot playing a consolation as if for game: it tries to take card points."""

    def decide(self, view: TarokView) -> Action:
        if view.phase == "play":
            view.game_type = "game"
        return super().decide(view)


def forced_deal(index: int, seed: int, contract: str, defence: str) -> tuple[float, int, bool, int]:
    """(forehand's rating, bidder's card points, made, bidder's change per opponent) of one deal."""
    state = new_match("tarok_3p", decks=[shuffled_deck(seed, index)], overrides={"deals_per_match": 1})
    defender = HeuristicBot if defence == "heuristic" else ForcingDefender
    bidder = Taker(0) if defence == "cooperative" else HeuristicBot(0)
    bots: list[Any] = [bidder, defender(1), defender(2)]
    forehand = state.active_seats[0]
    bots = bots[-forehand:] + bots[:-forehand] if forehand else bots
    rating = expected_count(state.hand_mask(forehand))
    while not state.is_terminal:
        seat = state.current_player
        legal = [str(a) for a in state.legal_actions()]
        if state.phase == "auction":
            state.apply_text("threesome" if seat == forehand else "pass")
        elif state.phase == "widow":
            state.apply_text("accept")
        elif state.phase == "contract":
            state.apply_text(contract)
        elif state.phase in ("ultimo", "contra"):
            state.apply_text("pass" if "pass" in legal else legal[0])
        else:
            state.apply(bots[seat].choose(state.observation(seat)))
    result = state.deal_results[0]
    return rating, result.bidder_count, bool(result.made), result.changes[forehand] // 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, help="deals (the same deck orders for every run)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deck orders")
    parser.add_argument("--contract", choices=("consolation", "game"), default="consolation")
    parser.add_argument("--defence", choices=("heuristic", "forcing", "cooperative"), default="heuristic")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    rows = [forced_deal(i, args.seed, args.contract, args.defence) for i in range(args.deals)]
    print(
        f"tarok_3p: forehand's threesome for {args.contract} at m = 1, {args.defence} defence, "
        f"{args.deals} deals, seed {args.seed}"
    )
    print("rating   deals  made  card points  change per opponent")
    for low, high in BANDS + ((0, 99),):
        band = [r for r in rows if low <= r[0] < high]
        if not band:
            continue
        name = "all" if (low, high) == (0, 99) else f"{low}-{high}" if high < 99 else f"{low}+"
        made = sum(r[2] for r in band) / len(band)
        count = statistics.fmean(r[1] for r in band)
        change = statistics.fmean(r[3] for r in band)
        print(f"{name:7}  {len(band):5}  {made:4.0%}  {count:11.1f}  {change:+19.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
