"""The time limit of the commands that ask whether a player can still checkmate (`ruling`, `check`,
`show`): a limit in seconds of processor time the analysis honours (extract/arbiter/unwinnable/
clock.py), so no input keeps a person waiting. A question left when it passes is answered "not
decided in time" and the arbiter must judge; one line on stderr says how many the limit cut short."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

# Seconds from the start of the command: with start-up, reading the KB and writing the answer, a
# command stays well inside 30 s on a busy machine (tools/adversarial_inputs.py measures it).
DEFAULT_SECONDS = 20.0


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not math.isfinite(value) or value < 0:
        raise click.BadParameter(f"{value:g} is not a number of seconds (0 or more; 0: no limit)")
    return value


def time_limit_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--time-limit SECONDS on a command whose answers may turn on the checkmate analysis; the limit
    runs from the start of the command (reading the KB and the scenarios included)."""

    @functools.wraps(command)
    def within_limit(*args: Any, time_limit: float, **kwargs: Any) -> Any:
        with limited(time_limit):
            return command(*args, **kwargs)

    option = click.option(
        "--time-limit",
        "time_limit",
        type=float,
        default=DEFAULT_SECONDS,
        show_default=True,
        metavar="SECONDS",
        callback=_seconds,
        help="Stop the analysis of whether a player can still checkmate after this many seconds of "
        "processor time from the start of the command (the wall-clock time on an idle machine; on a very "
        "busy one, at most 1 s more of wall-clock time); a "
        "question left then is answered 'not decided in time' and the arbiter must judge (one line on "
        "stderr says so). 0: no limit.",
    )
    decorated: Callable[..., Any] = option(within_limit)
    return decorated


@contextmanager
def limited(seconds: float) -> Iterator[None]:
    """Run the block under the limit (0: none); afterwards (an answer given, exit 0 or 1), one warning
    line if the limit cut answers short."""
    from extract.arbiter.unwinnable.clock import time_limit

    with time_limit(seconds or None) as limit:
        try:
            yield
        except SystemExit:
            say_cut_short(seconds, limit.cut)
            raise
        say_cut_short(seconds, limit.cut)


def say_cut_short(seconds: float, cut: int, zero_is_no_limit: bool = True) -> None:
    """One warning line on stderr when the limit left `cut` questions undecided (none when 0)."""
    if cut:
        many = cut != 1
        click.echo(
            f"chesslaws: warning: the time limit ({seconds:g} s) ran out: {cut} question{'s' * many} "
            f"whether a player can still checkmate {'were' if many else 'was'} not decided in time; where "
            "a ruling turns on one, the arbiter must judge (--time-limit SECONDS allows more"
            + ("; 0: no limit)" if zero_is_no_limit else ")"),
            err=True,
        )
