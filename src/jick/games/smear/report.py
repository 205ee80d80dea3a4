"""Smear's record hooks and its hand reports (what ``jick replay`` and ``jick play`` print).

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=5)
>>> record_hooks.result(s)
{'finished': False, 'hands': 0, 'scores': [0, 0], 'winner': None}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from jick.cards import CARDS, SUIT_NAMES, parse_card
from jick.games.smear.actions import action_from_text
from jick.games.smear.rules import AllPass, SmearRules
from jick.games.smear.state import HandResult, SmearState
from jick.games.smear.tables import deck_cards
from jick.record_hooks import RecordHooks

POINT_LABELS = {
    "high": "High",
    "low": "Low",
    "jack": "Jack",
    "jick": "Jick",
    "joker_high": "High joker",
    "joker_low": "Low joker",
    "joker": "Joker",
    "trey": "Trey",
    "deuce": "Deuce",
    "game": "Game",
    "ten": "Ten",
    "five": "Five",
    "off_five": "Left Pedro",
    "off_ace": "Off-Ace",
    "off_three": "Off-Three",
}

#: How a deal can end (``DealLog.outcome``); a voided deal's outcome is ``"void: <reason>"``.
OUTCOMES = ("played", "all passed", "misdeal called", "misdeal (low hand)")
SAME_DEALER = "the same dealer deals again"


def after_unplayed(rules: SmearRules, outcome: str) -> str:
    """What follows a deal that was not played (``all_pass = dealer_set`` sets the dealer).

    >>> from jick.games.smear import load_preset
    >>> after_unplayed(load_preset("pitch_auction", overrides={"all_pass": "dealer_set"}), "all passed")
    "the dealer's side loses 2 and the next dealer deals"
    """
    if outcome == "all passed" and rules.all_pass is AllPass.DEALER_SET:
        return f"the dealer's side loses {rules.min_bid} and the next dealer deals"
    return SAME_DEALER


def side_name(rules: SmearRules, side: int) -> str:
    """``seat 2`` for a lone player, ``seats 0+2`` for a team.

    >>> from jick.games.smear import load_preset
    >>> side_name(load_preset("smear_ten_point"), 1)
    'seats 1+3'
    """
    seats = [s for s in range(rules.num_players) if rules.side_of(s) == side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + "+".join(str(s) for s in seats)


def hand_report(rules: SmearRules, result: HandResult) -> dict[str, Any]:
    """A JSON-ready breakdown of one hand."""
    s = result.settlement
    called = {} if result.called is None else {"called": str(result.called), "partner": result.partner}
    return {
        "hand": result.hand_number,
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": result.bid_text,
        "trump": "SHDC"[result.trump],
        "points": [
            {
                "point": a.point,
                "value": a.value,
                "side": a.side,
                "card": str(CARDS[a.card]) if a.card is not None and a.card >= 0 else None,
            }
            for a in result.awards
        ],
        "game_points": list(result.game_points),
        "hand_points": list(s.points),
        "score_changes": list(s.deltas),
        "scores": list(s.scores),
        "made": s.made,
        "moon": s.moon,
        "reneged_sides": list(s.reneged),
        "note": s.note,
        **called,
    }


def replay_report(state: SmearState) -> dict[str, Any]:
    """Everything ``jick replay`` prints, as a JSON-ready dict.

    ``hands`` holds one breakdown per scored hand (with the number of its deal);
    ``redeals`` lists the deals that ended without a score (misdeal, all passed, void).
    """
    rules = state.rules
    played = [i + 1 for i, d in enumerate(state.deals) if d.outcome == "played"]
    hands = []
    for deal_no, result in zip(played, state.hand_results, strict=True):
        hands.append({"deal": deal_no, **hand_report(rules, result)})
    redeals: list[dict[str, Any]] = [
        {"deal": i + 1, "dealer": d.dealer, "outcome": d.outcome}
        for i, d in enumerate(state.deals)
        if d.outcome and d.outcome != "played"
    ]
    for r in redeals:
        then = after_unplayed(rules, r["outcome"])
        if then != SAME_DEALER:
            r["then"] = then
    return {
        "game": state.game_name,
        "preset": state.preset_name,
        "players": state.num_players,
        "sides": [side_name(rules, s) for s in range(state.num_sides)],
        "hands": hands,
        "redeals": redeals,
        "deals": len(state.deals),
        "finished": state.is_terminal,
        "scores": list(state.scores),
        "winner": state.winner,
        "winner_name": side_name(rules, state.winner) if state.winner is not None else None,
    }


def format_hand(report: Mapping[str, Any], sides: list[str]) -> list[str]:
    """Lines describing one hand's point breakdown."""
    lines = [
        f"Hand {report['hand']}: dealer {report['dealer']}, seat {report['bidder']} bid {report['bid']}"
        f" in {SUIT_NAMES['SHDC'.index(report['trump'])]}"
    ]
    if report.get("called"):
        partner = report["partner"]
        pair = f"partner seat {partner}" if partner is not None else f"nobody held it: seat {report['bidder']} alone"
        lines.append(f"  called {report['called']}: {pair}")
    for p in report["points"]:
        who = sides[p["side"]] if p["side"] is not None else "nobody"
        card = f" ({p['card']})" if p["card"] and p["point"] != "game" else ""
        label = POINT_LABELS.get(p["point"], p["point"])
        extra = ""
        if p["point"] == "game":
            extra = " [game points " + ", ".join(f"{sides[i]} {v}" for i, v in enumerate(report["game_points"])) + "]"
        lines.append(f"  {label:<11}{p['value']:>2}  {who}{card}{extra}")
    changes = ", ".join(f"{sides[i]} {d:+d}" for i, d in enumerate(report["score_changes"]))
    scores = ", ".join(f"{sides[i]} {v}" for i, v in enumerate(report["scores"]))
    lines.append(f"  {report['note']}: {changes} -> {scores}")
    return lines


def format_replay(report: Mapping[str, Any]) -> list[str]:
    """The lines ``jick replay`` prints: each deal in order (hands with their points,
    redeals in one line) and the match result."""
    sides = report["sides"]
    events: list[tuple[int, list[str]]] = [(h.get("deal", 0), format_hand(h, sides)) for h in report["hands"]]
    for r in report.get("redeals", []):
        events.append(
            (r["deal"], [f"Deal {r['deal']}: dealer {r['dealer']}, {r['outcome']}; {r.get('then', SAME_DEALER)}"])
        )
    lines = [line for _, block in sorted(events, key=lambda e: e[0]) for line in block]
    scores = ", ".join(f"{sides[i]} {v}" for i, v in enumerate(report["scores"]))
    hands = len(report["hands"])
    if report["finished"]:
        lines.append(f"Match over after {hands} hands: {report['winner_name']} won ({scores})")
    else:
        lines.append(f"Unfinished after {hands} hands ({scores})")
    return lines


class SmearRecordHooks(RecordHooks[SmearState]):
    report_deals = "hands"

    def deal_tags(self, deal: Mapping[str, Any]) -> dict[str, str]:
        return {"Contract": f"{deal['bid']} {deal['trump']} by seat {deal['bidder']}"}

    """Smear records: 52-54 card decks, outcomes of SPEC 1.6/1.7, scores per side."""

    cards = CARDS
    card_parser = staticmethod(parse_card)
    action_parser = staticmethod(action_from_text)
    state_class = SmearState
    game: ClassVar[str] = "smear"
    rules_class: ClassVar[type] = SmearRules
    result_fields: ClassVar[Mapping[str, str]] = {
        "finished": "bool",
        "hands": "int",
        "scores": "list",
        "winner": "int|null",
    }
    outcomes_help: ClassVar[str] = ", ".join(OUTCOMES) + ", void: ..."
    phase_verbs: ClassVar[Mapping[str, str]] = {
        "misdeal_offer": "to answer the misdeal offer",
        "bidding": "to bid",
        "trump": "to name trump",
        "discard": "to discard",
        "play": "to play",
    }

    def deck_cards(self, rules: SmearRules) -> tuple[int, ...]:
        return deck_cards(rules)

    def deck_note(self, rules: SmearRules) -> str:
        return f" (jokers = {rules.jokers})"

    def is_outcome(self, text: str) -> bool:
        return text in OUTCOMES or text.startswith("void: ")

    def result(self, state: SmearState) -> dict[str, Any]:
        return {
            "finished": state.is_terminal,
            "hands": len(state.hand_results),
            "scores": list(state.scores),
            "winner": state.winner,
        }

    def report(self, state: SmearState) -> dict[str, Any]:
        return replay_report(state)

    def format_report(self, report: Mapping[str, Any]) -> list[str]:
        return format_replay(report)


#: The hooks :mod:`jick.record` and :mod:`jick.render` use for Smear.
record_hooks = SmearRecordHooks()
