"""Helpers the Smear bot tests share: a random walk into a match, and a twin state a seat cannot tell apart.

A plain module beside the tests (imported as ``smear_kit``), since the compiled build's run collects the tests
from outside the tree, where ``tests.`` imports do not resolve.
"""

from __future__ import annotations

import random

from jick.games.smear.state import HAND, SmearState


def walk(state: SmearState, rng: random.Random, steps: int) -> None:
    """Random legal actions (a state somewhere in a match)."""
    for _ in range(steps):
        if state.is_terminal:
            return
        state.apply(rng.choice(state.legal_actions()))


def swap_hidden_hands(state: SmearState, seat: int) -> SmearState | None:
    """A copy where two other seats with as many cards have swapped hands: ``seat`` cannot tell it apart."""
    n = state.num_players
    others = [s for s in range(n) if s != seat]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if state.hand_mask(a).bit_count() == state.hand_mask(b).bit_count() and state.hand_mask(a):
                twin = state.clone()
                twin._v[HAND + a], twin._v[HAND + b] = twin._v[HAND + b], twin._v[HAND + a]
                return twin
    return None
