"""Smear's story: deals, bids and trump in words, tricks, and who won each point of a hand.

>>> from jick.games.smear import new_match
>>> from jick.story import Storyteller, render
>>> state = new_match("smear_ten_point", seed=1)
>>> teller = Storyteller(state)
>>> for text in ("pass", "pass", "pass", "2", "H"):
...     teller.follow(state, state.current_player, state.parse_action(text))
>>> [render(line, ["Ann", "Bob", "Cy", "Dee"], viewer=1) for line in teller.story.lines][-2:]
['You bid 2', 'You name hearts ♥ trump']
"""

from __future__ import annotations

from collections.abc import Iterable

from jick.cards import CARDS, Card
from jick.engine import Action
from jick.games.smear import actions as A
from jick.games.smear.report import POINT_LABELS, after_unplayed
from jick.games.smear.state import SmearState
from jick.story import Line, Story, suit_words, tell_discards, tell_trick, together, trailing, who

__all__ = ["SmearTeller", "teller"]


def _side(state: SmearState, side: int | None) -> str:
    if side is None:
        return "nobody"
    return together([s for s in range(state.num_players) if state.rules.side_of(s) == side])


def _sides_verb(state: SmearState, side: int, verb: str, you: str) -> str:
    """A side with its verb: ``{1:wins|win}`` for one seat, ``{0} & {2} win`` for a team."""
    seats = [s for s in range(state.num_players) if state.rules.side_of(s) == side]
    if len(seats) == 1:
        return who(seats[0], verb, you)
    return f"{together(seats)} {you}"


def _changes(state: SmearState, values: tuple[int, ...], signed: bool) -> str:
    return ", ".join(f"{_side(state, i)} {v:+d}" if signed else f"{_side(state, i)} {v}" for i, v in enumerate(values))


class SmearTeller:
    """Tells a Smear match (see :mod:`jick.story`)."""

    def deal_begins(self, story: Story, state: SmearState, deal: int) -> None:
        story.add(Line(f"Hand {deal + 1}: {who(state.deals[deal].dealer, 'deals', 'deal')}"))

    def action(self, story: Story, state: SmearState, seat: int, action: Action, deal: int) -> None:
        log = state.deals[deal]
        if isinstance(action, A.Play):
            plays = [(s, a.card) for s, a in _actions(log.actions) if isinstance(a, A.Play)]
            tell_trick(story, state, deal, plays)
            called = _called(log.actions)
            if called is not None and action.card == called:
                partner = who(seat, "holds", "hold")
                story.add(Line(f"{partner} the called {_card(called.index)}: partner of {who(_bidder(log.actions))}"))
        elif isinstance(action, A.Discard):
            run = trailing(log.actions, seat, _is_discard)
            tell_discards(
                story, deal, seat, [a.card for _, a in _actions((seat, aid) for aid in run) if isinstance(a, A.Discard)]
            )
        elif isinstance(action, A.DoneDiscarding):
            if story.open != ("discard", deal, seat):
                story.add(Line(f"{who(seat, 'keeps', 'keep')} every card"))
            story.close()
        elif isinstance(action, A.Bid):
            story.add(Line(f"{who(seat, 'bids', 'bid')} {action.amount}"))
        elif isinstance(action, A.Pass):
            story.add(Line(f"{who(seat, 'passes', 'pass')}"))
        elif isinstance(action, A.Moon):
            story.add(Line(f"{who(seat, 'shoots', 'shoot')} the moon"))
        elif isinstance(action, A.Smudge):
            story.add(Line(f"{who(seat, 'bids', 'bid')} a smudge ({_smudge_words(state)})"))
        elif isinstance(action, A.NameTrump):
            story.add(Line(f"{who(seat, 'names', 'name')} {suit_words('SHDC'[action.suit])} trump"))
        elif isinstance(action, A.CallCard):
            story.add(Line(f"{who(seat, 'calls', 'call')} the {_card(action.card.index)} for a partner"))
        elif isinstance(action, A.CallMisdeal):
            story.add(Line(f"{who(seat, 'calls', 'call')} a misdeal"))
        elif isinstance(action, A.KeepHand):
            story.add(Line(f"{who(seat, 'keeps', 'keep')} the hand"))
        else:
            story.add(Line(f"{who(seat)}: {action}"))

    def deal_ends(self, story: Story, state: SmearState, deal: int) -> None:
        outcome = state.deals[deal].outcome
        if outcome != "played":
            then = after_unplayed(state.rules, outcome or "")
            story.add(Line(f"Hand {deal + 1} is not played ({outcome}); {then}"))
            return
        result = state.hand_results[-1]
        if result.called is not None:
            called = _card(result.called.index)
            if result.partner is None:
                story.add(Line(f"Nobody held the called {called}: {who(result.bidder, 'plays', 'play')} alone"))
            else:
                pair = together([result.bidder, result.partner])
                story.add(Line(f"{pair} (the called {called}) score as one side this hand"))
        for award in result.awards:
            label = POINT_LABELS.get(award.point, award.point)
            if award.value != 1:
                label += f" ({award.value})"
            # a point nobody won names no card: the card may lie face down among a seat's discards
            shown = award.side is not None and award.point != "game" and not award.point.startswith("joker")
            card = f" {_card(award.card)}" if shown and award.card is not None else ""
            if award.side is None:
                story.add(Line(f"{label}{card}: nobody"))
            elif award.point == "game":
                points = " to ".join(str(p) for p in result.game_points)
                story.add(Line(f"{label}: {_side(state, award.side)} (game points {points})"))
            else:
                story.add(Line(f"{label}{card}: {_side(state, award.side)}"))
        s = result.settlement
        if s.moon is not None or result.bid is None:
            verdict = f"{who(result.bidder)} shot the moon: {s.note}"
        elif result.smudge:
            done = "makes" if s.made else "fails"
            verdict = f"{who(result.bidder, done, done.removesuffix('s'))} the smudge ({result.bid})"
            if s.winner is not None and s.made and state.rules.smudge.value == "all_points":
                verdict += " and wins the match at once"
        elif s.made:
            verdict = f"{who(result.bidder, 'makes', 'make')} the bid of {result.bid}"
        else:
            verdict = f"{who(result.bidder, 'is', 'are')} set on a bid of {result.bid}"
        story.add(Line(f"{verdict}. {_changes(state, s.deltas, True)}; scores: {_changes(state, s.scores, False)}"))
        rules = state.rules
        if s.winner is None and rules.both_cross.value == "bidder_goes_out":
            waiting = [side for side, score in enumerate(s.scores) if score >= rules.target_score]
            for side in waiting:
                reached = _sides_verb(state, side, "reaches", "reach")
                story.add(Line(f"{reached} {rules.target_score} but only a made bid goes out: play on"))

    def match_ends(self, story: Story, state: SmearState) -> None:
        scores = _changes(state, tuple(state.scores), False)
        if state.winner is None:
            story.add(Line(f"The match is over ({scores})"))
        else:
            story.add(Line(f"Match over: {_sides_verb(state, state.winner, 'wins', 'win')} ({scores})"))


def _smudge_words(state: SmearState) -> str:
    rules = state.rules
    if rules.smudge.value == "all_tricks":
        return f"every trick and every point, worth {rules.smudge_value}"
    return f"every point, worth {rules.smudge_value}; made, it wins the match"


def _card(index: int) -> str:
    from jick.story import card_words

    return card_words(CARDS[index]) if index >= 0 else "?"


def _called(entries: Iterable[tuple[int, int]]) -> Card | None:
    """The card called for a partner in a deal's actions, if any (call_partner)."""
    for _, aid in entries:
        if aid >= A.CALL_BASE:
            return CARDS[aid - A.CALL_BASE]
    return None


def _bidder(entries: Iterable[tuple[int, int]]) -> int:
    """The seat that made the call (the bidder)."""
    return next(seat for seat, aid in entries if aid >= A.CALL_BASE)


def _is_discard(aid: int) -> bool:
    return isinstance(A.action_from_id(aid), A.Discard)


def _actions(entries: Iterable[tuple[int, int]]) -> list[tuple[int, Action]]:
    """``(seat, action id)`` pairs with their actions."""
    return [(s, A.action_from_id(aid)) for s, aid in entries]


teller = SmearTeller()
