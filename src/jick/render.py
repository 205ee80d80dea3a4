"""Text views of ``jick replay``, for every game through its record hooks.

Each game package's ``record_hooks`` (:mod:`jick.record_hooks`) builds the
report of a replayed state and formats it; this module only dispatches on
the game's name. Smear's hand views (``hand_report``, ``format_hand``,
``side_name``, ``POINT_LABELS``) live in :mod:`jick.games.smear.report`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jick.game import AnyState
from jick.record_hooks import hooks_for

__all__ = ["format_replay", "print_replay", "replay_report"]


def replay_report(state: AnyState) -> dict[str, Any]:
    """Everything ``jick replay`` prints for a state of any game, as a JSON-ready dict (with ``game``).

    >>> from jick.registry import new_game
    >>> replay_report(new_game("tarok_3p", seed=1))["game"]
    'tarok'
    """
    return hooks_for(state.game_name).report(state)


def format_replay(report: Mapping[str, Any]) -> list[str]:
    """The lines ``jick replay`` prints for a :func:`replay_report`: each deal in order and the match result."""
    return hooks_for(report["game"]).format_report(report)


def print_replay(report: Mapping[str, Any]) -> None:
    """Print the lines of :func:`format_replay`."""
    for line in format_replay(report):
        print(line)
