"""Every message of the server, as pydantic models: HTTP bodies and the websocket protocol.

The websocket protocol is versioned like records (:data:`PROTOCOL_VERSION`;
``docs/server.md`` says what bumps it) and described by a JSON Schema that
ships in the package (``jick/schemas/server-protocol.schema.json``,
:func:`protocol_schema`); a test keeps the file equal to these models.

Client to server: ``hello`` (once, first: the seat's token, or none to
watch), ``action``, ``chat`` (a line of text), ``reaction`` (a quick reaction),
``ping``. Server to client: ``welcome``, ``view`` (after every event: the
seat's observation), ``table`` (seats and status changed), ``refused`` (an
action that was not taken, with the reason and the legal actions), ``chat``
(a line said at the table), ``chat_history`` (the recent lines, after
``hello``), ``error`` (a message that could not be used), ``pong``.
"""

from __future__ import annotations

import json
import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, model_validator

__all__ = [
    "PROTOCOL_VERSION",
    "ClientMessage",
    "ServerMessage",
    "protocol_schema",
]

#: Version of the websocket protocol (``welcome.protocol``).
PROTOCOL_VERSION = 1
#: The largest message a client may send, in bytes (UTF-8).
MAX_MESSAGE = 64 * 1024

TableStatus = Literal["open", "running", "finished", "closed"]
SeatStatus = Literal["free", "connected", "away", "standin", "bot"]


#: The longest table name and seat name (the database columns' sizes).
MAX_TABLE_NAME = 100
MAX_SEAT_NAME = 40
#: Characters a name may not hold, as a JSON Schema ``pattern`` class: C0 and C1 controls (NUL included),
#: DEL, the line and paragraph separators and the bidirectional overrides and isolates (they let a
#: name disguise itself). Lone surrogates are refused too (they are not text).
NAME_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$"
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


def check_name(text: str, what: str = "a name") -> str:
    """``text`` if it is a name (no control character, no lone surrogate), else ValueError with the reason.

    >>> check_name("Ann Ø")
    'Ann Ø'
    >>> check_name("a\\x00b")
    Traceback (most recent call last):
    ...
    ValueError: a name may not hold control characters (U+0000 at 2)
    """
    for i, ch in enumerate(text, 1):
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs"):
            raise ValueError(f"{what} may not hold control characters (U+{ord(ch):04X} at {i})")
    return text


def check_chat(text: str) -> str:
    """``text`` if it may be said at a table: the rules of names, and not blank.

    >>> check_chat("Nice trick! 🎉")
    'Nice trick! 🎉'
    >>> check_chat("two\\nlines")
    Traceback (most recent call last):
    ...
    ValueError: a chat message may not hold control characters (U+000A at 4)
    """
    if not text:
        raise ValueError("a chat message needs some text")
    return check_name(text, "a chat message")


def _blank_is_none(text: str | None) -> str | None:
    return text or None


_NAME_SCHEMA = Field(json_schema_extra={"pattern": NAME_PATTERN})

#: A table name: stripped, at most 100 characters, no control character ("" is no name).
TableName = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=MAX_TABLE_NAME), AfterValidator(check_name), _NAME_SCHEMA
]
#: A person's name at a seat: stripped, at most 40 characters, no control character (blank is no name).
SeatName = Annotated[
    Annotated[
        str,
        StringConstraints(strip_whitespace=True, max_length=MAX_SEAT_NAME),
        AfterValidator(check_name),
        _NAME_SCHEMA,
    ]
    | None,
    AfterValidator(_blank_is_none),
]


#: The longest chat message, in characters.
MAX_CHAT_TEXT = 200
#: A chat message: stripped, 1 to 200 characters, none of the characters a name may not hold.
ChatText = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=MAX_CHAT_TEXT),
    AfterValidator(check_chat),
    Field(json_schema_extra={"pattern": NAME_PATTERN, "minLength": 1}),
]
#: The quick reactions and the words each shows.
REACTIONS: dict[str, str] = {
    "nice": "Nice!",
    "oops": "Oops",
    "well_played": "Well played",
    "good_game": "Good game",
    "thanks": "Thanks",
    "hurry": "Your turn!",
}
Reaction = Literal["nice", "oops", "well_played", "good_game", "thanks", "hurry"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _no_surrogates(value: Any, depth: int = 0) -> None:
    """ValueError if ``value`` holds a lone surrogate (JSON lets ``"\\ud800"`` through; no database takes it)."""
    if isinstance(value, str):
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            raise ValueError("text must be valid Unicode (it holds a lone surrogate)")
    elif isinstance(value, dict) and depth < 8:
        for key, item in value.items():
            _no_surrogates(key, depth + 1)
            _no_surrogates(item, depth + 1)
    elif isinstance(value, list) and depth < 8:
        for item in value:
            _no_surrogates(item, depth + 1)


class _Strict(_Model):
    """A message from a client: every field has exactly its type (no "2" for 2, no true for 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _unicode(cls, data: Any) -> Any:
        _no_surrogates(data)
        return data


# ---------------------------------------------------------------------------- shared parts
class ActionRef(_Model):
    """An action: its notation and its id."""

    action: str
    id: int


class SeatInfo(_Model):
    """What everyone may know of a seat."""

    seat: int
    #: ``human`` or the bot's kind or level.
    kind: str
    name: str | None = None
    #: ``free`` (nobody joined), ``connected``, ``away``, ``standin`` (a bot plays for the absent person),
    #: ``bot`` (a bot seat).
    status: SeatStatus
    #: The host muted the seat: its chat messages are refused.
    muted: bool = False


class TableInfo(_Model):
    """A table as anyone may see it (no token, no seed, no card)."""

    id: str
    name: str
    game: str
    preset: str
    players: int
    #: The full option table in force (``rules.to_dict()``).
    rules: dict[str, Any]
    overrides: dict[str, Any]
    status: TableStatus
    #: Actions taken so far.
    ply: int
    #: The level of the bots that stand in for absent people (and of ``bot`` seats).
    bot_level: str
    away_timeout: float
    #: Seconds a bot waits before it acts at this table (None: the server's ``--bot-delay``).
    bot_delay: float | None = None
    #: Seconds a person has for each turn before the away bot plays that one move (0: no turn timer).
    turn_timer: float = 0.0
    public: bool
    #: The creator chose the seed: whoever knows it knows every hand.
    seeded: bool
    #: Spectators may chat (the host's choice at creation); seats always may, unless muted.
    spectator_chat: bool = False
    seats: list[SeatInfo]
    created_at: datetime
    #: The record's ``result`` object once the match is over.
    result: dict[str, Any] | None = None
    #: The preset's name for people: its description up to the colon (``"54-card 10-point Smear with Trey"``).
    preset_title: str = ""
    #: The house rules: each option whose value differs from the preset's, as ``option=value``.
    house_rules: list[str] = Field(default_factory=list)
    #: The match this one is the rematch of (same seats and rules), or null.
    rematch_of: str | None = None
    #: The rematch of this match once someone asked for it (``POST /api/tables/{id}/rematch``): every seat
    #: token of this table plays the same seat there, so a page follows at once. Null until then.
    next_match: str | None = None


class ErrorBody(_Model):
    """The body of every HTTP error: a short code and one line for people."""

    error: str
    message: str


# ---------------------------------------------------------------------------- HTTP bodies
class CreateTable(_Strict):
    """``POST /api/tables``: the game and house rules, exactly as ``jick play`` takes them."""

    preset: str | None = Field(None, max_length=100, description="A preset, game name or alias (`jick presets`).")
    players: int | None = Field(None, ge=1, le=64)
    rules: str | None = Field(None, max_length=16_000, description="A house-rules TOML file's text.")
    set: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=64, description="Option changes as with `--set`: `target_score=11`."
    )
    seats: list[Annotated[str, Field(max_length=16)]] | None = Field(
        None,
        max_length=64,
        description="Per seat: human, bot (a bot of bot_level), easy, normal, hard, heuristic or random. "
        "Without it every seat is human.",
    )
    bot_level: str = Field("normal", max_length=16, description="easy, normal or hard.")
    away_timeout: float = Field(60.0, ge=0, le=86_400, description="Seconds before a bot plays for an absent person.")
    bot_delay: float | None = Field(
        None, ge=0, le=60, description="Seconds a bot waits before it acts at this table (default: the server's)."
    )
    turn_timer: float = Field(
        0.0,
        ge=0,
        le=3600,
        description="Seconds a person has for each turn; when they run out, the away bot plays that one move "
        "for the seat, which stays the person's (0: no turn timer).",
    )
    name: TableName = ""
    public: bool = Field(False, description="Anyone may take a free human seat with POST .../join.")
    seed: int | None = Field(None, ge=0, lt=2**31, description="Fix the shuffles (tests; shown as `seeded`).")
    start: bool = Field(False, description="Start the match at once (a table against bots in one request).")
    spectator_chat: bool = Field(False, description="Spectators may chat too (seats always may).")


class Invite(_Model):
    seat: int
    #: The seat's token: whoever holds it plays the seat. Given only here.
    token: str
    #: The invite link (the token after ``#``, so it never reaches a server log).
    url: str


class CreatedTable(_Model):
    table: TableInfo
    #: Starts the match, replaces a seat by a bot, closes the table. Given only here.
    host_token: str
    invites: list[Invite]
    #: Lets its holder watch the table and download its record, even a private one. Given only here.
    watch_token: str
    #: The spectator link (``{base_url}/watch/{table}#{watch_token}``).
    watch_url: str


class JoinTable(_Strict):
    """``POST /api/tables/{id}/join``: with an invite's token, or (public tables) a free seat."""

    token: str | None = Field(None, max_length=200)
    seat: int | None = Field(None, ge=0, le=64)
    name: SeatName = None


class Joined(_Model):
    table_id: str
    seat: int
    #: The seat's token (a new one when a free seat of a public table was taken).
    token: str
    table: TableInfo


class ReplaceSeat(_Strict):
    """``POST /api/tables/{id}/seats/{seat}/bot``: the bot's level (the table's by default)."""

    level: str | None = Field(None, max_length=16)


class MuteSeat(_Strict):
    """``POST /api/tables/{id}/seats/{seat}/mute``: mute the seat's chat (``false``: let it speak again)."""

    muted: bool = True


class TableList(_Model):
    tables: list[TableInfo]


class HintValue(_Model):
    action: str
    id: int
    #: The bot's value of the action: points (chips in Lift Smoke) for the seat's side against the others.
    value: float


class Hint(_Model):
    """``POST /api/tables/{id}/hint``: what the hard bot would play for the seat to act, and why."""

    seat: int
    #: The position the advice is for.
    ply: int
    level: str
    choice: ActionRef
    #: How the bot decided (sampled worlds, rollouts...).
    method: str
    #: Each legal action's value, best first (empty when the bot has no values to give).
    values: list[HintValue]


#: The most duplicate deals and matches one ``POST /api/compare`` plays, and the most rule sets it compares.
MAX_COMPARE_HANDS = 400
MAX_COMPARE_MATCHES = 40
MAX_COMPARE_SETS = 3


class CompareRules(_Strict):
    """``POST /api/compare``: ``jick compare-rules`` with the heuristic bots, its answer that of ``--json``."""

    preset: str | None = Field(None, max_length=100, description="The baseline preset (default smear_ten_point).")
    players: int | None = Field(None, ge=1, le=64)
    set: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=64, description="The baseline's option changes, as `--set`: `max_bid=7`."
    )
    vs: list[Annotated[str, Field(max_length=2000)]] = Field(
        min_length=1,
        max_length=MAX_COMPARE_SETS - 1,
        description='Each rule set compared, as `--vs`: "[NAME:] option=value option=value".',
    )
    name: TableName = Field("", description="The baseline's name in the report.")
    hands: int = Field(100, ge=2, le=MAX_COMPARE_HANDS, description="Duplicate deals each rule set plays.")
    matches: int = Field(0, ge=0, le=MAX_COMPARE_MATCHES, description="Duplicate full matches (0, or 2 and up).")
    seed: int = Field(1, ge=0, lt=2**31, description="Seed of the deals and bots.")


# ---------------------------------------------------------------------------- websocket: client to server
class Hello(_Strict):
    """The first message: a seat's token to play it, no token to watch.

    A private table is watched with one of its tokens in ``watch_token``
    (its watch link's token, the host token or a seat token); a public
    table by anyone. ``name`` is the seat's player's name (kept with the
    seat), or a spectator's name in the chat.
    """

    type: Literal["hello"]
    protocol: int = PROTOCOL_VERSION
    token: str | None = Field(None, max_length=200)
    name: SeatName = None
    watch_token: str | None = Field(None, max_length=200)


class Act(_Strict):
    """Take an action: its notation (``"5"``, ``"AS"``, ``"-XV"``) or its id.

    ``ply`` (optional) is the number of actions the client has seen; an action
    meant for an older position is refused instead of taken.
    """

    type: Literal["action"]
    action: Annotated[str, Field(max_length=200)] | int
    ply: int | None = None


class Ping(_Strict):
    type: Literal["ping"]


class Say(_Strict):
    """A chat message to everyone at the table: text only, 1 to 200 characters, no control characters.

    Seats may always chat (unless the host muted them), spectators only where the host allowed it.
    """

    type: Literal["chat"]
    text: ChatText


class React(_Strict):
    """A quick reaction (one tap): shown near the sender's seat for a moment, and in the chat."""

    type: Literal["reaction"]
    reaction: Reaction


ClientMessage = Annotated[Hello | Act | Say | React | Ping, Field(discriminator="type")]
#: Every client message type.
CLIENT_TYPES = ("hello", "action", "chat", "reaction", "ping")


# ---------------------------------------------------------------------------- websocket: server to client
class Welcome(_Model):
    type: Literal["welcome"]
    protocol: int
    table: TableInfo
    #: The seat this connection plays, or null for a spectator.
    seat: int | None


class LastAction(_Model):
    """Who acted last. ``action`` is given to the seat that took it; everyone sees its effect in the view."""

    seat: int
    ply: int
    action: ActionRef | None = None
    #: ``human``, ``bot``, ``standin`` (a bot plays for an absent person) or ``timer`` (the person's turn timer
    #: ran out and a bot played this one move).
    by: str


class Sealed(_Model):
    """The commitments to the orders drawn so far in the deal in progress (a table without a seed).

    ``sha256[0]`` seals the deck, the next ones each reshuffle (Lift Smoke); see :mod:`jick.shuffles`.
    """

    deal: int
    sha256: list[str]


class Revealed(_Model):
    """A finished deal's drawn orders and salts, to check against the commitments sent when it began."""

    deal: int
    orders: list[list[str]]
    salts: list[str]
    sha256: list[str]


class LogPart(_Model):
    """The table log's lines from number ``from`` on (0-based): keep the first ``from`` lines, then these."""

    from_: int = Field(alias="from", ge=0)
    #: Plain text (suit symbols, names): show it as text, never as markup.
    lines: list[str]

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class TurnClock(_Model):
    """The turn timer of the person to act: ``seconds`` left of ``of``."""

    seat: int
    seconds: float
    of: float


class View(_Model):
    """The receiver's view after an event: its seat's observation (a spectator: the public view).

    ``observation`` holds the game's observation fields as JSON (cards as
    ``{"card": "AS", "id": 12}``, actions as ``{"action": "5", "id": 124}``);
    for a spectator, fields that differ between seats (hands, private cards) are null.
    """

    type: Literal["view"]
    table_id: str
    status: TableStatus
    ply: int
    seat: int | None
    observation: dict[str, Any]
    last: LastAction | None = None
    #: The deal in progress's commitments (null at a seeded table, or between deals).
    sealed: Sealed | None = None
    #: The last finished deal's orders and salts (null at a seeded table, or before the first deal ends).
    revealed: Revealed | None = None
    #: The table log: every line after a hello, then the lines that changed.
    log: LogPart | None = None
    #: The turn timer of the person to act (null: no turn timer, or a bot's turn).
    turn_clock: TurnClock | None = None


class TableUpdate(_Model):
    type: Literal["table"]
    table: TableInfo


class Refused(_Model):
    """An action that was not taken, why, and what the seat may do now."""

    type: Literal["refused"]
    reason: str
    ply: int
    legal: list[ActionRef]


class Error(_Model):
    """A message that could not be used (bad JSON, unknown type, too large, bad token, too fast...)."""

    type: Literal["error"]
    code: str
    message: str


class Pong(_Model):
    type: Literal["pong"]


class ChatLine(_Model):
    """A line said at the table, as everyone there receives it (and ``GET /api/tables/{id}/chat`` lists it)."""

    type: Literal["chat"] = "chat"
    #: The line's number at this table, from 0.
    n: int
    #: The sender's seat; null for a spectator.
    seat: int | None
    #: The sender's name when it was said (a seat's player, "Seat 2" without one; a spectator's, or "Spectator").
    name: str
    #: What was said (a reaction: its words, as ``REACTIONS`` gives them).
    text: str
    #: The reaction's key (``nice``, ``oops``, ...), or null for a line of text.
    reaction: Reaction | None = None
    at: datetime


class ChatHistory(_Model):
    """The table's recent chat lines (the last 100), oldest first: sent after ``welcome`` when there are any."""

    type: Literal["chat_history"]
    lines: list[ChatLine]


class ChatLog(_Model):
    """``GET /api/tables/{id}/chat``: every line said at the table, oldest first."""

    table_id: str
    lines: list[ChatLine]


ServerMessage = Annotated[
    Welcome | View | TableUpdate | Refused | ChatLine | ChatHistory | Error | Pong, Field(discriminator="type")
]

client_messages: TypeAdapter[Hello | Act | Say | React | Ping] = TypeAdapter(ClientMessage)
server_messages: TypeAdapter[Welcome | View | TableUpdate | Refused | ChatLine | ChatHistory | Error | Pong] = (
    TypeAdapter(ServerMessage)
)


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the websocket protocol: ``client`` and ``server`` messages."""
    client = client_messages.json_schema(ref_template="#/$defs/{model}")
    server = server_messages.json_schema(ref_template="#/$defs/{model}")
    defs: dict[str, Any] = {**client.pop("$defs", {}), **server.pop("$defs", {})}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://jick.invalid/schemas/server-protocol.schema.json",
        "title": "jick server websocket protocol",
        "description": f"Messages on /ws/tables/{{id}}, protocol version {PROTOCOL_VERSION} (see docs/server.md).",
        "version": PROTOCOL_VERSION,
        "oneOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": {"ClientMessage": client, "ServerMessage": server, **dict(sorted(defs.items()))},
    }


def protocol_schema_text() -> str:
    """The schema file's text (what ``src/jick/schemas/server-protocol.schema.json`` holds)."""
    return json.dumps(protocol_schema(), indent=1, sort_keys=False) + "\n"
