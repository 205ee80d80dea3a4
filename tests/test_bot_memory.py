"""The Smear bots remember every trick their seat saw played, even where the rules forbid reviewing old tricks.

On the Minnesota presets (``trick_history_visible = "none"``) a seat may not
look back at old tricks, but it watched them being played: ``witnessed`` in
its observation holds them, and card counting, the search's sampled deals and
the score of the hand so far come from it. ``search_v1`` is the search bot
that forgets them, as every search bot did before, kept for the arena.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from jick.bots import make_bot
from jick.engine import RulesError
from jick.games.smear import new_match
from jick.games.smear.heuristic import HeuristicBot
from jick.games.smear.knowledge import knowledge
from jick.games.smear.observation import SmearObservation
from jick.games.smear.sampling import sample_hands
from jick.games.smear.search import SearchBot
from jick.games.smear.state import SmearState


def mid_hand(preset: str, tricks: int, seed: int = 5) -> SmearState:
    """A match of ``preset`` played by heuristic bots until ``tricks`` tricks are done and a card is led."""
    state = new_match(preset, seed=seed)
    bot = HeuristicBot()
    while sum(state.tricks_won) < tricks or not state.trick:
        assert not state.is_terminal and state.hand_number == 1
        state.apply(bot.choose(state.observation(state.current_player)))
    return state


def played_before(state: SmearState) -> int:
    """The cards of the completed tricks of the hand, as a mask."""
    deal = state.current_deal
    assert deal is not None
    mask = 0
    for trick in deal.tricks:
        for _, card in trick.plays:
            mask |= 1 << card.index
    return mask


@pytest.mark.parametrize("preset", ["smear_mn_original", "smear_mn_basic4"])
def test_a_seat_remembers_tricks_it_may_not_review(preset: str) -> None:
    state = mid_hand(preset, tricks=3)
    seat = state.current_player
    obs = state.observation(seat)
    assert isinstance(obs, SmearObservation)
    assert obs.rules.trick_history_visible == "none" and obs.tricks == ()
    assert len(obs.witnessed) == 3
    gone = played_before(state)
    assert gone.bit_count() == 3 * state.num_players
    k = knowledge(obs)
    assert k.unknown & gone == 0, "no card already played may be in another hand"
    assert sum(bin(mask).count("1") for mask in k.played) == gone.bit_count() + len(obs.trick)
    rng = random.Random(1)
    for _ in range(20):
        hands = sample_hands(k, rng)
        for other, hand in enumerate(hands):
            if other != seat:
                assert hand & gone == 0


def test_the_forgetful_view_is_the_old_one() -> None:
    state = mid_hand("smear_mn_original", tricks=3)
    obs = state.observation(state.current_player)
    forgetful = dataclasses.replace(obs, witnessed=obs.tricks)
    gone = played_before(state)
    assert knowledge(forgetful).unknown & gone == gone, "without memory the played cards are unknown again"


def test_witnessed_equals_reviewable_tricks_when_all_are_visible() -> None:
    state = mid_hand("smear_ten_point", tricks=2)
    obs = state.observation(state.current_player)
    assert obs.witnessed == obs.tricks and len(obs.tricks) == 2


def test_every_seat_witnesses_the_same_public_tricks() -> None:
    state = mid_hand("smear_mn_original", tricks=2)
    seen = {state.observation(seat).witnessed for seat in range(state.num_players)}
    assert len(seen) == 1


def test_search_v1_forgets_and_search_remembers() -> None:
    v1 = make_bot("search_v1", seed=1, game="smear")
    assert isinstance(v1, SearchBot) and v1.memory is False
    assert make_bot("search", seed=1, game="smear").memory is True  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="plays smear only"):
        make_bot("search_v1", seed=1, game="tarok")


def test_both_search_bots_choose_a_legal_card_with_hidden_tricks() -> None:
    state = mid_hand("smear_mn_original", tricks=3)
    obs = state.observation(state.current_player)
    for bot in (make_bot("search:easy", seed=2, game="smear"), SearchBot(seed=2, level="easy", memory=False)):
        assert bot.choose(obs) in obs.legal_actions


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original", "pitch_eleven", "smear_mn_three_handed"])
def test_the_voids_read_from_the_tricks_are_the_rules_own_whether_kept_or_not(preset: str) -> None:
    """knowledge keeps each play's shown voids by trump table (the bots read the same tricks at every
    decision): every seat's voids are those the play rules give afresh, at every decision of seeded hands."""
    from jick.games.smear import knowledge as K
    from jick.games.smear.rule_core import shown_voids
    from jick.games.smear.rules import FirstLead, FollowRule
    from jick.games.smear.tables import trump_table

    checked = 0
    for seed in range(3):
        state = new_match(preset, seed=seed)
        bots = [make_bot("heuristic", seed * 10 + s, game="smear") for s in range(state.num_players)]
        while not state.is_terminal and state.hand_number < 5:
            obs = state.observation(state.current_player)
            if obs.trump is not None:
                rules, table = obs.rules, trump_table(obs.rules, obs.trump)
                switches = (rules.trump_only_play, rules.first_lead is FirstLead.TRUMP,
                            rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP)  # fmt: skip
                fresh = [0] * state.num_players
                done = sum(obs.tricks_won)
                tricks = [(t.plays, done - len(obs.witnessed) + i == 0) for i, t in enumerate(obs.witnessed)]
                for plays, first in [*tricks, (obs.trick, done == 0)]:
                    led = -1
                    for seat, card in plays:
                        fresh[seat] |= shown_voids(card.index, led, first, table.trumps, table.eff_suit,
                                                   table.suit_masks, *switches)  # fmt: skip
                        led = card.index if led < 0 else led
                kept = knowledge(obs).voids
                K._SHOWN.clear()
                assert kept == knowledge(obs).voids == tuple(fresh)
                checked += any(fresh)
            state.apply(bots[state.current_player].choose(obs))
    assert checked > 30
