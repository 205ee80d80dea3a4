"""``jick play``: a Smear match in the terminal, against bots or with no human at all.

The output is plain scrolling text (rich markup, no full-screen mode), so the
game works the same when stdin is a pipe::

    printf 'pass\\nquit\\n' | jick play --seed 3

What a human sees is built only from ``state.observation(seat)``; bots get an
observation too. Other seats' discards are announced by count only. The
record of the match is saved when it ends or when the player quits.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from rich.console import Console

from jick.bots import Bot, make_bot
from jick.cards import SUIT_NAMES, Card, suit_of_name
from jick.engine import Action, IllegalAction, JickError, NotationError, RulesError
from jick.games.smear import actions as A
from jick.games.smear import new_match
from jick.games.smear.observation import SmearObservation
from jick.games.smear.state import SmearState
from jick.games.smear.tables import trick_winner, trump_table
from jick.record import save_record
from jick.render import POINT_LABELS, format_hand, hand_report, side_name

#: Names accepted by ``--seats`` and the player each stands for.
SEAT_KINDS = {"human": "human", "bot": "greedy", "greedy": "greedy", "random": "random"}
QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")


def parse_seats(text: str | None, players: int, seat: int) -> list[str]:
    """Who sits where: ``human``, ``greedy`` or ``random`` per seat.

    >>> parse_seats(None, 4, 1)
    ['greedy', 'human', 'greedy', 'greedy']
    >>> parse_seats("bot, random,human", 3, 0)
    ['greedy', 'random', 'human']
    """
    if text is None:
        if not 0 <= seat < players:
            raise RulesError(f"--seat {seat} is not a seat of a {players}-player game (0..{players - 1})")
        return ["human" if s == seat else "greedy" for s in range(players)]
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in SEAT_KINDS:
            raise RulesError(f"--seats: unknown player {name!r}; use {', '.join(SEAT_KINDS)}")
    if len(names) != players:
        raise RulesError(f"--seats names {len(names)} seats but the game has {players} players")
    return [SEAT_KINDS[name] for name in names]


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``, derived from the game seed."""
    return (seed * 7919 + 104_729 * (seat + 1)) % 2**32


def default_record_path(preset: str, seed: int) -> Path:
    return Path("games") / f"jick-{preset}-{seed}.json"


def play_command(
    preset: str,
    players: int | None,
    overrides: dict[str, Any],
    *,
    seat: int,
    seed: int | None,
    seats: str | None,
    record_path: Path | None,
    input_fn: Callable[[str], str] = input,
    out: IO[str] | None = None,
) -> int:
    """Run ``jick play`` and return the exit code (0 when the match ends or the player quits).

    User errors (unknown preset, bad option, bad ``--seats``) raise :class:`JickError`.
    """
    from jick.registry import resolve

    game_name, preset = resolve(preset)
    if game_name != "smear":
        raise RulesError(f"jick play offers the Smear presets only; {preset!r} is a {game_name} preset")
    shown_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    state = new_match(preset, players=players, overrides=overrides, seed=seed)
    kinds = parse_seats(seats, state.num_players, seat)
    bots: dict[int, Bot] = {s: make_bot(kind, bot_seed(seed, s)) for s, kind in enumerate(kinds) if kind != "human"}
    console = Console(file=out, highlight=False, soft_wrap=True, emoji=False)
    game = TerminalGame(
        state,
        kinds,
        bots,
        console,
        input_fn,
        record_path or default_record_path(preset, seed),
        echo_input=input_fn is input and not _stdin_is_tty(),
    )
    return game.run(announce_seed=shown_seed)


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


# ---------------------------------------------------------------------- card text
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


# ---------------------------------------------------------------------- the game loop
class _Quit(Exception):
    """The human typed quit."""


class TerminalGame:
    """One match at the terminal: bots move on their own, humans are prompted."""

    def __init__(
        self,
        state: SmearState,
        kinds: list[str],
        bots: dict[int, Bot],
        console: Console,
        input_fn: Callable[[str], str],
        record_path: Path,
        *,
        echo_input: bool = False,
    ) -> None:
        self.state = state
        self.rules = state.rules
        self.kinds = kinds
        self.bots = bots
        self.console = console
        self.input_fn = input_fn
        self.record_path = record_path
        self.echo_input = echo_input
        humans = [s for s, kind in enumerate(kinds) if kind == "human"]
        #: The seat the narration speaks to ("you"), if exactly one human plays.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        #: Seat whose observation supplies public facts (scores, counts) to the narration.
        self.public_seat = humans[0] if humans else 0
        self.sides = [side_name(self.rules, s) for s in range(state.num_sides)]
        self.deals_seen = 0
        self.hands_seen = 0
        #: Seat in its discard turn -> (cards it discarded, its hand when the turn began).
        self.discarding: dict[int, tuple[list[Card], tuple[Card, ...]]] = {}
        #: (deal count, phase, seat) of the last human prompt, to keep repeated prompts short.
        self.last_turn: tuple[int, str, int] | None = None

    # ------------------------------------------------------------ words
    def who(self, seat: int) -> str:
        return "you" if seat == self.viewer else f"seat {seat}"

    def verb(self, seat: int, third: str, second: str) -> str:
        return f"{self.who(seat)} {second if seat == self.viewer else third}"

    def say(self, text: str) -> None:
        self.console.print(text)

    def scores_text(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.sides[i]} {v}" for i, v in enumerate(scores))

    # ------------------------------------------------------------ main loop
    def run(self, *, announce_seed: bool = False) -> int:
        state = self.state
        self.intro(announce_seed)
        try:
            while not state.is_terminal:
                self.new_deal_news()
                seat = state.current_player
                if self.kinds[seat] == "human":
                    self.human_turn(seat)
                else:
                    action = self.bots[seat].choose(state.observation(seat))
                    self.apply_all(seat, [action])
        except _Quit:
            self.say("You quit the match.")
            self.save()
            return 0
        except (KeyboardInterrupt, EOFError):
            self.say("")
            self.say("Stopped.")
            self.save()
            return 0
        self.finish()
        return 0

    def intro(self, announce_seed: bool) -> None:
        state, rules = self.state, self.rules
        self.console.rule(f"jick play: {state.preset_name}")
        seed = f"seed {state.seed}" + (f" (play this match again with --seed {state.seed})" if announce_seed else "")
        self.say(f"{state.num_players} players, {seed}")
        who = ", ".join(f"{s} {'you' if s == self.viewer else self.kinds[s]}" for s in range(state.num_players))
        self.say(f"Seats: {who}")
        if rules.num_sides < state.num_players:
            self.say("Teams: " + " vs ".join(self.sides))
        points = ", ".join(f"{POINT_LABELS.get(name, name)} {value}" for name, value in rules.points.items())
        self.say(f"Target {rules.target_score}; points per hand: {points}")
        if any(kind == "human" for kind in self.kinds):
            self.say("Type [bold]help[/] for your choices, [bold]quit[/] to stop (the game is saved).")

    def new_deal_news(self) -> None:
        """Announce redeals and the start of each new deal."""
        deals = self.state.deals
        if len(deals) == self.deals_seen:
            return
        for deal in deals[max(0, self.deals_seen - 1) : -1]:
            if deal.outcome and deal.outcome != "played":
                self.say(f"[yellow]Deal void ({deal.outcome}); seat {deal.dealer} deals again.[/]")
        self.deals_seen = len(deals)
        obs = self.state.observation(self.public_seat)
        self.console.rule(f"Hand {obs.hand_number}: seat {obs.dealer} deals", style="dim")

    # ------------------------------------------------------------ applying and narrating
    def apply_all(self, seat: int, actions: Sequence[Action]) -> None:
        """Apply actions of ``seat`` and announce them; all or none (IllegalAction undoes them)."""
        state = self.state
        before: list[SmearObservation] = []
        applied = 0
        phase = state.phase
        try:
            for action in actions:
                if state.current_player != seat or state.phase != phase:
                    what = str(action.card) if isinstance(action, A.Discard) else str(action)
                    raise IllegalAction(f"{what} is one card too many: your discard is complete without it")
                before.append(state.observation(self.public_seat))
                state.apply(action)
                applied += 1
        except IllegalAction:
            for _ in range(applied):
                state.undo()
            raise
        for action, obs in zip(actions, before, strict=True):
            self.announce(seat, action, obs)
        self.discard_news()
        self.hand_news()

    def announce(self, seat: int, action: Action, before: SmearObservation) -> None:
        """One line per action; ``before`` is the public observation before it."""
        if isinstance(action, A.Bid):
            self.say(f"{self.verb(seat, 'bids', 'bid')} {action.amount}")
        elif isinstance(action, A.Pass):
            self.say(self.verb(seat, "passes", "pass"))
        elif isinstance(action, A.Moon):
            self.say(f"{self.verb(seat, 'shoots', 'shoot')} the moon!")
        elif isinstance(action, A.CallMisdeal):
            self.say(f"{self.verb(seat, 'calls', 'call')} a misdeal (a hand of only 3s to 9s)")
        elif isinstance(action, A.KeepHand):
            self.say(f"{self.verb(seat, 'keeps', 'keep')} the hand (no misdeal)")
        elif isinstance(action, A.NameTrump):
            self.say(f"{self.verb(seat, 'names', 'name')} [bold]{SUIT_NAMES[action.suit]}[/] as trump")
        elif isinstance(action, A.Discard | A.DoneDiscarding):
            if seat not in self.discarding:
                self.discarding[seat] = ([], before.hand if seat == self.viewer else ())
            if isinstance(action, A.Discard):
                self.discarding[seat][0].append(action.card)
        elif isinstance(action, A.Play):
            self.say(f"{self.verb(seat, 'plays', 'play')} {card_text(action.card)}")
            self.trick_news(seat, action.card, before)
        if isinstance(action, A.Bid | A.Pass | A.Moon) and before.phase == "bidding":
            self.auction_news()

    def auction_news(self) -> None:
        obs = self.state.observation(self.public_seat)
        if obs.phase == "trump" and obs.bidder is not None:
            bid = "the moon" if obs.moon else str(obs.bid)
            self.say(f"{self.verb(obs.bidder, 'wins', 'win')} the auction with {bid}")
            if self.rules.kitty_size:
                self.say(f"{self.verb(obs.bidder, 'takes', 'take')} the kitty")

    def discard_news(self) -> None:
        """Report a finished discard turn: counts for others, the cards for you."""
        state = self.state
        for seat in list(self.discarding):
            if state.current_player == seat and state.phase == "discard":
                continue
            cards, hand_before = self.discarding.pop(seat)
            obs = state.observation(self.public_seat)
            received = obs.received_counts[seat] if obs.phase in ("discard", "play") else 0
            robbed = self.rules.dealer_robs_pack and seat == obs.dealer and self.rules.discard_mode == "refill"
            buried = [c for s, c in obs.buried if s == seat] if obs.phase in ("discard", "play") else []
            if seat == self.viewer:
                what = " ".join(card_text(c) for c in cards) or "nothing"
                line = f"you discard {what}"
            else:
                line = f"seat {seat} discards {_cards(len(cards))}"
            if buried:
                line += " (buried face up: " + " ".join(card_text(c) for c in buried) + ")"
            if robbed:
                line = f"{self.verb(seat, 'takes', 'take')} the {received} stock cards; " + line
            elif received:
                line += f" and {'are' if seat == self.viewer else 'is'} dealt {received}"
                if seat == self.viewer:
                    kept = {c.index for c in hand_before} - {c.index for c in cards}
                    new = [c for c in state.observation(seat).hand if c.index not in kept]
                    line += ": " + " ".join(card_text(c) for c in new)
            self.say(line)

    def trick_news(self, seat: int, card: Card, before: SmearObservation) -> None:
        """Announce who won a trick that this card completed."""
        after = self.state.observation(self.public_seat)
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
        while self.hands_seen < len(results):
            result = results[self.hands_seen]
            self.hands_seen += 1
            lines = format_hand(hand_report(self.rules, result), self.sides)
            self.console.print(lines[0], markup=False, style="bold")
            for line in lines[1:]:
                self.console.print(line, markup=False)
            self.say(f"[bold]Score:[/] {self.scores_text(result.settlement.scores)} (target {self.rules.target_score})")

    # ------------------------------------------------------------ the human
    def human_turn(self, seat: int) -> None:
        """Prompt until ``seat`` has made a legal move (or quits)."""
        state = self.state
        obs = state.observation(seat)
        where = (len(state.deals), obs.phase, seat)
        if where == self.last_turn and obs.phase == "discard":
            self.say("Your hand: " + hand_line(obs.hand, obs))  # the same discard turn goes on
        else:
            self.show_table(obs)
        self.last_turn = where
        while True:
            line = self.ask(self.prompt(obs))
            text = line.strip()
            low = text.lower()
            if low in QUIT_WORDS:
                raise _Quit
            if low in HELP_WORDS:
                self.show_choices(obs)
                continue
            if low in ("hand", "table", "look"):
                self.show_table(obs)
                continue
            if low == "tricks":
                self.show_tricks(obs)
                continue
            try:
                actions = self.read_actions(obs, text)
                if actions:
                    self.apply_all(seat, actions)
            except NotationError as exc:
                self.refuse(f"not understood: {exc}", obs)
                continue
            except IllegalAction as exc:
                self.refuse(f"not allowed: {exc.reason}", obs)
                continue
            if actions:
                return

    def ask(self, prompt: str) -> str:
        self.console.print(f"[bold cyan]{prompt}[/]", end="")
        self.console.file.flush()
        line = self.input_fn("")
        if self.echo_input:
            self.console.print(line, markup=False)
        return line

    def read_actions(self, obs: SmearObservation, text: str) -> list[Action]:
        """The actions a line of input stands for ([] for an empty line outside a refill)."""
        state = self.state
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
            return [state.parse_action(text)]
        refill = self.rules.discard_mode == "refill"
        done = A.ACTIONS[A.DONE_ID]
        if not text or low == "none":
            if refill:
                return [done]
            raise IllegalAction(f"name the {_cards(len(obs.hand) - 6)} to discard, e.g. " + self.example_discard(obs))
        actions: list[Action] = []
        for token in text.replace(",", " ").split():
            action = state.parse_action(token)
            if not isinstance(action, A.Discard | A.DoneDiscarding):
                raise NotationError(f"{token!r} is not a card to discard")
            if action in actions:
                raise IllegalAction(f"{token} is named twice")
            actions.append(action)
        if done in actions and actions[-1] != done:
            raise IllegalAction("done must come after the cards")
        if refill and done not in actions and not self._fixed_discard(obs):
            actions.append(done)  # a refill discard is one set, then the deal back to six
        return actions

    def _fixed_discard(self, obs: SmearObservation) -> bool:
        """The dealer who robbed the pack discards a fixed number of cards (no ``done``)."""
        return bool(self.rules.discard_mode == "refill" and self.rules.dealer_robs_pack and obs.seat == obs.dealer)

    def example_discard(self, obs: SmearObservation) -> str:
        cards = [a.card for a in obs.legal_actions if isinstance(a, A.Discard)]
        return " ".join(str(c) for c in cards[: max(1, len(obs.hand) - 6)])

    def refuse(self, message: str, obs: SmearObservation) -> None:
        self.say(f"[red]{_escape(message)}[/]")
        self.show_choices(obs)

    def choices_text(self, obs: SmearObservation) -> str:
        legal = obs.legal_actions
        bids = [a.amount for a in legal if isinstance(a, A.Bid)]
        words: list[str] = []
        if bids:
            words.append(f"{bids[0]}-{bids[-1]}" if len(bids) > 1 else str(bids[0]))
        order = {c.index: i for i, c in enumerate(c for _, g in sorted_hand(obs.hand, obs) for c in g)}
        cards = sorted(
            (a.card for a in legal if isinstance(a, A.Play | A.Discard)), key=lambda c: order.get(c.index, 99)
        )
        words.extend(card_text(c) for c in cards)
        words.extend(str(a) for a in legal if not isinstance(a, A.Bid | A.Play | A.Discard))
        return " ".join(words)

    def show_choices(self, obs: SmearObservation) -> None:
        self.say("Legal now: " + self.choices_text(obs))
        if obs.phase == "discard":
            if self.rules.discard_mode == "refill" and not self._fixed_discard(obs):
                self.say(
                    "Type the cards to discard on one line (e.g. 9C 8D); you are then dealt back to 6. "
                    "An empty line or 'none' keeps every card."
                )
            else:
                self.say(f"Type the {_cards(len(obs.hand) - 6)} to discard on one line.")
        self.say("Other commands: help, hand, tricks, quit")

    def show_tricks(self, obs: SmearObservation) -> None:
        if not obs.tricks:
            self.say(
                f"No completed trick is visible (rules: trick_history_visible = {self.rules.trick_history_visible})."
            )
        for trick in obs.tricks:
            cards = ", ".join(f"{self.who(s)} {card_text(c)}" for s, c in trick.plays)
            self.say(f"  {cards} -> {self.who(trick.winner)}")

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
            return f"Your bid ({', '.join(options)}): "
        if obs.phase == "trump":
            return "Name trump (S, H, D, C): "
        if obs.phase == "misdeal_offer":
            return "Your hand is only 3s to 9s: misdeal or keep? "
        if obs.phase == "discard":
            if self.rules.discard_mode == "refill" and not self._fixed_discard(obs):
                return "Discard (cards, empty line keeps all): "
            return f"Discard {_cards(len(obs.hand) - 6)}: "
        return "Play a card: "

    def show_table(self, obs: SmearObservation) -> None:
        """What ``obs.seat`` may see, before a prompt."""
        seat = obs.seat
        side = obs.sides[seat]
        partners = [s for s, x in enumerate(obs.sides) if x == side and s != seat]
        team = f" (partner {', '.join(f'seat {s}' for s in partners)})" if partners else ""
        self.say("")
        self.say(
            f"[bold]Seat {seat}{team}[/] · hand {obs.hand_number}, dealer seat {obs.dealer} · "
            f"score {self.scores_text(obs.scores)} (target {self.rules.target_score})"
        )
        if obs.bids and obs.trump is None:
            self.say("Bids: " + ", ".join(f"{self.who(s)}: {a}" for s, a in obs.bids))
        if obs.trump is not None and obs.bidder is not None:
            bid = "the moon" if obs.moon else str(obs.bid)
            self.say(f"Trump: [bold]{SUIT_NAMES[obs.trump]}[/] ({self.who(obs.bidder)} bid {bid})")
        if obs.phase == "play":
            self.say("Tricks won: " + ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(obs.tricks_won)))
            if obs.trick:
                self.say("Trick: " + ", ".join(f"{self.who(s)} {card_text(c)}" for s, c in obs.trick))
            else:
                first = sum(obs.tricks_won) == 0 and self.rules.first_lead == "trump"
                self.say("You lead" + (" (a trump to the first trick, if you hold one)." if first else "."))
        if obs.kitty and obs.phase in ("trump", "discard"):
            self.say("Kitty (now in your hand): " + " ".join(card_text(c) for c in obs.kitty))
        if obs.phase == "discard" and self._fixed_discard(obs) and obs.received_counts[seat]:
            self.say(f"You took the {obs.received_counts[seat]} stock cards into your hand.")
        self.say("Your hand: " + hand_line(obs.hand, obs))

    # ------------------------------------------------------------ the end
    def save(self) -> Path:
        try:
            path = save_record(self.state, self.record_path)
        except OSError as exc:
            raise JickError(f"could not save the record to {self.record_path}: {exc.strerror or exc}") from None
        self.say(f"Record saved to {path} (replay it with: jick replay {path})")
        return path

    def finish(self) -> None:
        state = self.state
        winner = state.winner
        assert winner is not None
        hands = len(state.hand_results)
        self.console.rule("Match over")
        self.say(f"[bold]{self.sides[winner]} win the match[/] after {hands} hands: {self.scores_text(state.scores)}")
        if self.viewer is not None:
            won = state.side_of(self.viewer) == winner
            self.say("[bold green]You win![/]" if won else "You lose.")
        self.save()


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
