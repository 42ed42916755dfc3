"""Articles 5 and 9.6: the game ends by itself after a move (checkmate, stalemate, dead position,
and from 2014 fivefold repetition and seventy-five moves).

Where python-chess encodes one edition's wording and not another's (fivefold repetition), the
ruling follows the edition.
"""

from __future__ import annotations

import chess

from extract.arbiter.classify import as_int
from extract.arbiter.state import Game
from extract.model.ruling import Colour


def automatic_end(game: Game, mover: Colour) -> None:
    """Article 5.1 (checkmate), 5.2 (stalemate, dead position), 9.6 (fivefold, seventy-five moves)."""
    board = game.board
    if board.is_checkmate():
        return game.win_for(mover, "checkmate")
    if board.is_stalemate():
        return game.end("1/2-1/2", "stalemate")
    if board.is_insufficient_material():
        return game.end("1/2-1/2", "dead-position")
    if game.law.has("fivefold-repetition-automatic-draw") and fivefold(game):
        return game.end("1/2-1/2", "fivefold")
    if game.law.has("seventy-five-move-automatic-draw"):
        moves = as_int(game.param("seventyfive_move.moves"))
        if board.halfmove_clock >= 2 * moves:
            return game.end("1/2-1/2", "seventy-five-moves")
    return None


def fivefold(game: Game) -> bool:
    """Article 9.6.1 (9.6.a in 2014): the same position for the fifth time, as the edition counts it."""
    board = game.board
    occurrences = as_int(game.param("repetition.automatic_occurrences"))
    if board.halfmove_clock < 4 * (occurrences - 1):  # too few reversible moves for a repetition
        return False
    if game.law.behaviour.get("fivefold-repetition-automatic-draw") == "consecutive":
        return consecutive_repetitions(board) >= occurrences
    return board.is_repetition(occurrences)


def consecutive_repetitions(board: chess.Board) -> int:
    """How many times the current position stands at the end of an unbroken cycle of alternate moves.

    nb-2014 9.6.a: the same position 'for at least five consecutive alternate moves by each player',
    i.e. it recurs every second move of each player (every four plies) with nothing in between.
    """
    key = board._transposition_key()  # noqa: SLF001 - python-chess's own same-position key
    copy = board.copy()
    count = 1
    while len(copy.move_stack) >= 4:
        for _ in range(4):
            copy.pop()
        if copy._transposition_key() != key:  # noqa: SLF001
            break
        count += 1
    return count
