"""Table lifecycle: seats and tokens, connections, actions, bots, absent players, persistence.

A :class:`jick.server.table.Table` is a :class:`jick.session.Session` plus its seats and the
connections watching it. The :class:`Tables` manager does everything that changes a table,
always in this order: check, apply to the session, **commit to the database**, then tell the
connections. Nothing here is kept that the database could not give back: a table is rebuilt
from its stored header and actions (after a restart, or by another process), and who is
connected is not game state.

Each table has a lock, so its actions are taken one at a time; tables share nothing else,
and a bot's thinking happens in the bot pool (:mod:`jick.server.bots`), never on the event
loop.

The manager is built in layers, one module each:

* :mod:`jick.server.table`: the table model (session, seats, status, tokens, public info);
* :mod:`jick.server.connection` and :mod:`jick.server.sockets`: a socket, and what each
  socket of a table is sent (views, table updates);
* :mod:`jick.server.writer`: the store writer (the database off the loop, batched commits);
* :mod:`jick.server.live`: the tables in memory, rebuilt from the database, started and stopped;
* :mod:`jick.server.turns`: an action taken, and the bots and timers that take turns;
* :mod:`jick.server.commands`: the HTTP commands; :mod:`jick.server.messages`: the socket messages.
"""

from __future__ import annotations

from jick.server.commands import Commands
from jick.server.messages import Messages

__all__ = ["Tables"]


class Tables(Commands, Messages):
    """Every table of the server, loaded from the database on demand and kept in step with it."""
