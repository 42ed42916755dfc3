"""A helpmate carried over a move: the arbiter asks after every move of a game whether the position is
dead, and a helpmate known for the position before the move usually gives one after it at once.

If the line known started with the move played, the rest of it is a helpmate. Otherwise the move is
undone: the player to move makes a move they can take back, the move played is taken back, then theirs,
and the position before the move stands again (same side to move, castling and en passant rights), so
the known line follows. Only lines; the caller replays each before it says yes (a line that does not
replay is never an answer).
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

MAX_PLIES = 80  # a longer carried line is dropped: a fresh search finds a shorter one
_KEPT = 4096
_LINES: dict[tuple[str, chess.Color], tuple[str, ...]] = {}


def remember(board: chess.Board, colour: chess.Color, line: tuple[str, ...]) -> None:
    """Keep a helpmate found for `colour` in this position."""
    if not line or len(line) > MAX_PLIES:
        return
    if len(_LINES) >= _KEPT:
        _LINES.pop(next(iter(_LINES)))
    _LINES[(board.epd(), colour)] = line


def candidates(board: chess.Board, colour: chess.Color, tries: int = 8) -> Iterator[tuple[str, ...]]:
    """Lines that may be helpmates for `colour` after the last move of `board` (none without one)."""
    if not board.move_stack:
        return
    before = board.copy(stack=1)
    played = before.pop()
    line = _LINES.get((before.epd(), colour))
    if line is None:
        return
    if line[0] == played.uci():
        yield line[1:]
        return
    if len(line) + 3 > MAX_PLIES or before.is_capture(played) or played.promotion:
        return
    if before.piece_type_at(played.from_square) == chess.PAWN or before.is_castling(played):
        return
    back = chess.Move(played.to_square, played.from_square)
    after = board.copy(stack=False)
    target = before._transposition_key()
    for wait in list(after.legal_moves):
        if not tries:
            return
        if after.is_capture(wait) or after.is_castling(wait) or wait.promotion:
            continue
        if after.piece_type_at(wait.from_square) == chess.PAWN:
            continue
        tries -= 1
        if _returns(after, wait, back, target):
            yield (wait.uci(), back.uci(), chess.Move(wait.to_square, wait.from_square).uci(), *line)
            return


def _returns(after: chess.Board, wait: chess.Move, back: chess.Move, target: object) -> bool:
    """Do `wait`, `back` and `wait` undone lead, by legal moves, to the position `target`?"""
    trial = after.copy(stack=False)
    trial.push(wait)
    if back not in trial.legal_moves:
        return False
    trial.push(back)
    undo = chess.Move(wait.to_square, wait.from_square)
    if undo not in trial.legal_moves:
        return False
    trial.push(undo)
    return trial._transposition_key() == target
