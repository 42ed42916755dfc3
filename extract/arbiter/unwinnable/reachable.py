"""Every position reachable from this one, searched when there are few: the fallback proof either way.

Breadth first over real positions (python-chess's legal moves, positions told apart by pieces, side to
move, castling and en passant, not by the move counters). A position where the loser is checkmated ends
the search with the line that leads there (a helpmate). A position where the game is over, where the
winner has no mating material left, or where the pawn analysis (`regions`) proves the winner can never
give check, is not followed further. When every position has been followed and none is a checkmate by the
winner, the winner cannot checkmate. Too many positions: no answer.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.regions import abstract, never_mate
from extract.arbiter.unwinnable.tree import Parents, mated_by, reach, unwind


@dataclass(frozen=True)
class Reach:
    """`helpmate` when found; `complete` when every reachable position was searched without one."""

    helpmate: tuple[str, ...] | None
    complete: bool
    positions: int


def search(board: chess.Board, winner: chess.Color, limit: int) -> Reach:
    if limit <= 0:
        return Reach(None, False, 0)
    start = board.copy(stack=False)
    root = start._transposition_key()
    parents: Parents = {root: None}
    boards: deque[chess.Board] = deque([start])
    proved: dict[object, bool] = {}
    while boards:
        position = boards.popleft()
        key = position._transposition_key()
        for move in position.generate_legal_moves():
            structural = position.is_capture(move) or position.piece_type_at(move.from_square) == chess.PAWN
            reached = reach(parents, position, key, move)
            if reached is None:
                continue
            child, child_key = reached
            if mated_by(child, winner):
                return Reach(tuple(m.uci() for m in unwind(parents, child_key)), False, len(parents))
            if len(parents) > limit or (not len(parents) & 255 and expired()):
                return Reach(None, False, len(parents))
            if structural and _hopeless(child, winner, proved):
                continue
            boards.append(child)
    return Reach(None, True, len(parents))


def _hopeless(board: chess.Board, winner: chess.Color, proved: dict[object, bool]) -> bool:
    """The winner has no mating material, or can never give check (memoised by pawn structure)."""
    if board.has_insufficient_material(winner):
        return True
    state = abstract(board)
    if state not in proved:
        proved[state] = never_mate(board, winner, limit=30).never_mate
    return proved[state]
