"""Articles 5 and 9.6: the game ends by itself after a move (checkmate, stalemate, dead position,
and from 2014 fivefold repetition and seventy-five moves).

Where python-chess encodes one edition's wording and not another's (fivefold repetition), the
ruling follows the edition.
"""

from __future__ import annotations

import chess

from extract.arbiter.classify import as_int
from extract.arbiter.state import RULING_BUDGET, SIDES, Game
from extract.arbiter.unwinnable import Mateability
from extract.model.ruling import COLOURS, Colour

# Article 5.2.2 (5.2.b before 2017) and its restatement in 9.6 (9.7 in 2014): the dead position.
DEAD_POSITION_RULES = ("dead-position-ends-game", "dead-position-draw-restated")
# A first, short look at both colours: in a live position one of them usually shows a mate at once,
# where the other's may take the whole budget to find.
QUICK_BUDGET = 2_000


def automatic_end(game: Game, mover: Colour) -> None:
    """Article 5.1 (checkmate), 5.2 (stalemate, dead position), 9.6 (fivefold, seventy-five moves)."""
    board = game.board
    if board.is_checkmate():
        game.cite("checkmate-ends-game")
        return game.win_for(mover, "checkmate")
    if board.is_stalemate():
        game.cite("stalemate-draw")
        return game.end("1/2-1/2", "stalemate")
    dead = dead_position(game)
    if dead:
        return game.end("1/2-1/2", "dead-position")
    if game.law.has("fivefold-repetition-automatic-draw") and fivefold(game):
        game.cite("fivefold-repetition-automatic-draw")
        return game.end("1/2-1/2", "fivefold")
    if game.law.has("seventy-five-move-automatic-draw"):
        moves = as_int(game.param("seventyfive_move.moves"))
        if board.halfmove_clock >= 2 * moves:
            game.cite("seventy-five-move-automatic-draw")
            return game.end("1/2-1/2", "seventy-five-moves")
    if dead is None:
        return game.must_judge()
    return None


def dead_position(game: Game) -> bool | None:
    """Article 5.2.2: can neither player checkmate by any series of legal moves? (None: undecided.)

    Both colours get a short look first, then the full budget: the first proof of a mate ends the
    question (not dead). A dead or undecided position keeps both answers in the ruling, with the
    edition's clause."""
    clause = game.mate_clause(DEAD_POSITION_RULES)
    if clause is None:  # the edition has no dead-position rule
        return False
    if any(game.carried(colour) is not None for colour in COLOURS):
        return False  # a helpmate known before the move still leads to mate after it
    # The side with more material first: it usually shows a mate at once, and one mate is enough.
    order = sorted(COLOURS, key=lambda colour: -_material(game.board, SIDES[colour]))
    answers: dict[Colour, Mateability] = {}
    for budget in (QUICK_BUDGET, RULING_BUDGET):
        for colour in order:
            if colour not in answers or answers[colour].can_checkmate is None:
                answers[colour] = game.analyse(colour, budget)
            if answers[colour].can_checkmate:
                return False
    game.cite(*DEAD_POSITION_RULES)
    for colour in COLOURS:  # recorded White first, whichever was asked first
        game.record(colour, answers[colour], clause)
    return None if any(a.can_checkmate is None for a in answers.values()) else True


def _material(board: chess.Board, side: chess.Color) -> int:
    return sum(
        value * chess.popcount(board.pieces_mask(piece, side))
        for piece, value in (
            (chess.PAWN, 1),
            (chess.KNIGHT, 3),
            (chess.BISHOP, 3),
            (chess.ROOK, 5),
            (chess.QUEEN, 9),
        )
    )


def fivefold(game: Game) -> bool:
    """Article 9.6.1 (9.6.a in 2014): the same position for the fifth time, as the edition counts it."""
    board = game.board
    if board.halfmove_clock < 4 or not repeated(board, 2):
        return False  # a position standing for the first time: no count of repetitions is asked
    occurrences = as_int(game.param("repetition.automatic_occurrences"))
    if board.halfmove_clock < 4 * (occurrences - 1):  # too few reversible moves for a repetition
        return False
    if game.law.behaviour.get("fivefold-repetition-automatic-draw") == "consecutive":
        return consecutive_repetitions(board, occurrences) >= occurrences
    return repeated(board, occurrences)


def repeated(board: chess.Board, times: int) -> bool:
    """The current position has stood on the board `times` times (python-chess's same-position key;
    `board.is_repetition`), looking back only over the moves since the last capture or pawn move: no
    earlier position can be the same, and a long game must not cost its whole length at every move."""
    reversible = min(board.halfmove_clock, len(board.move_stack))
    if not reversible:
        return times <= 1
    states = board._stack[-reversible:]  # noqa: SLF001 - as python-chess's own first, cheap pass
    if sum(state.occupied == board.occupied for state in states) + 1 < times:
        return False
    copy = board.copy(stack=reversible)
    key = copy._transposition_key()  # noqa: SLF001 - python-chess's own same-position key
    count = 1
    while copy.move_stack and count < times:
        copy.pop()
        count += copy._transposition_key() == key  # noqa: SLF001
    return count >= times


def consecutive_repetitions(board: chess.Board, enough: int) -> int:
    """How many times (up to `enough`) the current position stands at the end of an unbroken cycle of
    alternate moves.

    nb-2014 9.6.a: the same position 'for at least five consecutive alternate moves by each player',
    i.e. it recurs every second move of each player (every four plies) with nothing in between.
    """
    key = board._transposition_key()  # noqa: SLF001 - python-chess's own same-position key
    copy = board.copy(stack=4 * (enough - 1))
    count = 1
    while len(copy.move_stack) >= 4:
        for _ in range(4):
            copy.pop()
        if copy._transposition_key() != key:  # noqa: SLF001
            break
        count += 1
    return count
