"""The Smear match state: a fast make/undo machine over card bitmasks.

All mutable small values live in one flat list of ints (``_v``), so ``undo``
restores a snapshot and ``clone`` copies a list. Deals, their actions and
completed tricks are append-only logs, cut back by ``undo``.

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=7)
>>> s.current_player in range(4), s.phase
(True, 'bidding')
>>> s.apply(s.legal_actions()[0]); len(s.history())
1
>>> _ = s.undo(); len(s.history())
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from jick.cards import CARDS, SUIT_NAMES, Card, mask_cards, parse_card
from jick.core.deals import DealLog as CoreDealLog
from jick.core.deals import Trick as CoreTrick
from jick.core.deals import match_seed
from jick.core.deals import shuffled_deck as shuffled_deck
from jick.core.frozen import by_fields
from jick.core.trick_state import CHANCE as CHANCE
from jick.core.trick_state import TrickState
from jick.core.undo import ACTION_NO, DEAL_NO, DEALER, PHASE, RESULTS_NO, TO_MOVE, TRICK_NO
from jick.engine import Action, NotationError, RecordError, RulesError
from jick.games.smear import actions as A
from jick.games.smear import deal_core as D
from jick.games.smear.actions import SuppliedDeck, VoidDeal
from jick.games.smear.ids import (
    BID_BASE,
    CALL_BASE,
    DISCARD_BASE,
    DONE_ID,
    KEEP_ID,
    MISDEAL_ID,
    MOON_ID,
    PASS_ID,
    PLAY_BASE,
    SMUDGE_ID,
    TRUMP_BASE,
)
from jick.games.smear.rule_core import legal_plays, naming_leads, playable
from jick.games.smear.rules import (
    HAND_AFTER_DISCARD,
    AllPass,
    AuctionLaps,
    BuryRestriction,
    CallPartner,
    DiscardMode,
    DiscardNontrumps,
    FirstLead,
    FollowRule,
    LowHandMisdeal,
    RenegeMode,
    SmearRules,
    Smudge,
    TrumpSetBy,
)
from jick.games.smear.scoring import (
    Award,
    HandFacts,
    Settlement,
    award_points,
    match_winner,
    settle,
    share_with_partner,
)
from jick.games.smear.tables import (
    LOW_RANKS,
    TrumpTable,
    captured_point_cards,
    deck_cards,
    game_points,
    trick_winner,
    trump_table,
)

# Phases. The constants of this module are Final, so that the compiled build reads them as constants,
# not as module globals.
MISDEAL_OFFER: Final = 0
BIDDING: Final = 1
TRUMP_CHOICE: Final = 2
DISCARD: Final = 3
PLAY: Final = 4
CALL: Final = 5
OVER: Final = 6
WAIT_DEAL: Final = 7
PHASE_NAMES = ("misdeal_offer", "bidding", "trump", "discard", "play", "call", "over", "deal")
MOON_BID: Final = 1000
_ACTIONS: Final = A.ACTIONS

# Scalar slots of _v: the core's first (PHASE, TO_MOVE, DEALER and the log lengths
# DEAL_NO, HANDS_DONE, ACTION_NO, TRICK_NO; see jick.core.undo), then Smear's own.
HANDS_DONE: Final = RESULTS_NO
KITTY: Final = 7
STOCK_POS: Final = 8
HIGH_BID: Final = 9
BIDDER: Final = 10
TRUMP_SUIT: Final = 11
DISCARD_LEFT: Final = 12
LEADER: Final = 13
TRICK_LEN: Final = 14
BURIED: Final = 15
RENEGED: Final = 16
PART: Final = 17
WINNER: Final = 18
TURN_TRUMPS: Final = 19
TURNS: Final = 20
KITTY_HOLDER: Final = 21
SMUDGED: Final = 22
PASSED: Final = 23
# Per-seat and per-side arrays (8 slots each)
HAND: Final = 24
DISC_COUNT: Final = 32
RECV_COUNT: Final = 40
DISC_MASK: Final = 48
PLAYED: Final = 56
TRICKS_WON: Final = 64
CAPTURED: Final = 72
SCORE: Final = 80
T_SEAT: Final = 88
T_CARD: Final = 96
#: call_partner: the card called (-1 before the call) and the seat holding it then (-1: nobody, the bidder is alone).
CALLED: Final = 104
PARTNER: Final = 105
V_SIZE: Final = 106

FULL_HAND: Final = HAND_AFTER_DISCARD
#: The 52 suited cards (jokers have no suit, so they cannot name trump by being led).
NO_JOKERS: Final = (1 << 52) - 1
_NO_SIDES: Final[frozenset[int]] = frozenset()
#: The cards by index, as a constant of this module (the compiled build reads an imported name by lookup).
_CARDS: Final = CARDS


#: A completed trick: who led, the cards in play order, who won.
Trick: TypeAlias = CoreTrick[Card]


@dataclass(frozen=True)
class HandResult:
    """The public outcome of one played hand."""

    hand_number: int
    dealer: int
    bidder: int
    bid: int | None  # None: shoot the moon
    trump: int
    awards: tuple[Award, ...]
    game_points: tuple[int, ...]
    settlement: Settlement
    #: The bid was a smudge (``bid`` is then its value).
    smudge: bool = False
    #: call_partner: the card the bidder called, and its holder (None: nobody held it, the bidder was alone).
    called: Card | None = None
    partner: int | None = None

    @property
    def bid_text(self) -> str:
        if self.smudge:
            return "smudge"
        return "moon" if self.bid is None else str(self.bid)

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


#: One deal of the match as a record holds it.
DealLog: TypeAlias = CoreDealLog[Trick]


def is_low_hand(mask: int) -> bool:
    """A hand of only 3s to 9s and no joker (SPEC 1.6)."""
    return D.is_low_hand(mask, LOW_RANKS)


#: ``discard_mode`` as :mod:`~jick.games.smear.deal_core` codes it.
DISCARD_CODES: Final = {
    DiscardMode.FREE_TO_SIX: D.DISCARD_FREE,
    DiscardMode.NONTRUMP_TO_SIX: D.DISCARD_NONTRUMP,
    DiscardMode.REFILL: D.DISCARD_REFILL,
}
#: ``smudge`` as :mod:`~jick.games.smear.deal_core` codes it.
SMUDGE_CODES: Final = {
    Smudge.OFF: D.SMUDGE_OFF,
    Smudge.ALL_POINTS: D.SMUDGE_ALL_POINTS,
    Smudge.ALL_TRICKS: D.SMUDGE_ALL_TRICKS,
}


class SmearState(TrickState[DealLog, "HandResult"]):
    """A Smear match under one rule set; see :mod:`jick.engine` for the protocol."""

    game_name: str = "smear"
    _actions = _ACTIONS
    _title = "Smear"
    _phase_names = PHASE_NAMES
    _over = OVER
    _wait_deal = WAIT_DEAL
    _play_phase = PLAY
    _hand = HAND
    _score = SCORE
    _leader = LEADER
    _trick_len = TRICK_LEN
    _t_seat = T_SEAT
    _t_card = T_CARD

    def __init__(
        self,
        rules: SmearRules | None = None,
        seed: int | None = None,
        decks: Sequence[Sequence[int | str | Card]] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if rules is None:
            # A blank state for clone(): the compiled class runs __init__ from __new__, the clone fills it.
            return
        self.rules = rules
        n = rules.num_players
        self._k = rules.num_sides
        self._sides = tuple(rules.side_of(s) for s in range(n))
        self._deck_cards = deck_cards(rules)
        self._open(n, match_seed(seed, decks), decks, first_dealer)
        self._free_discard = rules.discard_mode is DiscardMode.FREE_TO_SIX
        self._refill = rules.discard_mode is DiscardMode.REFILL
        self._trump_only = rules.trump_only_play
        self._penalize = rules.renege_mode is RenegeMode.PENALIZE
        self._first_lead_trump = rules.first_lead is FirstLead.TRUMP
        self._follow_or_trump = rules.follow_rule is FollowRule.FOLLOW_OR_TRUMP
        self._dealer_forced = rules.all_pass is AllPass.DEALER_FORCED_MIN
        self._dealer_set = rules.all_pass is AllPass.DEALER_SET
        self._robs = rules.dealer_robs_pack
        self._bury_nonscoring = rules.bury_restriction is BuryRestriction.NON_SCORING_ONLY
        self._mandatory_nontrumps = rules.discard_nontrumps is DiscardNontrumps.MANDATORY
        self._trump_by_lead = rules.trump_set_by is TrumpSetBy.FIRST_LEAD
        self._rounds = rules.auction_laps is AuctionLaps.ROUNDS
        self._calls = rules.call_partner is CallPartner.CARD
        self._discard_code = DISCARD_CODES[rules.discard_mode]
        self._smudge_code = SMUDGE_CODES[rules.smudge]
        self._deck_mask = sum(1 << c for c in self._deck_cards)
        self._v = [0] * V_SIZE
        self._v[DEALER] = self.first_dealer
        self._v[WINNER] = -1
        self._table: TrumpTable | None = None
        #: The table of each trump suit, fetched once (hashing the rules per lookup is slow).
        self._tables = tuple(trump_table(rules, suit) for suit in range(4))
        #: The cards of the points won by capture, per trump suit (see :func:`captured_point_cards`).
        self._point_cards = tuple(captured_point_cards(rules, table) for table in self._tables)
        self._start_deal()

    # ------------------------------------------------------------------ decks
    def _check_deck(self, deck: Sequence[int | str | Card], index: int) -> tuple[int, ...]:
        try:
            cards = tuple(
                c.index if isinstance(c, Card) else c if isinstance(c, int) else parse_card(c).index for c in deck
            )
        except NotationError as exc:
            raise RecordError(f"deck of deal {index + 1}: {exc}") from None
        if sorted(cards) != sorted(self._deck_cards):
            raise RecordError(
                f"deck of deal {index + 1} is not the {len(self._deck_cards)}-card deck of these rules "
                f"(jokers = {self.rules.jokers})"
            )
        return cards

    # ------------------------------------------------------------------ protocol
    @property
    def num_sides(self) -> int:
        return self._k

    def side_of(self, seat: int) -> int:
        return self._sides[seat]

    def _score_count(self) -> int:
        return self._k

    def forced_action(self) -> Action | None:
        """The one action the player to move may take, or None when there is a choice (or renege penalties apply)."""
        if self._penalize:
            return None
        bits = self._legal_bits if self._legal_bits >= 0 else self._compute_legal()
        if not bits or bits & (bits - 1):
            return None
        return _ACTIONS[bits.bit_length() - 1]

    def parse_action(self, text: str) -> Action:
        """Parse ``text`` as an action, reading a bare card as a discard in the discard phase, a call in the call.

        Raises :class:`NotationError` for text that names no action.
        """
        action = A.action_from_text(text)
        if isinstance(action, A.Play) and self._v[PHASE] == DISCARD:
            return _ACTIONS[DISCARD_BASE + action.card.index]
        if isinstance(action, A.Play) and self._v[PHASE] == CALL:  # a bare card names the partner's card
            return _ACTIONS[CALL_BASE + action.card.index]
        return action

    def returns(self) -> tuple[float, ...]:
        winner = self._v[WINNER]
        return tuple(1.0 if winner >= 0 and self._sides[s] == winner else 0.0 for s in range(self._n))

    def _copy_into(self, other: SmearState) -> None:
        other.rules = self.rules
        other._k = self._k
        other._sides = self._sides
        other._tables = self._tables
        other._point_cards = self._point_cards
        other._table = self._table
        other._free_discard = self._free_discard
        other._refill = self._refill
        other._trump_only = self._trump_only
        other._penalize = self._penalize
        other._first_lead_trump = self._first_lead_trump
        other._follow_or_trump = self._follow_or_trump
        other._dealer_forced = self._dealer_forced
        other._dealer_set = self._dealer_set
        other._robs = self._robs
        other._bury_nonscoring = self._bury_nonscoring
        other._mandatory_nontrumps = self._mandatory_nontrumps
        other._trump_by_lead = self._trump_by_lead
        other._rounds = self._rounds
        other._calls = self._calls
        other._discard_code = self._discard_code
        other._smudge_code = self._smudge_code
        other._deck_mask = self._deck_mask

    # ------------------------------------------------------------------ apply / undo
    def _why_foreign(self, action: Action) -> str:
        return f"{action!r} is not a Smear action ({type(action).__module__})"

    def _move(self, seat: int, aid: int) -> None:
        phase = self._v[PHASE]
        if phase == PLAY:
            self._play(seat, aid - PLAY_BASE)
        elif phase == DISCARD:
            if aid == DONE_ID:
                self._done(seat)
            else:
                self._discard(seat, aid - DISCARD_BASE)
        elif phase == BIDDING:
            self._bid(seat, aid)
        elif phase == TRUMP_CHOICE:
            self._name_trump(aid - TRUMP_BASE)
        elif phase == CALL:
            self._call(aid - CALL_BASE)
        else:
            self._misdeal_answer(seat, aid)

    def _undone(self, action: Action) -> None:
        if isinstance(action, SuppliedDeck):
            self._decks.pop()
        trump = self._v[TRUMP_SUIT]
        self._table = self._tables[trump] if trump >= 0 and self._v[PHASE] in (DISCARD, PLAY, CALL) else None

    def set_scores(self, scores: Sequence[int]) -> None:
        """Start the match from these side scores instead of zero (analysis, bots' simulations).

        Only before the first action. A record of such a state replays from zero, so it is for
        what-if positions, not for games people keep.
        """
        if self._undo:
            raise RulesError("scores can be set only before the first action")
        if len(scores) != self._k:
            raise RulesError(f"{len(scores)} scores for {self._k} sides")
        for side, score in enumerate(scores):
            self._v[SCORE + side] = int(score)

    def void_deal(self, reason: str) -> None:
        """Declare the current deal void (exposed card, wrong count...); the same dealer deals again."""
        self._void_deal(VoidDeal(reason), reason)

    def _supplied_deck(self, cards: tuple[int, ...]) -> Action:
        return SuppliedDeck(cards)

    # ------------------------------------------------------------------ deal
    def _start_deal(self) -> None:
        v = self._v
        rules = self.rules
        n = self._n
        while True:
            deck = self._next_deck()
            if deck is None:
                v[PHASE] = WAIT_DEAL
                return
            dealer = v[DEALER]
            for i in range(TRUMP_SUIT, TURN_TRUMPS + 1):
                v[i] = 0
            v[WINNER] = -1
            v[PART] = (1 << n) - 1
            v[BIDDER] = -1
            v[TRUMP_SUIT] = -1
            v[HIGH_BID] = 0
            v[TURNS] = 0
            v[TRICK_NO] = 0
            v[ACTION_NO] = 0
            v[KITTY_HOLDER] = -1
            v[SMUDGED] = 0
            v[PASSED] = 0
            v[CALLED] = -1
            v[PARTNER] = -1
            for i in range(HAND, CAPTURED):
                v[i] = 0
            for i in range(CAPTURED, CAPTURED + 8):
                v[i] = 0
            self._table = None
            self._deals.append(CoreDealLog(deck, dealer))
            v[DEAL_NO] += 1
            hands = [0] * n
            kitty, idx = D.deal_hands(deck, dealer, n, rules.hand_size, rules.deal_packet, rules.kitty_size, hands)
            for seat in range(n):
                v[HAND + seat] = hands[seat]
            v[KITTY] = kitty
            v[STOCK_POS] = idx
            mode = rules.low_hand_misdeal
            if mode is LowHandMisdeal.MANDATORY and D.next_low_hand(hands, n, dealer, 0, LOW_RANKS) >= 0:
                self._deals[-1].outcome = "misdeal (low hand)"
                continue
            eldest = (dealer + 1) % n
            if mode is LowHandMisdeal.OPTIONAL:
                low = self._next_low_hand(eldest, 0)
                if low >= 0:
                    v[PHASE] = MISDEAL_OFFER
                    v[TO_MOVE] = low
                    return
            v[PHASE] = BIDDING
            v[TO_MOVE] = eldest
            return

    def _next_low_hand(self, seat: int, offset: int) -> int:
        """First seat from ``seat`` (skipping ``offset`` seats) up to the dealer holding a low hand."""
        v = self._v
        n = self._n
        dealer = v[DEALER]
        asked = (seat - dealer - 1) % n + offset
        return D.next_low_hand(v[HAND : HAND + n], n, dealer, asked, LOW_RANKS)

    def _redeal(self, outcome: str) -> None:
        self._deals[-1].outcome = outcome
        self._start_deal()

    def _set_the_dealer(self) -> None:
        """Everyone passed under ``all_pass = dealer_set``: the dealer's side loses ``min_bid``, the next deals."""
        v = self._v
        side = self._sides[v[DEALER]]
        v[SCORE + side] -= self.rules.min_bid
        self._deals[-1].outcome = "all passed"
        winner = match_winner(self.rules, v[SCORE : SCORE + self._k], side, False)  # only a bust-out can end it
        if winner is not None:
            v[WINNER] = winner
            v[PHASE] = OVER
            return
        v[DEALER] = (v[DEALER] + 1) % self._n
        self._start_deal()

    def _misdeal_answer(self, seat: int, aid: int) -> None:
        if aid == MISDEAL_ID:
            self._redeal("misdeal called")
            return
        nxt = self._next_low_hand(seat, 1)
        v = self._v
        if nxt >= 0:
            v[TO_MOVE] = nxt
        else:
            v[PHASE] = BIDDING
            v[TO_MOVE] = (v[DEALER] + 1) % self._n

    # ------------------------------------------------------------------ auction
    def _bid(self, seat: int, aid: int) -> None:
        v = self._v
        n = self._n
        v[TURNS] += 1
        if aid == MOON_ID:
            v[HIGH_BID] = MOON_BID
            v[BIDDER] = seat
        elif aid == SMUDGE_ID:
            v[HIGH_BID] = self.rules.smudge_value
            v[BIDDER] = seat
            v[SMUDGED] = 1
        elif aid == PASS_ID:
            v[PASSED] |= 1 << seat
        else:
            v[HIGH_BID] = aid - BID_BASE
            v[BIDDER] = seat
        final = aid == MOON_ID or aid == SMUDGE_ID
        nxt = D.next_caller(seat, n, v[PASSED], v[TURNS], v[BIDDER], self._rounds, final)
        if nxt == D.AUCTION_OVER:
            if v[BIDDER] < 0:
                if self._dealer_set:
                    self._set_the_dealer()
                    return
                self._redeal("all passed")
                return
            bidder = v[BIDDER]
            if v[KITTY]:
                v[HAND + bidder] |= v[KITTY]
                v[KITTY_HOLDER] = bidder
                v[KITTY] = 0
            if self._trump_by_lead:  # no trump to name: the pitcher's first lead sets it (no discard)
                v[PHASE] = PLAY
                v[TRICK_LEN] = 0
                v[LEADER] = bidder
                v[TO_MOVE] = bidder
                return
            v[PHASE] = TRUMP_CHOICE
            v[TO_MOVE] = bidder
        else:
            v[TO_MOVE] = nxt

    def _name_trump(self, suit: int) -> None:
        v = self._v
        v[TRUMP_SUIT] = suit
        self._table = self._tables[suit]
        v[PHASE] = DISCARD
        self._begin_discard_turn((v[DEALER] + 1) % self._n)

    # ------------------------------------------------------------------ discard
    def _begin_discard_turn(self, seat: int) -> None:
        v = self._v
        n = self._n
        dealer = v[DEALER]
        assert self._table is not None
        trumps = self._table.trumps
        mode = self._discard_code
        while True:
            hand = v[HAND + seat]
            robbed = D.robs_the_pack(mode, seat, dealer, self._robs)
            if robbed:
                stock = self._deals[-1].deck[v[STOCK_POS] :]
                for c in stock:
                    hand |= 1 << c
                v[HAND + seat] = hand
                v[RECV_COUNT + seat] = len(stock)
                v[STOCK_POS] += len(stock)
            v[DISCARD_LEFT] = D.discards_due(mode, hand.bit_count(), robbed)
            if self._refill:
                v[TURN_TRUMPS] = (hand & trumps).bit_count()
            if v[DISCARD_LEFT] != 0:
                v[TO_MOVE] = seat
                return
            if seat == dealer:
                self._start_play()
                return
            seat = (seat + 1) % n

    def _discard(self, seat: int, card: int) -> None:
        v = self._v
        bit = 1 << card
        v[HAND + seat] ^= bit
        v[DISC_MASK + seat] |= bit
        v[DISC_COUNT + seat] += 1
        assert self._table is not None
        if not self._free_discard and self._table.trumps & bit:
            v[BURIED] |= bit
        if v[DISCARD_LEFT] > 0:
            v[DISCARD_LEFT] -= 1
            if v[DISCARD_LEFT] == 0:
                self._end_discard_turn(seat)

    def _done(self, seat: int) -> None:
        v = self._v
        need = FULL_HAND - v[HAND + seat].bit_count()
        deck = self._deals[-1].deck
        pos = v[STOCK_POS]
        for c in deck[pos : pos + need]:
            v[HAND + seat] |= 1 << c
        v[STOCK_POS] = pos + need
        v[RECV_COUNT + seat] = need
        self._end_discard_turn(seat)

    def _end_discard_turn(self, seat: int) -> None:
        if seat == self._v[DEALER]:
            self._start_play()
        else:
            self._begin_discard_turn((seat + 1) % self._n)

    # ------------------------------------------------------------------ play
    def _holders_of_trump(self) -> int:
        assert self._table is not None
        trumps = self._table.trumps
        v = self._v
        return sum(1 << s for s in range(self._n) if v[HAND + s] & trumps)

    def _start_play(self) -> None:
        v = self._v
        if self._calls and v[CALLED] < 0:  # hands are final and trump known: the bidder calls a partner
            v[PHASE] = CALL
            v[TO_MOVE] = v[BIDDER]
            return
        v[PHASE] = PLAY
        v[TRICK_LEN] = 0
        leader = v[BIDDER]
        if self._trump_only:
            part = self._holders_of_trump()
            v[PART] = part
            if not part:
                self._end_hand()
                return
            leader = self._next_in(part, leader)
        v[LEADER] = leader
        v[TO_MOVE] = leader

    def _call(self, card: int) -> None:
        v = self._v
        v[CALLED] = card
        v[PARTNER] = next((s for s in range(self._n) if v[HAND + s] >> card & 1), -1)
        self._start_play()

    def _play(self, seat: int, card: int) -> None:
        v = self._v
        if v[TRUMP_SUIT] < 0:  # the pitcher's first lead names trump (trump_set_by = first_lead)
            v[TRUMP_SUIT] = card // 13
            self._table = self._tables[card // 13]
        if self._penalize and not self._proper_play_mask(seat) >> card & 1:
            v[RENEGED] |= 1 << self._sides[seat]
        bit = 1 << card
        v[HAND + seat] ^= bit
        v[PLAYED + seat] |= bit
        pos = v[TRICK_LEN]
        v[T_SEAT + pos] = seat
        v[T_CARD + pos] = card
        pos += 1
        v[TRICK_LEN] = pos
        part = v[PART]
        if pos < part.bit_count():
            nxt = (seat + 1) % self._n
            v[TO_MOVE] = nxt if part >> nxt & 1 else self._next_in(part, nxt)
            return
        # the trick is complete
        assert self._table is not None
        seats = v[T_SEAT : T_SEAT + pos]
        cards = v[T_CARD : T_CARD + pos]
        winner = seats[trick_winner(self._table, cards)]
        mask = 0
        for c in cards:
            mask |= 1 << c
        v[CAPTURED + self._sides[winner]] |= mask
        v[TRICKS_WON + winner] += 1
        plays = tuple([(seats[i], _CARDS[cards[i]]) for i in range(pos)])
        self._deals[-1].tricks.append(CoreTrick(v[LEADER], plays, winner))
        v[TRICK_LEN] = 0
        v[TRICK_NO] += 1
        if self._trump_only:
            part = self._holders_of_trump()
            v[PART] = part
            if not part:
                self._end_hand()
                return
            winner = self._next_in(part, winner)
        elif v[HAND + winner] == 0:
            self._end_hand()
            return
        v[LEADER] = winner
        v[TO_MOVE] = winner

    # ------------------------------------------------------------------ scoring
    def _end_hand(self) -> None:
        v = self._v
        rules = self.rules
        assert self._table is not None
        deal = self._deals[-1]
        # The play order only breaks a tie between two jokers of equal rank (for Low).
        order: tuple[int, ...] = ()
        if self._table.shared_joker_rank:
            order = tuple(card.index for t in deal.tricks for _, card in t.plays)
        bidder = v[BIDDER]
        bid = None if v[HIGH_BID] == MOON_BID else v[HIGH_BID]
        reneged = frozenset(s for s in range(self._k) if v[RENEGED] >> s & 1) if v[RENEGED] else _NO_SIDES
        facts = HandFacts(
            trump=v[TRUMP_SUIT],
            captured=tuple(v[CAPTURED : CAPTURED + self._k]),
            played=tuple(v[PLAYED : PLAYED + self._n]),
            play_order=order,
            bidder=bidder,
            bid=bid,
            reneged_sides=reneged,
        )
        partner = v[PARTNER]
        sides = self._sides
        if partner >= 0:  # the called pair is one side for this hand (docs/pitch.md, PC51)
            sides = tuple(self._sides[bidder] if s == partner else self._sides[s] for s in range(self._n))
            captured = list(facts.captured)
            captured[sides[bidder]] |= captured[self._sides[partner]]
            captured[self._sides[partner]] = 0
            facts = HandFacts(
                trump=facts.trump,
                captured=tuple(captured),
                played=facts.played,
                play_order=order,
                bidder=bidder,
                bid=bid,
                reneged_sides=reneged,
            )
        awards = award_points(rules, self._table, facts, sides, self._point_cards[v[TRUMP_SUIT]])
        scores = v[SCORE : SCORE + self._k]
        smudge = v[SMUDGED] == 1
        side = self._sides[bidder]
        swept = sum(v[TRICKS_WON + s] for s in range(self._n) if sides[s] == side) == v[TRICK_NO]
        settlement = settle(rules, awards, side, bid, scores, bidder, reneged, smudge=smudge, swept=swept)
        if partner >= 0:
            settlement = share_with_partner(rules, settlement, side, self._sides[partner], scores)
        self._results.append(
            HandResult(
                hand_number=v[HANDS_DONE] + 1,
                dealer=v[DEALER],
                bidder=bidder,
                bid=bid,
                trump=v[TRUMP_SUIT],
                awards=tuple(awards),
                game_points=tuple([game_points(m) for m in facts.captured]),
                settlement=settlement,
                smudge=smudge,
                called=CARDS[v[CALLED]] if v[CALLED] >= 0 else None,
                partner=partner if partner >= 0 else None,
            )
        )
        for s in range(self._k):
            v[SCORE + s] = settlement.scores[s]
        v[HANDS_DONE] += 1
        deal.outcome = "played"
        if settlement.winner is not None:
            v[WINNER] = settlement.winner
            v[PHASE] = OVER
            return
        v[DEALER] = (v[DEALER] + 1) % self._n
        self._start_deal()

    # ------------------------------------------------------------------ legality
    def _legal_now(self) -> int:
        v = self._v
        phase = v[PHASE]
        seat = v[TO_MOVE]
        if phase == PLAY:
            return playable(v[HAND + seat], self._proper_play_mask(seat), self._penalize and v[TRUMP_SUIT] >= 0)
        if phase == DISCARD:
            return self._discard_bits(seat)
        if phase == BIDDING:
            return self._bid_bits()
        if phase == TRUMP_CHOICE:
            return 0b1111 << TRUMP_BASE
        if phase == CALL:
            return (self._deck_mask & ~v[HAND + seat]) << CALL_BASE
        return 1 << MISDEAL_ID | 1 << KEEP_ID  # the misdeal offer

    def _proper_play_mask(self, seat: int) -> int:
        """Cards ``seat`` may play without reneging (:func:`~jick.games.smear.rule_core.legal_plays`)."""
        v = self._v
        hand = v[HAND + seat]
        table = self._table
        if table is None:  # the lead that names trump
            return naming_leads(hand, NO_JOKERS)
        led_card = v[T_CARD] if v[TRICK_LEN] else -1
        return legal_plays(
            hand, led_card, v[TRICK_NO] == 0, table.trumps, table.eff_suit, table.suit_masks,
            self._trump_only, self._first_lead_trump, self._follow_or_trump,
        )  # fmt: skip

    def _bid_bits(self) -> int:
        """The calls legal now (:mod:`~jick.games.smear.deal_core`): bids from the lowest up, moon, smudge, pass."""
        v = self._v
        rules = self.rules
        seat = v[TO_MOVE]
        dealer = v[DEALER]
        low = D.lowest_bid(v[HIGH_BID], rules.min_bid, seat, dealer, rules.dealer_may_match)
        bits = 0
        for b in range(low, rules.max_bid + 1):
            bits |= 1 << (BID_BASE + b)
        if rules.moon_enabled:
            bits |= 1 << MOON_ID
        if D.may_smudge(self._smudge_code, v[SCORE + self._sides[seat]]):
            bits |= 1 << SMUDGE_ID
        if D.may_pass(seat, dealer, v[BIDDER], self._dealer_forced):
            bits |= 1 << PASS_ID
        return bits

    def _discard_bits(self, seat: int) -> int:
        """The discards legal now, and done (:func:`~jick.games.smear.deal_core.discard_choices`)."""
        v = self._v
        table = self._table
        assert table is not None
        stock = len(self._deals[-1].deck) - v[STOCK_POS]
        cards, may_stop = D.discard_choices(
            self._discard_code, v[HAND + seat], table.trumps, table.nonscoring, v[DISCARD_LEFT], v[TURN_TRUMPS],
            stock, self._bury_nonscoring, self._mandatory_nontrumps,
        )  # fmt: skip
        bits = cards << DISCARD_BASE
        if may_stop:
            bits |= 1 << DONE_ID
        return bits

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, VoidDeal | SuppliedDeck):
            return f"{action} is not a player's action"
        v = self._v
        phase = v[PHASE]
        seat = v[TO_MOVE]
        what = f"{action} is not legal"
        if phase == BIDDING:
            if isinstance(action, A.Bid):
                rules = self.rules
                if action.amount < rules.min_bid:
                    return f"bid {action.amount} is below the minimum bid {rules.min_bid}"
                if action.amount > rules.max_bid:
                    return f"bid {action.amount} is above the maximum bid {rules.max_bid}"
                if v[HIGH_BID] and action.amount <= v[HIGH_BID]:
                    if rules.dealer_may_match and seat == v[DEALER]:
                        return f"bid {action.amount} must at least match the current bid {v[HIGH_BID]}"
                    return f"bid {action.amount} must exceed the current bid {v[HIGH_BID]}"
            if isinstance(action, A.Pass):
                return "the dealer may not pass when everyone else has passed: bid at least the minimum"
            if isinstance(action, A.Moon):
                return "shooting the moon is not allowed under these rules"
            if isinstance(action, A.Smudge):
                if self.rules.smudge is Smudge.OFF:
                    return "a smudge is not allowed under these rules (smudge = off)"
                return "a side below zero (in the hole) may not smudge"
            return f"{what}: seat {seat} is bidding"
        if phase == TRUMP_CHOICE:
            return f"{what}: seat {seat} must name trump (S, H, D or C)"
        if phase == CALL:
            if isinstance(action, A.CallCard):
                if v[HAND + seat] >> action.card.index & 1:
                    return f"seat {seat} holds {action.card}: call a card another player may hold"
                return f"{action.card} is not in the deck of these rules"
            return f"{what}: seat {seat} must call a partner's card (e.g. call AH)"
        if phase == MISDEAL_OFFER:
            return f"{what}: seat {seat} may call a misdeal (misdeal) or play on (keep)"
        if phase == DISCARD:
            if isinstance(action, A.Discard | A.Play):
                card = action.card
                if not v[HAND + seat] >> card.index & 1:
                    return f"{card} is not in the hand of seat {seat}"
                return f"seat {seat} may not discard {card} now (discard rules of {self.rules.discard_mode.value})"
            if isinstance(action, A.DoneDiscarding):
                return f"seat {seat} may not stop discarding yet (hand size, trumps over six or non-trumps to shed)"
            return f"{what}: seat {seat} is discarding"
        if isinstance(action, A.Play):
            card = action.card
            if not v[HAND + seat] >> card.index & 1:
                return f"{card} is not in the hand of seat {seat}"
            if v[TRICK_LEN] == 0:
                if v[TRUMP_SUIT] < 0:
                    return f"{card} may not be led: a joker has no suit to name trump; lead a card of the trump suit"
                return f"{card} may not be led: the first lead must be a trump"
            led = CARDS[v[T_CARD]]
            return f"{card} does not follow {led} ({self.rules.follow_rule.value})"
        return f"{what}: seat {seat} must play a card"

    # ------------------------------------------------------------------ views
    # Read-only views of the deal for :mod:`jick.games.smear.observation` (and analysis code), beside
    # the core's (deals, scores, current_deal, leader...): public facts, or one seat's own cards.
    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        return self.deal_results

    @property
    def winner(self) -> int | None:
        """The winning side once the match is over."""
        return self._optional(WINNER)

    @property
    def trump(self) -> int | None:
        return self._optional(TRUMP_SUIT)

    @property
    def bidder(self) -> int | None:
        return self._optional(BIDDER)

    @property
    def bid(self) -> int | None:
        """The high bid so far (None before any bid and for a moon, see :attr:`moon`)."""
        high = self._v[HIGH_BID]
        return high if self._v[BIDDER] >= 0 and high != MOON_BID else None

    @property
    def moon(self) -> bool:
        """Whether the high bid is shooting the moon."""
        return self._v[HIGH_BID] == MOON_BID

    @property
    def smudge(self) -> bool:
        """Whether the high bid is a smudge (:attr:`bid` is then its value)."""
        return self._v[SMUDGED] == 1

    @property
    def called_card(self) -> Card | None:
        """The card the bidder called for a partner in this deal (public), if any."""
        card = self._v[CALLED]
        return CARDS[card] if card >= 0 else None

    @property
    def called_partner(self) -> int | None:
        """The seat holding the card called for a partner in this deal (the engine's truth, hidden from the seats).

        None before the call, without one, and when nobody held the called card (the bidder plays alone).
        Seats learn it through :meth:`partner_known_to`.
        """
        partner = self._v[PARTNER]
        return partner if self._v[CALLED] >= 0 and partner >= 0 else None

    def partner_known_to(self, seat: int) -> int | None:
        """The called partner as ``seat`` may know it: its holder knows at once, everybody once the card is played.

        None while it is hidden from ``seat``, and when nobody held the called card (known at the hand's end).
        """
        v = self._v
        card, partner = v[CALLED], v[PARTNER]
        if card < 0 or partner < 0:
            return None
        if seat == partner or v[PLAYED + partner] >> card & 1:
            return partner
        return None

    def partner_revealed(self) -> bool:
        """Whether the called card has been played (the partner is then public)."""
        v = self._v
        return v[CALLED] >= 0 and v[PARTNER] >= 0 and bool(v[PLAYED + v[PARTNER]] >> v[CALLED] & 1)

    @property
    def kitty_holder(self) -> int | None:
        """The seat that took the kitty in this deal, if any."""
        return self._optional(KITTY_HOLDER)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress: ``(seat, card)`` in play order (empty outside the play)."""
        return tuple([(seat, CARDS[card]) for seat, card in self.trick_cards()])

    def played_mask(self, seat: int) -> int:
        """The cards ``seat`` has played to tricks in this deal."""
        return self._v[PLAYED + seat]

    def discard_mask(self, seat: int) -> int:
        """The cards ``seat`` discarded in this deal (face down: known to that seat alone)."""
        return self._v[DISC_MASK + seat]

    @property
    def buried(self) -> tuple[tuple[int, Card], ...]:
        """Trumps buried face up in this deal (public), with the seat that buried each."""
        v = self._v
        buried = v[BURIED]
        if not buried:
            return ()
        return tuple((s, c) for s in range(self._n) for c in mask_cards(v[DISC_MASK + s] & buried))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Per seat: the number of cards held."""
        v = self._v
        return tuple(v[HAND + s].bit_count() for s in range(self._n))

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """Per seat: cards discarded in this deal."""
        return self._per_seat(DISC_COUNT)

    @property
    def received_counts(self) -> tuple[int, ...]:
        """Per seat: cards dealt back from the stock in this deal."""
        return self._per_seat(RECV_COUNT)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Per seat: tricks won in this deal."""
        return self._per_seat(TRICKS_WON)

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress (1 = the first; misdeals do not count)."""
        return self._v[HANDS_DONE] + 1

    @property
    def last_hand(self) -> HandResult | None:
        """The result of the last hand played, if any."""
        return self._results[-1] if self._results else None

    def proper_play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now without reneging (in the play phase)."""
        return self._proper_play_mask(seat)

    def observation(self, seat: int) -> SmearObservation:
        from jick.games.smear.observation import build_observation

        return build_observation(self, seat)

    def __repr__(self) -> str:
        return f"<SmearState {self.phase} deal {self._v[DEAL_NO]} to move {self.current_player} scores {self.scores}>"

    @property
    def suit_name(self) -> str:
        t = self.trump
        return SUIT_NAMES[t] if t is not None else "none"


from jick.games.smear.observation import SmearObservation  # noqa: E402
