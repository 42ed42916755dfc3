"""Article 6: the chessclock. A flag falls, both flags fall, a player arrives after the default
time (and, in the adjournment guideline, late at resumption)."""

from __future__ import annotations

from extract.arbiter.classify import as_float
from extract.arbiter.rulings.rapid_blitz import supervised
from extract.arbiter.state import Game, opponent
from extract.model.event import Event
from extract.model.payloads import BothFlags, LateArrival
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError


def spend(game: Game, by: Colour, seconds: float) -> bool:
    """Article 6.9 (6.10 in 2001): the time a player uses; a flag that falls loses the game (True)."""
    game.clocks[by] -= seconds
    if game.clocks[by] > 0:
        return False
    lost_on_time(game, by)
    return True


def lost_on_time(game: Game, player: Colour) -> None:
    """Article 6.9 (6.10 in 2001): `player`'s flag fell; in rapid and blitz without adequate
    supervision the opponent claims the win (A.4.3, A.4.c in 2014, B.7 in 2001), whose own "cannot
    checkmate" clause rules where it has one, else Article 6.9's."""
    rules: tuple[str, ...] = ("loss-on-time",)
    if game.ruling.category != "standard" and not supervised(game):
        rules = ("rapid-win-on-time-claim", *rules)
    game.win_unless_cannot_mate(opponent(player), "time", rules)


def on_flag_fall(game: Game, event: Event, by: Colour) -> None:
    """Article 6.9 (6.10 in 2001): the player whose flag fell loses, unless the opponent cannot
    checkmate by any series of legal moves (then the game is drawn)."""
    lost_on_time(game, event.player(by))


def on_both_flags(game: Game, event: Event, by: Colour) -> None:
    """Article 6.11 (2009/2014; 6.12 in 2001), Guideline III.3.1 (2017; 10.3 in 2001): both flags
    down in the last period draw the game, in an earlier period play goes on."""
    period = event.details(BothFlags).period
    if period == "last":
        rules = ("both-flags-fallen-last-period-draw", "quickplay-both-flags-fallen-draw")
        if any(game.law.has(r) for r in rules):
            game.cite(*rules)
            return game.end("1/2-1/2", "both-flags")
    else:
        rules = ("both-flags-fallen-continue", "quickplay-both-flags-fallen-earlier-period")
        if any(game.law.has(r) for r in rules):
            game.ruling.log.append("both flags down in an earlier period: play goes on")
            return None
    raise ScenarioError(f"{game.law.edition} has no provision for both flags down in the {period} period")


def on_late_arrival(game: Game, event: Event, by: Colour) -> None:
    """Article 6.7.1 (6.7 in 2001 and 2014, 6.6.a in 2009): a player later than the default time
    loses; at resumption of an adjourned game, Guideline I.10 (A.10 in 2001, GL.10 in 2009)."""
    arrival = event.details(LateArrival)
    player = event.player(by)
    # From 2014 lateness at resumption is measured against the event's default time.
    resumption = arrival.resumption and "adjourned.late_arrival_minutes" in game.law.parameters
    limit_name = "adjourned.late_arrival_minutes" if resumption else "default_time"
    limit = as_float(game.param(limit_name))
    if arrival.minutes > limit:
        game.cite("default-time")
        game.win_for(opponent(player), "default")
