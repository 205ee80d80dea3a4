"""Perft: counts of legal action sequences from fixed deals (like chess move-generator perft).

For four presets with different legality rules, a fixed deck is dealt with the
SPEC section-6 seating (dealer W = seat 3, eldest N = seat 0) and three trees
are counted:

* the auction, from the deal to the end of bidding;
* the trump call and the discard turn of one seat;
* the first card plays (one to three tricks), after a fixed auction, trump and discards.

Each count is kept here as a constant and checked three ways: by a recursive
apply/undo walk of the engine, by a walk that clones instead of undoing, and
by a count derived from SPEC alone (a closed form for the auction, discard sets
for the discard turn, and a small move generator written from SPEC 1.2-1.4 and
1.10 for the tricks). Any change to a legality rule changes one of them.

A last group deals chosen hands to the eldest seat to count the discard turns
that the fixed deals do not reach (too few non-trumps, burying above six
trumps); those counts are worked out by hand in the comments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, factorial

import pytest

from jick.cards import Card, mask_cards, parse_cards
from jick.games.smear import load_preset, new_match
from jick.games.smear.actions import ACTIONS, Play
from jick.games.smear.rules import SmearRules
from jick.games.smear.state import SmearState

# --------------------------------------------------------------------------- fixtures


@dataclass(frozen=True)
class Fixture:
    """A fixed deal and a fixed way through auction, trump call and discards."""

    preset: str
    #: The deck, top card first (SPEC 1.5 deals from the top).
    deck: str
    #: Auction actions from eldest (seat 0) to dealer (seat 3).
    auction: str
    bidder: int
    trump: str
    #: The cards each seat discards, in the order they are discarded.
    discards: dict[int, str] = field(default_factory=dict)
    #: Whether the trump call is part of the counted trump+discard tree.
    count_trump_call: bool = True


FIXTURES = {
    # No kitty, free discard of 4, trump must be led first, follow suit or trump.
    "smear_ten_point": Fixture(
        "smear_ten_point",
        "2H 7C 3D JH 4H 5C 2D 6H KC 6S 9C 10S 5S QD 7H QS 3H KH 9S 4C 10H 3S 9D 5H 2S 7D HJ 6C "
        "10C QH 9H AD AH 4S 10D 7S JS 8H AC 8S 8C 2C 3C 6D JC KS AS KD 8D LJ 5D QC JD 4D",
        auction="pass 4 pass pass",
        bidder=1,
        trump="C",
        discards={0: "3S 2S 9D 3D", 1: "6S 7D 2D 6H", 2: "4S 5S 7H 9H", 3: "7S 8S 9S 3H"},
    ),
    # Kitty, discard non-trumps to six, strict must-follow, jokers equal (first played wins).
    "smear_mn_basic4": Fixture(
        "smear_mn_basic4",
        "9H 5S 10S 3D KS KD 6S 7S 8H 2H JC 2C 4H AH QC 9S KC 6C QD 9C AS 8D 7D 5H 4S 3C 2D 7H "
        "3S 8S 10D 10H QS 7C 4D 10C 8C JD 3H AD 5D 4C HJ LJ QH 2S KH JS JH AC 9D 5C 6H 6D",
        auction="pass pass pass 3",
        bidder=3,
        trump="S",
        discards={0: "9H KC 6C", 1: "8D 3D 7C", 2: "8H 4D 8C", 3: "7H 4H 3H 2H 2D 3C 2C"},
    ),
    # Kitty, refill from the stock, the dealer robs the pack, follow suit or trump.
    # The discard tree with the trump call included is large (over 10^5 leaves,
    # because a player with one trump may shed any 3 to 8 of 8 cards in any
    # order), so the trump is fixed and only the discard turn is counted.
    "smear_mn_original": Fixture(
        "smear_mn_original",
        "9D 6D LJ 7D KD 5S 9H 10H 8D QD AS 7S QS 8S KH 8H JH 4H 9S 9C 2D 3C AD QH 7C 2C 5D 4D "
        "AH JD 4S 8C 6H 2S KC 3D 3S HJ 2H 10D 6S 10S QC JC 10C JS 5C 3H 4C KS AC 6C 7H 5H",
        auction="pass pass 5 pass",
        bidder=2,
        trump="S",
        discards={
            0: "4H 9D 6D JD",
            1: "7D 2D 9C 8C 3C",
            2: "9H 8H 8D 3D 7C KC 10H QH",
            # The dealer robs the rest of the stock (19 cards, trumps HJ AS KS JS 7S) and keeps AC.
            3: "2H 3H 5H 7H 4D 5D 10D QD 2C 4C 5C 6C 10C",
        },
        count_trump_call=False,
    ),
    # No kitty, refill with mandatory non-trump discards, only trumps playable.
    # Trump fixed for the same reason as above (a seat with one heart would shed 8 cards).
    "smear_nine_card": Fixture(
        "smear_nine_card",
        "3D 6D AS QH 10D 3C JS 2H QD 10C LJ 2D HJ 3S AC QS 5S 4S 2S KH 10S 8D 10H 9C 7S 6C 7D QC "
        "KC KD KS JD JH 9H 3H 8C 9S AD AH 5D 8H 4D 5C 6S 7H 5H 6H 4H 9D 4C JC 7C 2C 8S",
        auction="pass pass 3 pass",
        bidder=2,
        trump="S",
        discards={0: "7D 6D 3D AC 6C", 1: "QH KD 10D KC QC 3C", 2: "KH JH 2H QD JD", 3: "10H 9H 3H 8D 2D 10C 9C 8C"},
        count_trump_call=False,
    ),
}

DEALER = 3
SUIT_LETTERS = "SHDC"

#: Leaves of the auction tree.
AUCTION_LEAVES = {
    "smear_ten_point": 714,
    "smear_mn_basic4": 70,
    "smear_mn_original": 126,
    "smear_nine_card": 714,
}
#: Leaves of the trump call (when counted) and the discard turn of seat 0.
DISCARD_LEAVES = {
    "smear_ten_point": 20160,  # 4 trumps x 10*9*8*7 ordered free discards
    "smear_mn_basic4": 816,
    "smear_mn_original": 1920,
    "smear_nine_card": 120,
}
#: Leaves of the play tree after 1, 2, 3, ... card plays from the first lead.
PLAY_LEAVES = {
    "smear_ten_point": (5, 5, 15, 15, 75, 353, 1431, 4455),
    "smear_mn_basic4": (6, 24, 40, 88, 440, 712, 1050, 3030),
    # Stops at six plays: eight (two full tricks) give 113,905 leaves, too slow for a unit test.
    "smear_mn_original": (6, 32, 152, 528, 2640, 9648),
    # Seat 3 holds only two trumps (LJ 6S), so after two tricks he folds and the
    # third trick (plays 9 to 11) has three players.
    "smear_nine_card": (4, 8, 40, 120, 344, 626, 1672, 2880, 6384, 11376, 17280),
}


# --------------------------------------------------------------------------- engine walks
Leaf = Callable[[SmearState], bool]


def perft(state: SmearState, is_leaf: Leaf) -> int:
    """Leaves below ``state``, walking with apply/undo."""
    if is_leaf(state):
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft(state, is_leaf)
        state.undo()
    return total


def perft_by_depth(state: SmearState, max_plies: int) -> tuple[int, ...]:
    """Leaves of the play tree after 1, 2, ..., ``max_plies`` card plays, in one apply/undo walk.

    A line on which the hand ends early stays a leaf at every greater depth.
    """
    counts = [0] * (max_plies + 1)

    def walk(depth: int) -> None:
        counts[depth] += 1
        if depth == max_plies:
            return
        if state.hand_results:
            for deeper in range(depth + 1, max_plies + 1):
                counts[deeper] += 1
            return
        for action in state.legal_actions():
            state.apply(action)
            walk(depth + 1)
            state.undo()

    walk(0)
    return tuple(counts[1:])


def perft_by_cloning(state: SmearState, is_leaf: Leaf) -> int:
    """The same count, copying the state at every node instead of undoing."""
    if is_leaf(state):
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft_by_cloning(child, is_leaf)
    return total


def fresh(fx: Fixture) -> SmearState:
    state = new_match(fx.preset, decks=[fx.deck.split()], first_dealer=DEALER)
    assert state.phase == "bidding" and state.current_player == 0 and len(state.deals) == 1
    return state


def after_auction(fx: Fixture) -> SmearState:
    state = fresh(fx)
    for text in fx.auction.split():
        state.apply_text(text)
    assert state.phase == "trump" and state.bidder == fx.bidder
    return state


def discard_turn(state: SmearState, seat: int, cards: str) -> None:
    assert state.phase == "discard" and state.current_player == seat
    for card in cards.split():
        state.apply_text("-" + card)
    if state.phase == "discard" and state.current_player == seat:
        state.apply_text("done")  # a refill discard of free size ends with "done"


def at_first_lead(fx: Fixture) -> SmearState:
    state = after_auction(fx)
    state.apply_text(fx.trump)
    for seat in range(4):
        discard_turn(state, seat, fx.discards[seat])
    assert state.phase == "play" and len(state.deals[0].tricks) == 0
    return state


def auction_over(state: SmearState) -> bool:
    return state.phase != "bidding"


def first_discard_turn_over(state: SmearState) -> bool:
    return state.phase not in ("trump", "discard") or (state.phase == "discard" and state.current_player != 0)


def plays_made(state: SmearState) -> int:
    return sum(1 for _, action_id in state.deals[0].actions if isinstance(ACTIONS[action_id], Play))


def at_most(plies: int) -> Leaf:
    """A leaf once ``plies`` cards have been played in the deal, or the hand is over."""
    return lambda state: bool(state.hand_results) or plays_made(state) >= plies


# --------------------------------------------------------------------------- SPEC-only counts
TRUMP = "trump"


def spec_eff_suit(card: Card, trump: int, rules: SmearRules) -> int | str:
    """SPEC 1.2, written out again: jokers, the trump jack, the Jick and the trump suit are trumps."""
    same_colour = {0: 3, 3: 0, 1: 2, 2: 1}  # S-C, H-D
    if card.is_joker or card.suit == trump:
        return TRUMP
    if rules.use_jick and str(card)[0] == "J" and card.suit == same_colour[trump]:
        return TRUMP
    return card.suit


def spec_trump_order(trump: int, rules: SmearRules) -> list[str]:
    """SPEC 1.3: trumps from highest to lowest."""
    t = SUIT_LETTERS[trump]
    jick = ["J" + SUIT_LETTERS[{0: 3, 3: 0, 1: 2, 2: 1}[trump]]] if rules.use_jick else []
    if rules.jokers == 2:
        middle = ["HJ"] + jick + ["LJ"] if rules.big_joker_above_jick else jick + ["HJ", "LJ"]
    else:
        middle = jick + (["JK"] if rules.jokers == 1 else [])
    return (
        [r + t for r in ("A", "K", "Q", "J")] + middle + [r + t for r in ("10", "9", "8", "7", "6", "5", "4", "3", "2")]
    )


def spec_trick_winner(plays: list[tuple[int, Card]], trump: int, rules: SmearRules) -> int:
    """SPEC 1.4: the seat that wins a complete trick."""
    order = spec_trump_order(trump, rules)
    trumps = [(seat, card) for seat, card in plays if spec_eff_suit(card, trump, rules) == TRUMP]
    if trumps:

        def height(card: Card) -> int:
            name = str(card)
            if rules.joker_order != "fixed" and name == "LJ":
                name = "HJ"  # the two jokers share one rank
            return -order.index(name)

        best = max(height(card) for _, card in trumps)
        tied = [seat for seat, card in trumps if height(card) == best]
        return tied[-1] if rules.joker_order == "second_played_wins" else tied[0]
    led = spec_eff_suit(plays[0][1], trump, rules)
    return max((card.rank, seat) for seat, card in plays if spec_eff_suit(card, trump, rules) == led)[1]


def spec_playable(
    hand: set[Card], trick: list[tuple[int, Card]], first_trick: bool, trump: int, rules: SmearRules
) -> set[Card]:
    """SPEC 1.10: the cards a player may play."""
    trumps = {c for c in hand if spec_eff_suit(c, trump, rules) == TRUMP}
    if rules.trump_only_play:
        return trumps
    if not trick:
        return trumps if first_trick and rules.first_lead == "trump" and trumps else set(hand)
    led = spec_eff_suit(trick[0][1], trump, rules)
    follow = {c for c in hand if spec_eff_suit(c, trump, rules) == led}
    if not follow:
        return set(hand)
    if led != TRUMP and rules.follow_rule == "follow_or_trump":
        return follow | trumps
    return follow


def spec_count_plays(hands: dict[int, set[Card]], leader: int, plies: int, trump: int, rules: SmearRules) -> int:
    """Sequences of ``plies`` card plays (fewer if the hand ends first), from SPEC alone."""
    n = len(hands)

    def holders() -> list[int]:
        return [s for s in range(n) if any(spec_eff_suit(c, trump, rules) == TRUMP for c in hands[s])]

    def start_trick(leader: int, done: int, left: int) -> int:
        if left == 0:
            return 1
        if rules.trump_only_play:
            players = holders()
            if not players:
                return 1  # nobody holds a trump: the hand is over
            while leader not in players:
                leader = (leader + 1) % n
            order = sorted(players, key=lambda s: (s - leader) % n)
        else:
            if not hands[leader]:
                return 1
            order = [(leader + i) % n for i in range(n)]
        return play(order, [], done, left)

    def play(order: list[int], trick: list[tuple[int, Card]], done: int, left: int) -> int:
        if len(trick) == len(order):
            return start_trick(spec_trick_winner(trick, trump, rules), done + 1, left)
        if left == 0:
            return 1
        seat = order[len(trick)]
        total = 0
        for card in spec_playable(hands[seat], trick, done == 0, trump, rules):
            hands[seat].remove(card)
            total += play(order, trick + [(seat, card)], done, left - 1)
            hands[seat].add(card)
        return total

    return start_trick(leader, 0, plies)


def spec_deal(fx: Fixture, rules: SmearRules) -> tuple[dict[int, list[Card]], list[Card], list[Card]]:
    """SPEC 1.5: packets clockwise from eldest, the kitty after the first round; returns hands, kitty, stock."""
    deck = parse_cards(fx.deck)
    n, packet = rules.num_players, rules.deal_packet
    hands: dict[int, list[Card]] = {s: [] for s in range(n)}
    idx = 0
    kitty: list[Card] = []
    for r in range(rules.hand_size // packet):
        for seat in [(DEALER + j) % n for j in range(1, n + 1)]:
            hands[seat] += deck[idx : idx + packet]
            idx += packet
        if r == 0 and rules.kitty_size:
            kitty = deck[idx : idx + rules.kitty_size]
            idx += rules.kitty_size
    return hands, kitty, deck[idx:]


def spec_hands_at_first_lead(fx: Fixture, rules: SmearRules) -> dict[int, set[Card]]:
    """The deal, the kitty to the bidder (SPEC 1.8), then discards and refills in seat order (1.9)."""
    hands, kitty, stock = spec_deal(fx, rules)
    n = rules.num_players
    hands[fx.bidder] += kitty
    for seat in [(DEALER + j) % n for j in range(1, n + 1)]:
        out = parse_cards(fx.discards[seat])
        if rules.discard_mode == "refill" and seat == DEALER and rules.dealer_robs_pack:
            hands[seat] += stock
            stock = []
        hands[seat] = [c for c in hands[seat] if c not in out]
        if rules.discard_mode == "refill":
            need = 6 - len(hands[seat])
            hands[seat] += stock[:need]
            stock = stock[need:]
    assert all(len(h) == 6 for h in hands.values())
    return {s: set(h) for s, h in hands.items()}


def spec_discard_sets(hand: list[Card], trump: int, rules: SmearRules, stock: int) -> list[frozenset[Card]]:
    """Every discard set SPEC 1.9 allows a non-dealer holding ``hand`` (the stock has ``stock`` cards)."""
    trumps = {c for c in hand if spec_eff_suit(c, trump, rules) == TRUMP}
    non = set(hand) - trumps
    low = {c for c in trumps if not c.is_joker and 1 <= c.rank <= 7}  # 3..9 of trump (the Jick is a jack)
    need = len(hand) - 6
    found = []
    for size in range(len(hand) + 1):
        for d in map(frozenset, combinations(hand, size)):
            buried = d & trumps
            mode = rules.discard_mode
            if mode == "free_to_six":
                ok = size == need
            elif mode == "nontrump_to_six":
                if len(non) >= need:
                    ok = size == need and not buried
                elif len(non) + len(low) >= need:
                    ok = size == need and non <= d and buried <= low
                else:
                    ok = size == need and (non | low) <= d
            else:  # refill, phase 1
                kept = len(hand) - size
                ok = kept <= 6 and 6 - kept <= stock
                if len(trumps) <= 6:
                    ok = ok and not buried
                else:
                    ok = ok and non <= d and len(buried) == len(trumps) - 6
                    if rules.bury_restriction == "non_scoring_only" and low:
                        ok = ok and (buried <= low if len(low) >= len(buried) else low <= buried)
                if rules.discard_nontrumps == "mandatory":
                    must_keep = max(0, (6 - stock) - len(trumps))
                    ok = ok and len(non - d) == must_keep
            if ok:
                found.append(d)
    return found


def spec_discard_sequences(hand: list[Card], trump: int, rules: SmearRules, stock: int) -> int:
    """Discards are one card per action, in any order, so each set of k cards gives k! sequences
    (a refill discard then ends with one "done", which adds no choice)."""
    return sum(factorial(len(d)) for d in spec_discard_sets(hand, trump, rules, stock))


def spec_auction_count(rules: SmearRules) -> int:
    """Auction sequences of SPEC 1.7, in closed form.

    Each of the n seats has one turn, so a moon-free auction is a choice of the
    k seats that bid and of k distinct values from the v = max_bid - min_bid + 1
    allowed (they must rise, so the values fix the order): the sum over k of
    C(n, k) * C(v, k) = C(n + v, n) (Vandermonde). Under "dealer_forced_min"
    the one all-pass sequence is illegal: subtract 1. A moon ends the auction
    at once: a moon by the i-th seat after any moon-free prefix of i turns gives
    C(i + v, i) sequences, and the sum over i < n is C(n + v, n - 1) (hockey stick).
    """
    n, v = rules.num_players, rules.max_bid - rules.min_bid + 1
    total = comb(n + v, n)
    if rules.all_pass == "dealer_forced_min":
        total -= 1
    if rules.moon_enabled:
        total += comb(n + v, n - 1)
    return total


# --------------------------------------------------------------------------- tests
PRESETS = sorted(FIXTURES)


@pytest.mark.parametrize("preset", PRESETS)
def test_auction_perft(preset: str) -> None:
    fx = FIXTURES[preset]
    state = fresh(fx)
    before = state._snapshot()
    expected = AUCTION_LEAVES[preset]
    assert spec_auction_count(state.rules) == expected
    assert perft(state, auction_over) == expected
    assert state._snapshot() == before
    assert perft_by_cloning(state, auction_over) == expected


def test_auction_closed_forms_by_hand() -> None:
    # ten_point and nine_card: bids 2..10 (v = 9), 4 seats, the dealer must bid: C(13, 4) - 1 = 714.
    assert comb(13, 4) - 1 == AUCTION_LEAVES["smear_ten_point"] == AUCTION_LEAVES["smear_nine_card"]
    # mn_basic4: bids 2..4 (v = 3), moon: C(7, 4) + (1 + 4 + 10 + 20) = 35 + 35 = 70 (all-pass redeals).
    assert comb(7, 4) + sum(comb(i + 3, i) for i in range(4)) == AUCTION_LEAVES["smear_mn_basic4"]
    # mn_original: bids 4..7 (v = 4), moon: C(8, 4) + (1 + 5 + 15 + 35) = 70 + 56 = 126.
    assert comb(8, 4) + sum(comb(i + 4, i) for i in range(4)) == AUCTION_LEAVES["smear_mn_original"]


@pytest.mark.parametrize("preset", PRESETS)
def test_trump_and_discard_perft(preset: str) -> None:
    fx = FIXTURES[preset]
    state = after_auction(fx)
    rules = state.rules
    trumps = range(4)
    if not fx.count_trump_call:
        state.apply_text(fx.trump)
        trumps = range(SUIT_LETTERS.index(fx.trump), SUIT_LETTERS.index(fx.trump) + 1)
    before = state._snapshot()
    expected = DISCARD_LEAVES[preset]
    assert perft(state, first_discard_turn_over) == expected
    assert state._snapshot() == before
    assert perft_by_cloning(state, first_discard_turn_over) == expected
    # SPEC: seat 0 (eldest, not the bidder here) discards first, holding its dealt cards,
    # with the whole stock still undealt.
    hands, _kitty, stock = spec_deal(fx, rules)
    assert fx.bidder != 0 and set(mask_cards(state.hand_mask(0))) == set(hands[0])
    assert sum(spec_discard_sequences(hands[0], t, rules, len(stock)) for t in trumps) == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_play_perft(preset: str) -> None:
    fx = FIXTURES[preset]
    state = at_first_lead(fx)
    rules = state.rules
    trump = SUIT_LETTERS.index(fx.trump)
    hands = spec_hands_at_first_lead(fx, rules)
    assert {s: set(mask_cards(state.hand_mask(s))) for s in range(4)} == hands
    before = state._snapshot()
    expected = PLAY_LEAVES[preset]
    by_undo = perft_by_depth(state, len(expected))
    by_spec = tuple(spec_count_plays(hands, fx.bidder, plies, trump, rules) for plies in range(1, len(expected) + 1))
    assert by_undo == expected
    assert by_spec == expected
    assert state._snapshot() == before
    two_tricks = min(8, len(expected))
    assert perft(state, at_most(two_tricks)) == expected[two_tricks - 1]
    assert perft_by_cloning(state, at_most(two_tricks)) == expected[two_tricks - 1]


def eldest_positions(rules: SmearRules) -> list[int]:
    """Deck positions dealt to the eldest hand (seat 0 when seat 3 deals), by SPEC 1.5."""
    positions: list[int] = []
    idx = 0
    for r in range(rules.hand_size // rules.deal_packet):
        positions += range(idx, idx + rules.deal_packet)
        idx += rules.num_players * rules.deal_packet
        if r == 0:
            idx += rules.kitty_size
    return positions


def deck_giving_eldest(rules: SmearRules, hand: str) -> list[str]:
    """A deck that deals ``hand`` to seat 0; the other cards, highest ranks first, go
    round the table so that no other hand is all 3s to 9s (which could force a redeal)."""
    wanted = parse_cards(hand)
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    jokers = {0: "", 1: "JK", 2: "HJ LJ"}[rules.jokers]
    whole = parse_cards(" ".join(r + t for t in SUIT_LETTERS for r in ranks) + " " + jokers)
    rest = sorted((c for c in whole if c not in wanted), key=lambda c: (-c.rank, c.index))
    deck: list[Card | None] = [None] * len(rest + wanted)
    for pos, card in zip(eldest_positions(rules), wanted, strict=True):
        deck[pos] = card
    filler = iter(rest)
    return [str(card if card is not None else next(filler)) for card in deck]


@pytest.mark.parametrize(
    ("preset", "overrides", "hand", "expected"),
    [
        # Non-trumps to six, 2 non-trumps for 3 discards: AH KH and one of the low trumps
        # 9S 8S 7S (SPEC 1.9b step 2): 3 sets x 3! orders = 18.
        ("smear_mn_basic4", {}, "AS KS 10S 2S 9S 8S 7S AH KH", 18),
        # All trumps, only 9S 8S low: both, and one of the 7 scoring trumps (step 3): 7 x 3! = 42.
        ("smear_mn_basic4", {}, "AS KS QS JS 10S 2S 9S 8S HJ", 42),
        # Refill with 8 trumps: discard AH and bury 2 of the 8 trumps (SPEC 1.9c): C(8, 2) x 3! = 168.
        ("smear_mn_original", {}, "AS KS QS JS 10S 9S 8S 2S AH", 168),
        ("smear_nine_card", {}, "AS KS QS JS 10S 9S 8S 2S AH", 168),
        # The same bury when only non-scoring trumps may be buried: AH 9S 8S, 1 set x 3! = 6.
        ("smear_mn_original", {"bury_restriction": "non_scoring_only"}, "AS KS QS JS 10S 9S 8S 2S AH", 6),
    ],
)
def test_discard_perft_short_of_non_trumps(preset: str, overrides: dict[str, str], hand: str, expected: int) -> None:
    rules = load_preset(preset, overrides=overrides)
    deck = deck_giving_eldest(rules, hand)
    state = new_match(preset, overrides=overrides, decks=[deck], first_dealer=DEALER)
    assert state.phase == "bidding" and set(mask_cards(state.hand_mask(0))) == set(parse_cards(hand))
    for text in ["pass", "pass", "pass", str(rules.min_bid), "S"]:
        state.apply_text(text)
    assert state.phase == "discard" and state.current_player == 0
    assert perft(state, first_discard_turn_over) == expected
    stock = len(deck) - rules.num_players * rules.hand_size - rules.kitty_size
    assert spec_discard_sequences(parse_cards(hand), 0, rules, stock) == expected
