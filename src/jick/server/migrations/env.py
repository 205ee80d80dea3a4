"""Alembic environment of the jick server's database (run by ``Store.migrate`` or the ``alembic`` command)."""

from __future__ import annotations

from alembic import context
from alembic.config import Config
from sqlalchemy import engine_from_config, pool

from jick.server.store import Base

target_metadata = Base.metadata


def run_migrations_offline(config: Config) -> None:
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online(config: Config) -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_from_config(
        config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.", poolclass=pool.NullPool
    )
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


def main() -> None:
    try:
        config = context.config
    except AttributeError:  # imported outside Alembic (by doctest collection, say): nothing to run
        return
    if context.is_offline_mode():
        run_migrations_offline(config)
    else:
        run_migrations_online(config)


main()
