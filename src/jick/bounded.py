"""Limits on texts parsed from outside: how large and how deeply nested they may be.

Python's TOML and JSON parsers recurse once per level of nesting, so a small
text of thousands of ``[`` reaches the interpreter's recursion limit. These
scanners measure the nesting first, in one pass without recursion, so such a
text is refused with one line before any parser sees it.
"""

from __future__ import annotations

__all__ = ["MAX_DEPTH", "MAX_RULES_TEXT", "json_depth", "toml_depth"]

#: The deepest nesting of arrays and tables (objects) a house-rules text or a record may have.
MAX_DEPTH = 32
#: The longest house-rules text, in characters (a real one is well under 2,000).
MAX_RULES_TEXT = 64 * 1024


def json_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and objects in JSON ``text``, counted up to ``limit + 1``.

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    >>> json_depth("[" * 5000, limit=32)
    33
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}" and depth > 0:
            depth -= 1
    return deepest


def toml_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and inline tables in TOML ``text`` (strings and comments skipped),
    counted up to ``limit + 1``; a ``[[table]]`` header counts 2.

    >>> toml_depth('a = [[1, 2], {b = "[["}]  # [[[')
    2
    >>> toml_depth("x = " + "[" * 5000)
    33
    """
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if ch == '"' and text[i] == "\\" else 1
            if len(quote) == 3:  # a multi-line string may end with up to two more quotes
                while i + 3 < n and text[i + 3] == ch:
                    i += 1
            i += len(quote)
            continue
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}" and depth > 0:
            depth -= 1
        i += 1
    return deepest
