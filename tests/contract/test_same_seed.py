"""The same seed gives the same match: the same deals and the same legal actions along the same choices."""

from __future__ import annotations

import random

from .support import Config, core_snapshot, full_snapshot, walk_into_second_deal


def test_the_same_seed_gives_the_same_match(config: Config, seed: int) -> None:
    first, second = config.new(seed), config.new(seed)
    assert full_snapshot(first) == full_snapshot(second)
    for action in walk_into_second_deal(first, random.Random(seed)):
        assert action in second.legal_actions()
        second.apply(action)
        assert core_snapshot(second) == core_snapshot(first)
    assert [d.deck for d in second.deals] == [d.deck for d in first.deals]
    assert full_snapshot(second) == full_snapshot(first)


def test_another_seed_deals_other_cards(config: Config, seed: int) -> None:
    """The seed is what fixes the deal (so the test above is not comparing two constant deals)."""
    assert config.new(seed).deals[0].deck != config.new(seed + 100).deals[0].deck
