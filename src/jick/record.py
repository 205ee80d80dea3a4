"""Versioned JSON game records: write, load, validate and replay.

A record holds the game, the preset and overrides the rules came from, the
full option table, the seat count, the first dealer, the seed, and for every
deal its deck order (top card first) and each action with its seat. That is
enough to rebuild a match exactly without any RNG. The format is described in
``docs/records.md`` and, as a JSON Schema, in
``src/jick/schemas/record.schema.json``.

Every problem is a :class:`~jick.engine.RecordError` with a one-line message
that names where it is: ``deal 2, action 7 ('QH' by seat 1): illegal: ...``.

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=5)
>>> s.apply(s.legal_actions()[0])
>>> rec = record_of(s)
>>> rec["version"], len(rec["deals"][0]["actions"])
(1, 1)
>>> replay(rec).state._snapshot() == s._snapshot()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from jick.cards import CARDS, parse_card
from jick.engine import TERMINAL, IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.games.smear.actions import action_from_text
from jick.games.smear.rules import SmearRules, option_types
from jick.games.smear.state import CHANCE, SmearState
from jick.games.smear.tables import deck_cards

FORMAT = "jick-record"
VERSION = 1
GAMES = ("smear",)

#: Fields of a record and of one deal; anything else is refused (see the versioning policy).
RECORD_FIELDS = (
    "format",
    "version",
    "game",
    "preset",
    "overrides",
    "rules",
    "players",
    "first_dealer",
    "seed",
    "deals",
    "result",
    "meta",
)
DEAL_FIELDS = ("dealer", "deck", "actions", "void", "outcome")
RESULT_FIELDS = ("finished", "hands", "scores", "winner")
#: How a deal can end (``DealLog.outcome``); a voided deal's outcome is ``"void: <reason>"``.
OUTCOMES = ("played", "all passed", "misdeal called", "misdeal (low hand)")


# ---------------------------------------------------------------------------- writing


def record_of(state: SmearState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a match, finished or not.

    ``meta`` is free-form information (player names, tool, date...) that replay ignores.
    """
    deals = []
    for deal in state.deals:
        entry: dict[str, Any] = {
            "dealer": deal.dealer,
            "deck": [str(CARDS[c]) for c in deal.deck],
            "actions": [[seat, str(state.action_from_id(aid))] for seat, aid in deal.actions],
        }
        if deal.outcome.startswith("void: "):
            entry["void"] = deal.outcome[len("void: ") :]
        if deal.outcome:
            entry["outcome"] = deal.outcome
        deals.append(entry)
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_name,
        "preset": state.preset_name,
        "overrides": _plain(dict(state.overrides)),
        "rules": state.rules.to_dict(),
        "players": state.num_players,
        "first_dealer": state.first_dealer,
        "seed": state.seed,
        "deals": deals,
        "result": result_of(state),
    }
    if meta:
        record["meta"] = _plain(dict(meta))
    return record


def result_of(state: SmearState) -> dict[str, Any]:
    """The ``result`` part of a record: finished, hands played, scores per side, winner."""
    return {
        "finished": state.is_terminal,
        "hands": len(state.hand_results),
        "scores": list(state.scores),
        "winner": state.winner,
    }


def _plain(value: Any) -> Any:
    """``value`` with mappings, tuples and enums turned into plain JSON values."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, StrEnum):
        return str(value)
    return value


def dumps_record(record: Mapping[str, Any]) -> str:
    """JSON text of a record, one field per line and each deck or action list on one line.

    >>> text = dumps_record({"format": FORMAT, "deals": [{"dealer": 0, "deck": ["AS"], "actions": []}]})
    >>> print(text)
    {
     "format": "jick-record",
     "deals": [
      {
       "dealer": 0,
       "deck": ["AS"],
       "actions": []
      }
     ]
    }
    >>> json.loads(text)["deals"][0]["deck"]
    ['AS']
    """
    lines = ["{"]
    items = list(record.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        if key == "deals" and isinstance(value, list) and value:
            lines.append(' "deals": [')
            for d, deal in enumerate(value):
                fields = list(deal.items())
                lines.append("  {")
                for f, (name, item) in enumerate(fields):
                    sep = "," if f < len(fields) - 1 else ""
                    lines.append(f"   {json.dumps(name)}: {json.dumps(item)}{sep}")
                lines.append("  }" + ("," if d < len(value) - 1 else ""))
            lines.append(" ]" + comma)
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines)


def save_record(state: SmearState, path: str | Path, meta: Mapping[str, Any] | None = None) -> Path:
    """Write the record of ``state`` as JSON and return the path."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(dumps_record(record_of(state, meta)) + "\n", encoding="utf-8")
    return p


# ---------------------------------------------------------------------------- reading


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; a missing file or bad JSON raise :class:`RecordError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"record file {str(p)!r} does not exist") from None
    except UnicodeDecodeError:
        raise RecordError(f"record file {str(p)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise RecordError(f"cannot read record file {str(p)!r}: {exc.strerror or exc}") from None
    return loads_record(text, f"record file {str(p)!r}")


def loads_record(text: str, name: str = "record") -> dict[str, Any]:
    """Parse record JSON text; bad JSON or a non-object raise :class:`RecordError`.

    >>> loads_record("[1]")
    Traceback (most recent call last):
    ...
    jick.engine.RecordError: record is not a JSON object
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{name} is not a JSON object")
    return data


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the record format, as a dict."""
    text = resources.files("jick").joinpath("schemas", "record.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


# ---------------------------------------------------------------------------- validation


@dataclass(frozen=True)
class _Deal:
    dealer: int | None
    deck: tuple[int, ...]
    actions: tuple[tuple[int, str], ...]
    void: str | None
    outcome: str | None


@dataclass(frozen=True)
class _Parsed:
    rules: SmearRules
    preset: str | None
    overrides: dict[str, Any]
    first_dealer: int
    seed: int | None
    deals: tuple[_Deal, ...]
    result: Mapping[str, Any] | None


def _show(value: Any) -> str:
    """A short form of a record value for messages: strings quoted as in Python, the rest as JSON."""
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_KIND_NAMES = {
    "int": "an integer",
    "str": "a string",
    "list": "a list",
    "dict": "an object",
    "bool": "true or false",
    "null": "null",
}


def _field(data: Mapping[str, Any], key: str, where: str, kinds: str) -> Any:
    """``data[key]``, checked against a short type spec: ``int``, ``str``, ``list``, ``dict``, ``bool``, ``|null``."""
    if key not in data:
        raise RecordError(f"{where} has no {key!r} field")
    value = data[key]
    ok = {
        "int": _is_int(value),
        "str": isinstance(value, str),
        "list": isinstance(value, list),
        "dict": isinstance(value, dict),
        "bool": isinstance(value, bool),
        "null": value is None,
    }
    wanted = kinds.split("|")
    if not any(ok[k] for k in wanted):
        shown = " or ".join(_KIND_NAMES[k] for k in wanted)
        raise RecordError(f"{where} field {key!r} must be {shown}, not {_show(value)}")
    return value


def _unknown_fields(data: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    extra = [k for k in data if k not in known]
    if extra:
        raise RecordError(f"{where} has unknown field {extra[0]!r} (fields are: {', '.join(known)})")


def _rules_of(table: Mapping[str, Any]) -> SmearRules:
    """The rules of a record's option table; a missing option takes its default."""
    known = option_types()
    extra = [k for k in table if k not in known]
    if extra:
        raise RecordError(f"record rules: unknown option {extra[0]!r}")
    try:
        return SmearRules(**table)
    except RulesError as exc:
        raise RecordError(f"record rules: {exc}") from None


def _deck_of(cards: list[Any], rules: SmearRules, where: str) -> tuple[int, ...]:
    """Card indices of a recorded deck, which must be the whole deck of the rules, each card once."""
    wanted = deck_cards(rules)
    allowed = set(wanted)
    seen: dict[int, int] = {}
    for k, name in enumerate(cards):
        if not isinstance(name, str):
            raise RecordError(f"{where}: deck card {k + 1} is {_show(name)}, not a card name")
        try:
            card = parse_card(name).index
        except NotationError as exc:
            raise RecordError(f"{where}: deck card {k + 1}: {exc}") from None
        if card not in allowed:
            raise RecordError(
                f"{where}: deck card {k + 1} ({CARDS[card]}) is not in the {len(wanted)}-card deck of these rules "
                f"(jokers = {rules.jokers})"
            )
        if card in seen:
            raise RecordError(f"{where}: deck has {CARDS[card]} twice (cards {seen[card] + 1} and {k + 1})")
        seen[card] = k
    if len(seen) != len(wanted):
        missing = " ".join(str(CARDS[c]) for c in wanted if c not in seen)
        raise RecordError(f"{where}: deck has {len(seen)} cards, the rules use {len(wanted)} (missing: {missing})")
    return tuple(parse_card(name).index for name in cards)


def _parse(data: Mapping[str, Any]) -> _Parsed:
    """Check the form of a record (no play) and return its parts."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    if "format" not in data:
        raise RecordError(f"not a jick record (no 'format' field; it should be {FORMAT!r})")
    if data["format"] != FORMAT:
        raise RecordError(f"not a jick record (format is {_show(data['format'])}, expected {FORMAT!r})")
    version = _field(data, "version", "record", "int")
    if version != VERSION:
        raise RecordError(f"record version {version} is not supported (this jick reads version {VERSION})")
    _unknown_fields(data, RECORD_FIELDS, "record")
    game = _field(data, "game", "record", "str")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} in record (games: {', '.join(GAMES)})")
    preset = _field(data, "preset", "record", "str|null")
    overrides = _field(data, "overrides", "record", "dict")
    rules = _rules_of(_field(data, "rules", "record", "dict"))
    players = _field(data, "players", "record", "int")
    n = rules.num_players
    if players != n:
        raise RecordError(f"record field 'players' is {players} but the rules are for num_players = {n}")
    first_dealer = _field(data, "first_dealer", "record", "int")
    if not 0 <= first_dealer < n:
        raise RecordError(f"record field 'first_dealer' is {first_dealer}, not a seat 0..{n - 1}")
    seed = _field(data, "seed", "record", "int|null")
    if "meta" in data:
        _field(data, "meta", "record", "dict")
    deals = []
    for i, raw in enumerate(_field(data, "deals", "record", "list")):
        where = f"deal {i + 1}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be an object")
        _unknown_fields(raw, DEAL_FIELDS, where)
        dealer = _field(raw, "dealer", where, "int") if "dealer" in raw else None
        if dealer is not None and not 0 <= dealer < n:
            raise RecordError(f"{where}: dealer {dealer} is not a seat 0..{n - 1}")
        deck = _deck_of(_field(raw, "deck", where, "list"), rules, where)
        actions = []
        for j, entry in enumerate(_field(raw, "actions", where, "list") if "actions" in raw else []):
            at = f"{where}, action {j + 1}"
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise RecordError(f'{at}: {_show(entry)} is not [seat, "action"]')
            seat, text = entry
            if not _is_int(seat) or not 0 <= seat < n:
                raise RecordError(f"{at} ({text!r}): seat {_show(seat)} is not a seat 0..{n - 1}")
            try:
                action_from_text(text)
            except NotationError as exc:
                raise RecordError(f"{at} ({text!r} by seat {seat}): {exc}") from None
            actions.append((seat, text))
        void = _field(raw, "void", where, "str") if "void" in raw else None
        outcome = _field(raw, "outcome", where, "str") if "outcome" in raw else None
        if outcome is not None and outcome not in OUTCOMES and not outcome.startswith("void: "):
            raise RecordError(f"{where}: unknown outcome {outcome!r} (outcomes: {', '.join(OUTCOMES)}, void: ...)")
        if void is not None and outcome is not None and outcome != f"void: {void}":
            raise RecordError(f"{where}: outcome {outcome!r} disagrees with void {void!r}")
        deals.append(_Deal(dealer, deck, tuple(actions), void, outcome))
    result = None
    if "result" in data:
        result = _field(data, "result", "record", "dict")
        _unknown_fields(result, RESULT_FIELDS, "record result")
        for key, kinds in (("finished", "bool"), ("hands", "int"), ("scores", "list"), ("winner", "int|null")):
            if key in result:
                _field(result, key, "record result", kinds)
    return _Parsed(rules, preset, dict(overrides), first_dealer, seed, tuple(deals), result)


def validate_record(data: Mapping[str, Any]) -> None:
    """Check the form of a record without playing it: fields, types, rules, decks, action notation.

    Raises :class:`RecordError` naming the field, deal or action. :func:`replay`
    runs this first, then checks every action against the rules.

    >>> validate_record({"format": "jick-record", "version": 2})
    Traceback (most recent call last):
    ...
    jick.engine.RecordError: record version 2 is not supported (this jick reads version 1)
    """
    _parse(data)


# ---------------------------------------------------------------------------- replay


@dataclass
class Replay:
    """A replayed record: the rebuilt state and the record it came from."""

    state: SmearState
    record: Mapping[str, Any]


def state_for(record: Mapping[str, Any]) -> SmearState:
    """A fresh state with the record's rules, first dealer, seed and decks (before any action)."""
    return _fresh_state(_parse(record))


def _fresh_state(parsed: _Parsed) -> SmearState:
    state = SmearState(
        parsed.rules, seed=parsed.seed, decks=[d.deck for d in parsed.deals], first_dealer=parsed.first_dealer
    )
    state.preset_name = parsed.preset
    state.overrides = dict(parsed.overrides)
    return state


_PHASE_VERBS = {
    "misdeal_offer": "to answer the misdeal offer",
    "bidding": "to bid",
    "trump": "to name trump",
    "discard": "to discard",
    "play": "to play",
}


def _to_act(state: SmearState) -> str:
    """Who acts now, for messages: ``seat 2 to play``."""
    player = state.current_player
    if player == TERMINAL:
        return "nobody: the match is over"
    if player == CHANCE:
        return "nobody: the next deal needs a deck"
    return f"seat {player} {_PHASE_VERBS.get(state.phase, 'to act')}"


def replay(record: Mapping[str, Any], check_result: bool = True) -> Replay:
    """Re-run every deal and action of a record, checking seats, legality and outcomes.

    Stops at the first problem with a :class:`RecordError` naming the deal, the
    action index (1-based within the deal) and why. With ``check_result`` the
    record's ``result`` must match the replay.
    """
    parsed = _parse(record)
    state = _fresh_state(parsed)
    for i, deal in enumerate(parsed.deals):
        where = f"deal {i + 1}"
        reached = len(state.deals)
        if reached < i + 1:
            if state.is_terminal:
                raise RecordError(f"{where}: the match was already over after deal {reached}")
            prev = state.deals[-1]
            raise RecordError(
                f"deal {reached}: the deal is not over after its {len(prev.actions)} actions "
                f"({_to_act(state)}), so {where} is never dealt"
            )
        log = state.deals[i]
        if deal.dealer is not None and deal.dealer != log.dealer:
            source = "the record's first_dealer" if i == 0 else "the rules"
            raise RecordError(f"{where}: dealer is {deal.dealer} in the record but {log.dealer} by {source}")
        if (deal.actions or deal.void is not None) and reached > i + 1:
            raise RecordError(f"{where}: the rules redealt this deal at once ({log.outcome}), so it has no actions")
        for j, (seat, text) in enumerate(deal.actions):
            at = f"{where}, action {j + 1} ({text!r} by seat {seat})"
            if len(state.deals) != i + 1 or state.is_terminal:
                ended = "the match is over" if state.is_terminal else f"it ended: {log.outcome}"
                raise RecordError(f"{at}: the deal has no more actions after action {j} ({ended})")
            if state.current_player != seat:
                raise RecordError(f"{at}: wrong seat, it is {_to_act(state)}")
            try:
                state.apply(state.parse_action(text))
            except NotationError as exc:
                raise RecordError(f"{at}: {exc}") from None
            except IllegalAction as exc:
                raise RecordError(f"{at}: illegal: {exc.reason}") from None
        if deal.void is not None:
            if len(state.deals) != i + 1 or state.is_terminal:
                raise RecordError(f"{where}: cannot void the deal, it already ended ({log.outcome})")
            try:
                state.void_deal(deal.void)
            except JickError as exc:
                raise RecordError(f"{where}: cannot void: {exc}") from None
        if deal.outcome is not None and deal.outcome != log.outcome:
            if not log.outcome:
                raise RecordError(
                    f"{where}: the record says the deal ended ({deal.outcome}) but it is not over after its "
                    f"{len(deal.actions)} actions ({_to_act(state)})"
                )
            raise RecordError(f"{where}: the record says the deal ended {deal.outcome!r} but it ended {log.outcome!r}")
    if check_result and parsed.result is not None:
        got = result_of(state)
        for key in RESULT_FIELDS:
            if key in parsed.result and parsed.result[key] != got[key]:
                raise RecordError(
                    f"result: the record says {key} = {json.dumps(parsed.result[key])} "
                    f"but the replay gives {json.dumps(got[key])}"
                )
    return Replay(state, record)
