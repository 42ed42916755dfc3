"""Appendices A (rapid) and B (blitz), B and C before 2005: whether the Competition Rules apply in
full, the illegal move without adequate supervision, setup claims, looking at a scoresheet."""

from __future__ import annotations

from extract.arbiter.classify import as_int
from extract.arbiter.state import Game
from extract.model.event import Event
from extract.model.ruling import Colour


def supervised(game: Game) -> bool:
    """Appendix A.3.1 / B.3.1 (A.3, B.3 in 2014; A.3, B.2 in 2009): do the Competition Rules apply in
    full (standard play, or rapid/blitz adequately supervised)?"""
    category = game.ruling.category
    if category == "standard":
        return True
    if category == "rapid" and game.law.has("rapid-competition-rules-apply"):
        return game.setup.games_per_arbiter <= as_int(game.param("rapid.max_supervised_games"))
    if category == "blitz" and game.law.has("blitz-competition-rules-apply"):
        return game.setup.games_per_arbiter <= 1  # "one arbiter for one game" (the rule's own wording)
    return False


def unsupervised_illegal_move(game: Game) -> tuple[str | None, str]:
    """Appendix A.4.2 (A.4.b in 2014, A.4.c and B.3.c in 2009, C.3 in 2001): the edition's rapid/blitz
    illegal-move rule and the curated reading of its provision (None, "penalty": no such rule)."""
    rules = (
        ("blitz-illegal-move", "rapid-illegal-move")
        if game.ruling.category == "blitz"
        else ("rapid-illegal-move",)
    )
    for rule in rules:
        if game.law.has(rule) and rule in game.law.behaviour:
            return rule, game.law.behaviour[rule]
    return None, "penalty"


def on_setup_claim(game: Game, event: Event, by: Colour) -> None:
    """Appendix A.4.1 (A.4.a in 2009/2014, B.4 in 2001), for blitz by B.4: claims about the pieces'
    setup, the board's orientation or the clock setting close after a number of moves."""
    limit = as_int(game.param("rapid.moves_before_setup_claims_closed"))
    allowed = min(game.completed_moves().values()) < limit
    game.ruling.claim = "upheld" if allowed else "not-allowed"


def on_scoresheet_view(game: Game, event: Event, by: Colour) -> None:
    """Appendix A.3.2 / B.3.2 (2017): a player may ask to see the opponent's scoresheet, a limited
    number of times."""
    player = event.player(by)
    game.scoresheet_requests[player] += 1
    limit = as_int(game.param("scoresheet_view.max_requests"))
    game.ruling.request = "granted" if game.scoresheet_requests[player] <= limit else "refused"
