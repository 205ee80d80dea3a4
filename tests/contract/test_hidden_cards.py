"""Observations reveal no hidden card.

Two checks along random play of every configuration:

* the hand swap: two cards held by two other seats, hidden from the observing
  seat, change places in the deal's deck; the match is replayed from that record
  with the same actions, and the observing seat's observation must not change
  (while the holders' do). A swap after which the actions no longer replay, or
  the public course differs (a misdeal offer the swap created), tells nothing and
  is left out; announced cards (``support.PUBLIC``) are never swapped;
* the scan: no card in another seat's hand appears anywhere in an observation,
  except the cards the rules leave face up (``support.PUBLIC``).
"""

from __future__ import annotations

import random

from jick.engine import RecordError
from jick.game import AnyState
from jick.record import record_of, replay

from .support import Config, Public, hand_of, public_of, visible_cards, walk_into_second_deal

#: Random play checks every so many actions.
EVERY = 5


def swapped(state: AnyState, x: int, y: int) -> AnyState | None:
    """The state replayed from its record with cards ``x`` and ``y`` swapped in the current deck, or None."""
    record = record_of(state)
    deck = list(state.deals[-1].deck)
    px, py = deck.index(x), deck.index(y)
    last = record["deals"][-1]
    names = list(last["deck"])
    names[px], names[py] = names[py], names[px]
    record["deals"] = [*record["deals"][:-1], {**last, "deck": names}]
    try:
        other: AnyState = replay(record, check_result=False).state
    except RecordError:  # the swap made an action of the record illegal
        return None
    if (other.current_player, other.phase) != (state.current_player, state.phase):
        return None
    return other


def try_swap(state: AnyState, seat: int, public: Public, rng: random.Random) -> bool:
    """Swap two cards hidden from ``seat`` between two other hands; True if the swap replayed and was checked."""
    observations = [state.observation(s) for s in range(state.num_players)]
    obs = observations[seat]
    known = visible_cards(obs, public)
    known |= {card.index for o in observations for card in o.hand if str(card) in public.announced}
    hands = {s: sorted(hand_of(o) - known) for s, o in enumerate(observations) if s != seat}
    holders = [s for s, cards in hands.items() if cards]
    if len(holders) < 2:
        return False
    a, b = rng.sample(holders, 2)
    x, y = rng.choice(hands[a]), rng.choice(hands[b])
    other = swapped(state, x, y)
    if other is None:
        return False
    assert other.observation(seat) == obs, f"seat {seat} can tell where {x} and {y} are (held by {a} and {b})"
    assert hand_of(other.observation(a)) == hand_of(observations[a]) - {x} | {y}  # the swap took place
    return True


def test_swapping_two_hidden_cards_changes_nothing_a_seat_sees(config: Config, seed: int) -> None:
    state = config.new(seed)
    public = public_of(config.game)
    rng = random.Random(seed)
    checked = try_swap(state, 0, public, rng) + try_swap(state, 1, public, rng)
    for step, _ in enumerate(walk_into_second_deal(state, random.Random(seed)), 1):
        if step % EVERY == 0 and not state.is_terminal:
            checked += try_swap(state, step // EVERY % state.num_players, public, rng)
    assert checked >= 3, f"only {checked} swaps could be checked"


def check_no_card_of_another_hand_shows(state: AnyState, public: Public) -> None:
    observations = [state.observation(seat) for seat in range(state.num_players)]
    hands = [hand_of(obs) for obs in observations]
    for seat, obs in enumerate(observations):
        seen = visible_cards(obs, public)
        assert hands[seat] <= seen  # the finder finds cards: at least the seat's own
        face_up = {card.index for card in public.face_up(obs)}
        for other, hand in enumerate(hands):
            if other != seat:
                shown = (seen & hand) - face_up
                assert not shown, f"seat {seat} sees {sorted(shown)} of seat {other}'s hand: {state!r}"


def test_no_observation_shows_a_card_of_another_hand(config: Config, seed: int) -> None:
    state = config.new(seed)
    public = public_of(config.game)
    check_no_card_of_another_hand_shows(state, public)
    for step, _ in enumerate(walk_into_second_deal(state, random.Random(seed)), 1):
        if step % 2 == 0:
            check_no_card_of_another_hand_shows(state, public)
