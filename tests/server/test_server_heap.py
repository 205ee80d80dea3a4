"""The server's garbage-collector settings and SQLite's background checkpoints (the latency fixes of issue 34)."""

from __future__ import annotations

import gc
from pathlib import Path

from sqlalchemy import text

from jick.server.heap import THRESHOLDS, settle
from jick.server.store import CHECKPOINT_FALLBACK_PAGES, Store


def test_settle_freezes_the_live_heap_and_sets_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        settle()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 1000  # at least the modules imported so far
        assert THRESHOLDS[2] > 10  # full collections rarer than Python's default
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_sqlite_checkpoints_in_a_thread_and_commits_only_fall_back_to_it(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'j.db'}")
    try:
        store.checkpoint_in_background(every=0.05)
        checkpointer = store.checkpointer
        assert checkpointer is not None and checkpointer.is_alive()
        store.migrate()
        with store.engine.connect() as connection:
            pages = connection.execute(text("PRAGMA wal_autocheckpoint")).scalar()
        assert pages == CHECKPOINT_FALLBACK_PAGES
    finally:
        store.close()
    assert not checkpointer.is_alive()


def test_without_the_checkpointer_sqlite_keeps_its_default(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'j.db'}")
    try:
        store.migrate()
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 1000
        assert store.checkpointer is None
    finally:
        store.close()
