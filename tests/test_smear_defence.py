"""Defenders who combine against the bidder at five and six seats: the standing, hidden cards, the deadline."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from jick.bots import make_bot
from jick.engine import RulesError
from jick.games.smear import BOT_VERSIONS, new_match
from jick.games.smear.defence import (
    COALITION_AHEAD,
    COALITION_GOES_OUT,
    COALITION_LEADER,
    COALITION_USUAL,
    defence_coalition,
)
from jick.games.smear.search import Budget, SearchBot
from jick.games.smear.state import HAND, SmearState

TINY = Budget(worlds=2, auction_worlds=1, bids_tried=1, nodes=20_000)


def defending(players: int, seed: int, cards_played: int = 3) -> tuple[SmearState, Any]:
    """A state in the play of a hand where the seat to move is not on the bidder's side, and its observation."""
    for attempt in range(50):
        state = new_match("smear_ten_point", players=players, seed=seed * 100 + attempt)
        helper = make_bot("heuristic", seed, game="smear")
        played = 0
        while not state.is_terminal and not state.hand_results:
            obs = state.observation(state.current_player)
            if obs.phase == "play" and obs.trump is not None:
                if played >= cards_played and obs.sides[obs.seat] != obs.sides[obs.bidder]:
                    if len(obs.legal_actions) > 1:
                        return state, obs
                played += 1
            state.apply(helper.choose(obs))
    raise AssertionError("no defender's turn found")


def standing(obs: Any, scores: list[int], bid: int = 3) -> Any:
    return dataclasses.replace(obs, scores=tuple(scores), bid=bid)


def test_the_bidders_threat_sets_how_much_a_defender_combines() -> None:
    """Most when making the bid wins the bidder the match, then when he leads it, least for a defender far ahead;
    in level standings only when asked to combine always."""
    _, obs = defending(5, 1)
    me, bidder = obs.sides[obs.seat], obs.sides[obs.bidder]
    scores = [5] * 5
    assert defence_coalition(standing(obs, scores)) == 0
    assert defence_coalition(standing(obs, scores), always=True) == COALITION_USUAL
    scores[bidder] = 19
    assert defence_coalition(standing(obs, scores)) == COALITION_GOES_OUT
    assert defence_coalition(standing(obs, scores, bid=1)) == COALITION_LEADER
    scores = [5] * 5
    scores[me] = 15
    assert defence_coalition(standing(obs, scores), always=True) == COALITION_AHEAD
    scores[bidder] = 18  # far ahead of the others, but the bidder goes out if he makes it
    assert defence_coalition(standing(obs, scores)) == COALITION_GOES_OUT


def test_the_bidders_side_and_two_sides_do_not_combine() -> None:
    """The bidder plays for itself; at four seats (two teams) there is nobody to combine with."""
    _, obs = defending(5, 2)
    assert defence_coalition(dataclasses.replace(obs, seat=obs.bidder)) == 0
    _, four = defending(4, 2)
    assert defence_coalition(standing(four, [20, 20], bid=4)) == 0


@pytest.mark.parametrize("players", [5, 6])
def test_a_combining_defender_cannot_see_hidden_cards(players: int) -> None:
    """Two states that differ only in other seats' cards give the defender the same choices."""
    checked = 0
    for seed in range(4):
        state, obs = defending(players, seed)
        seat = obs.seat
        others = [s for s in range(players) if s != seat]
        sizes = {s: state.hand_mask(s).bit_count() for s in others}
        pair = next(((a, b) for a in others for b in others if a < b and sizes[a] == sizes[b] > 0), None)
        if pair is None:
            continue
        twin = state.clone()
        a, b = pair
        twin._v[HAND + a], twin._v[HAND + b] = twin._v[HAND + b], twin._v[HAND + a]
        twin_obs = twin.observation(seat)
        assert obs == twin_obs and state.hand_mask(a) != twin.hand_mask(a)
        for defence in ("threat", "always"):
            a, b = SearchBot(4, budget=TINY, defence=defence), SearchBot(4, budget=TINY, defence=defence)
            assert a.choose(obs) == b.choose(twin_obs)
        checked += 1
    assert checked >= 2


def test_a_defenders_decision_keeps_its_deadline() -> None:
    """With a deadline already spent the combining defender still answers, legally, and says it stopped short."""
    _, obs = defending(5, 3, cards_played=0)
    bot = SearchBot(5, level="normal", think=1e-9, defence="always")
    why = bot.explain(obs)
    assert why.choice in obs.legal_actions
    assert why.details["deadline_hit"] and why.details["worlds"] >= 1
    assert why.details["coalition"] > 0


def test_the_old_defence_is_kept_as_a_bot_version() -> None:
    """search_v4 is the search whose defenders play for their own points: no coalition in its explanations."""
    assert BOT_VERSIONS["search_v4"] == (
        "search",
        {"bid_search": False, "defence": "off", "tie_break": False, "leaf": "even", "call_model": False},
    )
    assert BOT_VERSIONS["search_defence_always"] == ("search", {"defence": "always"})
    assert BOT_VERSIONS["heuristic_defence"] == ("heuristic", {"defence": True})
    _, obs = defending(5, 4)
    leading = [0] * 5
    leading[obs.sides[obs.bidder]] = 12
    obs = standing(obs, leading)
    old = make_bot("search_v4", 1, game="smear")
    assert old.explain(obs).details["coalition"] == 0  # type: ignore[attr-defined]
    assert SearchBot(1, budget=TINY).explain(obs).details["coalition"] == COALITION_LEADER


def test_an_unknown_defence_is_a_one_line_error() -> None:
    with pytest.raises(RulesError, match="unknown defence 'all'; defences are: off, threat, always"):
        SearchBot(1, defence="all")


def test_the_heuristic_defends_with_the_others_when_the_bidder_would_go_out() -> None:
    """With ``defence``, its view of the hand: the bidder is its only opponent when making the bid wins him the
    match, every other seat when he only leads it (and always without ``defence``)."""
    from jick.games.smear.heuristic import _View, trump_info
    from jick.games.smear.knowledge import knowledge

    _, obs = defending(5, 6)
    going_out, leading = [0] * 5, [0] * 5
    going_out[obs.sides[obs.bidder]] = 19
    leading[obs.sides[obs.bidder]] = 12
    info = trump_info(obs.rules, obs.trump)
    everyone = [s for s in range(5) if s != obs.seat]
    for scores, opponents in ((going_out, [obs.bidder]), (leading, everyone), ([0] * 5, everyone)):
        seen = standing(obs, scores)
        view = _View(seen, info, knowledge(seen), defence=True)
        assert view.opponents == opponents
        assert view.lose_weight == (1.0 if len(opponents) == 1 else 0.25)
    old = _View(standing(obs, going_out), info, knowledge(obs), defence=False)
    assert len(old.opponents) == 4
