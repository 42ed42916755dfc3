"""The arbiter's vocabulary, each word defined once: event names, expected-ruling keys, results,
reasons, outcomes and check statuses (Literal types, with their runtime tuples read off them), and
the Ruling the arbiter hands back (no project imports beyond the model)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypeVar, get_args

from extract.model.scenario import clock_text
from extract.model.vocab import CATEGORIES, Category, checked

Colour = Literal["white", "black"]
COLOURS: tuple[Colour, ...] = get_args(Colour)

# What a scenario's `events` may hold: one event name per event, plus these extras.
EventName = Literal[
    "move",
    "attempt",
    "illegal_move",
    "press_without_move",
    "two_handed_move",
    "promotion_incomplete",
    "draw_offer",
    "draw_accept",
    "draw_claim",
    "flag_fall",
    "both_flags",
    "late_arrival",
    "colours_reversed",
    "setup_claim",
    "electronic_device",
    "quickplay_claim",
    "increment_request",
    "scoresheet_view",
    "board_check",
]
EVENT_NAMES: tuple[EventName, ...] = get_args(EventName)
EventExtra = Literal["by", "spend", "claimed"]
EVENT_EXTRAS: tuple[EventExtra, ...] = get_args(EventExtra)

# What a scenario's `expect` may ask about: the keys of Ruling.as_dict.
ExpectKey = Literal[
    "result",
    "reason",
    "category",
    "clock",
    "illegal_moves",
    "claim",
    "legal",
    "restart",
    "increment",
    "recording",
    "request",
    "board",
]
EXPECT_KEYS: tuple[ExpectKey, ...] = get_args(ExpectKey)

Result = Literal["1-0", "0-1", "1/2-1/2", "*"]
RESULTS: tuple[Result, ...] = get_args(Result)

# Why a game ended, as the arbiter rules it.
Reason = Literal[
    "checkmate",
    "stalemate",
    "dead-position",
    "agreement",
    "illegal-moves",
    "time",
    "default",
    "electronic-device",
    "threefold",
    "fivefold",
    "fifty-moves",
    "seventy-five-moves",
    "both-flags",
    "quickplay-claim",
    "arbiter-must-judge",  # whether a player can still checkmate was not decided: the arbiter judges
]
REASONS: tuple[Reason, ...] = get_args(Reason)

ClaimOutcome = Literal["upheld", "rejected", "not-allowed", "postponed"]
CLAIM_OUTCOMES: tuple[ClaimOutcome, ...] = get_args(ClaimOutcome)
RequestOutcome = Literal["granted", "refused"]
REQUEST_OUTCOMES: tuple[RequestOutcome, ...] = get_args(RequestOutcome)
BoardOutcome = Literal["acceptable", "too-small"]
BOARD_OUTCOMES: tuple[BoardOutcome, ...] = get_args(BoardOutcome)
Recording = Literal["exempt", "required"]
RECORDINGS: tuple[Recording, ...] = get_args(Recording)

# A scenario check: passed, failed, or a ruling reported with nothing to check it against.
CheckStatus = Literal["pass", "FAIL", "ruling"]
# The same on the site, where a check that could not run (an error) is told apart from a failure.
RunStatus = Literal["pass", "fail", "error", "ruling"]


def _per_colour_float() -> dict[Colour, float]:
    return {"white": 0.0, "black": 0.0}


def _per_colour_int() -> dict[Colour, int]:
    return {"white": 0, "black": 0}


@dataclass(frozen=True)
class MateFinding:
    """What the analysis found on "can `colour` checkmate by any series of legal moves?" where a
    ruling turned on it: True with a helpmate (UCI moves), False or None (undecided) with the reason
    in words; `rule` is the rule whose text asks the question, `label` and `quote` the edition's article
    and its words."""

    colour: Colour
    can_checkmate: bool | None
    helpmate: tuple[str, ...]
    why: str
    rule: str
    label: str
    quote: str
    fen: str = ""  # the position asked about

    def as_dict(self) -> dict[str, object]:
        return {
            "colour": self.colour,
            "can_checkmate": self.can_checkmate,
            "helpmate": list(self.helpmate),
            "why": self.why,
            "article": self.label,
            "wording": self.quote,
            "fen": self.fen,
        }


@dataclass
class Ruling:
    """The arbiter's rulings after the events; `used` lists every parameter value consulted."""

    result: Result = "*"
    reason: Reason | None = None
    category: Category = "standard"
    clock: dict[Colour, float] = field(default_factory=_per_colour_float)  # time added or taken
    illegal_moves: dict[Colour, int] = field(default_factory=_per_colour_int)
    claim: ClaimOutcome | None = None
    legal: bool | None = None
    restart: bool = False
    increment: float = 0.0
    recording: dict[Colour, Recording] = field(default_factory=dict)
    request: RequestOutcome | None = None
    board: BoardOutcome | None = None
    used: dict[str, object] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # the rules applied, in order (the edition has each)
    findings: list[MateFinding] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The ruling keyed by ExpectKey, in that order, clocks as text."""
        whole = self.view(EXPECT_KEYS)
        return {key: whole.value(key) for key in EXPECT_KEYS}

    def view(self, keys: Iterable[ExpectKey]) -> RulingView:
        """The ruling on `keys` only, in the form a check compares (clocks as text)."""
        keys = tuple(keys)
        return RulingView(
            keys,
            self.result if "result" in keys else None,
            self.reason if "reason" in keys else None,
            self.category if "category" in keys else None,
            {c: clock_text(v) for c, v in self.clock.items()} if "clock" in keys else {},
            dict(self.illegal_moves) if "illegal_moves" in keys else {},
            self.claim if "claim" in keys else None,
            self.legal if "legal" in keys else None,
            self.restart if "restart" in keys else None,
            self.increment if "increment" in keys else None,
            dict(self.recording) if "recording" in keys else {},
            self.request if "request" in keys else None,
            self.board if "board" in keys else None,
        )


T = TypeVar("T", bound=str)


@dataclass(frozen=True)
class RulingView:
    """Some or all of a ruling's keys, as a scenario expects them or a check compares and reports them
    (clocks as "+2:00" text). `keys` are the ones given, in order; a field not among them is None or
    empty. The fields are named by ExpectKey."""

    keys: tuple[ExpectKey, ...] = ()
    result: Result | None = None
    reason: Reason | None = None
    category: Category | None = None
    clock: dict[Colour, str] = field(default_factory=dict)
    illegal_moves: dict[Colour, int] = field(default_factory=dict)
    claim: ClaimOutcome | None = None
    legal: bool | None = None
    restart: bool | None = None
    increment: float | None = None
    recording: dict[Colour, Recording] = field(default_factory=dict)
    request: RequestOutcome | None = None
    board: BoardOutcome | None = None

    @classmethod
    def of(cls, ruling: Mapping[str, object]) -> RulingView:
        """A ruling mapping (Ruling.as_dict, a scenario's expectation, a check's shown values) as data;
        ValueError for a key or word outside the vocabulary (the scenario loader refuses those)."""
        keys = tuple(checked(k, EXPECT_KEYS, "ruling key") for k in ruling)
        increment = ruling.get("increment")
        return cls(
            keys,
            _word(ruling, "result", RESULTS),
            _word(ruling, "reason", REASONS),
            _word(ruling, "category", CATEGORIES),
            {c: str(v) for c, v in _per_colour(ruling, "clock").items()},
            {c: int(str(v)) for c, v in _per_colour(ruling, "illegal_moves").items()},
            _word(ruling, "claim", CLAIM_OUTCOMES),
            _flag(ruling, "legal"),
            _flag(ruling, "restart"),
            float(increment) if isinstance(increment, int | float) else None,
            {c: checked(v, RECORDINGS, "recording") for c, v in _per_colour(ruling, "recording").items()},
            _word(ruling, "request", REQUEST_OUTCOMES),
            _word(ruling, "board", BOARD_OUTCOMES),
        )

    def value(self, key: ExpectKey) -> object:
        return getattr(self, key)


def _word(ruling: Mapping[str, object], key: str, allowed: tuple[T, ...]) -> T | None:
    value = ruling.get(key)
    return None if value is None else checked(value, allowed, key)


def _flag(ruling: Mapping[str, object], key: str) -> bool | None:
    value = ruling.get(key)
    return None if value is None else bool(value)


def _per_colour(ruling: Mapping[str, object], key: str) -> dict[Colour, object]:
    value = ruling.get(key)
    if not isinstance(value, Mapping):
        return {}
    return {checked(c, COLOURS, "colour"): v for c, v in value.items()}
