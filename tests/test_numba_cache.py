"""The lock of numba's cache: processes that start together compile a function once (jick.games.smear.numba_cache)."""

from __future__ import annotations

import fcntl
import subprocess
import sys
from pathlib import Path

import pytest

from jick.games.smear.numba_cache import LOCK, FirstCallLocked, compiling


def lock_is_free(package: Path) -> bool:
    """Whether another holder could take the cache's lock now (a second open file: flock counts it apart)."""
    with open(package / "__pycache__" / LOCK, "ab") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(other, fcntl.LOCK_UN)
        return True


def test_compiling_holds_the_lock_and_gives_it_back(tmp_path: Path) -> None:
    with compiling(tmp_path):
        assert not lock_is_free(tmp_path)
    assert lock_is_free(tmp_path)


def test_a_compile_within_a_compile_does_not_wait_for_itself(tmp_path: Path) -> None:
    with compiling(tmp_path):
        with compiling(tmp_path):
            assert not lock_is_free(tmp_path)
        assert not lock_is_free(tmp_path)  # still held by the outer level
    assert lock_is_free(tmp_path)


def test_compiling_gives_the_lock_back_after_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="failed"), compiling(tmp_path):
        raise ValueError("the compile failed")
    assert lock_is_free(tmp_path)


def test_without_a_writable_cache_nothing_is_locked(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").write_text("a file where the cache's folder would be")
    with compiling(tmp_path):
        pass


def test_only_the_first_call_runs_under_the_lock(tmp_path: Path) -> None:
    seen: list[tuple[int, bool]] = []

    def kernel(x: int) -> int:
        seen.append((x, lock_is_free(tmp_path)))
        return 2 * x

    call = FirstCallLocked(kernel, tmp_path)
    assert [call(1), call(2), call(3)] == [2, 4, 6]
    assert seen == [(1, False), (2, True), (3, True)]


def test_a_first_call_that_fails_is_locked_again_next_time(tmp_path: Path) -> None:
    calls: list[bool] = []

    def kernel(x: int) -> int:
        calls.append(lock_is_free(tmp_path))
        return 10 // x

    call = FirstCallLocked(kernel, tmp_path)
    with pytest.raises(ZeroDivisionError):
        call(0)
    assert call(5) == 2 and call(2) == 5
    assert calls == [False, False, True]


def test_the_solver_compiles_at_its_first_solve_not_at_import() -> None:
    """A process that imports the solver and never solves (a test worker collecting, a command without a search
    bot) compiles nothing; its first solve compiles (or loads) the kernel, and later solves reuse it."""
    script = """
from numba.core.dispatcher import Dispatcher
import jick.games.smear.solver as solver
from jick.cards import card_mask
from jick.games.smear import load_preset
assert not isinstance(solver._search, Dispatcher), "compiled at import"
hands = [card_mask(h) for h in (["AS", "2S"], ["KS", "3S"], ["QS", "4S"], ["JS", "5S"])]
values = solver.solve(load_preset("smear_ten_point"), 0, hands, leader=0, to_move=0, root_seat=0)
kernel = solver._search
assert isinstance(kernel, Dispatcher), type(kernel)
assert solver.solve(load_preset("smear_ten_point"), 0, hands, leader=0, to_move=0, root_seat=0) == values
assert solver._search is kernel and solver.compiled_search() is kernel
print(sorted(values))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()  # the first hand's cards were valued
