"""Appendix D (2014 onwards; E in 2009): rules for visually impaired players."""

from __future__ import annotations

from extract.arbiter.classify import as_float
from extract.arbiter.state import Game
from extract.model.event import Event
from extract.model.payloads import BoardCheck
from extract.model.ruling import Colour


def on_board_check(game: Game, event: Event, by: Colour) -> None:
    """Appendix D.1.1 (D.1.a in 2014, E.1.a in 2009): the special board's minimum size."""
    size = event.details(BoardCheck).cm
    minimum = as_float(game.param("visually_impaired.board_min_cm"))
    game.ruling.board = "acceptable" if size >= minimum else "too-small"
