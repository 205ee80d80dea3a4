"""The bots on the Pitch presets (docs/pitch.md section 6): the lead that names trump and the new points."""

from __future__ import annotations

import pytest

from conformance.support import E, N, S, W, start, suit, suit_cards
from jick.bots.budget import Budget
from jick.cards import card_mask, parse_card
from jick.games.smear import new_match, preset_names
from jick.games.smear.actions import Bid, Pass, Play
from jick.games.smear.greedy import GreedyBot
from jick.games.smear.heuristic import HeuristicBot
from jick.games.smear.knowledge import knowledge
from jick.games.smear.search import SearchBot, bidder_points
from jick.games.smear.solver import low_card_of, solver_tables
from jick.games.smear.state import SmearState

#: Every Pitch preset (the Pitch family of docs/pitch.md: the pitch_* presets and Cinch).
PITCH_PRESETS = [name for name in preset_names() if name.startswith("pitch_") or name == "cinch"]


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


#: A small search ended by its counts, not the clock: the same seed gives the same game on a loaded machine.
SMALL = Budget(worlds=2, auction_worlds=2, bids_tried=2)


@pytest.mark.parametrize("preset", ["pitch_auction", "pitch_six", "cinch"])
def test_the_search_bot_plays_a_hand(preset: str) -> None:
    state = new_match(preset, seed=4)
    bots: list[object] = [SearchBot(seed=s, budget=SMALL) for s in range(4)]
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


@pytest.mark.parametrize("bot", [HeuristicBot(seed=1), GreedyBot(seed=1), SearchBot(seed=1, budget=SMALL)])
def test_the_naming_lead_is_the_top_of_the_strong_suit(bot: object) -> None:
    state = pitched()
    action = bot.choose(state.observation(N))  # type: ignore[attr-defined]
    assert action == Play(parse_card("AH"))  # hearts: ace and king, and High is safe


def test_the_search_plays_each_naming_lead_out_on_sampled_deals() -> None:
    state = pitched()
    explanation = SearchBot(seed=1, budget=SMALL).explain(state.observation(N))
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
    eleven = solver_tables(load_preset("pitch_eleven"), suit("S")).points
    assert eleven[parse_card("AC").index] == 1  # the off-ace
    thirteen = solver_tables(load_preset("pitch_thirteen"), suit("S")).points
    assert thirteen[parse_card("3C").index] == 3  # the off-three


def test_the_solver_never_makes_a_joker_low_when_the_rules_say_so() -> None:
    from jick.cards import CARDS
    from jick.games.smear.presets import load_preset
    from jick.games.smear.tables import trump_table

    in_play = card_mask(["AS", "KS", "HJ", "LJ"])
    seven = load_preset("pitch_seven")
    assert str(CARDS[low_card_of(seven, trump_table(seven, suit("S")), in_play)]) == "KS"
    smear = load_preset("smear_ten_point")
    assert str(CARDS[low_card_of(smear, trump_table(smear, suit("S")), in_play)]) == "LJ"


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


def test_the_heuristic_smudges_only_on_a_sure_sweep() -> None:
    sweep = {N: ["AS", "KS", "QS", "JS", "10S", "9S"]}
    state = start("pitch_smudge", sweep, fill=suit_cards("HDC"))
    smudge = HeuristicBot(seed=1).choose(state.observation(N))
    assert str(smudge) == "smudge"
    state.apply(smudge)
    assert state.bid == 5 and state.bidder == N
    plain = start("pitch_smudge", HANDS, fill=suit_cards("SHDC"))
    assert str(HeuristicBot(seed=1).choose(plain.observation(N))) != "smudge"


@pytest.mark.parametrize("overrides", [{"auction_laps": "rounds"}, {"smudge": "all_points"}])
def test_the_bots_play_the_new_auctions(overrides: dict[str, object]) -> None:
    state = new_match("pitch_auction", seed=3, overrides=overrides)
    bots: list[object] = [HeuristicBot(seed=1), SearchBot(seed=1, budget=SMALL)] * 2
    assert one_hand(state, bots).hand_results


def test_the_heuristic_dealer_bids_rather_than_be_set() -> None:
    """Under all_pass = dealer_set a pass by the dealer costs the minimum bid for sure (docs/pitch.md)."""
    weak = {N: "3H 4C 5D 6S 7H 8C", E: "3S 4D 5C 6H 7S 8D", S: "3C 4H 5S 6D 7C 8H", W: "3D 4S 5H 6C 7D 8S"}
    hands = {seat: cards.split() for seat, cards in weak.items()}
    for all_pass, expected in (("dealer_set", Bid(2)), ("redeal_same_dealer", Pass())):
        state = start("smear_site_playsmear", hands, overrides={"all_pass": all_pass}, fill=suit_cards("SHDC"))
        for _ in range(3):
            state.apply(Pass())
        assert state.current_player == W
        assert HeuristicBot(seed=1).choose(state.observation(W)) == expected


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
            assert max(play.points) <= rules.max_points + rules.max_bid  # a set bid under Cinch's settlement
    assert max(result.matches[0].plays[0].scores) >= rules.target_score


@pytest.mark.parametrize("preset", ["smear_site_playsmear", "pitch_ten"])
def test_the_bots_call_a_partner_and_play_for_the_pair(preset: str) -> None:
    from jick.games.smear.heuristic import call_card, hand_sides
    from jick.games.smear.tables import trump_table

    state = new_match(preset, seed=5, players=5, overrides={"call_partner": "card"})
    bots: list[object] = [HeuristicBot(seed=1), SearchBot(seed=1, budget=SMALL), GreedyBot(seed=1)] * 2
    calls = 0

    def more() -> bool:  # three hands, and on until a called card was in play (a partner), at most ten
        results = state.hand_results
        partnered = any(h.partner is not None for h in results)
        return not state.is_terminal and (len(results) < 3 or (not partnered and len(results) < 10))

    while more():
        seat = state.current_player
        obs = state.observation(seat)
        if obs.phase == "call":
            calls += 1
            card = call_card(obs)
            lacking = [c for c in trump_table(state.rules, obs.trump).order if c not in {h.index for h in obs.hand}]
            assert card.index == [c for c in lacking if c not in {d.index for d in obs.own_discards}][0]
        elif obs.partner is not None and obs.bidder is not None:  # the pair is one side in the bot's view
            assert hand_sides(obs)[obs.partner] == obs.sides[obs.bidder]
        action = bots[seat].choose(obs)  # type: ignore[attr-defined]
        assert action in state.legal_actions()
        state.apply(action)
    assert calls == len([d for d in state.deals if d.outcome == "played"]) >= 3
    assert all(h.called is not None for h in state.hand_results)
    assert any(h.partner is not None for h in state.hand_results)


def test_the_terminal_asks_the_bidder_to_call_a_partner(tmp_path: object) -> None:
    from typer.testing import CliRunner

    from jick.cli import app

    args = ["play", "--preset", "smear_site_playsmear", "--players", "5", "--set", "call_partner=card"]
    args += ["--seats", "human,bot,bot,bot,bot", "--seed", "3", "--bot", "easy", "--record", f"{tmp_path}/r.json"]
    result = CliRunner().invoke(app, args, input="5\nS\n9S\nKS\nquit\n", env={"COLUMNS": "200"})
    out = result.output
    assert "the bidder calls a card: its holder is the bidder's secret partner" in out
    assert "Call a card for your partner (e.g. AS): " in out
    assert "you hold 9S: call a card you do not hold (e.g. AS)" in out
    assert "you call the KS: its holder is a secret partner" in out
    assert "Called card: KS (partner: hidden until it is played)" in out
