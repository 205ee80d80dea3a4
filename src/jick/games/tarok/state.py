"""The Tarok match state: a make/undo machine over card bitmasks (SPEC section 4).

A match is ``deals_per_match`` deals (all-pass deals count). Every small value
lives in one flat list of ints (``_v``) so ``undo`` restores a snapshot and
``clone`` copies a list; deals, their actions, completed tricks and deal
results are append-only logs cut back by ``undo``.

Phases of a deal: ``auction`` -> (threesome) ``widow`` -> ``discard`` x3 ->
``contract`` -> melds (automatic) -> ``ultimo`` (only if the bidder holds I)
-> ``contra`` (only after ultimo) -> ``play`` (16 tricks). A solo goes from the
auction to ``contract`` (or straight on if ``consolation_in_solo`` is false).

>>> from jick.games.tarok import new_match
>>> s = new_match("tarok_3p", seed=7)
>>> s.phase, s.current_player == s.forehand
('auction', True)
>>> _ = s.apply_text("pass"); len(s.history())
1
>>> _ = s.undo(); len(s.history())
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from jick.core.deals import DealLog as CoreDealLog
from jick.core.deals import Trick as CoreTrick
from jick.core.deals import match_seed
from jick.core.deals import shuffled_deck as core_shuffled_deck
from jick.core.frozen import by_fields
from jick.core.trick_state import CHANCE as CHANCE
from jick.core.trick_state import TrickState
from jick.core.undo import ACTION_NO, DEAL_NO, DEALER, PHASE, RESULTS_NO, TO_MOVE, TRICK_NO
from jick.engine import Action, NotationError, RecordError
from jick.games.tarok import actions as A
from jick.games.tarok.actions import (
    ACCEPT_ID,
    CONSOLATION_ID,
    CONTRA_ID,
    DISCARD_BASE,
    GAME_ID,
    PASS_ID,
    PLAY_BASE,
    REJECT_ID,
    SOLO_ID,
    THREESOME_ID,
    ULTIMO_ID,
    SuppliedDeck,
    VoidDeal,
)
from jick.games.tarok.cards import (
    CARDS,
    KINGS,
    NUM_CARDS,
    PAGAT,
    TRULL,
    TarokCard,
    card_index,
    legal_plays,
    pile_count,
    trick_winner,
)
from jick.games.tarok.rules import GAME_VALUES, HAND_SIZE, DiscardForbidden, TarokRules
from jick.games.tarok.scoring import Award, DealFacts, DealScore, pagat_adjustment, score_all_pass, score_deal

# Phases. The constants of this module are Final, so that the compiled build reads them as constants,
# not as module globals.
AUCTION: Final = 0
WIDOW: Final = 1
DISCARD: Final = 2
CONTRACT_CHOICE: Final = 3
ULTIMO: Final = 4
CONTRA: Final = 5
PLAY: Final = 6
OVER: Final = 7
WAIT_DEAL: Final = 8
PHASE_NAMES: Final = ("auction", "widow", "discard", "contract", "ultimo", "contra", "play", "over", "deal")
CONTRACTS: Final = (None, "threesome", "solo")
GAME_TYPES: Final = (None, "game", "consolation")
PAGAT_PLAYS: Final = (None, "forced", "unnecessary", "last_trick")
MELD_NAMES: Final = ("trull", "four_kings")
_ACTIONS: Final = A.ACTIONS

# Scalar slots of _v: the core's first (PHASE, TO_MOVE, DEALER and the log lengths
# DEAL_NO, DEALS_DONE, ACTION_NO, TRICK_NO; see jick.core.undo), then Tarok's own.
DEALS_DONE: Final = RESULTS_NO
BIDDER: Final = 7
CONTRACT: Final = 8
AUCTION_TURN: Final = 9
WIDOW_STAGE: Final = 10
MULT: Final = 11
WIDOW_FIRST: Final = 12
WIDOW_SECOND: Final = 13
TAKEN: Final = 14
REST: Final = 15
EXPOSED: Final = 16
SEEN: Final = 17
DISCARDS: Final = 18
DISCARD_LEFT: Final = 19
GAME_TYPE: Final = 20
ULTIMO_FLAG: Final = 21
CONTRA_SEAT: Final = 22
CONTRA_TURN: Final = 23
LEADER: Final = 24
TRICK_LEN: Final = 25
PAGAT_PLAY: Final = 26
PAGAT_TAKER: Final = 27
LAST_WINNER: Final = 28
LAST_CARD: Final = 29
MELDS: Final = 30
# Per-seat arrays (4 slots each) and the trick in progress (3 slots each)
HAND: Final = 32
PILE: Final = 36
TRICKS_WON: Final = 40
SCORE: Final = 44
T_SEAT: Final = 48
T_CARD: Final = 51
V_SIZE: Final = 54

TRICKS_PER_DEAL: Final = HAND_SIZE
PACKET: Final = 8
WIDOW_AT: Final = 24  # deck index of w0: after the first round of three packets


#: A completed trick: who led, the cards in play order, who won.
Trick: TypeAlias = CoreTrick[TarokCard]


@dataclass(frozen=True)
class TarokDealResult:
    """The public outcome and breakdown of one deal (SPEC 4.12)."""

    deal_number: int
    dealer: int
    forehand: int
    bidder: int | None  # None: everyone passed
    contract: str | None  # "threesome" | "solo"
    game_type: str | None  # "game" | "consolation"
    multiplier: int  # m: 1, 2 or 3 (1 in a solo)
    game_value: int  # G: 50 or 100
    raw_bidder_count: int  # card points of the bidder's pile before the pagat adjustment
    raw_opponents_count: int
    pagat_adjustment: int  # moved to the bidder (negative: to the opponents)
    bidder_count: int  # B
    opponents_count: int  # O
    made: bool | None
    amount: int  # X
    melds: tuple[tuple[int, str], ...]
    ultimo: bool
    contra: int | None
    ultimo_won: bool | None
    contra_won: bool | None
    silent_pagat: int | None
    awards: tuple[Award, ...]
    #: Per award (same order as ``awards``), every seat's change.
    lines: tuple[tuple[int, ...], ...]
    changes: tuple[int, ...]
    scores: tuple[int, ...]  # after the deal
    note: str

    @property
    def all_passed(self) -> bool:
        return self.bidder is None

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


#: One deal of the match as a record holds it.
DealLog: TypeAlias = CoreDealLog[Trick]


def shuffled_deck(seed: int, deal_no: int) -> tuple[int, ...]:
    """The deck order of deal ``deal_no`` of a match seeded with ``seed`` (no RNG kept in the state).

    >>> shuffled_deck(1, 0) == shuffled_deck(1, 0) != shuffled_deck(1, 1)
    True
    """
    return core_shuffled_deck(range(NUM_CARDS), seed, deal_no)


def active_seats(num_players: int, dealer: int) -> tuple[int, int, int]:
    """Forehand, middle and end hand: the three seats clockwise from the dealer's left.

    >>> active_seats(3, 2), active_seats(4, 1)
    ((0, 1, 2), (2, 3, 0))
    """
    n = num_players
    return ((dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n)


def deal_positions(num_players: int, dealer: int) -> tuple[dict[int, list[int]], list[int]]:
    """Deck indices of each active seat's cards and of the widow ``w0..w5`` (SPEC 4.4).

    >>> hands, widow = deal_positions(3, 2)
    >>> hands[0][:2], hands[0][8:10], widow
    ([0, 1], [30, 31], [24, 25, 26, 27, 28, 29])
    """
    seats = active_seats(num_players, dealer)
    hands: dict[int, list[int]] = {s: [] for s in seats}
    for r in range(2):
        base = 0 if r == 0 else WIDOW_AT + 6
        for i, seat in enumerate(seats):
            hands[seat] += range(base + PACKET * i, base + PACKET * (i + 1))
    return hands, list(range(WIDOW_AT, WIDOW_AT + 6))


class TarokState(TrickState[DealLog, TarokDealResult]):
    """A Tarok match under one rule set; see :mod:`jick.engine` for the protocol."""

    game_name: str = "tarok"
    _actions = _ACTIONS
    _title = "Tarok"
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
        rules: TarokRules | None = None,
        seed: int | None = None,
        decks: Sequence[Sequence[int | str | TarokCard]] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if rules is None:
            # A blank state for clone(): the compiled class runs __init__ from __new__, the clone fills it.
            return
        self.rules = rules
        self._deck_cards = tuple(range(NUM_CARDS))
        self._open(rules.num_players, match_seed(seed, decks), decks, first_dealer)
        forbidden = KINGS
        if rules.discard_forbidden is DiscardForbidden.KINGS_AND_TRULL:
            forbidden |= TRULL
        self._forbidden = forbidden
        self._overtrump = rules.overtrump_required
        self._v = [0] * V_SIZE
        self._v[DEALER] = self.first_dealer
        self._start_deal()

    @classmethod
    def at_deal(
        cls,
        rules: TarokRules,
        deck: Sequence[int | str | TarokCard],
        *,
        dealer: int,
        scores: Sequence[int] | None = None,
        results: Sequence[TarokDealResult] = (),
        seed: int | None = None,
    ) -> TarokState:
        """A match that starts at a later deal: ``dealer`` deals ``deck`` after the deals in ``results``.

        For search (the worlds a bot samples) and analysis: ``scores`` are the
        totals before this deal and ``results`` the earlier deals' results, so
        observations show the same scores, deal number and last deal as the
        real match. The earlier deals' play is not kept (no record, and
        ``undo`` stops at this deal); later deals come from ``seed`` or wait
        for :meth:`deal`.

        >>> from jick.games.tarok import load_preset
        >>> from jick.games.tarok.state import shuffled_deck
        >>> s = TarokState.at_deal(load_preset("tarok_3p"), shuffled_deck(5, 0), dealer=1, scores=(10, -4, -6))
        >>> s.forehand, s.scores, s.observation(2).deal_number
        (2, (10, -4, -6), 1)
        """
        state = cls(rules, seed=seed, decks=[deck], first_dealer=dealer)
        if scores is not None:
            if len(scores) != state._n:
                raise ValueError(f"{len(scores)} scores for {state._n} players")
            state._v[SCORE : SCORE + state._n] = list(scores)
        state._results = list(results)
        state._v[DEALS_DONE] = len(results)
        if len(results) >= rules.deals_per_match:
            raise ValueError(f"the match has only {rules.deals_per_match} deals")
        return state

    # ------------------------------------------------------------------ decks
    def _check_deck(self, deck: Sequence[int | str | TarokCard], index: int) -> tuple[int, ...]:
        try:
            cards = tuple(card_index(c) for c in deck)
        except NotationError as exc:
            raise RecordError(f"deck of deal {index + 1}: {exc}") from None
        if sorted(cards) != list(range(NUM_CARDS)):
            raise RecordError(f"deck of deal {index + 1} is not the 54-card Tarok deck")
        return cards

    def card_name(self, index: int) -> str:
        """Notation of the card with this index (``XXI``, ``CH``...)."""
        return str(CARDS[index])

    def parse_action(self, text: str) -> Action:
        """Parse ``text``; a bare card in the discard phase means a discard."""
        action = A.action_from_text(text)
        if isinstance(action, A.Play) and self._v[PHASE] == DISCARD:
            return _ACTIONS[DISCARD_BASE + action.card.index]
        return action

    def returns(self) -> tuple[float, ...]:
        """1.0 for every seat with the top final score (a tie is shared), 0.0 otherwise."""
        top = set(self.winners)
        return tuple(1.0 if s in top else 0.0 for s in range(self._n))

    def _copy_into(self, other: TarokState) -> None:
        other.rules = self.rules
        other._forbidden = self._forbidden
        other._overtrump = self._overtrump

    # ------------------------------------------------------------------ apply / undo
    def _move(self, seat: int, aid: int) -> None:
        v = self._v
        phase = v[PHASE]
        if phase == PLAY:
            self._play(seat, aid - PLAY_BASE)
        elif phase == DISCARD:
            self._discard(aid - DISCARD_BASE)
        elif phase == AUCTION:
            self._bid(seat, aid)
        elif phase == WIDOW:
            self._widow(aid == ACCEPT_ID)
        elif phase == CONTRACT_CHOICE:
            v[GAME_TYPE] = 1 if aid == GAME_ID else 2
            self._after_contract()
        elif phase == ULTIMO:
            if aid == ULTIMO_ID:
                v[ULTIMO_FLAG] = 1
                v[CONTRA_TURN] = 0
                v[PHASE] = CONTRA
                v[TO_MOVE] = self._opponents()[0]
            else:
                self._start_play()
        else:  # CONTRA
            if aid == CONTRA_ID:
                v[CONTRA_SEAT] = seat
                self._start_play()
            else:
                v[CONTRA_TURN] += 1
                if v[CONTRA_TURN] == 2:
                    self._start_play()
                else:
                    v[TO_MOVE] = self._opponents()[1]

    def void_deal(self, reason: str) -> None:
        """Declare the current deal void (exposed card, wrong count...); the same dealer deals again."""
        self._void_deal(VoidDeal(reason), reason)

    def _supplied_deck(self, cards: tuple[int, ...]) -> Action:
        return SuppliedDeck(cards)

    def _undone(self, action: Action) -> None:
        if isinstance(action, SuppliedDeck):
            self._decks.pop()

    # ------------------------------------------------------------------ seats
    @property
    def active_seats(self) -> tuple[int, int, int]:
        """Forehand, middle and end hand of the current deal."""
        return active_seats(self._n, self._v[DEALER])

    @property
    def forehand(self) -> int:
        return (self._v[DEALER] + 1) % self._n

    @property
    def sitting_out(self) -> int | None:
        """The dealer in a four-player game (no cards this deal)."""
        return self._v[DEALER] if self._n == 4 else None

    def _next_active(self, seat: int) -> int:
        nxt = (seat + 1) % self._n
        if self._n == 4 and nxt == self._v[DEALER]:
            nxt = (nxt + 1) % self._n
        return nxt

    def _opponents(self) -> tuple[int, int]:
        """The bidder's two active opponents, in seat order from the forehand."""
        bidder = self._v[BIDDER]
        a, b = (s for s in self.active_seats if s != bidder)
        return a, b

    # ------------------------------------------------------------------ deal and auction
    def _start_deal(self) -> None:
        v = self._v
        deck = self._next_deck()
        if deck is None:
            v[PHASE] = WAIT_DEAL
            return
        dealer = v[DEALER]
        for i in range(BIDDER, MELDS + 1):
            v[i] = 0
        v[ACTION_NO] = v[TRICK_NO] = 0
        for i in range(HAND, TRICKS_WON + 4):
            v[i] = 0
        for i in range(T_SEAT, V_SIZE):
            v[i] = 0
        v[BIDDER] = v[CONTRA_SEAT] = v[PAGAT_TAKER] = v[LAST_WINNER] = v[LAST_CARD] = -1
        self._deals.append(CoreDealLog(deck, dealer))
        v[DEAL_NO] += 1
        hands, widow = deal_positions(self._n, dealer)
        for seat, positions in hands.items():
            mask = 0
            for p in positions:
                mask |= 1 << deck[p]
            v[HAND + seat] = mask
        v[WIDOW_FIRST] = sum(1 << deck[p] for p in widow[:3])
        v[WIDOW_SECOND] = sum(1 << deck[p] for p in widow[3:])
        v[PHASE] = AUCTION
        v[TO_MOVE] = (dealer + 1) % self._n

    def _bid(self, seat: int, aid: int) -> None:
        v = self._v
        v[AUCTION_TURN] += 1
        if aid == THREESOME_ID:
            v[BIDDER], v[CONTRACT] = seat, 1
        elif aid == SOLO_ID:
            v[BIDDER], v[CONTRACT] = seat, 2
        if aid != SOLO_ID and v[AUCTION_TURN] < 3:
            v[TO_MOVE] = self._next_active(seat)
            return
        bidder = v[BIDDER]
        if bidder < 0:
            self._end_all_pass()
            return
        v[TO_MOVE] = bidder
        v[MULT] = 1
        if v[CONTRACT] == 1:
            v[PHASE] = WIDOW
            v[WIDOW_STAGE] = 1
            v[SEEN] = v[WIDOW_FIRST]
            return
        v[REST] = v[WIDOW_FIRST] | v[WIDOW_SECOND]
        if self.rules.consolation_in_solo:
            v[PHASE] = CONTRACT_CHOICE
        else:
            v[GAME_TYPE] = 1
            self._after_contract()

    def _widow(self, accept: bool) -> None:
        v = self._v
        first, second = v[WIDOW_FIRST], v[WIDOW_SECOND]
        if v[WIDOW_STAGE] == 1:
            if not accept:
                v[EXPOSED] = first
                v[SEEN] |= second
                v[WIDOW_STAGE] = 2
                return
            taken, rest, m = first, second, 1
        elif accept:
            taken, rest, m = second, first, 2
        else:
            taken, rest, m = first, second, 3
            if self.rules.reject_second_half_exposed:
                v[EXPOSED] |= second
        v[WIDOW_STAGE] = 3
        v[TAKEN], v[REST], v[MULT] = taken, rest, m
        v[HAND + v[BIDDER]] |= taken
        v[PHASE] = DISCARD
        v[DISCARD_LEFT] = 3

    def _discard(self, card: int) -> None:
        v = self._v
        bit = 1 << card
        v[HAND + v[BIDDER]] ^= bit
        v[DISCARDS] |= bit
        v[DISCARD_LEFT] -= 1
        if v[DISCARD_LEFT] == 0:
            v[PHASE] = CONTRACT_CHOICE

    def _after_contract(self) -> None:
        """Declare melds (automatic), then ask the bidder about ultimo if he holds the pagat."""
        v = self._v
        melds = 0
        for seat in self.active_seats:
            hand = v[HAND + seat]
            if hand & TRULL == TRULL:
                melds |= 1 << (2 * seat)
            if hand & KINGS == KINGS:
                melds |= 1 << (2 * seat + 1)
        v[MELDS] = melds
        if v[HAND + v[BIDDER]] >> PAGAT & 1:
            v[PHASE] = ULTIMO
            v[TO_MOVE] = v[BIDDER]
        else:
            self._start_play()

    @property
    def melds(self) -> tuple[tuple[int, str], ...]:
        """Melds declared this deal: (seat, "trull" | "four_kings"), in seat order from the forehand."""
        bits = self._v[MELDS]
        return tuple(
            (seat, MELD_NAMES[k]) for seat in self.active_seats for k in range(2) if bits >> (2 * seat + k) & 1
        )

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        v = self._v
        v[PHASE] = PLAY
        v[TRICK_LEN] = 0
        v[TRICK_NO] = 0
        v[LEADER] = v[TO_MOVE] = self.forehand

    def _play(self, seat: int, card: int) -> None:
        v = self._v
        pos = v[TRICK_LEN]
        if card == PAGAT and seat == v[BIDDER] and v[ULTIMO_FLAG]:
            if v[TRICK_NO] == TRICKS_PER_DEAL - 1:
                v[PAGAT_PLAY] = 3
            else:
                legal = legal_plays(v[HAND + seat], v[T_CARD : T_CARD + pos], self._overtrump)
                v[PAGAT_PLAY] = 1 if legal == 1 << PAGAT else 2
        v[HAND + seat] ^= 1 << card
        v[T_SEAT + pos] = seat
        v[T_CARD + pos] = card
        pos += 1
        v[TRICK_LEN] = pos
        if pos < 3:
            v[TO_MOVE] = self._next_active(seat)
            return
        cards = v[T_CARD : T_CARD + 3]
        best = trick_winner(cards)
        winner = v[T_SEAT + best]
        mask = 1 << cards[0] | 1 << cards[1] | 1 << cards[2]
        v[PILE + winner] |= mask
        v[TRICKS_WON + winner] += 1
        if mask & 1 << PAGAT:
            v[PAGAT_TAKER] = winner
        self._deals[-1].tricks.append(
            CoreTrick(v[LEADER], tuple((v[T_SEAT + i], CARDS[v[T_CARD + i]]) for i in range(3)), winner)
        )
        v[TRICK_LEN] = 0
        v[TRICK_NO] += 1
        if v[TRICK_NO] == TRICKS_PER_DEAL:
            v[LAST_WINNER] = winner
            v[LAST_CARD] = cards[best]
            self._end_played_deal()
            return
        v[LEADER] = v[TO_MOVE] = winner

    # ------------------------------------------------------------------ scoring
    def bidder_pile(self) -> int:
        """Cards counted for the bidder: his tricks and his discards."""
        v = self._v
        return v[PILE + v[BIDDER]] | v[DISCARDS] if v[BIDDER] >= 0 else 0

    def opponents_pile(self) -> int:
        """Cards counted for the opponents: their tricks and the widow cards the bidder did not take."""
        v = self._v
        bidder = v[BIDDER]
        mask = v[REST]
        for s in range(self._n):
            if s != bidder:
                mask |= v[PILE + s]
        return mask

    def _end_played_deal(self) -> None:
        v = self._v
        rules = self.rules
        bidder = v[BIDDER]
        jack = rules.jack_value
        raw_b = pile_count(self.bidder_pile(), jack)
        raw_o = pile_count(self.opponents_pile(), jack)
        ultimo = bool(v[ULTIMO_FLAG])
        pagat_play = PAGAT_PLAYS[v[PAGAT_PLAY]] if v[PAGAT_PLAY] in (1, 2) else None
        adj = pagat_adjustment(ultimo, pagat_play, v[PAGAT_TAKER] == bidder, v[LAST_WINNER] == bidder)
        last_by_pagat = v[LAST_CARD] == PAGAT
        contra = v[CONTRA_SEAT] if v[CONTRA_SEAT] >= 0 else None
        facts = DealFacts(
            num_players=self._n,
            bidder=bidder,
            contract=CONTRACTS[v[CONTRACT]] or "",
            game_type=GAME_TYPES[v[GAME_TYPE]] or "",
            multiplier=v[MULT],
            bidder_count=raw_b + adj,
            opponents_count=raw_o - adj,
            melds=self.melds,
            ultimo=ultimo,
            ultimo_won=ultimo and last_by_pagat and v[LAST_WINNER] == bidder,
            contra=contra,
            contra_won=contra is not None and v[PAGAT_TAKER] not in (-1, bidder),
            silent_pagat=v[LAST_WINNER] if last_by_pagat and not ultimo else None,
        )
        score = score_deal(rules, facts)
        note = f"{facts.contract} {facts.game_type} {'made' if score.made else 'lost'}"
        self._finish_deal(score, facts, raw_b, raw_o, adj, note, "played")

    def _end_all_pass(self) -> None:
        score = score_all_pass(self.rules, self.forehand)
        note = "all passed" + (": forehand scores the Tapp 25" if score.awards else ": no score")
        self._finish_deal(score, None, 0, 0, 0, note, "all passed")

    def _finish_deal(
        self, score: DealScore, facts: DealFacts | None, raw_b: int, raw_o: int, adj: int, note: str, outcome: str
    ) -> None:
        v = self._v
        n = self._n
        for s in range(n):
            v[SCORE + s] += score.changes[s]
        self._results.append(
            TarokDealResult(
                deal_number=v[DEALS_DONE] + 1,
                dealer=v[DEALER],
                forehand=self.forehand,
                bidder=facts.bidder if facts else None,
                contract=facts.contract if facts else None,
                game_type=facts.game_type if facts else None,
                multiplier=facts.multiplier if facts else 1,
                game_value=GAME_VALUES[facts.contract] if facts else 0,
                raw_bidder_count=raw_b,
                raw_opponents_count=raw_o,
                pagat_adjustment=adj,
                bidder_count=facts.bidder_count if facts else 0,
                opponents_count=facts.opponents_count if facts else 0,
                made=score.made,
                amount=score.amount,
                melds=facts.melds if facts else (),
                ultimo=facts.ultimo if facts else False,
                contra=facts.contra if facts else None,
                ultimo_won=facts.ultimo_won if facts and facts.ultimo else None,
                contra_won=facts.contra_won if facts and facts.contra is not None else None,
                silent_pagat=facts.silent_pagat if facts else None,
                awards=score.awards,
                lines=score.lines,
                changes=score.changes,
                scores=tuple(v[SCORE : SCORE + n]),
                note=note,
            )
        )
        self._deals[-1].outcome = outcome
        v[DEALS_DONE] += 1
        if v[DEALS_DONE] >= self.rules.deals_per_match:
            v[PHASE] = OVER
            return
        v[DEALER] = (v[DEALER] + 1) % n
        self._start_deal()

    # ------------------------------------------------------------------ legality
    def _legal_now(self) -> int:
        v = self._v
        phase = v[PHASE]
        if phase == PLAY:
            hand = v[HAND + v[TO_MOVE]]
            return legal_plays(hand, v[T_CARD : T_CARD + v[TRICK_LEN]], self._overtrump) << PLAY_BASE
        if phase == DISCARD:
            return (v[HAND + v[BIDDER]] & ~self._forbidden) << DISCARD_BASE
        if phase == AUCTION:
            return 1 << PASS_ID | 1 << SOLO_ID | (1 << THREESOME_ID if v[BIDDER] < 0 else 0)
        if phase == WIDOW:
            return 1 << ACCEPT_ID | 1 << REJECT_ID
        if phase == CONTRACT_CHOICE:
            return 1 << GAME_ID | 1 << CONSOLATION_ID
        return (1 << ULTIMO_ID if phase == ULTIMO else 1 << CONTRA_ID) | 1 << PASS_ID

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, VoidDeal | SuppliedDeck):
            return f"{action} is not a player's action"
        v = self._v
        phase = v[PHASE]
        seat = v[TO_MOVE]
        what = f"{action} is not legal"
        if phase == AUCTION:
            if isinstance(action, A.Threesome):
                return "threesome is only the first bid; overcall with solo or pass"
            return f"{what}: seat {seat} bids (pass, threesome, solo)"
        if phase == WIDOW:
            return f"{what}: seat {seat} accepts or rejects the widow half shown (accept, reject)"
        if phase == DISCARD:
            if isinstance(action, A.Discard | A.Play):
                card = action.card
                if not v[HAND + seat] >> card.index & 1:
                    return f"{card} is not in the hand of seat {seat}"
                kind = "kings" if self.rules.discard_forbidden is DiscardForbidden.KINGS else "kings and the trull"
                return f"{card} may not be discarded ({kind} may not be laid away)"
            return f"{what}: seat {seat} must discard {v[DISCARD_LEFT]} more card(s)"
        if phase == CONTRACT_CHOICE:
            return f"{what}: seat {seat} chooses game or consolation"
        if phase == ULTIMO:
            return f"{what}: seat {seat} may announce ultimo or pass"
        if phase == CONTRA:
            return f"{what}: seat {seat} may declare contra or pass"
        if isinstance(action, A.Play):
            card = action.card
            if not v[HAND + seat] >> card.index & 1:
                return f"{card} is not in the hand of seat {seat}"
            led = CARDS[v[T_CARD]]
            rule = "follow suit, else trump, else any card"
            if self._overtrump:
                rule += ", and beat the highest trump when playing a trump"
            return f"{card} may not be played to a trick led with {led} ({rule})"
        return f"{what}: seat {seat} must play a card"

    # ------------------------------------------------------------------ views
    # Read-only views for :mod:`jick.games.tarok.observation` and the bots' rollouts, beside the core's
    # (deals, deal_results, scores, current_deal, tricks, trick_cards, leader...): public facts, or one
    # seat's own cards. Observers read these, never ``_v``.
    @property
    def hand_results(self) -> tuple[TarokDealResult, ...]:
        """Alias of :attr:`deal_results` (the name Smear's records use)."""
        return self.deal_results

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat with the highest total once the match is over (a tie is shared); () before."""
        if self._v[PHASE] != OVER:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(s for s in range(self._n) if scores[s] == best)

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the match is over; None before, or when the top is shared."""
        top = self.winners
        return top[0] if len(top) == 1 else None

    @property
    def bidder(self) -> int | None:
        return self._optional(BIDDER)

    @property
    def contract(self) -> str | None:
        return CONTRACTS[self._v[CONTRACT]]

    @property
    def game_type(self) -> str | None:
        return GAME_TYPES[self._v[GAME_TYPE]]

    @property
    def multiplier(self) -> int:
        return self._v[MULT]

    @property
    def ultimo(self) -> bool:
        return bool(self._v[ULTIMO_FLAG])

    @property
    def contra(self) -> int | None:
        return self._optional(CONTRA_SEAT)

    def widow_mask(self, half: int) -> int:
        """The cards of widow half 1 (``w0..w2``) or 2 (``w3..w5``) of the current deal."""
        return self._v[WIDOW_FIRST if half == 1 else WIDOW_SECOND]

    @property
    def discard_mask(self) -> int:
        return self._v[DISCARDS]

    @property
    def exposed_mask(self) -> int:
        """Widow cards turned face up (a rejected half), public."""
        return self._v[EXPOSED]

    @property
    def seen_mask(self) -> int:
        """Widow cards the bidder looked at (known to the bidder alone)."""
        return self._v[SEEN]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Per seat: tricks won in this deal."""
        return self._per_seat(TRICKS_WON)

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress (1 = the first)."""
        return len(self._results) + 1

    @property
    def last_deal(self) -> TarokDealResult | None:
        """The result of the last deal scored, if any."""
        return self._results[-1] if self._results else None

    def observation(self, seat: int) -> TarokObservation:
        from jick.games.tarok.observation import build_observation

        return build_observation(self, seat)

    def __repr__(self) -> str:
        return f"<TarokState {self.phase} deal {self._v[DEAL_NO]} to move {self.current_player} scores {self.scores}>"


from jick.games.tarok.observation import TarokObservation  # noqa: E402
