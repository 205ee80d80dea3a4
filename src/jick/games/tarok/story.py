"""Tarok's story: the auction and the widow in words, discards as a count, tricks, and each deal's score.

>>> from jick.games.tarok import new_match
>>> from jick.story import Storyteller, render
>>> state = new_match("tarok_3p", seed=1)
>>> teller = Storyteller(state)
>>> teller.follow(state, state.current_player, state.parse_action("pass"))
>>> [render(line, ["Ann", "Bob", "Cy"], viewer=None) for line in teller.story.lines]
['Deal 1: Ann deals', 'Bob passes']
"""

from __future__ import annotations

from collections.abc import Iterable

from jick.engine import Action
from jick.games.tarok import actions as A
from jick.games.tarok.state import TarokState
from jick.story import Line, Story, card_words, tell_discards, tell_trick, together, trailing, who

__all__ = ["TarokTeller", "teller"]

#: What each word of the auction and the widow says, as (third person, second person, the rest).
WORDS: dict[type, tuple[str, str, str]] = {
    A.Pass: ("passes", "pass", ""),
    A.Threesome: ("bids", "bid", " threesome"),
    A.Solo: ("bids", "bid", " solo"),
    A.AcceptWidow: ("takes", "take", " the widow half shown"),
    A.RejectWidow: ("rejects", "reject", " the widow half shown"),
    A.ChooseGame: ("plays", "play", " for game (36 card points or more)"),
    A.ChooseConsolation: ("plays", "play", " for consolation (35 card points at most)"),
    A.Ultimo: ("announces", "announce", " ultimo: the pagat will win the last trick"),
    A.ContraUltimo: ("says", "say", " contra to the ultimo"),
}


class TarokTeller:
    """Tells a Tarok match (see :mod:`jick.story`)."""

    def deal_begins(self, story: Story, state: TarokState, deal: int) -> None:
        story.add(Line(f"Deal {deal + 1}: {who(state.deals[deal].dealer, 'deals', 'deal')}"))

    def action(self, story: Story, state: TarokState, seat: int, action: Action, deal: int) -> None:
        log = state.deals[deal]
        if isinstance(action, A.Play):
            plays = [(s, a.card) for s, a in _actions(log.actions) if isinstance(a, A.Play)]
            tell_trick(story, state, deal, plays)
        elif isinstance(action, A.Discard):
            run = trailing(log.actions, seat, lambda aid: _is(aid, A.Discard))
            cards = [a.card for _, a in _actions((seat, aid) for aid in run) if isinstance(a, A.Discard)]
            # trumps laid away are announced to everyone (the observation's announced_discards)
            shown = [c for c in cards if c in state.observation(seat).announced_discards]
            tail = f" (trumps announced: {', '.join(card_words(c) for c in shown)})" if shown else ""
            tell_discards(story, deal, seat, cards, "puts down", "put down", tail)
        elif type(action) in WORDS:
            verb, you, rest = WORDS[type(action)]
            line = f"{who(seat, verb, you)}{rest}"
            if isinstance(action, A.RejectWidow):
                exposed = state.observation(seat).widow_exposed  # face up for everyone
                if exposed:
                    line += f"; face up: {', '.join(card_words(c) for c in exposed)}"
            story.add(Line(line))
        else:
            story.add(Line(f"{who(seat)}: {action}"))

    def deal_ends(self, story: Story, state: TarokState, deal: int) -> None:
        outcome = state.deals[deal].outcome
        results = [r for r in state.deal_results if r.deal_number == deal + 1]
        if not results:
            story.add(Line(f"Deal {deal + 1} is not scored ({outcome})"))
            return
        r = results[-1]
        opponents: list[int] = []
        if r.bidder is not None:
            opponents = [s for s in range(state.num_players) if s != r.bidder and r.changes[s] != 0] or [
                s for s in range(state.num_players) if s != r.bidder
            ]
            made = "made" if r.made else "lost" if r.made is not None else "played"
            story.add(
                Line(
                    f"{who(r.bidder)}'s {r.contract or 'game'} for {r.game_type or 'game'} is {made}: "
                    f"{r.bidder_count} card points to {r.opponents_count} ({together(opponents)})"
                )
            )
        for seat, meld in r.melds:
            story.add(Line(f"{who(seat, 'shows', 'show')} {meld}"))
        for award in r.awards:
            if award.seat is not None:
                won = who(award.seat)
            elif award.won_by == "bidder" and r.bidder is not None:
                won = who(r.bidder)
            elif award.won_by == "opponents":
                won = f"the opponents ({together(opponents)})" if r.bidder is not None else "the opponents"
            else:
                won = "nobody"
            story.add(Line(f"{award.name[:1].upper()}{award.name[1:]} ({award.value}): {won}"))
        changes = ", ".join(f"{who(s)} {c:+d}" for s, c in enumerate(r.changes))
        scores = ", ".join(f"{who(s)} {c}" for s, c in enumerate(r.scores))
        note = f"{r.note[:1].upper()}{r.note[1:]}. " if r.note else ""
        story.add(Line(f"{note}{changes}; scores: {scores}"))

    def match_ends(self, story: Story, state: TarokState) -> None:
        scores = ", ".join(f"{who(s)} {c}" for s, c in enumerate(state.scores))
        winners = state.winners
        if len(winners) == 1:
            story.add(Line(f"Match over: {who(winners[0], 'wins', 'win')} ({scores})"))
        else:
            story.add(Line(f"Match over: {together(winners)} share the win ({scores})"))


def _is(aid: int, kind: type) -> bool:
    return isinstance(A.action_from_id(aid), kind)


def _actions(entries: Iterable[tuple[int, int]]) -> list[tuple[int, Action]]:
    """``(seat, action id)`` pairs with their actions."""
    return [(s, A.action_from_id(aid)) for s, aid in entries]


teller = TarokTeller()
