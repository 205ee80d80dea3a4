"""The package stays typed (mypy --strict) and lint-clean (ruff): part of the suite, not a separate step."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conftest import MypyJob

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_strict_is_clean(mypy_job: MypyJob) -> None:
    """mypy --strict (pyproject's settings) over the package; it started at collection (tests/conftest.py)."""
    code, output = mypy_job.result()
    assert code == 0, output
    assert "Success" in output


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "src", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def private_reads(path: Path) -> list[str]:
    """``obj._name`` in a module's code and in the examples of a module or page, ``obj`` not ``self`` or ``cls``.

    A module may read the private fields and methods of its own classes on other instances of them (a clone
    filling its copy), and the private names of modules it imports (``os._exit``).
    """
    import ast
    import re

    text = path.read_text(encoding="utf-8")
    found = []
    if path.suffix == ".py":
        tree = ast.parse(text)
        own: set[str] = set()
        modules: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                own.add(node.attr)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("_"):
                own.add(node.name)
            elif isinstance(node, ast.Import):
                modules.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if isinstance(node.value, ast.Name) and (node.value.id in ("self", "cls") or node.value.id in modules):
                    continue
                if node.attr not in own:
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith((">>>", "...")) and re.search(r"\w\._[a-z]", line):
            found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_only_a_state_module_reads_private_fields() -> None:
    """Observations, bots, records, every neutral layer and the docs read a state through its public views."""
    src = ROOT / "src" / "jick"
    allowed = {src / "games" / game / "state.py" for game in ("smear", "tarok", "liftsmoke")}
    files = [*sorted(src.rglob("*.py")), *sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    found = [hit for path in files if path not in allowed for hit in private_reads(path)]
    assert found == []


def test_the_private_read_check_sees_code_and_examples(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text('"""\n>>> s._snapshot()\n"""\n\n\ndef f(state, self):\n    return state._v, self._ok\n')
    assert private_reads(module) == ["sample.py:7: state._v", "sample.py:2: >>> s._snapshot()"]
    own = tmp_path / "own.py"
    own.write_text(
        "import os\n\n\nclass A:\n    def copy(self, other):\n        self._x = other._x\n        os._exit(0)\n"
    )
    assert private_reads(own) == []
    page = tmp_path / "page.md"
    page.write_text("state._v in prose is fine\n>>> copy._snapshot()\n")
    assert private_reads(page) == ["page.md:2: >>> copy._snapshot()"]
