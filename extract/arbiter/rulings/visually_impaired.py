"""Appendix D (2014 onwards; E in 2009): rules for visually impaired players."""

from __future__ import annotations

from extract.arbiter.classify import as_float
from extract.arbiter.state import Game
from extract.model.event import Event
from extract.model.ruling import Colour


def on_board_check(game: Game, event: Event, by: Colour) -> None:
    """Appendix D.1.1 (D.1.a in 2014, E.1.a in 2009): the special board's minimum size."""
    value = event.value
    spec = value if isinstance(value, dict) else {"cm": value}
    size = as_float(spec.get("cm", 0))
    minimum = as_float(game.param("visually_impaired.board_min_cm"))
    game.ruling.board = "acceptable" if size >= minimum else "too-small"
