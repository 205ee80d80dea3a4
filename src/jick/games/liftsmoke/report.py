"""Lift Smoke's record hooks and game reports (what ``jick replay`` prints).

A Lift Smoke record differs from a Smear one in four ways: each entry of
``deals`` is one game (one pot) of the session with its 52-card deck; a game
may add ``reshuffles``, the new stock orders made from the discard pile
(``on_stock_exhausted = "reshuffle_discards"``); a session stopped by the
table (:meth:`~jick.games.liftsmoke.state.LiftSmokeState.end_session`, the way
a session with ``games_per_session = None`` ends) has ``"session_ended": true``;
and its ``result`` counts ``games``, with chip totals per seat as ``scores``.

>>> from jick.games.liftsmoke import new_match
>>> s = new_match("lift_smoke", seed=1)
>>> s.end_session()
>>> record_hooks.record_extra(s), record_hooks.result(s)
({'session_ended': True}, {'finished': True, 'games': 0, 'scores': [0, 0, 0, 0], 'winner': None})
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from jick.cards import CARDS, SUIT_NAMES, parse_card
from jick.engine import RecordError
from jick.games.liftsmoke.actions import action_from_text
from jick.games.liftsmoke.rules import DECK_SIZE, LiftSmokeRules
from jick.games.liftsmoke.state import GameResult, LiftSmokeState
from jick.record_hooks import RecordHooks, seat_list

ABANDONED = "abandoned: session ended"
_WON = re.compile(r"seat \d wins the pot \((last survivor|last trick)\)")


def game_report(result: GameResult) -> dict[str, Any]:
    """A JSON-ready summary of one finished game (one pot, SPEC 5.4)."""
    return {
        "number": result.game_number,
        "dealer": result.dealer,
        "seated": list(result.seated),
        "trump": "SHDC"[result.trump],
        "trump_card": str(result.trump_card) if result.trump_card is not None else None,
        "pot": result.pot,
        "winner": result.winner,
        "reason": result.reason,
        "tricks": result.tricks,
        "reshuffles": result.reshuffles,
        "scores": list(result.scores),
    }


def replay_report(state: LiftSmokeState) -> dict[str, Any]:
    """Everything ``jick replay`` prints for a Lift Smoke session, as a JSON-ready dict.

    ``games`` holds one summary per finished game with ``deal``, its number in
    the record; ``abandoned`` lists games stopped by the end of the session.
    """
    won = [i + 1 for i, g in enumerate(state.deals) if _WON.fullmatch(g.outcome)]
    games = [{"deal": n, **game_report(r)} for n, r in zip(won, state.game_results, strict=True)]
    abandoned = [
        {"deal": i + 1, "dealer": g.dealer, "outcome": g.outcome}
        for i, g in enumerate(state.deals)
        if g.outcome == ABANDONED
    ]
    return {
        "game": state.game_name,
        "preset": state.preset_name,
        "players": state.num_players,
        "games": games,
        "abandoned": abandoned,
        "deals": len(state.deals),
        "session_ended": state.session_ended,
        "finished": state.is_terminal,
        "scores": list(state.scores),
        "winner": state.winner,
    }


def format_game(report: Mapping[str, Any]) -> list[str]:
    """One line per finished game: dealer, trump, pot, who took it and the chip totals."""
    trump = SUIT_NAMES["SHDC".index(report["trump"])]
    card = f" ({report['trump_card']})" if report["trump_card"] else ""
    return [
        f"Game {report['number']}: dealer {report['dealer']}, trump {trump}{card}, pot {report['pot']}: "
        f"seat {report['winner']} wins ({report['reason']}, {report['tricks']} tricks) -> {seat_list(report['scores'])}"
    ]


def format_replay(report: Mapping[str, Any]) -> list[str]:
    """The lines ``jick replay`` prints for a Lift Smoke session: each game in order and the result."""
    events: list[tuple[int, list[str]]] = [(g["deal"], format_game(g)) for g in report["games"]]
    for a in report["abandoned"]:
        events.append((a["deal"], [f"Game {a['deal']}: dealer {a['dealer']}, {a['outcome']}; the antes go back"]))
    lines = [line for _, block in sorted(events, key=lambda e: e[0]) for line in block]
    scores = seat_list(report["scores"])
    played = len(report["games"])
    if not report["finished"]:
        lines.append(f"Unfinished after {played} games ({scores})")
    else:
        how = "stopped" if report["session_ended"] else "over"
        who = f"seat {report['winner']} won" if report["winner"] is not None else "no single winner"
        lines.append(f"Session {how} after {played} games: {who} ({scores})")
    return lines


class LiftSmokeRecordHooks(RecordHooks[LiftSmokeState]):
    report_deals = "games"

    def deal_tags(self, deal: Mapping[str, Any]) -> dict[str, str]:
        card = f" ({deal['trump_card']})" if deal.get("trump_card") else ""
        return {"Trump": f"{deal['trump']}{card}", "Pot": f"{deal['pot']} to seat {deal['winner']}"}

    """Lift Smoke records: 52-card decks, card plays only, reshuffle orders, the session-end flag."""

    cards = CARDS
    card_parser = staticmethod(parse_card)
    action_parser = staticmethod(action_from_text)
    state_class = LiftSmokeState
    game: ClassVar[str] = "liftsmoke"
    rules_class: ClassVar[type] = LiftSmokeRules
    result_fields: ClassVar[Mapping[str, str]] = {
        "finished": "bool",
        "games": "int",
        "scores": "list",
        "winner": "int|null",
    }
    supports_void: ClassVar[bool] = False
    deal_fields: ClassVar[tuple[str, ...]] = ("reshuffles",)
    record_fields: ClassVar[tuple[str, ...]] = ("session_ended",)
    outcomes_help: ClassVar[str] = "seat N wins the pot (last survivor), seat N wins the pot (last trick), " + ABANDONED
    phase_verbs: ClassVar[Mapping[str, str]] = {"play": "to play"}
    chance_waits: ClassVar[Mapping[str, str]] = {
        "deal": "the next game needs a deck",
        "reshuffle": "the discard pile needs a reshuffle order",
    }

    def deck_cards(self, rules: LiftSmokeRules) -> tuple[int, ...]:
        return tuple(range(DECK_SIZE))

    def chance_cards(self, state: LiftSmokeState) -> tuple[int, ...]:
        if state.phase == "reshuffle":
            pile = state.discard_mask
            return tuple(c for c in range(DECK_SIZE) if pile >> c & 1)
        return self.deck_cards(state.rules)

    def supply_chance(self, state: LiftSmokeState, order: Sequence[int]) -> None:
        if state.phase == "reshuffle":
            state.reshuffle(order)
        else:
            state.deal(order)

    def is_outcome(self, text: str) -> bool:
        return text == ABANDONED or _WON.fullmatch(text) is not None

    def new_state(
        self,
        rules: LiftSmokeRules,
        *,
        seed: int | None,
        decks: Sequence[tuple[int, ...]],
        first_dealer: int,
        deal_extras: Sequence[Mapping[str, Any]],
    ) -> LiftSmokeState:
        reshuffles = [
            [tuple(self.parse_card(c) for c in order) for order in e.get("reshuffles", [])] for e in deal_extras
        ]
        return LiftSmokeState(rules, seed=seed, decks=list(decks), first_dealer=first_dealer, reshuffles=reshuffles)

    def deal_extra(self, state: LiftSmokeState, index: int) -> dict[str, Any]:
        orders = state.deals[index].reshuffles
        return {"reshuffles": [[self.card_name(c) for c in order] for order in orders]} if orders else {}

    def parse_deal_extra(self, raw: Mapping[str, Any], rules: LiftSmokeRules, where: str) -> dict[str, Any]:
        from jick.record import card_list, check_field

        if "reshuffles" not in raw:
            return {}
        orders = check_field(raw, "reshuffles", where, "list")
        out = []
        for r, order in enumerate(orders):
            if not isinstance(order, list):
                raise RecordError(f"{where}: reshuffle {r + 1} must be a list of cards")
            cards = card_list(order, self, where, f"reshuffle {r + 1} card")
            out.append([self.card_name(c) for c in cards])
        return {"reshuffles": out} if out else {}

    def record_extra(self, state: LiftSmokeState) -> dict[str, Any]:
        return {"session_ended": True} if state.session_ended else {}

    def parse_record_extra(self, data: Mapping[str, Any]) -> dict[str, Any]:
        from jick.record import check_field

        if "session_ended" in data and check_field(data, "session_ended", "record", "bool"):
            return {"session_ended": True}
        return {}

    def finish_replay(self, state: LiftSmokeState, extra: Mapping[str, Any]) -> None:
        if extra.get("session_ended"):
            state.end_session()

    def result(self, state: LiftSmokeState) -> dict[str, Any]:
        return {
            "finished": state.is_terminal,
            "games": state.games_played,
            "scores": list(state.scores),
            "winner": state.winner,
        }

    def report(self, state: LiftSmokeState) -> dict[str, Any]:
        return replay_report(state)

    def format_report(self, report: Mapping[str, Any]) -> list[str]:
        return format_replay(report)


#: The hooks :mod:`jick.record` and :mod:`jick.render` use for Lift Smoke.
record_hooks = LiftSmokeRecordHooks()
