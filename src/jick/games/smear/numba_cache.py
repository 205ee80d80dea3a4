"""The shared rule modules as numba reads them, and numba's disk cache of the solver and the kernel kept in step.

The cores (:mod:`~jick.games.smear.rule_core`, :mod:`~jick.games.smear.settle_core`,
:mod:`~jick.games.smear.deal_core`) are one source each with two loads. The engine
imports them as they are installed: Python modules in the pure-Python package,
mypyc extensions in the compiled build (``JICK_COMPILE=1``). Numba compiles from
Python bytecode, which an extension has none of: :func:`shared_module` gives numba
the module itself when it is Python, else an interpreted copy executed from the
``.py`` file shipped beside the extension, under a private name. The solver, the
kernel and :func:`register_shared_rules` take the cores from it.

Numba keys each cached compiled function by the stamp of its own module's file
only. The solver and the kernel inline the functions of
:mod:`~jick.games.smear.rule_core`, :mod:`~jick.games.smear.settle_core` and
:mod:`~jick.games.smear.deal_core`, so
an edit there alone would leave stale machine code in use. Before anything is
compiled, :func:`forget_stale_caches` compares a digest of the shared modules
with the one stored beside the cache and, when they differ, deletes the
package's cached numba files (they are compiled again on first use).

>>> import tempfile, pathlib
>>> package = pathlib.Path(tempfile.mkdtemp())
>>> _ = [(package / name).write_text("X = 1") for name in SHARED]
>>> (package / "__pycache__").mkdir()
>>> _ = (package / "__pycache__" / "solver.legal_plays-1.py311.nbi").write_bytes(b"old")
>>> forget_stale_caches(package), sorted(p.name for p in (package / "__pycache__").iterdir())
(True, ['shared_rules.sha256'])
>>> forget_stale_caches(package)  # nothing changed since
False
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

#: The modules whose functions numba inlines into the cached solver and kernel.
SHARED = ("rule_core.py", "settle_core.py", "deal_core.py")
#: The package of the shared modules.
PACKAGE = "jick.games.smear"
#: The file beside the cache that holds the digest of :data:`SHARED` the cache was made from.
STAMP = "shared_rules.sha256"
#: The lock file beside the cache that processes compiling at the same time take in turn (:func:`compiling`).
LOCK = "numba.lock"
HERE = Path(__file__).resolve().parent


def forget_stale_caches(package: Path = HERE) -> bool:
    """Delete the numba cache files in ``package/__pycache__`` if the shared modules changed; whether it did.

    A package without its sources (or a read-only one) is left alone: its code cannot change in place.
    """
    try:
        digest = hashlib.sha256(b"".join((package / name).read_bytes() for name in SHARED)).hexdigest()
    except OSError:
        return False
    cache = package / "__pycache__"
    stamp = cache / STAMP
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    try:
        for stale in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            stale.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        return False
    return True


@contextmanager
def compiling(package: Path = HERE) -> Iterator[None]:
    """Hold the lock of the package's numba cache (``__pycache__/numba.lock``) for a compile.

    Processes started together (test workers, arena workers, server processes) then compile a function once:
    the others wait, and load from the cache what the first one saved instead of compiling it again. Without a
    writable cache (or without ``fcntl``), nothing is locked. A process that dies holding the lock loses it.
    A thread that holds it already (a compile within a compile) goes on without taking it again.
    """
    if getattr(_HELD, "depth", 0):
        _HELD.depth += 1
        try:
            yield
        finally:
            _HELD.depth -= 1
        return
    try:
        import fcntl

        (package / "__pycache__").mkdir(exist_ok=True)
        handle = open(package / "__pycache__" / LOCK, "ab")  # noqa: SIM115 (closed below)
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        _HELD.depth = 1
        try:
            yield
        finally:
            _HELD.depth = 0
            fcntl.flock(handle, fcntl.LOCK_UN)


#: How deep the calling thread is in :func:`compiling` (its lock is taken once, at the outermost level).
_HELD = threading.local()


class FirstCallLocked:
    """A numba function whose first call in this process runs under :func:`compiling` (where it compiles).

    Later calls go straight through. The first call holds the lock for its whole run, so a process that finds the
    lock taken waits for another's first call, then loads the machine code that one saved.
    """

    def __init__(self, function: Callable[..., Any], package: Path = HERE) -> None:
        self.function = function
        self.package = package
        self.ready = False

    def __call__(self, *args: Any) -> Any:
        if self.ready:
            return self.function(*args)
        with compiling(self.package):
            result = self.function(*args)
        self.ready = True
        return result


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (built by mypyc), not from Python source.

    >>> import jick.games.smear.numba_cache as this
    >>> is_compiled(this)
    False
    """
    return (module.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def shared_module(name: str) -> ModuleType:
    """The shared module ``name`` (``"rule_core"``...) with Python functions, for numba to compile.

    The installed module itself, unless it is compiled: then an interpreted copy, executed once per process
    from the ``.py`` file beside the extension as ``jick.games.smear._numba_<name>``. Its functions are the
    same source as the engine's; only numba (and the Python code of the solver) calls them.

    >>> shared_module("rule_core").legal_plays(0b110, -1, False, 0, [], [], False, False, False)
    6
    """
    module = importlib.import_module(f"{PACKAGE}.{name}")
    if not is_compiled(module):
        return module
    private = f"{PACKAGE}._numba_{name}"
    loaded = sys.modules.get(private)
    if loaded is not None:
        return loaded
    source = Path(module.__file__ or "").with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(private, source)
    if spec is None or spec.loader is None:
        raise ImportError(f"no Python source of the compiled {module.__name__} at {source}")
    copy = importlib.util.module_from_spec(spec)
    sys.modules[private] = copy  # numba (and pickle) find the functions' module by name
    try:
        spec.loader.exec_module(copy)
    except BaseException:
        del sys.modules[private]
        raise
    return copy


def register_shared_rules() -> None:
    """Make every function of the cores' ``JITABLE`` callable inside ``@njit`` code; later calls do nothing.

    The functions are those of :func:`shared_module` (an interpreted copy of a compiled core).

    Numba's cache is checked first (:func:`forget_stale_caches`), before the solver or the kernel loads code
    compiled from an older copy of the rules.

    >>> register_shared_rules()
    """
    if _REGISTERED:
        return
    from numba.extending import register_jitable

    with compiling():  # not while another process saves what it compiled from the same rules
        forget_stale_caches()
    for name in SHARED:
        for function in shared_module(name.removesuffix(".py")).JITABLE:
            register_jitable(function)
    _REGISTERED.append(True)


_REGISTERED: list[bool] = []
