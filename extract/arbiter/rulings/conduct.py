"""Articles 8, 11 and 12: recording the moves, electronic devices in the playing venue."""

from __future__ import annotations

from extract.arbiter.classify import as_float
from extract.arbiter.state import Game, opponent
from extract.model.event import Event
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError


def on_electronic_device(game: Game, event: Event, by: Colour) -> None:
    """Article 11.3.2.2 (2017), 12.8 (2014; 13.7.b in 2009): a player with an electronic device in
    the playing venue loses the game."""
    if not (game.law.has("electronic-device-loses-game") or game.law.has("mobile-phones-forbidden-to-all")):
        raise ScenarioError(f"{game.law.edition} has no provision on electronic devices")
    game.win_for(opponent(event.player(by)), "electronic-device")


def recording_duty(game: Game) -> None:
    """Article 8.4: a player with less than the edition's minutes left, and no increment of at least
    its seconds, need not record the moves."""
    if game.law.parameters.get("scoresheet.exempt_below_minutes") is None:
        return
    below = as_float(game.param("scoresheet.exempt_below_minutes")) * 60
    for colour, left in game.clocks.items():
        if left >= below:  # time enough: required whatever the increment (its limit is not asked)
            game.ruling.recording[colour] = "required"
            continue
        exempt = game.ruling.increment < as_float(game.param("scoresheet.exempt_increment_seconds"))
        game.ruling.recording[colour] = "exempt" if exempt else "required"
