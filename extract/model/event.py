"""One event of a scenario, typed: what happened, who did it, the clock time it took."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from extract.model.ruling import COLOURS, EVENT_EXTRAS, EVENT_NAMES, Colour, EventName
from extract.model.scenario import ScenarioError, seconds


@dataclass(frozen=True)
class Event:
    """`{illegal_move: e1e3, by: white, spend: "0:30", claimed: false}` as data.

    `value` is what the event name carries as written: SAN or UCI text, a number, or a mapping of
    details (`draw_claim: {ground: threefold, move: Nf3}`). `by` None: the player to move.
    """

    name: EventName
    value: object = None
    by: Colour | None = None
    spend: float | None = None  # seconds the player used before the event
    claimed: bool = True  # whether the opponent claims (illegal moves in unsupervised play)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, object]) -> Event:
        """An event as a scenario writes it; ScenarioError when it names no known event."""
        kind = next((k for k in raw if k not in EVENT_EXTRAS), None)
        name = next((n for n in EVENT_NAMES if n == kind), None)
        if name is None:
            raise ScenarioError(f"unknown event '{kind}'")
        by = raw.get("by") or None
        colour = next((c for c in COLOURS if c == by), None)
        if by is not None and colour is None:
            raise ScenarioError(f"'by: {by}' must be white or black")
        spend = seconds(raw["spend"]) if "spend" in raw else None
        return cls(name, raw[name], colour, spend, bool(raw.get("claimed", True)))

    def player(self, default: Colour) -> Colour:
        """Whom the event concerns: the `by` of its mapping value (`late_arrival: {by: black}`), else
        `default`, the player who made the event."""
        named = self.option("by", default)
        colour = next((c for c in COLOURS if c == named), None)
        if colour is None:
            raise ScenarioError(f"'by: {named}' must be white or black")
        return colour

    def option(self, key: str, default: object = None) -> object:
        """A detail of the event's mapping value (`default` when the value is no mapping)."""
        return self.value.get(key, default) if isinstance(self.value, Mapping) else default


def events_from(raws: list[Mapping[str, object]] | tuple[Mapping[str, object], ...]) -> tuple[Event, ...]:
    return tuple(Event.from_mapping(raw) for raw in raws)
