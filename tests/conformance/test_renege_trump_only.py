"""SPEC 6.9: renege penalty, trump-only play and deal counts (scenarios 45-47)."""

from __future__ import annotations

from jick.cards import CARDS, parse_card
from jick.games.smear import new_match
from jick.games.smear.actions import Discard, Play

from .support import (
    EW,
    E,
    N,
    S,
    W,
    auction,
    auto_discard_turn,
    cards,
    cardset,
    discard_to,
    hand,
    last_winner,
    legal_cards,
    play,
    proper_plays,
    refill_round,
    rejected,
    start,
    suit_cards,
)

RENEGE_HANDS = {
    N: "AH KD AC KC QC 10C",
    E: "5H 9S 4D 2H 2C 3C",
    S: "7C 8D 4C 5C 6C 8C",
    W: "3H 6D 7D 9C 9D 10D",
}


def _renege_deal(preset: str, bid: int, overrides: dict[str, str] | None, s_extra: str = ""):
    """W (EW) pitches hearts; N wins trick 1 and leads KD to trick 2, with E to play."""
    dealt = {seat: cards(h) for seat, h in RENEGE_HANDS.items()}
    dealt[S] += cards(s_extra)
    state = start(preset, dealt, overrides=overrides, fill=suit_cards("SCD", exclude="JD"))
    auction(state, W, bid, "H")
    discard_to(state, RENEGE_HANDS)
    play(state, "W:3H N:AH E:5H S:7C")
    assert last_winner(state) == N
    play(state, "N:KD")
    return state


def test_scenario_45_renege_penalty() -> None:
    prevent = _renege_deal("smear_ten_point", 5, None)
    assert legal_cards(prevent) == cardset("4D 2H")  # 2H is legal (All Fours rule), 9S is not
    assert rejected(prevent, Play(parse_card("9S")))

    state = _renege_deal("smear_ten_point", 5, {"renege_mode": "penalize"})
    assert proper_plays(state, E) == cardset("4D 2H")
    assert legal_cards(state) == cardset(RENEGE_HANDS[E]) - {"5H"}  # any card is accepted
    play(state, "E:9S S:8D W:6D")
    play(state, "N:AC E:2C S:4C W:9C  N:KC E:3C S:5C W:7D  N:QC E:4D S:6C W:9D  N:10C E:2H S:8C W:10D")
    result = state.hand_results[-1]
    assert result.bidder == W and result.bid == 5
    assert result.settlement.reneged == (EW,)
    assert result.settlement.deltas == (10, 0)  # EW score 0 and are not set back
    assert state.scores == (10, 0)

    basic = _renege_deal("smear_mn_basic4", 4, {"renege_mode": "penalize"}, s_extra="AS KS QS")
    assert proper_plays(basic, E) == cardset("4D")  # must follow: 2H would be a renege
    play(basic, "E:2H S:8D W:6D")
    assert last_winner(basic) == E
    play(basic, "E:2C S:4C W:9C N:AC  N:KC E:3C S:5C W:7D  N:QC E:4D S:6C W:9D  N:10C E:9S S:8C W:10D")
    result = basic.hand_results[-1]
    assert result.settlement.reneged == (EW,)
    assert result.settlement.deltas == (4, 0)  # NS + 4 = max_points of smear_mn_basic4


def test_scenario_46_trump_only_play() -> None:
    state = start(
        "smear_nine_card",
        {
            N: cards("AS 5S"),
            E: cards("KS QS JS 10S 9S 8S"),
            S: cards("2S 4S 7S"),
            W: cards("3S 6S"),
        },
        stock=cards("KD QD 3H 9C"),
        fill=suit_cards("HDC", exclude="JC"),  # every other trump (JC, HJ, LJ) ends deep in the stock
    )
    auction(state, N, 2, "S")
    refill_round(state)
    assert hand(state, N) == cardset("AS 5S KD QD 3H 9C")
    dead = cardset("KD QD 3H 9C")
    assert state.current_player == N
    assert legal_cards(state) == cardset("AS 5S")
    for card in dead:
        assert rejected(state, Play(parse_card(card)))
    play(state, "N:AS E:8S S:2S W:6S")
    assert last_winner(state) == N
    assert legal_cards(state) == cardset("5S")
    play(state, "N:5S E:9S S:4S W:3S")
    assert last_winner(state) == E
    # N and W are out of trumps and fold: the next trick has E and S only.
    play(state, "E:10S S:7S")
    assert last_winner(state) == E
    for card in ("KS", "QS", "JS"):  # only E holds trumps: one-card tricks
        play(state, f"E:{card}")
        assert last_winner(state) == E and len(state.deals[0].tricks[-1].plays) == 1
    assert len(state.hand_results) == 1
    assert [len(t.plays) for t in state.deals[0].tricks] == [4, 4, 2, 1, 1, 1]


def _packets(deck: tuple[int, ...], n: int, size: int, packet: int, eldest_offset: int, kitty: int = 0) -> set[str]:
    """The cards of the seat ``eldest_offset`` places after eldest, dealt per SPEC 1.5."""
    out: set[str] = set()
    idx = 0
    for r in range(size // packet):
        start = idx + eldest_offset * packet
        out |= {str(CARDS[c]) for c in deck[start : start + packet]}
        idx += n * packet + (kitty if r == 0 else 0)
    return out


def test_scenario_47_deal_counts() -> None:
    six = new_match("smear_ten_point", players=6, seed=47, first_dealer=5)
    deck = six.deals[0].deck
    assert [len(hand(six, s)) for s in range(6)] == [8] * 6
    assert hand(six, 0) == {str(CARDS[c]) for c in deck[0:4] + deck[24:28]}  # packets of 4
    assert all(hand(six, s) == _packets(deck, 6, 8, 4, s) for s in range(6))
    undealt = {str(CARDS[c]) for c in deck[48:]}
    assert len(undealt) == 6 and not any(undealt & hand(six, s) for s in range(6))

    five = new_match("smear_ten_point", players=5, seed=47, first_dealer=4)
    deck = five.deals[0].deck
    assert [len(hand(five, s)) for s in range(5)] == [10] * 5
    assert all(hand(five, s) == _packets(deck, 5, 10, 5, s) for s in range(5))
    assert len(deck) - 5 * 10 == 4

    for preset, players, stock in (("smear_mn_original", 4, 14), ("smear_mn_three_handed", 3, 23)):
        state = new_match(preset, seed=47, first_dealer=players - 1)
        deck = state.deals[-1].deck
        assert [len(hand(state, s)) for s in range(players)] == [9] * players
        assert all(hand(state, s) == _packets(deck, players, 9, 3, s, kitty=4) for s in range(players))
        kitty = {str(CARDS[c]) for c in deck[3 * players : 3 * players + 4]}
        auction(state, 0, state.rules.min_bid, "H")
        assert len(hand(state, 0)) == 13 and {str(c) for c in state.observation(0).kitty} == kitty
        while state.current_player != players - 1:  # non-dealers keep six and take nothing
            auto_discard_turn(state)
        obs = state.observation(players - 1)
        assert obs.received_counts == (0,) * (players - 1) + (stock,), preset  # the dealer robs the whole stock

    eight = new_match("smear_five_point_team", players=8, seed=47, first_dealer=7)
    deck = eight.deals[0].deck
    assert len(deck) == 53 and "JK" in {str(CARDS[c]) for c in deck}
    assert [len(hand(eight, s)) for s in range(8)] == [6] * 8
    assert len(deck) - 8 * 6 == 5
    auction(eight, N, 2, "S")
    assert eight.phase == "play"  # no discard step
    assert not any(isinstance(a, Discard) for _, a in eight.history())
