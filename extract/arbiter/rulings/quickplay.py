"""Quickplay finishes: Article 10 (2001, 2009), Appendix G (2014), Guideline III (2017 onwards).
A player short of time claims a draw or asks for an increment."""

from __future__ import annotations

from extract.arbiter.classify import as_float
from extract.arbiter.state import Game, opponent
from extract.model.event import Event
from extract.model.payloads import QuickplayClaim
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError


def quickplay_applies(game: Game) -> bool:
    """Guideline III.2 (G.2-G.3 in 2014; blitz excluded by Appendix C.4 in 2001, B.3.b in 2009):
    whether the finish applies to this game at all."""
    excluded_in_blitz = game.law.has("blitz-excluded-provisions") or game.law.has("quickplay-finish-scope")
    if game.ruling.category == "blitz" and excluded_in_blitz:
        return False
    if game.law.has("quickplay-finish-announced") and not game.setup.quickplay_finish:
        return False
    return not (game.law.has("quickplay-finish-scope") and game.ruling.increment > 0)


def short_of_time(game: Game, player: Colour) -> bool:
    """Whether the quickplay finish applies and `player` has less than the edition's minutes left."""
    limit = as_float(game.param("quickplay.claim_below_minutes")) * 60
    return quickplay_applies(game) and game.clocks[player] < limit


def on_quickplay_claim(game: Game, event: Event, by: Colour) -> None:
    """Guideline III.5 (G.5 in 2014, Article 10.2 in 2001/2009): a draw claim with less than the
    edition's minutes left is upheld, postponed (time to the opponent) or rejected."""
    player = event.player(by)
    if not short_of_time(game, player):
        game.ruling.claim = "not-allowed"
        return
    outcome = event.details(QuickplayClaim).decision
    game.ruling.claim = outcome
    if outcome == "upheld":
        game.end("1/2-1/2", "quickplay-claim")
    else:
        game.add_time(opponent(player), "quickplay.time_bonus")


def on_increment_request(game: Game, event: Event, by: Colour) -> None:
    """Guideline III.4 (G.4 in 2014): a player short of time may ask for an increment, which the
    opponent's time bonus accompanies."""
    player = event.player(by)
    if not game.law.has("quickplay-increment-request"):
        raise ScenarioError(f"{game.law.edition} has no provision for requesting an increment")
    if not short_of_time(game, player):
        game.ruling.claim = "not-allowed"
        return
    game.ruling.claim = "upheld"
    game.ruling.increment = as_float(game.param("quickplay.increment_seconds"))
    game.add_time(opponent(player), "quickplay.time_bonus")
