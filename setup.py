"""Build hook: the hot Smear and Tarok modules, the rule cores and the shared core are compiled with mypyc if possible.

The pure-Python package is the reference; the compiled build is the same code,
only faster (see README, "Speed"). ``JICK_COMPILE`` chooses:

- unset or ``auto`` (the default): compile when building a wheel (``pip install .``)
  on a machine with a C compiler; an editable install (``pip install -e .``),
  a machine without a compiler, or a failed compile gives the pure-Python package;
- ``1``: compile, and fail when that is not possible;
- ``0``: never compile.

The rule cores (``rule_core``, ``deal_core``, ``settle_core``) are numba's source too: the wheel ships
their ``.py`` beside each extension, and ``jick.games.smear.numba_cache.shared_module`` executes an
interpreted copy of it for numba, while the engine imports the extension.
"""

import os
import shlex
import shutil
import sys
import sysconfig

from setuptools import setup

MODULES = [
    "src/jick/games/smear/ids.py",
    "src/jick/games/smear/tables.py",
    "src/jick/games/smear/scoring.py",
    "src/jick/games/smear/state.py",
    # the rules shared with numba: the engine calls these extensions, numba compiles the same source from the
    # .py shipped beside them (numba_cache.shared_module loads an interpreted copy under a private name)
    "src/jick/games/smear/rule_core.py",
    "src/jick/games/smear/deal_core.py",
    "src/jick/games/smear/settle_core.py",
    # Tarok's state, the card rules it calls on every action (legal plays, trick winner, pile count) and its
    # scoring (once a deal, a twelfth of a deal's time while it was interpreted); its actions (subclasses of the
    # interpreted jick.engine.Action) stay Python
    "src/jick/games/tarok/cards.py",
    "src/jick/games/tarok/scoring.py",
    "src/jick/games/tarok/state.py",
    # the Smear and Tarok states' base class: a compiled class inherits only from compiled ones
    "src/jick/core/cardset.py",
    "src/jick/core/undo.py",
    "src/jick/core/trick_state.py",
]
#: setup.py commands that build the package (metadata steps need no compiling).
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}


def have_compiler() -> bool:
    """Whether the C compiler Python was built with (or $CC) is on this machine."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    return bool(words) and shutil.which(words[0]) is not None


def compiled_modules() -> list:
    mode = os.environ.get("JICK_COMPILE", "auto")
    if mode == "0" or not BUILD_COMMANDS & set(sys.argv):
        return []
    if mode != "1" and not have_compiler():
        print("jick: no C compiler found, building the pure-Python package", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify(
            # The build environment holds setuptools and mypy only: the libraries the modules import
            # (numpy, rich...) are typed as Any here, and the type check proper is `mypy` in the tests.
            ["--config-file=", "--ignore-missing-imports", *MODULES],
            opt_level="3",
        )
    except Exception as exc:  # noqa: BLE001 - any failure of the optional compile falls back to pure Python
        if mode == "1":
            raise
        print(f"jick: not compiled ({exc}); building the pure-Python package", file=sys.stderr)
        return []
    if mode != "1":
        for extension in extensions:
            extension.optional = True  # a failed C compile is a warning; the pure modules stay
    return extensions


setup(ext_modules=compiled_modules())
