"""Work started in a forked process while this one does something else, and collected by key.

`chesslaws site` makes the search index this way while it renders the pages: after the reports,
the second core is free (the diff worker is done) and the index needs nothing the pages make.
Where the platform cannot fork or there is one core, nothing is started and the caller computes
the result itself when it asks for it.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from extract.reports.collect import one_worker

_PENDING: dict[str, tuple[ProcessPoolExecutor, Future[Any]]] = {}


def start(key: str, compute: Callable[..., Any], *args: Any) -> bool:
    """Run `compute(*args)` (a module-level function: it is pickled by name) in a forked process,
    under `key`; False when it cannot (no fork, one core) or `key` is already running."""
    if key in _PENDING:
        return False
    pool = one_worker()
    if pool is None:
        return False
    _PENDING[key] = (pool, pool.submit(compute, *args))
    return True


def collect_result(key: str) -> tuple[bool, Any]:
    """(True, result) of the work started under `key`, waiting for it; (False, None) when none was
    started or it failed (the caller then computes it here, where a failure says what is wrong)."""
    started = _PENDING.pop(key, None)
    if started is None:
        return False, None
    pool, future = started
    try:
        return True, future.result()
    except Exception:  # noqa: BLE001  (any failure: computed again in this process, which reports it)
        return False, None
    finally:
        pool.shutdown()
