"""What a scenario is made of: a setup, clock and time-control values, results (no project imports)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class ScenarioError(Exception):
    """The scenario itself is inconsistent (an illegal 'move', a legal 'illegal_move', a missing value)."""


def seconds(value: object) -> float:
    """'1:30:00', '5:00', '+2:00', '-0:30', 90 -> seconds."""
    if isinstance(value, int | float):
        return float(value)
    text = str(value).strip()
    sign = -1.0 if text.startswith("-") else 1.0
    parts = text.lstrip("+-").split(":")
    if not all(re.fullmatch(r"\d+(?:\.\d+)?", p) for p in parts) or len(parts) > 3:
        raise ScenarioError(f"'{value}' is not a time (h:mm:ss, m:ss or seconds)")
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


def parse_time_control(text: str) -> tuple[Period, ...]:
    """'90+30', '40/90+30, 30+30', '15' -> periods (moves, minutes, increment seconds)."""
    periods = []
    for part in str(text).split(","):
        match = re.fullmatch(r"\s*(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?\s*", part)
        if not match:
            raise ScenarioError(f"'{text}' is not a time control (e.g. 90+30 or 40/90+30, 30+30)")
        moves, minutes, increment = match.groups()
        periods.append(Period(int(moves) if moves else None, float(minutes), float(increment or 0)))
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
