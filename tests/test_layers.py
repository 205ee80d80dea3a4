"""The layer contract: the neutral layers reach a game only through its registration.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``); import-linter
checks them on the real import graph, including imports made only for type
checking.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import jick

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def _top_level_modules() -> set[str]:
    """Every module and package directly under ``jick`` but the games."""
    return {f"jick.{m.name}" for m in pkgutil.iter_modules(jick.__path__)} - {"jick.games"}


def lint_imports(config: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on ``config``, in its own process (it takes over the standard streams)."""
    code = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports(config_filename={str(config)!r}, no_cache=True))"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)


def _contract(contract_id: str) -> dict[str, object]:
    return next(c for c in CONTRACTS if c["id"] == contract_id)


def test_the_import_contracts_hold() -> None:
    result = lint_imports(ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_neutral_module_is_forbidden_to_import_a_game() -> None:
    sources = set(_contract("games-through-registration")["source_modules"])  # type: ignore[arg-type]
    assert _top_level_modules() - sources == set(), "a new top-level module must join the contract"


def test_every_neutral_module_has_a_layer() -> None:
    layers = _contract("layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace(":", "|").split("|")}  # type: ignore[attr-defined]
    assert _top_level_modules() - placed == set(), "a new top-level module must be given a layer"
    assert placed <= _top_level_modules(), "the layers name a module that does not exist"


def test_a_broken_contract_fails(tmp_path: Path) -> None:
    """The check is not vacuous: a contract the code breaks (Smear uses the shared search) fails."""
    config = tmp_path / "contract.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "jick"\n\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "Smear without the shared bots"\ntype = "forbidden"\n'
        'source_modules = ["jick.games.smear"]\nforbidden_modules = ["jick.bots"]\n'
    )
    result = lint_imports(config)
    assert result.returncode == 1 and "BROKEN" in result.stdout, result.stdout + result.stderr
