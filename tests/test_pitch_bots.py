"""The bots on the Pitch presets (docs/pitch.md section 6): the lead that names trump and the new points."""

from __future__ import annotations

import pytest

from conformance.support import E, N, S, W, start, suit, suit_cards
from jick.cards import card_mask, parse_card
from jick.games.smear import new_match
from jick.games.smear.actions import Bid, Pass, Play
from jick.games.smear.greedy import GreedyBot
from jick.games.smear.heuristic import HeuristicBot
from jick.games.smear.knowledge import knowledge
from jick.games.smear.search import SearchBot, bidder_points
from jick.games.smear.solver import solver_tables
from jick.games.smear.state import SmearState

PITCH_PRESETS = ["pitch_auction", "pitch_five", "pitch_six", "pitch_seven", "pitch_nine", "pitch_ten", "cinch"]


def one_hand(state: SmearState, bots: list[object]) -> SmearState:
    """Play until the first hand is scored (every decision by the seat's bot)."""
    while not state.hand_results and not state.is_terminal:
        seat = state.current_player
        action = bots[seat].choose(state.observation(seat))  # type: ignore[attr-defined]
        assert action in state.legal_actions()
        state.apply(action)
    return state


@pytest.mark.parametrize("preset", PITCH_PRESETS)
def test_heuristic_and_greedy_bots_play_a_hand(preset: str) -> None:
    state = new_match(preset, seed=2)
    bots: list[object] = [HeuristicBot(seed=1), GreedyBot(seed=1), HeuristicBot(seed=2), GreedyBot(seed=2)]
    result = one_hand(state, bots).hand_results[0]
    assert sum(result.settlement.points) <= state.rules.max_points
    assert result.trump in range(4)


@pytest.mark.parametrize("preset", ["pitch_auction", "pitch_six", "cinch"])
def test_the_search_bot_plays_a_hand(preset: str) -> None:
    state = new_match(preset, seed=4)
    bots: list[object] = [SearchBot(seed=s, level="easy", think=0.02) for s in range(4)]
    assert one_hand(state, bots).hand_results


HANDS = {
    N: ["AH", "KH", "4H", "7C", "8D", "3S"],
    E: ["QS", "JS", "9S", "5C", "6D", "2C"],
    S: ["QC", "KD", "9D", "10S", "4C", "3D"],
    W: ["AS", "KS", "QD", "JD", "10D", "8C"],
}


def pitched(preset: str = "pitch_auction") -> SmearState:
    state = start(preset, HANDS, fill=suit_cards("SHDC"))
    state.apply(Bid(3))
    for _ in range(3):
        state.apply(Pass())
    return state


@pytest.mark.parametrize("bot", [HeuristicBot(seed=1), GreedyBot(seed=1), SearchBot(seed=1, level="easy")])
def test_the_naming_lead_is_the_top_of_the_strong_suit(bot: object) -> None:
    state = pitched()
    action = bot.choose(state.observation(N))  # type: ignore[attr-defined]
    assert action == Play(parse_card("AH"))  # hearts: ace and king, and High is safe


def test_the_search_plays_each_naming_lead_out_on_sampled_deals() -> None:
    state = pitched()
    explanation = SearchBot(seed=1, level="easy").explain(state.observation(N))
    assert "each lead played out" in explanation.method
    assert {a for a, _ in explanation.values} == set(state.legal_actions())
    values = dict(explanation.values)
    assert values[Play(parse_card("AH"))] > values[Play(parse_card("7C"))]  # naming clubs on 7C alone is poor


def test_the_cheater_plays_the_naming_lead_out_on_the_real_deck() -> None:
    from jick.games.smear.search import CheaterBot

    state = pitched()
    action = CheaterBot(seed=1, level="easy").choose_open(state)
    assert isinstance(action, Play) and action in state.legal_actions()
    explanation = CheaterBot(seed=1, level="easy").explain_open(state)
    assert explanation is not None and len(explanation.values) == 6  # every card valued


def test_the_solver_counts_the_pedros_and_the_ten() -> None:
    from jick.games.smear.presets import load_preset

    points = solver_tables(load_preset("cinch"), suit("H")).points
    assert points[parse_card("5H").index] == 5
    assert points[parse_card("5D").index] == 5
    assert points[parse_card("10H").index] == 1
    assert points[parse_card("JH").index] == 1
    seven = solver_tables(load_preset("pitch_seven"), suit("S")).points
    assert seven[parse_card("10S").index] == 1


def test_high_in_the_search_is_the_deals_top_trump() -> None:
    state = pitched()
    state.apply(Play(parse_card("4H")))  # hearts are trump; the ace is N's
    obs = state.observation(N)
    k = knowledge(obs)
    hands = [state.hand_mask(s) for s in range(4)]
    assert bidder_points(obs, k, hands, -1) == 1  # AH: High for NS
    hands[N] &= ~card_mask(["AH"])
    hands[E] |= card_mask(["AH"])
    assert bidder_points(obs, k, hands, -1) == 0  # a deal where E holds it instead
    assert obs.trump == suit("H")


@pytest.mark.parametrize(("preset", "players"), [(p, 4) for p in PITCH_PRESETS] + [("pitch_auction", 3)])
def test_every_pitch_preset_runs_in_the_arena(preset: str, players: int) -> None:
    """Duplicate deals and a full match, heuristic against random (the arena and the ladder use the same runs)."""
    from jick.arena import run_arena

    result = run_arena(preset, "heuristic,random", deals=2, seed=3, players=players, matches=1)
    rules = new_match(preset, players=players, seed=1).rules
    assert len(result.deals) == 2 and len(result.matches) == 1
    for deal in result.deals:
        assert len(deal.plays) >= 2  # each bot in each seat of the deal
        for play in deal.plays:
            assert len(play.points) == players
            assert max(play.points) <= rules.max_points
    assert max(result.matches[0].plays[0].scores) >= rules.target_score
