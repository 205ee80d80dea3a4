"""What the start page offers: every preset of every game, and one preset's options with their allowed values.

The same facts as ``jick presets`` and ``jick presets NAME``, as JSON. An
option's ``choices`` lists the values a menu can offer; ``free`` says what
else may be typed (``"int"``, ``"int >= 0"``...), or is null when the
choices are all there is.

>>> info = preset_options("smear_mn_original")
>>> info["game"], info["num_players"], info["players"]
('smear', 4, [4])
>>> moon = next(o for o in info["options"] if o["name"] == "moon_enabled")
>>> moon["value"], moon["choices"], moon["free"]
(True, [True, False], None)
>>> bust = next(o for o in info["options"] if o["name"] == "bust_out_score")
>>> bust["choices"], bust["free"]
([None], 'int < 0')
"""

from __future__ import annotations

from typing import Any

__all__ = ["games_catalog", "preset_options"]


def _literal(part: str) -> tuple[bool, Any]:
    """(True, value) for a literal choice of an allowed-values text, (False, None) for a free form."""
    word = part.split(" (", 1)[0].strip()
    if word == "none":
        return True, None
    if word in ("true", "false"):
        return True, word == "true"
    if word.lstrip("-").isdigit():
        return True, int(word)
    return False, None


def _choices(text: str) -> tuple[list[Any], str | None]:
    choices: list[Any] = []
    free: list[str] = []
    for part in text.split(" | "):
        known, value = _literal(part)
        if known:
            choices.append(value)
        else:
            free.append(part.split(" (", 1)[0].strip())
    return choices, " | ".join(free) or None


def games_catalog() -> list[dict[str, Any]]:
    """Every game with its presets: name, description, allowed and default player counts."""
    from jick.game import registered_games

    out = []
    for game in registered_games():
        presets = []
        for name in game.preset_names():
            info = game.preset_info(name)
            presets.append(
                {
                    "name": name,
                    "description": info.description,
                    "players": list(info.players),
                    "default_players": info.default_players,
                }
            )
        out.append({"name": game.name, "title": game.title, "default_preset": game.default_preset, "presets": presets})
    return out


def preset_options(name: str, players: int | None = None) -> dict[str, Any]:
    """One preset resolved for ``players``: its description and every option with its value and allowed values.

    Raises :class:`~jick.engine.RulesError` for an unknown preset or a player count it does not allow.
    """
    from jick.game import get_game
    from jick.registry import load_rules, preset_summary, resolve
    from jick.ruleset import is_enum, option_types

    game, preset = resolve(name)
    description, source, allowed = preset_summary(preset)
    rules = load_rules(preset, players)
    allowed_values, kinds = get_game(game).allowed_values, option_types(type(rules))
    options = []
    for key, value in rules.to_dict().items():
        if key == "num_players":
            continue
        text = allowed_values(key)
        if isinstance(value, dict):
            options.append({"name": key, "value": value, "allowed": text, "choices": [], "free": "int >= 0"})
            continue
        kind = kinds[key]
        if is_enum(kind):
            choices, free = [m.value for m in kind], None
        else:
            choices, free = _choices(text)
        options.append({"name": key, "value": value, "allowed": text, "choices": choices, "free": free})
    return {
        "game": game,
        "preset": preset,
        "description": description,
        "source": source,
        "players": list(allowed),
        "num_players": rules.num_players,
        "options": options,
    }
