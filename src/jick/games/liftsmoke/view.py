"""The terminal view of Lift Smoke for ``jick play`` (see :mod:`jick.terminal`).

Players only ever play cards. The view shows the trump and the turned card,
the pot, the chips, every player's card count and the stock, announces each
trick's winner and draw, the players who run out of cards and each pot.

A session with ``games_per_session = none`` never ends by itself: a human
stops it with ``quit`` (the record is saved). When no human plays, ``jick
play`` adds ``games_per_session = 5`` unless the option was given
(:meth:`LiftSmokeView.unattended_overrides`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.cards import SUIT_NAMES, Card
from jick.engine import Action
from jick.games.liftsmoke.actions import Play
from jick.games.liftsmoke.observation import LiftSmokeObservation
from jick.games.liftsmoke.state import LiftSmokeState
from jick.terminal import OTHER_COMMANDS, Table, TerminalView

#: Games of an all-bot session whose rules set no length.
UNATTENDED_GAMES = 5


def card_text(card: Card) -> str:
    """A card with rich markup: red suits in red."""
    return f"[red]{card}[/]" if card.suit in (1, 2) else str(card)


class LiftSmokeView(TerminalView[LiftSmokeState, LiftSmokeObservation]):
    """Lift Smoke at the terminal."""

    def __init__(self, table: Table[LiftSmokeState]) -> None:
        super().__init__(table)
        self.results_seen = 0
        #: (game number, seats with cards) last announced, to report who runs out.
        self.active_seen: tuple[int, tuple[int, ...]] = (0, ())

    @staticmethod
    def unattended_overrides(rules: Any) -> Mapping[str, Any]:
        if rules.games_per_session is None:
            return {"games_per_session": UNATTENDED_GAMES}
        return {}

    def card_text(self, card: Any) -> str:
        return card_text(card)

    def hand_text(self, cards: Sequence[Card], trump: int | None) -> str:
        suits = ([trump] if trump is not None else []) + [s for s in range(4) if s != trump]
        groups = []
        for suit in suits:
            same = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
            if same:
                label = "trumps" if suit == trump else SUIT_NAMES[suit]
                groups.append(f"{label}: " + " ".join(card_text(c) for c in same))
        return "  ".join(groups) or "no cards"

    def scores_text(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.who(s)} {v}" for s, v in enumerate(scores))

    # ------------------------------------------------------------ narration
    def intro(self) -> None:
        rules = self.rules
        trump = "the dealer's last card" if rules.trump_card == "dealer_last_card" else "the top stock card"
        self.say(
            f"Ante {rules.ante} a game; trump from {trump}; only the trick winner draws; "
            "the last player holding cards wins the pot."
        )
        if rules.games_per_session is None:
            self.say("The session has no fixed length: type [bold]quit[/] to stop (the record is saved).")
        else:
            self.say(f"The session is {rules.games_per_session} games; the most chips wins.")

    def before_turn(self) -> None:
        deals = self.state.deals
        if len(deals) == self.deals_seen:
            return
        self.deals_seen = len(deals)
        obs: LiftSmokeObservation = self.state.observation(self.table.public_seat)
        self.table.console.rule(f"Game {obs.game_number}: seat {obs.dealer} deals, pot {obs.pot}", style="dim")
        if obs.trump is not None and obs.trump_card is not None:
            where = "in the dealer's hand" if obs.trump_card_holder is not None else "set aside"
            self.say(f"Trump: [bold]{SUIT_NAMES[obs.trump]}[/] (turned {card_text(obs.trump_card)}, {where})")
        self.active_seen = (obs.game_number, obs.active)

    def announce(self, seat: int, action: Action, before: LiftSmokeObservation) -> None:
        card = getattr(action, "card", None)
        self.say(f"{self.verb(seat, 'plays', 'play')} {card_text(card) if card is not None else action}")
        game = self.state.deals[before.game_number - 1]
        if len(game.tricks) > len(before.tricks):
            trick = game.tricks[len(before.tricks)]
            cards = " ".join(card_text(c) for _, c in trick.plays)
            draw = ("; the pile is reshuffled" if trick.reshuffled else "") + (
                f" and {'draw' if trick.winner == self.table.viewer else 'draws'} a card"
                if trick.drew
                else " (no card left to draw)"
            )
            self.say(f"  {self.verb(trick.winner, 'wins', 'win')} the trick ({cards}){draw}")

    def after_actions(self) -> None:
        state = self.state
        game_number, active = self.active_seen
        results = state.game_results
        if len(results) == self.results_seen:
            obs: LiftSmokeObservation = state.observation(self.table.public_seat)
            if obs.game_number == game_number and not obs.trick:  # drop-outs count once the trick is over
                for seat in active:
                    if seat not in obs.active:
                        self.say(f"  {self.verb(seat, 'is', 'are')} out of cards")
                self.active_seen = (game_number, obs.active)
        while self.results_seen < len(results):
            result = results[self.results_seen]
            self.results_seen += 1
            self.say(
                f"[bold]Game {result.game_number}:[/] {self.verb(result.winner, 'wins', 'win')} the pot of "
                f"{result.pot} ({result.reason}, {result.tricks} tricks)"
            )
            self.say(f"[bold]Chips:[/] {self.scores_text(result.scores)}")

    def finish(self) -> None:
        state = self.state
        self.table.console.rule("Session over")
        games = len(state.game_results)
        winner = state.winner
        viewer = self.table.viewer
        if winner is None:
            self.say(f"[bold]The session ends in a tie[/] after {games} games: {self.scores_text(state.scores)}")
        else:
            won = "win" if winner == viewer else "wins"
            self.say(
                f"[bold]{self.who(winner)} {won} the session[/] after {games} games: {self.scores_text(state.scores)}"
            )
        if viewer is not None:
            self.say("[bold green]You win![/]" if winner == viewer else "You lose.")

    # ------------------------------------------------------------ the human
    def show_table(self, obs: LiftSmokeObservation, again: bool = False) -> None:
        self.say("")
        self.say(
            f"[bold]Seat {obs.seat}[/] · game {obs.game_number}, dealer seat {obs.dealer} · pot {obs.pot} · "
            f"chips {self.scores_text(obs.scores)}"
        )
        if obs.trump is not None:
            turned = f" (turned {card_text(obs.trump_card)})" if obs.trump_card is not None else ""
            self.say(f"Trump: [bold]{SUIT_NAMES[obs.trump]}[/]{turned}")
        counts = ", ".join(f"{self.who(s)} {obs.hand_sizes[s]}" for s in obs.seated)
        self.say(f"Cards held: {counts} · stock {obs.stock_size}")
        if obs.trick:
            self.say("Trick: " + ", ".join(f"{self.who(s)} {card_text(c)}" for s, c in obs.trick))
        else:
            self.say("You lead.")
        self.say("Your hand: " + self.hand_text(obs.hand, obs.trump))

    def choices_text(self, obs: LiftSmokeObservation) -> str:
        return " ".join(card_text(c) for c in self.legal_cards(obs))

    @staticmethod
    def _ordered(cards: Sequence[Card], trump: int | None) -> list[Card]:
        return sorted(cards, key=lambda c: (c.suit != trump, c.suit, -c.rank))

    def show_choices(self, obs: LiftSmokeObservation) -> None:
        self.say("Legal now: " + self.choices_text(obs))
        self.say("Follow suit if you can; otherwise play any card.")
        self.say(OTHER_COMMANDS)

    def prompt(self, obs: LiftSmokeObservation) -> str:
        return "Play a card: "

    def read_actions(self, obs: LiftSmokeObservation, text: str) -> list[Action]:
        text = text.strip()
        if text.lower().startswith("play "):
            text = text[5:].strip()
        return [self.parse(obs, text)] if text else []

    def moves_text(self, obs: LiftSmokeObservation) -> str:
        """``a card you may play: AS 10S``."""
        return "a card you may play: " + " ".join(str(c) for c in self.legal_cards(obs))

    def legal_cards(self, obs: LiftSmokeObservation) -> list[Card]:
        order = {c.index: i for i, c in enumerate(self._ordered(obs.hand, obs.trump))}
        return sorted((a.card for a in obs.legal_actions if isinstance(a, Play)), key=lambda c: order.get(c.index, 99))

    def refusal(self, obs: LiftSmokeObservation, action: Action, reason: str) -> str:
        """The engine's reason in the player's words: ``5D is not in your hand``, ``you must follow hearts``."""
        card = getattr(action, "card", None)
        if isinstance(card, Card) and card.index not in {c.index for c in obs.hand}:
            return f"{card} is not in your hand"
        if isinstance(action, Play) and obs.trick:
            return f"you must follow {SUIT_NAMES[obs.trick[0][1].suit]}"
        return reason


View = LiftSmokeView
