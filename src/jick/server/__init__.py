"""``jick serve``: the game server. Tables over HTTP, one websocket per seat, every action in a database.

* :mod:`jick.server.app`: the FastAPI application (routes under ``/api``, websockets under ``/ws``);
* :mod:`jick.server.protocol`: every message as a pydantic model, and the protocol's JSON Schema;
* :mod:`jick.server.tables`: table lifecycle (seats, tokens, bots, absent players), in layers: the table
  model (:mod:`~jick.server.table`), the socket hub (:mod:`~jick.server.sockets`), the store writer
  (:mod:`~jick.server.writer`), the live tables (:mod:`~jick.server.live`), turns, bots and timers
  (:mod:`~jick.server.turns`), the HTTP commands (:mod:`~jick.server.commands`) and the socket messages
  (:mod:`~jick.server.messages`);
* :mod:`jick.server.store`: the SQLAlchemy tables and their Alembic migrations;
* :mod:`jick.server.views`: observations as JSON, and the public view;
* :mod:`jick.server.bots`: the pool where bots think, off the event loop;
* :mod:`jick.server.run`: ``jick serve`` itself.

See ``docs/server.md``.
"""
