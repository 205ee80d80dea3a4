"""Parametrize the contract tests: ``config`` over every game, preset and player count, ``game`` and ``seed``."""

from __future__ import annotations

import pytest

from .support import CONFIGS, GAMES, SEEDS


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        metafunc.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", GAMES, ids=[g.name for g in GAMES])
    if "seed" in metafunc.fixturenames:
        metafunc.parametrize("seed", SEEDS, ids=[f"seed{s}" for s in SEEDS])
