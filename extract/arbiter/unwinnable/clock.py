"""A time limit on the analysis, set by a command that must answer in time.

A person waits for `position` or `ruling`; a stdin of many hard positions or a long game must not keep
them waiting past the command's limit. The searches look at `expired()` as they go and stop: the
answer is then "not decided in time", said plainly, never a guess. The limit counts the answers it
cut short (`cut_short`), so the command can say in one line that it did.

The limit counts this process's processor time, not the wall clock: on an idle machine the two are
the same, and on a busy one (a CI runner, a laptop compiling) the answers stay what they are on an idle
one instead of turning into "not decided in time" because other programs took the processor.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


def now() -> float:
    """The clock the limits count: this process's processor time, in seconds."""
    return time.process_time()


@dataclass
class Limit:
    """One `time_limit` block: its seconds (None: none of its own) and the answers it cut short."""

    seconds: float | None
    cut: int = 0
    outer: Limit | None = None


_DEADLINE: ContextVar[float | None] = ContextVar("unwinnable_deadline", default=None)
_LIMIT: ContextVar[Limit | None] = ContextVar("unwinnable_limit", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[Limit]:
    """Within the block, the analysis stops `seconds` from now (None: no limit; an outer, earlier
    limit stays in force)."""
    outer = _DEADLINE.get()
    deadline = None if seconds is None else now() + seconds
    if outer is not None and (deadline is None or outer < deadline):
        deadline = outer
    limit = Limit(seconds, outer=_LIMIT.get())
    token, limit_token = _DEADLINE.set(deadline), _LIMIT.set(limit)
    try:
        yield limit
    finally:
        _LIMIT.reset(limit_token)
        _DEADLINE.reset(token)


def expired() -> bool:
    """The current limit has passed."""
    deadline = _DEADLINE.get()
    return deadline is not None and now() >= deadline


def remaining() -> float | None:
    """Seconds left under the current limit (None: no limit)."""
    deadline = _DEADLINE.get()
    return None if deadline is None else max(0.0, deadline - now())


def cut_short() -> None:
    """Count one answer left undecided because the limit passed (in every enclosing block)."""
    limit = _LIMIT.get()
    while limit is not None:
        limit.cut += 1
        limit = limit.outer
