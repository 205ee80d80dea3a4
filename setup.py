"""Build hook: with JICK_COMPILE=1 the hot Smear modules and the core state base are compiled with mypyc.

The pure-Python package is the reference; the compiled build is the same code,
only faster (see README, "Speed"). ``pip install .`` without the variable
builds nothing.
"""

import os

from setuptools import setup

ext_modules = []
if os.environ.get("JICK_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(
        [
            # The build environment holds setuptools and mypy only: the libraries the modules import
            # (numpy, rich...) are typed as Any here, and the type check proper is `mypy` in the tests.
            "--config-file=",
            "--ignore-missing-imports",
            "src/jick/games/smear/ids.py",
            "src/jick/games/smear/tables.py",
            "src/jick/games/smear/scoring.py",
            "src/jick/games/smear/state.py",
            # the Smear state's base class: a compiled class inherits only from compiled ones
            "src/jick/core/cardset.py",
            "src/jick/core/undo.py",
            "src/jick/core/trick_state.py",
        ],
        opt_level="3",
    )

setup(ext_modules=ext_modules)
