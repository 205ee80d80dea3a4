"""What the start page's lobby shows of a table besides its seats: the preset's name for people and the house rules.

>>> preset_title("smear_ten_point")
'54-card 10-point Smear with Trey'
>>> house_rules("smear_ten_point", 4, {"target_score": 11})
('target_score=11',)
>>> house_rules("smear_ten_point", 4, {})
()
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

__all__ = ["house_rules", "preset_title"]


@lru_cache(maxsize=256)
def preset_title(preset: str) -> str:
    """The friendly part of a preset's description, up to its colon (what the start page's menus show)."""
    from jick.engine import JickError
    from jick.registry import preset_summary

    try:
        description = preset_summary(preset)[0]
    except JickError:
        return preset
    return description.split(": ", 1)[0] if description else preset


def _text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{k}:{_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ",".join(_text(v) for v in value)
    return str(value)


def house_rules(preset: str, players: int, rules: dict[str, Any]) -> tuple[str, ...]:
    """Each option of ``rules`` (a table's rules in force) whose value is not the preset's, as ``option=value``."""
    return _house_rules(preset, players, json.dumps(rules, sort_keys=True, default=str))


@lru_cache(maxsize=1024)
def _house_rules(preset: str, players: int, rules_json: str) -> tuple[str, ...]:
    from jick.engine import JickError
    from jick.registry import load_rules

    rules = json.loads(rules_json)
    try:
        base = json.loads(json.dumps(load_rules(preset, players).to_dict(), sort_keys=True, default=str))
    except JickError:
        return ()
    return tuple(
        f"{key}={_text(value)}" for key, value in rules.items() if key != "num_players" and base.get(key) != value
    )
