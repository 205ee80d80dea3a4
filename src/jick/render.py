"""Text views shared by the terminal game and ``jick replay``."""

from __future__ import annotations

from typing import Any

from jick.cards import CARDS, SUIT_NAMES
from jick.games.smear.rules import SmearRules
from jick.games.smear.state import HandResult, SmearState

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
}


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
    redeals = [
        {"deal": i + 1, "dealer": d.dealer, "outcome": d.outcome}
        for i, d in enumerate(state.deals)
        if d.outcome and d.outcome != "played"
    ]
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


def format_hand(report: dict[str, Any], sides: list[str]) -> list[str]:
    """Lines describing one hand's point breakdown."""
    lines = [
        f"Hand {report['hand']}: dealer {report['dealer']}, seat {report['bidder']} bid {report['bid']}"
        f" in {SUIT_NAMES['SHDC'.index(report['trump'])]}"
    ]
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


def format_replay(report: dict[str, Any]) -> list[str]:
    """The lines ``jick replay`` prints: each deal in order (hands with their points,
    redeals in one line) and the match result."""
    sides = report["sides"]
    events: list[tuple[int, list[str]]] = [(h.get("deal", 0), format_hand(h, sides)) for h in report["hands"]]
    for r in report.get("redeals", []):
        events.append(
            (r["deal"], [f"Deal {r['deal']}: dealer {r['dealer']}, {r['outcome']}; the same dealer deals again"])
        )
    lines = [line for _, block in sorted(events, key=lambda e: e[0]) for line in block]
    scores = ", ".join(f"{sides[i]} {v}" for i, v in enumerate(report["scores"]))
    hands = len(report["hands"])
    if report["finished"]:
        lines.append(f"Match over after {hands} hands: {report['winner_name']} won ({scores})")
    else:
        lines.append(f"Unfinished after {hands} hands ({scores})")
    return lines


def print_replay(report: dict[str, Any]) -> None:
    for line in format_replay(report):
        print(line)
