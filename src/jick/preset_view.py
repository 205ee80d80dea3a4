"""What ``jick presets`` shows: the preset list and one preset's options, as data, text or a table.

The data functions return JSON-ready values (``jick presets --json``). The
printers draw a rich table on a terminal and plain lines everywhere else (a
pipe, a file), one preset or option a line with tab-separated fields, so
that no name or description is cut to the width of a terminal.

>>> [row for row in preset_list() if row["preset"] == "tarok_4p"][0]["players"]
[4]
>>> options = preset_options("smear_ten_point")
>>> options["players"], options["options"][0]
(4, {'option': 'num_players', 'value': 4, 'allowed': '3,4,5,6', 'derived': False})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

__all__ = ["preset_list", "preset_options", "print_preset_list", "print_preset_options", "shown_value"]


def preset_list() -> list[dict[str, Any]]:
    """Every shipped preset: game, preset, players (the allowed counts), description, source."""
    from jick.registry import all_presets, preset_summary

    rows = []
    for game, preset in all_presets():
        description, source, allowed = preset_summary(preset)
        rows.append(
            {"game": game, "preset": preset, "players": list(allowed), "description": description, "source": source}
        )
    return rows


def preset_options(name: str, players: int | None = None) -> dict[str, Any]:
    """One preset (name or alias) resolved for ``players``: its summary and every option.

    ``options`` holds one ``{option, value, allowed, derived}`` per option,
    ``value`` as the rules hold it (numbers, strings, booleans, null, the
    point table as an object) and ``allowed`` as ``jick presets NAME`` shows
    it; a derived figure (Smear's ``max_points``) has ``derived`` true.
    Unknown names and impossible player counts raise :class:`jick.engine.RulesError`.
    """
    from jick.game import get_game
    from jick.registry import load_rules, preset_summary, resolve

    game, preset = resolve(name)
    description, source, allowed = preset_summary(preset)
    rules = load_rules(preset, players)
    allowed_values = get_game(game).allowed_values
    options: list[dict[str, Any]] = []
    for key, value in rules.to_dict().items():
        choices = ",".join(map(str, allowed)) if key == "num_players" else allowed_values(key)
        options.append({"option": key, "value": value, "allowed": choices, "derived": False})
    max_points = getattr(rules, "max_points", None)
    if max_points is not None:
        options.append({"option": "max_points", "value": max_points, "allowed": "", "derived": True})
    return {
        "game": game,
        "preset": preset,
        "players": rules.num_players,
        "description": description,
        "source": source,
        "options": options,
    }


def shown_value(value: Any) -> str:
    """An option value as the tables show it.

    >>> shown_value({"high": 1, "trey": 0, "game": 1}), shown_value(None), shown_value(True)
    ('high 1, game 1', 'none', 'true')
    """
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items() if v)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _players(players: Sequence[int]) -> str:
    return ",".join(str(p) for p in players)


def _plain(console: Console, lines: Iterable[str]) -> None:
    """Lines written as they are (no markup, no wrapping, tabs kept) to the console's file."""
    out = console.file
    for line in lines:
        out.write(line + "\n")
    out.flush()


def print_preset_list(rows: Sequence[Mapping[str, Any]], console: Console) -> None:
    """The preset list: a table on a terminal, else ``game<TAB>preset<TAB>players<TAB>description`` lines."""
    if not console.is_terminal:
        _plain(console, ("\t".join((r["game"], r["preset"], _players(r["players"]), r["description"])) for r in rows))
        return
    table = Table(title="jick presets")
    for column in ("game", "preset", "players", "description", "source"):
        table.add_column(column, overflow="fold")
    for row in rows:
        fields = (row["game"], row["preset"], _players(row["players"]), row["description"], row["source"])
        table.add_row(*(escape(field) for field in fields))
    console.print(table)


def print_preset_options(data: Mapping[str, Any], console: Console) -> None:
    """One preset's options: a table on a terminal, else a title line, a source line and one line per option.

    An option line is ``option<TAB>value<TAB>allowed``.
    """
    title = f"{data['preset']} ({data['players']} players): {data['description']}"
    rows = [
        (row["option"] + (" (derived)" if row["derived"] else ""), shown_value(row["value"]), row["allowed"])
        for row in data["options"]
    ]
    if not console.is_terminal:
        _plain(console, (title, f"source: {data['source']}", *("\t".join(row) for row in rows)))
        return
    table = Table(title=escape(title), caption=escape(f"source: {data['source']}"))
    for column in ("option", "value", "allowed"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(escape(field) for field in row))
    console.print(table)
