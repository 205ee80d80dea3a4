"""jick's text notation of a record: PGN/PBN-style tag pairs, lossless both ways.

:func:`export_text` writes a JSON record (:mod:`jick.record`) as text and
:func:`import_text` reads it back to the same record, meta, fair-shuffle
commitments and every action included. The format is described in
``docs/records.md`` ("Text notation").

>>> from jick.games.smear import new_match
>>> from jick.record import record_of
>>> s = new_match("smear_ten_point", seed=5)
>>> s.apply(s.legal_actions()[0])
>>> rec = record_of(s, meta={"event": "club night"})
>>> text = export_text(rec)
>>> import_text(text) == rec, export_text(import_text(text)) == text
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jick.engine import IllegalAction, JickError, NotationError, RecordError
from jick.game import AnyState
from jick.notation.tags import (
    Tag,
    TextRecordError,
    at,
    json_text,
    key_lines,
    parse_int,
    read_keys,
    read_tags,
    tag_line,
)
from jick.record import FORMAT, VERSION, replay, state_for
from jick.record_hooks import RecordHooks, hooks_for

#: The first line jick writes (a comment).
HEADER = "; jick record in text notation: see docs/records.md, Text notation"
#: Tags of the match, in the order jick writes them (Meta, the game's extra fields and Result come later).
MATCH_TAGS = ("Format", "Version", "Game", "Preset", "Seats", "FirstDealer", "Seed", "Overrides", "Rules")
#: Tags jick writes after a scored deal, for the reader; import checks them against the replay.
DERIVED = ("Contract", "Trump", "Pot", "Scores")
#: Tags of a deal, after its [Deal "N"] tag.
DEAL_TAGS = ("Dealer", "Deck", "Commitments", "Auction", "Play", "Void", "Outcome", *DERIVED)
#: Tags whose sections are ``key = JSON`` lines.
KEY_SECTIONS = ("Overrides", "Rules", "Meta", "Result")
#: Sections of actions.
ACTION_SECTIONS = ("Auction", "Play")
#: What stands for null.
NULL = "-"


def camel(name: str) -> str:
    """The tag name of a record field: ``session_ended`` -> ``SessionEnded``."""
    return "".join(part.capitalize() for part in name.split("_"))


# ---------------------------------------------------------------------------- derived facts


def derived_tags(state: AnyState) -> dict[int, dict[str, str]]:
    """The derived tags ([Contract] or [Trump] and [Pot], then [Scores]) of each scored deal (0-based)."""
    hooks = hooks_for(state.game_name)
    out: dict[int, dict[str, str]] = {}
    if not hooks.report_deals:
        return out
    for entry in hooks.report(state).get(hooks.report_deals, []):
        tags = hooks.deal_tags(entry)
        tags["Scores"] = " ".join(str(v) for v in entry["scores"])
        out[int(entry["deal"]) - 1] = tags
    return out


# ---------------------------------------------------------------------------- export


@dataclass
class _Run:
    """Consecutive actions of one kind (auction or play), as lines of ``seat: actions``."""

    kind: str
    lines: list[tuple[int, list[str]]] = field(default_factory=list)


def _layout(state: AnyState, hooks: RecordHooks[AnyState], deal: Mapping[str, Any], index: int) -> list[_Run]:
    """Apply a deal's actions to ``state`` and group them: play lines by trick, auction lines by seat."""
    runs: list[_Run] = []
    for seat, text in deal.get("actions", []):
        kind = "Play" if state.phase == "play" else "Auction"
        if not runs or runs[-1].kind != kind:
            runs.append(_Run(kind))
            new_line = True
        elif kind == "Play":
            new_line = not _trick_on_table(state)  # the action leads a trick
        else:
            new_line = runs[-1].lines[-1][0] != seat
        if new_line:
            runs[-1].lines.append((seat, [text]))
        else:
            runs[-1].lines[-1][1].append(text)
        state.apply(state.parse_action(text))
    if "void" in deal:
        hooks.void_deal(state, deal["void"])
    return runs


def _hand_comments(state: AnyState, index: int) -> list[str]:
    """Comment lines with each seat's hand as dealt in deal ``index`` (0-based), for the reader; import skips them."""
    if len(state.deals) != index + 1 or state.current_player < 0:
        return []  # redealt at once, or waiting for chance: no hands to show
    lines = []
    for seat in range(state.num_players):
        hand = state.observation(seat).hand
        if hand:
            lines.append(f"; seat {seat}: {' '.join(str(card) for card in hand)}")
    return lines


def _trick_on_table(state: AnyState) -> bool:
    """Whether cards of the trick in progress are on the table (every trick game's state can say)."""
    cards = getattr(state, "trick_cards", None)
    return bool(cards is not None and cards())


def export_text(record: Mapping[str, Any]) -> str:
    """The text notation of a record (checked by replay first: a bad record raises :class:`RecordError`)."""
    final = replay(record).state
    hooks = hooks_for(record["game"])
    out = [HEADER]

    def tag(name: str, value: Any) -> None:
        text = NULL if value is None else str(value)
        if "\n" in text or "\r" in text:
            raise RecordError(f"the {name} {text[:30]!r}... has a line break, which a tag value cannot hold")
        out.append(tag_line(name, text))

    tag("Format", record["format"])
    tag("Version", record["version"])
    tag("Game", record["game"])
    tag("Preset", record["preset"])
    tag("Seats", record["players"])
    tag("FirstDealer", record["first_dealer"])
    tag("Seed", record["seed"])
    tag("Overrides", "")
    out.extend(key_lines(dict(record["overrides"])))
    tag("Rules", "")
    out.extend(key_lines(dict(record["rules"])))
    if "meta" in record:
        tag("Meta", "")
        out.extend(key_lines(dict(record["meta"])))
    state = state_for(record)
    derived = derived_tags(final)
    for i, deal in enumerate(record["deals"]):
        out.append("")
        tag("Deal", i + 1)
        if "dealer" in deal:
            tag("Dealer", deal["dealer"])
        tag("Deck", " ".join(deal["deck"]))
        for name in hooks.deal_fields:
            if name in deal:
                tag(camel(name), "")
                out.extend(" ".join(order) for order in deal[name])
        if "commitments" in deal:
            tag("Commitments", " ".join(f"{c['sha256']}:{c['salt']}" for c in deal["commitments"]))
        out.extend(_hand_comments(state, i))
        for run in _layout(state, hooks, deal, i):
            tag(run.kind, run.lines[0][0])
            out.extend(f"{seat}: {' '.join(actions)}" for seat, actions in run.lines)
        if "void" in deal:
            tag("Void", deal["void"])
        if "outcome" in deal:
            tag("Outcome", deal["outcome"])
        for name, value in derived.get(i, {}).items():
            tag(name, value)
    extras = [name for name in hooks.record_fields if name in record]
    if extras or "result" in record:
        out.append("")
    for name in extras:
        tag(camel(name), json_text(record[name]))
    if "result" in record:
        tag("Result", "")
        out.extend(key_lines(dict(record["result"])))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- import


@dataclass
class _DealText:
    """A deal as read: its tags by name, and its actions as ``(line, seat on the line or None, text)``."""

    tag: Tag
    tags: dict[str, Tag] = field(default_factory=dict)
    actions: list[tuple[int, int | None, str]] = field(default_factory=list)


def _split(
    tags: list[Tag], record_fields: Sequence[str], deal_fields: Sequence[str]
) -> tuple[dict[str, Tag], list[_DealText]]:
    """The match tags by name and the deals, in order; unknown or repeated tags are errors."""
    match_names = set(MATCH_TAGS) | {"Meta", "Result"} | {camel(f) for f in record_fields}
    match: dict[str, Tag] = {}
    deals: list[_DealText] = []
    deal_extra = {camel(f) for f in deal_fields}
    for t in tags:
        if t.name == "Deal":
            number = parse_int(t)
            if number != len(deals) + 1:
                raise at(t.line, f'[Deal "{t.value}"] should be [Deal "{len(deals) + 1}"] (deals are numbered from 1)')
            deals.append(_DealText(t))
            continue
        if deals and t.name in ACTION_SECTIONS:
            deals[-1].tags.setdefault(t.name, t)
            deals[-1].actions.extend(_section_actions(deals[-1], t))
            continue
        if deals and (t.name in DEAL_TAGS or t.name in deal_extra):
            if t.name in deals[-1].tags:
                raise at(
                    t.line, f"deal {len(deals)} has [{t.name}] twice (first on line {deals[-1].tags[t.name].line})"
                )
            deals[-1].tags[t.name] = t
            continue
        if t.name in match_names:
            if t.name in match:
                raise at(t.line, f"[{t.name}] is given twice (first on line {match[t.name].line})")
            match[t.name] = t
            continue
        known = ", ".join((*MATCH_TAGS, "Meta", "Deal", *DEAL_TAGS, "Result"))
        where = f"deal {len(deals)}" if deals else "the match"
        raise at(t.line, f"unknown tag [{t.name}] in {where} (tags: {known})")
    return match, deals


def _section_actions(deal: _DealText, t: Tag) -> list[tuple[int, int | None, str]]:
    """The actions of an [Auction] or [Play] section; the first line's seat must be the tag's value."""
    out: list[tuple[int, int | None, str]] = []
    first = parse_int(t, 0)
    for k, (line, text) in enumerate(t.data):
        seat_text, colon, rest = text.partition(":")
        if not colon or not seat_text.strip().isdigit():
            raise at(line, f"{text!r} is not 'seat: actions' (e.g. '0: pass')")
        seat = int(seat_text.strip())
        if k == 0 and seat != first:
            raise at(line, f'the first line of [{t.name} "{t.value}"] is for seat {seat}, not seat {first}')
        tokens = rest.split()
        if not tokens:
            raise at(line, f"no action after 'seat {seat}:'")
        out.append((line, seat, tokens[0]))
        out.extend((line, None, token) for token in tokens[1:])
    if not t.data:
        raise at(t.line, f"[{t.name}] has no action lines")
    return out


def _need(tags: Mapping[str, Tag], name: str, where: str, line: int) -> Tag:
    if name not in tags:
        raise at(line, f"{where} has no [{name}] tag")
    return tags[name]


def _nullable_int(t: Tag) -> int | None:
    return None if t.value.strip() == NULL else parse_int(t)


def _json_tag(t: Tag) -> Any:
    try:
        return json.loads(t.value)
    except json.JSONDecodeError as exc:
        raise at(t.line, f"[{t.name}] must hold a JSON value ({exc.msg})") from None


def _line_of(message: str, match: Mapping[str, Tag], deals: Sequence[_DealText]) -> int:
    """The line to blame for a record error: the tag its message starts with."""
    if message.startswith("deal "):
        number = message[5:].split(",")[0].split(":")[0].split(" ")[0]
        if number.isdigit() and 0 < int(number) <= len(deals):
            return deals[int(number) - 1].tag.line
    if message.startswith("record rules:") and "Rules" in match:
        for line, text in match["Rules"].data:
            key = text.split("=")[0].strip()
            if key and (f"option {key!r}" in message or f"option {key} " in message):
                return line
    for prefix, name in (("result", "Result"), ("record rules", "Rules"), ("record field 'players'", "Seats")):
        if message.startswith(prefix) and name in match:
            return match[name].line
    if "first_dealer" in message and "FirstDealer" in match:
        return match["FirstDealer"].line
    return match["Format"].line if "Format" in match else 1


def import_text(text: str) -> dict[str, Any]:
    """The JSON record of a text record; a :class:`TextRecordError` naming the line if it is not one.

    Every action is replayed: an illegal one is refused with its line.
    """
    if text.lstrip().startswith("{"):
        raise TextRecordError("line 1: this is JSON, not a text record (jick record export FILE turns it into text)")
    tags = read_tags(text, KEY_SECTIONS)
    if not tags:
        raise TextRecordError('line 1: the text has no tags (a text record starts with [Format "jick-record"])')
    first = tags[0].line
    game_tag = next((t for t in tags if t.name == "Game"), None)
    if game_tag is None:
        raise at(first, "the text has no [Game] tag")
    try:
        hooks = hooks_for(game_tag.value)
    except RecordError as exc:
        raise at(game_tag.line, str(exc)) from None
    match, deals = _split(tags, hooks.record_fields, hooks.deal_fields)
    for name in MATCH_TAGS:
        _need(match, name, "the match", first)
    fmt = match["Format"]
    if fmt.value != FORMAT:
        raise at(fmt.line, f'[Format "{fmt.value}"] is not a jick record (expected [Format "{FORMAT}"])')
    version = parse_int(match["Version"])
    if version != VERSION:
        raise at(
            match["Version"].line, f"record version {version} is not supported (this jick reads version {VERSION})"
        )
    preset = match["Preset"].value
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": version,
        "game": hooks.game,
        "preset": None if preset == NULL else preset,
        "overrides": read_keys(match["Overrides"]),
        "rules": read_keys(match["Rules"]),
        "players": parse_int(match["Seats"], 1),
        "first_dealer": parse_int(match["FirstDealer"], 0),
        "seed": _nullable_int(match["Seed"]),
    }
    if record["preset"] is not None:
        _check_preset(record["preset"], hooks.game, match["Preset"])
    n = record["players"]
    built: list[dict[str, Any]] = []
    for i, d in enumerate(deals):
        where = f"deal {i + 1}"
        entry: dict[str, Any] = {}
        if "Dealer" in d.tags:
            entry["dealer"] = parse_int(d.tags["Dealer"], 0, n - 1)
        entry["deck"] = _need(d.tags, "Deck", where, d.tag.line).value.split()
        entry["actions"] = []
        for name in hooks.deal_fields:
            if camel(name) in d.tags:
                entry[name] = [line.split() for _, line in d.tags[camel(name)].data]
        if "Void" in d.tags:
            entry["void"] = d.tags["Void"].value
        if "Outcome" in d.tags:
            entry["outcome"] = d.tags["Outcome"].value
        if "Commitments" in d.tags:
            entry["commitments"] = _commitments(d.tags["Commitments"])
        built.append(entry)
    record["deals"] = built
    if "Result" in match:
        record["result"] = read_keys(match["Result"])
    for name in hooks.record_fields:
        if camel(name) in match:
            record[name] = _json_tag(match[camel(name)])
    if "Meta" in match:
        record["meta"] = read_keys(match["Meta"])
    try:
        state = state_for({**record, "deals": [{k: v for k, v in e.items() if k != "actions"} for e in built]})
    except RecordError as exc:
        raise at(_line_of(str(exc), match, deals), str(exc)) from None
    for i, d in enumerate(deals):
        _play_deal(state, hooks, d, built[i], i)
    try:
        final = replay(record).state
    except RecordError as exc:
        raise at(_line_of(str(exc), match, deals), str(exc)) from None
    _check_derived(final, deals)
    return _ordered(record, hooks)


def _check_preset(name: str, game: str, t: Tag) -> None:
    """A preset the record names must be one of the game's (it is for information, but a typo is caught)."""
    from jick.registry import resolve

    try:
        found, _ = resolve(name)
    except JickError as exc:
        raise at(t.line, str(exc)) from None
    if found != game:
        raise at(t.line, f"preset {name!r} is a {found} preset, not {game}")


def _commitments(t: Tag) -> list[dict[str, str]]:
    out = []
    for item in t.value.split():
        sealed, colon, salt = item.partition(":")
        if not colon:
            raise at(t.line, f"[Commitments]: {item[:20]!r}... is not sha256:salt")
        out.append({"sha256": sealed, "salt": salt})
    if not out:
        raise at(t.line, "[Commitments] is empty")
    return out


def _play_deal(state: AnyState, hooks: RecordHooks[AnyState], d: _DealText, entry: dict[str, Any], i: int) -> None:
    """Apply the actions of deal ``i`` (0-based), giving each its seat; an illegal one names its line."""
    where = f"deal {i + 1}"
    for j, (line, seat, text) in enumerate(d.actions):
        at_ = f"{where}, action {j + 1} ({text!r})"
        if len(state.deals) != i + 1 or state.is_terminal:
            ended = "the match is over" if state.is_terminal else f"it ended: {state.deals[i].outcome}"
            if len(state.deals) <= i:
                ended = f"it is not dealt yet: {hooks.to_act(state)}"
            raise at(line, f"{at_}: the deal has no more actions ({ended})")
        to_act = state.current_player
        if seat is not None and seat != to_act:
            raise at(line, f"{at_}: the line is for seat {seat} but it is {hooks.to_act(state)}")
        try:
            state.apply(state.parse_action(text))
        except NotationError as exc:
            raise at(line, f"{at_} by seat {to_act}: {exc}") from None
        except IllegalAction as exc:
            raise at(line, f"{at_} by seat {to_act}: illegal: {exc.reason}") from None
        except RecordError as exc:
            raise at(line, f"{at_} by seat {to_act}: {exc}") from None
        entry["actions"].append([to_act, text])
    if "void" in entry:
        try:
            hooks.void_deal(state, entry["void"])
        except JickError as exc:
            raise at(d.tags["Void"].line, f"{where}: cannot void: {exc}") from None


def _check_derived(state: AnyState, deals: Sequence[_DealText]) -> None:
    """Derived tags ([Contract], [Scores]...) must say what the replay gives."""
    derived = derived_tags(state)
    for i, d in enumerate(deals):
        for name in DERIVED:
            if name in d.tags:
                want = derived.get(i, {}).get(name)
                if want is None:
                    raise at(d.tags[name].line, f"deal {i + 1}: [{name}] is given but the deal has none by the replay")
                if d.tags[name].value != want:
                    raise at(
                        d.tags[name].line,
                        f'deal {i + 1}: [{name} "{d.tags[name].value}"] but the replay gives [{name} "{want}"]',
                    )


def _ordered(record: dict[str, Any], hooks: RecordHooks[AnyState]) -> dict[str, Any]:
    """The record's fields in the order :func:`jick.record.record_of` writes them."""
    order = ["format", "version", "game", "preset", "overrides", "rules", "players", "first_dealer", "seed"]
    order += ["deals", "result", *hooks.record_fields, "meta"]
    deal_order = ["dealer", "deck", "actions", *hooks.deal_fields, "void", "outcome", "commitments"]
    out = {k: record[k] for k in order if k in record}
    out["deals"] = [{k: deal[k] for k in deal_order if k in deal} for deal in record["deals"]]
    return out
