"""The open-card solver agrees with brute force over small endgames.

The brute force below plays every line with the engine's own trick rule
(``tables.trick_winner``), legality as the state applies it, and the engine's
scoring (``scoring.award_points``), and takes the minimax value for the root
seat's side (the other sides play together). The solver leaves out points fixed
at the deal, so its values must equal the brute force's up to one constant.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from jick.cards import CARDS
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import FirstLead, FollowRule, SmearRules
from jick.games.smear.scoring import HandFacts, award_points
from jick.games.smear.solver import solve
from jick.games.smear.tables import TRUMP, TrumpTable, deck_cards, trick_winner, trump_table

PRESETS = [
    ("smear_ten_point", 4, {}),
    ("smear_ten_point", 3, {}),
    ("smear_mn_original", 4, {}),
    ("smear_mn_three_handed", 3, {}),
    ("smear_five_point_team", 4, {}),
    ("smear_no_jick", 4, {}),
    ("smear_double_joker", 4, {}),
    ("smear_ten_point", 4, {"follow_rule": "must_follow", "joker_order": "second_played_wins"}),
    ("smear_ten_point", 4, {"game_tie": "low_point_side", "low_card": "deuce", "low_award": "played_by"}),
    ("smear_ten_point", 5, {"game_tie": "none"}),
]


def legal_cards(rules: SmearRules, table: TrumpTable, hand: int, trick: list[int], tricks_done: int) -> list[int]:
    trumps = hand & table.trumps
    if rules.trump_only_play:
        mask = trumps
    elif not trick:
        mask = trumps if tricks_done == 0 and rules.first_lead is FirstLead.TRUMP and trumps else hand
    else:
        led = table.eff_suit[trick[0]]
        follow = hand & table.suit_masks[led]
        if not follow:
            mask = hand
        elif led != TRUMP and rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP:
            mask = follow | trumps
        else:
            mask = follow
    return [c for c in range(55) if mask >> c & 1]


def brute_force(
    rules: SmearRules,
    trump: int,
    hands: list[int],
    leader: int,
    root: int,
    bid: int = 0,
    bidder: int = 0,
    coalition: int = 0,
    set_bonus: int = 0,
    own: int = 1,
) -> dict[int, int]:
    """Minimax value (root side's score change less the others') of each legal first card, by full enumeration.

    With a ``bid``, the side of seat ``bidder`` scores ``-bid`` instead of its points when it falls short.
    With a ``coalition`` (root not on the bidder's side, more than two sides) the root also counts that many
    times the other defenders' points less the bidder's, and the defenders play together against the bidder;
    a set bidder then also loses ``set_bonus`` points to them. ``own``: what a point of the root's side is worth
    against one of another side (without a coalition).
    """
    table = trump_table(rules, trump)
    n = len(hands)
    sides = [rules.side_of(s) for s in range(n)]
    nsides = max(sides) + 1
    start = list(hands)
    weight = [own if side == sides[root] else -1 for side in range(nsides)]
    with_root = [side == sides[root] for side in range(nsides)]
    combined = coalition and nsides > 2 and sides[bidder] != sides[root]
    if combined:
        for side in range(nsides):
            own = 1 if side == sides[root] else -1
            weight[side] = own + (-coalition if side == sides[bidder] else coalition)
            with_root[side] = side != sides[bidder]

    def score(captured: list[int], order: list[tuple[int, int]]) -> int:
        played = [0] * n
        for seat, card in order:
            played[seat] |= 1 << card
        facts = HandFacts(trump, tuple(captured), tuple(played), tuple(c for _, c in order), bidder, 2)
        points = [0] * nsides
        for award in award_points(rules, table, facts, sides):
            if award.side is not None:
                points[award.side] += award.value
        if bid and points[sides[bidder]] < bid:
            points[sides[bidder]] = -bid - (set_bonus if combined else 0)
        return sum(weight[side] * p for side, p in enumerate(points))

    def search(hands: list[int], leader: int, trick: list[int], seats: list[int], captured: list[int],
               order: list[tuple[int, int]], done: int) -> int:  # fmt: skip
        if not any(hands):
            return score(captured, order)
        seat = (leader + len(trick)) % n
        values = []
        for card in legal_cards(rules, table, hands[seat], trick, done):
            hands[seat] ^= 1 << card
            order.append((seat, card))
            if len(trick) + 1 == n:
                cards = trick + [card]
                winner = (seats + [seat])[trick_winner(table, cards)]
                won = list(captured)
                won[sides[winner]] |= sum(1 << c for c in cards)
                values.append(search(hands, winner, [], [], won, order, done + 1))
            else:
                values.append(search(hands, leader, trick + [card], seats + [seat], captured, order, done))
            order.pop()
            hands[seat] ^= 1 << card
        return max(values) if with_root[sides[seat]] else min(values)

    out = {}
    for card in legal_cards(rules, table, start[leader], [], 0):
        hands = list(start)
        hands[leader] ^= 1 << card
        order = [(leader, card)]
        if n == 1:
            raise AssertionError("a trick needs players")
        out[card] = search(hands, leader, [card], [leader], [0] * nsides, order, 0)
    return out


@pytest.mark.parametrize(("preset", "players", "overrides"), PRESETS)
def test_solver_agrees_with_brute_force(preset: str, players: int, overrides: dict[str, str]) -> None:
    rules = load_preset(preset, players, overrides)
    deck = list(deck_cards(rules))
    rng = random.Random(f"{preset}-{players}-{sorted(overrides.items())}")
    size = 2 if players >= 5 else 3
    for _ in range(12):
        rng.shuffle(deck)
        # deal from the trump-rich top of a biased deck now and then, so the point cards meet
        hands = [sum(1 << c for c in deck[size * s : size * (s + 1)]) for s in range(players)]
        trump = rng.randrange(4)
        leader = rng.randrange(players)
        root = rng.randrange(players)
        expected = brute_force(rules, trump, hands, leader, root)
        got = solve(rules, trump, hands, leader=leader, to_move=leader, root_seat=root)
        assert set(got) == set(expected)
        offsets = {expected[c] - got[c] for c in expected}
        names = {str(CARDS[c]): (got[c], expected[c]) for c in expected}
        assert len(offsets) == 1, f"trump {trump}, leader {leader}, root {root}: {names}"


def test_solver_mid_trick_and_equivalent_cards() -> None:
    """Equivalent cards get the value of their representative; a trick in progress is respected."""
    rules = load_preset("smear_ten_point")
    from jick.cards import card_mask, parse_card

    def p(text: str) -> int:
        return parse_card(text).index

    # spades trump; N led 4H, E holds 6H 7H (equivalent: nothing live between them) and a trump
    hands = [card_mask(["5H"]), card_mask(["6H", "7H", "KS"]), card_mask(["8D", "9D"]), card_mask(["2C", "3C"])]
    hands = [hands[0], hands[1], hands[2] | card_mask(["QH"]), hands[3] | card_mask(["10C"])]
    hands[0] |= card_mask(["AD"])
    values = solve(rules, 0, hands, leader=0, to_move=1, root_seat=1, trick=[(0, p("4H"))], tricks_done=1)
    assert set(values) == {p("6H"), p("7H"), p("KS")}
    assert values[p("6H")] == values[p("7H")]


def fixed_points(rules: SmearRules, trump: int, hands: list[int], side: int) -> int:
    """The points ``side`` holds at the deal whatever the play: High, and Low where it scores for its player."""
    from jick.cards import ACE
    from jick.games.smear.rules import LowAward
    from jick.games.smear.solver import low_card_of

    table = trump_table(rules, trump)
    holders = {c: rules.side_of(s) for s, h in enumerate(hands) for c in range(55) if h >> c & 1}
    total = 0
    if "high" in rules.points and holders.get(13 * trump + ACE) == side:
        total += rules.points["high"]
    low = low_card_of(rules, table, sum(hands))
    if rules.low_award is LowAward.PLAYED_BY and low >= 0 and holders.get(low) == side:
        total += rules.points.get("low", 0)
    return total


@pytest.mark.parametrize(("preset", "players", "overrides"), PRESETS)
def test_solver_with_a_bid_to_make_agrees_with_brute_force(
    preset: str, players: int, overrides: dict[str, str]
) -> None:
    """A bidder short of his bid loses the bid: the solver's values match the brute force's exactly."""
    rules = load_preset(preset, players, overrides)
    deck = list(deck_cards(rules))
    rng = random.Random(f"bid-{preset}-{players}-{sorted(overrides.items())}")
    size = 2 if players >= 5 else 3
    for _ in range(12):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[size * s : size * (s + 1)]) for s in range(players)]
        trump = rng.randrange(4)
        leader, root, bidder = (rng.randrange(players) for _ in range(3))
        bid = rng.randint(1, max(1, rules.max_points // 2))
        expected = brute_force(rules, trump, hands, leader, root, bid=bid, bidder=bidder)
        side = rules.side_of(bidder)
        got = solve(
            rules, trump, hands, leader=leader, to_move=leader, root_seat=root,
            bidder_side=side, bid=bid, bidder_points=fixed_points(rules, trump, hands, side),
        )  # fmt: skip
        names = {str(CARDS[c]): (got[c], expected[c]) for c in expected}
        offsets = {expected[c] - got[c] for c in expected}
        assert len(offsets) == 1, f"trump {trump}, leader {leader}, root {root}, bid {bid} by {bidder}: {names}"


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize(("coalition", "set_bonus"), [(1, 0), (3, 20)])
def test_defenders_who_combine_agree_with_brute_force(players: int, coalition: int, set_bonus: int) -> None:
    """A defender combining with the others against the bidder: the solver's values match the brute force's."""
    rules = load_preset("smear_ten_point", players)
    deck = list(deck_cards(rules))
    rng = random.Random(f"coalition-{players}-{coalition}")
    checked = 0
    while checked < 10:
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[2 * s : 2 * (s + 1)]) for s in range(players)]
        trump = rng.randrange(4)
        leader, root, bidder = (rng.randrange(players) for _ in range(3))
        if rules.side_of(root) == rules.side_of(bidder):
            continue
        bid = rng.randint(2, 5)
        expected = brute_force(rules, trump, hands, leader, root, bid, bidder, coalition, set_bonus)
        side = rules.side_of(bidder)
        got = solve(
            rules, trump, hands, leader=leader, to_move=leader, root_seat=root, bidder_side=side, bid=bid,
            bidder_points=fixed_points(rules, trump, hands, side), coalition=coalition, set_bonus=set_bonus,
        )  # fmt: skip
        names = {str(CARDS[c]): (got[c], expected[c]) for c in expected}
        offsets = {expected[c] - got[c] for c in expected}
        assert len(offsets) == 1, f"trump {trump}, leader {leader}, root {root}, bid {bid} by {bidder}: {names}"
        checked += 1


@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_others_mean_agrees_with_brute_force(players: int) -> None:
    """others="mean": the root's points less the other sides' mean (a point of its own worth nsides - 1)."""
    rules = load_preset("smear_ten_point", players)
    nsides = max(rules.side_of(s) for s in range(players)) + 1
    deck = list(deck_cards(rules))
    rng = random.Random(f"mean-{players}")
    for _ in range(10):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[2 * s : 2 * (s + 1)]) for s in range(players)]
        trump = rng.randrange(4)
        leader, root, bidder = (rng.randrange(players) for _ in range(3))
        bid = rng.randint(2, 5)
        expected = brute_force(rules, trump, hands, leader, root, bid, bidder, own=nsides - 1)
        side = rules.side_of(bidder)
        got = solve(
            rules, trump, hands, leader=leader, to_move=leader, root_seat=root, bidder_side=side, bid=bid,
            bidder_points=fixed_points(rules, trump, hands, side), others="mean",
        )  # fmt: skip
        names = {str(CARDS[c]): (got[c], expected[c]) for c in expected}
        offsets = {expected[c] - got[c] for c in expected}
        assert len(offsets) == 1, f"trump {trump}, leader {leader}, root {root}, bid {bid} by {bidder}: {names}"
    with pytest.raises(ValueError, match="unknown others 'max'"):
        solve(rules, 0, hands, leader=0, to_move=0, others="max")


def test_a_defender_smears_a_fellow_defenders_trick_rather_than_the_bidders() -> None:
    """Five seats, spades trump, seat 0 bid 2 and has made it. Seat 3 took the lead with the Ace of hearts;
    seat 4 plays last, void in hearts, with the Ten of diamonds (Game) and a small club. Seat 3 must then
    lead the King of trump to the bidder's Ace. On its own the Ten is lost to a rival either way; combining
    against the bidder, seat 4 puts it on seat 3's trick so that the bidder does not win Game."""
    from jick.cards import card_mask, parse_card

    rules = load_preset("smear_ten_point", 5)
    hands = [card_mask(h.split()) for h in ("AS", "5C", "6C", "KS", "10D 4C")]
    trick = [(seat, parse_card(card).index) for seat, card in enumerate(("3H", "4H", "5H", "AH"))]
    args: dict[str, Any] = dict(leader=0, to_move=4, trick=trick, tricks_done=8, bidder_side=0, bid=2)
    alone = solve(rules, 0, hands, bidder_points=5, **args)
    together = solve(rules, 0, hands, bidder_points=5, coalition=2, **args)
    ten, small = parse_card("10D").index, parse_card("4C").index
    assert alone[ten] == alone[small]  # Game goes to a rival either way
    assert together[ten] > together[small]  # Game to a fellow defender, not to the bidder


@pytest.mark.parametrize("players", [5, 6])
def test_a_playout_leaf_after_which_every_play_is_forced_is_the_exact_solve(players: int) -> None:
    """Two cards a seat, a horizon of one trick: the play-out plays the last trick, where every card is forced,
    so its values are the exact solve's; counting that trick as even is not (the test can tell them apart)."""
    from jick.games.smear.solver import LEAF_EVEN, LEAF_PLAYOUT

    rules = load_preset("smear_ten_point", players)
    deck = list(deck_cards(rules))
    rng = random.Random(f"playout-{players}")
    differs = 0
    for i in range(16):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[2 * s : 2 * (s + 1)]) for s in range(players)]
        trump = rng.randrange(4)
        leader, root, bidder = (rng.randrange(players) for _ in range(3))
        side = rules.side_of(bidder)
        args: dict[str, Any] = dict(
            leader=leader, to_move=leader, root_seat=root, bidder_side=side, bid=rng.randint(2, 5),
            bidder_points=fixed_points(rules, trump, hands, side), coalition=2 * (i % 2),
        )  # fmt: skip
        exact = solve(rules, trump, hands, **args)
        assert solve(rules, trump, hands, horizon=1, leaf=LEAF_PLAYOUT, **args) == exact
        differs += solve(rules, trump, hands, horizon=1, leaf=LEAF_EVEN, **args) != exact
    assert differs > 0


def playout_card(rules: SmearRules, trump: int, hands: list[str], seat: int, leader: int,
                 trick: Sequence[str] = (), coalition_bidder: int = -1) -> str:  # fmt: skip
    """The card the play-out policy gives ``seat`` (hands and trick as card names; every seat its own side,
    or the defenders of ``coalition_bidder`` together)."""
    import numpy as np

    from jick.cards import card_mask, parse_card
    from jick.games.smear.solver import _playout_card, solver_tables

    t = solver_tables(rules, trump)
    n = len(hands)
    side = np.arange(n, dtype=np.int64)
    team = np.zeros(n, dtype=np.int64)
    allies = 1
    if coalition_bidder >= 0:
        team[:] = 1
        team[coalition_bidder] = 0
        allies = n - 1
    masks = np.array([card_mask(h.split()) for h in hands], dtype=np.uint64)
    tcards = np.zeros(n, dtype=np.int64)
    tseats = np.zeros(n, dtype=np.int64)
    for k, name in enumerate(trick):
        tcards[k] = parse_card(name).index
        tseats[k] = (leader + k) % n
    card = _playout_card(
        masks, seat, n, leader, tcards, tseats, len(trick), 1, side, team, allies, t.eff, t.strength, t.points,
        t.pips, t.suit_masks, t.order, t.order_len, t.flags, t.beaters, -1, 0,
    )  # fmt: skip
    return str(CARDS[int(card)])


def test_the_playout_policy_leads_the_top_trump_and_otherwise_its_cheapest_card() -> None:
    rules = load_preset("smear_ten_point", 4)  # spades trump below
    assert playout_card(rules, 0, ["AS 10D 4C", "KS 5H", "QS 6H", "3S 7H"], seat=0, leader=0) == "AS"
    # without the top trump: not the trump, not the Ten of Game, the weakest other card
    assert playout_card(rules, 0, ["KS 10D 4C", "AS 5H", "QS 6H", "3S 7H"], seat=0, leader=0) == "4C"


def test_the_playout_policy_dumps_cheap_wins_cheap_and_feeds_a_friends_safe_trick() -> None:
    rules = load_preset("smear_ten_point", 4)
    # last to play, a rival's Ace of hearts wins and nothing of seat 3 beats it: the cheapest card goes
    assert playout_card(rules, 0, ["", "", "", "10H 2H"], seat=3, leader=0, trick=["AH", "5H", "6H"]) == "2H"
    # last to play and able to win with the Jack (a point) or the King of trump: it banks the Jack
    hands = ["", "", "", "JS KS 4D"]
    assert playout_card(rules, 0, hands, seat=3, leader=0, trick=["AH", "5H", "6H"]) == "JS"
    # last to play, a fellow defender's Ace of hearts wins against the bidder (seat 1): the Ten goes on it
    hands = ["", "", "", "10H 2H"]
    assert playout_card(rules, 0, hands, seat=3, leader=0, trick=["AH", "5H", "6H"], coalition_bidder=1) == "10H"
    # a fellow defender's Ace led, the bidder still to play and void in hearts with a trump: the cheapest card
    hands = ["7D", "2S", "", "10H 3H"]
    assert playout_card(rules, 0, hands, seat=3, leader=2, trick=["AH"], coalition_bidder=1) == "3H"
    # the bidder void of trumps too: the Ace is safe and the Ten goes on it
    hands = ["7D", "2D", "", "10H 3H"]
    assert playout_card(rules, 0, hands, seat=3, leader=2, trick=["AH"], coalition_bidder=1) == "10H"


def open_leaf(rules: SmearRules, hands: list[str], weight: list[int], team: list[int] | None) -> tuple[Any, ...]:
    """The arguments a leaf value takes first, for open hands (card names), spades trump, every seat its own side.

    The tables, the hands' masks, the seats' sides, the weights, the teams
    (default: the sides of positive weight) and the count of allied sides.
    """
    import numpy as np

    from jick.cards import card_mask
    from jick.games.smear.solver import solver_tables

    masks = np.array([card_mask(h.split()) for h in hands], dtype=np.uint64)
    team_arr = np.array(team if team is not None else [int(w > 0) for w in weight], dtype=np.int64)
    sides = np.arange(len(hands), dtype=np.int64)
    weights = np.array(weight, dtype=np.int64)
    return solver_tables(rules, 0), masks, sides, weights, team_arr, int(team_arr.sum())


def sure_value(rules: SmearRules, hands: list[str], weight: list[int], team: list[int] | None = None) -> int:
    """:func:`_sure_points` of open hands (card names), spades trump, every seat its own side."""
    from jick.games.smear.solver import _sure_points

    t, masks, sides, weights, team_arr, allies = open_leaf(rules, hands, weight, team)
    return int(_sure_points(masks, sides, weights, team_arr, allies, t.points, t.order, t.order_len, -1, 0, -1)[0])


def test_the_sure_leaf_counts_a_point_trump_only_below_its_own_sides_trumps() -> None:
    from jick.cards import parse_card
    from jick.games.smear.solver import solver_tables

    rules = load_preset("smear_ten_point", 5)
    jack = int(solver_tables(rules, 0).points[parse_card("JS").index])
    assert jack > 0
    root = [1, -1, -1, -1, -1]
    # seat 0 holds the Ace above its Jack and the King is gone: the Jack is sure for the root
    assert sure_value(rules, ["AS JS", "10S 3H", "4H 5H", "6H 7H", "8H 9H"], root) == jack
    # a rival holds the King above it: not sure, counted as even
    assert sure_value(rules, ["AS JS", "KS 3H", "4H 5H", "6H 7H", "8H 9H"], root) == 0
    # the rival's own Jack under its Ace counts against the root
    assert sure_value(rules, ["10S 2H", "AS JS", "4H 5H", "6H 7H", "8H 9H"], root) == -jack
    # defenders combining against the bidder (seat 2): a fellow defender's King above the Jack keeps it sure
    weights, team = [3, 1, -3, 1, 1], [1, 1, 0, 1, 1]
    assert sure_value(rules, ["AS JS", "KS 3H", "4H 5H", "6H 7H", "8H 9H"], weights, team) == 3 * jack
    assert sure_value(rules, ["AS JS", "3H 4D", "KS 5H", "6H 7H", "8H 9H"], weights, team) == 0


def settled_value(
    rules: SmearRules,
    hands: list[str],
    weight: list[int],
    team: list[int] | None = None,
    *,
    pips_side: list[int],
    rem_pips: int,
    bid: int = 0,
    bid_pts: int = 0,
    set_bonus: int = 0,
) -> int:
    """:func:`_settled_value` of open hands (card names), spades trump, every seat its own side, bidder seat 1."""
    import numpy as np

    from jick.games.smear.solver import _settled_value

    t, masks, sides, weights, team_arr, allies = open_leaf(rules, hands, weight, team)
    in_play = 0
    for mask in masks:
        in_play |= int(mask)
    rem_points = sum(int(t.points[c]) for c in range(55) if in_play >> c & 1)
    return int(
        _settled_value(
            masks,
            sides,
            len(hands),
            weights,
            team_arr,
            allies,
            t.points,
            t.order,
            t.order_len,
            -1,
            0,
            np.array(pips_side, dtype=np.int64),
            rem_points,
            rem_pips,
            1,
            1,
            bid,
            bid_pts,
            set_bonus,
        )  # fmt: skip
    )


def test_the_settled_leaf_counts_game_once_no_side_can_catch_its_leader() -> None:
    rules = load_preset("smear_ten_point", 5)
    root = [1, -1, -1, -1, -1]
    hands = ["2H 4H", "3H 5H", "6H 7H", "8H 9H", "2D 3D"]  # no point cards left
    assert settled_value(rules, hands, root, pips_side=[30, 0, 0, 0, 0], rem_pips=29) == 1
    assert settled_value(rules, hands, root, pips_side=[0, 30, 0, 5, 0], rem_pips=20) == -1
    assert settled_value(rules, hands, root, pips_side=[30, 0, 0, 0, 0], rem_pips=30) == 0  # a tie is still open


def test_the_settled_leaf_counts_the_swing_of_a_bidder_who_can_no_longer_make_the_bid() -> None:
    from jick.cards import parse_card
    from jick.games.smear.solver import solver_tables

    rules = load_preset("smear_ten_point", 5)
    t = solver_tables(rules, 0)
    jack, trey = (int(t.points[parse_card(c).index]) for c in ("JS", "3S"))
    root = [1, -1, -1, -1, -1]
    even = {"pips_side": [0] * 5, "rem_pips": 40}
    # seat 0 holds the Ace over the Jack and the Trey: bidder seat 1 (bid 4, 1 point so far) cannot reach 4
    hands = ["AS JS 3S", "2H 4H", "5H 6H", "7H 8H", "9H 2D"]
    set_swing = 4 + 1  # the bid lost, and the point it had: 1 + Game + nothing of the Jack and Trey is short of 4
    assert settled_value(rules, hands, root, bid=4, bid_pts=1, **even) == jack + trey + set_swing
    # with the bid made already, or the bidder's King over the Jack, nothing is settled beyond the sure trumps
    assert settled_value(rules, hands, root, bid=4, bid_pts=4, **even) == jack + trey
    hands_king = ["AS JS 3S", "KS 4H", "5H 6H", "7H 8H", "9H 2D"]
    assert settled_value(rules, hands_king, root, bid=4, bid_pts=1, **even) == 0
    # defenders combining (root seat 0 against bidder 1): the swing and the set bonus at the bidder's weight
    weights, team = [3, -3, 1, 1, 1], [1, 0, 1, 1, 1]
    assert settled_value(rules, hands, weights, team, bid=4, bid_pts=1, set_bonus=2, **even) == 3 * (
        jack + trey
    ) + 3 * (set_swing + 2)
