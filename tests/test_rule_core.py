"""Smear's play rules written once (:mod:`jick.games.smear.rule_core`).

The same functions run in Python (the engine, the inference, the card
counting) and inside numba code (the solver, the playout kernel). These tests
check that the two runs agree, that the voids read from :func:`legal_plays`
are the ones the card counting used to write by hand, and that the engine's
legal plays are the rule core's.
"""

from __future__ import annotations

import importlib
import itertools
import random
import subprocess
import sys
import types

import numpy as np
import pytest
from numba import njit

from jick.cards import parse_card
from jick.games.smear import new_match, playout_kernel, solver
from jick.games.smear import rule_core as R
from jick.games.smear.numba_cache import is_compiled, register_shared_rules, shared_module
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import FirstLead, FollowRule
from jick.games.smear.solver import F_FIRST_LEAD_TRUMP, F_FOLLOW_OR_TRUMP, F_TRUMP_ONLY, solver_tables
from jick.games.smear.tables import TRUMP, TrumpTable, deck_cards, trump_table

#: The rule core numba compiles: the same source as ``R``, an interpreted copy when ``R`` is a compiled extension.
RN = shared_module("rule_core")
#: Rule sets with different trumps: no jokers or Jick (Pitch), the Jick and two jokers (Smear), the off-five (Cinch).
PRESETS = ("pitch_auction", "smear_ten_point", "cinch")
#: (trump_only, first_lead_trump, follow_or_trump), every combination.
SWITCHES: tuple[tuple[bool, bool, bool], ...] = tuple(
    (a, b, c) for a, b, c in itertools.product((False, True), repeat=3)
)


def tables_of(preset: str) -> list[TrumpTable]:
    rules = load_preset(preset)
    return [trump_table(rules, trump) for trump in range(4)]


def leads_by_suit(table: TrumpTable, deck: tuple[int, ...]) -> list[int]:
    """-1 (the seat leads) and one led card per effective suit: the rules read the suit of the lead alone."""
    first: dict[int, int] = {}
    for card in deck:
        first.setdefault(table.eff_suit[card], card)
    return [-1, *first.values()]


def voids_by_hand(
    table: TrumpTable, card: int, led_card: int, first_trick: bool, switches: tuple[bool, bool, bool]
) -> int:
    """The voids a play shows, as the card counting wrote them before the rule core (the oracle)."""
    trump_only, first_lead_trump, follow_or_trump = switches
    suit = table.eff_suit[card]
    if led_card < 0:
        if (trump_only or (first_trick and first_lead_trump)) and suit != TRUMP:
            return 1 << TRUMP
        return 0
    voids = 0
    led = table.eff_suit[led_card]
    if trump_only and suit != TRUMP:
        voids |= 1 << TRUMP
    if suit != led and (not follow_or_trump or led == TRUMP or suit != TRUMP):
        voids |= 1 << led
    return voids


@pytest.mark.parametrize("preset", PRESETS)
def test_the_voids_read_from_the_legal_plays_are_the_ones_written_by_hand(preset: str) -> None:
    """Every card, every kind of lead, every switch: the voids agree wherever the lead and the card are proper.

    A card that no hand may play properly (a non-trump under ``trump_only_play``) is never seen: the rules
    forbid reneging with ``trump_only_play``, so the play is never made.
    """
    deck = deck_cards(load_preset(preset))
    compared = 0
    for table in tables_of(preset):
        for switches, first_trick, led_card in itertools.product(SWITCHES, (False, True), leads_by_suit(table, deck)):
            rule = (table.trumps, table.eff_suit, table.suit_masks, *switches)
            if led_card >= 0 and not R.legal_plays(1 << led_card, -1, first_trick, *rule) >> led_card & 1:
                continue
            for card in deck:
                if card == led_card or not R.legal_plays(1 << card, led_card, first_trick, *rule) >> card & 1:
                    continue
                shown = R.shown_voids(card, led_card, first_trick, *rule)
                assert shown == voids_by_hand(table, card, led_card, first_trick, switches), (card, led_card)
                compared += 1
    assert compared > 5_000


def test_a_heart_led_shows_the_diamond_player_void_in_hearts_but_not_the_trumper() -> None:
    """Follow or trump (SPEC 1.8): trumping a plain lead shows nothing; a discard shows the void."""
    table = tables_of("smear_ten_point")[0]  # spades
    rule = (table.trumps, table.eff_suit, table.suit_masks, False, False, True)
    five_h, two_d, nine_s = (parse_card(c).index for c in ("5H", "2D", "9S"))
    hearts = 1 << table.eff_suit[five_h]
    assert R.shown_voids(two_d, five_h, False, *rule) == hearts
    assert R.shown_voids(nine_s, five_h, False, *rule) == 0
    must_follow = (*rule[:5], False)
    assert R.shown_voids(nine_s, five_h, False, *must_follow) == hearts


@njit
def _legal_in_numba(hands, leads, first, trumps, eff, masks, trump_only, first_lead_trump, follow_or_trump, out):  # type: ignore[no-untyped-def]
    for i in range(hands.shape[0]):
        out[i] = RN.legal_plays(
            hands[i], leads[i], first[i] != 0, trumps, eff, masks, trump_only, first_lead_trump, follow_or_trump
        )


@njit
def _winners_in_numba(tricks, n, eff, strength, second_wins, out):  # type: ignore[no-untyped-def]
    for i in range(tricks.shape[0]):
        out[i] = RN.trick_winner(tricks[i], n, eff, strength, second_wins)


@njit
def _voids_in_numba(cards, leads, trumps, eff, masks, out):  # type: ignore[no-untyped-def]
    for i in range(cards.shape[0]):
        out[i] = RN.shown_voids(cards[i], leads[i], False, trumps, eff, masks, False, True, True)


@pytest.mark.parametrize("preset", PRESETS)
def test_numba_runs_the_same_rules(preset: str) -> None:
    """The rule core compiled by numba gives the answers of the Python run, on random hands and tricks."""
    register_shared_rules()
    rules = load_preset(preset)
    deck = deck_cards(rules)
    rng = random.Random(preset)
    for trump in range(4):
        table = trump_table(rules, trump)
        arrays = solver_tables(rules, trump)
        hands = [sum(1 << c for c in rng.sample(deck, rng.randint(1, 8))) for _ in range(300)]
        leads = [rng.choice([-1, *deck]) for _ in hands]
        first = [rng.randint(0, 1) for _ in hands]
        for switches in SWITCHES:
            out = np.zeros(len(hands), dtype=np.uint64)
            _legal_in_numba(
                np.array(hands, dtype=np.uint64), np.array(leads, dtype=np.int64), np.array(first, dtype=np.int64),
                arrays.suit_masks[TRUMP], arrays.eff, arrays.suit_masks, *switches, out,
            )  # fmt: skip
            expected = [
                R.legal_plays(h, led, bool(f), table.trumps, table.eff_suit, table.suit_masks, *switches)
                for h, led, f in zip(hands, leads, first, strict=True)
            ]
            assert [int(x) for x in out] == expected
        tricks = [rng.sample(deck, 4) for _ in range(300)]
        for second_wins in (False, True):
            won = np.zeros(len(tricks), dtype=np.int64)
            _winners_in_numba(np.array(tricks, dtype=np.int64), 4, arrays.eff, arrays.strength, second_wins, won)
            expected = [R.trick_winner(t, 4, table.eff_suit, table.strength, second_wins) for t in tricks]
            assert list(won) == expected
        cards = [t[1] for t in tricks]
        led = [t[0] for t in tricks]
        voids = np.zeros(len(tricks), dtype=np.int64)
        _voids_in_numba(np.array(cards), np.array(led), arrays.suit_masks[TRUMP], arrays.eff, arrays.suit_masks, voids)
        expected = [
            R.shown_voids(c, lead, False, table.trumps, table.eff_suit, table.suit_masks, False, True, True)
            for c, lead in zip(cards, led, strict=True)
        ]
        assert list(voids) == expected


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_nine_card", "pitch_auction", "cinch"])
def test_the_engine_offers_the_rule_cores_plays(preset: str) -> None:
    """In random games the engine's proper plays are :func:`legal_plays` of the seat's hand and the trick."""
    rules = load_preset(preset)
    flags = solver_tables(rules, 0).flags
    switches = (bool(flags[F_TRUMP_ONLY]), bool(flags[F_FIRST_LEAD_TRUMP]), bool(flags[F_FOLLOW_OR_TRUMP]))
    assert switches[1] == (rules.first_lead is FirstLead.TRUMP)
    assert switches[2] == (rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP)
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        state = new_match(preset, seed=seed)
        while not state.is_terminal and checked < 300 * (seed + 1):
            seat = state.current_player
            if state.phase == "play" and state.trump is not None:
                table = trump_table(rules, state.trump)
                obs = state.observation(seat)
                hand = sum(1 << c.index for c in obs.hand)
                led = obs.trick[0][1].index if obs.trick else -1
                first = sum(obs.tricks_won) == 0
                expected = R.legal_plays(hand, led, first, table.trumps, table.eff_suit, table.suit_masks, *switches)
                assert state.proper_play_mask(seat) == expected
                checked += 1
            legal = state.legal_action_ids()
            state.apply_id(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_card_pips_are_the_game_values() -> None:
    """SPEC 1.6: ace 4, king 3, queen 2, jack 1, ten 10; jokers count nothing."""
    values = {str(c): R.card_pips(parse_card(c).index) for c in ("AS", "KH", "QD", "JC", "10S", "9S", "2H", "HJ")}
    assert values == {"AS": 4, "KH": 3, "QD": 2, "JC": 1, "10S": 10, "9S": 0, "2H": 0, "HJ": 0}


def test_the_engine_and_the_card_counting_start_without_numba() -> None:
    """rule_core registers with numba only when a numba module asks: the engine imports no numba."""
    code = (
        "import sys\n"
        "import jick.games.smear.state, jick.games.smear.knowledge, jick.games.smear.inference\n"
        "assert 'numba' not in sys.modules, 'numba imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", ["rule_core", "deal_core", "settle_core"])
def test_numba_compiles_a_python_copy_of_each_core(name: str) -> None:
    """The engine's core may be a mypyc extension; numba gets Python functions of the same file all the same."""
    installed = importlib.import_module(f"jick.games.smear.{name}")
    shared = shared_module(name)
    assert all(isinstance(f, types.FunctionType) for f in shared.JITABLE)
    assert (shared.__file__ or "").endswith(f"{name}.py")
    assert (shared is installed) == (not is_compiled(installed))
    assert shared_module(name) is shared  # loaded once per process
    assert [f.__name__ for f in shared.JITABLE] == [f.__name__ for f in installed.JITABLE]


def test_the_solver_and_the_kernel_call_the_python_copies() -> None:
    assert solver.legal_plays is RN.legal_plays
    assert solver.core is shared_module("settle_core")
    assert playout_kernel.deal is shared_module("deal_core")
    assert playout_kernel.playable is RN.playable
