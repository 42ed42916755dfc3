"""The search tree both searches for a mate keep: each position reached, by its parent and move."""

from __future__ import annotations

import chess

Parents = dict[object, tuple[object, chess.Move] | None]  # position key -> (parent key, move), root None


def reach(
    parents: Parents, position: chess.Board, key: object, move: chess.Move
) -> tuple[chess.Board, object] | None:
    """The position after `move`, recorded in `parents`; None when it was reached before."""
    child = position.copy(stack=False)
    child.push(move)
    child_key = child._transposition_key()
    if child_key in parents:
        return None
    parents[child_key] = (key, move)
    return child, child_key


def mated_by(position: chess.Board, winner: chess.Color) -> bool:
    """`winner` has just checkmated."""
    return position.turn != winner and position.is_check() and not any(position.generate_legal_moves())


def unwind(parents: Parents, key: object) -> list[chess.Move]:
    """The moves from the root to the position `key`."""
    moves = []
    step = parents[key]
    while step is not None:
        key, move = step
        moves.append(move)
        step = parents[key]
    return list(reversed(moves))
