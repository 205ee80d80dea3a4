"""The table log a page shows: the match's story (:mod:`jick.story`), kept beside a table's session.

Every view carries the lines that changed since the view before (``log``:
``{"from": k, "lines": [...]}``: the receiver keeps its first ``k`` lines and
puts these after them); the first view after ``hello`` carries them all, so a
page that reloads or reconnects has the whole log again. Each receiver reads
its own words: a seat sees its own face-down discards, everybody else (and a
spectator) only how many cards went down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jick.session import LoggedAction, Session
from jick.story import Line, Storyteller, render, seat_label

__all__ = ["TableLog"]


class TableLog:
    """The story of one table's match, followed action by action."""

    def __init__(self, session: Session) -> None:
        """Tell the match of ``session`` so far (its actions replayed on a fresh copy)."""
        from jick.record import state_for

        fresh = Session(state_for({**session.header, "deals": []}), list(session.seats), draws=session.draws)
        self.teller = Storyteller(fresh.state)
        for entry in session.log:
            fresh.act(entry.seat, entry.action_id)
            self.teller.after(fresh.state, entry.seat, fresh.state.action_from_id(entry.action_id))
        self.ply = session.ply

    @property
    def lines(self) -> list[Line]:
        return self.teller.story.lines

    def told(self, session: Session, entry: LoggedAction) -> int:
        """Tell ``entry`` (just taken in ``session``); the index of the first line it changed."""
        story = self.teller.story
        story.mark()
        self.teller.after(session.state, entry.seat, session.state.action_from_id(entry.action_id))
        self.ply = session.ply
        return story.changed

    def started(self, session: Session) -> int:
        """Tell what the start of the match dealt (no action yet); the first line changed."""
        story = self.teller.story
        story.mark()
        self.teller.catch_up(session.state)
        return story.changed

    def part(self, viewer: int | None, names: Sequence[str], start: int) -> dict[str, Any]:
        """The ``log`` field of a view for ``viewer``: the lines from ``start`` on, in its words."""
        start = max(0, min(start, len(self.lines)))
        return {"from": start, "lines": [render(line, names, viewer) for line in self.lines[start:]]}


def names_of(seats: Sequence[Any]) -> list[str]:
    """The names the log gives a table's seats (``Seat`` objects: ``number``, ``kind``, ``name``)."""
    return [seat_label(s.number, s.kind, s.name) for s in seats]
