"""``jick serve``: the game server. Tables over HTTP, one websocket per seat, every action in a database.

* :mod:`jick.server.app`: the FastAPI application (routes under ``/api``, websockets under ``/ws``);
* :mod:`jick.server.protocol`: every message as a pydantic model, and the protocol's JSON Schema;
* :mod:`jick.server.tables`: table lifecycle (seats, tokens, bots, absent players);
* :mod:`jick.server.store`: the SQLAlchemy tables and their Alembic migrations;
* :mod:`jick.server.views`: observations as JSON, and the public view;
* :mod:`jick.server.bots`: the pool where bots think, off the event loop;
* :mod:`jick.server.run`: ``jick serve`` itself.

See ``docs/server.md``.
"""
