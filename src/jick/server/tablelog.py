"""The table log a page shows: the match's story (:mod:`jick.story`), kept beside a table's session.

Every view carries the lines that changed since the view before (``log``:
``{"from": k, "lines": [...]}``: the receiver keeps its first ``k`` lines and
puts these after them); the first view after ``hello`` carries them all, so a
page that reloads or reconnects has the whole log again. Each receiver reads
its own words: a seat sees its own face-down discards, everybody else (and a
spectator) only how many cards went down.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from jick.session import LoggedAction, Session
from jick.story import Line, Storyteller, render, seat_label

__all__ = ["TableLog", "names_of"]

log = logging.getLogger("jick.server")


class TableLog:
    """The story of one table's match, followed action by action."""

    def __init__(self, session: Session) -> None:
        """Tell the match of ``session`` so far (its actions replayed on a fresh copy)."""
        from jick.record import state_for

        fresh = Session(state_for({**session.header, "deals": []}), list(session.seats), draws=session.draws)
        self.teller: Storyteller | None = Storyteller(fresh.state, face_down=True)
        for entry in session.log:
            fresh.act(entry.seat, entry.action_id)
            self.teller.after(fresh.state, entry.seat, fresh.state.action_from_id(entry.action_id))
        self.ply = session.ply

    @classmethod
    def of(cls, session: Session) -> TableLog:
        """:class:`TableLog` of ``session``; a log that stays empty if telling fails (a table never breaks on it)."""
        try:
            return cls(session)
        except Exception:
            log.exception("the table log could not be told; it stays empty")
            empty = cls.__new__(cls)
            empty.teller, empty.ply = None, session.ply
            return empty

    @property
    def lines(self) -> list[Line]:
        if self.teller is None:
            return []
        return self.teller.story.lines

    def told(self, session: Session, entry: LoggedAction) -> int:
        """Tell ``entry`` (just taken in ``session``); the index of the first line it changed."""
        self.ply = session.ply
        if self.teller is None:
            return 0
        story = self.teller.story
        story.mark()
        try:
            self.teller.after(session.state, entry.seat, session.state.action_from_id(entry.action_id))
        except Exception:
            log.exception("the table log could not tell ply %d; it stops here", entry.ply)
            self.teller = None
            return 0
        return story.changed

    def part(self, viewer: int | None, names: Sequence[str], start: int) -> dict[str, Any]:
        """The ``log`` field of a view for ``viewer``: the lines from ``start`` on, in its words."""
        start = max(0, min(start, len(self.lines)))
        return {"from": start, "lines": [render(line, names, viewer) for line in self.lines[start:]]}


def names_of(seats: Sequence[Any]) -> list[str]:
    """The names the log gives a table's seats (``Seat`` objects: ``number``, ``kind``, ``name``)."""
    return [seat_label(s.number, s.kind, s.name) for s in seats]
