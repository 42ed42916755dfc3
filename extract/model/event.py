"""One event of a scenario, typed: what happened, who did it, the clock time it took, its details."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from extract.model.payloads import LateArrival, Payload, Player, QuickplayClaim, payload
from extract.model.ruling import COLOURS, EVENT_EXTRAS, EVENT_NAMES, Colour, EventName
from extract.model.scenario import ScenarioError, seconds

P = TypeVar("P", bound=Payload)
EventValue = str | Payload | None


@dataclass(frozen=True)
class Event:
    """`{illegal_move: e1e3, by: white, spend: "0:30", claimed: false}` as data.

    `value` is what the event name carries: SAN or UCI text, the typed details of events that have
    them (model/payloads.py: `draw_claim: {ground: threefold, move: Nf3}` -> DrawClaim), or None.
    `by` None: the player to move.
    """

    name: EventName
    value: EventValue = None
    by: Colour | None = None
    spend: float | None = None  # seconds the player used before the event
    claimed: bool = True  # whether the opponent claims (illegal moves in unsupervised play)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, object]) -> Event:
        """An event as a scenario writes it; ScenarioError when it names no known event or its
        details have unknown, missing or ill-typed keys."""
        kind = next((k for k in raw if k not in EVENT_EXTRAS), None)
        name = next((n for n in EVENT_NAMES if n == kind), None)
        if name is None:
            raise ScenarioError(f"unknown event '{kind}'")
        by = raw.get("by") or None
        colour = next((c for c in COLOURS if c == by), None)
        if by is not None and colour is None:
            raise ScenarioError(f"'by: {by}' must be white or black")
        spend = seconds(raw["spend"]) if "spend" in raw else None
        details = payload(name, raw[name])
        value: EventValue = details if details is not None else None if raw[name] is None else str(raw[name])
        return cls(name, value, colour, spend, bool(raw.get("claimed", True)))

    def details(self, kind: type[P]) -> P:
        """The event's typed details; ScenarioError when it carries none of that kind."""
        if not isinstance(self.value, kind):
            raise ScenarioError(f"event {self.name} carries no {kind.__name__} details")
        return self.value

    def player(self, default: Colour) -> Colour:
        """Whom the event concerns: the `by` of its details (`late_arrival: {by: black}`), else
        `default`, the player who made the event."""
        named = self.value.by if isinstance(self.value, Player | LateArrival | QuickplayClaim) else None
        return named or default
