"""A time limit on the analysis, set by a command that must answer in time.

A person waits for `position` or `ruling`; a stdin of many hard positions or a long game must not keep
them waiting past the command's limit. The searches look at `expired()` as they go and stop: the
answer is then "not decided in time", said plainly, never a guess. The limit counts the answers it
cut short (`cut_short`), so the command can say in one line that it did.

The limit counts this process's processor time, not the wall clock: on an idle machine the two are
the same, and on a moderately busy one (a CI runner, a laptop compiling) the answers stay what they are
on an idle one instead of turning into "not decided in time" because other programs took the processor.
The wall clock is a backstop only: on a machine so busy that the limit's seconds of processor time
would take far longer to pass, the analysis also stops `WALL_GRACE` seconds of wall-clock time after
the limit, so a person never waits much past it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# Seconds of wall-clock time a limit may run past its processor-time seconds (see the module's doc).
WALL_GRACE = 1.0


def now() -> float:
    """The clock the limits count: this process's processor time, in seconds."""
    return time.process_time()


def wall() -> float:
    """The backstop's clock: seconds of wall-clock time (monotonic)."""
    return time.monotonic()


@dataclass
class Limit:
    """One `time_limit` block: its seconds (None: none of its own) and the answers it cut short."""

    seconds: float | None
    cut: int = 0
    outer: Limit | None = None


_DEADLINE: ContextVar[float | None] = ContextVar("unwinnable_deadline", default=None)
_WALL_DEADLINE: ContextVar[float | None] = ContextVar("unwinnable_wall_deadline", default=None)
_LIMIT: ContextVar[Limit | None] = ContextVar("unwinnable_limit", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[Limit]:
    """Within the block, the analysis stops `seconds` from now (None: no limit; an outer, earlier
    limit stays in force)."""
    deadline = _earlier(_DEADLINE.get(), None if seconds is None else now() + seconds)
    wall_deadline = _earlier(_WALL_DEADLINE.get(), None if seconds is None else wall() + seconds + WALL_GRACE)
    limit = Limit(seconds, outer=_LIMIT.get())
    token, limit_token = _DEADLINE.set(deadline), _LIMIT.set(limit)
    wall_token = _WALL_DEADLINE.set(wall_deadline)
    try:
        yield limit
    finally:
        _WALL_DEADLINE.reset(wall_token)
        _LIMIT.reset(limit_token)
        _DEADLINE.reset(token)


def _earlier(outer: float | None, own: float | None) -> float | None:
    """The deadline in force: the earlier of an outer block's and this block's own (None: none)."""
    if outer is None:
        return own
    return outer if own is None else min(outer, own)


def expired() -> bool:
    """The current limit has passed."""
    deadline, wall_deadline = _DEADLINE.get(), _WALL_DEADLINE.get()
    if deadline is not None and now() >= deadline:
        return True
    return wall_deadline is not None and wall() >= wall_deadline


def remaining() -> float | None:
    """Seconds left under the current limit (None: no limit)."""
    deadline, wall_deadline = _DEADLINE.get(), _WALL_DEADLINE.get()
    if deadline is None:
        return None
    left = deadline - now()
    if wall_deadline is not None:
        left = min(left, wall_deadline - wall())
    return max(0.0, left)


def cut_short() -> None:
    """Count one answer left undecided because the limit passed (in every enclosing block)."""
    limit = _LIMIT.get()
    while limit is not None:
        limit.cut += 1
        limit = limit.outer
