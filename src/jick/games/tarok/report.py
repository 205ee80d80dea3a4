"""Tarok's record hooks and deal reports (what ``jick replay`` prints).

A Tarok record differs from a Smear one in its cards (the 54-card Tarok deck,
``I``..``XXI``, ``SKUS``, ``KH``, ``CH``...), its actions, its outcomes
(``played``, ``all passed``, ``void: ...``) and its ``result``, which counts
``deals`` and lists every seat sharing the top score in ``winners``.

>>> from jick.games.tarok import new_match
>>> record_hooks.result(new_match("tarok_3p", seed=1))
{'finished': False, 'deals': 0, 'scores': [0, 0, 0], 'winner': None, 'winners': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from jick.games.tarok.actions import action_from_text
from jick.games.tarok.cards import CARDS, NUM_CARDS, parse_card
from jick.games.tarok.rules import TarokRules
from jick.games.tarok.state import TarokDealResult, TarokState
from jick.record_hooks import RecordHooks, seat_list

#: How a deal can end besides ``void: <reason>``.
OUTCOMES = ("played", "all passed")
#: What a record's rules table missing one of these options was played under: the options' defaults
#: before the SPEC errata of 2026-11-26 (the engine defaults are now false and ``"literal"``).
RECORD_DEFAULTS: Mapping[str, Any] = {"consolation_in_solo": True, "consolation_scoring": "mirror"}


def deal_report(result: TarokDealResult) -> dict[str, Any]:
    """A JSON-ready breakdown of one scored deal (SPEC 4.12)."""
    return {
        "number": result.deal_number,
        "dealer": result.dealer,
        "forehand": result.forehand,
        "bidder": result.bidder,
        "contract": result.contract,
        "game_type": result.game_type,
        "multiplier": result.multiplier,
        "game_value": result.game_value,
        "raw_bidder_count": result.raw_bidder_count,
        "raw_opponents_count": result.raw_opponents_count,
        "pagat_adjustment": result.pagat_adjustment,
        "bidder_count": result.bidder_count,
        "opponents_count": result.opponents_count,
        "made": result.made,
        "amount": result.amount,
        "melds": [{"seat": seat, "meld": name} for seat, name in result.melds],
        "ultimo": result.ultimo,
        "contra": result.contra,
        "ultimo_won": result.ultimo_won,
        "contra_won": result.contra_won,
        "silent_pagat": result.silent_pagat,
        "awards": [
            {"name": a.name, "value": a.value, "won_by": a.won_by, "seat": a.seat, "changes": list(line)}
            for a, line in zip(result.awards, result.lines, strict=True)
        ],
        "changes": list(result.changes),
        "scores": list(result.scores),
        "note": result.note,
    }


def replay_report(state: TarokState) -> dict[str, Any]:
    """Everything ``jick replay`` prints for a Tarok match, as a JSON-ready dict.

    ``results`` holds one breakdown per scored deal (all-pass deals included)
    with ``deal``, the number of its deal in the record; ``redeals`` lists the
    void deals.
    """
    scored = [i + 1 for i, d in enumerate(state.deals) if d.outcome in OUTCOMES]
    results = [{"deal": n, **deal_report(r)} for n, r in zip(scored, state.deal_results, strict=True)]
    redeals = [
        {"deal": i + 1, "dealer": d.dealer, "outcome": d.outcome}
        for i, d in enumerate(state.deals)
        if d.outcome and d.outcome not in OUTCOMES
    ]
    return {
        "game": state.game_name,
        "preset": state.preset_name,
        "players": state.num_players,
        "results": results,
        "redeals": redeals,
        "deals": len(state.deals),
        "finished": state.is_terminal,
        "scores": list(state.scores),
        "winner": state.winner,
        "winners": list(state.winners),
    }


def format_deal(report: Mapping[str, Any]) -> list[str]:
    """Lines describing one scored deal: the contract, the card counts, each award and the scores."""
    head = f"Deal {report['deal']}: dealer {report['dealer']}, "
    if report["bidder"] is None:
        lines = [head + report["note"]]
    else:
        adj = report["pagat_adjustment"]
        pagat = f" (pagat {adj:+d})" if adj else ""
        lines = [
            head + f"seat {report['bidder']} {report['contract']} {report['game_type']} (m = {report['multiplier']}): "
            f"bidder {report['bidder_count']}, opponents {report['opponents_count']}{pagat} -> "
            f"{'made' if report['made'] else 'lost'}, X = {report['amount']}"
        ]
    for a in report["awards"]:
        who = f"seat {a['seat']}" if a["seat"] is not None else a["won_by"]
        changes = ", ".join(f"seat {i} {d:+d}" for i, d in enumerate(a["changes"]))
        lines.append(f"  {a['name']:<12}{a['value']:>4} to {who}: {changes}")
    lines.append(f"  scores: {seat_list(report['scores'])}")
    return lines


def format_replay(report: Mapping[str, Any]) -> list[str]:
    """The lines ``jick replay`` prints for a Tarok match: each deal in order and the result."""
    events: list[tuple[int, list[str]]] = [(r["deal"], format_deal(r)) for r in report["results"]]
    for r in report["redeals"]:
        events.append(
            (r["deal"], [f"Deal {r['deal']}: dealer {r['dealer']}, {r['outcome']}; the same dealer deals again"])
        )
    lines = [line for _, block in sorted(events, key=lambda e: e[0]) for line in block]
    scores = seat_list(report["scores"])
    played = len(report["results"])
    if not report["finished"]:
        lines.append(f"Unfinished after {played} deals ({scores})")
    elif report["winner"] is not None:
        lines.append(f"Match over after {played} deals: seat {report['winner']} won ({scores})")
    else:
        tied = " and ".join(f"seat {s}" for s in report["winners"])
        lines.append(f"Match over after {played} deals: {tied} tied for first ({scores})")
    return lines


class TarokRecordHooks(RecordHooks[TarokState]):
    report_deals = "results"

    def deal_tags(self, deal: Mapping[str, Any]) -> dict[str, str]:
        if deal.get("bidder") is None:
            return {}
        return {"Contract": f"{deal['contract']} by seat {deal['bidder']}"}

    """Tarok records: the 54-card Tarok deck, Tarok actions, a match of ``deals_per_match`` deals."""

    cards = CARDS
    card_parser = staticmethod(parse_card)
    action_parser = staticmethod(action_from_text)
    state_class = TarokState
    game: ClassVar[str] = "tarok"
    rules_class: ClassVar[type] = TarokRules
    result_fields: ClassVar[Mapping[str, str]] = {
        "finished": "bool",
        "deals": "int",
        "scores": "list",
        "winner": "int|null",
        "winners": "list",
    }
    outcomes_help: ClassVar[str] = ", ".join(OUTCOMES) + ", void: ..."
    phase_verbs: ClassVar[Mapping[str, str]] = {
        "auction": "to bid",
        "widow": "to accept or reject the widow half",
        "discard": "to discard",
        "contract": "to choose game or consolation",
        "ultimo": "to announce ultimo or pass",
        "contra": "to declare contra or pass",
        "play": "to play",
    }

    def rules_from_dict(self, table: Mapping[str, Any]) -> TarokRules:
        """The rules of a record's table; an option it lacks keeps the value it was played under.

        A record written before ``consolation_scoring`` existed was scored with the mirror formulas:

        >>> table = TarokRules().to_dict()
        >>> del table["consolation_scoring"]
        >>> str(record_hooks.rules_from_dict(table).consolation_scoring)
        'mirror'
        >>> del table["consolation_in_solo"]
        >>> record_hooks.rules_from_dict(table).consolation_in_solo
        True
        >>> record_hooks.rules_from_dict(TarokRules().to_dict()) == TarokRules()
        True
        """
        rules: TarokRules = super().rules_from_dict({**RECORD_DEFAULTS, **table})
        return rules

    def deck_cards(self, rules: TarokRules) -> tuple[int, ...]:
        return tuple(range(NUM_CARDS))

    def is_outcome(self, text: str) -> bool:
        return text in OUTCOMES or text.startswith("void: ")

    def result(self, state: TarokState) -> dict[str, Any]:
        return {
            "finished": state.is_terminal,
            "deals": len(state.deal_results),
            "scores": list(state.scores),
            "winner": state.winner,
            "winners": list(state.winners),
        }

    def report(self, state: TarokState) -> dict[str, Any]:
        return replay_report(state)

    def format_report(self, report: Mapping[str, Any]) -> list[str]:
        return format_replay(report)


#: The hooks :mod:`jick.record` and :mod:`jick.render` use for Tarok.
record_hooks = TarokRecordHooks()
