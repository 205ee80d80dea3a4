"""The arena on a Ray cluster: ``jick arena --ray ADDRESS`` and ``run_arena(..., ray_address=...)``.

Every duplicate deal (and full match) is one Ray task; the results come back
in the order of the tasks, so a run gives the same figures on a cluster as on
one machine with the same seed. Ray is an optional extra (``pip install
'jick[ray]'``), imported only when an address is given. The address is

- ``local``: start a Ray instance on this machine with ``workers`` CPUs (and stop it after);
- ``auto``: join the cluster this machine belongs to (``ray start`` was run here);
- ``ray://HOST:10001``: a remote cluster through the Ray client;
- ``HOST:6379``: a cluster's head node directly.

An address with a host and port is tried first with a plain TCP connection
(:data:`PROBE_SECONDS`): Ray itself would retry a silent address for minutes.

Every node must have the same version of jick installed.
"""

from __future__ import annotations

import os
import re
import socket
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from jick.bots.budget import set_thinking_threads
from jick.engine import RulesError

T = TypeVar("T")
R = TypeVar("R")

#: The address that starts a Ray instance on this machine.
LOCAL = "local"
#: Seconds to wait for a TCP answer at an address's host and port before giving up.
PROBE_SECONDS = 5.0
_HOST_PORT = re.compile(r"^(?:ray://)?\[?([^\]/]+?)\]?:(\d+)$")


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """A RulesError unless something answers at ``address``'s host and port (other addresses pass).

    >>> probe("auto")
    >>> probe("127.0.0.1:9", 1.0)
    Traceback (most recent call last):
    ...
    jick.engine.RulesError: cannot reach the Ray cluster at '127.0.0.1:9': nothing answers at 127.0.0.1 port 9
    """
    match = _HOST_PORT.match(address)
    if match is None:
        return
    host, port = match.group(1), int(match.group(2))
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except OSError:
        raise RulesError(
            f"cannot reach the Ray cluster at {address!r}: nothing answers at {host} port {port}"
        ) from None


def ray_module() -> Any:
    """The ``ray`` package, or a RulesError that says how to install it."""
    try:
        import ray
    except ImportError:
        raise RulesError("--ray needs Ray, an optional extra: pip install 'jick[ray]'") from None
    return ray


@contextmanager
def connected(address: str, workers: int) -> Iterator[Any]:
    """``ray``, initialised for ``address`` (see the module docstring); shut down after if this started it."""
    ray = ray_module()
    started = not ray.is_initialized()
    if started:
        probe(address)
        quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        try:
            with warnings.catch_warnings():  # the Ray client warns before it raises: the error says it
                warnings.simplefilter("ignore")
                if address == LOCAL:
                    ray.init(num_cpus=workers, **quiet)
                else:
                    ray.init(address=address, **quiet)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise RulesError(f"cannot reach the Ray cluster at {address!r}: {str(exc).splitlines()[0]}") from None
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def _on_one_cpu(function: Callable[[T], R], task: T) -> R:
    """``function(task)`` in a Ray task, whose bots think on the one CPU the task asked for."""
    set_thinking_threads(1)
    return function(task)


def run_on_ray(
    function: Callable[[T], R],
    tasks: Sequence[T],
    address: str,
    workers: int,
    on_result: Callable[[R], None],
) -> list[R]:
    """``[function(t) for t in tasks]`` as Ray tasks, in task order; ``on_result`` sees each as it finishes."""
    with connected(address, workers) as ray:
        remote = ray.remote(num_cpus=1, max_retries=2)(_on_one_cpu)
        refs = [remote.remote(function, task) for task in tasks]
        where = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(tasks)
        pending = list(refs)
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    result = ray.get(ref)
                    results[where[ref]] = result
                    on_result(result)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return results
