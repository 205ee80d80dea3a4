"""The arena on Ray: a local 2-CPU Ray instance gives the same results as the process pool, checkpoints included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray  # in the test extra: the Ray tests always run
from typer.testing import CliRunner

from jick.arena import run_arena
from jick.arena.cluster import connected
from jick.cli import app
from jick.engine import RulesError

runner = CliRunner()


def figures(result: Any) -> dict[str, Any]:
    """A result without the parameters that say how it was run."""
    data = result.to_dict()
    for key in ("workers", "ray"):
        data["parameters"].pop(key, None)
    return dict(data)


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A local Ray instance with 2 CPUs, left running for the next test (starting one takes seconds)."""
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield


@pytest.fixture
def no_ray() -> None:
    """No Ray instance in this process, so that the command starts (or fails to reach) its own."""
    if ray.is_initialized():
        ray.shutdown()


@pytest.mark.parametrize("preset", ["smear_ten_point", "tarok_3p"])
def test_ray_gives_the_same_results_as_the_process_pool(preset: str, local_ray: None) -> None:
    on_ray = run_arena(preset, "random,heuristic", deals=6, seed=11, workers=2, ray_address="local")
    at_home = run_arena(preset, "random,heuristic", deals=6, seed=11, workers=1)
    assert figures(on_ray) == figures(at_home)
    assert on_ray.parameters["ray"] == "local" and len(on_ray.deals) == 6


def test_ray_plays_the_field_seating(local_ray: None) -> None:
    """The design travels to the Ray workers in the tasks' Setup."""
    on_ray = run_arena("smear_ten_point", "random,heuristic", deals=2, seed=3, players=5, ray_address="local",
                       seating="field")  # fmt: skip
    at_home = run_arena("smear_ten_point", "random,heuristic", deals=2, seed=3, players=5, seating="field")
    assert figures(on_ray) == figures(at_home)
    assert all(len(d.plays) == 5 for d in on_ray.deals)


def test_ray_keeps_the_checkpoint(tmp_path: Path, local_ray: None) -> None:
    book = tmp_path / "run.ckpt"
    first = run_arena("smear_ten_point", "random,heuristic", deals=4, seed=5, ray_address="local", checkpoint=book)
    lines = book.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 4, "the identity line and one line per deal"
    # a longer run with the same checkpoint plays only the new deals, here without Ray
    longer = run_arena("smear_ten_point", "random,heuristic", deals=6, seed=5, workers=1, checkpoint=book)
    assert len(book.read_text(encoding="utf-8").splitlines()) == 1 + 6
    assert longer.deals[:4] == first.deals
    assert figures(longer) == figures(run_arena("smear_ten_point", "random,heuristic", deals=6, seed=5))


def test_cli_runs_on_ray(tmp_path: Path, local_ray: None) -> None:
    out = tmp_path / "r.json"
    args = ["arena", "--preset", "smear_ten_point", "--bots", "random,heuristic", "--deals", "3", "--seed", "2"]
    result = runner.invoke(app, [*args, "--ray", "local", "--workers", "1", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["parameters"]["ray"] == "local" and len(saved["raw"]["matchups"][0]["deals"]) == 3


def test_a_ray_instance_started_for_a_run_is_stopped_after(no_ray: None) -> None:
    with connected("local", 1) as started:
        assert started.is_initialized()
        assert started.cluster_resources()["CPU"] == 1
    assert not ray.is_initialized()


@pytest.mark.parametrize("address", ["127.0.0.1:9", "ray://127.0.0.1:9"])
def test_unreachable_cluster_is_one_line_error(address: str, no_ray: None) -> None:
    """Nothing listens at the address: one line at once (Ray alone retries for minutes).

    (``auto`` is not tried here: it joins whatever cluster another test process has started.)"""
    args = ["arena", "--preset", "smear_ten_point", "--bots", "random,heuristic", "--deals", "2", "--seed", "2"]
    result = runner.invoke(app, [*args, "--ray", address, "--no-progress"], env={"RAY_ADDRESS": ""})
    assert result.exit_code == 2
    assert result.output.startswith(f"jick: error: cannot reach the Ray cluster at '{address}'")
    assert len(result.output.strip().splitlines()) == 1


def test_missing_ray_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(RulesError, match=r"pip install 'jick\[ray\]'"), connected("local", 1):
        pass
