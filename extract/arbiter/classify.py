"""Classify a time control (BASE+INC) as standard, rapid or blitz under an edition's own thresholds.

Only extracted parameters are used: rapid.lower/upper_minutes and their inclusiveness,
blitz.upper_minutes and its inclusiveness, and increment.factor (the number of moves the increment
counts for). An edition whose text has no increment formula ignores the increment, and says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

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


Comparator = Literal["less_than", "at_most", "more_than", "at_least"]
Gap = Literal["", "no_rapid", "neither"]


@dataclass(frozen=True)
class Limit:
    """One threshold that places a time control: 'at most 10' (blitz.upper_minutes)."""

    parameter: str
    value: float
    comparator: Comparator


@dataclass(frozen=True)
class Classification:
    edition: str
    category: Category
    minutes: float  # the time the thresholds are compared with
    notes: tuple[str, ...] = field(default_factory=tuple)
    used: dict[str, object] = field(default_factory=dict)
    limits: tuple[Limit, ...] = ()  # the thresholds that place it; the first one's article is cited
    gap: Gap = ""  # why it is unclassified: thresholds missing, or between blitz and rapid


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


def _limit(parameters: dict[str, object], name: str, inclusive: bool, below: bool) -> Limit:
    comparator: Comparator
    if below:
        comparator = "at_most" if inclusive else "less_than"
    else:
        comparator = "at_least" if inclusive else "more_than"
    return Limit(name, as_float(parameters[name]), comparator)


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
    placed = partial(Classification, edition, minutes=minutes, notes=tuple(notes), used=used)
    blitz_upper = parameters.get("blitz.upper_minutes")
    blitz_inclusive = bool(parameters.get("blitz.upper_inclusive"))
    if blitz_upper is not None and within(minutes, as_float(blitz_upper), blitz_inclusive, below=True):
        return placed("blitz", limits=(_limit(parameters, "blitz.upper_minutes", blitz_inclusive, True),))
    lower, upper = parameters.get("rapid.lower_minutes"), parameters.get("rapid.upper_minutes")
    upper_inclusive = bool(parameters.get("rapid.upper_inclusive"))
    if upper is not None and not within(minutes, as_float(upper), upper_inclusive, below=True):
        # beyond rapid's upper bound: standard, whatever else the text lacks
        beyond = _limit(parameters, "rapid.upper_minutes", not upper_inclusive, False)
        return placed("standard", limits=(beyond,))
    if lower is None or upper is None:
        missing = " and ".join(
            words for words, value in (("lower", lower), ("upper", upper)) if value is None
        )
        notes.append(f"{edition} states no rapid {missing} threshold")
        return placed("unclassified", notes=tuple(notes), gap="no_rapid")
    lower_inclusive = bool(parameters.get("rapid.lower_inclusive"))
    if within(minutes, as_float(lower), lower_inclusive, below=False):
        return placed(
            "rapid",
            limits=(
                _limit(parameters, "rapid.lower_minutes", lower_inclusive, False),
                _limit(parameters, "rapid.upper_minutes", upper_inclusive, True),
            ),
        )
    notes.append(f"{minutes:g} minutes is neither blitz nor rapid under {edition}")
    return placed("unclassified", notes=tuple(notes), gap="neither")


@dataclass(frozen=True)
class Band:
    """Every time counted up to `upto` minutes (None: no end), after the band before, ends in one place."""

    upto: float | None
    inclusive: bool
    placed: Classification


def bands(edition: str, parameters: dict[str, object]) -> tuple[Band, ...]:
    """What `classify` answers along the minutes counted, as consecutive bands.

    Made by asking `classify` itself at each threshold and between them, so a reader of the bands
    (the site's page script) looks the answer up instead of classifying a second way.
    """
    thresholds = sorted(
        {as_float(v) for k in _THRESHOLDS if (v := parameters.get(k)) is not None and as_float(v) > 0}
    )

    def at(minutes: float) -> Classification:
        return classify(TimeControl(minutes, 0), edition, parameters)

    steps: list[Band] = []
    below = 0.0
    for threshold in thresholds:
        steps += [Band(threshold, False, at((below + threshold) / 2)), Band(threshold, True, at(threshold))]
        below = threshold
    steps.append(Band(None, False, at(below + 1)))
    merged: list[Band] = []
    for step in steps:
        if merged and _same_place(merged[-1].placed, step.placed):
            merged[-1] = Band(step.upto, step.inclusive, merged[-1].placed)
        else:
            merged.append(step)
    return tuple(merged)


_THRESHOLDS = ("blitz.upper_minutes", "rapid.lower_minutes", "rapid.upper_minutes")


def _same_place(a: Classification, b: Classification) -> bool:
    return (a.category, a.limits, a.gap) == (b.category, b.limits, b.gap)
