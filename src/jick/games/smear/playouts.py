"""Batched play-outs: many random Smear hands, or many continuations of one position, in compiled code.

:func:`random_hands` plays whole hands from fresh deals (deal, misdeal offers,
bidding, kitty, trump, discards, tricks, scoring) with a uniformly random
legal action at every decision, the way ``benchmarks/bench_hands.py`` drives
the engine, but inside one numba kernel: for bots, learning code and rule
comparisons that need hands by the hundred thousand. :func:`play_out` plays a
position of the play phase (a full-information world, such as a sampled deal
of the search bot) to the end of the hand many times.

Each hand is scored as the engine scores it: ``points`` are the points each
side took (SPEC 1.11), ``deltas`` the change of the match scores (a set
bidder loses the bid; moons and renege penalties as in 1.12). With
``record=True`` a hand keeps its deck and action ids, and
:meth:`Playouts.replay` rebuilds it as a :class:`~jick.games.smear.state.SmearState`.
Every option of the Smear rules is played (:data:`KERNEL_OPTIONS`; an option
the kernels do not know raises :class:`~jick.engine.RulesError`); a deal voided by a misdeal or
by every seat passing is dealt again by the same dealer (under ``all_pass =
dealer_set`` the next seat deals: the dealer's set is not in the hand's
``deltas``, each hand being a new match's first) and only the deal that was
played is recorded (``redeals`` counts the void ones).

The first call of a process compiles the kernels (cached on disk after).

>>> hands = random_hands("smear_ten_point", n=1000, seed=7)
>>> hands.points.shape, int(hands.points.sum(axis=1).max()) <= 10
((1000, 2), True)
>>> bool((random_hands("smear_ten_point", n=1000, seed=7).points == hands.points).all())
True
>>> one = random_hands("smear_ten_point", n=3, seed=7, record=True)
>>> state = one.replay(0)
>>> state.hand_results[0].settlement.points == tuple(one.points[0])
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from jick.engine import RulesError
from jick.games.smear import playout_kernel as K
from jick.games.smear.numba_cache import FirstCallLocked
from jick.games.smear.presets import load_preset
from jick.games.smear.rules import (
    AllPass,
    AuctionLaps,
    BothCross,
    BuryRestriction,
    CallPartner,
    DeckRanks,
    DiscardMode,
    DiscardNontrumps,
    FirstLead,
    FollowRule,
    GameTie,
    HighCard,
    JokerOrder,
    LowAward,
    LowCard,
    LowHandMisdeal,
    MoonSuccess,
    Partnerships,
    RenegeMode,
    SettlementRule,
    SmearRules,
    Smudge,
    TrickHistory,
    TrumpSetBy,
)
from jick.games.smear.scoring import GAME_TIE_CODES
from jick.games.smear.solver import solver_tables
from jick.games.smear.state import DISCARD_CODES, SMUDGE_CODES, SmearState
from jick.games.smear.tables import captured_point_cards, deck_cards, trump_table

__all__ = ["KERNEL_OPTIONS", "POLICIES", "Playouts", "check_supported", "play_out", "random_hands"]

#: The kernels as this module calls them: the first call in a process compiles (or loads) under the cache's lock.
_RANDOM_HANDS = FirstCallLocked(K.random_hands_kernel)
_PLAY_OUT = FirstCallLocked(K.play_out_kernel)
#: Card-play policies of :func:`play_out`: uniform random, or the cheap "lowest card that wins" rule.
POLICIES = {"random": K.POLICY_RANDOM, "greedy": K.POLICY_GREEDY}
Array = npt.NDArray[Any]

#: Every Smear option the kernels know, with the values they play (None: every value the rules accept).
#: ``target_score``, ``both_cross``, ``bust_out_score`` and ``trick_history_visible`` decide only the
#: match's end or what a seat may review, never a hand's points, so any value goes.
KERNEL_OPTIONS: dict[str, tuple[object, ...] | None] = {
    "num_players": None,
    "partnerships": tuple(Partnerships),
    "jokers": (0, 1, 2),
    "joker_order": tuple(JokerOrder),
    "big_joker_above_jick": None,
    "use_jick": None,
    "hand_size": None,
    "deal_packet": None,
    "kitty_size": (0, 4),
    "low_hand_misdeal": tuple(LowHandMisdeal),
    "min_bid": None,
    "max_bid": None,
    "moon_enabled": None,
    "moon_success": tuple(MoonSuccess),
    "all_pass": tuple(AllPass),
    "discard_mode": tuple(DiscardMode),
    "discard_nontrumps": tuple(DiscardNontrumps),
    "dealer_robs_pack": None,
    "bury_restriction": tuple(BuryRestriction),
    "first_lead": tuple(FirstLead),
    "follow_rule": tuple(FollowRule),
    "trump_only_play": None,
    "point_values": None,
    "low_card": tuple(LowCard),
    "low_award": tuple(LowAward),
    "game_tie": tuple(GameTie),
    "target_score": None,
    "both_cross": tuple(BothCross),
    "bust_out_score": None,
    "renege_mode": tuple(RenegeMode),
    "trick_history_visible": tuple(TrickHistory),
    # The Pitch options (docs/pitch.md).
    "trump_set_by": tuple(TrumpSetBy),
    "high_card": tuple(HighCard),
    "use_off_five": None,
    "dealer_may_match": None,
    "low_ignores_jokers": None,
    "use_off_ace": None,
    "use_off_three": None,
    "settlement": tuple(SettlementRule),
    "deck_ranks": tuple(DeckRanks),
    "smudge": tuple(Smudge),
    "auction_laps": tuple(AuctionLaps),
    "call_partner": tuple(CallPartner),
}
#: The points the kernels score, in the order of their point slots (``playout_kernel.P_*``): High, Low,
#: Game and the points of a captured card (the Jack to the off-three).
KERNEL_POINT_NAMES = (
    "high", "low", "jack", "jick", "joker_high", "joker_low", "joker", "trey", "deuce", "game",
    "ten", "five", "off_five", "off_ace", "off_three",
)  # fmt: skip


def check_supported(rules: SmearRules) -> None:
    """Raise :class:`RulesError` naming the first option (and value) the kernels do not play.

    An option unknown to the kernels is refused unless it has its default value.

    >>> check_supported(load_preset("smear_mn_original"))
    """
    for f in fields(rules):
        value = getattr(rules, f.name)
        known = f.name in KERNEL_OPTIONS
        allowed = KERNEL_OPTIONS.get(f.name)
        if known and (allowed is None or value in allowed):
            continue
        if not known and f.default is not MISSING and value == f.default:
            continue
        shown = value.value if hasattr(value, "value") else value
        raise RulesError(f"batched play-outs do not support {f.name} = {shown} yet")
    for name in rules.points:
        if name not in KERNEL_POINT_NAMES:
            raise RulesError(f"batched play-outs do not support the point {name} yet")


@dataclass(frozen=True, eq=False)
class Playouts:
    """The outcome of a batch of hands, one row each.

    ``bid`` is -1 for a moon, and a smudge's value for a smudge (``smudge``
    says which bids were smudges, as the engine's ``HandResult.smudge``);
    ``decks``, ``actions`` (padded with -1) and ``lengths`` are there when the
    batch was recorded (``actions`` of a :func:`play_out` batch are the cards
    played from the position on).
    """

    rules: SmearRules
    points: Array
    deltas: Array
    made: Array
    dealer: Array
    bidder: Array
    bid: Array
    trump: Array
    redeals: Array
    decks: Array | None = None
    actions: Array | None = None
    lengths: Array | None = None
    smudge: Array | None = None

    def __len__(self) -> int:
        return int(self.points.shape[0])

    def action_ids(self, i: int) -> list[int]:
        """The action ids hand ``i`` took (a recorded batch only)."""
        if self.actions is None or self.lengths is None:
            raise RulesError("this batch was not recorded (record=True)")
        return [int(a) for a in self.actions[i, : self.lengths[i]]]

    def replay(self, i: int) -> SmearState:
        """A fresh match that deals hand ``i``'s deck and plays its actions (a recorded :func:`random_hands` batch).

        >>> batch = random_hands("smear_mn_original", n=2, seed=1, record=True)
        >>> batch.replay(1).hand_results[0].settlement.deltas == tuple(batch.deltas[1])
        True
        """
        if self.decks is None:
            raise RulesError("only a recorded random_hands batch keeps its decks (record=True)")
        state = SmearState(self.rules, decks=[[int(c) for c in self.decks[i]]], first_dealer=int(self.dealer[i]))
        for aid in self.action_ids(i):
            state.apply_id(aid)
        return state


@dataclass(frozen=True)
class _Tables:
    """The kernels' arrays for one rule set."""

    cfg: Array
    side: Array
    deck: Array
    eff: Array
    strength: Array
    masks: Array
    order: Array
    order_len: Array
    nonscoring: Array
    flags: Array
    point_cards: Array
    values: Array


def _code(rules: SmearRules) -> Array:
    cfg = np.zeros(K.CFG_SIZE, dtype=np.int64)
    misdeal = {LowHandMisdeal.OFF: 0, LowHandMisdeal.MANDATORY: 1, LowHandMisdeal.OPTIONAL: 2}
    cfg[K.C_N] = rules.num_players
    cfg[K.C_SIDES] = rules.num_sides
    cfg[K.C_HAND] = rules.hand_size
    cfg[K.C_PACKET] = rules.deal_packet
    cfg[K.C_KITTY] = rules.kitty_size
    cfg[K.C_DECK] = rules.deck_size
    cfg[K.C_MIN_BID] = rules.min_bid
    cfg[K.C_MAX_BID] = rules.max_bid
    cfg[K.C_MOON] = int(rules.moon_enabled)
    cfg[K.C_FORCED] = int(rules.all_pass is AllPass.DEALER_FORCED_MIN)
    cfg[K.C_MISDEAL] = misdeal[rules.low_hand_misdeal]
    cfg[K.C_DISCARD] = DISCARD_CODES[rules.discard_mode]
    cfg[K.C_MAND_NT] = int(rules.discard_nontrumps is DiscardNontrumps.MANDATORY)
    cfg[K.C_ROBS] = int(rules.dealer_robs_pack)
    cfg[K.C_BURY_NS] = int(rules.bury_restriction is BuryRestriction.NON_SCORING_ONLY)
    cfg[K.C_PENALIZE] = int(rules.renege_mode is RenegeMode.PENALIZE)
    cfg[K.C_TRUMP_ONLY] = int(rules.trump_only_play)
    cfg[K.C_LOW_DEUCE] = int(rules.low_card is LowCard.DEUCE)
    cfg[K.C_LOW_PLAYED] = int(rules.low_award is LowAward.PLAYED_BY)
    cfg[K.C_TIE] = GAME_TIE_CODES[GameTie(rules.game_tie)]
    cfg[K.C_MOON_DEFINED] = int(rules.moon_success is MoonSuccess.ALL_DEFINED_POINTS)
    cfg[K.C_SHARED] = int(trump_table(rules, 0).shared_joker_rank)
    cfg[K.C_MAX_POINTS] = rules.max_points
    cfg[K.C_BY_LEAD] = int(rules.trump_set_by is TrumpSetBy.FIRST_LEAD)
    cfg[K.C_HIGH_PLAYED] = int(rules.high_card is HighCard.HIGHEST_PLAYED)
    cfg[K.C_MATCH] = int(rules.dealer_may_match)
    cfg[K.C_LOW_SUITED] = int(rules.low_ignores_jokers)
    cfg[K.C_DIFFERENCE] = int(rules.settlement is SettlementRule.DIFFERENCE)
    cfg[K.C_SMUDGE] = SMUDGE_CODES[rules.smudge]
    cfg[K.C_SMUDGE_VALUE] = rules.smudge_value
    cfg[K.C_DEALER_SET] = int(rules.all_pass is AllPass.DEALER_SET)
    cfg[K.C_ROUNDS] = int(rules.auction_laps is AuctionLaps.ROUNDS)
    cfg[K.C_CALL] = int(rules.call_partner is CallPartner.CARD)
    return cfg


@cache
def _tables(rules: SmearRules) -> _Tables:
    solver = [solver_tables(rules, t) for t in range(4)]
    point_cards = np.full((4, K.NUM_POINTS), -1, dtype=np.int64)
    for t in range(4):
        named = captured_point_cards(rules, solver[t].table)
        for p, name in enumerate(KERNEL_POINT_NAMES):
            point_cards[t, p] = named.get(name, -1)
    values = np.array([rules.point_values.get(name, 0) for name in KERNEL_POINT_NAMES], dtype=np.int64)
    side = np.zeros(K.MAX_SEATS, dtype=np.int64)
    side[: rules.num_players] = [rules.side_of(s) for s in range(rules.num_players)]
    return _Tables(
        cfg=_code(rules),
        side=side,
        deck=np.array(deck_cards(rules), dtype=np.int64),
        eff=np.stack([s.eff for s in solver]),
        strength=np.stack([s.strength for s in solver]),
        masks=np.stack([s.suit_masks for s in solver]),
        order=np.stack([s.order for s in solver]),
        order_len=np.stack([s.order_len for s in solver]),
        nonscoring=np.array([s.table.nonscoring for s in solver], dtype=np.uint64),
        flags=solver[0].flags,
        point_cards=point_cards,
        values=values,
    )


def _seed(seed: int) -> int:
    return int(seed) & 0x7FFF_FFFF_FFFF_FFFF


def random_hands(
    preset: str | SmearRules = "smear_ten_point",
    n: int = 1000,
    seed: int = 0,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    *,
    record: bool = False,
) -> Playouts:
    """Play ``n`` hands from fresh deals with uniformly random legal actions, in one compiled kernel.

    Each hand is a new match's first hand (scores 0) with a random dealer; hand
    ``i`` depends only on ``seed`` and ``i``. ``record=True`` keeps each hand's
    deck and action ids (see :meth:`Playouts.replay`).

    >>> batch = random_hands("smear_mn_three_handed", n=500, seed=3)
    >>> batch.points.shape, sorted(set(batch.dealer.tolist()))
    ((500, 3), [0, 1, 2])
    """
    rules = preset if isinstance(preset, SmearRules) else load_preset(preset, players, overrides)
    check_supported(rules)
    if n < 0:
        raise RulesError(f"n = {n} hands must be zero or more")
    t = _tables(rules)
    k = rules.num_sides
    points = np.zeros((n, k), dtype=np.int64)
    deltas = np.zeros((n, k), dtype=np.int64)
    made = np.zeros(n, dtype=np.bool_)
    ints = [np.zeros(n, dtype=np.int64) for _ in range(5)]
    rows = n if record else 0
    decks = np.zeros((rows, rules.deck_size), dtype=np.int8)
    actions = np.zeros((rows, K.MAX_ACTIONS), dtype=np.int16)
    lengths = np.zeros(rows, dtype=np.int16)
    _RANDOM_HANDS(
        t.cfg, t.side, t.deck, _seed(seed), 0, t.eff, t.strength, t.masks, t.order, t.order_len, t.nonscoring,
        t.flags, t.point_cards, t.values, record, points, deltas, made, *ints, decks, actions, lengths,
    )  # fmt: skip
    dealer, bidder, bid, trump, redeals = ints
    smudge = bid == K.SMUDGE_BID
    bid[smudge] = rules.smudge_value
    return Playouts(
        rules, points, deltas, made, dealer, bidder, bid, trump, redeals,
        decks if record else None, actions if record else None, lengths if record else None, smudge,
    )  # fmt: skip


@overload
def play_out(
    state: SmearState, n: int, seed: int, policy: str = ..., *, record: Literal[False] = ..., value: str = ...
) -> Array: ...
@overload
def play_out(
    state: SmearState, n: int, seed: int, policy: str = ..., *, record: Literal[True], value: str = ...
) -> Playouts: ...
def play_out(
    state: SmearState, n: int, seed: int, policy: str = "random", *, record: bool = False, value: str = "points"
) -> Array | Playouts:
    """Play the hand of ``state`` (in the play phase) to its end ``n`` times; per side, one row per continuation.

    ``policy``: ``"random"`` (a uniformly random legal card) or ``"greedy"``
    (lowest card when leading or when a partner wins the trick, else the
    lowest card that takes the trick, else the lowest card; ties between equal
    cards at random). ``value``: ``"points"`` (the points each side took in
    the whole hand) or ``"deltas"`` (the change of the match scores).
    ``record=True`` returns a :class:`Playouts` with the cards each continuation played.
    The state is not changed.

    >>> from jick.games.smear import new_match
    >>> s = new_match("smear_ten_point", seed=5)
    >>> while s.phase != "play":
    ...     s.apply_id(s.legal_action_ids()[-1])
    >>> out = play_out(s, 200, seed=1)
    >>> out.shape, bool((out.sum(axis=1) <= 10).all())
    ((200, 2), True)
    """
    if policy not in POLICIES:
        raise RulesError(f"policy = {policy!r} is not one of {', '.join(POLICIES)}")
    if value not in ("points", "deltas"):
        raise RulesError(f"value = {value!r} is not points or deltas")
    if state.phase != "play":
        raise RulesError(f"play_out needs a state in the play phase, not {state.phase}")
    if state.trump is None:
        raise RulesError("play_out needs trump set: the pitcher's first lead (trump_set_by = first_lead) is to come")
    if n < 0:
        raise RulesError(f"n = {n} continuations must be zero or more")
    rules = state.rules
    check_supported(rules)
    t = _tables(rules)
    trump = state.trump
    deal = state.current_deal
    bidder = state.bidder
    leader = state.leader
    assert trump is not None and deal is not None and bidder is not None and leader is not None
    players = rules.num_players
    partner = state.called_partner
    side = t.side.copy()  # the sides of this hand: a called partner plays on the bidder's side
    if partner is not None:
        side[partner] = side[bidder]
    hands = np.zeros(K.MAX_SEATS, dtype=np.uint64)
    played = np.zeros(K.MAX_SEATS, dtype=np.uint64)
    captured = np.zeros(K.MAX_SEATS, dtype=np.uint64)
    tcards = np.zeros(K.MAX_SEATS, dtype=np.int64)
    tseats = np.zeros(K.MAX_SEATS, dtype=np.int64)
    for s in range(players):
        hands[s] = state.hand_mask(s)
        played[s] = state.played_mask(s)
    order = [c.index for trick in deal.tricks for _, c in trick.plays]
    for trick in deal.tricks:
        for _, card in trick.plays:
            captured[side[trick.winner]] |= np.uint64(1 << card.index)
    part = (1 << players) - 1
    if rules.trump_only_play:
        trumps = trump_table(rules, trump).trumps
        part = sum(1 << s for s in range(players) if state.hand_mask(s) & trumps)
    for i, (seat, card) in enumerate(state.trick):
        tcards[i] = card.index
        tseats[i] = seat
        part |= 1 << seat
        order.append(card.index)
    st = np.zeros(10, dtype=np.int64)
    st[0] = len(state.trick)
    st[1] = leader
    st[2] = state.current_player
    st[3] = len(deal.tricks)
    st[4] = part
    st[5] = _reneged(state) if rules.renege_mode is RenegeMode.PENALIZE else 0
    st[6] = len(order)
    st[7] = order.index(52) if 52 in order else -1
    st[8] = order.index(53) if 53 in order else -1
    bid = K.MOON_BID if state.moon else K.SMUDGE_BID if state.smudge else state.bid
    assert bid is not None
    before = np.zeros(K.MAX_SEATS, dtype=np.int64)
    before[: rules.num_sides] = state.scores
    k = rules.num_sides
    points = np.zeros((n, k), dtype=np.int64)
    deltas = np.zeros((n, k), dtype=np.int64)
    made = np.zeros(n, dtype=np.bool_)
    rows = n if record else 0
    actions = np.zeros((rows, K.MAX_ACTIONS), dtype=np.int16)
    lengths = np.zeros(rows, dtype=np.int16)
    _PLAY_OUT(
        t.cfg, side, _seed(seed), POLICIES[policy], trump, hands, played, captured, tcards, tseats, st, bidder, bid,
        before, t.eff[trump], t.strength[trump], t.masks[trump], t.order[trump], t.order_len[trump], t.flags,
        t.point_cards, t.values, record, points, deltas, made, actions, lengths,
        -1 if partner is None else rules.side_of(partner),
    )  # fmt: skip
    if not record:
        return points if value == "points" else deltas
    shown_bid = rules.smudge_value if state.smudge else bid
    same = [np.full(n, x, dtype=np.int64) for x in (deal.dealer, bidder, shown_bid, trump, 0)]
    smudge = np.full(n, state.smudge, dtype=np.bool_)
    return Playouts(
        rules, points, deltas, made, same[0], same[1], same[2], same[3], same[4], None, actions, lengths, smudge
    )


def _reneged(state: SmearState) -> int:
    """The sides that reneged so far in this deal (renege_mode = penalize), found by replaying its plays."""
    probe = state.clone()
    deal = state.current_deal
    assert deal is not None
    plays = sum(len(trick.plays) for trick in deal.tricks) + len(state.trick)
    undone = [probe.undo() for _ in range(plays)]
    reneged = 0
    for action in reversed(undone):
        seat = probe.current_player
        if not probe.proper_play_mask(seat) >> action.id & 1:
            reneged |= 1 << state.rules.side_of(seat)
        probe.apply(action)
    return reneged
