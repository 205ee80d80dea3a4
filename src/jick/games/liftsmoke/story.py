"""Lift Smoke's story: each game's trump card, tricks with the winner's draw, and who takes the pot.

>>> from jick.games.liftsmoke import new_match
>>> from jick.story import Storyteller, render
>>> state = new_match("lift_smoke", seed=1)
>>> teller = Storyteller(state)
>>> render(teller.story.lines[0], ["Ann", "Bob", "Cy", "Dee"], viewer=None)
'Game 1: Bob deals; trump is clubs ♣ (the 2♣ turned up)'
"""

from __future__ import annotations

from jick.engine import Action
from jick.games.liftsmoke import actions as A
from jick.games.liftsmoke.state import LiftSmokeState
from jick.story import Line, Story, card_words, suit_words, tell_trick, who

__all__ = ["LiftSmokeTeller", "teller"]


def _chips(state: LiftSmokeState, scores: tuple[int, ...]) -> str:
    return ", ".join(f"{who(s)} {c}" for s, c in enumerate(scores))


class LiftSmokeTeller:
    """Tells a Lift Smoke session (see :mod:`jick.story`)."""

    def deal_begins(self, story: Story, state: LiftSmokeState, deal: int) -> None:
        line = f"Game {deal + 1}: {who(state.deals[deal].dealer, 'deals', 'deal')}"
        if deal == len(state.deals) - 1 and not state.is_terminal:
            card = state.observation(state.deals[deal].dealer).trump_card  # the turned card: public
            if card is not None:
                line += f"; trump is {suit_words(str(card)[-1])} (the {card_words(card)} turned up)"
        story.add(Line(line))

    def action(self, story: Story, state: LiftSmokeState, seat: int, action: Action, deal: int) -> None:
        log = state.deals[deal]
        if isinstance(action, A.Play):
            plays = [(s, A.action_from_id(aid).card) for s, aid in log.actions]
            tail = ""
            if len(log.tricks) and sum(len(t.plays) for t in log.tricks) == len(plays):
                last = log.tricks[-1]
                tail = " and draws" if last.drew else ""
                tail += " (the discards are shuffled into a new stock)" if last.reshuffled else ""
                if tail.startswith(" and"):
                    tail = tail.replace(" and draws", f"; {who(last.winner, 'draws', 'draw')} a card", 1)
            tell_trick(story, state, deal, plays, tail)
        else:
            words = (
                f"{who(seat, 'ends', 'end')} the session"
                if isinstance(action, A.EndSession)
                else f"{who(seat)}: {action}"
            )
            story.add(Line(words))

    def deal_ends(self, story: Story, state: LiftSmokeState, deal: int) -> None:
        results = [r for r in state.deal_results if r.game_number == deal + 1]
        if not results:
            story.add(Line(f"Game {deal + 1} ends ({state.deals[deal].outcome})"))
            return
        r = results[-1]
        story.add(Line(f"{who(r.winner, 'takes', 'take')} the pot of {r.pot} chips ({r.reason})"))
        story.add(Line(f"Chips: {_chips(state, r.scores)}"))

    def match_ends(self, story: Story, state: LiftSmokeState) -> None:
        if state.winner is not None:
            story.add(
                Line(f"The session is over: {who(state.winner, 'leads', 'lead')} ({_chips(state, state.scores)})")
            )
        else:
            story.add(Line(f"The session is over ({_chips(state, state.scores)})"))


teller = LiftSmokeTeller()
