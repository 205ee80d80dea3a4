"""Property tests of the Smear engine over random legal play (SPEC sections 1 and 2).

Every test runs for each preset and each player count it allows. Hypothesis
draws a seed; the seed fixes both the shuffles (``new_match(seed=...)``) and
the random choice among the legal actions (``random.Random(seed)``), so a
failing example is reproduced exactly from the seed hypothesis prints.

The card-conservation and hidden-information checks read the state's slots
(``state._v`` with the constants of ``jick.games.smear.state``); everything
else goes through the public API.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jick.cards import CARDS, Card
from jick.engine import Action, IllegalAction
from jick.games.smear import actions as A
from jick.games.smear import load_preset, new_match, preset_info, preset_names
from jick.games.smear.rules import AllPass
from jick.games.smear.scoring import Award
from jick.games.smear.state import (
    BURIED,
    CAPTURED,
    DISC_MASK,
    HAND,
    KITTY,
    KITTY_HOLDER,
    PLAYED,
    STOCK_POS,
    T_CARD,
    TRICK_LEN,
    DealLog,
    SmearState,
)
from jick.record import record_of, replay

#: Every (preset, player count) the presets allow.
CONFIGS = [(name, players) for name in preset_names() for players in preset_info(name).players]
CONFIG_IDS = [f"{name}-{players}p" for name, players in CONFIGS]
#: Options that only say when a match ends: presets that differ from their base in these alone
#: (the ``_to11``, ``_to52`` and ``_bust21`` overlays) deal and play every hand as their base does.
MATCH_END_OPTIONS = frozenset({"target_score", "bust_out_score"})


def _plays_like_its_base(name: str) -> bool:
    base = preset_info(name).base
    if base is None:
        return False
    mine, theirs = load_preset(name).to_dict(), load_preset(base).to_dict()
    return {k for k in mine if mine[k] != theirs[k]} <= MATCH_END_OPTIONS


#: The configurations whose hands are played differently: for properties of a single hand.
DEAL_CONFIGS = [(name, players) for name, players in CONFIGS if not _plays_like_its_base(name)]
DEAL_CONFIG_IDS = [f"{name}-{players}p" for name, players in DEAL_CONFIGS]

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Longer properties (whole matches, long undo runs) get fewer examples.
LONG_PROPERTY = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Properties that tests/contract/ checks too, in every configuration (the hidden-card scan and the
#: hand swap, record replays): these Smear-specific versions need fewer examples.
SHARED_PROPERTY = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: A match under the bust-out overlay ends once a side reaches 21 or falls to -21.
#: Random play ends in fewer than 50 deals (largest seen over 11,400 matches: 47),
#: so this bound leaves a wide margin while still catching a match that never ends.
MAX_DEALS_PER_MATCH = 400


def max_actions_per_deal(state: SmearState) -> int:
    """An upper bound on the actions of one deal (SPEC 1.6-1.10).

    At most one misdeal answer and one bid per seat, one trump call, one
    discard per card of the deck plus one ``done`` per seat, and at most six
    tricks of one card per seat.
    """
    n = state.num_players
    return n + n + 1 + state.rules.deck_size + n + 6 * n


def new_state(name: str, players: int, seed: int, **overrides: object) -> SmearState:
    return new_match(name, players=players, seed=seed, overrides=overrides or None)


def random_steps(state: SmearState, rng: random.Random, limit: int) -> Iterator[Action]:
    """Apply up to ``limit`` random legal actions (fewer if the match ends), yielding each."""
    for _ in range(limit):
        if state.is_terminal:
            return
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield action


def play_one_hand(state: SmearState, rng: random.Random) -> Iterator[Action]:
    """Random legal actions until a hand is settled (or the match ends)."""
    hands = len(state.hand_results)
    bound = max_actions_per_deal(state) * 20  # room for a few all-pass and misdeal redeals
    for action in random_steps(state, rng, bound):
        yield action
        if len(state.hand_results) > hands:
            return
    assert state.is_terminal or len(state.hand_results) > hands, f"no hand was settled in {bound} actions"


# --------------------------------------------------------------------------- helpers on state internals
def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def card_locations(state: SmearState) -> dict[str, list[int]]:
    """Every place a card of the current deal can be, each as a list of bitmasks."""
    v = state._v
    n, k = state.num_players, state.num_sides
    deck = state.deals[-1].deck
    return {
        "hands": [v[HAND + s] for s in range(n)],
        "kitty": [v[KITTY]],
        "stock": [mask_of(deck[v[STOCK_POS] :])],
        "discards": [v[DISC_MASK + s] for s in range(n)],
        "trick": [mask_of(v[T_CARD : T_CARD + v[TRICK_LEN]])],
        "captured": [v[CAPTURED + side] for side in range(k)],
    }


def assert_cards_conserved(state: SmearState) -> None:
    deck = state.deals[-1].deck
    whole = mask_of(deck)
    assert len(deck) == state.rules.deck_size == whole.bit_count()
    locations = card_locations(state)
    seen = 0
    for where, masks in locations.items():
        for i, mask in enumerate(masks):
            assert seen & mask == 0, f"{where}[{i}] holds a card that is also elsewhere: {state!r}"
            seen |= mask
    assert seen == whole, f"cards missing or extra: {state!r}"
    v = state._v
    played = union(v[PLAYED + s] for s in range(state.num_players))
    assert played == locations["trick"][0] | union(locations["captured"]), "played cards are not in tricks"
    assert v[BURIED] & ~union(locations["discards"]) == 0, "a buried trump is not among the discards"


def union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def cards_in(value: object) -> list[Card]:
    """Every Card reachable from an observation value (dataclasses, actions, containers)."""
    found: list[Card] = []
    _collect_cards(value, found)
    return found


def _collect_cards(value: object, found: list[Card]) -> None:
    if value is None or isinstance(value, (int, str, float)):  # also bools and string enums
        return
    if isinstance(value, Card):
        found.append(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _collect_cards(item, found)
    elif isinstance(value, Award):
        # An award names its card as an int; an award that went to no side only names the
        # point (its card was not played), which tells nothing about where the card is.
        if value.card is not None and value.side is not None:
            found.append(CARDS[value.card])
    elif isinstance(value, Action):
        for cls in type(value).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                _collect_cards(getattr(value, slot, None), found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _collect_cards(getattr(value, f.name), found)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _collect_cards(key, found)
            _collect_cards(item, found)
    else:  # a new kind of field: teach this walker about it rather than skip it
        raise TypeError(f"cannot look for cards inside {type(value).__name__}")


def dealt_kitty(state: SmearState) -> int:
    """The kitty of the current deal, recomputed from the deck by SPEC 1.5 (after the first round)."""
    rules = state.rules
    deck = state.deals[-1].deck
    start = rules.deal_packet * state.num_players
    return mask_of(deck[start : start + rules.kitty_size])


def played_in(deal: DealLog) -> int:
    """The cards played to the completed tricks of a deal."""
    return mask_of(card.index for trick in deal.tricks for _, card in trick.plays)


def assert_no_hidden_cards(state: SmearState) -> None:
    v = state._v
    public = v[BURIED] | played_in(state.deals[-1]) | mask_of(v[T_CARD : T_CARD + v[TRICK_LEN]])
    # The deal the last settled hand was played in: its award cards were all played in it.
    played_deals = [d for d in state.deals if d.outcome == "played"]
    last_hand_public = played_in(played_deals[-1]) if played_deals else 0
    for seat in range(state.num_players):
        own = v[HAND + seat] | v[DISC_MASK + seat]
        if v[KITTY_HOLDER] == seat:
            own |= dealt_kitty(state)
        allowed = own | public
        obs = state.observation(seat)
        for f in dataclasses.fields(obs):
            if f.name == "rules":  # the same object at every step: checked once per test
                continue
            value = getattr(obs, f.name)
            ok = last_hand_public if f.name == "last_hand" else allowed
            for card in cards_in(value):
                assert ok >> card.index & 1, f"seat {seat} sees {card} in observation field {f.name!r}: {state!r}"


# --------------------------------------------------------------------------- properties
every_config = pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
every_deal_config = pytest.mark.parametrize(("name", "players"), DEAL_CONFIGS, ids=DEAL_CONFIG_IDS)


def test_the_overlays_are_left_out_of_the_single_hand_properties() -> None:
    left_out = {name for name, _ in CONFIGS} - {name for name, _ in DEAL_CONFIGS}
    assert left_out == {"smear_ten_point_to11", "smear_ten_point_to52", "smear_ten_point_bust21"}


@every_deal_config
@PROPERTY
@given(seed=SEEDS)
def test_cards_are_conserved_at_every_step(name: str, players: int, seed: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    assert_cards_conserved(state)
    for _ in range(2):
        for _action in play_one_hand(state, rng):
            assert_cards_conserved(state)


@every_deal_config
@PROPERTY
@given(seed=SEEDS)
def test_each_hand_ends_within_a_bounded_number_of_actions(name: str, players: int, seed: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    for _ in range(3):
        list(play_one_hand(state, rng))
        bound = max_actions_per_deal(state)
        for deal in state.deals:
            assert len(deal.actions) <= bound, f"a deal took {len(deal.actions)} actions (bound {bound})"


@every_config
@LONG_PROPERTY
@given(seed=SEEDS, overlay=st.sampled_from([{"bust_out_score": -21}, {"bust_out_score": -21, "target_score": 11}]))
def test_a_bust_out_match_ends(name: str, players: int, seed: int, overlay: dict[str, int]) -> None:
    state = new_state(name, players, seed, **overlay)
    rng = random.Random(seed)
    bound = MAX_DEALS_PER_MATCH * max_actions_per_deal(state)
    list(random_steps(state, rng, bound))
    assert state.is_terminal, f"match not over after {len(state.deals)} deals: {state!r}"
    assert len(state.deals) <= MAX_DEALS_PER_MATCH
    assert state.winner is not None and 0 <= state.winner < state.num_sides
    assert state.returns() == tuple(1.0 if state.side_of(s) == state.winner else 0.0 for s in range(players))
    finished = replay(record_of(state)).state  # also checks the record's result
    assert finished.is_terminal and finished._snapshot() == state._snapshot()


@every_config
@PROPERTY
@given(seed=SEEDS)
def test_hand_points_and_settlement_add_up(name: str, players: int, seed: int) -> None:
    state = new_state(name, players, seed, bust_out_score=-21)
    rng = random.Random(seed)
    rules = state.rules
    k = state.num_sides
    before = (0,) * k
    deals_seen = 0
    for _ in range(4):
        list(play_one_hand(state, rng))
        for deal in state.deals[deals_seen:]:
            if not deal.outcome:
                break  # the next deal, in progress
            deals_seen += 1
            if deal.outcome == "all passed" and rules.all_pass is AllPass.DEALER_SET:
                side = state.side_of(deal.dealer)  # everyone passed: the dealer's side lost the minimum bid
                before = tuple(b - rules.min_bid if i == side else b for i, b in enumerate(before))
        for result in state.hand_results[len(state.hand_results) - 1 :]:
            awarded = [a for a in result.awards if a.side is not None]
            assert sum(a.value for a in awarded) <= rules.max_points
            assert all(a.value == rules.points[a.point] for a in result.awards)
            assert len({a.point for a in result.awards}) == len(result.awards)
            won = [sum(a.value for a in awarded if a.side == side) for side in range(k)]
            s = result.settlement
            assert list(s.points) == won
            assert s.scores == tuple(b + d for b, d in zip(before, s.deltas, strict=True))
            before = s.scores
        assert state.scores == before
        if state.is_terminal:
            break


@every_config
@SHARED_PROPERTY
@given(seed=SEEDS, stop=st.integers(min_value=0, max_value=200))
def test_replaying_a_record_rebuilds_the_state(name: str, players: int, seed: int, stop: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    list(random_steps(state, rng, stop))
    again = replay(record_of(state)).state
    assert again.scores == state.scores
    assert again._snapshot() == state._snapshot()
    assert again.legal_action_ids() == state.legal_action_ids()


@every_deal_config
@PROPERTY
@given(seed=SEEDS, stop=st.integers(min_value=0, max_value=150))
def test_an_illegal_action_raises_and_changes_nothing(name: str, players: int, seed: int, stop: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    list(random_steps(state, rng, stop))
    before = state._snapshot()
    legal = set(state.legal_action_ids())
    assert set(state.legal_action_mask().nonzero()[0].tolist()) == legal
    illegal = [aid for aid in range(A.NUM_ACTIONS) if aid not in legal]
    for aid in rng.sample(illegal, min(10, len(illegal))):
        action = A.ACTIONS[aid]
        assert not state.is_legal(action)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state._snapshot() == before
        assert set(state.legal_action_ids()) == legal


@every_deal_config
@SHARED_PROPERTY
@given(seed=SEEDS)
def test_no_observation_shows_another_seats_hidden_card(name: str, players: int, seed: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    assert not cards_in(state.observation(0).rules)
    assert_no_hidden_cards(state)
    for _action in play_one_hand(state, rng):  # ends in the next deal, with last_hand shown
        assert_no_hidden_cards(state)


@every_deal_config
@LONG_PROPERTY
@given(seed=SEEDS, start=st.integers(min_value=0, max_value=60), extra=st.integers(min_value=0, max_value=60))
def test_undo_restores_every_earlier_state(name: str, players: int, seed: int, start: int, extra: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    list(random_steps(state, rng, start))
    trail: list[tuple[tuple[object, ...], list[int], Action]] = []

    def step() -> None:
        snapshot, legal = state._snapshot(), state.legal_action_ids()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        trail.append((snapshot, legal, action))

    def undo_to(length: int) -> None:
        while len(trail) > length:
            snapshot, legal, action = trail.pop()
            assert state.undo() == action
            assert state._snapshot() == snapshot
            assert state.legal_action_ids() == legal

    # Play to the end of the current hand (so the trail crosses a hand boundary), then a little more.
    hands = len(state.hand_results)
    while not state.is_terminal and len(state.hand_results) == hands:
        step()
    for _ in range(extra):
        if state.is_terminal:
            break
        step()
    # Undo part of the way, take another branch, then undo everything.
    undo_to(rng.randrange(len(trail) + 1))
    for _ in range(rng.randrange(40)):
        if state.is_terminal:
            break
        step()
    undo_to(0)


@every_deal_config
@PROPERTY
@given(seed=SEEDS, stop=st.integers(min_value=0, max_value=120))
def test_a_clone_is_independent_of_its_original(name: str, players: int, seed: int, stop: int) -> None:
    state = new_state(name, players, seed)
    rng = random.Random(seed)
    list(random_steps(state, rng, stop))
    copy = state.clone()
    assert copy._snapshot() == state._snapshot()
    original = state._snapshot()
    # Moving the clone (over a hand end, most of the time) and undoing on it leaves the original alone.
    moved = list(random_steps(copy, random.Random(seed + 1), 70))
    assert state._snapshot() == original
    for _ in range(len(moved) // 2):
        copy.undo()
    assert state._snapshot() == original
    copy_now = copy._snapshot()
    # Moving and undoing the original leaves the clone alone.
    moved = list(random_steps(state, random.Random(seed + 2), 70))
    assert copy._snapshot() == copy_now
    for _ in moved:
        state.undo()
    assert state._snapshot() == original
    assert copy._snapshot() == copy_now
