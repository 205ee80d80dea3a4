"""Whole Lift Smoke games sampled to agree with one seat's observation (for the search bot).

:func:`sample_world` deals a deck that is consistent with everything the seat
can see, then replays the game's tricks on it. The facts it respects:

* the seat's own cards, every card played this game, the turned trump card
  (in the dealer's hand while he holds it, or set aside), the hand and stock
  sizes;
* every card a player played was in his hand then: dealt to him, or drawn
  by him (as a trick winner) before he played it;
* a player who did not follow suit held none of that suit at that moment,
  so each card he holds now came after his last failure to follow its suit
  (dealt cards count as held from the start).

Each player's cards are spread over "slots": the cards dealt to him and
the cards he drew after the tricks he won. Known cards (plays, and the
seat's own hand) take the earliest slots they fit (earliest deadline first);
the free slots of the other players get the unseen cards that fit them, at
random, and the rest of the unseen cards make the stock in random order.

Only games dealt from a full deck are sampled: positions set up with
``LiftSmokeState.from_position`` or games whose discards were reshuffled
raise :class:`~jick.bots.budget.SamplingError` (the search bot then plays its
heuristic).

>>> from jick.games.liftsmoke import new_match
>>> import random
>>> s = new_match("lift_smoke", seed=3)
>>> _ = s.apply(s.legal_actions()[0])
>>> obs = s.observation(s.current_player)
>>> world = sample_world(obs, random.Random(1))
>>> world.observation(obs.seat) == obs
True
"""

from __future__ import annotations

import dataclasses
import heapq
import random
from typing import Any

from jick.bots.budget import SamplingError
from jick.bots.pimc import random_assignment
from jick.cards import bit_list, index_mask
from jick.engine import Action, IllegalAction
from jick.games.liftsmoke import actions as A
from jick.games.liftsmoke.rules import DECK_SIZE, TrumpCard
from jick.games.liftsmoke.state import LiftSmokeState

#: A slot a card can be held in: (seat, time it arrived: 0 for the deal, t + 1 for a draw after trick t).
Slot = tuple[int, int]


def sample_world(obs: Any, rng: random.Random) -> LiftSmokeState:
    """A full state of the game in progress that gives ``obs.seat`` exactly ``obs`` (see the module doc)."""
    if obs.phase != "play":
        raise SamplingError(f"no game in progress (phase {obs.phase})")
    if obs.reshuffles:
        raise SamplingError("the discard pile was reshuffled: the cards played before are not all seen")
    rules = obs.rules
    n = rules.num_players
    seat = obs.seat
    seated = list(obs.seated)
    size = len(seated)
    dealer = obs.dealer
    set_aside = rules.trump_card is TrumpCard.STOCK_TOP_SET_ASIDE
    if obs.trump_card is None:
        raise SamplingError("no trump card was turned")
    tc = obs.trump_card.index
    order = [(dealer + j) % n for j in range(1, n + 1) if (dealer + j) % n in seated]
    # ---- the public history: plays, failures to follow, draws
    plays: dict[int, list[tuple[int, int]]] = {s: [] for s in seated}  # seat -> [(trick, card)]
    voids: dict[int, list[tuple[int, int]]] = {s: [] for s in seated}  # seat -> [(trick, suit)]
    draws: list[tuple[int, int]] = []  # (seat, trick after which he drew), in stock order
    tricks = list(obs.tricks)
    all_tricks = [(t.plays, t.winner, t.drew) for t in tricks]
    if obs.trick:
        all_tricks.append((obs.trick, -1, False))
    played = 0
    for t, (trick_plays, winner, drew) in enumerate(all_tricks):
        led = trick_plays[0][1].suit
        for s, card in trick_plays:
            if s not in plays:
                raise SamplingError(f"seat {s} played but was not dealt in")
            plays[s].append((t, card.index))
            played |= 1 << card.index
            if card.suit != led:
                voids[s].append((t, led))
        if drew:
            draws.append((winner, t + 1))
    hand = index_mask(obs.hand)
    held_tc = obs.trump_card_holder is not None
    for s in seated:
        dealt = obs.hand_sizes[s] + len(plays[s]) - sum(1 for d, _ in draws if d == s)
        if dealt != size:
            raise SamplingError(f"seat {s} was not dealt {size} cards: a constructed position")
    stock_total = DECK_SIZE - size * size - (1 if set_aside else 0)
    if obs.stock_size + len(draws) != stock_total:
        raise SamplingError("the stock does not match a dealt game")
    # ---- known cards into slots, per seat (earliest deadline first)
    slots: dict[int, list[int]] = {s: [0] * size + sorted(t for d, t in draws if d == s) for s in seated}
    filled: dict[Slot, list[int]] = {}
    free: dict[int, list[int]] = {}
    for s in seated:
        jobs: list[tuple[int, int, int]] = []  # (earliest slot time, deadline, card)
        for t, card in plays[s]:
            lo = _arrival_after(voids[s], card // 13, t)
            hi = 0 if card == tc and not set_aside else t
            jobs.append((lo, hi, card))
        if s == seat:
            for card in bit_list(hand):
                lo = _arrival_after(voids[s], card // 13, 1 << 30)
                hi = 0 if card == tc and held_tc else 1 << 30
                jobs.append((lo, hi, card))
        elif s == dealer and held_tc and not set_aside:
            jobs.append((0, 0, tc))
        assigned, left = _schedule(slots[s], jobs)
        if assigned is None:
            raise SamplingError(f"the plays of seat {s} do not fit the cards he can have held")
        for time, card in assigned:
            filled.setdefault((s, time), []).append(card)
        free[s] = left
    # ---- unseen cards into the free slots of the others and the stock
    known = played | hand | (1 << tc if held_tc or set_aside else 0)
    unseen = bit_list(((1 << DECK_SIZE) - 1) & ~known)
    places: list[tuple[int, int]] = []  # (seat, suits it may not hold) ; the stock is the last place
    capacity: list[int] = []
    index: dict[tuple[int, int], int] = {}
    slot_place: list[tuple[Slot, int]] = []
    for s in seated:
        if s == seat:
            continue
        for time in free[s]:
            banned = 0
            for v, suit in voids[s]:
                if v >= time:
                    banned |= 1 << suit
            key = (s, banned)
            if key not in index:
                index[key] = len(places)
                places.append(key)
                capacity.append(0)
            capacity[index[key]] += 1
            slot_place.append(((s, time), index[key]))
    stock_place = len(places)
    capacity.append(obs.stock_size)
    allowed = []
    for card in unseen:
        mask = 1 << stock_place
        for i, (_, banned) in enumerate(places):
            if not banned >> (card // 13) & 1:
                mask |= 1 << i
        allowed.append(mask)
    placed = random_assignment(unseen, allowed, capacity, rng)
    pools: list[list[int]] = [[] for _ in capacity]
    for card, p in zip(unseen, placed, strict=True):
        pools[p].append(card)
    for pool in pools:
        rng.shuffle(pool)
    for slot, p in slot_place:
        filled.setdefault(slot, []).append(pools[p].pop())
    # ---- the deck: dealt cards, the turned card, the draws in order, the rest of the stock
    deck: list[int] = [-1] * (size * size)
    for i, s in enumerate(order):
        cards = filled.get((s, 0), [])
        if s == dealer and not set_aside:
            cards = [c for c in cards if c != tc] + [tc]
        if len(cards) != size:
            raise SamplingError(f"seat {s} would be dealt {len(cards)} cards")
        for j, card in enumerate(cards):
            deck[i + j * size] = card
    if set_aside:
        deck.append(tc)
    for s, time in draws:
        deck.append(filled[(s, time)].pop())
    deck += pools[stock_place]
    scores = [x + (rules.ante if s in seated else 0) for s, x in enumerate(obs.scores)]
    world = LiftSmokeState.at_game(
        rules,
        deck,
        dealer=dealer,
        scores=scores,
        results=obs.game_results,
        game_number=obs.game_number,
        seed=rng.randrange(2**31),
    )
    try:
        for trick_plays, _, _ in all_tricks:
            for _, card in trick_plays:
                world.apply(A.ACTIONS[card.index])
    except IllegalAction as exc:
        raise SamplingError(f"the game cannot be replayed: {exc}") from None
    if world.current_player != obs.current_player:
        raise SamplingError("the replayed game does not reach the observed position")
    return world


def _arrival_after(voids: list[tuple[int, int]], suit: int, until: int) -> int:
    """The earliest slot time a card of ``suit`` held until trick ``until`` can have arrived."""
    lo = 0
    for v, s in voids:
        if s == suit and v < until:
            lo = max(lo, v + 1)
    return lo


def _schedule(times: list[int], jobs: list[tuple[int, int, int]]) -> tuple[list[tuple[int, int]] | None, list[int]]:
    """Put each card (earliest, deadline, card) in a slot time within its range, earliest deadline first.

    Returns the (slot time, card) pairs and the slot times left free, or
    ``None`` when some card fits no slot.
    """
    jobs = sorted(jobs)
    heap: list[tuple[int, int]] = []
    out: list[tuple[int, int]] = []
    left: list[int] = []
    j = 0
    for time in sorted(times):
        while j < len(jobs) and jobs[j][0] <= time:
            heapq.heappush(heap, (jobs[j][1], jobs[j][2]))
            j += 1
        if heap:
            deadline, card = heapq.heappop(heap)
            if deadline < time:
                return None, []
            out.append((time, card))
        else:
            left.append(time)
    if heap or j < len(jobs):
        return None, []
    return out, left


# --------------------------------------------------------------------------- search hooks
def progress(state: LiftSmokeState) -> int:
    """Games finished: a rollout ends when it changes."""
    return state.games_played


def game_value(root: LiftSmokeState, final: LiftSmokeState, seat: int) -> float:
    """The seat's chips from this game: the pot if it wins, less its ante."""
    results = final.game_results
    done = len(root.game_results)
    if len(results) <= done:
        return 0.0
    result = results[done]
    ante = final.rules.ante if seat in result.seated else 0
    return (result.pot if result.winner == seat else 0) - ante


def observation_key(obs: Any) -> str:
    """The observation as text, with the session's finished games cut to their number and the last one.

    (The whole ``repr`` would grow with the session.)
    """
    short = dataclasses.replace(obs, game_results=(len(obs.game_results),))
    return repr(short)


def rollout_length(obs: Any) -> int:
    """Cards left to play in the game, roughly."""
    total: int = sum(obs.hand_sizes)
    return max(1, total)


def equivalent_groups(obs: Any) -> list[list[Action]]:
    """The legal plays in groups that cannot differ: cards of a suit with only own or played cards between.

    Played cards are out for good unless the discards may be reshuffled into
    a new stock; then only the seat's own cards link two cards.
    """
    legal = sorted(obs.legal_actions, key=lambda a: a.id)
    hand = index_mask(obs.hand)
    dead = 0
    if obs.rules.on_stock_exhausted != "reshuffle_discards":
        for trick in obs.tricks:
            dead |= index_mask(c for _, c in trick.plays)
    linked = dead | hand
    groups: list[list[Action]] = []
    last = -1
    for action in legal:
        c = action.id
        if last >= 0 and last // 13 == c // 13:
            between = ((1 << c) - 1) & ~((1 << (last + 1)) - 1)
            if between & ~linked == 0:
                groups[-1].append(action)
                last = c
                continue
        groups.append([action])
        last = c
    # the highest card of a group stands for it (the same result, the natural card to name)
    return [group[::-1] for group in groups]
