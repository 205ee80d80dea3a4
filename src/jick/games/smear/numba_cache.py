"""Numba's disk cache of the solver and the play-out kernel, kept in step with the shared rule modules.

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
from pathlib import Path

#: The modules whose functions numba inlines into the cached solver and kernel.
SHARED = ("rule_core.py", "settle_core.py", "deal_core.py")
#: The file beside the cache that holds the digest of :data:`SHARED` the cache was made from.
STAMP = "shared_rules.sha256"
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


def register_shared_rules() -> None:
    """Make every function of the cores' ``JITABLE`` callable inside ``@njit`` code; later calls do nothing.

    Numba's cache is checked first (:func:`forget_stale_caches`), before the solver or the kernel loads code
    compiled from an older copy of the rules.

    >>> register_shared_rules()
    """
    if _REGISTERED:
        return
    from numba.extending import register_jitable

    from jick.games.smear import deal_core, rule_core, settle_core

    forget_stale_caches()
    for function in (*rule_core.JITABLE, *settle_core.JITABLE, *deal_core.JITABLE):
        register_jitable(function)
    _REGISTERED.append(True)


_REGISTERED: list[bool] = []
