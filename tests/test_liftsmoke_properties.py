"""Property tests of the Lift Smoke engine over random legal play (SPEC section 5).

Each test runs every player count (4-6) under both ``trump_card`` and both
``on_stock_exhausted`` options, over a fixed list of seeds: the seed fixes the
shuffles and the random choice among the legal actions, so a failure names
its seed. Real deals never exhaust the stock with 4-6 players (all ``n``
players stay active for the first ``n`` tricks, leaving ``n`` cards in hand,
so a game lasts at most ``2n - 1`` tricks), so the stock-exhaustion paths are
exercised from random mid-game positions made by the test-only
``LiftSmokeState.from_position``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from jick.cards import CARDS, SUIT_MASKS, Card, card_mask
from jick.engine import Action, IllegalAction, RecordError, RulesError
from jick.game import GameState
from jick.games.liftsmoke import LiftSmokeState, load_preset, new_match, preset_info, preset_names
from jick.games.liftsmoke.actions import NUM_ACTIONS, EndSession, Play
from jick.games.liftsmoke.rules import LiftSmokeRules
from jick.games.liftsmoke.state import CHANCE
from jick.games.smear.actions import Bid

FULL = (1 << 52) - 1
CONFIGS = [
    (players, trump_card, mode)
    for players in (4, 5, 6)
    for trump_card in ("dealer_last_card", "stock_top_set_aside")
    for mode in ("no_draw", "reshuffle_discards")
]
CONFIG_IDS = [f"{p}p-{t}-{m}" for p, t, m in CONFIGS]
SEEDS = range(6)


def rules_for(players: int, trump_card: str, mode: str, **extra: Any) -> LiftSmokeRules:
    return load_preset("lift_smoke", players, {"trump_card": trump_card, "on_stock_exhausted": mode, **extra})


def random_position(rules: LiftSmokeRules, rng: random.Random, seed: int | None) -> LiftSmokeState:
    """A random mid-game position with a small or empty stock (test-only constructor)."""
    n = rules.num_players
    deck = list(range(52))
    rng.shuffle(deck)
    seats = sorted(rng.sample(range(n), rng.randint(2, n)))
    hands = {s: [deck.pop() for _ in range(rng.randint(1, 4))] for s in seats}
    stock = [deck.pop() for _ in range(rng.choice((0, 0, 1, 2, 3)))]
    trump_card = deck.pop() if rng.random() < 0.5 else None
    return LiftSmokeState.from_position(
        rules,
        hands=hands,
        trump=rng.randrange(4),
        leader=rng.choice(seats),
        dealer=rng.randrange(n),
        stock=stock,
        trump_card=trump_card,
        seed=seed,
    )


def states(players: int, trump_card: str, mode: str, seed: int, **extra: Any) -> Iterator[LiftSmokeState]:
    """A real seeded session and a random position with the same options."""
    rules = rules_for(players, trump_card, mode, **extra)
    yield new_match(rules, seed=seed)
    yield random_position(rules, random.Random(seed), seed)


def check_cards(state: LiftSmokeState) -> None:
    """Hands, stock, discard pile, trick and set-aside card hold each of the 52 cards exactly once."""
    parts = [state.hand_mask(s) for s in range(state.num_players)]
    stock = state.stock_cards()
    parts += [card_mask(stock), state.discard_mask, card_mask(c for _, c in state.trick), state.set_aside_mask]
    assert len(set(stock)) == len(stock)
    total = sum(p.bit_count() for p in parts)
    union = 0
    for p in parts:
        union |= p
    assert union == FULL and total == 52


def random_play(state: LiftSmokeState, rng: random.Random, limit: int = 2000) -> Iterator[Action]:
    """Apply random legal actions until the session ends or waits for chance."""
    for _ in range(limit):
        if state.current_player < 0:
            return
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield action
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_random_sessions_terminate_and_conserve_cards(config: tuple[int, str, str]) -> None:
    players = config[0]
    for seed in SEEDS:
        state = new_match(rules_for(*config, games_per_session=3), seed=seed)
        assert isinstance(state, GameState)
        check_cards(state)
        for _ in random_play(state, random.Random(seed)):
            check_cards(state)
        assert state.is_terminal and state.current_player == -1
        assert len(state.game_results) == 3 and state.games_played == 3
        assert sum(state.scores) == 0
        for game in state.deals:
            # A real game lasts at most 2n - 1 tricks, so the stock never runs out (module docstring).
            assert len(game.tricks) <= 2 * players - 1
            assert all(t.drew and not t.reshuffled for t in game.tricks)
        best = max(state.scores)
        leaders = [s for s in range(players) if state.scores[s] == best]
        assert state.winner == (leaders[0] if len(leaders) == 1 else None)
        assert state.returns() == tuple(1.0 if s == state.winner else 0.0 for s in range(players))

        position = random_position(rules_for(*config, games_per_session=1), random.Random(seed), seed)
        check_cards(position)
        for _ in random_play(position, random.Random(seed)):
            check_cards(position)
        assert position.is_terminal


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_draw_leader_and_end_rules(config: tuple[int, str, str]) -> None:
    """SPEC 5.3-5.4 checked trick by trick against the hands, in real games and from positions."""
    players, _, mode = config
    for seed in SEEDS:
        for state in states(*config, seed, games_per_session=1):
            rng = random.Random(seed)
            while not state.is_terminal:
                if state.trick == ():
                    before = [state.hand_mask(s).bit_count() for s in range(players)]
                    stock = len(state.stock_cards())
                    in_trick = [s for s in range(players) if before[s]]
                    assert len(in_trick) >= 2
                    assert state.current_player in in_trick
                state.apply(rng.choice(state.legal_actions()))
                if state.trick != ():
                    continue
                trick = state.deals[-1].tricks[-1]
                assert sorted(seat for seat, _ in trick.plays) == in_trick
                led = trick.plays[0][1].suit
                trumps = [c for _, c in trick.plays if c.suit == state.trump]
                best = max(trumps or [c for _, c in trick.plays if c.suit == led], key=lambda c: c.rank)
                assert trick.winner == next(seat for seat, c in trick.plays if c == best)
                draws = stock > 0 or mode == "reshuffle_discards"
                assert trick.drew == draws and trick.reshuffled == (stock == 0 and draws)
                after = [state.hand_mask(s).bit_count() for s in range(players)]
                for s in in_trick:  # everyone played one card, only the winner drew
                    assert after[s] == before[s] - 1 + (1 if s == trick.winner and draws else 0)
                active = [s for s in range(players) if after[s]]
                if state.is_terminal:
                    result = state.game_results[-1]
                    if len(active) == 1:
                        assert result.winner == active[0] and result.reason == "last survivor"
                    else:
                        assert active == [] and result.winner == trick.winner and result.reason == "last trick"
                else:
                    assert len(active) >= 2
                    leader = next(s for s in ((trick.winner + i) % players for i in range(players)) if s in active)
                    assert state.current_player == leader


def test_follow_suit_legality() -> None:
    for seed in SEEDS:
        state = new_match("lift_smoke", players=5, seed=seed, overrides={"games_per_session": 2})
        rng = random.Random(seed)
        while not state.is_terminal:
            hand = state.hand_mask(state.current_player)
            legal = card_mask(a.card for a in state.legal_actions())
            if state.trick:
                follow = hand & SUIT_MASKS[state.trick[0][1].suit]
                assert legal == (follow or hand)
            else:
                assert legal == hand
            mask = state.legal_action_mask()
            assert mask.shape == (NUM_ACTIONS,) and list(mask.nonzero()[0]) == state.legal_action_ids()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_undo_and_clone_are_exact(config: tuple[int, str, str]) -> None:
    for seed in SEEDS[:3]:
        for state in states(*config, seed, games_per_session=3):
            rng = random.Random(seed)
            snapshots = [state._snapshot()]
            twin = None
            for i, _ in enumerate(random_play(state, rng)):
                snapshots.append(state._snapshot())
                if i == 5:
                    twin = state.clone()
                    twin_snapshot = twin._snapshot()
                    assert twin_snapshot == state._snapshot()
            assert twin is not None, "the session ended within six actions"
            for _ in random_play(twin, random.Random(seed + 100)):
                pass
            assert snapshots[6] == twin_snapshot  # the original's history is untouched by the clone
            for expected in reversed(snapshots[:-1]):
                state.undo()
                assert state._snapshot() == expected
            with pytest.raises(IllegalAction):
                state.undo()


def _illegal_candidates(state: LiftSmokeState) -> list[Action]:
    legal = set(state.legal_action_ids())
    return [Play(CARDS[c]) for c in range(52) if c not in legal]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_illegal_actions_leave_the_state_unchanged(config: tuple[int, str, str]) -> None:
    for seed in SEEDS[:3]:
        for state in states(*config, seed, games_per_session=2):
            rng = random.Random(seed)
            while True:
                before = state._snapshot()
                legal = state.legal_actions()
                for action in rng.sample(_illegal_candidates(state), 3):
                    with pytest.raises(IllegalAction) as info:
                        state.apply(action)
                    assert state._snapshot() == before
                    assert list(info.value.legal) == legal
                for other in (EndSession(), Bid(3)):  # not a player's Lift Smoke action
                    with pytest.raises(IllegalAction):
                        state.apply(other)
                assert state._snapshot() == before
                if state.is_terminal:
                    break
                state.apply(rng.choice(legal))
    # A supplied reshuffle order that is not the discard pile is refused and changes nothing.
    rules = rules_for(4, "dealer_last_card", "reshuffle_discards")
    bad = LiftSmokeState.from_position(
        rules, hands={0: ["KH", "3S"], 1: ["AH"]}, trump="C", leader=0, reshuffles=[["2S", "3D"]]
    )
    bad.apply_text("KH")
    before = bad._snapshot()
    with pytest.raises(RecordError):
        bad.apply_text("AH")
    assert bad._snapshot() == before


def _cards_in(value: Any) -> Iterator[Card]:
    """Every card reachable from an observation field."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Play):
        yield value.card
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | LiftSmokeRules):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_observations_hide_other_hands(config: tuple[int, str, str]) -> None:
    players = config[0]
    for seed in SEEDS[:2]:  # every seat after every action; tests/contract/test_hidden_cards.py checks too
        for state in states(*config, seed, games_per_session=2):
            rng = random.Random(seed)
            while True:
                game = state.deals[-1]
                public = card_mask(c for t in game.tricks for _, c in t.plays) | card_mask(c for _, c in state.trick)
                public |= card_mask(r.trump_card for r in state.game_results if r.trump_card)
                if state.trump_card is not None:
                    public |= state.trump_card.mask
                for seat in range(players):
                    obs = state.observation(seat)
                    assert card_mask(obs.hand) == state.hand_mask(seat)
                    assert obs.tricks == tuple(game.tricks)
                    assert obs.hand_sizes == tuple(state.hand_mask(s).bit_count() for s in range(players))
                    assert obs.stock_size == len(state.stock_cards())
                    seen = card_mask(_cards_in(obs))
                    assert seen & ~public & ~state.hand_mask(seat) == 0, f"seat {seat} sees hidden cards"
                    if obs.trump_card_holder is not None:
                        assert obs.trump_card_holder == state.dealer
                        assert state.hand_mask(state.dealer) & obs.trump_card.mask
                    assert obs.legal_actions == (tuple(state.legal_actions()) if seat == state.current_player else ())
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_logs_replay_without_rng(config: tuple[int, str, str]) -> None:
    """A game's deck, reshuffle orders and actions rebuild it exactly with no seed."""
    for seed in SEEDS[:3]:
        rules = rules_for(*config, games_per_session=3)
        state = new_match(rules, seed=seed)
        for _ in random_play(state, random.Random(seed)):
            pass
        again = new_match(rules, decks=[g.deck for g in state.deals], first_dealer=state.first_dealer)
        assert again.seed is None
        for game in state.deals:
            for seat, aid in game.actions:
                assert again.current_player == seat
                again.apply_id(aid)
        assert again._snapshot() == state._snapshot()

        position = random_position(rules, random.Random(seed), seed)
        for _ in random_play(position, random.Random(seed), limit=200):
            if position.game_results:
                break
        first = position.deals[0]
        replayed = random_position(rules, random.Random(seed), None)
        replayed = LiftSmokeState.from_position(
            rules,
            hands={s: [CARDS[c] for c in range(52) if replayed.hand_mask(s) >> c & 1] for s in range(config[0])},
            trump=replayed.trump or 0,
            leader=replayed.leader,
            dealer=replayed.dealer,
            stock=replayed.stock_cards(),
            trump_card=replayed.trump_card,
            reshuffles=first.reshuffles,
        )
        for seat, aid in first.actions:
            assert replayed.current_player == seat
            replayed.apply_id(aid)
        assert replayed.deals[0].reshuffles == first.reshuffles
        assert replayed.game_results == position.game_results[:1]


def test_chance_nodes_wait_for_orders() -> None:
    rules = load_preset("lift_smoke")
    decks = [[str(CARDS[c]) for c in random.Random(k).sample(range(52), 52)] for k in range(2)]
    state = new_match(rules, decks=decks[:1], first_dealer=3)
    for _ in random_play(state, random.Random(1)):
        pass
    winner = state.game_results[0].winner
    assert state.phase == "deal" and state.current_player == CHANCE and state.legal_actions() == []
    assert state.dealer == winner
    with pytest.raises(IllegalAction):
        state.apply(Play(CARDS[0]))
    with pytest.raises(RecordError):
        state.deal(decks[1][:51])
    waiting = state._snapshot()
    state.deal(decks[1])
    assert state.phase == "play" and state.deals[1].dealer == winner
    assert [CARDS[c] for c in state.deals[1].deck] == [Card.of(c) for c in decks[1]]
    state.undo()
    assert state._snapshot() == waiting
    with pytest.raises(IllegalAction):
        state.reshuffle(decks[1])

    # A reshuffle supplied at its chance node is undone like any action.
    rules = load_preset("lift_smoke", overrides={"on_stock_exhausted": "reshuffle_discards"})
    position = LiftSmokeState.from_position(rules, hands={0: ["KH", "3S"], 1: ["AH"]}, trump="C", leader=0)
    position.apply_text("KH")
    position.apply_text("AH")
    assert position.phase == "reshuffle" and position.legal_actions() == []
    waiting = position._snapshot()
    pile = [CARDS[c] for c in range(52) if position.discard_mask >> c & 1]
    with pytest.raises(RecordError):
        position.reshuffle(pile[1:])
    assert position._snapshot() == waiting
    position.reshuffle(pile)
    assert position.hand_mask(1) == pile[0].mask and position.deals[0].reshuffles == [tuple(c.index for c in pile)]
    position.undo()
    assert position._snapshot() == waiting


def test_unbounded_session_and_end_session() -> None:
    state = new_match("lift_smoke", players=4, seed=11)
    assert state.rules.games_per_session is None
    rng = random.Random(11)
    while len(state.game_results) < 4:
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal and state.winner is None and state.returns() == (0.0,) * 4
    state.apply(rng.choice(state.legal_actions()))  # a game in progress
    totals = state.game_results[-1].scores
    before = state._snapshot()
    state.end_session()
    assert state.is_terminal and state.current_player == -1
    assert state.scores == totals  # the abandoned game's antes went back
    assert state.deals[-1].outcome == "abandoned: session ended"
    best = max(totals)
    if totals.count(best) == 1:
        assert state.winner == totals.index(best) and state.returns()[state.winner] == 1.0
    else:
        assert state.winner is None
    with pytest.raises(IllegalAction):
        state.end_session()
    state.undo()
    assert state._snapshot() == before


def test_bankrolls() -> None:
    # Bankroll 1, ante 1: after one game only the winner can ante, so the session ends.
    state = new_match("lift_smoke", seed=5, overrides={"bankroll": 1})
    assert state.scores == (0, 0, 0, 0) and state.pot == 4
    for _ in random_play(state, random.Random(5)):
        pass
    winner = state.game_results[0].winner
    assert state.is_terminal and state.winner == winner
    assert state.scores == tuple(4 if s == winner else 0 for s in range(4))

    # Bankroll 2: players drop out as they go broke; each game deals n cards to each of the n seated.
    for seed in SEEDS:
        state = new_match("lift_smoke", players=5, seed=seed, overrides={"bankroll": 2, "ante": 1})
        rng = random.Random(seed)
        while not state.is_terminal:
            seated = state.seated
            if not state.history():
                # seated players have paid the ante; the others could not (fewer chips than the ante)
                assert all(state.scores[s] >= 0 if s in seated else state.scores[s] < 1 for s in range(5))
                sizes = [state.hand_mask(s).bit_count() for s in range(5)]
                assert sizes == [len(seated) if s in seated else 0 for s in range(5)]
                assert state.pot == len(seated)
            state.apply(rng.choice(state.legal_actions()))
        assert sum(state.scores) == 10
        assert sum(1 for s in state.scores if s >= 1) == 1


def test_rules_and_presets() -> None:
    assert preset_names() == ["lift_smoke"]
    info = preset_info("lift_smoke")
    assert info.players == (4, 5, 6) and info.default_players == 4
    rules = load_preset("lift_smoke")
    assert rules.to_dict() == {
        "num_players": 4,
        "ante": 1,
        "trump_card": "dealer_last_card",
        "on_stock_exhausted": "no_draw",
        "games_per_session": None,
        "bankroll": None,
    }
    json.dumps(rules.to_dict())
    assert load_preset("lift_smoke", overrides={"players": 6}).num_players == 6
    for overrides, option in (
        ({"players": 3}, "3"),
        ({"ante": -1}, "ante"),
        ({"games_per_session": 0}, "games_per_session"),
        ({"bankroll": 0, "ante": 1}, "bankroll"),
        ({"trump_card": "kitty"}, "trump_card"),
        ({"on_stock_exhausted": "redeal"}, "on_stock_exhausted"),
        ({"ante": "1"}, "ante"),
        ({"jokers": 2}, "jokers"),
    ):
        with pytest.raises(RulesError, match=option):
            load_preset("lift_smoke", overrides=overrides)
    with pytest.raises(RulesError):
        load_preset("lift_smoke_deluxe")
