"""The terminal view of Smear for ``jick play`` (see :mod:`jick.terminal`).

It sorts the hand by trump order, announces bids, discards (other seats'
by count only), tricks and each hand's point breakdown, and reads a whole
discard set from one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jick.cards import SUIT_NAMES, Card, parse_card, suit_of_name
from jick.engine import Action, IllegalAction, NotationError
from jick.games.smear import actions as A
from jick.games.smear.observation import SmearObservation
from jick.games.smear.report import POINT_LABELS, SAME_DEALER, after_unplayed, format_hand, hand_report, side_name
from jick.games.smear.state import SmearState
from jick.games.smear.tables import trick_winner, trump_table
from jick.terminal import NO_TRICK_YET, OTHER_COMMANDS, Table, TerminalView, count_of, or_list


def card_text(card: Card) -> str:
    """A card with rich markup: red suits in red, jokers in bold."""
    if card.is_joker:
        return f"[bold]{card}[/]"
    if card.suit in (1, 2):
        return f"[red]{card}[/]"
    return str(card)


def sorted_hand(cards: Sequence[Card], obs: SmearObservation) -> list[tuple[str, list[Card]]]:
    """The hand in groups: trumps first in trump order once trump is known, then each suit high to low."""
    if obs.trump is None:
        groups: list[tuple[str, list[Card]]] = [("jokers", [c for c in cards if c.is_joker])]
        for suit in range(4):
            groups.append((SUIT_NAMES[suit], sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)))
        return [(label, group) for label, group in groups if group]
    table = trump_table(obs.rules, obs.trump)
    position = {card: i for i, card in enumerate(table.order)}
    held = {c.index: c for c in cards}
    groups = [("trumps", [held[c] for c in sorted(held, key=lambda c: position.get(c, 99)) if c in position])]
    for suit in range(4):
        if suit == obs.trump:
            continue
        same = [c for c in cards if c.index not in position and table.eff_suit[c.index] == suit]
        groups.append((SUIT_NAMES[suit], sorted(same, key=lambda c: -c.rank)))
    return [(label, group) for label, group in groups if group]


def hand_line(cards: Sequence[Card], obs: SmearObservation) -> str:
    return "  ".join(f"{label}: " + " ".join(card_text(c) for c in group) for label, group in sorted_hand(cards, obs))


def trick_card_text(card: Card, trump: int | None, rules: Any) -> str:
    """A card of a trick; a Jick or joker is marked as the trump it is once trump is named (``JD (trump)``)."""
    text = card_text(card)
    if trump is not None and (card.is_joker or card.suit != trump) and card.index in trump_table(rules, trump).order:
        return f"{text} (trump)"
    return text


def seats_text(seats: Sequence[int]) -> str:
    """``seat 1``, ``seats 1 and 3``, ``seats 1, 3 and 5``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


class SmearView(TerminalView[SmearState, SmearObservation]):
    """Smear at the terminal: sides, bids, trump, discards, tricks and hand points."""

    def __init__(self, table: Table[SmearState]) -> None:
        super().__init__(table)
        self.sides = [side_name(self.rules, s) for s in range(self.state.num_sides)]
        #: The viewer's side, when the viewer has partners: the sides then read "us" and "them".
        self.our_side: int | None = None
        viewer = table.viewer
        if viewer is not None and self.state.num_sides < self.state.num_players:
            self.our_side = self.rules.side_of(viewer)
            self.sides = [self.side_word(side) for side in range(self.state.num_sides)]
        elif viewer is not None:  # everyone for himself: the viewer's side is "you"
            self.sides[self.rules.side_of(viewer)] = "you"
        self.hands_seen = 0
        #: Seat in its discard turn -> (cards it discarded, its hand when the turn began).
        self.discarding: dict[int, tuple[list[Card], tuple[Card, ...]]] = {}

    def card_text(self, card: Any) -> str:
        return card_text(card)

    # ------------------------------------------------------------ sides
    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.state.num_players) if self.rules.side_of(s) == side]

    def side_word(self, side: int) -> str:
        """``us`` and ``them`` (two sides), or ``us`` and each other side by its seats."""
        if side == self.our_side:
            return "us"
        if self.state.num_sides == 2:
            return "them"
        return side_name(self.rules, side)

    def side_members(self, side: int) -> str:
        """Who a side is: ``you and seat 2``, ``seats 1 and 3``."""
        seats = self.side_seats(side)
        if self.table.viewer in seats:
            others = [s for s in seats if s != self.table.viewer]
            return "you and " + seats_text(others) if others else "you"
        return seats_text(seats)

    def side_wins(self, side: int) -> str:
        """A side winning, as a sentence's start: ``We win``, ``They win``, ``Seat 1 wins``, ``Seats 1+3 win``."""
        if self.our_side is not None and self.state.num_sides == 2:
            return "We win" if side == self.our_side else "They win"
        name = "We" if side == self.our_side else self.sides[side]
        verb = "wins" if name.startswith("seat ") else "win"
        return f"{name[0].upper()}{name[1:]} {verb}"

    def trick_text(self, plays: Sequence[tuple[int, Card]], trump: int | None) -> str:
        """``seat 1 QC, you JD (trump)``: who played which card, trumps of other suits marked."""
        return ", ".join(f"{self.who(s)} {trick_card_text(c, trump, self.rules)}" for s, c in plays)

    def action_text(self, action: Action) -> str:
        if isinstance(action, A.Discard):
            return str(action.card)
        return super().action_text(action)

    def turn_goes_on(self, obs: SmearObservation, action: Action) -> bool:
        """A discard is one turn of several cards (typed on one line)."""
        return obs.phase == "discard" and isinstance(action, A.Discard)

    def scores_text(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.sides[i]} {v}" for i, v in enumerate(scores))

    # ------------------------------------------------------------ narration
    def intro(self) -> None:
        rules = self.rules
        if rules.num_sides < self.state.num_players:
            teams = self.sides
            if self.our_side is not None:
                teams = [
                    f"{name} ({self.side_members(side)})" if name in ("us", "them") else name
                    for side, name in enumerate(self.sides)
                ]
            self.say("Teams: " + " vs ".join(teams))
        points = ", ".join(f"{POINT_LABELS.get(name, name)} {value}" for name, value in rules.points.items())
        self.say(f"Target {rules.target_score}; points per hand: {points}")
        house = []
        if rules.auction_laps == "rounds":
            house.append("bids go round until all but one have passed")
        if rules.all_pass == "dealer_set":
            house.append(f"if everyone passes, the dealer's side loses {rules.min_bid}")
        if rules.smudge != "off":
            house.append(f"smudge bids {self.smudge_words()}")
        if rules.both_cross == "bidder_goes_out":
            house.append("only a made bid goes out")
        if rules.call_partner == "card":
            house.append("the bidder calls a card: its holder is the bidder's secret partner for the hand")
        if house:
            self.say("House rules: " + "; ".join(house))

    def before_turn(self) -> None:
        """Announce redeals and the start of each new deal."""
        deals = self.state.deals
        if len(deals) == self.deals_seen:
            return
        for deal in deals[max(0, self.deals_seen - 1) : -1]:
            if deal.outcome and deal.outcome != "played":
                then = after_unplayed(self.state.rules, deal.outcome)
                if then == SAME_DEALER:
                    then = f"seat {deal.dealer} deals again"
                self.say(f"[yellow]Deal void ({deal.outcome}); {then}.[/]")
        self.deals_seen = len(deals)
        obs = self.state.observation(self.table.public_seat)
        self.table.console.rule(f"Hand {obs.hand_number}: seat {obs.dealer} deals", style="dim")

    def announce(self, seat: int, action: Action, before: SmearObservation) -> None:
        if isinstance(action, A.Bid):
            self.say(f"{self.verb(seat, 'bids', 'bid')} {action.amount}")
        elif isinstance(action, A.Pass):
            self.say(self.verb(seat, "passes", "pass"))
        elif isinstance(action, A.Moon):
            self.say(f"{self.verb(seat, 'shoots', 'shoot')} the moon!")
        elif isinstance(action, A.Smudge):
            self.say(f"{self.verb(seat, 'bids', 'bid')} a smudge! ({self.smudge_words()})")
        elif isinstance(action, A.CallMisdeal):
            self.say(f"{self.verb(seat, 'calls', 'call')} a misdeal (a hand of only 3s to 9s)")
        elif isinstance(action, A.KeepHand):
            self.say(f"{self.verb(seat, 'keeps', 'keep')} the hand (no misdeal)")
        elif isinstance(action, A.NameTrump):
            self.say(f"{self.verb(seat, 'names', 'name')} [bold]{SUIT_NAMES[action.suit]}[/] as trump")
        elif isinstance(action, A.CallCard):
            self.say(
                f"{self.verb(seat, 'calls', 'call')} the [bold]{card_text(action.card)}[/]: "
                "its holder is a secret partner"
            )
            viewer = self.table.viewer
            if viewer is not None and self.state.partner_known_to(viewer) == viewer:
                self.say("You hold it: you are the bidder's partner this hand (the others learn it when you play it).")
        elif isinstance(action, A.Discard | A.DoneDiscarding):
            if seat not in self.discarding:
                self.discarding[seat] = ([], before.hand if seat == self.table.viewer else ())
            if isinstance(action, A.Discard):
                self.discarding[seat][0].append(action.card)
        elif isinstance(action, A.Play):
            self.say(f"{self.verb(seat, 'plays', 'play')} {trick_card_text(action.card, before.trump, self.rules)}")
            if before.trump is None:  # trump_set_by = first_lead: this lead named trump
                self.say(f"[bold]{SUIT_NAMES[action.card.suit]}[/] are trump (set by the pitcher's lead)")
            if before.called is not None and action.card == before.called and before.bidder is not None:
                self.say(f"  {self.verb(seat, 'is', 'are')} the partner of {self.who(before.bidder)} (the called card)")
            self.trick_news(seat, action.card, before)
        if isinstance(action, A.Bid | A.Pass | A.Moon | A.Smudge) and before.phase == "bidding":
            self.auction_news()

    def after_actions(self) -> None:
        self.discard_news()
        self.hand_news()

    def auction_news(self) -> None:
        obs = self.state.observation(self.table.public_seat)
        if obs.phase in ("trump", "play") and obs.bidder is not None:
            bid = "the moon" if obs.moon else f"a smudge ({obs.bid})" if obs.smudge else str(obs.bid)
            self.say(f"{self.verb(obs.bidder, 'wins', 'win')} the auction with {bid}")
            if self.rules.kitty_size:
                self.say(f"{self.verb(obs.bidder, 'takes', 'take')} the kitty")

    def smudge_words(self) -> str:
        """What a smudge asks for under these rules."""
        rules = self.rules
        if rules.smudge == "all_tricks":
            return f"every trick and every point, worth {rules.smudge_value}"
        return f"every point, worth {rules.smudge_value}; made, it wins the match at once"

    def discard_news(self) -> None:
        """Report a finished discard turn: counts for others, the cards for you."""
        state = self.state
        viewer = self.table.viewer
        for seat in list(self.discarding):
            if state.current_player == seat and state.phase == "discard":
                continue
            cards, hand_before = self.discarding.pop(seat)
            obs = state.observation(self.table.public_seat)
            received = obs.received_counts[seat] if obs.phase in ("discard", "play") else 0
            robbed = self.rules.dealer_robs_pack and seat == obs.dealer and self.rules.discard_mode == "refill"
            buried = [c for s, c in obs.buried if s == seat] if obs.phase in ("discard", "play") else []
            if seat == viewer:
                what = " ".join(card_text(c) for c in cards) or "nothing"
                line = f"you discard {what}"
            else:
                line = f"seat {seat} discards {count_of(len(cards))}"
            if buried:
                line += " (buried face up: " + " ".join(card_text(c) for c in buried) + ")"
            if robbed:
                line = f"{self.verb(seat, 'takes', 'take')} the {received} stock cards; " + line
            elif received:
                line += f" and {'are' if seat == viewer else 'is'} dealt {received}"
                if seat == viewer:
                    kept = {c.index for c in hand_before} - {c.index for c in cards}
                    new = [c for c in state.observation(seat).hand if c.index not in kept]
                    line += ": " + " ".join(card_text(c) for c in new)
            self.say(line)

    def trick_news(self, seat: int, card: Card, before: SmearObservation) -> None:
        """Announce who won a trick that this card completed."""
        after = self.state.observation(self.table.public_seat)
        if after.phase == "play" and after.trick:
            return
        assert before.trump is not None
        plays = list(before.trick) + [(seat, card)]
        winner = plays[trick_winner(trump_table(self.rules, before.trump), [c.index for _, c in plays])][0]
        cards = " ".join(card_text(c) for _, c in plays)
        self.say(f"  {self.verb(winner, 'wins', 'win')} the trick ({cards})")

    def hand_news(self) -> None:
        """At the end of a hand: the point breakdown and the match score."""
        results = self.state.hand_results
        console = self.table.console
        while self.hands_seen < len(results):
            result = results[self.hands_seen]
            self.hands_seen += 1
            lines = format_hand(hand_report(self.rules, result), self.sides)
            console.print(lines[0], markup=False, style="bold")
            for line in lines[1:]:
                console.print(line, markup=False)
            self.say(f"[bold]Score:[/] {self.scores_text(result.settlement.scores)} (target {self.rules.target_score})")
            rules = self.rules
            if result.settlement.winner is None and rules.both_cross == "bidder_goes_out":
                if any(score >= rules.target_score for score in result.settlement.scores):
                    self.say("Only a made bid goes out: the match goes on.")

    def finish(self) -> None:
        state = self.state
        winner = state.winner
        assert winner is not None
        hands = len(state.hand_results)
        self.table.console.rule("Match over")
        self.say(f"[bold]{self.side_wins(winner)} the match[/] after {hands} hands: {self.scores_text(state.scores)}")
        viewer = self.table.viewer
        if viewer is not None:
            won = state.side_of(viewer) == winner
            self.say("[bold green]You win![/]" if won else "You lose.")

    # ------------------------------------------------------------ the human
    def read_actions(self, obs: SmearObservation, text: str) -> list[Action]:
        """The actions a line of input stands for ([] for an empty line outside a refill).

        A discard is one line: where the rules fix the number of cards, a line
        naming more or fewer is refused whole and changes nothing.
        """
        low = text.lower()
        for word in ("bid ", "play ", "discard "):
            if low.startswith(word):
                text, low = text[len(word) :].strip(), low[len(word) :].strip()
        if obs.phase != "discard":
            if not text:
                return []
            if obs.phase == "trump":
                try:
                    return [A.ACTIONS[A.TRUMP_BASE + suit_of_name(text)]]  # also "heart", "spade"
                except NotationError:
                    pass
            if obs.phase == "call":
                word = text[5:].strip() if low.startswith("call ") else text
                return [A.ACTIONS[A.CALL_BASE + parse_card(word).index]]
            return [self.parse(obs, text)]
        done = A.ACTIONS[A.DONE_ID]
        need = self.discards_needed(obs)
        least = max(0, len(obs.hand) - 6)
        if not text or low == "none":
            if need is None and not least:
                return [done]
            if need is None:
                raise IllegalAction(
                    f"discard at least {count_of(least)} (down to six), e.g. {self.example_discard(obs)}"
                )
            raise IllegalAction(f"name the {count_of(need)} to discard, e.g. " + self.example_discard(obs))
        actions: list[Action] = []
        for token in text.replace(",", " ").split():
            action = self.parse(obs, token)
            if not isinstance(action, A.Discard | A.DoneDiscarding):
                raise NotationError(f"{token!r} is not a card to discard; type {self.moves_text(obs)}")
            if action in actions:
                raise IllegalAction(f"you named {token} twice")
            actions.append(action)
        if done in actions and actions[-1] != done:
            raise IllegalAction("done must come after the cards")
        cards = [a for a in actions if a != done]
        if need is not None and len(cards) != need:
            raise IllegalAction(f"discard {count_of(need)}, not {len(cards)}: nothing was discarded")
        if need is None and len(cards) < least:
            raise IllegalAction(
                f"discard at least {count_of(least)} (down to six), not {len(cards)}: nothing was discarded"
            )
        if need is None and done not in actions:
            actions.append(done)  # a refill discard is one set, then the deal back to six
        return actions

    def _fixed_discard(self, obs: SmearObservation) -> bool:
        """The dealer who robbed the pack discards a fixed number of cards (no ``done``)."""
        return bool(self.rules.discard_mode == "refill" and self.rules.dealer_robs_pack and obs.seat == obs.dealer)

    def discards_needed(self, obs: SmearObservation) -> int | None:
        """How many cards this discard turn takes (down to six), or None where any number is allowed (a refill)."""
        if self.rules.discard_mode == "refill" and not self._fixed_discard(obs):
            return None
        return len(obs.hand) - 6

    def example_discard(self, obs: SmearObservation) -> str:
        """Cards to show in an example discard: the lowest of the hand that may go (non-trumps first)."""
        cards = [c for c in self.legal_cards(obs) if not c.is_joker]
        return " ".join(str(c) for c in cards[-max(1, len(obs.hand) - 6) :])

    def moves_text(self, obs: SmearObservation) -> str:
        """What may be typed in this phase under these rules: ``a bid from 6 to 10, or pass``."""
        legal = obs.legal_actions
        if obs.phase == "bidding":
            bids = [a.amount for a in legal if isinstance(a, A.Bid)]
            words = [f"a bid from {bids[0]} to {bids[-1]}" if len(bids) > 1 else f"a bid of {bids[0]}"] if bids else []
            words += [str(a) for a in legal if isinstance(a, A.Moon | A.Smudge | A.Pass)]
            return ", or ".join(words) if len(words) == 2 else or_list(words)
        if obs.phase == "trump":
            return "a suit for trump: S, H, D or C"
        if obs.phase == "call":
            return f"a card you do not hold to call for a partner (e.g. {self.example_call(obs)})"
        if obs.phase == "misdeal_offer":
            return "misdeal (throw the hand in) or keep"
        if obs.phase == "discard":
            need = self.discards_needed(obs)
            example = self.example_discard(obs)
            least = len(obs.hand) - 6
            if need is None and least > 0:
                return f"the cards to discard on one line, at least {count_of(least)} (e.g. {example})"
            if need is None:
                return f"the cards to discard on one line (e.g. {example}), or an empty line to keep every card"
            return f"the {count_of(need)} to discard, on one line (e.g. {example})"
        return "a card you may play: " + " ".join(str(c) for c in self.legal_cards(obs))

    def example_call(self, obs: SmearObservation) -> str:
        """The highest trump the bidder lacks: the card a caller usually names."""
        from jick.games.smear.heuristic import call_card

        return str(call_card(obs))

    def parse(self, obs: SmearObservation, text: str) -> Action:
        """One typed word as an action; while bidding, a number above the highest bid is refused as a bid."""
        if obs.phase == "bidding" and text.strip().isdigit() and int(text) > self.rules.max_bid:
            raise IllegalAction(f"the highest bid is {self.rules.max_bid}")
        return super().parse(obs, text)

    def legal_cards(self, obs: SmearObservation) -> list[Card]:
        """The cards of the legal plays or discards, in the order of the hand."""
        order = {c.index: i for i, c in enumerate(c for _, g in sorted_hand(obs.hand, obs) for c in g)}
        cards = (a.card for a in obs.legal_actions if isinstance(a, A.Play | A.Discard))
        return sorted(cards, key=lambda c: order.get(c.index, 99))

    def refusal(self, obs: SmearObservation, action: Action, reason: str) -> str:
        """The engine's reason in the player's words: ``5D is not in your hand``, ``you must follow hearts``."""
        legal = obs.legal_actions
        rules = self.rules
        card = getattr(action, "card", None)
        if (
            obs.phase in ("discard", "play")
            and isinstance(card, Card)
            and card.index not in {c.index for c in obs.hand}
        ):
            return f"{card} is not in your hand"
        if obs.phase == "bidding":
            bids = [a.amount for a in legal if isinstance(a, A.Bid)]
            if isinstance(action, A.Bid) and bids:
                if action.amount > rules.max_bid:
                    return f"the highest bid is {rules.max_bid}"
                return f"you must bid at least {bids[0]}" + (" or pass" if A.ACTIONS[A.PASS_ID] in legal else "")
            if isinstance(action, A.Pass) and bids:
                return f"everyone else passed and you are the dealer: you must bid at least {bids[0]}"
            if isinstance(action, A.Moon):
                return "shooting the moon is not part of these rules"
            if isinstance(action, A.Smudge):
                if rules.smudge == "off":
                    return "a smudge is not part of these rules"
                return "your side is below zero (in the hole): it may not smudge"
            return f"you are bidding: type {self.moves_text(obs)}"
        if obs.phase == "trump":
            return "you won the auction: name trump with S, H, D or C"
        if obs.phase == "call":
            if isinstance(action, A.CallCard | A.Play) and action.card in obs.hand:
                return f"you hold {action.card}: call a card you do not hold (e.g. {self.example_call(obs)})"
            return f"call a partner: type {self.moves_text(obs)}"
        if obs.phase == "misdeal_offer":
            return "your hand is only 3s to 9s: type misdeal or keep"
        if obs.phase == "discard":
            allowed = " ".join(str(c) for c in self.legal_cards(obs))
            if isinstance(action, A.Discard):
                if rules.discard_mode == "nontrump_to_six":
                    return f"non-trumps go first (then trumps that score nothing): you may discard {allowed}"
                return f"you may not discard {card} now; you may discard {allowed or 'no card'}"
            if isinstance(action, A.DoneDiscarding):
                if rules.discard_nontrumps == "mandatory":
                    return f"every non-trump must go under these rules; you may discard {allowed}"
                return f"you may not stop discarding yet; you may discard {allowed}"
            return f"you are discarding: type {self.moves_text(obs)}"
        if isinstance(action, A.Play) and isinstance(card, Card) and obs.trump is not None:
            table = trump_table(rules, obs.trump)
            if rules.trump_only_play:
                return "only trumps are played under these rules"
            if not obs.trick:
                return "the first lead must be a trump, and you hold one"
            led = table.eff_suit[obs.trick[0][1].index]
            if led == 4:
                return "trump was led: you must play a trump"
            if rules.follow_rule == "follow_or_trump":
                return f"you must follow {SUIT_NAMES[led]} or play a trump"
            return f"you must follow {SUIT_NAMES[led]}"
        return f"that is not a card: type {self.moves_text(obs)}"

    def choices_text(self, obs: SmearObservation) -> str:
        legal = obs.legal_actions
        bids = [a.amount for a in legal if isinstance(a, A.Bid)]
        words: list[str] = []
        if bids:
            words.append(f"{bids[0]}-{bids[-1]}" if len(bids) > 1 else str(bids[0]))
        words.extend(card_text(c) for c in self.legal_cards(obs))
        if obs.phase == "call":
            words.append(f"any card you do not hold, e.g. {self.example_call(obs)}")
        words.extend(str(a) for a in legal if not isinstance(a, A.Bid | A.Play | A.Discard | A.CallCard))
        return " ".join(words)

    def show_choices(self, obs: SmearObservation) -> None:
        self.say("Legal now: " + self.choices_text(obs))
        if obs.phase == "discard":
            if self.rules.discard_mode == "refill" and not self._fixed_discard(obs):
                least = len(obs.hand) - 6
                keep = f"at least {count_of(least)}" if least > 0 else "an empty line or 'none' keeps every card"
                self.say(
                    f"Type the cards to discard on one line (e.g. {self.example_discard(obs)}), {keep}; "
                    "you are then dealt back to 6."
                )
            else:
                need = count_of(len(obs.hand) - 6)
                self.say(f"Type the {need} to discard on one line (e.g. {self.example_discard(obs)}).")
        self.say(OTHER_COMMANDS)

    def show_tricks(self, obs: SmearObservation) -> None:
        if not obs.witnessed:
            self.say(NO_TRICK_YET)
        elif not obs.tricks:
            self.say(
                "The rules let you see no trick already played "
                f"(trick_history_visible = {self.rules.trick_history_visible})."
            )
        for trick in obs.tricks:
            self.say(f"  {self.trick_text(trick.plays, obs.trump)} -> {self.who(trick.winner)}")

    def prompt(self, obs: SmearObservation) -> str:
        legal = obs.legal_actions
        if obs.phase == "bidding":
            bids = [a.amount for a in legal if isinstance(a, A.Bid)]
            options = [f"{bids[0]}-{bids[-1]}" if len(bids) > 1 else str(bids[0])] if bids else []
            if A.ACTIONS[A.PASS_ID] in legal:
                options.append("pass")
            else:
                options.append("you must bid")
            if A.ACTIONS[A.MOON_ID] in legal:
                options.append("moon")
            if A.ACTIONS[A.SMUDGE_ID] in legal:
                options.append("smudge")
            return f"Your bid ({', '.join(options)}): "
        if obs.phase == "trump":
            return "Name trump (S, H, D, C): "
        if obs.phase == "call":
            return f"Call a card for your partner (e.g. {self.example_call(obs)}): "
        if obs.phase == "misdeal_offer":
            return "Your hand is only 3s to 9s: misdeal or keep? "
        if obs.phase == "discard":
            if self.rules.discard_mode == "refill" and not self._fixed_discard(obs):
                least = len(obs.hand) - 6
                return (
                    f"Discard (at least {count_of(least)}): "
                    if least > 0
                    else "Discard (cards, empty line keeps all): "
                )
            return f"Discard {count_of(len(obs.hand) - 6)}: "
        return "Play a card: "

    def show_table(self, obs: SmearObservation, again: bool = False) -> None:
        """What ``obs.seat`` may see, before a prompt; a discard turn that goes on shows the hand only."""
        if again and obs.phase == "discard":
            self.say("Your hand: " + hand_line(obs.hand, obs))
            return
        seat = obs.seat
        side = obs.sides[seat]
        partners = [s for s, x in enumerate(obs.sides) if x == side and s != seat]
        team = f" (partner {', '.join(f'seat {s}' for s in partners)})" if partners else ""
        if partners and self.our_side is not None:
            team = f" (us: {self.side_members(self.our_side)})"
        self.say("")
        self.say(
            f"[bold]Seat {seat}{team}[/] · hand {obs.hand_number}, dealer seat {obs.dealer} · "
            f"score {self.scores_text(obs.scores)} (target {self.rules.target_score})"
        )
        if obs.bids and obs.trump is None:
            self.say("Bids: " + ", ".join(f"{self.who(s)}: {a}" for s, a in obs.bids))
        if obs.trump is not None and obs.bidder is not None:
            bid = "the moon" if obs.moon else f"a smudge ({obs.bid})" if obs.smudge else str(obs.bid)
            self.say(f"Trump: [bold]{SUIT_NAMES[obs.trump]}[/] ({self.who(obs.bidder)} bid {bid})")
        if obs.called is not None:
            partner = "hidden until it is played" if obs.partner is None else self.who(obs.partner)
            self.say(f"Called card: {card_text(obs.called)} (partner: {partner})")
        if obs.phase == "play":
            self.say("Tricks won: " + ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(obs.tricks_won)))
            if obs.trick:
                self.say("Trick: " + self.trick_text(obs.trick, obs.trump))
            else:
                first = sum(obs.tricks_won) == 0 and self.rules.first_lead == "trump"
                self.say("You lead" + (" (a trump to the first trick, if you hold one)." if first else "."))
        if obs.kitty and obs.phase in ("trump", "discard"):
            self.say("Kitty (now in your hand): " + " ".join(card_text(c) for c in obs.kitty))
        if obs.phase == "discard" and self._fixed_discard(obs) and obs.received_counts[seat]:
            self.say(f"You took the {obs.received_counts[seat]} stock cards into your hand.")
        self.say("Your hand: " + hand_line(obs.hand, obs))


View = SmearView
