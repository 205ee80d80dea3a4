"""The terminal view of Tarok for ``jick play`` (see :mod:`jick.terminal`).

It sorts the hand (trumps high to low, then each suit king first), shows the
auction, the widow halves the bidder looks at, the discards (by count; trumps
laid away are announced), melds, ultimo and contra, the trick in progress and
each deal's breakdown. The bidder's three discards are typed on one line and
applied all or none; the widow, contract, ultimo and contra questions also
take ``yes``/``no`` where the answer is one of two.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jick.engine import Action, IllegalAction, NotationError
from jick.games.tarok import actions as A
from jick.games.tarok.cards import SUIT_NAMES, TarokCard, trick_winner
from jick.games.tarok.observation import TarokObservation
from jick.games.tarok.state import TarokDealResult, TarokState, active_seats
from jick.terminal import OTHER_COMMANDS, Table, TerminalView, count_of, or_list

#: One-word answers for the yes/no questions, per phase.
YES_NO = {
    "widow": (A.ACTIONS[A.ACCEPT_ID], A.ACTIONS[A.REJECT_ID]),
    "ultimo": (A.ACTIONS[A.ULTIMO_ID], A.ACTIONS[A.PASS_ID]),
    "contra": (A.ACTIONS[A.CONTRA_ID], A.ACTIONS[A.PASS_ID]),
}
DISCARDS_PER_DEAL = 3


def card_text(card: TarokCard) -> str:
    """A card with rich markup: trumps in bold, red suits in red."""
    if card.is_trump:
        return f"[bold]{card}[/]"
    if card.suit in (1, 2):
        return f"[red]{card}[/]"
    return str(card)


def sort_key(card: TarokCard) -> tuple[int, int]:
    """Trumps first, highest first; then spades, hearts, diamonds, clubs, king first."""
    if card.is_trump:
        return (-1, -card.index)
    return (card.suit, -card.rank)


class TarokView(TerminalView[TarokState, TarokObservation]):
    """Tarok at the terminal."""

    def __init__(self, table: Table[TarokState]) -> None:
        super().__init__(table)
        self.results_seen = 0
        #: Cards laid away so far in the current discard turn (seat, cards).
        self.discarding: tuple[int, list[TarokCard]] | None = None
        #: (deal number, melds announced) so melds are shown once per deal.
        self.melds_seen: tuple[int, int] = (0, 0)
        self.exposed_seen: tuple[int, int] = (0, 0)

    def card_text(self, card: Any) -> str:
        return card_text(card)

    def hand_text(self, cards: Sequence[TarokCard]) -> str:
        trumps = [c for c in sorted(cards, key=sort_key) if c.is_trump]
        groups = [("trumps", trumps)] if trumps else []
        for suit, name in enumerate(("spades", "hearts", "diamonds", "clubs")):
            same = [c for c in sorted(cards, key=sort_key) if c.suit == suit]
            if same:
                groups.append((name, same))
        return "  ".join(f"{label}: " + " ".join(card_text(c) for c in group) for label, group in groups) or "none"

    def action_text(self, action: Action) -> str:
        if isinstance(action, A.Discard):
            return str(action.card)
        return super().action_text(action)

    def turn_goes_on(self, obs: TarokObservation, action: Action) -> bool:
        """A discard is one turn of several cards (typed on one line)."""
        return obs.phase == "discard" and isinstance(action, A.Discard)

    # ------------------------------------------------------------ narration
    def intro(self) -> None:
        rules = self.rules
        self.say(f"{rules.deals_per_match} deals; highest total wins. Bids: pass, threesome (first bid only), solo.")
        if rules.dealer_sits_out:
            self.say("With four players the dealer sits out each deal and shares the opponents' result.")

    def before_turn(self) -> None:
        deals = self.state.deals
        if len(deals) == self.deals_seen:
            return
        self.deals_seen = len(deals)
        obs: TarokObservation = self.state.observation(self.table.public_seat)
        out = f" (seat {obs.sitting_out} sits out)" if obs.sitting_out is not None else ""
        self.table.console.rule(
            f"Deal {obs.deal_number} of {self.rules.deals_per_match}: seat {obs.dealer} deals{out}, "
            f"seat {obs.active[0]} is forehand",
            style="dim",
        )

    def announce(self, seat: int, action: Action, before: TarokObservation) -> None:
        phase = before.phase
        if isinstance(action, A.Play):
            self.say(f"{self.verb(seat, 'plays', 'play')} {card_text(action.card)}")
            plays = list(before.trick) + [(seat, action.card)]
            if len(plays) == 3:
                winner = plays[trick_winner([c.index for _, c in plays])][0]
                cards = " ".join(card_text(c) for _, c in plays)
                self.say(f"  {self.verb(winner, 'wins', 'win')} the trick ({cards})")
        elif isinstance(action, A.Discard):
            if self.discarding is None:
                self.discarding = (seat, [])
            self.discarding[1].append(action.card)
        elif isinstance(action, A.Threesome | A.Solo):
            self.say(f"{self.verb(seat, 'bids', 'bid')} {action}")
        elif isinstance(action, A.Pass):
            what = {"ultimo": " (no ultimo)", "contra": " (no contra)"}.get(phase, "")
            self.say(self.verb(seat, "passes", "pass") + what)
        elif isinstance(action, A.AcceptWidow):
            half = "first" if not before.widow_exposed else "second"
            self.say(f"{self.verb(seat, 'accepts', 'accept')} the {half} half of the widow")
        elif isinstance(action, A.RejectWidow):
            half = "first" if not before.widow_exposed else "second"
            self.say(f"{self.verb(seat, 'rejects', 'reject')} the {half} half of the widow")
        elif isinstance(action, A.ChooseGame | A.ChooseConsolation):
            self.say(f"{self.verb(seat, 'plays', 'play')} for {action}")
        elif isinstance(action, A.Ultimo):
            self.say(f"{self.verb(seat, 'announces', 'announce')} ultimo: the pagat (I) will win the last trick")
        elif isinstance(action, A.ContraUltimo):
            self.say(f"{self.verb(seat, 'declares', 'declare')} contra-ultimo")

    def after_actions(self) -> None:
        state = self.state
        obs: TarokObservation = state.observation(self.table.public_seat)
        if self.discarding is not None and state.phase != "discard":
            seat, cards = self.discarding
            self.discarding = None
            line = f"{self.verb(seat, 'lays', 'lay')} away {count_of(len(cards))}"
            if seat == self.table.viewer:
                line += ": " + " ".join(card_text(c) for c in cards)
            else:
                trumps = [c for c in cards if c.is_trump]
                if trumps:
                    line += " (trumps announced: " + " ".join(card_text(c) for c in trumps) + ")"
            self.say(line)
        if not state.deal_results or len(state.deal_results) == self.results_seen:
            number = obs.deal_number
            if obs.widow_exposed and self.exposed_seen != (number, len(obs.widow_exposed)):
                self.exposed_seen = (number, len(obs.widow_exposed))
                self.say("Widow cards face up: " + " ".join(card_text(c) for c in obs.widow_exposed))
            if obs.melds and self.melds_seen != (number, len(obs.melds)):
                self.melds_seen = (number, len(obs.melds))
                for seat, meld in obs.melds:
                    self.say(f"{self.verb(seat, 'declares', 'declare')} {meld.replace('_', ' ')}")
        while self.results_seen < len(state.deal_results):
            result = state.deal_results[self.results_seen]
            self.results_seen += 1
            self.deal_news(result)

    def deal_news(self, result: TarokDealResult) -> None:
        """A finished deal: the contract, the card points, each award and the scores."""
        self.say(f"[bold]Deal {result.deal_number}:[/] {result.note}")
        if result.bidder is not None:
            kind = f"{result.contract} for {result.game_type}"
            mult = f", multiplier {result.multiplier}" if result.multiplier != 1 else ""
            others = [p for p in active_seats(self.state.num_players, result.dealer) if p != result.bidder]
            self.say(
                f"  {self.who(result.bidder)}: {kind}{mult}; card points: {self.bidder_text(result.bidder)} "
                f"{result.bidder_count}, {self.opponents_text(others)} {result.opponents_count}"
            )
        for award in result.awards:
            to = award.won_by or (self.who(award.seat) if award.seat is not None else "")
            if award.seat is not None and award.won_by:
                to += f" ({self.who(award.seat)})"
            self.say(f"  {award.name.replace('_', ' ')} {award.value} -> {to}")
        changes = ", ".join(f"{self.who(s)} {d:+d}" for s, d in enumerate(result.changes))
        self.say(f"  changes: {changes}")
        self.say(f"[bold]Scores:[/] {self.scores_text(result.scores)}")

    def bidder_text(self, bidder: int) -> str:
        """The bidder's side of a deal: ``you (bidder)``, ``seat 1 (bidder)``."""
        return f"{self.who(bidder)} (bidder)"

    def opponents_text(self, opponents: Sequence[int]) -> str:
        """The bidder's opponents together: ``you and seat 2``, ``seats 0 and 2 (opponents)``."""
        viewer = self.table.viewer
        if viewer in opponents:
            return "you and " + " and ".join(f"seat {s}" for s in opponents if s != viewer)
        return "seats " + " and ".join(str(s) for s in opponents) + " (opponents)"

    def finish(self) -> None:
        state = self.state
        self.table.console.rule("Match over")
        deals = len(state.deal_results)
        winners = state.winners
        names = " and ".join(self.who(s) for s in winners)
        verb = "win" if len(winners) > 1 or winners[0] == self.table.viewer else "wins"
        self.say(f"[bold]{names} {verb} the match[/] after {deals} deals: {self.scores_text(state.scores)}")
        viewer = self.table.viewer
        if viewer is not None:
            self.say("[bold green]You win![/]" if viewer in winners else "You lose.")

    # ------------------------------------------------------------ the human
    def widow_shown(self, obs: TarokObservation) -> tuple[TarokCard, ...]:
        """The widow half the bidder decides on now."""
        exposed = set(obs.widow_exposed)
        return tuple(c for c in obs.widow_seen if c not in exposed)

    def discards_left(self, obs: TarokObservation) -> int:
        return DISCARDS_PER_DEAL - obs.discard_count

    def show_table(self, obs: TarokObservation, again: bool = False) -> None:
        self.say("")
        out = f", seat {obs.sitting_out} sits out" if obs.sitting_out is not None else ""
        self.say(
            f"[bold]Seat {obs.seat} ({obs.role})[/] · deal {obs.deal_number} of {self.rules.deals_per_match}, "
            f"dealer seat {obs.dealer}{out} · scores {self.scores_text(obs.scores)}"
        )
        if obs.bids and obs.phase == "auction":
            self.say("Bids: " + ", ".join(f"{self.who(s)}: {a}" for s, a in obs.bids))
        if obs.bidder is not None and obs.contract is not None:
            line = f"Contract: {self.who(obs.bidder)} {obs.contract}"
            if obs.game_type:
                line += f" for {obs.game_type}"
            others = [p for p in obs.active if p != obs.bidder]
            if obs.seat in others:
                line += f" against {self.opponents_text(others)}"
            if obs.multiplier > 1:
                line += f", multiplier {obs.multiplier}"
            if obs.ultimo:
                line += ", ultimo announced"
            if obs.contra is not None:
                line += f", contra by {self.who(obs.contra)}"
            self.say(line)
        if obs.phase == "widow":
            self.say("Widow half shown to you: " + " ".join(card_text(c) for c in self.widow_shown(obs)))
        if obs.widow_exposed:
            self.say("Widow cards face up: " + " ".join(card_text(c) for c in obs.widow_exposed))
        if obs.own_discards:
            self.say("You laid away: " + " ".join(card_text(c) for c in obs.own_discards))
        elif obs.announced_discards:
            self.say("Trumps laid away: " + " ".join(card_text(c) for c in obs.announced_discards))
        if obs.melds:
            self.say("Melds: " + ", ".join(f"{self.who(s)} {m.replace('_', ' ')}" for s, m in obs.melds))
        if obs.phase == "play":
            self.say("Tricks won: " + ", ".join(f"{self.who(s)} {obs.tricks_won[s]}" for s in obs.active))
            if obs.trick:
                self.say("Trick: " + ", ".join(f"{self.who(s)} {card_text(c)}" for s, c in obs.trick))
            else:
                self.say("You lead.")
        self.say("Your hand: " + self.hand_text(obs.hand))

    def choices_text(self, obs: TarokObservation) -> str:
        cards = sorted((a.card for a in obs.legal_actions if isinstance(a, A.Play | A.Discard)), key=sort_key)
        words = [card_text(c) for c in cards]
        words.extend(str(a) for a in obs.legal_actions if not isinstance(a, A.Play | A.Discard))
        return " ".join(words)

    def show_choices(self, obs: TarokObservation) -> None:
        self.say("Legal now: " + self.choices_text(obs))
        if obs.phase == "discard":
            need = self.discards_left(obs)
            self.say(
                f"Type the {count_of(need)} to lay away on one line (e.g. {self.example_discard(obs)}); "
                "kings may not be laid away and trumps laid away are announced."
            )
        elif obs.phase in YES_NO:
            yes, no = YES_NO[obs.phase]
            self.say(f"yes = {yes}, no = {no}")
        self.say(OTHER_COMMANDS)

    def prompt(self, obs: TarokObservation) -> str:
        words = [str(a) for a in obs.legal_actions]
        if obs.phase == "auction":
            return f"Your bid ({', '.join(words)}): "
        if obs.phase == "widow":
            shown = " ".join(str(c) for c in self.widow_shown(obs))
            return f"Widow half {shown}: accept or reject? "
        if obs.phase == "discard":
            return f"Lay away {count_of(self.discards_left(obs))}: "
        if obs.phase == "contract":
            return "Play for game (36+ card points) or consolation (35 or fewer)? "
        if obs.phase == "ultimo":
            return "Announce ultimo (your pagat wins the last trick)? ultimo or pass: "
        if obs.phase == "contra":
            return "Declare contra-ultimo against the bidder's pagat? contra or pass: "
        return "Play a card: "

    def read_actions(self, obs: TarokObservation, text: str) -> list[Action]:
        low = text.lower()
        for word in ("bid ", "play ", "discard ", "lay "):
            if low.startswith(word):
                text, low = text[len(word) :].strip(), low[len(word) :].strip()
        if obs.phase in YES_NO and low in ("yes", "y", "no", "n"):
            yes, no = YES_NO[obs.phase]
            return [yes if low.startswith("y") else no]
        if obs.phase != "discard":
            return [self.parse(obs, text)] if text else []
        need = self.discards_left(obs)
        tokens = text.replace(",", " ").split()
        actions: list[Action] = []
        for token in tokens:
            action = self.parse(obs, token)
            if not isinstance(action, A.Discard):
                raise NotationError(f"{token!r} is not a card to lay away; type {self.moves_text(obs)}")
            if action in actions:
                raise IllegalAction(f"you named {token} twice")
            actions.append(action)
        if len(actions) != need:
            raise IllegalAction(f"lay away {count_of(need)}, not {len(actions)}: nothing was laid away")
        return actions

    def example_discard(self, obs: TarokObservation) -> str:
        """The lowest suit cards that may be laid away, as many as the turn takes."""
        need = self.discards_left(obs)
        suit_cards = [a.card for a in obs.legal_actions if isinstance(a, A.Discard) and not a.card.is_trump]
        return " ".join(str(c) for c in sorted(suit_cards, key=sort_key)[-need:])

    def moves_text(self, obs: TarokObservation) -> str:
        """What may be typed in this phase: ``pass, threesome or solo``, ``accept or reject (yes or no)``."""
        legal = obs.legal_actions
        if obs.phase == "discard":
            return (
                f"the {count_of(self.discards_left(obs))} to lay away, on one line (e.g. {self.example_discard(obs)})"
            )
        if obs.phase == "play":
            cards = sorted((a.card for a in legal if isinstance(a, A.Play)), key=sort_key)
            return "a card you may play: " + " ".join(str(c) for c in cards)
        words = or_list([str(a) for a in legal])
        return f"{words} (yes or no)" if obs.phase in YES_NO else words

    def refusal(self, obs: TarokObservation, action: Action, reason: str) -> str:
        """The engine's reason in the player's words: ``XV is not in your hand``, ``you must follow hearts``."""
        card = getattr(action, "card", None)
        if (
            obs.phase in ("discard", "play")
            and isinstance(card, TarokCard)
            and card.index not in {c.index for c in obs.hand}
        ):
            return f"{card} is not in your hand"
        if obs.phase == "discard" and isinstance(action, A.Discard):
            if self.rules.discard_forbidden == "kings":
                return "kings may not be laid away"
            return "kings and the trull (I, XXI, SKUS) may not be laid away"
        if obs.phase == "auction" and isinstance(action, A.Threesome):
            return "threesome is only the first bid: overcall with solo, or pass"
        if obs.phase == "play" and isinstance(action, A.Play) and obs.trick:
            led = obs.trick[0][1]
            higher = ""
            if self.rules.overtrump_required:
                top = max((c.index for _, c in obs.trick if c.is_trump), default=-1)
                if top >= 0 and any(c.is_trump and c.index > top for c in obs.hand):
                    higher = " higher than " + next(str(c) for _, c in obs.trick if c.index == top)
            if led.is_trump:
                return f"trump was led: you must play a trump{higher}"
            if any(c.suit == led.suit for c in obs.hand):
                return f"you must follow {SUIT_NAMES[led.suit]}"
            return f"you hold no {SUIT_NAMES[led.suit]}: you must play a trump{higher}"
        doing = {
            "auction": "you are bidding",
            "widow": "you are shown a widow half",
            "discard": "you are laying away",
            "contract": "you choose the contract",
            "ultimo": "you may announce ultimo",
            "contra": "you may declare contra-ultimo",
            "play": "that is not a card",
        }.get(obs.phase, "you are to act")
        return f"{doing}: type {self.moves_text(obs)}"


View = TarokView
