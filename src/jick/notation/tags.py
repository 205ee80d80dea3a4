"""Tag-pair text, as PGN and PBN write it: ``[Name "value"]`` lines, sections of data lines, comments.

Both text notations of :mod:`jick.notation` (jick's own and PTN) read and
write through this module. A text is a list of *tags*, each with its line
number and the data lines that follow it up to the next tag (its *section*).

* A tag line is ``[Name "value"]``; inside the value ``\\"`` is a quote and
  ``\\\\`` a backslash.
* ``;`` starts a comment that runs to the end of the line (outside a tag
  value); a line that is blank or only a comment is skipped.
* ``{...}`` on one data line is a comment too (PBN's commentary).

>>> tags = read_tags('[Game "smear"] ; the game\\n[Deck "AS KS"]\\n; note\\n0: pass {bid} 4\\n')
>>> [(t.name, t.value, t.line) for t in tags]
[('Game', 'smear', 1), ('Deck', 'AS KS', 2)]
>>> tags[1].data
[(4, '0: pass  4')]
>>> tag_line("Void", 'a "card" was exposed')
'[Void "a \\\\"card\\\\" was exposed"]'
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from jick.engine import RecordError

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")


class TextRecordError(RecordError):
    """A text record that cannot be read; the message starts with ``line N:`` where a line is to blame."""


def at(line: int, message: str) -> TextRecordError:
    """An error that names its line."""
    return TextRecordError(f"line {line}: {message}")


@dataclass
class Tag:
    """One tag pair with its line and the data lines of its section (``(line, text without comments)``)."""

    name: str
    value: str
    line: int
    data: list[tuple[int, str]] = field(default_factory=list)


def escape(value: str) -> str:
    """A tag value with its quotes and backslashes escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]``."""
    return f'[{name} "{escape(value)}"]'


def _strip_comment(text: str, line: int) -> str:
    """``text`` without its ``;`` comment and its one-line ``{...}`` comments."""
    out = []
    depth = 0
    for ch in text:
        if depth:
            if ch == "}":
                depth = 0
            continue
        if ch == ";":
            break
        if ch == "{":
            depth = 1
            continue
        if ch == "}":
            raise at(line, "a '}' without its '{'")
        out.append(ch)
    if depth:
        raise at(line, "a '{' comment is not closed on its line")
    return "".join(out).rstrip()


def _parse_tag(text: str, line: int) -> tuple[str, str, str]:
    """(name, value, rest of the line) of a line that starts with ``[``."""
    match = _NAME.match(text, 1)
    if not match:
        raise at(line, f'bad tag line {_short(text)}: a tag is [Name "value"]')
    name = match.group()
    k = match.end()
    while k < len(text) and text[k] == " ":
        k += 1
    if k >= len(text) or text[k] != '"':
        raise at(line, f"bad tag line {_short(text)}: the value of [{name}] must be in double quotes")
    k += 1
    value = []
    while True:
        if k >= len(text):
            raise at(line, f"bad tag line {_short(text)}: the value of [{name}] has no closing quote")
        ch = text[k]
        if ch == "\\":
            if k + 1 >= len(text) or text[k + 1] not in '"\\':
                raise at(line, f'bad tag line {_short(text)}: only \\" and \\\\ may follow a backslash')
            value.append(text[k + 1])
            k += 2
            continue
        if ch == '"':
            k += 1
            break
        value.append(ch)
        k += 1
    while k < len(text) and text[k] == " ":
        k += 1
    if k >= len(text) or text[k] != "]":
        raise at(line, f"bad tag line {_short(text)}: no ']' after the value of [{name}]")
    return name, "".join(value), text[k + 1 :]


def _short(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")


def read_tags(text: str, json_sections: Collection[str] = ()) -> list[Tag]:
    """The tags of a text with their sections; a bad tag line or data before the first tag is an error.

    The sections of the tags named in ``json_sections`` are ``key = JSON`` lines: their
    comments are cut by :func:`read_keys`, which knows where a JSON string ends.
    """
    tags: list[Tag] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("["):
            name, value, rest = _parse_tag(stripped, number)
            rest = rest.strip()
            if rest and not rest.startswith(";"):
                raise at(number, f"text after the tag [{name}]: {_short(rest)} (one tag a line; comments start with ;)")
            tags.append(Tag(name, value, number))
            continue
        if not stripped or stripped.startswith(";"):
            continue
        if tags and tags[-1].name in json_sections:
            tags[-1].data.append((number, stripped))  # key = JSON: comments are cut by the reader of the value
            continue
        data = _strip_comment(stripped, number).strip()
        if not data:
            continue
        if not tags:
            raise at(number, f"{_short(stripped)} comes before any tag (a text record starts with tags)")
        tags[-1].data.append((number, data))
    return tags


def key_text(key: str) -> str:
    """A section key as written: bare when it is a simple name, else a JSON string."""
    return key if _KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def json_text(value: Any) -> str:
    """A value as one line of JSON (``, `` and ``: `` separators, non-ASCII kept)."""
    return json.dumps(value, ensure_ascii=False)


def key_lines(data: dict[str, Any]) -> list[str]:
    """``key = JSON`` lines of a mapping, in its order."""
    return [f"{key_text(k)} = {json_text(v)}" for k, v in data.items()]


_DECODER = json.JSONDecoder()


def read_keys(tag: Tag) -> dict[str, Any]:
    """The mapping of a ``key = JSON`` section; a line that is not one is an error naming it."""
    out: dict[str, Any] = {}
    for number, text in tag.data:
        if text.startswith('"'):
            try:
                key, k = _DECODER.raw_decode(text)
            except json.JSONDecodeError:
                raise at(number, f"[{tag.name}]: the quoted key of {_short(text)} is not a JSON string") from None
        else:
            match = _KEY.match(text)
            if not match:
                raise at(number, f"[{tag.name}]: {_short(text)} is not 'key = value'")
            key, k = match.group(), match.end()
        rest = text[k:].lstrip()
        if not rest.startswith("="):
            raise at(number, f"[{tag.name}]: {_short(text)} is not 'key = value' (no '=' after {key!r})")
        rest = rest[1:].lstrip()
        try:
            value, end = _DECODER.raw_decode(rest)
        except json.JSONDecodeError as exc:
            raise at(number, f"[{tag.name}]: the value of {key!r} is not JSON ({exc.msg})") from None
        tail = rest[end:].strip()
        if tail and not tail.startswith(";"):
            raise at(number, f"[{tag.name}]: text after the value of {key!r}: {_short(tail)}")
        if key in out:
            raise at(number, f"[{tag.name}]: {key!r} is given twice")
        out[key] = value
    return out


def parse_int(tag: Tag, low: int | None = None, high: int | None = None) -> int:
    """The value of a tag as an integer in ``low..high``; an error naming the line otherwise."""
    text = tag.value.strip()
    if not re.fullmatch(r"-?[0-9]+", text):
        raise at(tag.line, f"[{tag.name} {json.dumps(tag.value)}] must be a whole number")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise at(tag.line, f"[{tag.name} {json.dumps(tag.value)}] must be {low}..{high}")
    return value
