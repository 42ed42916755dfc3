"""Events to rulings: the one table that sends each event name to the area of the Laws that rules
on it, and the steps every event shares (whose event, time spent, a game already over)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from extract.arbiter.rulings import clock, conduct, draws, moves, quickplay, rapid_blitz, visually_impaired
from extract.arbiter.state import Game
from extract.model.event import Event
from extract.model.ruling import Colour, EventName
from extract.model.scenario import ScenarioError

Handler = Callable[[Game, Event, Colour], None]

HANDLERS: Mapping[EventName, Handler] = {
    "move": moves.on_move,
    "attempt": moves.on_attempt,
    "illegal_move": moves.on_illegal_move,
    "press_without_move": moves.on_press_without_move,
    "two_handed_move": moves.on_two_handed_move,
    "promotion_incomplete": moves.on_promotion_incomplete,
    "colours_reversed": moves.on_colours_reversed,
    "draw_offer": draws.on_draw_offer,
    "draw_accept": draws.on_draw_accept,
    "draw_claim": draws.on_draw_claim,
    "flag_fall": clock.on_flag_fall,
    "both_flags": clock.on_both_flags,
    "late_arrival": clock.on_late_arrival,
    "electronic_device": conduct.on_electronic_device,
    "quickplay_claim": quickplay.on_quickplay_claim,
    "increment_request": quickplay.on_increment_request,
    "setup_claim": rapid_blitz.on_setup_claim,
    "scoresheet_view": rapid_blitz.on_scoresheet_view,
    "board_check": visually_impaired.on_board_check,
}


def apply(game: Game, event: Event) -> None:
    """One event: by the player to move unless it names one; time spent first (a flag may fall)."""
    by = event.by or game.to_move()
    if game.over():
        raise ScenarioError(
            f"event '{event.name}' after the game ended ({game.ruling.result}, {game.ruling.reason})"
        )
    if event.spend is not None and clock.spend(game, by, event.spend):
        return
    HANDLERS[event.name](game, event, by)
