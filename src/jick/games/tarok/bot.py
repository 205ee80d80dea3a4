"""Tarok bots that look only at their observation: a heuristic player and a search player.

:class:`HeuristicBot` (also ``GreedyBot``) rates its hand and bids the
contract worth most under the rules in force (:func:`contract_value`: game,
or consolation where the bidder may choose it and it pays more), raises the
stakes through the widow with a safe contract, lays away counters and cards
of short suits, announces ultimo and contra only with many trumps, and in
play counts the cards: it wins tricks with its cheapest card that no one
after it can beat, smears counters onto tricks its side is sure to take,
keeps ``SKUS`` and ``XXI`` for tricks worth them, guards the pagat, and
plays to lose tricks in a consolation contract.

:class:`SearchBot` samples whole deals that agree with its observation
(:mod:`jick.games.tarok.sampling`), tries every distinct legal action in
each, lets heuristic bots play the deal out, and takes the action with the
best mean score change (:mod:`jick.bots.pimc`).

>>> from jick.games.tarok import new_match
>>> s = new_match("tarok_3p", seed=4)
>>> bot = HeuristicBot(seed=1)
>>> while not s.is_terminal:
...     s.apply(bot.choose(s.observation(s.current_player)))
>>> len(s.deal_results)
12
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from jick.bots.budget import LEVEL_SECONDS
from jick.bots.pimc import Budget, PimcBot, SearchGame
from jick.bots.turn import only_action
from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok import sampling
from jick.games.tarok.cards import (
    KING,
    KINGS,
    MOND,
    NUM_TRUMPS,
    PAGAT,
    SKUS,
    SUIT_MASKS,
    TRUMPS,
    card_weight,
    trick_winner,
)
from jick.games.tarok.observation import TarokObservation
from jick.games.tarok.rules import GAME_VALUES
from jick.games.tarok.sampling import (
    GROUP_MASKS,
    HIGH_TRUMP,
    TRUMP_GROUP,
    ULTIMO_HIGH,
    ULTIMO_TRUMPS,
    FactsCache,
    TarokKnowledge,
    build_knowledge,
    group_of,
    knowledge,
    mask_of,
    trump_counts,
)
from jick.games.tarok.scoring import contract_result
from jick.games.tarok.state import TarokState

#: The bidder's card points in play against :func:`expected_count` of his hand when he bids (a
#: normal law: mean ``a + b x estimate``, deviation ``sd``), per contract and game type: least squares
#: over 3,000 deals of heuristic play (2026-11-26), the forehand forced to each contract at m = 1.
#: Against these bots a consolation is made 96% of the time at an estimate of 27 to 30, a threesome
#: game 33% of the time there and 74% at 33 to 36, a solo game 35% at 36 to 39.
BID_MODEL: dict[tuple[str, str], tuple[float, float, float]] = {
    ("threesome", "game"): (1.69, 1.114, 6.49),
    ("threesome", "consolation"): (-11.56, 1.156, 7.7),
    ("solo", "game"): (-11.94, 1.182, 5.59),
    ("solo", "consolation"): (-13.35, 1.32, 7.45),
}
#: The same for the threesome bidder's choice of game or consolation, against the estimate of his
#: hand after the discard (the same deals, each contract played after either discard).
CONTRACT_MODEL: dict[tuple[str, str], tuple[float, float, float]] = {
    ("threesome", "game"): (-11.37, 1.359, 5.95),
    ("threesome", "consolation"): (-10.13, 1.261, 7.12),
}
#: A bid must be worth this much more than a pass (points per opponent at m = 1).
BID_MARGIN = 10.0
#: What each opponent of a threesome loses to it in a deal of heuristic play (points, settlement):
#: the bidder won +256 a deal in 300 deals of ``tarok_3p`` (2026-11-26), so a pass against a standing
#: threesome is worth about -128 to a seat; a solo overcall is worth calling where it loses less.
AGAINST_THREESOME = 128.0
#: The bidder raises the multiplier through the widow when his contract is made this often.
SAFE = 0.8


def expected_count(hand: int, extra_trumps: int = 0) -> float:
    """A rough estimate of the card points a bidder holding ``hand`` (as a mask) takes in play.

    Fitted by eye to heuristic play: top trumps and kings take tricks and
    bring their own points, long trumps take the tricks of suits the bidder
    lacks, and short suits let him trump sooner.
    """
    score = 8.0
    trumps = hand & TRUMPS
    count = trumps.bit_count() + extra_trumps
    score += 1.3 * count
    for c in (SKUS, MOND):
        if trumps >> c & 1:
            score += 4.0
    score += 0.6 * (trumps >> HIGH_TRUMP & 0x3F).bit_count()
    if trumps >> PAGAT & 1:
        score += 1.0 if count >= 9 else -1.0
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        length = suit.bit_count()
        top = suit.bit_length() - 1 - (NUM_TRUMPS + 8 * s) if suit else -1
        if top == KING:
            score += 4.0 if length <= 4 else 2.5
        elif top == KING - 1:
            score += 1.5
        if length <= 1 and count >= 7:
            score += 2.0 - length
    return score


@lru_cache(maxsize=4096)
def _outlook(
    contract: str, game_type: str, points: float, total: int, scoring: str, after_discard: bool
) -> tuple[float, float]:
    model = CONTRACT_MODEL if after_discard else BID_MODEL
    a, b, sd = model[(contract, game_type)]
    mean = a + b * points
    weights = [math.exp(-0.5 * ((count - mean) / sd) ** 2) for count in range(total + 1)]
    norm = sum(weights)
    value = made_p = 0.0
    for count, w in enumerate(weights):
        made, amount = contract_result(game_type, 1, GAME_VALUES[contract], count, total - count, scoring)
        value += w * (amount if made else -amount)
        made_p += w * made
    return value / norm, made_p / norm


def contract_value(
    rules: Any, contract: str, game_type: str, points: float, after_discard: bool = False
) -> tuple[float, float]:
    """(value, chance of success) of a contract for a bidder whose hand :func:`expected_count` rates ``points``.

    The value is the expected contract result per opponent at ``m = 1``, scored by SPEC 4.12 under the
    rules' ``consolation_scoring``; ``after_discard`` rates the threesome bidder's hand after his discard.

    >>> from jick.games.tarok.rules import TarokRules
    >>> literal, mirror = TarokRules(), TarokRules(consolation_scoring="mirror")
    >>> value = [contract_value(r, "threesome", "consolation", 20.0)[0] for r in (literal, mirror)]
    >>> value[0] < value[1]
    True
    """
    return _outlook(
        contract, game_type, round(points, 1), rules.deck_total, str(rules.consolation_scoring), after_discard
    )


def game_types(rules: Any, contract: str) -> tuple[str, ...]:
    """The game types a bidder of ``contract`` may choose (SPEC 4.8)."""
    return ("game", "consolation") if contract == "threesome" or rules.consolation_in_solo else ("game",)


def best_game_type(rules: Any, contract: str, points: float, after_discard: bool = False) -> tuple[str, float, float]:
    """(game type, value, chance of success) of the better contract for a hand rated ``points``."""
    rated = [(t, *contract_value(rules, contract, t, points, after_discard)) for t in game_types(rules, contract)]
    return max(rated, key=lambda r: r[1])


def plays_game(rules: Any, contract: str, hand: int, after_discard: bool = False) -> bool:
    """Whether the bidder of ``contract`` holding ``hand`` (a mask) plays for game rather than consolation."""
    return best_game_type(rules, contract, expected_count(hand), after_discard)[0] == "game"


class TarokView:
    """What the heuristic reads of an observation, with card indices and masks instead of card tuples.

    :func:`view_of_observation` builds it from an observation; in rollouts
    :func:`view_of_state` builds the same view straight from a state (without
    the cost of a full observation), reading only what that seat may see.
    """

    __slots__ = (
        "seat",
        "rules",
        "phase",
        "hand",
        "legal",
        "bidder",
        "game_type",
        "ultimo",
        "active",
        "trick",
        "tricks_done",
        "exposed",
        "seen",
        "known",
    )

    def __init__(
        self,
        seat: int,
        rules: Any,
        phase: str,
        hand: int,
        legal: list[Action],
        bidder: int | None,
        game_type: str | None,
        ultimo: bool,
        active: tuple[int, ...],
        trick: list[tuple[int, int]],
        tricks_done: int,
        exposed: int,
        seen: int,
        known: TarokKnowledge | None,
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.phase = phase
        #: The seat's cards as a mask.
        self.hand = hand
        self.legal = legal
        self.bidder = bidder
        self.game_type = game_type
        self.ultimo = ultimo
        self.active = active
        #: The trick in progress as (seat, card index).
        self.trick = trick
        self.tricks_done = tricks_done
        #: Widow cards face up, and widow cards this seat looked at (masks).
        self.exposed = exposed
        self.seen = seen
        #: Card knowledge (in the play phase only).
        self.known = known

    def fields(self) -> tuple[Any, ...]:
        """Every field, for comparisons in tests."""
        return tuple(getattr(self, name) for name in self.__slots__)


def view_of_observation(obs: TarokObservation) -> TarokView:
    return TarokView(
        obs.seat,
        obs.rules,
        obs.phase,
        mask_of(obs.hand),
        list(obs.legal_actions),
        obs.bidder,
        obs.game_type,
        obs.ultimo,
        obs.active,
        [(s, c.index) for s, c in obs.trick],
        len(obs.tricks),
        mask_of(obs.widow_exposed),
        mask_of(obs.widow_seen),
        knowledge(obs) if obs.phase == "play" else None,
    )


def view_of_state(state: TarokState, seat: int, cache: FactsCache) -> TarokView:
    """The view ``seat`` has of ``state``: the same as :func:`view_of_observation` of its observation."""
    phase = state.phase
    bidder = state.bidder
    rules = state.rules
    tricks = state.tricks
    trick = state.trick_cards()
    hand = state.hand_mask(seat)
    seen = state.seen_mask if seat == bidder else 0
    exposed = state.exposed_mask
    known = None
    if phase == "play":
        overtrump = rules.overtrump_required
        facts = cache.facts(tricks, state.num_players, overtrump)
        discards = state.discard_mask if seat == bidder else state.discard_mask & TRUMPS
        known = build_knowledge(seat, hand, facts, trick, overtrump, discards, exposed | seen)
    return TarokView(
        seat,
        rules,
        phase,
        hand,
        state.legal_actions() if state.current_player == seat else [],
        bidder,
        state.game_type,
        state.ultimo,
        state.active_seats,
        trick,
        len(tricks),
        exposed,
        seen,
        known,
    )


class HeuristicBot:
    """Card-counting Tarok player; deterministic (the seed is not used)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: TarokObservation) -> Action:
        if (only := only_action(observation.legal_actions)) is not None:
            return only
        return self.decide(view_of_observation(observation))

    def decide(self, view: TarokView) -> Action:
        """The choice from a view (the observation's, or a rollout's view of a state)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        hand = view.hand
        choice: Action
        if phase == "play":
            choice = self._play(view, legal)
        elif phase == "auction":
            choice = self.bid(view, hand, legal)
        elif phase == "widow":
            choice = self._widow(view, hand)
        elif phase == "discard":
            choice = self._discard(view, hand, legal)
        elif phase == "contract":
            contract = "solo" if view.seen == 0 else "threesome"  # a solo bidder never sees the widow
            game = plays_game(view.rules, contract, hand, after_discard=contract == "threesome")
            choice = A.ACTIONS[A.GAME_ID if game else A.CONSOLATION_ID]
        elif phase == "ultimo":
            trumps, high = trump_counts(hand)
            choice = A.ACTIONS[A.ULTIMO_ID if trumps >= ULTIMO_TRUMPS and high >= ULTIMO_HIGH else A.PASS_ID]
        elif phase == "contra":
            trumps, high = trump_counts(hand)
            choice = A.ACTIONS[A.CONTRA_ID if trumps >= 8 and high >= 5 else A.PASS_ID]
        else:
            choice = legal[0]
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------------ before play
    def bid(self, obs: Any, hand: int, legal: list[Action]) -> Action:
        """The call for ``hand`` (a mask): solo, threesome or pass (``obs`` needs only ``rules``).

        The contract with the best :func:`contract_value` (game, or consolation where the rules let
        it be chosen and it pays more), if it beats a pass by :data:`BID_MARGIN`.
        """
        points = expected_count(hand)
        best, best_value = A.ACTIONS[A.PASS_ID], BID_MARGIN
        if A.ACTIONS[A.SOLO_ID] in legal and A.ACTIONS[A.THREESOME_ID] not in legal:
            # a threesome stands: passing is not worth 0 but what its opponents lose to it
            best_value -= AGAINST_THREESOME / 2
        for action_id, contract in ((A.SOLO_ID, "solo"), (A.THREESOME_ID, "threesome")):
            if A.ACTIONS[action_id] in legal:
                value = best_game_type(obs.rules, contract, points)[1]
                if value > best_value:
                    best, best_value = A.ACTIONS[action_id], value
        return best

    def _widow(self, obs: Any, hand: int) -> Action:
        """Raise the multiplier (reject) when the contract looks safe; take the better half for the plan."""
        accept, reject = A.ACTIONS[A.ACCEPT_ID], A.ACTIONS[A.REJECT_ID]
        jack = obs.rules.jack_value
        exposed = obs.exposed
        seen = obs.seen
        game_type, _, made = best_game_type(obs.rules, "threesome", expected_count(hand))
        if not exposed:
            return reject if made >= SAFE else accept
        second = seen & ~exposed
        gain = half_value(second, jack) - half_value(exposed, jack)
        if game_type == "consolation":
            gain = -gain  # playing for consolation: the weaker half is the better one
        return accept if gain >= 4 else reject

    def _discard(self, obs: Any, hand: int, legal: list[Action]) -> Action:
        """For game: counters and short suits (to trump them later), trumps last.

        For consolation: the high trumps that would take tricks, then high suit cards.
        """
        jack = obs.rules.jack_value
        consolation = not plays_game(obs.rules, "threesome", hand & ~obs.seen)  # the plan of the bid

        def key(action: Action) -> tuple[int, float, int]:
            c = action.card.index  # type: ignore[attr-defined]
            if consolation:
                if c < NUM_TRUMPS:
                    return (0, -float(c) - (0 if c >= MOND else 40), c)
                return (1, -((c - NUM_TRUMPS) & 7) + card_weight(c, jack), c)
            if c < NUM_TRUMPS:
                return (1, float(c == PAGAT or c >= MOND), c)
            suit = hand & GROUP_MASKS[group_of(c)]
            length = suit.bit_count()
            has_king = bool(suit & KINGS)
            score = card_weight(c, jack) + 1.5 * max(0, 4 - length) + (0 if has_king else 1.5)
            return (0, -score, c)

        return min(legal, key=key)

    # ------------------------------------------------------------------ play
    def _play(self, obs: TarokView, legal: list[Action]) -> Action:
        k = obs.known
        assert k is not None
        cards = [a.card.index for a in legal]  # type: ignore[attr-defined]
        table = _Table(obs, k)
        if obs.ultimo and obs.seat == obs.bidder and len(cards) > 1 and PAGAT in cards:
            cards.remove(PAGAT)  # the announced pagat waits for the last trick
        if not obs.trick:
            card = table.lead(cards)
        else:
            card = table.follow(cards)
        return A.ACTIONS[A.PLAY_BASE + card]


def half_value(mask: int, jack: int) -> float:
    """How much a widow half adds to a bidder's hand."""
    value = 0.0
    for c in range(54):
        if mask >> c & 1:
            value += card_weight(c, jack) + (1.5 if c < NUM_TRUMPS else 0) + (2 if c >= HIGH_TRUMP and c < 22 else 0)
    return value


class _Table:
    """The play of one card: what the seat knows, and whom it plays with and against."""

    def __init__(self, obs: TarokView, k: TarokKnowledge) -> None:
        self.obs = obs
        self.k = k
        self.me: int = obs.seat
        self.bidder: int | None = obs.bidder
        self.jack = obs.rules.jack_value
        #: Card points are good for both sides in a game, bad for both in a consolation.
        self.greedy = obs.game_type != "consolation"
        self.unseen = k.unseen
        self.trick = obs.trick
        active = list(obs.active)
        start = active.index(self.trick[0][0]) if self.trick else active.index(self.me)
        order = active[start:] + active[:start]
        self.after = order[len(self.trick) + 1 :]
        self.tricks_left = 16 - obs.tricks_done

    def friend(self, seat: int) -> bool:
        if seat == self.me:
            return True
        return (seat == self.bidder) == (self.me == self.bidder)

    def weight(self, c: int) -> int:
        return card_weight(c, self.jack)

    def may_beat(self, seat: int, best: int, led: int) -> bool:
        """Whether ``seat`` might hold (and may play) a card beating ``best`` in a trick led by ``led``."""
        cards = self.k.may_hold(seat)
        lead_group = group_of(led)
        if lead_group != TRUMP_GROUP and cards & GROUP_MASKS[lead_group] and not self.k.voids[seat] >> lead_group & 1:
            # he probably follows suit: only a higher card of the suit beats a suit card
            if best >= NUM_TRUMPS:
                return bool(cards & GROUP_MASKS[lead_group] & ~((1 << (best + 1)) - 1))
            return False
        return bool(cards & TRUMPS & ~((1 << (best + 1)) - 1)) if best < NUM_TRUMPS else bool(cards & TRUMPS)

    def safe(self, card: int, trick: list[tuple[int, int]]) -> bool:
        """Whether ``card`` would win ``trick`` against every enemy still to play."""
        led = trick[0][1] if trick else card
        return not any(self.may_beat(s, card, led) for s in self.after if not self.friend(s))

    def cheap_key(self, c: int) -> tuple[int, int, int]:
        """Order for throwing a card away: nulls before counters, low before high, trumps kept."""
        special = 1 if c in (PAGAT, MOND, SKUS) else 0
        return (special, self.weight(c), c if c < NUM_TRUMPS else (c - NUM_TRUMPS) & 7)

    def follow(self, cards: list[int]) -> int:
        trick = self.trick
        plays = [c for _, c in trick]
        led = plays[0]
        best_pos = trick_winner(plays)
        best_seat, best = trick[best_pos]
        ours = self.friend(best_seat)
        enemy_after = [s for s in self.after if not self.friend(s)]
        ours_safe = ours and not any(self.may_beat(s, best, led) for s in enemy_after)
        winners = [c for c in cards if trick_winner(plays + [c]) == len(plays)]
        value = sum(self.weight(c) for c in plays)
        if not self.greedy:
            return self._follow_consolation(cards, winners, ours, ours_safe)
        if ours_safe:
            return self.smear(cards)
        safe_winners = [c for c in winners if self.safe(c, trick)]
        if safe_winners:
            pick = min(safe_winners, key=lambda c: (c in (MOND, SKUS), c if c < NUM_TRUMPS else 0, self.power(c)))
            if pick not in (MOND, SKUS) or value >= 5 or self.tricks_left <= 3 or len(safe_winners) > 1:
                return pick
            if pick == MOND and not (self.unseen >> SKUS & 1) and value >= 3:
                return pick
        if ours and not enemy_after:
            return self.smear(cards)
        if winners and value >= 5 and enemy_after:
            return max(winners, key=self.power)
        return self.duck(cards)

    def _follow_consolation(self, cards: list[int], winners: list[int], ours: bool, ours_safe: bool) -> int:
        losers = [c for c in cards if c not in winners]
        if losers:
            if not ours:
                # the other side takes it: give them counters, and our highest losing card
                return max(losers, key=lambda c: (self.weight(c), self.power(c)))
            return max(losers, key=lambda c: (-self.weight(c), self.power(c)))
        # every card wins: take as little as possible, get rid of a high card
        return max(winners, key=lambda c: (-self.weight(c), self.power(c)))

    def power(self, c: int) -> int:
        """How strong a card is in play (trumps above all suit cards)."""
        return 100 + c if c < NUM_TRUMPS else (c - NUM_TRUMPS) & 7

    def smear(self, cards: list[int]) -> int:
        """The most valuable card to give to a trick our side takes (top trumps and an announced pagat kept)."""

        def key(c: int) -> tuple[int, int, int]:
            keep = c in (MOND, SKUS) and self.tricks_left > 2
            return (0 if keep else 1, self.weight(c), -self.power(c))

        return max(cards, key=key)

    def duck(self, cards: list[int]) -> int:
        """The cheapest card to lose: no counter, no pagat into the enemy's trick, low trumps first."""
        return min(cards, key=self.cheap_key)

    def lead(self, cards: list[int]) -> int:
        k = self.k
        enemies = [s for s in self.obs.active if not self.friend(s)]
        if not self.greedy:
            return min(cards, key=lambda c: (self.power(c) >= 100, self.power(c), -self.weight(c)))
        my_trumps = [c for c in cards if c < NUM_TRUMPS]
        out_trumps = self.unseen & TRUMPS
        enemy_trumps = any(not k.voids[s] >> TRUMP_GROUP & 1 and k.may_hold(s) & TRUMPS for s in enemies)
        top_out = out_trumps.bit_length() - 1
        sure_trumps = [c for c in my_trumps if c > top_out and c != PAGAT]
        if self.me == self.bidder:
            # draw the enemy's trumps with sure winners while they have some
            if sure_trumps and enemy_trumps and len(my_trumps) >= out_trumps.bit_count():
                return max(sure_trumps)
        # kings of suits the enemy still follows
        for c in sorted(cards, key=lambda c: -self.weight(c)):
            if c < NUM_TRUMPS or (c - NUM_TRUMPS) & 7 != KING:
                continue
            g = group_of(c)
            outstanding = (self.unseen & GROUP_MASKS[g]).bit_count()
            if outstanding >= 2 and not any(k.voids[s] >> g & 1 for s in enemies):
                return c
        if sure_trumps and enemy_trumps and self.me == self.bidder:
            return max(sure_trumps)
        # otherwise a low card of a suit, shortest suit first (to trump it later), else a low trump
        suits = [c for c in cards if c >= NUM_TRUMPS]
        if suits:

            def key(c: int) -> tuple[int, int, int]:
                length = (k.hand & GROUP_MASKS[group_of(c)]).bit_count()
                return (self.weight(c), length, (c - NUM_TRUMPS) & 7)

            return min(suits, key=key)
        return min(cards, key=self.cheap_key)


#: The heuristic bot under its old name.
GreedyBot = HeuristicBot


# --------------------------------------------------------------------------- search
#: Budgets of the search levels (calibrated on a 2-core machine: see benchmarks/bench_search_games.py).
LEVELS: dict[str, Budget] = {
    "normal": Budget(worlds=100, min_worlds=16, steps=40_000, seconds=LEVEL_SECONDS["normal"]),
    "hard": Budget(worlds=400, min_worlds=64, steps=160_000, seconds=LEVEL_SECONDS["hard"]),
}


#: With the plays read, world weights are tempered to keep at least this share of the worlds effective.
PLAY_TEMPER_SHARE = 0.25
#: Points per card point of a flat consolation's margin that a rollout's value adds
#: (:func:`jick.games.tarok.sampling.margin_value`): on by default since 2026-12-06, when an arena run showed it
#: helps (docs/tarok.md); 0 values a flat consolation by its score alone.
MARGIN_WEIGHT = 1.0


def search_game(
    policy_bot: HeuristicBot | None = None,
    read_calls: bool = True,
    read_plays: bool = False,
    margin_weight: float = MARGIN_WEIGHT,
) -> SearchGame[TarokObservation, TarokState]:
    """Tarok for :class:`jick.bots.pimc.DeterminizedSearch`: sampled deals, heuristic rollouts, deal score.

    The worlds are weighted by how well they explain the other seats' calls
    (``read_calls``) and card plays (``read_plays``) under the rollouts'
    model of the players (:mod:`jick.games.tarok.inference`). A flat
    consolation's card-point margin adds ``margin_weight`` points per point
    to a rollout's value (:func:`jick.games.tarok.sampling.margin_value`).
    """
    bot = policy_bot or HeuristicBot()
    cache = FactsCache()

    def policy(state: TarokState, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return bot.decide(view_of_state(state, seat, cache))

    def weigh(obs: TarokObservation, world: TarokState) -> float:
        from jick.games.tarok import inference  # it imports this module

        weight = inference.world_weight(obs, world) if read_calls else 1.0
        if read_plays and weight > 0.0:
            weight *= inference.play_weight(obs, world, policy)
        return weight

    return SearchGame(
        name="heuristic",
        sample_world=sampling.sample_world,
        progress=sampling.progress,
        value=sampling.margin_value(margin_weight) if margin_weight else sampling.deal_value,
        policy=policy,
        observation_policy=bot.choose,
        rollout_length=sampling.rollout_length,
        groups=sampling.equivalent_groups,
        world_weight=weigh if read_calls or read_plays else None,
    )


class SearchBot(PimcBot[TarokObservation, TarokState]):
    """Determinized search over sampled deals with heuristic rollouts, valued by the deal's score change.

    ``level`` is ``normal`` or ``hard`` (the budget of :data:`LEVELS`);
    ``budget`` overrides it (tests use small ones). ``read_plays`` weights
    the sampled deals by the other seats' card plays; ``margin_weight``
    (:data:`MARGIN_WEIGHT` unless given) adds that many points per card point
    of a flat consolation's margin to a rollout's value
    (:func:`jick.games.tarok.sampling.margin_value`).
    """

    levels = LEVELS
    #: Reading the auction (:mod:`jick.games.tarok.inference`) is off: an arena did not show it helps (docs/tarok.md):
    #: ``SearchBot(inference=True)`` turns it on.
    infers = False

    def __init__(
        self, *args: Any, read_plays: bool = False, margin_weight: float = MARGIN_WEIGHT, **kwargs: Any
    ) -> None:
        self.read_plays = read_plays
        self.margin_weight = margin_weight
        super().__init__(*args, **kwargs)
        if read_plays:  # many plays read multiply into a few heavy worlds: keep a quarter of them effective
            self.search.temper_share = PLAY_TEMPER_SHARE

    def weighs(self) -> bool:
        return self.inference or self.read_plays

    def search_game(self) -> SearchGame[TarokObservation, TarokState]:
        return search_game(read_calls=self.inference, read_plays=self.read_plays, margin_weight=self.margin_weight)
