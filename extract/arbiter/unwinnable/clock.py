"""A wall-clock limit on the analysis, set by a command that must answer in time.

A person waits for `position` or `ruling`; a stdin of many hard positions or a long game must not keep
them waiting past the command's limit. The searches look at `expired()` as they go and stop: the
answer is then "not decided in time", said plainly, never a guess.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_DEADLINE: ContextVar[float | None] = ContextVar("unwinnable_deadline", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within the block, the analysis stops `seconds` from now (None: no limit; an outer, earlier
    limit stays in force)."""
    outer = _DEADLINE.get()
    deadline = None if seconds is None else time.monotonic() + seconds
    if outer is not None and (deadline is None or outer < deadline):
        deadline = outer
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def expired() -> bool:
    """The current limit has passed."""
    deadline = _DEADLINE.get()
    return deadline is not None and time.monotonic() >= deadline


def remaining() -> float | None:
    """Seconds left under the current limit (None: no limit)."""
    deadline = _DEADLINE.get()
    return None if deadline is None else max(0.0, deadline - time.monotonic())
