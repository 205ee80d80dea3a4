"""PTN, the Pitch sites' tag-pair records, through the game that reads them.

The format maps onto one game's presets (Smear and the Pitch family), so it
lives with that game (the registration part ``ptn``,
:mod:`jick.games.smear.ptn`, which documents it); this module finds it.

>>> looks_like_ptn('[Deal "1:2S.3S"]'), looks_like_ptn('[Format "jick"]')
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.engine import RecordError
from jick.game import registered_games

__all__ = ["export_ptn", "import_ptn", "looks_like_ptn"]


def _ptn() -> Any:
    """The module of the first registered game that reads PTN."""
    for game in registered_games():
        if game.has_part("ptn"):
            return game.load_part("ptn")
    raise RecordError("no installed game reads PTN records")


def looks_like_ptn(text: str) -> bool:
    """Whether ``text`` carries PTN's own tags (and not jick's ``[Game ...]``)."""
    return bool(_ptn().looks_like_ptn(text))


def export_ptn(record: Mapping[str, Any]) -> str:
    """The record as PTN text; :class:`~jick.engine.RecordError` naming what does not map."""
    return str(_ptn().export_ptn(record))


def import_ptn(text: str, preset: str | None = None) -> dict[str, Any]:
    """A jick record from PTN text (``preset`` where the text names none)."""
    record: dict[str, Any] = _ptn().import_ptn(text, preset=preset)
    return record
