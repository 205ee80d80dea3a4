"""Fixtures of the server tests: databases (SQLite files, fresh PostgreSQL databases) and live servers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .kit import postgres_available, postgres_database


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'jick.db'}"


def _need_postgres() -> None:
    if postgres_available():
        return
    if os.environ.get("CI") == "true":
        pytest.fail("PostgreSQL is not reachable on 127.0.0.1:5432 (the server tests need it in CI)")
    pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new empty PostgreSQL database, dropped after the test."""
    _need_postgres()
    with postgres_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each database the server supports, in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'jick.db'}"
        return
    _need_postgres()
    with postgres_database() as url:
        yield url
