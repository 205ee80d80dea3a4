"""Versioned JSON game records: write, load, validate and replay.

A record holds the game, preset, overrides, seat count, first dealer, and for
every deal its deck order (top card first) and each action with its seat, so a
match is rebuilt exactly without any RNG. See ``docs/records.md`` and
``src/jick/schemas/record.schema.json``.

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=5)
>>> s.apply(s.legal_actions()[0])
>>> rec = record_of(s)
>>> rec["version"], len(rec["deals"][0]["actions"])
(1, 1)
>>> replay(rec).state.history() == s.history()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jick.cards import CARDS
from jick.engine import IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.games.smear.state import SmearState

FORMAT = "jick-record"
VERSION = 1


def record_of(state: SmearState) -> dict[str, Any]:
    """The JSON-ready record of a match, finished or not."""
    deals = []
    for deal in state.deals:
        entry: dict[str, Any] = {
            "dealer": deal.dealer,
            "deck": [str(CARDS[c]) for c in deal.deck],
            "actions": [[seat, str(state.action_from_id(aid))] for seat, aid in deal.actions],
        }
        if deal.outcome.startswith("void: "):
            entry["void"] = deal.outcome[6:]
        if deal.outcome:
            entry["outcome"] = deal.outcome
        deals.append(entry)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_name,
        "preset": state.preset_name,
        "overrides": dict(state.overrides),
        "rules": state.rules.to_dict(),
        "players": state.num_players,
        "first_dealer": state.first_dealer,
        "seed": state.seed,
        "deals": deals,
        "result": result_of(state),
    }


def result_of(state: SmearState) -> dict[str, Any]:
    return {
        "finished": state.is_terminal,
        "hands": len(state.hand_results),
        "scores": list(state.scores),
        "winner": state.winner,
    }


def save_record(state: SmearState, path: str | Path) -> Path:
    """Write the record of ``state`` as JSON and return the path."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(record_of(state), indent=1) + "\n", encoding="utf-8")
    return p


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; bad JSON or a missing file raise :class:`RecordError`."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"record file {str(p)!r} does not exist") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"record file {str(p)!r} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


@dataclass
class Replay:
    """A replayed record: the rebuilt state."""

    state: SmearState
    record: Mapping[str, Any]


def _require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    if key not in data:
        raise RecordError(f"{where} has no {key!r} field")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where} field {key!r} has the wrong type ({type(value).__name__})")
    return value


def state_for(record: Mapping[str, Any]) -> SmearState:
    """A fresh state with the record's rules, first dealer and decks (no RNG)."""
    from jick.games.smear import load_preset

    if record.get("format") != FORMAT:
        raise RecordError(f"not a jick record (format should be {FORMAT!r})")
    version = record.get("version")
    if version != VERSION:
        raise RecordError(f"record version {version!r} is not supported (this jick reads version {VERSION})")
    game = _require(record, "game", str)
    if game != "smear":
        raise RecordError(f"unknown game {game!r} in record")
    preset = _require(record, "preset", str)
    players = _require(record, "players", int)
    overrides = record.get("overrides") or {}
    if not isinstance(overrides, dict):
        raise RecordError("record field 'overrides' must be an object")
    first_dealer = _require(record, "first_dealer", int)
    deals = _require(record, "deals", list)
    decks = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError(f"deal {i + 1} must be an object")
        deck = _require(deal, "deck", list, f"deal {i + 1}")
        decks.append(deck)
    try:
        rules = load_preset(preset, players, overrides)
        state = SmearState(rules, seed=None, decks=decks, first_dealer=first_dealer)
    except RulesError as exc:
        raise RecordError(f"record rules: {exc}") from None
    state.preset_name = preset
    state.overrides = dict(overrides)
    return state


def replay(record: Mapping[str, Any], check_result: bool = True) -> Replay:
    """Re-run every action of a record, checking seat and legality.

    Stops at the first bad action with a :class:`RecordError` naming the deal,
    the action index (1-based within the deal) and why.
    """
    state = state_for(record)
    for i, deal in enumerate(record["deals"]):
        where = f"deal {i + 1}"
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"{where}: 'actions' must be a list")
        if actions or "void" in deal:
            if len(state.deals) != i + 1 or state.is_terminal:
                raise RecordError(
                    f"{where}: the match is not at this deal (the rules ended the deal or match earlier)"
                )
            dealer = deal.get("dealer")
            if dealer is not None and dealer != state.dealer:
                raise RecordError(f"{where}: dealer is {dealer} in the record but {state.dealer} by the rules")
        for j, entry in enumerate(actions):
            at = f"{where}, action {j + 1}"
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise RecordError(f"{at}: an action must be [seat, \"action\"]")
            seat, text = entry
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise RecordError(f"{at}: seat {seat!r} is not a number")
            if state.current_player != seat:
                who = "nobody (the match is over)" if state.is_terminal else f"seat {state.current_player}"
                raise RecordError(f"{at} ({text!r} by seat {seat}): wrong seat, it is the turn of {who}")
            try:
                state.apply(state.parse_action(text))
            except NotationError as exc:
                raise RecordError(f"{at}: {exc}") from None
            except IllegalAction as exc:
                raise RecordError(f"{at} ({text!r} by seat {seat}): illegal: {exc.reason}") from None
        if "void" in deal:
            try:
                state.void_deal(str(deal["void"]))
            except JickError as exc:
                raise RecordError(f"{where}: cannot void: {exc}") from None
    expected = record.get("result")
    if check_result and isinstance(expected, dict) and expected.get("finished") is not None:
        got = result_of(state)
        for key in ("finished", "scores", "winner"):
            if key in expected and expected[key] != got[key]:
                raise RecordError(f"result: the record says {key} = {expected[key]!r} but the replay gives {got[key]!r}")
    return Replay(state, record)
