"""Deals consistent with what one seat has seen: the worlds a search bot plays out.

:func:`sample_hands` gives every other seat as many unknown cards as it holds,
never a card of a suit it has shown it lacks. :func:`sample_world` builds a
whole :class:`SmearState` for the bidding and trump phases, where every action
so far is public: a deck that deals the seat its own cards and the others a
sample, the match scores and dealer of the observation, and the auction so
far replayed.

>>> import random
>>> from jick.games.smear import new_match
>>> s = new_match(seed=3)
>>> obs = s.observation(s.current_player)
>>> world = sample_world(obs, random.Random(1))
>>> world.observation(obs.seat) == obs
True
>>> world.hand_mask((obs.seat + 1) % 4) == s.hand_mask((obs.seat + 1) % 4)
False
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from jick.bots.budget import SamplingError
from jick.cards import CARDS
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.heuristic import PLAIN_WORTH
from jick.games.smear.knowledge import Knowledge, knowledge
from jick.games.smear.state import SmearState

#: Attempts with the voids respected before a sample ignores them (they may rest on a renege).
VOID_ATTEMPTS = 20


def _cards(mask: int) -> list[int]:
    return [c for c in range(55) if mask >> c & 1]


#: How much likelier an unseen trump is to be in the bidder's hand than another card (he chose the suit).
BIDDER_TRUMP_WEIGHT = 2.0


def _discard_weight(card: int) -> float:
    """How likely a plain card is to have been discarded, against a deuce (1.0): high cards are kept."""
    return 1.0 / (1.0 + 8.0 * PLAIN_WORTH[card % 13]) if card < 52 else 0.1


def _weighted_pick(cards: list[int], weights: list[float], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``cards`` drawn without replacement, each in proportion to its weight (Efraimidis-Spirakis)."""
    if count >= len(cards):
        return list(cards)
    keys = sorted(((rng.random() ** (1.0 / w), c) for c, w in zip(cards, weights, strict=True)), reverse=True)
    return [c for _, c in keys[:count]]


def sample_hands(k: Knowledge, rng: random.Random) -> list[int]:
    """Every seat's hand (masks): the seat's own, and for the others a random fit to what the seat saw.

    The cards the others discarded face down are set aside first: they are
    plain cards (a buried trump is shown; a player keeps his trumps), low
    ones more likely than aces and 10s. The bidder's hand then draws trumps
    with twice the weight of other cards, and each hand respects the voids
    its seat has shown (the most constrained seat first); what is left is
    the undealt stock.
    """
    n = len(k.hand_sizes)
    others = [s for s in range(n) if s != k.seat and k.hand_sizes[s] > 0]
    allowed = {s: k.allowed(s) for s in others}
    trumps = k.table.trumps if k.table is not None else 0
    face_down = sum(k.face_down) if k.face_down else 0
    for attempt in range(2 * VOID_ATTEMPTS):
        relax = attempt >= VOID_ATTEMPTS
        pool = k.unknown
        if face_down:
            plain = _cards(pool & ~trumps)
            out = _weighted_pick(plain, [_discard_weight(c) for c in plain], face_down, rng)
            for card in out:
                pool &= ~(1 << card)
        hands = [0] * n
        hands[k.seat] = k.hand
        order = sorted(others, key=lambda s: (allowed[s] & pool).bit_count() - k.hand_sizes[s])
        for seat in order:
            choices = _cards((k.unknown if relax else allowed[seat]) & pool)
            need = k.hand_sizes[seat]
            if len(choices) < need:
                break
            if seat == k.bidder and trumps:
                weights = [BIDDER_TRUMP_WEIGHT if trumps >> c & 1 else 1.0 for c in choices]
                picked = _weighted_pick(choices, weights, need, rng)
            else:
                picked = rng.sample(choices, need)
            for card in picked:
                hands[seat] |= 1 << card
            pool &= ~hands[seat]
        else:
            return hands
    raise SamplingError(f"no deal fits what seat {k.seat} has seen")


def sample_world(obs: Any, rng: random.Random) -> SmearState:
    """A whole state, before the trump is played out, consistent with ``obs`` (bidding or trump phase, or
    the pitcher's lead that names trump).

    The seat to move sees in it exactly what ``obs`` shows; the other hands,
    the kitty and the stock are a random fit. Raises :class:`SamplingError`
    when the phase has hidden actions (discards, play) or no deal fits.
    """
    return sample_weighted_world(obs, rng)[0]


#: How much a sampled deal counts when a model of the other bidders would have bid otherwise.
OTHER_BID_WEIGHT = 0.6
PASS_MISMATCH_WEIGHT = 0.2


def sample_weighted_world(obs: Any, rng: random.Random, model: Any = None) -> tuple[SmearState, float]:
    """:func:`sample_world` with a weight: how likely ``model`` (a bot) makes the auction seen.

    For every earlier call of another seat the model is asked what it would
    have called with the sampled hand: the same call keeps the weight, another
    bid multiplies it by :data:`OTHER_BID_WEIGHT`, a pass where it would bid
    (or the reverse) by :data:`PASS_MISMATCH_WEIGHT`. Without a model the weight is 1.
    """
    naming_lead = obs.phase == "play" and obs.trump is None and not obs.trick  # trump_set_by = first_lead
    if obs.phase not in ("bidding", "trump", "misdeal_offer") and not naming_lead:
        raise SamplingError(f"worlds are sampled before the discards, not in the {obs.phase} phase")
    k = knowledge(obs)
    for _ in range(50):
        hands = sample_hands(k, rng)
        rest = _cards(k.unknown & ~sum(hands[s] for s in range(len(hands)) if s != k.seat))
        rng.shuffle(rest)
        kitty = 0
        for card in obs.kitty:  # the seat took the kitty: it was not dealt those cards
            kitty |= 1 << card.index
        hands[k.seat] &= ~kitty
        world = _dealt(obs, hands, kitty, rest, rng)
        if world is None:
            continue
        weight = _replay_auction(world, obs, model)
        if weight > 0:
            return world, weight
    raise SamplingError(f"no deal fits the auction seen by seat {obs.seat}")


def _dealt(obs: Any, hands: list[int], kitty: int, rest: list[int], rng: random.Random) -> SmearState | None:
    """A new deal of ``hands`` (masks), ``kitty`` and the stock ``rest`` at the match score of ``obs``.

    None when a low hand would have been redealt: that deal did not happen.
    """
    placed = {s: [CARDS[c] for c in _cards(h)] for s, h in enumerate(hands)}
    deck = arrange_deck(
        obs.rules, obs.dealer, placed, kitty=[CARDS[c] for c in _cards(kitty)], fill=[CARDS[c] for c in rest]
    )
    world = SmearState(obs.rules, seed=rng.randrange(2**31), decks=[deck], first_dealer=obs.dealer)
    if len(world.deals) != 1 or world.phase not in ("bidding", "misdeal_offer"):
        return None
    world.set_scores(obs.scores)
    return world


def _replay_auction(world: SmearState, obs: Any, model: Any) -> float:
    """Replay the auction seen in ``obs``; the weight of the world (0: it cannot have happened)."""
    weight = _replay_calls(world, obs, model)
    return weight if world.current_player == obs.seat and world.phase == obs.phase else 0.0


def _replay_calls(world: SmearState, obs: Any, model: Any) -> float:
    """Replay the calls of ``obs.bids`` on ``world``; the weight of the world (0: it cannot have happened)."""
    from jick.games.smear import actions as A

    keep = A.ACTIONS[A.KEEP_ID]
    weight = 1.0
    for seat, action in obs.bids:
        while world.phase == "misdeal_offer" and world.current_player != obs.seat:
            world.apply(keep)
        if world.current_player != seat or not world.is_legal(action):
            return 0.0
        if model is not None and seat != obs.seat:
            predicted = model.choose(world.observation(seat))
            if predicted != action:
                both_bids = isinstance(predicted, A.Bid) and isinstance(action, A.Bid)
                weight *= OTHER_BID_WEIGHT if both_bids else PASS_MISMATCH_WEIGHT
        world.apply(action)
    while world.phase == "misdeal_offer" and world.current_player != obs.seat:
        world.apply(keep)
    return weight


def sample_discard_world(obs: Any, rng: random.Random, model: Any) -> tuple[SmearState, float]:
    """A whole state at the seat's discard (``free_to_six``), consistent with ``obs``, and its weight.

    The other seats are dealt a random fit, weighted by how likely ``model``
    makes the auction seen (as :func:`sample_weighted_world`); a seat that
    has discarded already laid away cards of the stock's unseen plain cards,
    low ones likelier (:func:`_discard_weight`). The auction, the trump and
    the discards so far are replayed, so the seat sees in the world exactly
    what ``obs`` shows. Raises :class:`SamplingError` outside a ``free_to_six``
    discard, after a shown (buried) discard, or when no deal fits.
    """
    from jick.games.smear import actions as A
    from jick.games.smear.rules import DiscardMode

    rules = obs.rules
    if obs.phase != "discard" or rules.discard_mode is not DiscardMode.FREE_TO_SIX or rules.kitty_size or obs.buried:
        raise SamplingError("discard worlds are sampled in a free_to_six discard without a kitty or shown cards")
    k = knowledge(obs)
    n = len(obs.hand_sizes)
    mine = k.hand | sum(1 << c.index for c in obs.own_discards)
    # who discarded before the seat, in the order of the play (from the dealer's left)
    order = [(obs.dealer + 1 + i) % n for i in range(n)]
    before = [s for s in order[: order.index(obs.seat)] if obs.discard_counts[s]]
    trump_action = A.ACTIONS[A.TRUMP_BASE + obs.trump]
    trumps = k.table.trumps if k.table is not None else 0
    for _ in range(50):
        hands = sample_hands(dataclasses.replace(k, face_down=()), rng)
        pool = k.unknown & ~sum(hands[s] for s in range(n) if s != k.seat)
        laid: dict[int, list[int]] = {}
        for seat in before:  # its face-down cards come out of the unseen plain cards
            plain = _cards(pool & ~trumps)
            laid[seat] = _weighted_pick(plain, [_discard_weight(c) for c in plain], obs.discard_counts[seat], rng)
            for card in laid[seat]:
                pool &= ~(1 << card)
                hands[seat] |= 1 << card
        hands[k.seat] = mine
        rest = _cards(pool)
        rng.shuffle(rest)
        world = _dealt(obs, hands, 0, rest, rng)
        if world is None:
            continue
        weight = _replay_calls(world, obs, model)
        if weight <= 0 or world.current_player != obs.bidder or not world.is_legal(trump_action):
            continue
        world.apply(trump_action)
        for seat in before + [obs.seat]:
            cards = laid.get(seat, [c.index for c in obs.own_discards] if seat == obs.seat else [])
            for card in cards:
                action = A.ACTIONS[A.DISCARD_BASE + card]
                if world.current_player != seat or not world.is_legal(action):
                    break
                world.apply(action)
        if world.phase == "discard" and world.current_player == obs.seat and world.hand_mask(obs.seat) == k.hand:
            return world, weight
    raise SamplingError(f"no deal fits the discards seen by seat {obs.seat}")
