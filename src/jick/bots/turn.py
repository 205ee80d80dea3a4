"""What every bot does before it thinks: refuse when the seat is not to move, play a lone legal action at once."""

from __future__ import annotations

from collections.abc import Sequence

from jick.engine import Action


def only_action(legal: Sequence[Action]) -> Action | None:
    """The legal action when it is the only one, None when there is a choice to make.

    Raises :class:`ValueError` when there is none: it is not this seat's turn.

    >>> from jick.games.smear import new_match
    >>> s = new_match(seed=1)
    >>> only_action(s.legal_actions()) is None
    True
    >>> only_action(s.legal_actions()[:1]) == s.legal_actions()[0]
    True
    >>> only_action(())
    Traceback (most recent call last):
    ...
    ValueError: it is not this seat's turn
    """
    if not legal:
        raise ValueError("it is not this seat's turn")
    return legal[0] if len(legal) == 1 else None
