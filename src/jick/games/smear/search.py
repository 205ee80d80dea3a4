"""Smear search bots: determinized search over sampled deals, and the open-card cheater.

:class:`SearchBot` sees only its observation. In the play it samples the
hidden hands (:mod:`~jick.games.smear.sampling`: consistent with every card
and void it has seen), solves each sample exactly with the open-card solver
(:mod:`~jick.games.smear.solver`) and plays the card with the best average.
In the auction and when naming trump it cannot trust open-card values (they
overbid), so it plays each candidate out on sampled deals with the heuristic
bot in every seat, imperfect information and all, and takes the choice with
the best expected score change for its side, counting a match won or lost
on the way. Sampled deals are weighted by how likely the heuristic bot's
bidding makes the calls the other seats made. Discards and misdeal offers are left to the heuristic bot.

:class:`CheaterBot` uses the same pieces with every card visible (the real
hands, and the real deck for the playouts). It is the ceiling in the arena,
not an opponent for people.

Budgets are counts (sampled deals, solver positions), so a seed gives the
same choices on any machine; each decision also has a deadline
(:class:`~jick.bots.budget.Budget` ``seconds``) that stops the search with
the best choice found so far when a decision runs long. No single solve can
run away: each is capped in positions and falls back to a shallower search
(:func:`~jick.games.smear.solver.solve_within`).

>>> from jick.games.smear import new_match
>>> s = new_match(seed=4)
>>> bot = SearchBot(seed=1, level="easy")
>>> while s.phase != "play":
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> why = bot.explain(s.observation(s.current_player))
>>> why.choice in s.legal_actions(), why.values[0][1] >= why.values[-1][1]
(True, True)
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from jick.bots import Explanation
from jick.bots.budget import LEVEL_SECONDS, Budget, Deadline, SamplingError, thinking_threads
from jick.bots.margin import clearly_better
from jick.bots.pimc import better_half
from jick.bots.weights import temper
from jick.cards import ACE
from jick.engine import Action, RulesError
from jick.games.smear import actions as A
from jick.games.smear.bid_search import MARGIN, CallSearch, explain_bids
from jick.games.smear.defence import DEFENCES, defence_coalition, set_bonus
from jick.games.smear.inference import AuctionReader, PlayReader, resample
from jick.games.smear.knowledge import Knowledge, knowledge
from jick.games.smear.rules import HighCard, LowAward
from jick.games.smear.sampling import sample_discard_world, sample_hands, sample_weighted_world
from jick.games.smear.solver import (
    LAST,
    LEAF_EVEN,
    LEAF_PLAYOUT,
    LEAF_SETTLED,
    LEAF_SURE,
    MAX_BID,
    NO_CAP,
    OTHERS,
    low_card_of,
    solve_within,
    solver_ready,
    solver_tables,
    warm_up,
)
from jick.games.smear.state import SmearState
from jick.games.smear.tables import game_points

#: Budgets per level; "easy" here is a small search (people's "easy" is the heuristic bot). In the play
#: the bot solves up to ``worlds`` deals but stops once the solver has visited ``nodes`` positions and
#: at least ``min_worlds`` deals are solved: the hard positions early in a hand get fewer deals.
_NORMAL = Budget(
    worlds=32, min_worlds=8, nodes=500_000, auction_worlds=12, bids_tried=4, seconds=LEVEL_SECONDS["normal"]
)
_HARD = Budget(
    worlds=96, min_worlds=24, nodes=2_000_000, auction_worlds=40, bids_tried=6, seconds=LEVEL_SECONDS["hard"]
)
BUDGETS = {
    "easy": Budget(worlds=4, auction_worlds=2, bids_tried=2, seconds=LEVEL_SECONDS["easy"]),
    "normal": _NORMAL,
    "hard": _HARD,
    # for the arena only: the hard level's counts in one phase, the normal level's in the other, with the hard
    # level's deadline (which phase the hard level's lead comes from; docs/bots.md)
    "hard_play": dataclasses.replace(_HARD, auction_worlds=_NORMAL.auction_worlds, bids_tried=_NORMAL.bids_tried),
    "hard_auction": dataclasses.replace(
        _HARD, worlds=_NORMAL.worlds, min_worlds=_NORMAL.min_worlds, nodes=_NORMAL.nodes
    ),
    # for the arena only: the normal level with twice its deals in the play (a candidate for the normal level,
    # since the hard level's lead is in the play; docs/bots.md)
    "wide_play": dataclasses.replace(
        _NORMAL, worlds=2 * _NORMAL.worlds, min_worlds=2 * _NORMAL.min_worlds, nodes=2 * (_NORMAL.nodes or 0)
    ),
    # for the arena only: the same, four deals solved at once, on as many threads as the machine gives (up to four)
    "wide_parallel": dataclasses.replace(
        _NORMAL,
        worlds=2 * _NORMAL.worlds,
        min_worlds=2 * _NORMAL.min_worlds,
        nodes=2 * (_NORMAL.nodes or 0),
        parallel=4,
    ),
    # for the arena only: the normal search with no cap on one solve and no deadline (as before deadlines existed)
    "unbounded": dataclasses.replace(_NORMAL, solve_nodes=NO_CAP, seconds=None),
}
#: How the play's solves value the rest of the hand where they stop short of its end (big tables early in a
#: hand): as even, played out by a cheap open-card policy, with the point trumps already sure to a side
#: counted, the rest as even (``"sure"``), or with Game and a bidder's set counted too once they are
#: settled (``leaf``, ``"settled"`` by default; docs/bots.md).
LEAVES = {"even": LEAF_EVEN, "playout": LEAF_PLAYOUT, "sure": LEAF_SURE, "settled": LEAF_SETTLED}
#: Positions one solve may visit when the budget sets no ``nodes`` (the easy search).
SOLVE_NODES = 200_000
#: Card values (points, averaged over the solved deals) this close to the best count as tied with it.
TIE = 1e-9
#: In the play, deals sampled per deal solved, to be weighted by the auction and resampled.
INFERENCE_POOL = 4
#: The share of a decision's deadline the weighting of that pool may take (past it, the pool is smaller).
INFERENCE_SHARE = 0.15
#: The least effective size of the weighted pool, as a share of the deals to solve (weights are tempered to it).
MIN_DISTINCT_SHARE = 0.5
#: With ``bid_search``, deals sampled per call as a multiple of ``auction_worlds`` (calls ending in one contract
#: share a play-out, so each deal costs less than a play-out per call).
BID_SEARCH_DEALS = 2
#: With ``deepen``, a solve stopped at its usual horizon is searched deeper within this share of the decision's
#: positions (``Budget.nodes``; without it, of one solve's cap), so that about this many deals are still solved.
DEEPEN_WORLDS = 16
#: With ``halving``, the numbers of solved deals after which the play keeps only the better half of the cards
#: it values (and the heuristic's card): the next deals' solves search only those.
HALVING_AT = (4, 8, 16)
#: How far below the last card left a card dropped by the halving ranks (less for a card dropped earlier).
DROPPED = 1e-6
#: A first guess of the solver's speed in positions per second, before this process has measured it.
NODES_PER_SECOND = 1_000_000


def _heuristic(seed: int | None, bid_threshold: float | None = None, call_model: bool = False) -> Any:
    from jick.games.smear.bot import HeuristicBot

    if bid_threshold is None:
        return HeuristicBot(seed, call_model=call_model)
    return HeuristicBot(seed, bid_threshold=bid_threshold, call_model=call_model)


def play_values(
    obs: Any,
    hands_list: list[list[int]],
    tricks_seen: Any = None,
    k: Knowledge | None = None,
    max_nodes: int = 0,
    coalition: int = 0,
    leaf: int = LEAF_EVEN,
    deepen: int = 0,
    cards: Sequence[int] | None = None,
    others: str = "sum",
) -> dict[int, float]:
    """Mean solver value of each legal card of ``obs.seat`` over the given deals (lists of hand masks).

    ``max_nodes`` caps each solve (:func:`~jick.games.smear.solver.solve_within`; 0: :data:`SOLVE_NODES`).
    ``coalition``: how much a defender plays with the other defenders against
    the bidder (:func:`~jick.games.smear.defence.defence_coalition`; setting
    a bidder who would go out is worth a match, :func:`~jick.games.smear.defence.set_bonus`);
    the values stay in points. ``leaf``: how a solve that stops short of the
    end of the hand values the rest (:func:`~jick.games.smear.solver.solve`);
    ``deepen``: positions a solve stopped at its usual horizon may take to search deeper
    (:func:`~jick.games.smear.solver.solve_within`). ``cards``: the legal cards
    to value (default: every one). ``others``: how another side's point counts
    at a table of more than two sides without a coalition
    (:func:`~jick.games.smear.solver.solve`; the values stay in points).
    """
    k = k or knowledge(obs)
    rules = obs.rules
    table = k.table
    assert table is not None and obs.trump is not None
    trick = [(seat, card.index) for seat, card in obs.trick]
    seen_played = 0
    for mask in k.played:
        seen_played |= mask
    captured_pips = [game_points(mask) for mask in k.captured]
    legal = [a.card.index for a in obs.legal_actions if isinstance(a, A.Play)] if cards is None else list(cards)
    totals = dict.fromkeys(legal, 0.0)
    bidder_side = obs.sides[obs.bidder] if obs.bidder is not None else 0
    bid = min(obs.bid or 0, MAX_BID)  # None for a moon: no bid to make
    for hands in hands_list:
        in_play = seen_played
        for mask in hands:
            in_play |= mask
        low = low_card_of(rules, table, in_play)
        low_side = -1
        if low >= 0 and not any(h >> low & 1 for h in hands) and all(c != low for _, c in trick):
            low_side = _low_side_seen(obs, low)
        values = solve_within(
            rules,
            obs.trump,
            hands,
            leader=obs.trick_leader,
            to_move=obs.seat,
            trick=trick,
            tricks_done=k.tricks_done,
            captured_pips=captured_pips,
            low_card=low,
            low_side=low_side,
            bidder_side=bidder_side,
            bid=bid,
            bidder_points=bidder_points(obs, k, hands, low) if bid else 0,
            moves=legal,
            max_nodes=max_nodes or SOLVE_NODES,
            coalition=coalition,
            set_bonus=set_bonus(rules, coalition),
            leaf=leaf,
            deepen=deepen,
            others=others,
        )
        for card in legal:
            totals[card] += values[card]
    nsides = max(obs.sides) + 1
    if coalition and obs.sides[obs.seat] != bidder_side and nsides > 2:
        per_point = coalition + 1
    else:
        per_point = nsides - 1 if others == "mean" and nsides > 2 else 1
    unit = max(1, len(hands_list)) * per_point
    return {card: total / unit for card, total in totals.items()}


def bidder_points(obs: Any, k: Knowledge, hands: list[int], low: int) -> int:
    """The points the bidder's side already has in a deal where the seats hold ``hands``.

    Points fixed at the deal (High; Low when it scores for the seat that plays
    it) go to the side holding or having played the card; captured points
    (and Low captured) count from the completed tricks the seat saw.
    """
    rules = obs.rules
    pts = rules.points
    table = k.table
    assert table is not None and obs.bidder is not None
    side = obs.sides[obs.bidder]

    def holder_side(card: int) -> int | None:
        for seat, mask in enumerate(hands):
            if mask >> card & 1 or k.played[seat] >> card & 1:
                return int(obs.sides[seat])
        return None

    total = 0
    high = 13 * table.trump + ACE
    if rules.high_card is HighCard.HIGHEST_PLAYED:  # every trump held is played: the deal's top trump
        in_deal = 0
        for seat, mask in enumerate(hands):
            in_deal |= mask | k.played[seat]
        high = next((c for c in table.order if in_deal >> c & 1), -1)
    if "high" in pts and high >= 0 and holder_side(high) == side:
        total += pts["high"]
    low_by_play = rules.low_award is LowAward.PLAYED_BY
    if "low" in pts and low >= 0 and low_by_play and holder_side(low) == side:
        total += pts["low"]
    values = solver_tables(rules, table.trump).points
    for trick in obs.witnessed:
        if obs.sides[trick.winner] == side:
            for _, card in trick.plays:
                total += int(values[card.index])
                if card.index == low and not low_by_play:
                    total += pts.get("low", 0)
    return total


def _low_side_seen(obs: Any, low: int) -> int:
    """The side that took (or played) the Low card in a trick the seat saw, or -1."""
    for trick in obs.witnessed:
        for seat, card in trick.plays:
            if card.index == low:
                who = seat if obs.rules.low_award is LowAward.PLAYED_BY else trick.winner
                return int(obs.sides[who])
    return -1


def hand_value(state: SmearState, side: int, start_results: int) -> float:
    """Score change of ``side`` less the others' mean over the hands since ``start_results``, with a match bonus."""
    results = state.hand_results[start_results:]
    value = 0.0
    k = state.num_sides
    for result in results:
        deltas = result.settlement.deltas
        others = [deltas[s] for s in range(k) if s != side]
        value += deltas[side] - sum(others) / max(1, len(others))
    if state.winner is not None:
        bonus = 2 * state.rules.max_points
        value += bonus if state.winner == side else -bonus
    return value


def play_out(world: SmearState, seat: int, action: Action, bots: list[Any]) -> float:
    """Apply ``action`` to a copy of ``world`` and let ``bots`` finish the hand; the value for ``seat``'s side."""
    state = world.clone()
    start = len(state.hand_results)
    deals = len(state.deals)
    state.apply(action)
    while not state.is_terminal and len(state.hand_results) == start and len(state.deals) <= deals + 1:
        who = state.current_player
        if who < 0:
            break
        forced = state.forced_action()
        if forced is not None:  # every bot takes it: no need to build an observation
            state.apply(forced)
            continue
        state.apply(bots[who].choose(state.observation(who)))
    return hand_value(state, state.side_of(seat), start)


class SearchBot:
    """Determinized search for Smear; ``level``: ``easy``, ``normal`` or ``hard`` (:data:`BUDGETS`).

    ``budget`` replaces the level's budget; ``think`` sets its deadline in seconds.
    With ``memory=False`` the bot forgets the tricks the rules do not let it
    review (``trick_history_visible``), as every search bot did before it
    remembered them: the ``search_v1`` bot of the arena, kept for comparison.
    With ``inference=False`` it samples the deals it solves in the play
    without reading the other seats' calls (:mod:`~jick.games.smear.inference`):
    the ``search_v2`` bot. With ``read_plays=True`` it also reads the cards the
    other seats played (:class:`~jick.games.smear.inference.PlayReader`; off by
    default: it did not help in the arena), the ``search_plays`` bot.
    ``bid_threshold`` is the bar of its own bids and ``model_threshold`` the
    bar of the heuristic it takes for the other seats, reading their calls
    and playing its candidates out (both default to
    :data:`~jick.games.smear.heuristic.BID_THRESHOLD`; ``search_v3`` keeps
    0.7 for both). With ``bid_search=True`` it values every legal call on
    sampled deals, the rest of the auction and the hand played out, to the
    score (:mod:`~jick.games.smear.bid_search`), keeping the heuristic's call
    unless another beats it by ``bid_margin`` standard errors: the
    ``search_bidsearch`` bot (off by default: see docs/bots.md); with
    ``bid_split=True`` as well, the best call is chosen on half the sampled
    deals and tested against the heuristic's on the other half (the
    ``search_bidsplit`` bot). Its own calls are the heuristic's with the call
    model's advice (:mod:`~jick.games.smear.call_model`, learned on real
    deals; see docs/bots.md); with ``call_model=False`` the heuristic's alone,
    as before (the ``search_v7`` bot). ``defence`` is how a defender plays at a table of more
    than two sides (:mod:`~jick.games.smear.defence`): ``"threat"`` combines
    with the other defenders against a bidder who leads the match or would
    win it with this bid, ``"always"`` in level standings too (the
    ``search_defence_always`` bot), ``"off"`` plays for its own points
    against every other seat, as before defenders combined (as the ``search_v4`` bot).
    With ``tie_break=False`` a card tied with the best by the solves is chosen
    by its number, not by the heuristic (the ``search_v5`` bot). With
    ``play_margin`` (standard errors), where a solve stopped short of the end
    of the hand the heuristic's card is played unless the best beats it by
    more than that margin (the ``search_margin`` bot; off by default).
    ``leaf`` is how such a solve values the rest of the hand (:data:`LEAVES`):
    ``"settled"`` (the default) counts the point trumps already sure to a
    side, Game once no side can catch its leader and the swing of a bidder
    who can no longer make the bid, and the rest as even; ``"sure"`` counts
    only those trumps (the ``search_sure`` bot); ``"even"`` counts it all as
    even (the ``search_v6`` bot); ``"playout"`` plays it out by a cheap
    open-card policy (the ``search_playout`` bot; no gain measured).
    With ``deepen=True``, a solve that stopped at its usual horizon (five
    seats and more, early in the hand) searches one trick deeper at a time
    while that fits in its share of the decision's positions
    (:data:`DEEPEN_WORLDS`): the ``search_deep`` bot. With ``halving=True``
    the play drops the worse half of the cards it values after 4, 8 and 16
    solved deals (:data:`HALVING_AT`; the heuristic's card stays), so that
    the later solves search fewer cards and more deals fit in the budget:
    the ``search_halving`` bot. ``others`` is how its solves count a point
    another side takes at a table of more than two sides when it does not
    combine with the other defenders: as much as its own (``"sum"``, the
    default) or as the others' mean (``"mean"``: its own points less the
    other sides' mean, what a match standing weighs), the ``search_mean`` bot.
    With ``discards=True`` it lays away in a ``free_to_six`` discard by playing
    each plain card's discard out on sampled deals, as it values a call,
    keeping the heuristic's card unless another beats it by ``discard_margin``
    standard errors (:data:`DISCARD_MARGIN`): the ``search_discards`` bot (off by
    default: it gained nothing, see docs/bots.md); elsewhere it discards as the heuristic.
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        level: str = "normal",
        budget: Budget | None = None,
        think: float | None = None,
        memory: bool = True,
        inference: bool = True,
        read_plays: bool = False,
        bid_threshold: float | None = None,
        model_threshold: float | None = None,
        bid_search: bool = False,
        bid_margin: float | None = None,
        bid_split: bool = False,
        defence: str = "threat",
        tie_break: bool = True,
        play_margin: float | None = None,
        leaf: str = "settled",
        deepen: bool = False,
        halving: bool = False,
        others: str = "sum",
        discards: bool = False,
        discard_margin: float | None = None,
        call_model: bool = True,
    ) -> None:
        if budget is None:
            if level not in BUDGETS:
                raise RulesError(f"unknown search level {level!r}; levels are: {', '.join(BUDGETS)}")
            budget = BUDGETS[level]
        if defence not in DEFENCES:
            raise RulesError(f"unknown defence {defence!r}; defences are: {', '.join(DEFENCES)}")
        if others not in OTHERS:
            raise RulesError(f"unknown others {others!r}; use one of: {', '.join(OTHERS)}")
        if leaf not in LEAVES:
            raise RulesError(f"unknown leaf {leaf!r}; leaves are: {', '.join(LEAVES)}")
        if think is not None:
            budget = budget.with_seconds(think)
        self.level = level
        self.budget = budget
        self.memory = memory
        self.inference = inference
        self.read_plays = read_plays
        self.defence = defence
        self.tie_break = tie_break
        self.play_margin = play_margin
        self.leaf = leaf
        self.deepen = deepen
        self.halving = halving
        self.others = others
        self.discards = discards
        self.discard_margin = DISCARD_MARGIN if discard_margin is None else discard_margin
        self.bid_threshold = bid_threshold
        self.model_threshold = model_threshold
        self.bid_search = bid_search
        self.bid_margin = MARGIN if bid_margin is None else bid_margin
        self.bid_split = bid_split
        self.seed = 0 if seed is None else seed
        #: The model of the other seats (their calls, and every seat in the auction's play-outs).
        self._heuristic = _heuristic(seed, model_threshold)
        #: The bids and trump this bot would call without searching (its own bar).
        self._bidder = _heuristic(seed, bid_threshold, call_model)

    def _rng(self, obs: Any) -> random.Random:
        """A generator fixed by the seed and the decision, so a choice does not depend on earlier calls."""
        key = (self.seed, obs.seat, obs.hand_number, obs.phase, len(obs.bids), len(obs.hand), tuple(obs.scores))
        return random.Random(repr(key) + repr(sorted(c.index for _, c in obs.trick)))

    def choose(self, observation: Any) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        return self.explain(observation).choice

    def explain(self, observation: Any) -> Explanation:
        """The value of each legal action (in points for the seat's side against the others) and the choice."""
        warm_up()  # from the first decision on, the solver compiles (or loads) in the background
        obs = observation if self.memory else dataclasses.replace(observation, witnessed=observation.tricks)
        legal = tuple(obs.legal_actions)
        if not legal:
            raise ValueError("it is not this seat's turn")
        naming = obs.phase == "play" and obs.trump is None  # the pitcher's lead names trump (first_lead)
        if obs.phase == "play" and len(legal) > 1 and not naming:
            return self._explain_play(obs)
        if self.discards and obs.phase == "discard" and len(legal) > 1:
            try:
                return self._explain_discard(obs)
            except SamplingError:
                pass
        if (obs.phase in ("bidding", "trump") or naming) and len(legal) > 1:
            try:
                if self.bid_search and obs.phase == "bidding":
                    return explain_bids(obs, self._call_search(obs))
                return self._explain_auction(obs)
            except SamplingError:
                pass
        choice = self._bidder.choose(obs)
        return Explanation(choice, ((choice, 0.0),), "heuristic (no search in this phase)")

    # ------------------------------------------------------------------ play
    def _explain_play(self, obs: Any) -> Explanation:
        budget = self.budget
        deadline = Deadline(budget.seconds)
        if not solver_ready(None if budget.seconds is None else deadline.remaining()):
            return self._before_the_solver(obs)
        rng = self._rng(obs)
        k = knowledge(obs)
        totals: dict[int, float] = {}
        counts: dict[int, int] = {}  # deals each card was valued on (fewer for a card dropped by the halving)
        alive: list[int] | None = None  # the cards still valued (None: every legal card)
        preferred = self._preferred_card(obs) if self.halving else None
        nodes = solved = 0
        deals = self._play_deals(obs, k, rng, deadline)
        coalition = defence_coalition(obs, self.defence == "always") if self.defence != "off" else 0
        solved_deals: dict[tuple[int, ...], dict[int, float]] = {}
        per_deal: list[dict[int, float]] = []  # each solved deal's values, for the margin of the heuristic's card
        limited = False  # some solve stopped short of the end of the hand (a horizon, or a cut-off)
        # Deals are drawn in order and solved up to ``parallel`` at once; each solve's cap is set when it starts,
        # from the solves counted by then (all but the ``parallel - 1`` before it), so any number of threads
        # gives the same values; with one at a time, each solve may use what the ones before it left.
        ahead = 1 if self.halving else max(1, budget.parallel)
        threads = min(thinking_threads(), ahead)
        pool = _solve_pool(threads) if threads > 1 else None
        drawn = 0
        waiting: deque[tuple[int, ...]] = deque()  # deals drawn, in order, not yet counted
        running: dict[tuple[int, ...], Future[_Solved]] = {}  # deals whose solve is started and not yet counted
        try:
            while solved < budget.worlds:
                if solved and deadline.expired():
                    break
                if self.halving and solved in HALVING_AT:
                    alive = better_half(alive or list(totals), lambda c: totals[c] / counts[c], preferred)
                while drawn < budget.worlds and len(running) < ahead:
                    key = tuple(deals[drawn] if drawn < len(deals) else sample_hands(k, rng))
                    drawn += 1
                    waiting.append(key)
                    if key in solved_deals or key in running:  # a deal drawn again by the resampling: no new solve
                        if ahead == 1:
                            break  # one at a time: counted before the next deal is drawn
                        continue
                    # each solve may use its share of what is left of the decision's positions, and at least
                    # its share of them
                    if budget.solve_nodes is not None:
                        cap = budget.solve_nodes
                    elif budget.nodes is not None:
                        cap = max(budget.nodes // budget.min_worlds, (budget.nodes - nodes) // ahead)
                    else:
                        cap = SOLVE_NODES
                    if budget.seconds is not None:  # on a thread shared by the solves running beside it
                        in_time = int(deadline.remaining() * _solver_speed() * threads / ahead)
                        if in_time < cap:
                            cap = max(1, in_time)
                            deadline.hit = True
                    deeper = min(cap, (budget.nodes or cap * budget.worlds) // DEEPEN_WORLDS) if self.deepen else 0
                    job = functools.partial(
                        _solve_deal, obs, key, k=k, cap=cap, coalition=coalition, leaf=LEAVES[self.leaf],
                        deepen=deeper, cards=alive, others=self.others,
                    )  # fmt: skip
                    running[key] = pool.submit(job) if pool is not None else _done(job())
                key = waiting.popleft()
                counted = key in running  # (a deal's solve leaves ``running`` when it is counted)
                if counted:
                    values, used, horizon, seconds = running.pop(key).result()
                    solved_deals[key] = values
                    limited = limited or horizon is not None
                    _measured(used, seconds)
                    nodes += used
                values = solved_deals[key]
                if alive is not None:  # solved before the last halving: only the cards still valued
                    values = {card: values[card] for card in alive}
                per_deal.append(values)
                for card, value in values.items():
                    totals[card] = totals.get(card, 0.0) + value
                    counts[card] = counts.get(card, 0) + 1
                solved += 1
                if counted and budget.nodes is not None and nodes >= budget.nodes and solved >= budget.min_worlds:
                    break
        finally:
            for future in running.values():  # solves begun past the end: not counted
                future.cancel()
        means = {A.ACTIONS[A.PLAY_BASE + c]: v for c, v in _means(totals, counts).items()}
        explanation = _ranked(obs, means, f"{solved} sampled deals, each solved with open cards")
        if self.tie_break:
            explanation = self._break_tie(obs, explanation, per_deal if limited else [])
        explanation.details.update(
            worlds=solved, nodes=nodes, deadline_hit=deadline.hit, coalition=coalition, depth_limited=limited
        )
        if alive is not None:
            explanation.details["finalists"] = len(alive)
        return explanation

    def _before_the_solver(self, obs: Any) -> Explanation:
        """The heuristic's card, where the solver is still compiling when the decision's deadline comes.

        Only on the first hands of a fresh installation (:func:`~jick.games.smear.solver.warm_up`); the other
        cards are listed unvalued.
        """
        choice = self._bidder.choose(obs)
        rest = tuple((action, 0.0) for action in obs.legal_actions if action != choice)
        details = {"seat": obs.seat, "phase": obs.phase, "worlds": 0, "nodes": 0, "deadline_hit": True}
        return Explanation(
            choice, ((choice, 0.0), *rest), "the heuristic's card: the solver is still compiling", details
        )

    def _preferred_card(self, obs: Any) -> int | None:
        """The card the heuristic would play (the tie-break's choice), or None."""
        action = self._bidder.choose(obs)
        return action.card.index if isinstance(action, A.Play) else None

    def _break_tie(self, obs: Any, explanation: Explanation, per_deal: list[dict[int, float]]) -> Explanation:
        """The heuristic's card when the solves value it as high as the best (else ``explanation`` as it is).

        A tie is common where the solves cannot tell the cards apart: a card
        that cannot change the trick, or the first tricks of a big table, solved
        only a few tricks deep (:func:`~jick.games.smear.solver.default_horizon`),
        where the rest counts as even. The heuristic's judgement of what a
        card is worth later then decides instead of the card's number.
        With ``play_margin`` and the values of solves that stopped short of
        the end of the hand (``per_deal``), the heuristic's card also stands
        unless the best beats it, deal by deal, by more than ``play_margin``
        standard errors.
        """
        best_action, best = explanation.values[0]
        tied = {action for action, value in explanation.values if value >= best - TIE}
        margin = self.play_margin if len(per_deal) >= 2 else None
        if len(tied) < 2 and margin is None:
            return explanation
        preferred = self._bidder.choose(obs)
        if preferred == explanation.choice or preferred not in dict(explanation.values):
            return explanation
        if preferred in tied:
            explanation.details["tie_break"] = "heuristic"
        elif margin is not None and not _beats(per_deal, best_action, preferred, margin):
            explanation.details["tie_break"] = "heuristic within the margin"
        else:
            return explanation
        first = next(item for item in explanation.values if item[0] == preferred)
        rest = tuple(item for item in explanation.values if item[0] != preferred)
        return dataclasses.replace(explanation, choice=preferred, values=(first, *rest))

    def _play_deals(self, obs: Any, k: Knowledge, rng: random.Random, deadline: Deadline) -> list[list[int]]:
        """The deals to solve, drawn in proportion to how well they explain the other seats' calls and plays.

        Samples :data:`INFERENCE_POOL` times the budget's deals, weights each
        (:class:`~jick.games.smear.inference.AuctionReader`, and
        :class:`~jick.games.smear.inference.PlayReader` with ``read_plays``)
        and resamples. Empty without inference or when no other seat called or
        played: the search then samples as it goes.
        """
        if not self.inference:
            return []
        readers: list[AuctionReader | PlayReader] = [AuctionReader(obs, self._heuristic, k)]
        if self.read_plays:
            readers.append(PlayReader(obs, self._heuristic, k))
        readers = [r for r in readers if r.informative]
        if not readers:
            return []
        pool: list[list[int]] = []
        weights: list[float] = []
        seconds = self.budget.seconds
        # the solves need the time: the pool may take a share of the decision's deadline, no more
        reading = Deadline(seconds * INFERENCE_SHARE if seconds is not None else None)
        for _ in range(INFERENCE_POOL * self.budget.worlds):
            if len(pool) >= self.budget.worlds and (reading.expired() or deadline.expired()):
                break
            hands = sample_hands(k, rng)
            pool.append(hands)
            weight = 1.0
            for reader in readers:
                weight *= reader.weight(hands)
            weights.append(weight)
        count = min(len(pool), self.budget.worlds)
        if self.read_plays:  # every card read multiplies the weights: keep enough different deals to solve
            weights = temper(weights, count * MIN_DISTINCT_SHARE)
        return resample(pool, weights, count, rng)

    # ------------------------------------------------------------------ auction and trump
    def _candidates(self, obs: Any, suggestion: Action) -> list[Action]:
        legal = list(obs.legal_actions)
        if obs.phase in ("trump", "play"):  # naming trump, or the lead that names it: every choice
            return legal
        bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
        chosen: list[Action] = [a for a in legal if a.id == A.PASS_ID]
        picked = bids[: self.budget.bids_tried]
        if isinstance(suggestion, A.Bid) and suggestion not in picked:
            picked.append(suggestion)
        if suggestion.id == A.MOON_ID:
            chosen.append(suggestion)
        return chosen + picked

    def _playout_bot(self, world: int, seat: int, me: int) -> Any:
        """The heuristic that plays ``seat`` in the auction's play-outs: this bot's bar in its own seat."""
        bar = self.bid_threshold if seat == me else self.model_threshold
        return _heuristic(self.seed * 1000 + world * 10 + seat, bar)

    def _call_search(self, obs: Any) -> CallSearch:
        """The search of every call (:mod:`~jick.games.smear.bid_search`) with this bot's models and budget."""
        return CallSearch(
            rng=self._rng(obs),
            bidder=self._bidder,
            model=self._heuristic,
            player=lambda world, seat: self._playout_bot(world, seat, obs.seat),
            deals=BID_SEARCH_DEALS * self.budget.auction_worlds,
            seconds=self.budget.seconds,
            margin=self.bid_margin,
            split=self.bid_split,
        )

    def _explain_auction(self, obs: Any) -> Explanation:
        suggestion = self._bidder.choose(obs)
        return self._played_out(obs, suggestion, self._candidates(obs, suggestion), sample_weighted_world)

    def _explain_discard(self, obs: Any) -> Explanation:
        """Each plain card laid away (and the heuristic's choice) played out on sampled deals, as a call is."""
        suggestion = self._bidder.choose(obs)
        table = knowledge(obs).table
        trumps = table.trumps if table is not None else 0
        candidates: list[Action] = [
            a for a in obs.legal_actions if isinstance(a, A.Discard) and not trumps >> a.card.index & 1
        ]
        if suggestion not in candidates:
            candidates.append(suggestion)
        return self._played_out(obs, suggestion, candidates, sample_discard_world, self.discard_margin)

    def _played_out(
        self, obs: Any, suggestion: Action, candidates: list[Action], sample: Any, margin: float = 2.0
    ) -> Explanation:
        """Play every candidate out on the same sampled deals; the best unless the heuristic's is within the noise."""
        rng = self._rng(obs)
        if len(candidates) == 1:
            return Explanation(candidates[0], ((candidates[0], 0.0),), "only one sensible choice")
        n = len(obs.sides)
        samples = self.budget.auction_worlds
        deadline = Deadline(self.budget.seconds)
        weights: list[float] = []
        outcomes: dict[Action, list[float]] = {a: [] for a in candidates}
        for i in range(samples):
            if deadline.expired():
                break
            world, weight = sample(obs, rng, self._heuristic)
            bots = [self._playout_bot(i, s, obs.seat) for s in range(n)]
            valued: list[float] = []
            for action in candidates:
                if deadline.expired():  # a deal valued in part is dropped
                    break
                valued.append(play_out(world, obs.seat, action, bots))
            if len(valued) < len(candidates):
                break
            weights.append(weight)
            for action, value in zip(candidates, valued, strict=True):
                outcomes[action].append(value)
        samples = len(weights)
        if samples < 2:  # the deadline came first: the heuristic's call, never a late answer
            return Explanation(
                suggestion, ((suggestion, 0.0),), "the heuristic's choice: the deadline came before two sampled deals",
                {"worlds": samples, "deadline_hit": True},
            )  # fmt: skip
        values = {a: _weighted_mean(v, weights) for a, v in outcomes.items()}
        what = {"trump": "trump", "play": "lead", "discard": "discard"}.get(obs.phase, "bid")
        method = f"each {what} played out on {samples} sampled deals by heuristic players"
        explanation = _ranked(obs, values, method)
        explanation.details.update(worlds=samples, deadline_hit=deadline.hit)
        best = explanation.choice
        if best != suggestion and suggestion in outcomes:
            gains = [b - s for b, s in zip(outcomes[best], outcomes[suggestion], strict=True)]
            if not clearly_better(gains, weights, margin):
                # within the noise of the sample: keep the heuristic's calibrated choice
                return Explanation(suggestion, explanation.values, method + ", heuristic choice kept within the noise",
                                   explanation.details)  # fmt: skip
        return explanation


#: What one solve of :func:`_solve_deal` gives.
_Solved = tuple[dict[int, float], int, "int | None", float]


def _done(solved: _Solved) -> Future[_Solved]:
    """A solve already made, as a finished future."""
    future: Future[_Solved] = Future()
    future.set_result(solved)
    return future


def _solve_deal(
    obs: Any,
    hands: tuple[int, ...],
    *,
    k: Knowledge,
    cap: int,
    coalition: int,
    leaf: int,
    deepen: int,
    cards: list[int] | None,
    others: str,
) -> _Solved:
    """One deal's card values (:func:`play_values`), the positions its solve visited, its horizon and its seconds."""
    started = time.perf_counter()
    values = play_values(
        obs, [list(hands)], k=k, max_nodes=cap, coalition=coalition, leaf=leaf, deepen=deepen, cards=cards,
        others=others,
    )  # fmt: skip
    return values, LAST.nodes, LAST.horizon, time.perf_counter() - started


#: The threads that solve a decision's deals side by side, made at the first such decision of a process:
#: (pid, threads, pool).
_POOLS: list[tuple[int, int, ThreadPoolExecutor]] = []


def _solve_pool(threads: int) -> ThreadPoolExecutor:
    """A pool of ``threads`` threads for this process (the solver's kernel lets go of the GIL while it searches)."""
    if _POOLS and (_POOLS[0][0] != os.getpid() or _POOLS[0][1] != threads):
        if _POOLS[0][0] == os.getpid():
            _POOLS[0][2].shutdown(wait=False)
        _POOLS.clear()  # a forked child's copy has no threads; a new count needs a new pool
    if not _POOLS:
        _POOLS.append((os.getpid(), threads, ThreadPoolExecutor(threads, thread_name_prefix="jick-solve")))
    return _POOLS[0][2]


#: Standard errors by which a discard must beat the heuristic's on the sampled deals to replace it.
DISCARD_MARGIN = 1.0

_speed = [float(NODES_PER_SECOND)]


def _solver_speed() -> float:
    """The solver's positions per second in this process (a running estimate)."""
    return _speed[0]


def _measured(nodes: int, seconds: float) -> None:
    """Fold one solve's speed into the estimate (solves too short to time are skipped)."""
    if seconds > 0.002 and nodes > 1000:
        _speed[0] = 0.8 * _speed[0] + 0.2 * (nodes / seconds)


def _means(totals: dict[int, float], counts: dict[int, int]) -> dict[int, float]:
    """Each card's mean value; a card valued on fewer deals (dropped by the halving) ranks below the rest.

    >>> means = _means({1: 3.0, 2: 4.0, 3: 3.0}, {1: 3, 2: 2, 3: 1})  # card 3, dropped first, had the best mean
    >>> means[1], sorted(means, key=means.get, reverse=True)
    (1.0, [1, 2, 3])
    """
    most = max(counts.values(), default=0)
    means = {card: total / counts[card] for card, total in totals.items()}
    floor = min((m for card, m in means.items() if counts[card] == most), default=0.0)
    below = {card: min(m, floor) - (most - counts[card]) * DROPPED for card, m in means.items()}
    return {card: m if counts[card] == most else below[card] for card, m in means.items()}


def _weighted_mean(values: list[float], weights: list[float]) -> float:
    return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)


def _beats(per_deal: list[dict[int, float]], best: Action, other: Action, margin: float) -> bool:
    """Whether the card of ``best`` beats that of ``other`` by more than ``margin`` standard errors, deal by deal.

    >>> from jick.games.smear.actions import ACTIONS, PLAY_BASE
    >>> deals = [{0: 2.0, 1: 0.0}, {0: 0.0, 1: 1.0}]  # card 0 is better by 0.5 on average
    >>> a, b = ACTIONS[PLAY_BASE], ACTIONS[PLAY_BASE + 1]
    >>> _beats(deals, a, b, 1.0), _beats(deals * 20, a, b, 1.0)
    (False, True)
    """
    mine, theirs = best.id - A.PLAY_BASE, other.id - A.PLAY_BASE
    diffs = [values[mine] - values[theirs] for values in per_deal if mine in values and theirs in values]
    return clearly_better(diffs, [1.0] * len(diffs), margin)


def _ranked(obs: Any, values: dict[Action, float], method: str) -> Explanation:
    order = sorted(values.items(), key=lambda item: (-item[1], item[0].id))
    return Explanation(order[0][0], tuple(order), method, {"seat": obs.seat, "phase": obs.phase})


#: What the cheater sees every card in: ``both`` phases, or only the ``auction`` (bids and trump) or the ``play``.
CHEATS = ("both", "auction", "play")


class CheaterBot:
    """The open-card ceiling: the solver on the real hands, playouts on the real deck. Arena use only.

    ``cheats`` says where it sees every card (:data:`CHEATS`); in the other
    phases it is the search bot at ``level``. The arena's ``cheater_auction``
    and ``cheater_play`` measure how much of the cheater's lead over the
    search comes from each phase.
    """

    name = "cheater"
    omniscient = True

    def __init__(self, seed: int | None = None, level: str = "normal", cheats: str = "both") -> None:
        if cheats not in CHEATS:
            raise RulesError(f"unknown cheats {cheats!r}; choose one of: {', '.join(CHEATS)}")
        self.seed = 0 if seed is None else seed
        self.cheats = cheats
        self._heuristic = _heuristic(seed)
        self._search = SearchBot(seed, level) if cheats != "both" else None

    def choose(self, observation: Any) -> Action:
        raise RulesError("the cheater bot needs the whole state: use choose_open(state)")

    def choose_open(self, state: SmearState) -> Action:
        seat = state.current_player
        obs = state.observation(seat)
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self._search is not None and (obs.phase == "play") != (self.cheats == "play"):
            return self._search.choose(obs)  # a phase it does not cheat in: the search, from the observation
        naming = obs.phase == "play" and obs.trump is None  # the lead that names trump (first_lead)
        if obs.phase == "play" and not naming:
            hands = [state.hand_mask(s) for s in range(state.num_players)]
            values = play_values(obs, [hands])
            return A.ACTIONS[A.PLAY_BASE + max(values, key=lambda c: (values[c], -c))]
        if obs.phase in ("bidding", "trump") or naming:
            bots = [_heuristic(self.seed * 1000 + s) for s in range(state.num_players)]
            scored = {a: play_out(state, seat, a, bots) for a in legal}
            return max(scored, key=lambda a: (scored[a], -a.id))
        choice: Action = self._heuristic.choose(obs)
        return choice

    def explain_open(self, state: SmearState) -> Explanation | None:
        """Every legal action's value with every card seen (hindsight for post-game analysis), or None.

        In the play: the open-card solver on the real hands (capped in
        positions). In the auction and naming trump: each action played out on
        the real deck by heuristic players. Other phases: None.
        """
        seat = state.current_player
        obs = state.observation(seat)
        naming = obs.phase == "play" and obs.trump is None  # the lead that names trump (first_lead)
        if obs.phase == "play" and not naming:
            hands = [state.hand_mask(s) for s in range(state.num_players)]
            cards = play_values(obs, [hands])
            values = {A.ACTIONS[A.PLAY_BASE + c]: v for c, v in cards.items()}
            return _ranked(obs, values, "the open-card solver on the real hands")
        if obs.phase in ("bidding", "trump") or naming:
            bots = [_heuristic(self.seed * 1000 + s) for s in range(state.num_players)]
            scored = {a: play_out(state, seat, a, bots) for a in obs.legal_actions}
            return _ranked(obs, scored, "each choice played out on the real deck by heuristic players")
        return None
