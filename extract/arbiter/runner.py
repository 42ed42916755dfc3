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


def play_events(game: Game, events: Iterable[Event]) -> int:
    """Apply the events to a started game, in order. Where the command's time limit cut an answer
    short and play stopped there for the arbiter, the later events are not ruled: how many is
    returned (and said in the log)."""
    events = list(events)
    for number, event in enumerate(events):
        if game.stopped_by_time_limit():
            left = len(events) - number
            game.ruling.log.append(f"time limit: the {left} later event{'s' * (left != 1)} not ruled")
            return left
        apply(game, event)
    return 0


def play(game: Game, events: Iterable[Event]) -> Ruling:
    """Apply the events to a started game and return the arbiter's rulings."""
    play_events(game, events)
    return finish(game)


def replay(law: Law, setup: Setup, events: Iterable[Event]) -> Ruling:
    """Run the events of one scenario under one edition and return the arbiter's rulings."""
    return play(Game.start(law, setup), events)
