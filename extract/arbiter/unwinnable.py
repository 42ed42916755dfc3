"""Can a colour still checkmate "by any possible series of legal moves"? (Art. 6.9, 5.2.2, 7.5.5, A.4/A.5.)

The one answer the arbiter model and `chesslaws position` share: `True` with a helpmate (UCI moves
that python-chess replays to checkmate by that colour), `False` with the reason in words, or `None`
when the search budget ran out (said plainly, never guessed).

Interface stub: today a material count; the exact analysis replaces the body, not the signature.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess

DEFAULT_BUDGET = 200_000


@dataclass(frozen=True)
class Mateability:
    """Whether one colour can still checkmate, with the proof or the reason."""

    can_checkmate: bool | None
    helpmate: tuple[str, ...] = field(default=())
    reason: str = ""
    nodes: int = 0


def can_checkmate(board: chess.Board, colour: chess.Color, budget: int = DEFAULT_BUDGET) -> Mateability:
    """Whether `colour` can checkmate in `board` by some series of legal moves."""
    if board.has_insufficient_material(colour):
        return Mateability(False, reason="not enough material to checkmate")
    return Mateability(None, reason="not decided: the exact analysis is not built yet")


def is_dead(board: chess.Board, budget: int = DEFAULT_BUDGET) -> bool | None:
    """Article 5.2.2: neither player can checkmate by any series of legal moves (None: undecided)."""
    answers = [can_checkmate(board, colour, budget).can_checkmate for colour in chess.COLORS]
    if any(answers):
        return False
    if all(answer is False for answer in answers):
        return True
    return None
