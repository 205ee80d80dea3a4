"""Versioned JSON game records: write, load, validate and replay, for every game.

A record holds the game, the preset and overrides the rules came from, the
full option table, the seat count, the first dealer, the seed, and for every
deal its deck order (top card first) and each action with its seat. That is
enough to rebuild a match exactly without any RNG. The format is described in
``docs/records.md`` and, as a JSON Schema, in
``src/jick/schemas/record.schema.json``.

Nothing here knows a particular game: card names, the deck of a rule set, the
action notation, extra chance data and the ``result`` object come from the
game package's record hooks (:mod:`jick.record_hooks`).

Every problem is a :class:`~jick.engine.RecordError` with a one-line message
that names where it is: ``deal 2, action 7 ('QH' by seat 1): illegal: ...``.

>>> from jick.games.smear import new_match
>>> s = new_match("smear_ten_point", seed=5)
>>> s.apply(s.legal_actions()[0])
>>> rec = record_of(s)
>>> rec["version"], len(rec["deals"][0]["actions"])
(1, 1)
>>> again = replay(rec).state
>>> record_of(again) == rec, again.legal_action_ids() == s.legal_action_ids()
(True, True)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from jick.engine import IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.game import PACKAGES, AnyState, StateT
from jick.record_hooks import RecordHooks, hooks_for
from jick.shuffles import verify_deal

FORMAT = "jick-record"
VERSION = 1
#: The games a record can hold.
GAMES = tuple(PACKAGES)

#: Fields of every record; a game's hooks may add optional ones (``record_fields``).
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
#: Fields of every deal; ``void`` where the game has void deals, plus the game's ``deal_fields``.
DEAL_FIELDS = ("dealer", "deck", "actions", "outcome")
#: Optional in any deal: the commitments of a server's drawn deck and reshuffles (:mod:`jick.shuffles`).
FAIR_FIELDS = ("commitments",)


# ---------------------------------------------------------------------------- writing


def record_of(state: AnyState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a match of any game, finished or not.

    ``meta`` is free-form information (player names, tool, date...) that replay ignores.
    """
    hooks = hooks_for(state.game_name)
    deals = []
    for i, deal in enumerate(state.deals):
        entry: dict[str, Any] = {
            "dealer": deal.dealer,
            "deck": [hooks.card_name(c) for c in deal.deck],
            "actions": [[seat, str(state.action_from_id(aid))] for seat, aid in deal.actions],
        }
        entry.update(hooks.deal_extra(state, i))
        if hooks.supports_void and deal.outcome.startswith("void: "):
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
    record.update(hooks.record_extra(state))
    if meta:
        record["meta"] = _plain(dict(meta))
    return record


def result_of(state: AnyState) -> dict[str, Any]:
    """The ``result`` part of a record (Smear: finished, hands played, scores per side, winner)."""
    return hooks_for(state.game_name).result(state)


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


def save_record(state: AnyState, path: str | Path, meta: Mapping[str, Any] | None = None) -> Path:
    """Write the record of ``state`` as JSON and return the path.

    The write is atomic: the record goes to a temporary file beside ``path``
    that then replaces it, so a process killed while saving leaves the
    previous record whole.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    text = dumps_record(record_of(state, meta)) + "\n"
    fd, temp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temp, p)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
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
    #: The game's extra deal fields as recorded (absent ones left out), in written form.
    extra: Mapping[str, Any]


@dataclass(frozen=True)
class _Parsed:
    hooks: RecordHooks[AnyState]
    rules: Any
    preset: str | None
    overrides: dict[str, Any]
    first_dealer: int
    seed: int | None
    deals: tuple[_Deal, ...]
    result: Mapping[str, Any] | None
    extra: Mapping[str, Any]


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


def check_field(data: Mapping[str, Any], key: str, where: str, kinds: str) -> Any:
    """``data[key]``, checked against a short type spec: ``int``, ``str``, ``list``, ``dict``, ``bool``, ``|null``.

    Game hooks use it to check their own fields with the same messages.

    >>> check_field({"seed": 1.5}, "seed", "record", "int|null")
    Traceback (most recent call last):
    ...
    jick.engine.RecordError: record field 'seed' must be an integer or null, not 1.5
    """
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


_field = check_field


def _unknown_fields(data: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    extra = [k for k in data if k not in known]
    if extra:
        raise RecordError(f"{where} has unknown field {extra[0]!r} (fields are: {', '.join(known)})")


def _rules_of(hooks: RecordHooks[StateT], table: Mapping[str, Any]) -> Any:
    """The rules of a record's option table; a missing option takes its default."""
    try:
        return hooks.rules_from_dict(table)
    except RulesError as exc:
        raise RecordError(f"record rules: {exc}") from None
    except TypeError as exc:  # a rules class that refuses a value's type outright
        raise RecordError(f"record rules: {exc}") from None


def card_list(cards: Any, hooks: RecordHooks[StateT], where: str, what: str = "deck card") -> tuple[int, ...]:
    """Card indices of a list of card names; ``RecordError`` naming the position of a bad one."""
    out = []
    for k, name in enumerate(cards):
        if not isinstance(name, str):
            raise RecordError(f"{where}: {what} {k + 1} is {_show(name)}, not a card name")
        try:
            out.append(hooks.parse_card(name))
        except NotationError as exc:
            raise RecordError(f"{where}: {what} {k + 1}: {exc}") from None
    return tuple(out)


def _deck_of(cards: list[Any], hooks: RecordHooks[StateT], rules: Any, where: str) -> tuple[int, ...]:
    """Card indices of a recorded deck, which must be the whole deck of the rules, each card once."""
    wanted = hooks.deck_cards(rules)
    allowed = set(wanted)
    deck = card_list(cards, hooks, where)
    seen: dict[int, int] = {}
    for k, card in enumerate(deck):
        name = hooks.card_name(card)
        if card not in allowed:
            raise RecordError(
                f"{where}: deck card {k + 1} ({name}) is not in the {len(wanted)}-card deck of these rules"
                + hooks.deck_note(rules)
            )
        if card in seen:
            raise RecordError(f"{where}: deck has {name} twice (cards {seen[card] + 1} and {k + 1})")
        seen[card] = k
    if len(seen) != len(wanted):
        missing = " ".join(hooks.card_name(c) for c in wanted if c not in seen)
        raise RecordError(f"{where}: deck has {len(seen)} cards, the rules use {len(wanted)} (missing: {missing})")
    return deck


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
    game = _field(data, "game", "record", "str")
    hooks = hooks_for(game)
    _unknown_fields(data, RECORD_FIELDS + hooks.record_fields, "record")
    preset = _field(data, "preset", "record", "str|null")
    overrides = _field(data, "overrides", "record", "dict")
    rules = _rules_of(hooks, _field(data, "rules", "record", "dict"))
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
    extra = hooks.parse_record_extra(data)
    deal_fields = (
        DEAL_FIELDS[:3] + (("void",) if hooks.supports_void else ()) + hooks.deal_fields + DEAL_FIELDS[3:] + FAIR_FIELDS
    )
    deals = []
    for i, raw in enumerate(_field(data, "deals", "record", "list")):
        where = f"deal {i + 1}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} must be an object")
        _unknown_fields(raw, deal_fields, where)
        dealer = _field(raw, "dealer", where, "int") if "dealer" in raw else None
        if dealer is not None and not 0 <= dealer < n:
            raise RecordError(f"{where}: dealer {dealer} is not a seat 0..{n - 1}")
        deck = _deck_of(_field(raw, "deck", where, "list"), hooks, rules, where)
        actions = []
        for j, entry in enumerate(_field(raw, "actions", where, "list") if "actions" in raw else []):
            at = f"{where}, action {j + 1}"
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise RecordError(f'{at}: {_show(entry)} is not [seat, "action"]')
            seat, text = entry
            if not _is_int(seat) or not 0 <= seat < n:
                raise RecordError(f"{at} ({text!r}): seat {_show(seat)} is not a seat 0..{n - 1}")
            try:
                hooks.check_action(text)
            except NotationError as exc:
                raise RecordError(f"{at} ({text!r} by seat {seat}): {exc}") from None
            actions.append((seat, text))
        void = _field(raw, "void", where, "str") if "void" in raw else None
        outcome = _field(raw, "outcome", where, "str") if "outcome" in raw else None
        if outcome is not None and not hooks.is_outcome(outcome):
            raise RecordError(f"{where}: unknown outcome {outcome!r} (outcomes: {hooks.outcomes_help})")
        if void is not None and outcome is not None and outcome != f"void: {void}":
            raise RecordError(f"{where}: outcome {outcome!r} disagrees with void {void!r}")
        deal_extra = hooks.parse_deal_extra(raw, rules, where)
        if "commitments" in raw:
            orders = [[hooks.card_name(c) for c in deck], *deal_extra.get("reshuffles", [])]
            verify_deal(raw["commitments"], orders, where)
        deals.append(_Deal(dealer, deck, tuple(actions), void, outcome, deal_extra))
    result = None
    if "result" in data:
        result = _field(data, "result", "record", "dict")
        _unknown_fields(result, tuple(hooks.result_fields), "record result")
        for key, kinds in hooks.result_fields.items():
            if key in result:
                _field(result, key, "record result", kinds)
    return _Parsed(hooks, rules, preset, dict(overrides), first_dealer, seed, tuple(deals), result, extra)


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

    state: AnyState
    record: Mapping[str, Any]


def state_for(record: Mapping[str, Any]) -> AnyState:
    """A fresh state with the record's rules, first dealer, seed and decks (before any action)."""
    return _fresh_state(_parse(record))


def _fresh_state(parsed: _Parsed) -> AnyState:
    try:
        state = parsed.hooks.new_state(
            parsed.rules,
            seed=parsed.seed,
            decks=[d.deck for d in parsed.deals],
            first_dealer=parsed.first_dealer,
            deal_extras=[d.extra for d in parsed.deals],
        )
    except RecordError:
        raise
    except JickError as exc:
        raise RecordError(f"record: {exc}") from None
    state.preset_name = parsed.preset
    state.overrides = dict(parsed.overrides)
    return state


def _check_outcome(parsed: _Parsed, state: AnyState, i: int) -> None:
    """The recorded outcome of deal ``i`` (0-based) against the replay."""
    deal = parsed.deals[i]
    log = state.deals[i]
    where = f"deal {i + 1}"
    if deal.outcome is not None and deal.outcome != log.outcome:
        if not log.outcome:
            raise RecordError(
                f"{where}: the record says the deal ended ({deal.outcome}) but it is not over after its "
                f"{len(deal.actions)} actions ({parsed.hooks.to_act(state)})"
            )
        raise RecordError(f"{where}: the record says the deal ended {deal.outcome!r} but it ended {log.outcome!r}")


def replay(record: Mapping[str, Any], check_result: bool = True) -> Replay:
    """Re-run every deal and action of a record, checking seats, legality and outcomes.

    Stops at the first problem with a :class:`RecordError` naming the deal, the
    action index (1-based within the deal) and why. With ``check_result`` the
    record's ``result`` must match the replay.
    """
    parsed = _parse(record)
    hooks = parsed.hooks
    state = _fresh_state(parsed)
    last = len(parsed.deals) - 1
    for i, deal in enumerate(parsed.deals):
        where = f"deal {i + 1}"
        reached = len(state.deals)
        if reached < i + 1:
            if state.is_terminal:
                raise RecordError(f"{where}: the match was already over after deal {reached}")
            if not state.deals:
                raise RecordError(f"{where} is never dealt ({hooks.to_act(state)})")
            prev = state.deals[-1]
            raise RecordError(
                f"deal {reached}: the deal is not over after its {len(prev.actions)} actions "
                f"({hooks.to_act(state)}), so {where} is never dealt"
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
                raise RecordError(f"{at}: wrong seat, it is {hooks.to_act(state)}")
            try:
                state.apply(state.parse_action(text))
            except NotationError as exc:
                raise RecordError(f"{at}: {exc}") from None
            except IllegalAction as exc:
                raise RecordError(f"{at}: illegal: {exc.reason}") from None
            except RecordError as exc:  # chance data of the record that does not fit (e.g. a reshuffle order)
                raise RecordError(f"{at}: {exc}") from None
        if deal.void is not None:
            if len(state.deals) != i + 1 or state.is_terminal:
                raise RecordError(f"{where}: cannot void the deal, it already ended ({log.outcome})")
            try:
                hooks.void_deal(state, deal.void)
            except JickError as exc:
                raise RecordError(f"{where}: cannot void: {exc}") from None
        got = hooks.deal_extra(state, i)
        for key in hooks.deal_fields:
            if deal.extra.get(key) != got.get(key):
                said = _show(deal.extra[key]) if key in deal.extra else "nothing"
                gives = _show(got[key]) if key in got else "nothing"
                raise RecordError(f"{where}: the record says {key} = {said} but the replay gives {gives}")
        if i < last:
            _check_outcome(parsed, state, i)
    try:
        hooks.finish_replay(state, parsed.extra)
    except IllegalAction as exc:
        raise RecordError(f"record: {exc.reason}") from None
    except JickError as exc:
        raise RecordError(f"record: {exc}") from None
    if last >= 0:
        _check_outcome(parsed, state, last)
    if check_result and parsed.result is not None:
        got_result = hooks.result(state)
        for key in hooks.result_fields:
            if key in parsed.result and parsed.result[key] != got_result[key]:
                raise RecordError(
                    f"result: the record says {key} = {json.dumps(parsed.result[key])} "
                    f"but the replay gives {json.dumps(got_result[key])}"
                )
    return Replay(state, record)
