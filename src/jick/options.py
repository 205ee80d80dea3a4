"""House rules: ``--set option=value`` strings and ``--rules FILE.toml`` files.

>>> parse_sets(["target_score=11", "use_jick=false", "point_values.trey=0", "bust_out_score=none"])
{'target_score': 11, 'use_jick': False, 'point_values': {'trey': 0}, 'bust_out_score': None}
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jick.engine import RulesError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def parse_value(text: str) -> Any:
    """A ``--set`` value: int, bool, none, or a string left for the rules to check."""
    low = text.strip().lower()
    if low in _TRUE - {"1"}:
        return True
    if low in _FALSE - {"0"}:
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(low)
    except ValueError:
        return text.strip()


def parse_sets(items: Iterable[str]) -> dict[str, Any]:
    """Turn ``name=value`` strings into an overrides dict; ``point_values.X=N`` sets one point."""
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise RulesError(f"--set {item!r} must look like option=value")
        name, _, raw = item.partition("=")
        name = name.strip()
        value = parse_value(raw)
        if "." in name:
            head, _, key = name.partition(".")
            if head != "point_values":
                raise RulesError(f"--set {item!r}: only point_values.NAME takes a dotted name")
            out.setdefault("point_values", {})[key] = value
        else:
            out[name] = value
    return out


@dataclass
class HouseRules:
    """A preset name, a player count and option overrides."""

    preset: str | None = None
    players: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)


def load_rules_file(path: str | Path) -> HouseRules:
    """Read a house-rules TOML file: ``preset = "..."``, optional ``players = N``, option keys.

    Options may sit at the top level or under an ``[options]`` table.
    """
    from jick.bounded import MAX_RULES_TEXT

    p = Path(path)
    try:
        if p.is_file() and p.stat().st_size > 4 * MAX_RULES_TEXT:
            raise RulesError(f"rules file {str(p)!r} is too large (house rules are limited to {MAX_RULES_TEXT} bytes)")
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesError(f"rules file {str(p)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError(f"rules file {str(p)!r} cannot be read: {exc}") from None
    return loads_rules(text, f"rules file {str(p)!r}")


def loads_rules(text: str, name: str = "house rules") -> HouseRules:
    r"""House rules from the text of a TOML file (``name`` says where it came from in messages).

    >>> loads_rules('preset = "smear_widow"\n[options]\ntarget_score = 11').overrides
    {'target_score': 11}
    >>> loads_rules("target_score = ")
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: house rules is not valid TOML: Invalid value (at end of document)
    >>> loads_rules("x = " + "[" * 5000)
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: house rules is nested too deeply (arrays and tables at most 32 levels deep)
    """
    from jick.bounded import MAX_DEPTH, MAX_RULES_TEXT, toml_depth

    if len(text) > MAX_RULES_TEXT:
        raise RulesError(f"{name} is too large: {len(text)} characters (at most {MAX_RULES_TEXT})")
    if toml_depth(text) > MAX_DEPTH:
        raise RulesError(f"{name} is nested too deeply (arrays and tables at most {MAX_DEPTH} levels deep)")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{name} is not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesError(f"{name} is nested too deeply") from None
    rules = HouseRules()
    rules.preset = data.pop("preset", None)
    rules.players = data.pop("players", None)
    if rules.preset is not None and not isinstance(rules.preset, str):
        raise RulesError(f"{name}: preset must be a string, not {rules.preset!r}")
    if rules.players is not None and (not isinstance(rules.players, int) or isinstance(rules.players, bool)):
        raise RulesError(f"{name}: players must be a whole number, not {rules.players!r}")
    options = data.pop("options", {})
    if not isinstance(options, Mapping):
        raise RulesError(f"{name}: [options] must be a table")
    rules.overrides = {**data, **options}
    return rules


def merge_overrides(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides from a file, then from ``--set``; point tables merge key by key."""
    out = dict(base)
    for key, value in extra.items():
        if key == "point_values" and isinstance(out.get(key), Mapping) and isinstance(value, Mapping):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out
