"""Suite-wide set-up: the mypy check of ``tests/test_code_quality.py`` starts as soon as it is collected.

mypy over the package takes about ten seconds on a fresh checkout (no cache). It runs
in a subprocess alongside the rest of the suite and the test collects its result; a run
that does not select the test does not start it. The suite runs on two worker processes
(pytest-xdist, ``-n 2`` in pyproject's ``addopts``): both collect every test, so the first
worker to claim the run's mypy job starts it, and the test, wherever it runs, waits for the
job's exit code. The test is moved to the end of the run, so it rarely waits at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MYPY_TEST = "test_mypy_strict_is_clean"
MYPY_COMMAND = [sys.executable, "-m", "mypy", "src/jick"]


@dataclass(frozen=True)
class MypyJob:
    """One background mypy run of this test session: its output and exit code land in ``folder``."""

    folder: Path

    @property
    def output(self) -> Path:
        return self.folder / "output.txt"

    @property
    def code(self) -> Path:
        return self.folder / "code.txt"

    def start(self) -> None:
        """Start mypy unless another worker of this run already did (the folder is the claim)."""
        try:
            self.folder.mkdir(parents=True)
        except FileExistsError:
            return
        script = (
            "import subprocess, sys\n"
            f"done = subprocess.run({MYPY_COMMAND!r}, cwd={str(ROOT)!r}, capture_output=True, text=True)\n"
            f"open({str(self.output)!r}, 'w').write(done.stdout + done.stderr)\n"
            f"open({str(self.code)!r} + '.part', 'w').write(str(done.returncode))\n"
            "import os\n"
            f"os.replace({str(self.code)!r} + '.part', {str(self.code)!r})\n"
        )
        subprocess.Popen([sys.executable, "-c", script], start_new_session=True)

    def result(self, timeout: float = 600.0) -> tuple[int, str]:
        """(exit code, output) of the run, waiting for it to finish."""
        deadline = time.monotonic() + timeout
        while not self.code.exists():
            if time.monotonic() > deadline:
                raise TimeoutError(f"mypy did not finish within {timeout:.0f} s")
            time.sleep(0.1)
        return int(self.code.read_text()), self.output.read_text()


def _run_id(config: pytest.Config) -> str:
    """The same text in every worker of one run (xdist's run id), or this process's own."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        return str(workerinput["testrunuid"])
    return f"solo-{os.getpid()}-{time.time_ns()}"


_JOB = pytest.StashKey[MypyJob]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_JOB] = MypyJob(Path(tempfile.gettempdir()) / f"jick-mypy-{_run_id(config)}")


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if any(item.name == MYPY_TEST for item in items):
        config.stash[_JOB].start()
        # the test that waits for mypy goes last (in every worker alike), when the job is long done
        items.sort(key=lambda item: item.name == MYPY_TEST)


@pytest.fixture
def mypy_job(request: pytest.FixtureRequest) -> MypyJob:
    """The background mypy run over ``src/jick`` (started at collection)."""
    return request.config.stash[_JOB]


@pytest.fixture(scope="session", autouse=True)
def _solver_compiled() -> None:
    """The Smear solver compiled (or loaded from numba's cache) before the first test of a worker.

    A search bot plays the heuristic's card while the solver compiles past its decision's deadline (the first
    hands of a fresh installation: ``jick.games.smear.solver.warm_up``); the suite's bots always solve.
    """
    from jick.games.smear.solver import solver_ready

    solver_ready(None)
