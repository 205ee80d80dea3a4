"""Suite-wide set-up: the mypy check of ``tests/test_code_quality.py`` starts as soon as it is collected.

mypy over the package takes about ten seconds on a fresh checkout (no cache). It runs
in a subprocess alongside the rest of the suite, on the second core, and the test
collects its result; a run that does not select the test does not start it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MYPY_TEST = "test_mypy_strict_is_clean"
_MYPY = pytest.StashKey[subprocess.Popen[str]]()


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if any(item.name == MYPY_TEST for item in items):
        config.stash[_MYPY] = subprocess.Popen(
            [sys.executable, "-m", "mypy", "src/jick"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    process = config.stash.get(_MYPY, None)
    if process is not None and process.poll() is None:
        process.kill()
        process.communicate()


@pytest.fixture
def mypy_process(request: pytest.FixtureRequest) -> subprocess.Popen[str]:
    """The background mypy run over ``src/jick`` (started at collection)."""
    return request.config.stash[_MYPY]
