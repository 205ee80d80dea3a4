"""The package stays typed (mypy --strict) and lint-clean (ruff): part of the suite, not a separate step."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_strict_is_clean(mypy_process: subprocess.Popen[str]) -> None:
    """mypy --strict (pyproject's settings) over the package; it started at collection (tests/conftest.py)."""
    assert mypy_process.args == [sys.executable, "-m", "mypy", "src/jick"]
    output, _ = mypy_process.communicate(timeout=600)
    assert mypy_process.returncode == 0, output


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "src", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr
