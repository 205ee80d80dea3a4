"""Shared set-up for the Smear conformance tests (SPEC section 6).

Seating is SPEC 6's: N=0, E=1, S=2, W=3 clockwise, dealer W, eldest N; the
sides are NS=0 and EW=1. A scenario is reached through the public engine by
dealing an explicit deck (:func:`jick.games.smear.arrange.arrange_deck`) and
applying the auction, trump, discard and play actions it describes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from jick.cards import CARDS, SUITS, card_mask, mask_cards, parse_card
from jick.engine import IllegalAction
from jick.games.smear import new_match
from jick.games.smear.actions import Discard, DoneDiscarding, NameTrump, Pass, Play
from jick.games.smear.arrange import arrange_deck
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import SmearRules
from jick.games.smear.scoring import Award, HandFacts, award_points
from jick.games.smear.state import SmearState
from jick.games.smear.tables import trick_winner, trump_table

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1
SEAT_LETTERS = {"N": N, "E": E, "S": S, "W": W}
RANKS_HIGH_FIRST = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def cards(text: str) -> list[str]:
    """Card names from a space-separated list, checked: ``cards("AS 10H")``."""
    return [str(parse_card(t)) for t in text.split()]


def cardset(items: str | Iterable[Any]) -> frozenset[str]:
    """A set of card names from a string, cards or actions holding a card."""
    if isinstance(items, str):
        return frozenset(cards(items))
    return frozenset(str(getattr(x, "card", x)) for x in items)


def suit_cards(suits: str, exclude: str = "") -> list[str]:
    """Every card of ``suits`` (letters) less the ``exclude`` cards, rank by rank from the aces.

    Used as ``fill`` order, this spreads the high cards over the first packets
    so that no filled hand is a low (3s to 9s) hand by accident.
    """
    skip = cardset(exclude)
    return [r + s for r in RANKS_HIGH_FIRST for s in suits if r + s not in skip]


def suit(letter: str) -> int:
    return SUITS.index(letter)


def start(
    preset: str,
    hands: Mapping[int, Sequence[str]],
    *,
    kitty: Sequence[str] = (),
    stock: Sequence[str] = (),
    fill: Sequence[str] = (),
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    dealer: int = W,
    more_decks: Sequence[Sequence[str]] = (),
) -> SmearState:
    """A match whose first deal gives each listed seat (at least) the listed cards."""
    rules = load_preset(preset, players, overrides)
    deck = arrange_deck(rules, dealer, hands, kitty, stock, fill=fill)
    state = new_match(preset, players=players, overrides=overrides, decks=[deck, *more_decks], first_dealer=dealer)
    if len(state.deals) == 1:
        for seat, held in hands.items():
            missing = card_mask(held) & ~state.hand_mask(seat)
            assert not missing, f"seat {seat} was not dealt {mask_cards(missing)}"
    return state


def deck_for(
    preset: str, hands: Mapping[int, Sequence[str]], *, players: int | None = None, dealer: int = W, **kw: Any
) -> list[str]:
    """Just the arranged deck (for the second deal of a match)."""
    return arrange_deck(load_preset(preset, players), dealer, hands, **kw)


def hand(state: SmearState, seat: int) -> frozenset[str]:
    return frozenset(str(c) for c in mask_cards(state.hand_mask(seat)))


def legal_cards(state: SmearState) -> frozenset[str]:
    """Cards the player to move may play (or discard), by name."""
    return frozenset(str(a.card) for a in state.legal_actions() if isinstance(a, Play | Discard))


def proper_plays(state: SmearState, seat: int) -> frozenset[str]:
    """Plays that break no rule (the observation's list; differs from legal_actions only when reneges are allowed)."""
    return frozenset(str(a.card) for a in state.observation(seat).legal_actions if isinstance(a, Play))


def auction(state: SmearState, bidder: int, bid: int | str, trump: str) -> None:
    """Everyone passes except ``bidder``, who bids ``bid`` (a number or "moon"); then trump is named."""
    while state.phase == "bidding":
        if state.current_player == bidder:
            state.apply(state.parse_action(str(bid)))
        else:
            state.apply(Pass())
    assert state.phase == "trump" and state.current_player == bidder, state
    state.apply(NameTrump(suit(trump)))


def discard_to(state: SmearState, keep: Mapping[int, str]) -> None:
    """Fixed-size discards (free_to_six, nontrump_to_six): each seat sheds cards not in its ``keep`` list."""
    while state.phase == "discard":
        seat = state.current_player
        protect = cardset(keep.get(seat, ""))
        choices = [a for a in state.legal_actions() if isinstance(a, Discard) and str(a.card) not in protect]
        assert choices, f"seat {seat} cannot discard down to keep {sorted(protect)}"
        state.apply(choices[0])
    for seat, kept in keep.items():
        wanted = cardset(kept)
        held = hand(state, seat)
        assert wanted <= held, f"seat {seat} holds {sorted(held)}"
        if len(wanted) == 6:
            assert held == wanted


def discard_turn(state: SmearState, seat: int, discards: str) -> None:
    """``seat`` discards exactly these cards, then (refill mode) ends its turn with ``done``."""
    for c in cards(discards):
        assert state.phase == "discard" and state.current_player == seat, state
        state.apply(Discard(parse_card(c)))
    if state.phase == "discard" and state.current_player == seat:
        state.apply(DoneDiscarding())
    assert state.phase != "discard" or state.current_player != seat


def auto_discard_turn(state: SmearState, keep: str = "") -> None:
    """The player to move discards its first legal cards not in ``keep`` until it may stop with six or fewer."""
    seat = state.current_player
    protect = cardset(keep)
    while state.phase == "discard" and state.current_player == seat:
        legal = state.legal_actions()
        if DoneDiscarding() in legal and len(hand(state, seat)) <= 6:
            state.apply(DoneDiscarding())
            continue
        choices = [a for a in legal if isinstance(a, Discard) and str(a.card) not in protect]
        assert choices, f"seat {seat} cannot finish its discard keeping {sorted(protect)}"
        state.apply(choices[0])


def refill_round(
    state: SmearState, discards: Mapping[int, str] | None = None, keep: Mapping[int, str] | None = None
) -> None:
    """Discards of every remaining seat: a seat in ``discards`` sheds exactly those cards, others go by
    :func:`auto_discard_turn` (protecting their ``keep`` cards)."""
    discards = discards or {}
    keep = keep or {}
    while state.phase == "discard":
        seat = state.current_player
        if seat in discards:
            discard_turn(state, seat, discards[seat])
        else:
            auto_discard_turn(state, keep.get(seat, ""))


def play(state: SmearState, moves: str) -> None:
    """Play ``"N:KD E:9S ..."``, checking that each named seat is the one to move."""
    for move in moves.split():
        letter, card = move.split(":")
        seat = SEAT_LETTERS[letter]
        assert state.current_player == seat, f"{move}: seat {state.current_player} is to play"
        state.apply(Play(parse_card(card)))


def last_winner(state: SmearState) -> int:
    return state.deals[-1].tricks[-1].winner


def rejected(state: SmearState, action: Any) -> bool:
    """True when ``action`` raises IllegalAction and leaves the state unchanged."""
    before = state._snapshot()
    try:
        state.apply(action)
    except IllegalAction:
        assert state._snapshot() == before
        return True
    return False


def reachable_discard_sets(state: SmearState) -> set[frozenset[str]]:
    """Every set of cards the player to move can discard before the turn passes (explored with apply/undo)."""
    seat = state.current_player
    found: set[frozenset[str]] = set()
    seen: set[int] = set()

    def explore(gone: int) -> None:
        if gone in seen:
            return
        seen.add(gone)
        for action in state.legal_actions():
            now = gone | (1 << action.card.index) if isinstance(action, Discard) else gone
            state.apply(action)
            if state.phase != "discard" or state.current_player != seat:
                found.add(frozenset(str(c) for c in mask_cards(now)))
            else:
                explore(now)
            state.undo()

    explore(0)
    return found


# ---------------------------------------------------------------------------- pure scoring helpers
def score_tricks(
    rules: SmearRules, trump: str, tricks: Sequence[str], *, bidder: int = N, bid: int | None = 2
) -> tuple[list[Award], list[int]]:
    """Award the points of a hand given as tricks ``"N:AC E:5D S:9C W:JS"`` (first card led).

    Returns the awards and each trick's winning seat (from the engine's trick rule).
    """
    t = suit(trump)
    table = trump_table(rules, t)
    n = rules.num_players
    captured = [0] * rules.num_sides
    played = [0] * n
    order: list[int] = []
    winners: list[int] = []
    for trick in tricks:
        seats = []
        idx = []
        for move in trick.split():
            letter, card = move.split(":")
            seats.append(SEAT_LETTERS[letter] if letter in SEAT_LETTERS else int(letter))
            idx.append(parse_card(card).index)
        win = seats[trick_winner(table, idx)]
        winners.append(win)
        for seat, c in zip(seats, idx, strict=True):
            played[seat] |= 1 << c
            captured[rules.side_of(win)] |= 1 << c
            order.append(c)
    facts = HandFacts(t, tuple(captured), tuple(played), tuple(order), bidder, bid)
    sides = tuple(rules.side_of(s) for s in range(n))
    return award_points(rules, table, facts, sides), winners


def award_of(awards: Sequence[Award], point: str) -> tuple[int | None, str | None, int]:
    """(side, card name, value) of one point."""
    for a in awards:
        if a.point == point:
            return a.side, (str(CARDS[a.card]) if a.card is not None else None), a.value
    raise KeyError(point)


def side_points(awards: Sequence[Award], num_sides: int = 2) -> tuple[int, ...]:
    out = [0] * num_sides
    for a in awards:
        if a.side is not None:
            out[a.side] += a.value
    return tuple(out)


def awards_for(rules: SmearRules, by_side: Mapping[int, str]) -> list[Award]:
    """Awards giving each side the named points (``{NS: "high trey"}``); other points not awarded."""
    out = []
    given = set()
    for side, names in by_side.items():
        for name in names.split():
            assert name not in given, name
            given.add(name)
            out.append(Award(name, rules.points[name], side))
    out += [Award(name, value, None) for name, value in rules.points.items() if name not in given]
    return out


def play_out(state: SmearState) -> None:
    """Finish the hand in progress with the first legal card each time."""
    deal = len(state.deals)
    while state.phase == "play" and len(state.deals) == deal:
        state.apply(state.legal_actions()[0])
