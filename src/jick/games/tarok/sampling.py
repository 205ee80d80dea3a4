"""What a seat knows of a Tarok deal, and whole deals sampled to agree with it (for the search bot).

:func:`knowledge` reads an observation: the cards each seat played, the
suits (and trumps) each seat has shown it lacks by failing to follow, the
trumps it cannot hold above a height (under ``overtrump_required``), and the
cards out of play that this seat knows of.

:func:`sample_world` builds a full :class:`TarokState` that agrees with an
observation in everything the seat can see. It places every card the seat
cannot see (other hands, the widow cards not shown to it, the bidder's
hidden discards) at random under the known facts:

* the sizes of the hands, the widow rest and the discards;
* shown voids and trump limits;
* discards are never kings, and hidden discards are never trumps (a trump
  laid away is announced);
* declared melds are held by their declarer, undeclared ones are not (once
  melds have been declared), and a bidder asked about ultimo holds ``I``;
* a bidder who announced ultimo held, when he announced it, as many trumps
  (and trumps from XV up) as the heuristic bot, the search's model of the
  players, announces it with (:func:`ultimo_trumps`), where any deal does;
* the widow halves follow the multiplier: the half taken, the half exposed.

It then deals a deck that gives those cards and replays the public actions
of the deal. It never looks at the real state.

>>> from jick.games.tarok import new_match
>>> import random
>>> s = new_match("tarok_3p", seed=3)
>>> obs = s.observation(s.current_player)
>>> world = sample_world(obs, random.Random(1))
>>> world.observation(obs.seat) == obs, world.hand_mask(obs.seat) == s.hand_mask(obs.seat)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jick.bots.budget import SamplingError
from jick.bots.pimc import random_assignment
from jick.cards import bit_list
from jick.engine import Action, IllegalAction
from jick.games.tarok import actions as A
from jick.games.tarok.cards import (
    ALL_CARDS,
    KINGS,
    NUM_TRUMPS,
    PAGAT,
    SUIT_MASKS,
    TRULL,
    TRUMPS,
    card_weight,
)
from jick.games.tarok.rules import HALF, ConsolationScoring
from jick.games.tarok.state import TarokDealResult, TarokState, active_seats, deal_positions

#: Trumps from XV up count as high.
HIGH_TRUMP = 14
HIGH_TRUMPS = TRUMPS >> HIGH_TRUMP << HIGH_TRUMP
#: The fewest trumps, and high trumps, the heuristic bot (the search's model of the other players) announces
#: ultimo with: a sampled deal gives a bidder who announced it at least as many (:func:`ultimo_trumps`).
ULTIMO_TRUMPS = 11
ULTIMO_HIGH = 5


def trump_counts(hand: int) -> tuple[int, int]:
    """(trumps, high trumps) of a hand given as a mask.

    >>> trump_counts(1 << PAGAT | 1 << HIGH_TRUMP | 1 << 30)
    (2, 1)
    """
    return (hand & TRUMPS).bit_count(), (hand & HIGH_TRUMPS).bit_count()


def ultimo_trumps(held: int, free: int, room: int, rng: random.Random, avoid: int = 0) -> int:
    """The trumps of ``free`` to give a bidder who announced ultimo, so that he held the trumps it is announced with.

    ``held`` is what he is known to have held at the announcement (his cards played since, those placed in
    his hand already), ``free`` the unplaced trumps his hand may take, ``room`` how many more cards it takes,
    ``avoid`` cards he may not hold all of (a meld he did not declare). High trumps first, then any, at
    random, just enough; 0 (none) where no deal gives him so many.

    >>> rng = random.Random(1)
    >>> given = ultimo_trumps(1 << PAGAT, TRUMPS & ~1, 15, rng)
    >>> trumps, high = trump_counts(given | 1 << PAGAT)
    >>> trumps, high >= ULTIMO_HIGH
    (11, True)
    >>> ultimo_trumps(1 << PAGAT, TRUMPS & ~1, 9, rng)  # his hand has room for nine more cards only
    0
    """
    missing = avoid & ~held
    if missing and missing & free == missing:  # leave him one of the meld's missing cards out
        free &= ~(1 << rng.choice(bit_list(missing)))
    trumps, high = trump_counts(held)
    need_high = max(0, ULTIMO_HIGH - high)
    need = max(0, ULTIMO_TRUMPS - trumps - need_high)
    highs = free & HIGH_TRUMPS
    if need_high + need > room or highs.bit_count() < need_high:
        return 0
    chosen = _pick(highs, need_high, rng)
    rest = free & TRUMPS & ~chosen
    if rest.bit_count() < need:
        return 0
    return chosen | _pick(rest, need, rng)


#: Card groups for voids: suits 0..3 and the trumps.
TRUMP_GROUP = 4
GROUP_MASKS = (*SUIT_MASKS, TRUMPS)
#: No limit on the trumps a seat may hold (see :attr:`TarokKnowledge.trump_limit`).
NO_LIMIT = NUM_TRUMPS
_PHASE_ORDER = {"auction": 0, "widow": 1, "discard": 2, "contract": 3, "ultimo": 4, "contra": 5, "play": 6}
_MELD_MASKS = {"trull": TRULL, "four_kings": KINGS}


def group_of(card: int) -> int:
    """0..3 for a suit card's suit, 4 for a trump."""
    return TRUMP_GROUP if card < NUM_TRUMPS else (card - NUM_TRUMPS) >> 3


def mask_of(cards: Any) -> int:
    """Bitmask of a sequence of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


@dataclass(frozen=True)
class TarokKnowledge:
    """One seat's view of the cards of the current deal (bitmasks of card indices)."""

    seat: int
    hand: int
    #: Cards each seat has played this deal (completed tricks and the trick in progress).
    played: tuple[int, ...]
    #: Cards of the completed tricks.
    gone: int
    #: Cards of the trick in progress.
    in_trick: int
    #: Per seat, a bitmask of groups (suits 0..3, trumps 4) it has shown it lacks.
    voids: tuple[int, ...]
    #: Per seat, it holds no trump with an index at or above this (22: no limit).
    trump_limit: tuple[int, ...]
    #: Discards this seat knows: its own (bidder) or the announced trumps.
    known_discards: int
    #: Widow cards this seat has seen (exposed, or looked at as bidder).
    known_widow: int

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in other hands, the hidden widow cards or hidden discards."""
        return ALL_CARDS & ~(self.hand | self.gone | self.in_trick | self.known_discards | self.known_widow)

    def may_hold(self, seat: int) -> int:
        """Cards of :attr:`unseen` that ``seat`` may hold given what it has shown."""
        return self.unseen & self.shown_allows(seat)

    def shown_allows(self, seat: int) -> int:
        """Cards ``seat`` may hold given the voids and trump limit it has shown (seen cards included)."""
        mask = ALL_CARDS
        voids = self.voids[seat]
        for g in range(5):
            if voids >> g & 1:
                mask &= ~GROUP_MASKS[g]
        limit = self.trump_limit[seat]
        if limit < NUM_TRUMPS:
            mask &= ~(TRUMPS & ~((1 << limit) - 1))
        return mask


def note_trick(plays: Any, overtrump: bool, voids: list[int], limit: list[int]) -> None:
    """Record what each play of a trick (``(seat, card index)`` in order) shows about the hand it came from."""
    led = plays[0][1]
    lead_group = group_of(led)
    top = led if led < NUM_TRUMPS else -1
    for seat, card in plays[1:]:
        g = group_of(card)
        if g != lead_group:
            voids[seat] |= 1 << lead_group
            if g != TRUMP_GROUP:
                voids[seat] |= 1 << TRUMP_GROUP
        if g == TRUMP_GROUP and overtrump and 0 <= top and card < top:
            limit[seat] = min(limit[seat], top + 1)
        if g == TRUMP_GROUP and card > top:
            top = card


#: Public facts of the completed tricks: cards played per seat, cards gone, voids, trump limits.
Facts = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


def trick_facts(tricks: Any, num_players: int, overtrump: bool, start: Facts | None = None, skip: int = 0) -> Facts:
    """What completed ``tricks`` (``Trick`` values) show, added to ``start`` (the facts of the first ``skip``)."""
    if start is None:
        played, gone, voids, limit = [0] * num_players, 0, [0] * num_players, [NO_LIMIT] * num_players
    else:
        played, gone, voids, limit = list(start[0]), start[1], list(start[2]), list(start[3])
    for i in range(skip, len(tricks)):
        plays = [(s, c.index) for s, c in tricks[i].plays]
        note_trick(plays, overtrump, voids, limit)
        for s, c in plays:
            played[s] |= 1 << c
            gone |= 1 << c
    return tuple(played), gone, tuple(voids), tuple(limit)


def build_knowledge(
    seat: int, hand: int, facts: Facts, trick: list[tuple[int, int]], overtrump: bool, discards: int, widow: int
) -> TarokKnowledge:
    """A seat's knowledge from the completed tricks' facts, the trick in progress and its private cards."""
    played, gone, voids_t, limit_t = facts
    in_trick = 0
    if trick:
        played_l, voids, limit = list(played), list(voids_t), list(limit_t)
        note_trick(trick, overtrump, voids, limit)
        for s, c in trick:
            played_l[s] |= 1 << c
            in_trick |= 1 << c
        played, voids_t, limit_t = tuple(played_l), tuple(voids), tuple(limit)
    return TarokKnowledge(seat, hand, played, gone, in_trick, voids_t, limit_t, discards, widow)


def knowledge(obs: Any) -> TarokKnowledge:
    """What ``obs.seat`` knows of the cards of the current deal."""
    overtrump = obs.rules.overtrump_required
    facts = trick_facts(obs.tricks, obs.rules.num_players, overtrump)
    return build_knowledge(
        obs.seat,
        mask_of(obs.hand),
        facts,
        [(s, c.index) for s, c in obs.trick],
        overtrump,
        mask_of(obs.own_discards) | mask_of(obs.announced_discards),
        mask_of(obs.widow_exposed) | mask_of(obs.widow_seen),
    )


class FactsCache:
    """The facts of a growing list of tricks, updated trick by trick (for rollouts that read a state often).

    It keeps the last list it saw (so that list cannot be mistaken for another)
    and how many of its tricks it has read.
    """

    def __init__(self) -> None:
        self._tricks: Sequence[Any] | None = None
        self._count = 0
        self._facts: Facts | None = None

    def facts(self, tricks: Sequence[Any], num_players: int, overtrump: bool) -> Facts:
        if self._tricks is tricks and self._facts is not None and self._count <= len(tricks):
            if self._count < len(tricks):
                self._facts = trick_facts(tricks, num_players, overtrump, self._facts, self._count)
                self._count = len(tricks)
            return self._facts
        self._tricks = tricks
        self._count = len(tricks)
        self._facts = trick_facts(tricks, num_players, overtrump)
        return self._facts


def _pick(mask: int, count: int, rng: random.Random) -> int:
    """``count`` cards of ``mask`` at random, as a mask."""
    chosen = 0
    for c in rng.sample(bit_list(mask), count):
        chosen |= 1 << c
    return chosen


def sample_world(obs: Any, rng: random.Random) -> TarokState:
    """A full state of the deal in progress that gives ``obs.seat`` exactly ``obs`` (see the module doc)."""
    phase = obs.phase
    if phase not in _PHASE_ORDER:
        raise SamplingError(f"no deal in progress (phase {phase})")
    for attempt in range(40):
        # (the trumps read from an ultimo may leave no deal without an undeclared meld: the last tries go without)
        world = _try_sample(obs, rng, read_ultimo=attempt < 20)
        if world is not None:
            return world
    raise SamplingError("no deal agrees with the declared melds")


def _try_sample(obs: Any, rng: random.Random, read_ultimo: bool = True) -> TarokState | None:
    rules = obs.rules
    seat = obs.seat
    phase = obs.phase
    stage = _PHASE_ORDER[phase]
    k = knowledge(obs)
    bidder = obs.bidder
    is_bidder = bidder == seat
    m = obs.multiplier
    exposed = mask_of(obs.widow_exposed)
    seen = mask_of(obs.widow_seen)
    played_all = k.gone | k.in_trick
    resolved = obs.contract == "threesome" and stage >= _PHASE_ORDER["discard"]
    # ---- places: the other active hands, the hidden widow cards, the hidden discards
    others = [s for s in obs.active if s != seat]
    hand_place = {s: i for i, s in enumerate(others)}
    rest_place, disc_place = len(others), len(others) + 1
    capacity = [obs.hand_sizes[s] for s in others] + [0, 0]
    hands_of_bidder = 1 << hand_place[bidder] if bidder is not None and not is_bidder else 0
    fixed = k.hand | played_all | k.known_discards
    exposed_free = 0  # exposed cards whose place is not known to this seat
    if is_bidder:
        fixed |= seen
    if not resolved:
        fixed |= exposed
        capacity[rest_place] = 6 - (exposed | (seen if is_bidder else 0)).bit_count()
    else:
        if is_bidder:
            capacity[rest_place] = 3 if m == 1 else 0
        elif m == 2:
            fixed |= exposed  # the rejected first half lies with the opponents
        elif m == 3:
            exposed_free = exposed & ~played_all
            capacity[rest_place] = 3
        else:
            capacity[rest_place] = 3
        if not is_bidder:
            capacity[disc_place] = obs.discard_count - mask_of(obs.announced_discards).bit_count()
    unknown = ALL_CARDS & ~fixed
    cards = bit_list(unknown)
    all_places = (1 << len(capacity)) - 1
    # (an exposed card the bidder may have taken back obeys the voids he has shown like any other)
    hand_allowed = {s: k.may_hold(s) | (exposed_free & k.shown_allows(s) if s == bidder else 0) for s in others}
    discardable = ~TRUMPS & ~KINGS
    forced: dict[int, int] = {}  # card -> the one place it must go to
    meld_stage = stage >= _PHASE_ORDER["ultimo"]
    for s, name in obs.melds:
        if s in hand_place:
            for c in bit_list(_MELD_MASKS[name] & unknown):
                forced[c] = 1 << hand_place[s]
    if bidder is not None and bidder in hand_place and (obs.ultimo or phase in ("ultimo", "contra")):
        if unknown >> PAGAT & 1:
            forced[PAGAT] = 1 << hand_place[bidder]
    declared = set(obs.melds)
    banned: dict[int, int] = {}  # card -> places it may not go to (the last card of an undeclared meld)
    if meld_stage:
        for s in others:
            for name, meld in _MELD_MASKS.items():
                if (s, name) in declared:
                    continue
                missing = meld & ~k.played[s]
                if missing.bit_count() == 1 and missing & unknown:
                    c = missing.bit_length() - 1
                    banned[c] = banned.get(c, 0) | 1 << hand_place[s]
    if read_ultimo and bidder is not None and bidder in hand_place and obs.ultimo:
        # he announced ultimo: he held as many trumps as the model announces it with
        place = 1 << hand_place[bidder]
        his = sum(1 << c for c, p in forced.items() if p == place)
        free = unknown & hand_allowed[bidder] & ~sum(1 << c for c in forced)
        free &= ~sum(1 << c for c, places in banned.items() if places & place)
        room = capacity[hand_place[bidder]] - his.bit_count()
        undeclared = TRULL if meld_stage and (bidder, "trull") not in declared else 0
        for c in bit_list(ultimo_trumps(his | k.played[bidder], free, room, rng, undeclared)):
            forced[c] = place
    allowed = []
    for c in cards:
        bit = 1 << c
        if c in forced:
            allowed.append(forced[c])
            continue
        mask = all_places & ~banned.get(c, 0)
        for s, i in hand_place.items():
            if not hand_allowed[s] & bit:
                mask &= ~(1 << i)
        if not discardable & bit:
            mask &= ~(1 << disc_place)
        if exposed_free:
            if bit & exposed_free:
                mask &= hands_of_bidder | 1 << disc_place | (1 << rest_place if exposed.bit_count() == 6 else 0)
            elif exposed.bit_count() == 6:
                mask &= ~(1 << rest_place)
        allowed.append(mask)
    placed = random_assignment(cards, allowed, capacity, rng)
    now = {s: 0 for s in obs.active}
    now[seat] = k.hand
    rest = 0
    hidden_discards = 0
    for c, p in zip(cards, placed, strict=True):
        if p == rest_place:
            rest |= 1 << c
        elif p == disc_place:
            hidden_discards |= 1 << c
        else:
            now[others[p]] |= 1 << c
    # ---- undeclared melds must not be there once melds are declared
    if meld_stage:
        for s in others:
            holding = now[s] | k.played[s]
            for name, meld in _MELD_MASKS.items():
                if (s, name) not in declared and holding & meld == meld:
                    return None
    # ---- the deck: each active seat's first 16 cards and the widow halves
    discards = k.known_discards | hidden_discards
    initial = {s: now[s] | k.played[s] for s in obs.active}
    if resolved:
        assert bidder is not None
        holding = initial[bidder] | discards
        if is_bidder:
            taken = seen & holding
            rest |= seen & ~taken
        elif m == 3:
            taken = exposed & ~rest
        else:
            taken = _pick(holding & ~exposed, 3, rng)
            if m == 2:
                rest |= exposed
        initial[bidder] = holding & ~taken
        first, second = (rest, taken) if m == 2 else (taken, rest)
    else:
        widow = exposed | (seen if is_bidder else 0) | rest
        if exposed:
            first = exposed
        elif is_bidder and seen:
            first = seen
        else:
            first = _pick(widow, 3, rng)
        second = widow & ~first
    n = rules.num_players
    positions, widow_positions = deal_positions(n, obs.dealer)
    deck = [0] * 54
    for s in obs.active:
        cards_s = bit_list(initial[s])
        if len(cards_s) != 16:
            raise SamplingError(f"seat {s} would be dealt {len(cards_s)} cards")
        for pos, c in zip(positions[s], cards_s, strict=True):
            deck[pos] = c
    halves = bit_list(first) + bit_list(second)
    if len(halves) != 6 or first.bit_count() != 3:
        raise SamplingError("the widow halves do not hold three cards each")
    for pos, c in zip(widow_positions, halves, strict=True):
        deck[pos] = c
    world = deal_start(obs, deck, seed=rng.randrange(2**31))
    # ---- replay the public actions of the deal
    try:
        for action in _actions(obs, world, initial, now, discards, k):
            world.apply(action)
    except IllegalAction as exc:
        raise SamplingError(f"the deal cannot be replayed: {exc}") from None
    if world.phase != phase or world.current_player != obs.current_player:
        raise SamplingError("the replayed deal does not reach the observed position")
    return world


def deal_start(obs: Any, deck: Sequence[int], seed: int | None = None) -> TarokState:
    """The deal of ``obs`` dealt from ``deck``, before its first action, with the match's scores and deals so far.

    Later deals come from ``seed``.
    """
    results = [obs.last_deal] * (obs.deal_number - 1) if obs.last_deal is not None else []
    return TarokState.at_deal(obs.rules, deck, dealer=obs.dealer, scores=obs.scores, results=results, seed=seed)


def _actions(
    obs: Any, world: TarokState, initial: dict[int, int], now: dict[int, int], discards: int, k: TarokKnowledge
) -> list[Action]:
    """The actions of the deal so far, as the observation shows them (hidden discards as sampled)."""
    acts = [a for _, a in obs.bids]
    phase = obs.phase
    stage = _PHASE_ORDER[phase]
    bidder = obs.bidder
    if obs.contract == "threesome" and stage >= _PHASE_ORDER["widow"]:
        if phase == "widow":
            acts += [A.ACTIONS[A.REJECT_ID]] if obs.widow_exposed else []
        else:
            accept, reject = A.ACTIONS[A.ACCEPT_ID], A.ACTIONS[A.REJECT_ID]
            acts += {1: [accept], 2: [reject, accept], 3: [reject, reject]}[obs.multiplier]
            acts += [A.ACTIONS[A.DISCARD_BASE + c] for c in bit_list(discards)]
    if stage < _PHASE_ORDER["ultimo"] or bidder is None:
        return acts
    if obs.contract == "threesome" or obs.rules.consolation_in_solo:
        acts.append(A.ACTIONS[A.GAME_ID if obs.game_type == "game" else A.CONSOLATION_ID])
    holds_pagat = (now[bidder] | k.played[bidder]) >> PAGAT & 1
    if holds_pagat and stage > _PHASE_ORDER["ultimo"]:
        acts.append(A.ACTIONS[A.ULTIMO_ID if obs.ultimo else A.PASS_ID])
    if obs.ultimo and stage >= _PHASE_ORDER["contra"]:
        first, second = (s for s in obs.active if s != bidder)
        passed, contra = A.ACTIONS[A.PASS_ID], A.ACTIONS[A.CONTRA_ID]
        if phase == "contra":
            acts += [passed] if obs.current_player == second else []
        elif obs.contra == first:
            acts.append(contra)
        elif obs.contra == second:
            acts += [passed, contra]
        else:
            acts += [passed, passed]
    for trick in obs.tricks:
        acts += [A.ACTIONS[A.PLAY_BASE + c.index] for _, c in trick.plays]
    acts += [A.ACTIONS[A.PLAY_BASE + c.index] for _, c in obs.trick]
    return acts


# --------------------------------------------------------------------------- search hooks
def progress(state: TarokState) -> int:
    """Deals finished: a rollout ends when it changes."""
    return len(state.deal_results)


def deal_value(root: TarokState, final: TarokState, seat: int) -> float:
    """The seat's score change from the deal after ``root``, less the table's average change.

    In settlement scoring (zero-sum) that is the seat's own change; in paper
    scoring it counts the others' gains against the seat.
    """
    result = _deal_result(root, final)
    if result is None:
        return 0.0
    changes = result.changes
    return changes[seat] - sum(changes) / len(changes)


def _deal_result(root: TarokState, final: TarokState) -> TarokDealResult | None:
    """The result of the deal played from ``root`` to ``final``, or None if it is not over."""
    results = final.deal_results
    done = len(root.deal_results)
    return results[done] if len(results) > done else None


def margin_value(weight: float) -> Callable[[TarokState, TarokState, int], float]:
    """:func:`deal_value` plus ``weight`` points per card point of the bidder's margin in a flat consolation.

    A consolation scored flat (``consolation_scoring="literal"``) is worth
    the same made by one card point or by thirty, so when every sampled
    deal makes it (or every one loses it) all of a seat's actions value the
    same. The margin (35 less the bidder's count) breaks such ties toward
    the safer side: the bidder gains ``weight`` per point from each
    opponent, as the lines of a deal are scored; a deal in a game keeps its
    own value, which already grows with the count.

    >>> from jick.games.tarok import new_match
    >>> from jick.games.tarok.bot import HeuristicBot
    >>> state = new_match("tarok_3p", seed=5, overrides={"deals_per_match": 1})
    >>> root = state.clone()
    >>> while not state.is_terminal:
    ...     state.apply(HeuristicBot().choose(state.observation(state.current_player)))
    >>> r = state.deal_results[0]
    >>> r.game_type, r.bidder, r.bidder_count, r.changes
    ('consolation', 0, 30, (300, -150, -150))
    >>> [margin_value(1.0)(root, state, seat) for seat in range(3)]
    [310.0, -155.0, -155.0]
    """

    def value(root: TarokState, final: TarokState, seat: int) -> float:
        base = deal_value(root, final, seat)
        r = _deal_result(root, final)
        flat = final.rules.consolation_scoring is ConsolationScoring.LITERAL
        if r is None or r.game_type != "consolation" or r.bidder is None or not flat:
            return base
        opponents = [s for s in active_seats(final.num_players, r.dealer) if s != r.bidder]
        margin = weight * (HALF - r.bidder_count)
        if seat == r.bidder:
            return base + margin * len(opponents)
        return base - margin if seat in opponents else base

    return value


def rollout_length(obs: Any) -> int:
    """Actions left in the deal, roughly."""
    if obs.phase == "play":
        return 48 - 3 * len(obs.tricks) - len(obs.trick)
    return 54


def equivalent_groups(obs: Any) -> list[list[Action]]:
    """The legal actions in groups that cannot differ in outcome, lowest card first in each.

    Two cards of the same suit (or two trumps) of the same value are
    equivalent when every card ranking between them is in the seat's hand or
    out of play (in a completed trick, a known discard, a widow card that went
    to the opponents): whatever one can do, the other can too.
    """
    legal = list(obs.legal_actions)
    k = knowledge(obs)
    dead = k.gone | k.known_discards
    if obs.contract == "threesome" and obs.multiplier == 2 and obs.phase not in ("auction", "widow"):
        dead |= mask_of(obs.widow_exposed)
    between_ok = dead | k.hand
    jack = obs.rules.jack_value
    groups: list[list[Action]] = []
    last_card = -1
    for action in sorted(legal, key=lambda a: (getattr(a, "card", None) is None, a.id)):
        card = getattr(action, "card", None)
        if card is None:
            groups.append([action])
            last_card = -1
            continue
        c = card.index
        if (
            last_card >= 0
            and group_of(last_card) == group_of(c)
            and card_weight(last_card, jack) == card_weight(c, jack)
            and type(groups[-1][0]) is type(action)
        ):
            between = ((1 << c) - 1) & ~((1 << (last_card + 1)) - 1)
            if between & ~between_ok == 0:
                groups[-1].append(action)
                last_card = c
                continue
        groups.append([action])
        last_card = c
    return groups
