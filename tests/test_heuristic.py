"""The heuristic Smear bot: legal choices everywhere, and Smear sense in set positions.

Positions are dealt from explicit decks with SPEC 6's seating: dealer W=3,
eldest N=0, partners N-S (seats 0, 2) against E-W (seats 1, 3). Expected
choices follow from the rules and ordinary Smear play, not from running the
bot.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from jick.cards import card_mask, parse_card
from jick.games.smear import actions as A
from jick.games.smear import load_preset, new_match, preset_info, preset_names
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.bot import GreedyBot, HeuristicBot
from jick.games.smear.state import SmearState

N, E, S, W = 0, 1, 2, 3
PASS = A.ACTIONS[A.PASS_ID]


def deal(
    preset: str,
    hands: Mapping[int, str],
    *,
    overrides: Mapping[str, Any] | None = None,
    players: int | None = None,
    kitty: str = "",
    stock: str = "",
) -> SmearState:
    """A match whose first deal gives each listed seat the listed cards (dealer W)."""
    rules = load_preset(preset, players, overrides)
    # the other places get the remaining cards high ranks first, so no other hand is a low (3s-9s) hand
    fill = [rank + suit for rank in ("A", "K", "Q", "J", "10", "2") for suit in "SHDC"]
    deck = arrange_deck(rules, W, {s: h.split() for s, h in hands.items()}, kitty.split(), stock.split(), fill=fill)
    return new_match(preset, players=players, overrides=overrides, decks=[deck], first_dealer=W)


def position(
    preset: str,
    hands: Mapping[int, str],
    bidder: int,
    bid: int,
    trump: str,
    moves: str = "",
    *,
    overrides: Mapping[str, Any] | None = None,
) -> SmearState:
    """Deal, auction (only ``bidder`` bids), trump, discards keeping each seat's listed cards, then ``moves``."""
    state = deal(preset, hands, overrides=overrides)
    while state.phase == "bidding":
        state.apply(A.ACTIONS[A.BID_BASE + bid] if state.current_player == bidder else PASS)
    state.apply(A.NameTrump("SHDC".index(trump)))
    while state.phase == "discard":
        seat = state.current_player
        keep = card_mask(hands.get(seat, "").split())
        legal = state.legal_actions()
        if A.ACTIONS[A.DONE_ID] in legal and state.hand_mask(seat).bit_count() <= 6:
            state.apply(A.ACTIONS[A.DONE_ID])
            continue
        state.apply(next(a for a in legal if isinstance(a, A.Discard) and not keep >> a.card.index & 1))
    for seat, cards in hands.items():
        assert state.hand_mask(seat) == card_mask(cards.split()), f"seat {seat} did not keep {cards}"
    for move in moves.split():
        state.apply(A.Play(parse_card(move)))
    return state


def choice(state: SmearState, seed: int = 0) -> A.Action:
    return HeuristicBot(seed).choose(state.observation(state.current_player))


def played(state: SmearState) -> str:
    action = choice(state)
    assert isinstance(action, A.Play)
    return str(action.card)


# ---------------------------------------------------------------------- legal everywhere
CASES = [(name, players) for name in preset_names() for players in preset_info(name).players]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_legal_choices_in_random_walks(preset: str, players: int) -> None:
    bot = HeuristicBot(1)
    walk = random.Random(f"{preset}/{players}")
    for match in range(2):
        state = new_match(preset, players=players, overrides={"target_score": 11}, seed=match)
        for _step in range(250):
            if state.is_terminal:
                break
            obs = state.observation(state.current_player)
            action = bot.choose(obs)
            assert action in obs.legal_actions
            # mostly the bot, some random steps to reach odd positions
            state.apply(action if walk.random() < 0.8 else walk.choice(list(obs.legal_actions)))


@pytest.mark.parametrize(
    "overrides",
    [
        {"renege_mode": "penalize"},
        {"follow_rule": "must_follow", "first_lead": "any", "joker_order": "second_played_wins"},
        {"low_card": "deuce", "low_award": "captured_by", "game_tie": "none"},
        {"discard_mode": "refill", "dealer_robs_pack": True, "bury_restriction": "non_scoring_only"},
        {"trick_history_visible": "none", "bust_out_score": -11},
    ],
)
def test_legal_choices_under_house_rules(overrides: dict[str, Any]) -> None:
    bot = HeuristicBot(2)
    for match in range(2):
        state = new_match("smear_ten_point", overrides={"target_score": 11, **overrides}, seed=10 + match)
        for _step in range(300):
            if state.is_terminal:
                break
            obs = state.observation(state.current_player)
            action = bot.choose(obs)
            assert action in obs.legal_actions
            state.apply(action)


def test_fast_enough() -> None:
    bot = HeuristicBot(0)
    state = new_match("smear_ten_point", seed=3)
    spent = 0.0
    decisions = 0
    while not state.is_terminal and len(state.hand_results) < 4:
        obs = state.observation(state.current_player)
        start = time.perf_counter()
        action = bot.choose(obs)
        spent += time.perf_counter() - start
        decisions += 1
        state.apply(action)
    # well under a millisecond on a quiet machine; the bound leaves room for a busy one
    assert spent / decisions < 0.005


# ---------------------------------------------------------------------- the play
def test_smears_the_trey_onto_the_partners_master_trump() -> None:
    # N (partner of S) leads the ace of trump, which nothing beats; S must follow trump
    hands = {N: "AH KS QS 9D 8D 7C", E: "5H 9S 8S 7S 6S 5S", S: "3H 6H 10C KC 4D 5D", W: "2S 3S 4S 2C 3C 4C"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH 5H")
    assert played(state) == "3H"


def test_smears_a_ten_onto_the_partners_sure_trick_and_does_not_trump_it() -> None:
    # trick 2: N leads 2C, E (W's partner) wins with AC, S follows; W plays last, so E's ace is sure
    hands = {N: "AH 2C 9D 8D 7D 6D", E: "5H AC 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H KH 3C 10C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH 5H 7H 8H 2C AC 4C")
    assert played(state) == "10C"


def test_does_not_overtake_the_partners_master() -> None:
    hands = {N: "AH 2C 9D 8D 7D 6D", E: "5H AC 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H KH 3C 7C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH 5H 7H 8H 2C AC 4C")
    assert played(state) in ("3C", "7C")


def test_leads_the_master_trump() -> None:
    # the ace of trump fell in trick 1; N holds the king, now the highest trump left, and Q J are still out
    hands = {N: "AH KH 2C 9D 8D 7D", E: "5H AC 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H QH 3C 10C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH 5H 7H 8H")
    assert state.current_player == N
    assert played(state) == "KH"


def test_cashes_a_plain_ace_once_no_opponent_can_trump() -> None:
    # N drew trumps with AH KH and both opponents showed they have none left; AC cannot be trumped
    hands = {N: "AH KH AC 9D 8D 7D", E: "5H QC 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H 10C 3C 6C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH 5H 7H 8H KH 9S 5S 3C")
    assert state.current_player == N
    assert played(state) == "AC"


def test_keeps_low_away_from_the_opponents_when_low_is_captured() -> None:
    # Low is the lowest trump played, to the side that captures it: E keeps 2H out of N's sure trick
    hands = {N: "AH KS 2C 9D 8D 7D", E: "2H 6H 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H QH 3C 10C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH")
    assert played(state) == "6H"


def test_plays_the_deuce_when_low_scores_on_play() -> None:
    # Low is the deuce, to the side that plays it: it is safe on any trick
    hands = {N: "AH KS 2C 9D 8D 7D", E: "2H 6H 9S 8S 7S 6S", S: "7H 4C 5S 4S 3S 2S", W: "8H QH 3C 10C 5D 4D"}
    rules = {"low_card": "deuce", "low_award": "played_by"}
    state = position("smear_ten_point", hands, N, 2, "H", "AH", overrides=rules)
    assert played(state) == "2H"


def test_protects_the_jack_from_a_higher_trump_still_out() -> None:
    # trick 1: N 9H, E shows no trump (KS), S 4H, W 5H; N leads 2C, E 5C. S has no club and could win
    # with JH, but W (still to play, clubs and trumps in hand) may hold A K or Q of trump: S keeps the Jack
    hands = {N: "9H 2C 9D 8D 7D 6D", E: "KS 5C 9S 8S 7S 6S", S: "JH 4H 5S 4S 3S 2S", W: "5H 6H 3C 10C 5D 4D"}
    state = position("smear_ten_point", hands, N, 2, "H", "9H KS 4H 5H 2C 5C")
    assert state.current_player == S
    assert played(state) in ("2S", "3S", "4S", "5S")


# ---------------------------------------------------------------------- the auction
JUNK = "2S 5S 7S 4H 6H 8H 3D 5D 9D 4C"


def test_passes_a_weak_hand() -> None:
    state = deal("smear_ten_point", {N: JUNK})
    assert state.current_player == N
    assert choice(state) == PASS


def test_opens_a_strong_hand() -> None:
    state = deal("smear_ten_point", {N: "AS KS JS JC HJ 3S 2S 9H 4D 5C"})
    action = choice(state)
    assert isinstance(action, A.Bid)


MODEST = "AS 9S 6S 3S KH 10D 7D 8C 4C 2H"


def test_does_not_bid_over_its_partner_with_a_modest_hand() -> None:
    # ace and Trey of spades, four spades: an opening bid when the partner passed...
    state = deal("smear_ten_point", {S: MODEST})
    state.apply(PASS)  # N
    state.apply(PASS)  # E
    assert isinstance(choice(state), A.Bid)
    # ... but not a reason to take the contract from a partner who bid 3
    state = deal("smear_ten_point", {S: MODEST})
    state.apply(A.ACTIONS[A.BID_BASE + 3])  # N, the partner of S
    state.apply(PASS)  # E
    assert state.current_player == S
    assert choice(state) == PASS


def test_stuck_dealer_bids_the_minimum() -> None:
    for hand in (JUNK, "AS KS QS JS JC HJ LJ 3S 2S 10S"):
        state = deal("smear_ten_point", {W: hand})  # all_pass = dealer_forced_min
        for _ in range(3):
            state.apply(PASS)
        assert state.current_player == W
        assert choice(state) == A.ACTIONS[A.BID_BASE + state.rules.min_bid]


def test_shoots_the_moon_only_with_every_point() -> None:
    everything = "AH KH QH JH JD HJ LJ 2H 10H"
    state = deal("smear_mn_original", {N: everything})
    assert choice(state) == A.ACTIONS[A.MOON_ID]
    good = "AH KH QH JH 9H 2H 10H 5C 7S"  # strong, but Jick and jokers are out
    state = deal("smear_mn_original", {N: good})
    action = choice(state)
    assert isinstance(action, A.Bid)


def bid_amount(action: A.Action) -> int:
    return action.amount if isinstance(action, A.Bid) else 0


def test_bids_more_readily_when_the_opponents_are_near_the_target() -> None:
    """Over many hands: never less with the opponents one hand from winning than at 0-0, and more in all."""
    calm = pressed = 0
    for seed in range(120):
        amounts = []
        for scores in ((0, 0), (0, 19)):
            state = new_match("smear_ten_point", seed=seed, first_dealer=W)
            state.set_scores(scores)
            amounts.append(bid_amount(choice(state)))
        assert amounts[1] >= amounts[0]
        calm += amounts[0]
        pressed += amounts[1]
    assert pressed > calm


def test_bids_less_when_a_set_would_bust_the_side() -> None:
    calm = risky = 0
    for seed in range(120):
        amounts = []
        for scores in ((0, 0), (-19, 0)):  # at -19 even the minimum bid, if set, reaches -21
            state = new_match("smear_ten_point_bust21", seed=seed, first_dealer=W)
            state.set_scores(scores)
            amounts.append(bid_amount(choice(state)))
        assert amounts[1] <= amounts[0]
        calm += amounts[0] > 0
        risky += amounts[1] > 0
    assert risky < calm


# ---------------------------------------------------------------------- trump, discards, misdeal
def test_names_the_longest_strongest_suit() -> None:
    state = deal("smear_ten_point", {N: "AD KD 10D 4D 3D JH 9S 5S 7C 6C"})
    state.apply(A.ACTIONS[A.BID_BASE + 2])
    for _ in range(3):
        state.apply(PASS)
    assert choice(state) == A.NameTrump("SHDC".index("D"))


def test_discard_keeps_trumps_and_sheds_small_plain_cards() -> None:
    state = deal("smear_ten_point", {N: "AD KD 10D 4D 3D JH 9S 5S 7C 6C"})
    state.apply(A.ACTIONS[A.BID_BASE + 2])
    for _ in range(3):
        state.apply(PASS)
    state.apply(A.NameTrump("SHDC".index("D")))
    bot = HeuristicBot(0)
    while state.phase == "discard" and state.current_player != N:
        state.apply(bot.choose(state.observation(state.current_player)))
    while state.phase == "discard" and state.current_player == N:
        state.apply(bot.choose(state.observation(N)))
    kept = card_mask("AD KD 10D 4D 3D JH".split())  # JH is the Jick with diamonds trump
    assert state.hand_mask(N) == kept


def test_refill_sheds_plain_cards_and_buries_a_small_trump() -> None:
    # with the kitty N holds seven clubs trumps (JS is the Jick): every plain card goes, and one
    # trump is buried, a non-scoring one (not A, Jick or the deuce that is Low to whoever plays it)
    bot = HeuristicBot(0)
    state = deal("smear_mn_original", {N: "AC KC 9C 4C 2C JS 5H 6D 7D"}, kitty="3C 8S 9S 10S")
    state.apply(A.ACTIONS[A.BID_BASE + 4])
    for _ in range(3):
        state.apply(PASS)
    state.apply(A.NameTrump("SHDC".index("C")))
    assert state.current_player == N
    while state.phase == "discard" and state.current_player == N:
        state.apply(bot.choose(state.observation(N)))
    hand = state.hand_mask(N)
    assert hand & card_mask("AC KC 9C 2C JS".split()) == card_mask("AC KC 9C 2C JS".split())
    assert hand.bit_count() == 6
    assert hand & card_mask("3C 4C".split()) in (card_mask(["3C"]), card_mask(["4C"]))


def test_calls_a_misdeal_on_a_worthless_hand_and_keeps_a_long_suit() -> None:
    worthless = "6S 5S 9H 6H 5H 4H 6D 9C 5C"
    state = deal("smear_mn_basic4", {N: worthless})  # low_hand_misdeal = optional
    assert state.phase == "misdeal_offer" and state.current_player == N
    assert choice(state) == A.ACTIONS[A.MISDEAL_ID]
    long_suit = "9H 8H 7H 6H 5H 4H 6D 9C 5C"
    state = deal("smear_mn_basic4", {N: long_suit})
    assert state.phase == "misdeal_offer" and state.current_player == N
    assert choice(state) == A.ACTIONS[A.KEEP_ID]


# ---------------------------------------------------------------------- what the bot may see
def swapped_deck(rules: Any, deck: Sequence[int], seat_a: int, seat_b: int) -> list[int]:
    """The same deck with the dealt cards of two seats exchanged."""
    from jick.games.smear.arrange import deal_positions

    places, _, _ = deal_positions(rules, W)
    out = list(deck)
    for i, j in zip(places[seat_a], places[seat_b], strict=True):
        out[i], out[j] = deck[j], deck[i]
    return out


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_widow", "smear_double_joker"])
def test_hidden_cards_do_not_change_the_choice(preset: str) -> None:
    """Two deals that differ only in the hands of E and W look the same to N; N chooses the same."""
    rules = load_preset(preset)
    for seed in range(6):
        first = new_match(preset, seed=seed, first_dealer=W)
        deck = first.deals[0].deck
        other = new_match(preset, decks=[swapped_deck(rules, deck, E, W)], first_dealer=W)
        states = [new_match(preset, decks=[deck], first_dealer=W), other]
        bot = HeuristicBot(seed)
        # N's bid, then (N the bidder, everyone else passing) N's trump, discards and opening lead
        seen = [s.observation(N) for s in states]
        assert seen[0] == seen[1]
        assert bot.choose(seen[0]) == bot.choose(seen[1])
        for state in states:
            state.apply(A.ACTIONS[A.BID_BASE + rules.min_bid])
            while state.phase == "bidding":
                state.apply(PASS)
        while states[0].phase != "play":
            if states[0].current_player == N:
                seen = [s.observation(N) for s in states]
                assert seen[0] == seen[1]
                action = bot.choose(seen[0])
                assert bot.choose(seen[1]) == action
                for state in states:
                    state.apply(action)
            else:
                for state in states:
                    seat = state.current_player
                    state.apply(bot.choose(state.observation(seat)))
            assert states[1].phase == states[0].phase
        if states[0].current_player == N and states[1].current_player == N:
            seen = [s.observation(N) for s in states]
            assert seen[0] == seen[1]
            assert bot.choose(seen[0]) == bot.choose(seen[1])


def test_deterministic_for_a_seed_and_an_observation() -> None:
    state = new_match("smear_mn_original", seed=5)
    observations = []
    bots = [HeuristicBot(7) for _ in range(state.num_players)]
    while not state.is_terminal and len(state.hand_results) < 2:
        obs = state.observation(state.current_player)
        observations.append(obs)
        state.apply(bots[state.current_player].choose(obs))
    again = HeuristicBot(7)
    shuffled = list(observations)
    random.Random(1).shuffle(shuffled)  # no memory of earlier calls
    first = {id(o): HeuristicBot(7).choose(o) for o in observations}
    assert all(again.choose(o) == first[id(o)] for o in shuffled)


def test_greedy_baseline_still_importable() -> None:
    from jick.games.smear.greedy import GreedyBot as Baseline

    assert Baseline is GreedyBot
    state = new_match("smear_ten_point", seed=1)
    assert GreedyBot(0).choose(state.observation(state.current_player)) in state.legal_actions()
