"""Classify a time control (BASE+INC) as standard, rapid or blitz under an edition's own thresholds.

Only extracted parameters are used: rapid.lower/upper_minutes and their inclusiveness,
blitz.upper_minutes and its inclusiveness, and increment.factor (the number of moves the increment
counts for). An edition whose text has no increment formula ignores the increment, and says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from extract.model.scenario import ScenarioError, amount_text, decimals_problem, time_control_problem
from extract.model.vocab import Category

_NUMBER = r"(\d+(?:\.\d+)?)"
_CONTROL = re.compile(rf"\s*{_NUMBER}\s*(?:\+\s*{_NUMBER})?\s*", re.ASCII)


@dataclass(frozen=True)
class TimeControl:
    base_minutes: float
    increment_seconds: float

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """ "15+10" (minutes + seconds per move), "90+30", "12" (no increment).

        ASCII digits only: digits of other scripts are refused rather than read. A control that
        gives no time (0+0) or absurd amounts is refused too, never classified.
        """
        match = _CONTROL.fullmatch(text)
        if not match:
            raise ValueError(
                f"'{text}' is not a time control; write minutes+seconds in ASCII digits, e.g. 15+10 or 3+2"
            )
        control = cls(float(match.group(1)), float(match.group(2) or 0))
        problem = decimals_problem(text) or time_control_problem(
            control.base_minutes, control.increment_seconds
        )
        if problem:
            raise ValueError(
                f"time control '{text}' {problem}"
                if problem.startswith("gives")
                else f"time control '{text}': {problem}"
            )
        return control

    def __str__(self) -> str:
        return f"{amount_text(self.base_minutes)}+{amount_text(self.increment_seconds)}"


@dataclass(frozen=True)
class Classification:
    edition: str
    category: Category
    minutes: float  # the time the thresholds are compared with
    notes: tuple[str, ...] = field(default_factory=tuple)
    used: dict[str, object] = field(default_factory=dict)


def as_int(value: object) -> int:
    """A parameter used as a count (moves, occurrences, requests)."""
    if isinstance(value, int | float | str):
        return int(value)
    raise ScenarioError(f"expected a number, found {value!r}")


def as_float(value: object) -> float:
    """A parameter used as an amount (minutes, seconds, centimetres)."""
    if isinstance(value, int | float | str):
        return float(value)
    raise ScenarioError(f"expected a number, found {value!r}")


def within(value: float, limit: float, inclusive: bool, below: bool) -> bool:
    if value == limit:
        return inclusive
    return value < limit if below else value > limit


def classify(control: TimeControl, edition: str, parameters: dict[str, object]) -> Classification:
    """The category of a time control under one edition's extracted parameters."""
    notes: list[str] = []
    used = {k: v for k, v in parameters.items() if k.startswith(("rapid.", "blitz.upper", "increment."))}
    factor = parameters.get("increment.factor")
    minutes = control.base_minutes
    if control.increment_seconds:
        if factor is None:
            notes.append(f"{edition} has no increment formula: the increment is ignored")
        else:
            minutes += as_float(factor) * control.increment_seconds / 60
    blitz_upper = parameters.get("blitz.upper_minutes")
    if blitz_upper is not None and within(
        minutes,
        as_float(blitz_upper),
        bool(parameters.get("blitz.upper_inclusive")),
        below=True,
    ):
        return Classification(edition, "blitz", minutes, tuple(notes), used)
    lower, upper = parameters.get("rapid.lower_minutes"), parameters.get("rapid.upper_minutes")
    below_upper = upper is None or within(
        minutes, as_float(upper), bool(parameters.get("rapid.upper_inclusive")), below=True
    )
    if not below_upper:  # beyond rapid's upper bound: standard, whatever else the text lacks
        return Classification(edition, "standard", minutes, tuple(notes), used)
    if lower is None or upper is None:
        missing = " and ".join(
            words for words, value in (("lower", lower), ("upper", upper)) if value is None
        )
        notes.append(f"{edition} states no rapid {missing} threshold")
        return Classification(edition, "unclassified", minutes, tuple(notes), used)
    above_lower = within(minutes, as_float(lower), bool(parameters.get("rapid.lower_inclusive")), below=False)
    if above_lower:
        return Classification(edition, "rapid", minutes, tuple(notes), used)
    notes.append(f"{minutes:g} minutes is neither blitz nor rapid under {edition}")
    return Classification(edition, "unclassified", minutes, tuple(notes), used)
