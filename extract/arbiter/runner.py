"""Replay one scenario under one edition: setup, then events, then the rulings that depend on the
state they leave (the duty to record moves)."""

from __future__ import annotations

from collections.abc import Iterable

from extract.arbiter.events import apply
from extract.arbiter.law import Law
from extract.arbiter.rulings.conduct import recording_duty
from extract.arbiter.state import Game
from extract.model.event import Event
from extract.model.ruling import Ruling
from extract.model.scenario import Setup


def finish(game: Game) -> Ruling:
    """The ruling after the last event."""
    recording_duty(game)
    return game.ruling


def play_events(game: Game, events: Iterable[Event]) -> None:
    """Apply the events to a started game, in order."""
    for event in events:
        apply(game, event)


def play(game: Game, events: Iterable[Event]) -> Ruling:
    """Apply the events to a started game and return the arbiter's rulings."""
    play_events(game, events)
    return finish(game)


def replay(law: Law, setup: Setup, events: Iterable[Event]) -> Ruling:
    """Run the events of one scenario under one edition and return the arbiter's rulings."""
    return play(Game.start(law, setup), events)
