"""The trick-taking core on its own: a toy game of two seats, four cards and one-card tricks.

"High card": the dealer's left-hand neighbour leads, any card may be played, the
higher card takes the trick, and the seat with more tricks after two deals wins.
It is just enough rules to drive every part of :class:`jick.core.TrickState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from jick.core import DealLog, Trick, TrickState, bit_ids, mask_of, pick, shuffled_deck
from jick.core.trick_state import CHANCE
from jick.core.undo import ACTION_NO, CORE_SLOTS, DEAL_NO, DEALER, PHASE, RESULTS_NO, TO_MOVE, TRICK_NO, cut_back
from jick.engine import TERMINAL, Action, IllegalAction, NotationError, RecordError

PLAY, OVER, WAIT_DEAL = range(3)
TRICK_LEN, LED, HAND = CORE_SLOTS, CORE_SLOTS + 1, CORE_SLOTS + 2
V_SIZE = HAND + 2
DEALS = 2


class Card(Action):
    __slots__ = ()

    def __init__(self, index: int) -> None:
        self._freeze(index)

    def __str__(self) -> str:
        return f"c{self.id}"


class Deck(Action):
    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(-2)

    def __str__(self) -> str:
        return "deck"


class HighCard(TrickState[DealLog[Trick[int]], int]):
    _actions = tuple(Card(i) for i in range(4))
    _title = "High Card"
    _phase_names = ("play", "over", "deal")
    _over = OVER
    _wait_deal = WAIT_DEAL
    _hand = HAND

    def __init__(self, seed: int | None = None, decks: Sequence[Sequence[int]] | None = None) -> None:
        self._deck_cards = (0, 1, 2, 3)
        self._open(2, seed, decks, 1)
        self._v = [0] * V_SIZE
        self._v[DEALER] = self.first_dealer
        self._start_deal()

    def _check_deck(self, deck: Sequence[Any], index: int) -> tuple[int, ...]:
        if sorted(deck) != [0, 1, 2, 3]:
            raise RecordError(f"deck of deal {index + 1} is not the 4-card deck")
        return tuple(deck)

    def _supplied_deck(self, cards: tuple[int, ...]) -> Action:
        return Deck()

    def _undone(self, action: Action) -> None:
        if isinstance(action, Deck):
            self._decks.pop()

    def _start_deal(self) -> None:
        v = self._v
        if v[RESULTS_NO] == DEALS:
            v[PHASE] = OVER
            return
        deck = self._next_deck()
        if deck is None:
            v[PHASE] = WAIT_DEAL
            return
        self._deals.append(DealLog(deck, v[DEALER]))
        v[DEAL_NO] += 1
        v[ACTION_NO] = v[TRICK_NO] = 0
        v[HAND] = mask_of(deck[0::2])
        v[HAND + 1] = mask_of(deck[1::2])
        v[PHASE] = PLAY
        v[TO_MOVE] = 1 - v[DEALER]

    def _legal_now(self) -> int:
        return self._v[HAND + self._v[TO_MOVE]]

    def _move(self, seat: int, aid: int) -> None:
        v = self._v
        v[HAND + seat] ^= 1 << aid
        if v[TRICK_LEN] == 0:
            v[TRICK_LEN], v[LED], v[TO_MOVE] = 1, aid, 1 - seat
            return
        winner = seat if aid > v[LED] else 1 - seat
        self._deals[-1].tricks.append(Trick(1 - seat, ((1 - seat, v[LED]), (seat, aid)), winner))
        v[TRICK_LEN] = 0
        v[TRICK_NO] += 1
        v[TO_MOVE] = winner
        if not v[HAND + seat]:
            self._results.append(sum(t.winner for t in self._deals[-1].tricks))
            v[RESULTS_NO] += 1
            self._deals[-1].outcome = "played"
            self._start_deal()

    def _why_illegal(self, action: Action) -> str:
        return f"{action} is not in the hand"

    def parse_action(self, text: str) -> Action:
        return self._actions[int(text[1:])]

    def returns(self) -> tuple[float, ...]:
        ones = sum(self._results)
        return (1.0, 0.0) if ones < DEALS else (0.0, 1.0) if ones > DEALS else (0.0, 0.0)


def play_out(state: HighCard) -> None:
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])


def test_cardset_helpers_agree() -> None:
    mask = mask_of([5, 0, 9])
    assert bit_ids(mask) == [0, 5, 9]
    assert pick(mask, range(100, 110)) == [100, 105, 109]
    assert bit_ids(0) == pick(0, "abc") == []


def test_the_shuffle_is_a_function_of_seed_and_deal() -> None:
    assert sorted(shuffled_deck(range(20), 4, 1)) == list(range(20))
    assert shuffled_deck(range(20), 4, 1) == shuffled_deck(range(20), 4, 1) != shuffled_deck(range(20), 4, 2)


def test_accessors_and_legal_ids_come_from_the_value_list() -> None:
    state = HighCard(decks=[[3, 0, 1, 2], [0, 1, 2, 3]])
    assert (state.num_players, state.dealer, state.current_player, state.phase) == (2, 1, 0, "play")
    assert state.legal_action_ids() == [1, 3] and state.hand_mask(1) == 0b101
    assert [str(a) for a in state.legal_actions()] == ["c1", "c3"]
    assert state.legal_action_mask().tolist() == [False, True, False, True]
    assert state.num_distinct_actions == 4 and state.action_from_id(2) == Card(2)
    with pytest.raises(NotationError, match="no High Card action has id 4"):
        state.action_from_id(4)


def test_the_shared_views_read_the_logs_and_the_value_list() -> None:
    state = HighCard(decks=[[3, 0, 1, 2], [0, 1, 2, 3]])
    assert state.deals == (state.current_deal,) and not state.tricks and state.deal_results == ()
    assert state.leader == state._v[0] and state.trick_cards() == []
    state.apply(Card(3))
    state.apply(Card(2))
    assert [str(t) for t in state.tricks] == ["0:3 1:2 -> 0"] and state.tricks is state._deals[-1].tricks
    state.apply(Card(1))
    state.apply(Card(0))
    assert len(state.deals) == 2 and state.deal_results == (0,) and not state.tricks
    assert state.scores == (state._v[0], state._v[1]) and state._per_seat(HAND) == (0b0101, 0b1010)
    state._v[LED] = -1
    assert state._optional(LED) is None and state._optional(HAND) == 0b0101
    assert [state._next_in(0b10, s) for s in (0, 1)] == [1, 1] and state._next_in(0, 0) == -1


def test_a_refused_action_says_when_the_match_is_over_or_waits_for_a_deck() -> None:
    state = HighCard(decks=[[0, 1, 2, 3]])
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match=r"the next deal needs a deck order \(deal\(deck\)\)"):
        state.apply(Card(0))
    state.deal([2, 3, 0, 1])
    play_out(state)
    with pytest.raises(IllegalAction, match="the match is over"):
        state.apply(Card(0))


def test_apply_then_undo_restores_everything() -> None:
    state = HighCard(seed=3)
    before = state._snapshot()
    actions = []
    while not state.is_terminal:
        action = state.legal_actions()[-1]
        state.apply(action)
        actions.append(action)
    assert state.current_player == TERMINAL and len(state._results) == DEALS
    assert [a for _, a in state.history()] == actions[-4:]
    for action in reversed(actions):
        assert state.undo() == action
    assert state._snapshot() == before
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


class Aside(Action):
    """A table's pseudo-action in the middle of a deal that changes nothing (as a Lift Smoke reshuffle comes)."""

    __slots__ = ()

    def __init__(self) -> None:
        self._freeze(-3)


def test_undo_keeps_a_snapshot_every_few_actions_and_applies_the_rest_again() -> None:
    """A player's action keeps the values before it only every ``_snapshot_every`` actions of a deal and right
    after a pseudo-action; undo goes back to the last snapshot and applies the actions after it again, so every
    earlier state comes back exactly."""
    state = HighCard(decks=[[0, 1, 2, 3]])
    states = [state._snapshot()]

    def play(times: int) -> None:
        for _ in range(times):
            state.apply(state.legal_actions()[0])
            states.append(state._snapshot())

    play(4)
    state.deal([2, 3, 0, 1])  # a supplied deck starts the next deal
    states.append(state._snapshot())
    play(1)
    state._push(Aside())  # mid-deal: the next action keeps a snapshot too
    states.append(state._snapshot())
    play(2)
    kept = [values is not None for values in state._undo_values]
    assert kept == [True, False, False, False, True, True, True, True, False]
    while state._undo:
        state.undo()
        states.pop()
        assert state._snapshot() == states[-1]
    assert len(states) == 1


def test_a_smear_hand_keeps_one_snapshot_in_eight_actions() -> None:
    from jick.games.smear import new_match

    state = new_match("smear_ten_point", seed=5)
    states = [state._snapshot()]
    while not state.hand_results:
        state.apply(state.legal_actions()[0])
        states.append(state._snapshot())
    played = len(state.deals[0].actions)
    assert played == len(state._undo) > 16
    assert [values is not None for values in state._undo_values] == [i % 8 == 0 for i in range(played)]
    while state._undo:
        state.undo()
        states.pop()
        assert state._snapshot() == states[-1]


def test_refused_actions_change_nothing() -> None:
    state = HighCard(decks=[[3, 0, 1, 2], [0, 1, 2, 3]])
    before = state._snapshot()
    with pytest.raises(IllegalAction, match="c0 is not in the hand"):
        state.apply(Card(0))
    with pytest.raises(IllegalAction, match="no High Card action has id 7"):
        state.apply_id(7)
    assert state._snapshot() == before and state.is_legal(Card(1)) and not state.is_legal(Card(0))


def test_a_clone_grows_apart_from_its_original() -> None:
    state = HighCard(seed=1)
    state.apply_text(str(state.legal_actions()[0]))
    copy = state.clone()
    assert copy._snapshot() == state._snapshot()
    play_out(copy)
    assert copy.is_terminal and not state.is_terminal
    assert len(state.history()) == 1


def test_a_missing_deck_is_a_chance_node_that_undo_can_revisit() -> None:
    state = HighCard(decks=[[0, 1, 2, 3]])
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.current_player == CHANCE and state.phase == "deal"
    with pytest.raises(RecordError):
        state.deal([0, 0, 1, 2])
    waiting = state._snapshot()
    state.deal([2, 3, 0, 1])
    assert state.current_player == 0 and len(state._deals) == 2
    state.undo()
    assert state._snapshot() == waiting and state._deals[0].outcome == "played"


def test_cut_back_cuts_every_log_to_the_lengths_in_the_values() -> None:
    logs = [DealLog((0, 1), 0, [(0, 1), (1, 0)], [Trick(0, ((0, 1), (1, 0)), 0)], "played"), DealLog((1, 0), 1)]
    results = [1, 2]
    v = [0] * CORE_SLOTS
    v[DEAL_NO], v[RESULTS_NO], v[TRICK_NO] = 1, 0, 0
    cut_back(v, logs, results, keep_outcome=True)
    assert len(logs) == 1 and logs[0].actions == [] and logs[0].tricks == [] and logs[0].outcome == "played"
    assert results == []
