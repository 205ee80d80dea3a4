"""The browser page's JavaScript: type-checked by ``tsc --checkJs`` against the observations' declarations.

TypeScript is a dev tool pinned in ``tests/js/package-lock.json``; the test installs it from the npm
registry into ``tests/js/node_modules`` (ignored by git) when it is missing. The served page has no build step.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKS = ROOT / "tests" / "js"
STATIC_JS = ROOT / "src" / "jick" / "server" / "static" / "js"


def test_the_shipped_observation_declarations_are_current() -> None:
    shipped = (STATIC_JS / "games" / "observations.d.ts").read_text(encoding="utf-8")  # the tree's, not an install's
    # generated from the tree's Python source (a compiled build's classes do not show their annotations alike)
    script = "from jick.server.page_types import page_types_text; import sys; sys.stdout.write(page_types_text())"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert shipped == done.stdout, "regenerate it: python -c 'from jick.server.page_types import write; write()'"


def test_typescript_is_pinned_to_an_exact_version() -> None:
    package = json.loads((CHECKS / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((CHECKS / "package-lock.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["typescript"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"typescript {version!r}: pin an exact version"
    assert lock["packages"]["node_modules/typescript"]["version"] == version


def _install_typescript() -> Path:
    """``tests/js/node_modules`` from the lock file (once; a lock keeps parallel test workers apart)."""
    tsc = CHECKS / "node_modules" / "typescript" / "bin" / "tsc"
    npm = shutil.which("npm")
    assert shutil.which("node") and npm, "the page's type check needs Node.js and npm on the PATH"
    with (CHECKS / ".install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not tsc.exists():
            done = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=CHECKS,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    return tsc


@pytest.mark.parametrize("project", ["tsconfig.json", "tsconfig.strict.json"])
def test_the_page_javascript_type_checks(project: str) -> None:
    """The whole page with ``strict`` less implicit ``any`` and null checks; the game modules fully strict."""
    tsc = _install_typescript()
    done = subprocess.run(
        ["node", str(tsc), "-p", str(CHECKS / project)],
        cwd=CHECKS,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"tsc --checkJs -p {project} found errors:\n{done.stdout}{done.stderr}"


def test_the_shared_page_code_never_names_a_game() -> None:
    """Only the modules under ``games/`` know a game: the table, replay, felt and cards go through ``gameOf``."""
    names = re.compile(r"""game\s*[!=]==\s*["']|["'](smear|tarok|liftsmoke)["']""")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(STATIC_JS.glob("*.js"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if names.search(line)
    ]
    assert found == []
