"""What a scenario is made of: a setup, clock and time-control values (no project imports)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field


class ScenarioError(Exception):
    """The scenario itself is inconsistent (an illegal 'move', a legal 'illegal_move', a missing value)."""


def seconds(value: object) -> float:
    """'1:30:00', '5:00', '+2:00', '-0:30', 90 -> seconds.

    Minutes and seconds after the first part are below 60 (`1:75:99` is no time); NaN and
    infinity are no time either."""
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise ScenarioError(f"'{value}' is not a time (h:mm:ss, m:ss or seconds)")
        return float(value)
    text = str(value).strip()
    sign = -1.0 if text.startswith("-") else 1.0
    parts = text.lstrip("+-").split(":")
    if not all(re.fullmatch(r"\d+(?:\.\d+)?", p, re.ASCII) for p in parts) or len(parts) > 3:
        raise ScenarioError(f"'{value}' is not a time (h:mm:ss, m:ss or seconds)")
    if any(float(part) >= 60 for part in parts[1:]):
        raise ScenarioError(f"'{value}' is not a time: minutes and seconds after a ':' are below 60")
    total = 0.0
    for part in parts:
        total = total * 60 + float(part)
    return sign * total


def clock_text(value: float) -> str:
    sign = "-" if value < 0 else "+"
    value = abs(value)
    return f"{sign}{int(value // 60)}:{int(value % 60):02d}"


@dataclass(frozen=True)
class Period:
    moves: int | None
    minutes: float
    increment: float


# Beyond these a time control is a typo, not a game: a week of thinking time, an hour per move.
MAX_MINUTES = 10_000
MAX_INCREMENT_SECONDS = 3_600
MAX_PERIOD_MOVES = 1_000
_NUMBER = r"\d+(?:\.\d+)?"
_PERIOD = re.compile(rf"\s*(?:(\d+)/)?({_NUMBER})(?:\s*\+\s*({_NUMBER}))?\s*", re.ASCII)


MAX_DECIMALS = 2  # 59.99999999 minutes is a typo for 60 (or for 59.99), not a time control
_DECIMALS = re.compile(rf"\.\d{{{MAX_DECIMALS + 1},}}")


def decimals_problem(text: str) -> str | None:
    """Why the numbers of a time control are written more finely than a clock is set, or None."""
    if _DECIMALS.search(text):
        return f"write minutes and seconds with at most {MAX_DECIMALS} decimals"
    return None


def amount_text(value: float) -> str:
    """A number of minutes or seconds as a person writes it: 60, 1.5, 123456.25 (never 1e-07)."""
    return f"{value:.{MAX_DECIMALS}f}".rstrip("0").rstrip(".")


def time_control_problem(minutes: float, increment: float, moves: int | None = None) -> str | None:
    """Why a period is no time control a game could be played with, or None."""
    if minutes == 0 and increment == 0:
        return "gives no time at all (0 minutes and no increment)"
    if minutes > MAX_MINUTES:
        return f"{amount_text(minutes)} minutes is more than {MAX_MINUTES} (about a week)"
    if increment > MAX_INCREMENT_SECONDS:
        return f"an increment of {amount_text(increment)} s is more than {MAX_INCREMENT_SECONDS} s per move"
    if moves is not None and not 1 <= moves <= MAX_PERIOD_MOVES:
        return f"a period of {moves} moves is not between 1 and {MAX_PERIOD_MOVES}"
    return None


def parse_time_control(text: str) -> tuple[Period, ...]:
    """'90+30', '40/90+30, 30+30', '15' -> periods (moves, minutes, increment seconds).

    Digits are ASCII only (other scripts' digits are refused, not read); absurd values are refused.
    """
    periods = []
    for part in str(text).split(","):
        match = _PERIOD.fullmatch(part)
        if not match:
            raise ScenarioError(f"'{text}' is not a time control (e.g. 90+30 or 40/90+30, 30+30)")
        moves, minutes, increment = match.groups()
        if decimals_problem(part):
            raise ScenarioError(f"time control '{text}': {decimals_problem(part)}")
        period = Period(int(moves) if moves else None, float(minutes), float(increment or 0))
        problem = time_control_problem(period.minutes, period.increment, period.moves)
        if problem:
            raise ScenarioError(f"time control '{text}': {problem}")
        periods.append(period)
    return tuple(periods)


@dataclass(frozen=True)
class Setup:
    fen: str | None = None
    moves: tuple[str, ...] = ()
    time_control: str = "90+30"
    clocks: dict[str, object] = field(default_factory=dict)
    games_per_arbiter: int = 1
    arbiter_present: bool = True
    quickplay_finish: bool = False
    regulations: dict[str, object] = field(default_factory=dict)


def san_moves(text: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """'1. e4 e5 2. Nf3' or a list -> SAN tokens without move numbers."""
    tokens = text.split() if isinstance(text, str) else [str(t) for t in text]
    return tuple(t for t in tokens if not re.fullmatch(r"\d+\.+", t))
