"""The database: migrations build exactly the models' schema on SQLite and PostgreSQL, and an action is final."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from jick.server.protocol import protocol_schema_text
from jick.server.store import Base, NewAction, SeatRow, Store, StoreError, TableRow, alembic_config, database_url, now


def test_migrations_build_the_models_schema_and_go_down_again(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # a second run changes nothing
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
        assert MigrationContext.configure(connection).get_current_revision() == "0006"
    command.downgrade(alembic_config(store.url), "base")
    tables = {"jick_tables", "jick_seats", "jick_actions", "jick_decks"}
    assert not tables & set(inspect(store.engine).get_table_names())
    store.migrate()
    assert tables <= set(inspect(store.engine).get_table_names())
    store.close()


def test_a_ply_is_stored_once_so_two_writers_cannot_fork_a_game(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    row = TableRow(
        id="t1abcdef",
        name="",
        game="smear",
        preset="smear_ten_point",
        header={"players": 4},
        bot_level="easy",
        away_timeout=1.0,
        public=False,
        seeded=False,
        status="running",
        host_token_hash="0" * 64,
        ply=0,
        created_at=now(),
    )
    store.create_table(row, [SeatRow(table_id="t1abcdef", seat=0, kind="human", token_hash="a" * 64, claimed=False)])
    store.append_actions([NewAction("t1abcdef", 0, 0, 115, "pass", "human")])
    with pytest.raises(IntegrityError):
        store.append_actions([NewAction("t1abcdef", 0, 0, 124, "5", "human")])
    loaded = store.load("t1abcdef")
    assert loaded is not None and loaded.actions == [115] and loaded.row.ply == 1
    store.close()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("jick.db", "is not a database URL"),
        ("mysql://root@localhost/test", "must be SQLite or PostgreSQL"),
        ("sqlite://", "give the SQLite database a file"),
    ],
)
def test_bad_database_urls(url: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        database_url(url)


def test_an_unreachable_database_is_one_line(tmp_path: Path) -> None:
    store = Store("postgresql+psycopg://nobody@127.0.0.1:1/none")
    with pytest.raises(StoreError, match="cannot use the database") as error:
        store.migrate()
    assert "\n" not in str(error.value)


def test_the_shipped_protocol_schema_is_current() -> None:
    shipped = Path(__file__).resolve().parents[2] / "src" / "jick" / "schemas" / "server-protocol.schema.json"
    assert shipped.read_text(encoding="utf-8") == protocol_schema_text(), (
        "regenerate it: python -c 'from jick.server.protocol import protocol_schema_text as t; "
        'open("src/jick/schemas/server-protocol.schema.json", "w").write(t())\''
    )
