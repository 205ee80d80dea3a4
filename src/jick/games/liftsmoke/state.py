"""The Lift Smoke session state: a make/undo machine over card bitmasks.

A session is a series of games, one pot each (SPEC 5). Every game: each
seated player antes into the pot, the dealer deals one card at a time
clockwise from his left until each player holds as many cards as there are
players, trump comes from the turned card, eldest leads, and only the trick
winner draws from the stock. Players drop out when their cards run out; the
last player holding cards, or else the winner of the trick that emptied every
hand, takes the pot and deals the next game.

All mutable small values live in one flat list of ints (``_v``), so ``undo``
restores a snapshot and ``clone`` copies a list. Games, their actions,
tricks and reshuffles are append-only logs, cut back by ``undo``.

Chance comes only from the seed or from explicit orders. Game ``k``'s deck
(0-based) is ``decks[k]`` when given, else :func:`shuffled` of the 52 cards
from ``(seed, "deal", k)``. Under ``on_stock_exhausted = "reshuffle_discards"``
reshuffle ``r`` of game ``k`` is ``reshuffles[k][r]`` when given (it must be
an order of exactly the cards of the discard pile), else :func:`shuffled` of
the pile (sorted by card index) from ``(seed, "reshuffle", k, r)``. With
neither, the state waits at a chance node (``current_player == CHANCE``):
supply the order with :meth:`LiftSmokeState.deal` or
:meth:`LiftSmokeState.reshuffle`. Every game log keeps its deck and its
reshuffle orders, so a record replays without any RNG.

Note: with 4-6 players a dealt game never empties the stock. Every player
starts with ``n`` cards and plays one per trick, so all ``n`` stay in for the
first ``n`` tricks, after which ``n*n - n*(n-1) = n`` cards are left in hand;
each later trick removes at least one more, so a game lasts at most
``2n - 1`` tricks (11 at six players) while the stock holds ``52 - n*n``
(16 or more). ``on_stock_exhausted`` and the "everyone out at once" ending
therefore only matter in positions set up with :meth:`from_position`.

>>> from jick.games.liftsmoke import new_match
>>> s = new_match("lift_smoke", seed=7)
>>> s.phase, s.hand_mask(s.current_player).bit_count(), s.pot
('play', 4, 4)
>>> s.apply(s.legal_actions()[0]); len(s.history())
1
>>> _ = s.undo(); len(s.history())
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from jick.cards import CARDS, SUIT_NAMES, SUITS, Card, bit_list, parse_card, suit_of_name
from jick.core.deals import match_seed
from jick.core.trick_state import CHANCE as CHANCE
from jick.core.trick_state import TrickState
from jick.core.undo import ACTION_NO, DEAL_NO, DEALER, PHASE, RESULTS_NO, TO_MOVE, TRICK_NO
from jick.engine import Action, IllegalAction, NotationError, RecordError
from jick.games.liftsmoke import actions as A
from jick.games.liftsmoke.actions import EndSession, SuppliedDeck, SuppliedReshuffle
from jick.games.liftsmoke.rule_core import legal_plays, trick_winner
from jick.games.liftsmoke.rules import DECK_SIZE, LiftSmokeRules, OnStockExhausted, TrumpCard

# Phases
PLAY, OVER, WAIT_DEAL, WAIT_RESHUFFLE = range(4)
PHASE_NAMES = ("play", "over", "deal", "reshuffle")
_ACTIONS: Final = A.ACTIONS
FULL_DECK: Final = (1 << DECK_SIZE) - 1

# Scalar slots of _v: the core's first (PHASE, TO_MOVE, DEALER and the log lengths
# DEAL_NO, GAMES_DONE, ACTION_NO, TRICK_NO; see jick.core.undo), then Lift Smoke's own.
# DEAL_NO counts the games logged, GAME_NO is the number of the current game
# (they differ in a session started at a later game, see at_game).
GAMES_DONE = RESULTS_NO
GAME_NO, TRUMP_SUIT, TRUMP_CARD, STOCK_SRC, STOCK_POS, LEADER, TRICK_LEN, PART = range(7, 15)
DISCARD, POT, WINNER, PENDING, SEATED, TC_HELD = range(15, 21)
# Per-seat arrays (6 slots each)
HAND, SCORE, T_SEAT, T_CARD = 21, 27, 33, 39
V_SIZE = 45

#: Reasons a game is won (SPEC 5.4).
LAST_SURVIVOR = "last survivor"
LAST_TRICK = "last trick"

CardLike = Card | str | int


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won, and the winner's draw."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    #: The winner drew a card (the stock, or a reshuffled stock, had one).
    drew: bool
    #: The discard pile was reshuffled into a new stock before the draw.
    reshuffled: bool

    def __str__(self) -> str:
        plays = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        draw = " (reshuffle, draws)" if self.reshuffled else " (draws)" if self.drew else ""
        return f"{plays} -> {self.winner}{draw}"


@dataclass(frozen=True)
class GameResult:
    """The public outcome of one game (one pot)."""

    #: 1-based number of the game in the session.
    game_number: int
    dealer: int
    #: Seats dealt in (all seats unless a bankroll ran out).
    seated: tuple[int, ...]
    trump: int
    #: The card turned for trump (``None`` only for a test position without one).
    trump_card: Card | None
    pot: int
    winner: int
    #: ``"last survivor"`` or ``"last trick"`` (SPEC 5.4 cases 1 and 2).
    reason: str
    tricks: int
    reshuffles: int
    #: Chip totals of every seat after the pot was paid.
    scores: tuple[int, ...]


@dataclass
class GameLog:
    """One game of the session as a record holds it.

    ``deck`` is the full deck order, top first (empty for a test position made
    by :meth:`LiftSmokeState.from_position`); ``stock`` is the stock it left,
    top first; ``reshuffles`` holds each new stock order made from the discard
    pile, in order. ``actions`` are ``(seat, action id)``.
    """

    deck: tuple[int, ...]
    dealer: int
    seated: tuple[int, ...]
    stock: tuple[int, ...]
    actions: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    reshuffles: list[tuple[int, ...]] = field(default_factory=list)
    outcome: str = ""

    def copy(self) -> GameLog:
        return GameLog(
            self.deck,
            self.dealer,
            self.seated,
            self.stock,
            self.actions.copy(),
            self.tricks.copy(),
            self.reshuffles.copy(),
            self.outcome,
        )

    def as_tuple(self) -> tuple[object, ...]:
        """Everything the log holds, as a value (for equality checks in tests)."""
        return (
            self.deck,
            self.dealer,
            self.seated,
            self.stock,
            tuple(self.actions),
            tuple(self.tricks),
            tuple(self.reshuffles),
            self.outcome,
        )


def shuffled(cards: Iterable[int], seed: int, *counters: object) -> tuple[int, ...]:
    """A seeded order of ``cards`` that depends only on the seed and the counters.

    >>> shuffled(range(52), 1, "deal", 0) == shuffled(range(52), 1, "deal", 0) != shuffled(range(52), 1, "deal", 1)
    True
    """
    key = random.Random("liftsmoke:" + ":".join(str(x) for x in (seed, *counters))).random
    return tuple(sorted(cards, key=lambda _c: key()))


def _index(card: CardLike) -> int:
    if isinstance(card, Card):
        return card.index
    if isinstance(card, int):
        return card
    return parse_card(card).index


class LiftSmokeState(TrickState[GameLog, GameResult]):
    """A Lift Smoke session under one rule set; see :mod:`jick.engine` for the protocol.

    Sessions with ``games_per_session = None`` never end by themselves
    (``is_terminal`` stays False and a new game is dealt after each pot);
    the table stops one with :meth:`end_session`, and meanwhile
    :attr:`game_results` and :attr:`scores` report every finished game.
    """

    game_name: str = "liftsmoke"
    _actions = _ACTIONS
    _title = "Lift Smoke"
    _phase_names = PHASE_NAMES
    _over = OVER
    _wait_deal = WAIT_DEAL
    _match_word = "session"
    _deal_word = "game"
    _play_phase = PLAY
    _hand = HAND
    _score = SCORE
    _leader = LEADER
    _trick_len = TRICK_LEN
    _t_seat = T_SEAT
    _t_card = T_CARD

    def __init__(
        self,
        rules: LiftSmokeRules,
        seed: int | None = None,
        decks: Sequence[Sequence[CardLike]] | None = None,
        first_dealer: int | None = None,
        reshuffles: Sequence[Sequence[Sequence[CardLike]]] | None = None,
    ) -> None:
        self._setup(rules, match_seed(seed, decks), decks, first_dealer, reshuffles)
        self._start_game()

    def _setup(
        self,
        rules: LiftSmokeRules,
        seed: int | None,
        decks: Sequence[Sequence[CardLike]] | None,
        first_dealer: int | None,
        reshuffles: Sequence[Sequence[Sequence[CardLike]]] | None,
    ) -> None:
        self.rules = rules
        n = rules.num_players
        self._deck_cards = tuple(range(DECK_SIZE))
        self._open(n, seed, decks, first_dealer)
        self._reshuffles: list[list[tuple[int, ...]]] = []
        for k, orders in enumerate(reshuffles or ()):
            try:
                self._reshuffles.append([tuple(_index(c) for c in order) for order in orders])
            except NotationError as exc:
                raise RecordError(f"reshuffles of game {k + 1}: {exc}") from None
        self._reshuffle_mode = rules.on_stock_exhausted is OnStockExhausted.RESHUFFLE_DISCARDS
        self._set_aside = rules.trump_card is TrumpCard.STOCK_TOP_SET_ASIDE
        self._v = [0] * V_SIZE
        v = self._v
        v[DEALER] = self.first_dealer
        v[WINNER] = -1
        v[PENDING] = -1
        v[TRUMP_SUIT] = -1
        v[TRUMP_CARD] = -1
        v[STOCK_SRC] = -1
        start = rules.bankroll if rules.bankroll is not None else 0
        for s in range(n):
            v[SCORE + s] = start

    # ------------------------------------------------------------------ test positions
    @classmethod
    def from_position(
        cls,
        rules: LiftSmokeRules,
        *,
        hands: Mapping[int, Iterable[CardLike]],
        trump: int | str,
        leader: int,
        dealer: int | None = None,
        stock: Iterable[CardLike] | int = (),
        trump_card: CardLike | None = None,
        pot: int | None = None,
        scores: Sequence[int] | None = None,
        seed: int | None = None,
        reshuffles: Sequence[Sequence[CardLike]] = (),
    ) -> LiftSmokeState:
        """A game already under way, for tests and analysis only (SPEC 6.11 mid-game scenarios).

        Some positions of the SPEC scenarios cannot arise from a deal (four
        active hands of 1, 1, 1 and 2 cards with 20 in the stock, say), so
        tests set them up here. All seats are seated; ``hands`` gives the
        cards of the seats still holding some (others hold none). ``stock``
        is the stock top first, or a number of cards to take from the unplaced
        cards in index order. ``trump_card`` is the turned card: under
        ``dealer_last_card`` it is known to be in the dealer's hand if it is
        there, under ``stock_top_set_aside`` it is set aside. Every other card
        is in the discard pile (played earlier). ``pot`` defaults to ante x
        players and ``scores`` to minus one ante each. ``reshuffles`` are
        explicit reshuffle orders for this game. The game has no deck order,
        so it cannot be written as a record; after it the next game is dealt
        from ``seed`` (or waits for :meth:`deal`).
        """
        self = cls.__new__(cls)
        self._setup(rules, seed, None, dealer if dealer is not None else (leader - 1) % rules.num_players, [reshuffles])
        n = self._n
        v = self._v
        used = 0

        def take(card: int, where: str) -> int:
            nonlocal used
            if not 0 <= card < DECK_SIZE:
                raise ValueError(f"{where}: {CARDS[card]} is not in the Lift Smoke deck")
            if used >> card & 1:
                raise ValueError(f"{where}: {CARDS[card]} is placed twice")
            used |= 1 << card
            return card

        for seat, cards in hands.items():
            if not 0 <= seat < n:
                raise ValueError(f"no seat {seat} at a {n}-player table")
            for c in cards:
                v[HAND + seat] |= 1 << take(_index(c), f"hand of seat {seat}")
        if not v[HAND + leader]:
            raise ValueError(f"the leader, seat {leader}, holds no cards")
        tc = -1
        if trump_card is not None:
            tc = _index(trump_card)
            if self._set_aside:
                take(tc, "set-aside trump card")
        if isinstance(stock, int):
            free = [c for c in range(DECK_SIZE) if not used >> c & 1 and c != tc]
            stock_order = tuple(free[:stock])
        else:
            stock_order = tuple(_index(c) for c in stock)
        for c in stock_order:
            take(c, "stock")
        if tc >= 0 and not self._set_aside and tc in stock_order:
            raise ValueError(f"the turned trump card {CARDS[tc]} cannot be in the stock")
        v[DISCARD] = FULL_DECK & ~used
        v[TRUMP_SUIT] = suit_of_name(trump) if isinstance(trump, str) else trump
        v[TRUMP_CARD] = tc
        held = not self._set_aside and tc >= 0 and v[HAND + v[DEALER]] >> tc & 1
        v[TC_HELD] = 1 if held else 0
        v[SEATED] = (1 << n) - 1
        active = sum(1 << s for s in range(n) if v[HAND + s])
        if active.bit_count() < 2:
            raise ValueError("a game in progress needs at least two players holding cards")
        v[PART] = active
        v[PHASE] = PLAY
        v[LEADER] = v[TO_MOVE] = leader
        v[POT] = rules.ante * n if pot is None else pot
        for s in range(n):
            v[SCORE + s] = scores[s] if scores is not None else v[SCORE + s] - rules.ante
        v[GAME_NO] = v[DEAL_NO] = 1
        self._deals.append(GameLog((), v[DEALER], tuple(range(n)), stock_order))
        return self

    @classmethod
    def at_game(
        cls,
        rules: LiftSmokeRules,
        deck: Sequence[CardLike],
        *,
        dealer: int,
        scores: Sequence[int] | None = None,
        results: Sequence[GameResult] = (),
        game_number: int | None = None,
        seed: int | None = None,
    ) -> LiftSmokeState:
        """A session that starts at a later game: ``dealer`` deals ``deck`` after the games in ``results``.

        For search (the worlds a bot samples) and analysis: ``scores`` are the
        chip totals before this game's antes (they decide who can ante under a
        bankroll), ``results`` the finished games and ``game_number`` the
        1-based number of this game (default: one more than ``results``), so
        observations show the same table as the real session. The earlier
        games' play is not kept (no record, and ``undo`` stops at this game);
        reshuffles and later games come from ``seed`` or wait at a chance node.

        >>> from jick.games.liftsmoke import load_preset
        >>> s = LiftSmokeState.at_game(load_preset("lift_smoke"), shuffled(range(52), 3, "deal", 0),
        ...                            dealer=2, scores=(5, 0, -2, -3))
        >>> s.current_player, s.scores, s.pot, s.observation(0).game_number
        (3, (4, -1, -3, -4), 4, 1)
        """
        self = cls.__new__(cls)
        self._setup(rules, seed, None, dealer, None)
        v = self._v
        if scores is not None:
            if len(scores) != self._n:
                raise ValueError(f"{len(scores)} scores for {self._n} players")
            v[SCORE : SCORE + self._n] = list(scores)
        self._results = list(results)
        v[GAMES_DONE] = len(results)
        v[GAME_NO] = (len(results) + 1 if game_number is None else game_number) - 1
        self._start_game(self._check_cards(deck, "deck"))
        return self

    # ------------------------------------------------------------------ decks
    def _check_deck(self, deck: Sequence[CardLike], index: int) -> tuple[int, ...]:
        return self._check_cards(deck, f"deck of game {index + 1}")

    def _check_cards(self, deck: Sequence[CardLike], what: str) -> tuple[int, ...]:
        try:
            cards = tuple(_index(c) for c in deck)
        except NotationError as exc:
            raise RecordError(f"{what}: {exc}") from None
        if sorted(cards) != list(range(DECK_SIZE)):
            raise RecordError(f"{what} is not the 52-card deck (each card once, no jokers)")
        return cards

    def _next_deck(self) -> tuple[int, ...] | None:
        k = self._v[GAME_NO]
        if k < len(self._decks):
            return self._decks[k]
        if self.seed is not None:
            return shuffled(range(DECK_SIZE), self.seed, "deal", k)
        return None

    def _next_reshuffle(self) -> tuple[int, ...] | None:
        k = self._v[GAME_NO] - 1
        r = len(self._deals[-1].reshuffles)
        if k < len(self._reshuffles) and r < len(self._reshuffles[k]):
            return self._reshuffles[k][r]
        if self.seed is not None:
            return shuffled(bit_list(self._v[DISCARD]), self.seed, "reshuffle", k, r)
        return None

    def parse_action(self, text: str) -> Action:
        """The Play named by card notation; :class:`NotationError` for anything else."""
        return A.action_from_text(text)

    def returns(self) -> tuple[float, ...]:
        """1.0 for the session winner once the session is over; all 0.0 before, and after a tie."""
        winner = self._v[WINNER]
        return tuple(1.0 if s == winner else 0.0 for s in range(self._n))

    def _copy_into(self, other: LiftSmokeState) -> None:
        other.rules = self.rules
        other._reshuffles = self._reshuffles
        other._reshuffle_mode = self._reshuffle_mode
        other._set_aside = self._set_aside

    # ------------------------------------------------------------------ apply / undo
    def _move(self, seat: int, aid: int) -> None:
        try:
            self._play(seat, aid)
        except RecordError:  # a reshuffle order that does not fit: the action is refused
            self._take_back()
            raise

    def _restore(self, snapshot: Sequence[int]) -> None:
        super()._restore(snapshot)
        if self._deals:
            del self._deals[-1].reshuffles[self._v[STOCK_SRC] + 1 :]

    # ------------------------------------------------------------------ chance nodes and the table
    def deal(self, deck: Sequence[CardLike]) -> None:
        """Supply the deck order (top first) of the next game when the state waits at a chance node."""
        if self._v[PHASE] != WAIT_DEAL:
            raise IllegalAction("no deal is awaited: the next deck comes from the seed or the deck list")
        cards = self._check_cards(deck, f"deck of game {self._v[GAME_NO] + 1}")
        self._push(SuppliedDeck(cards))
        self._start_game(cards)

    def reshuffle(self, order: Sequence[CardLike]) -> None:
        """Supply the new stock order (top first) made from the discard pile, when awaited."""
        v = self._v
        if v[PHASE] != WAIT_RESHUFFLE:
            raise IllegalAction("no reshuffle is awaited")
        try:
            cards = tuple(_index(c) for c in order)
        except NotationError as exc:
            raise RecordError(f"reshuffle order: {exc}") from None
        self._check_reshuffle(cards)
        self._push(SuppliedReshuffle(cards))
        winner = v[PENDING]
        v[PENDING] = -1
        v[PHASE] = PLAY
        self._do_reshuffle(cards)
        self._draw(winner)
        self._after_trick(winner)

    def end_session(self) -> None:
        """Stop the session now (the way to end one with ``games_per_session = None``).

        A game in progress is abandoned: its antes go back to the players and
        its log gets the outcome ``"abandoned: session ended"``. The session
        winner is the seat with the most chips (``None`` on a tie). Undo takes
        it back.
        """
        v = self._v
        if v[PHASE] == OVER:
            raise IllegalAction("the session is over")
        self._push(EndSession())
        if v[PHASE] in (PLAY, WAIT_RESHUFFLE):
            for s in bit_list(v[SEATED]):
                v[SCORE + s] += self.rules.ante
            v[POT] = 0
            self._deals[-1].outcome = "abandoned: session ended"
        self._finish_session()

    # ------------------------------------------------------------------ deal
    def _start_game(self, supplied: tuple[int, ...] | None = None) -> None:
        v = self._v
        rules = self.rules
        n = self._n
        ante = rules.ante
        if rules.bankroll is not None and ante > 0:
            seated = sum(1 << s for s in range(n) if v[SCORE + s] >= ante)
        else:
            seated = (1 << n) - 1
        if seated.bit_count() < 2:
            self._finish_session()
            return
        deck = supplied if supplied is not None else self._next_deck()
        if deck is None:
            v[PHASE] = WAIT_DEAL
            return
        dealer = v[DEALER]
        order = [(dealer + j) % n for j in range(1, n + 1) if seated >> ((dealer + j) % n) & 1]
        size = len(order)
        for s in range(n):
            v[HAND + s] = 0
        for i in range(size * size):
            v[HAND + order[i % size]] |= 1 << deck[i]
        if self._set_aside:
            trump_card = deck[size * size]
            stock = deck[size * size + 1 :]
        else:
            trump_card = deck[size * size - 1]
            stock = deck[size * size :]
        for s in order:
            v[SCORE + s] -= ante
        v[POT] = ante * size
        v[SEATED] = seated
        v[TRUMP_CARD] = trump_card
        v[TRUMP_SUIT] = trump_card // 13
        v[TC_HELD] = 0 if self._set_aside else 1
        v[STOCK_SRC] = -1
        v[STOCK_POS] = 0
        v[DISCARD] = 0
        v[TRICK_LEN] = 0
        v[TRICK_NO] = 0
        v[PENDING] = -1
        v[PART] = seated
        v[PHASE] = PLAY
        v[LEADER] = v[TO_MOVE] = order[0]
        v[GAME_NO] += 1
        v[DEAL_NO] += 1
        v[ACTION_NO] = 0
        self._deals.append(GameLog(tuple(deck), dealer, tuple(sorted(order)), tuple(stock)))

    # ------------------------------------------------------------------ play
    def _play(self, seat: int, card: int) -> None:
        v = self._v
        bit = 1 << card
        v[HAND + seat] ^= bit
        if card == v[TRUMP_CARD]:
            v[TC_HELD] = 0
        pos = v[TRICK_LEN]
        v[T_SEAT + pos] = seat
        v[T_CARD + pos] = card
        pos += 1
        v[TRICK_LEN] = pos
        if pos < v[PART].bit_count():
            v[TO_MOVE] = self._next_in(v[PART], (seat + 1) % self._n)
            return
        cards = v[T_CARD : T_CARD + pos]
        winner = v[T_SEAT + trick_winner(cards, pos, v[TRUMP_SUIT])]
        mask = 0
        for c in cards:
            mask |= 1 << c
        v[DISCARD] |= mask
        stock_left = self._stock_size()
        reshuffle = stock_left == 0 and self._reshuffle_mode
        self._deals[-1].tricks.append(
            Trick(
                v[LEADER],
                tuple((v[T_SEAT + i], CARDS[v[T_CARD + i]]) for i in range(pos)),
                winner,
                stock_left > 0 or reshuffle,
                reshuffle,
            )
        )
        v[TRICK_LEN] = 0
        v[TRICK_NO] += 1
        if reshuffle:
            order = self._next_reshuffle()
            if order is None:
                v[PHASE] = WAIT_RESHUFFLE
                v[PENDING] = winner
                return
            self._check_reshuffle(order)
            self._do_reshuffle(order)
        if self._stock_size():
            self._draw(winner)
        self._after_trick(winner)

    def _stock_source(self) -> tuple[int, ...]:
        game = self._deals[-1]
        src = self._v[STOCK_SRC]
        return game.stock if src < 0 else game.reshuffles[src]

    def _stock_size(self) -> int:
        return len(self._stock_source()) - self._v[STOCK_POS]

    def _check_reshuffle(self, order: tuple[int, ...]) -> None:
        pile = self._v[DISCARD]
        mask = 0
        for c in order:
            mask |= 1 << c if 0 <= c < DECK_SIZE else 0
        if len(order) != pile.bit_count() or mask != pile:
            k = self._v[GAME_NO]
            r = len(self._deals[-1].reshuffles) + 1
            raise RecordError(
                f"game {k}, reshuffle {r}: the order must hold exactly the {pile.bit_count()} cards of the "
                "discard pile, each once"
            )

    def _do_reshuffle(self, order: tuple[int, ...]) -> None:
        v = self._v
        game = self._deals[-1]
        game.reshuffles.append(order)
        v[STOCK_SRC] = len(game.reshuffles) - 1
        v[STOCK_POS] = 0
        v[DISCARD] = 0

    def _draw(self, seat: int) -> None:
        v = self._v
        card = self._stock_source()[v[STOCK_POS]]
        v[STOCK_POS] += 1
        v[HAND + seat] |= 1 << card

    def _after_trick(self, winner: int) -> None:
        """Drop-outs, the end of the game (SPEC 5.4) and the next leader (SPEC 5.3)."""
        v = self._v
        active = sum(1 << s for s in range(self._n) if v[HAND + s])
        count = active.bit_count()
        if count == 1:
            self._end_game(active.bit_length() - 1, LAST_SURVIVOR)
            return
        if count == 0:
            self._end_game(winner, LAST_TRICK)
            return
        leader = self._next_in(active, winner)
        v[PART] = active
        v[LEADER] = v[TO_MOVE] = leader

    # ------------------------------------------------------------------ pots and the session
    def _end_game(self, winner: int, reason: str) -> None:
        v = self._v
        game = self._deals[-1]
        pot = v[POT]
        v[SCORE + winner] += pot
        v[POT] = 0
        v[GAMES_DONE] += 1
        tc = v[TRUMP_CARD]
        self._results.append(
            GameResult(
                game_number=v[GAMES_DONE],
                dealer=game.dealer,
                seated=game.seated,
                trump=v[TRUMP_SUIT],
                trump_card=CARDS[tc] if tc >= 0 else None,
                pot=pot,
                winner=winner,
                reason=reason,
                tricks=len(game.tricks),
                reshuffles=len(game.reshuffles),
                scores=tuple(v[SCORE : SCORE + self._n]),
            )
        )
        game.outcome = f"seat {winner} wins the pot ({reason})"
        limit = self.rules.games_per_session
        if limit is not None and v[GAMES_DONE] >= limit:
            self._finish_session()
            return
        v[DEALER] = winner  # "The winner of the pot deals for the next game"
        self._start_game()

    def _finish_session(self) -> None:
        v = self._v
        v[PHASE] = OVER
        scores = v[SCORE : SCORE + self._n]
        best = max(scores)
        v[WINNER] = scores.index(best) if scores.count(best) == 1 else -1

    # ------------------------------------------------------------------ legality
    def _legal_now(self) -> int:
        v = self._v
        return legal_plays(v[HAND + v[TO_MOVE]], v[T_CARD] if v[TRICK_LEN] else -1)

    def _why_illegal(self, action: Action) -> str:
        v = self._v
        if v[PHASE] == WAIT_RESHUFFLE:
            return "the discard pile must be reshuffled first (reshuffle(order))"
        if not isinstance(action, A.Play):
            return f"{action} is not a player's action"
        seat = v[TO_MOVE]
        card = action.card
        if not v[HAND + seat] >> card.index & 1:
            return f"{card} is not in the hand of seat {seat}"
        led = CARDS[v[T_CARD]]
        return f"{card} does not follow suit: {led} was led and seat {seat} holds {SUIT_NAMES[led.suit]}"

    # ------------------------------------------------------------------ views
    def card_name(self, index: int) -> str:
        return str(CARDS[index])

    @property
    def games(self) -> tuple[GameLog, ...]:
        """Every game so far, oldest first (the last is in progress unless it has an outcome)."""
        return self.deals

    @property
    def game_results(self) -> tuple[GameResult, ...]:
        """The result of every finished game, oldest first."""
        return self.deal_results

    @property
    def games_played(self) -> int:
        return self._v[GAMES_DONE]

    @property
    def session_ended(self) -> bool:
        """Whether the table stopped the session with :meth:`end_session` (always the last undo entry)."""
        return bool(self._undo) and isinstance(self._undo[-1], EndSession)

    @property
    def winner(self) -> int | None:
        """The seat with the most chips once the session is over (``None`` on a tie)."""
        return self._optional(WINNER)

    @property
    def trump(self) -> int | None:
        return self._optional(TRUMP_SUIT)

    @property
    def trump_card(self) -> Card | None:
        """The card turned for trump in the current game."""
        t = self._v[TRUMP_CARD]
        return CARDS[t] if t >= 0 else None

    @property
    def trump_card_holder(self) -> int | None:
        """The dealer while he still holds the turned trump card (public knowledge), else ``None``."""
        return self._deals[-1].dealer if self._v[TC_HELD] and self._deals else None

    @property
    def pot(self) -> int:
        return self._v[POT]

    @property
    def seated(self) -> tuple[int, ...]:
        """Seats dealt into the current game."""
        return tuple(bit_list(self._v[SEATED]))

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still holding cards."""
        return tuple(s for s in range(self._n) if self._v[HAND + s])

    @property
    def leader(self) -> int:
        """The seat that leads (led) the trick in progress, in every phase (the core's is None outside the play)."""
        return self._v[LEADER]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress: (seat, card) in play order."""
        return tuple([(seat, CARDS[card]) for seat, card in self._trick_in_progress()])

    def stock_cards(self) -> tuple[int, ...]:
        """The stock, top first (hidden information)."""
        return self._stock_source()[self._v[STOCK_POS] :] if self._deals else ()

    @property
    def discard_mask(self) -> int:
        """The discard pile (every card played since the deal or the last reshuffle)."""
        return self._v[DISCARD]

    @property
    def set_aside_mask(self) -> int:
        """The trump card set aside under ``trump_card = "stock_top_set_aside"``, else 0."""
        t = self._v[TRUMP_CARD]
        return 1 << t if self._set_aside and t >= 0 else 0

    # Read-only views for :mod:`jick.games.liftsmoke.observation` and the bots' rollouts, beside the
    # core's (deals, scores, tricks, trick_cards...): public facts, or one seat's own cards. Observers
    # read these, never ``_v``.
    @property
    def current_game(self) -> GameLog | None:
        """The log of the game in progress (the last one when none is); None before the first."""
        return self.current_deal

    @property
    def game_number(self) -> int:
        """The 1-based number of the current (or last dealt) game."""
        return self._v[GAME_NO]

    def observation(self, seat: int) -> LiftSmokeObservation:
        from jick.games.liftsmoke.observation import build_observation

        return build_observation(self, seat)

    def __repr__(self) -> str:
        return (
            f"<LiftSmokeState {self.phase} game {self._v[GAME_NO]} to move {self.current_player} "
            f"pot {self.pot} scores {self.scores}>"
        )

    @property
    def suit_name(self) -> str:
        t = self.trump
        return SUIT_NAMES[t] if t is not None else "none"

    @property
    def trump_letter(self) -> str:
        t = self.trump
        return SUITS[t] if t is not None else "-"


from jick.games.liftsmoke.observation import LiftSmokeObservation  # noqa: E402
