"""The details an event may carry as a mapping (`draw_claim: {ground: threefold, move: Nf3}`), typed:
one frozen dataclass per kind, built and checked once where a scenario is read, so the arbiter reads
fields, never string keys. Each `parse` raises ScenarioError naming the event and the bad key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Literal, TypeVar, get_args

from extract.model.ruling import COLOURS, Colour, EventName
from extract.model.scenario import ScenarioError

DrawGround = Literal["threefold", "fifty-moves"]
DRAW_GROUNDS: tuple[DrawGround, ...] = get_args(DrawGround)
FlagPeriod = Literal["last", "earlier"]
FLAG_PERIODS: tuple[FlagPeriod, ...] = get_args(FlagPeriod)
# What the arbiter may decide on a quickplay claim.
QuickplayDecision = Literal["upheld", "postponed", "rejected"]
QUICKPLAY_DECISIONS: tuple[QuickplayDecision, ...] = get_args(QuickplayDecision)

T = TypeVar("T")


@dataclass(frozen=True)
class Player:
    """`{by: black}`: whom the event concerns; None: the player who made it."""

    by: Colour | None = None

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> Player:
        return cls(_colour(name, raw))


@dataclass(frozen=True)
class DrawClaim:
    """`{ground: threefold|fifty-moves, move: SAN?}`; `move` is the written, unplayed move."""

    ground: DrawGround
    move: str | None = None

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> DrawClaim:
        ground = _choice(raw["ground"], DRAW_GROUNDS, f"draw_claim ground '{raw['ground']}'")
        move = raw.get("move")
        return cls(ground, None if move is None else str(move))


@dataclass(frozen=True)
class BothFlags:
    """`{period: last|earlier}`: both flags down, in the last period or an earlier one."""

    period: FlagPeriod = "last"

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> BothFlags:
        period = raw.get("period", "last")
        return cls(_choice(period, FLAG_PERIODS, f"both_flags period '{period}'"))


@dataclass(frozen=True)
class LateArrival:
    """`{by, minutes, resumption: false}`: minutes late, at the start or at an adjourned game's resumption."""

    minutes: float
    by: Colour | None = None
    resumption: bool = False

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> LateArrival:
        return cls(_number(name, raw, "minutes"), _colour(name, raw), _flag(name, raw, "resumption"))


@dataclass(frozen=True)
class QuickplayClaim:
    """`{by, decision: upheld|postponed|rejected}`: a draw claim short of time, and the arbiter's decision."""

    by: Colour | None = None
    decision: QuickplayDecision = "postponed"

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> QuickplayClaim:
        decision = raw.get("decision", "postponed")
        outcome = _choice(decision, QUICKPLAY_DECISIONS, f"quickplay decision '{decision}'")
        return cls(_colour(name, raw), outcome)


@dataclass(frozen=True)
class BoardCheck:
    """`{cm}`: the side of a board for a visually impaired player."""

    cm: float

    @classmethod
    def parse(cls, name: EventName, raw: Mapping[str, object]) -> BoardCheck:
        return cls(_number(name, raw, "cm"))


Payload = Player | DrawClaim | BothFlags | LateArrival | QuickplayClaim | BoardCheck

# The events whose value is a mapping of details, and the key a bare value stands for (`board_check: 40`).
PAYLOADS: Mapping[EventName, tuple[type[Payload], str | None]] = {
    "flag_fall": (Player, None),
    "electronic_device": (Player, None),
    "setup_claim": (Player, None),
    "increment_request": (Player, None),
    "scoresheet_view": (Player, None),
    "draw_claim": (DrawClaim, "ground"),
    "both_flags": (BothFlags, "period"),
    "late_arrival": (LateArrival, None),
    "quickplay_claim": (QuickplayClaim, None),
    "board_check": (BoardCheck, "cm"),
}


def payload(name: EventName, value: object) -> Payload | None:
    """The typed details of an event of `name`, or None for an event that carries none."""
    if name not in PAYLOADS:
        return None
    kind, bare = PAYLOADS[name]
    keys = [f.name for f in fields(kind)]
    if value is None:
        raw: Mapping[str, object] = {}
    elif isinstance(value, Mapping):
        raw = {str(k): v for k, v in value.items()}
    elif bare is not None:
        raw = {bare: value}
    else:
        raise ScenarioError(f"event {name}: expected a mapping of {', '.join(keys)}, found {value!r}")
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise ScenarioError(f"event {name}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(keys)}")
    required = [f.name for f in fields(kind) if f.default is MISSING]
    missing = [k for k in required if k not in raw]
    if missing:
        raise ScenarioError(f"event {name}: missing key(s) {', '.join(missing)}")
    return kind.parse(name, raw)


def _choice(value: object, allowed: tuple[T, ...], what: str) -> T:
    for member in allowed:
        if value == member:
            return member
    *head, last = [str(a) for a in allowed]
    raise ScenarioError(f"{what} must be {', '.join(head)} or {last}")


def _colour(name: EventName, raw: Mapping[str, object]) -> Colour | None:
    by = raw.get("by")
    if by is None:
        return None
    colour = next((c for c in COLOURS if c == by), None)
    if colour is None:
        raise ScenarioError(f"event {name}: 'by: {by}' must be white or black")
    return colour


def _number(name: EventName, raw: Mapping[str, object], key: str) -> float:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScenarioError(f"event {name}: {key} must be a number, found {value!r}")
    return float(value)


def _flag(name: EventName, raw: Mapping[str, object], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ScenarioError(f"event {name}: {key} must be true or false, found {value!r}")
    return value
