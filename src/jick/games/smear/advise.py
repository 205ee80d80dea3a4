"""The bid advisor: what a Smear hand is worth in each trump suit, and what to bid.

:func:`advise` deals the other hands at random many times, and for each deal
and each trump suit plays the hand out with the seat as the bidder (the same
simulation the search bot bids by: heuristic players in every seat, each seeing
only its own cards). That gives the expected points per suit and the chance
of making each bid. Then it plays each opening choice (pass or a bid) out on
the same deals, the seats before it passing and those after it bidding as the
heuristic bot does, the seat naming its best suit if it wins the auction; the
recommended choice has the best expected score change for the side against
the others, counting a match won or lost at the current score; a bid must beat
passing by more than the simulation's noise (when in doubt, pass).

>>> advice = advise("smear_ten_point", "AS KS JC HJ 3S 7D 9H 2C QD 4S", samples=4, seed=1)
>>> advice.best_suit, advice.recommended in ("pass",) + tuple(str(b) for b in range(2, 11))
('S', True)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jick.cards import CARDS, SUITS, parse_cards
from jick.engine import NotationError, RulesError
from jick.games.smear import actions as A
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import SmearRules
from jick.games.smear.search import hand_value
from jick.games.smear.state import SmearState
from jick.games.smear.tables import deck_cards


@dataclass(frozen=True)
class SuitAdvice:
    """What the hand does with one trump suit."""

    suit: str
    expected_points: float
    #: Bid -> chance of taking at least that many points.
    make_chance: dict[int, float]


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one hand."""

    preset: str
    hand: tuple[str, ...]
    position: int
    scores: tuple[int, ...]
    samples: int
    suits: tuple[SuitAdvice, ...]
    #: Opening choice ("pass", "2", ...) -> expected score change of the side against the others.
    values: dict[str, float]
    best_suit: str
    recommended: str
    recommended_value: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "hand": list(self.hand),
            "position": self.position,
            "scores": list(self.scores),
            "samples": self.samples,
            "suits": [
                {
                    "suit": s.suit,
                    "expected_points": round(s.expected_points, 3),
                    "make_chance": {str(b): round(p, 3) for b, p in s.make_chance.items()},
                }
                for s in self.suits
            ],
            "values": {choice: round(v, 3) for choice, v in self.values.items()},
            "best_suit": self.best_suit,
            "recommended": self.recommended,
            "recommended_value": round(self.recommended_value, 3),
        }


def parse_hand(rules: SmearRules, text: str) -> list[int]:
    """The card indices of a hand typed as ``"AS KS JC ..."``, checked against the rules' deck and hand size."""
    try:
        cards = [c.index for c in parse_cards(text.replace(",", " "))]
    except NotationError as exc:
        raise RulesError(f"--hand: {exc}") from None
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise RulesError(f"--hand: {CARDS[card]} is named twice")
        seen.add(card)
    deck = set(deck_cards(rules))
    outside = [str(CARDS[c]) for c in cards if c not in deck]
    if outside:
        raise RulesError(f"--hand: {', '.join(outside)} not in this preset's deck (jokers = {rules.jokers})")
    if len(cards) != rules.hand_size:
        raise RulesError(f"--hand has {len(cards)} cards; this preset deals {rules.hand_size}")
    return cards


def parse_score(text: str | None, sides: int) -> tuple[int, ...]:
    """``"US-THEM"`` as side scores with the seat's side first (every other side gets THEM).

    >>> parse_score("5-12", 2), parse_score("-3-4", 3), parse_score(None, 2)
    ((5, 12), (-3, 4, 4), (0, 0))
    """
    if text is None:
        return (0,) * sides
    body = text.strip()
    sign = 1
    if body.startswith("-"):
        sign, body = -1, body[1:]
    us_text, sep, them_text = body.partition("-")
    try:
        us = sign * int(us_text)
        them = int(them_text) if not them_text.startswith("(") else int(them_text.strip("()"))
    except ValueError:
        raise RulesError(f"--score {text!r}: write US-THEM, e.g. 5-12 (a negative score first: -3-4)") from None
    if not sep:
        raise RulesError(f"--score {text!r}: write US-THEM, e.g. 5-12")
    return (us,) + (them,) * (sides - 1)


def _world(
    rules: SmearRules, hand: Sequence[int], dealer: int, scores: Sequence[int], rng: random.Random
) -> SmearState:
    rest = [c for c in deck_cards(rules) if c not in set(hand)]
    rng.shuffle(rest)
    deck = arrange_deck(rules, dealer, {0: [CARDS[c] for c in hand]}, fill=[CARDS[c] for c in rest])
    world = SmearState(rules, seed=rng.randrange(2**31), decks=[deck], first_dealer=dealer)
    world.set_scores(scores)
    return world


def _heuristic(seed: int) -> Any:
    from jick.games.smear.bot import HeuristicBot

    return HeuristicBot(seed)


def _finish(state: SmearState, bots: list[Any], start: int) -> None:
    """Let the heuristic bots finish the hand in progress."""
    deals = len(state.deals)
    while not state.is_terminal and len(state.hand_results) == start and len(state.deals) == deals:
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat)))


def _as_bidder(world: SmearState, suit: int, bots: list[Any]) -> SmearState | None:
    """Play the world out with seat 0 winning the auction at the lowest bid and naming ``suit``."""
    state = world.clone()
    while state.phase == "misdeal_offer":
        state.apply(A.ACTIONS[A.KEEP_ID])
    while state.phase == "bidding":
        legal = state.legal_actions()
        if state.current_player == 0:
            bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
            if not bids:
                return None
            state.apply(bids[0])
        elif A.ACTIONS[A.PASS_ID] in legal:
            state.apply(A.ACTIONS[A.PASS_ID])
        else:
            return None  # a forced dealer bids over seat 0: not a deal seat 0 can win this way
    if state.phase != "trump" or state.current_player != 0:
        return None
    state.apply(A.ACTIONS[A.TRUMP_BASE + suit])
    _finish(state, bots, 0)
    return state


def advise(
    preset: str | SmearRules,
    hand: str | Sequence[int],
    *,
    position: int = 1,
    score: str | None = None,
    players: int | None = None,
    samples: int = 100,
    seed: int = 0,
) -> Advice:
    """Expected points per trump suit, chances of making each bid, and the recommended bid.

    ``position``: 1 bids first (left of the dealer) ... the number of
    players is the dealer. ``score``: ``"US-THEM"`` before the hand.
    """
    rules = preset if isinstance(preset, SmearRules) else load_preset(preset, players)
    name = preset if isinstance(preset, str) else "custom"
    cards = parse_hand(rules, hand) if isinstance(hand, str) else list(hand)
    n = rules.num_players
    if not 1 <= position <= n:
        raise RulesError(f"--position {position}: 1 (first to bid) to {n} (the dealer) at a {n}-player table")
    if samples < 1:
        raise RulesError("--samples must be at least 1")
    scores = parse_score(score, rules.num_sides)
    dealer = (0 - position) % n
    rng = random.Random(seed)
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    taken: dict[int, list[int]] = {suit: [] for suit in range(4)}
    side = rules.side_of(0)
    worlds = []
    for i in range(samples):
        world = _world(rules, cards, dealer, scores, rng)
        bots = [_heuristic(seed * 7919 + 31 * i + s) for s in range(n)]
        worlds.append((world, bots))
        for suit in range(4):
            played = _as_bidder(world, suit, bots)
            if played is not None and played.hand_results:
                taken[suit].append(played.hand_results[-1].settlement.points[side])
    suits = tuple(
        SuitAdvice(
            SUITS[suit],
            statistics.fmean(taken[suit]),
            {b: sum(1 for p in taken[suit] if p >= b) / len(taken[suit]) for b in bids},
        )
        for suit in range(4)
        if taken[suit]
    )
    if not suits:
        raise RulesError("no simulated deal let this seat win the auction")
    best = max(suits, key=lambda s: s.expected_points)
    trump = SUITS.index(best.suit)
    # each opening choice played out: the later seats bid as the heuristic bot does
    totals: dict[str, list[float]] = {}
    for world, bots in worlds:
        for action in _opening_choices(world):
            state = _open_auction(world)
            state.apply(action)
            _auction_out(state, trump, bots)
            totals.setdefault(str(action), []).append(hand_value(state, side, 0))
    values = {choice: statistics.fmean(v) for choice, v in totals.items()}
    recommended = _recommend(totals)
    return Advice(
        name, tuple(str(CARDS[c]) for c in cards), position, scores, samples, suits, values,
        best.suit, recommended, values[recommended],
    )  # fmt: skip


def _recommend(totals: dict[str, list[float]]) -> str:
    """The choice with the best mean value; a bid only if it beats passing by more than the noise.

    Every choice is played on the same deals, so a bid is compared with passing
    deal by deal: it is recommended over passing only when its mean gain is
    more than twice the standard error of that gain (when in doubt, pass).

    >>> _recommend({"pass": [0.0, -1.0, 0.0], "2": [0.1, -0.9, 0.1], "3": [2.0, 1.0, 3.0]})
    '3'
    >>> _recommend({"pass": [0.0, -1.0, 0.0, 1.0], "2": [0.5, -1.5, 0.5, 0.5]})
    'pass'
    """
    best = max(totals, key=lambda c: (statistics.fmean(totals[c]), c == "pass"))
    if "pass" not in totals or best == "pass":
        return best
    gains = [b - p for b, p in zip(totals[best], totals["pass"], strict=True)]
    noise = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return best if statistics.fmean(gains) > 2 * noise else "pass"


def _open_auction(world: SmearState) -> SmearState:
    """A copy of ``world`` where every seat before seat 0 kept its hand and passed."""
    state = world.clone()
    while state.current_player != 0 and state.phase in ("misdeal_offer", "bidding"):
        legal = state.legal_actions()
        for word in (A.KEEP_ID, A.PASS_ID):
            if A.ACTIONS[word] in legal:
                state.apply(A.ACTIONS[word])
                break
        else:
            break
    return state


def _opening_choices(world: SmearState) -> list[Any]:
    state = _open_auction(world)
    if state.current_player != 0 or state.phase != "bidding":
        return []
    return [a for a in state.legal_actions() if a.id != A.MOON_ID]


def _auction_out(state: SmearState, trump: int, bots: list[Any]) -> None:
    """Finish the hand: seat 0 names ``trump`` if it wins the auction; everything else by the heuristic bots."""
    deals = len(state.deals)
    while not state.is_terminal and not state.hand_results and len(state.deals) == deals:
        seat = state.current_player
        if seat == 0 and state.phase == "trump":
            state.apply(A.ACTIONS[A.TRUMP_BASE + trump])
        elif seat == 0 and state.phase == "bidding" and A.ACTIONS[A.PASS_ID] in state.legal_actions():
            state.apply(A.ACTIONS[A.PASS_ID])
        else:
            state.apply(bots[seat].choose(state.observation(seat)))
