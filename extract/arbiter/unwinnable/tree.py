"""The search tree both searches for a mate keep: each position reached, by its parent and move."""

from __future__ import annotations

import heapq
from collections.abc import Callable

import chess

from extract.arbiter.unwinnable.clock import expired

_SQUARES = chess.BB_SQUARES
Parents = dict[object, tuple[object, chess.Move] | None]  # position key -> (parent key, move), root None


def reach(
    parents: Parents, position: chess.Board, key: object, move: chess.Move
) -> tuple[chess.Board, object] | None:
    """The position after `move`, recorded in `parents`; None when it was reached before."""
    child, child_key = played(position, move)
    if child_key in parents:
        return None
    parents[child_key] = (key, move)
    return child, child_key


def played(position: chess.Board, move: chess.Move) -> tuple[chess.Board, object]:
    """The position after the pseudo-legal `move` and its transposition key, `position` left alone.

    The move is made on the bitboards directly, as python-chess's `push` makes it, at a third of its
    cost (no move stack); castling, en passant and a king moving onto its own rook (Chess960) go
    through `push` (tests/test_unwinnable_speed.py compares the two on every move of many positions)."""
    origin, target = move.from_square, move.to_square
    start, end = _SQUARES[origin], _SQUARES[target]
    turn = position.turn
    own, other = position.occupied_co[turn], position.occupied_co[not turn]
    pawn, king = start & position.pawns, start & position.kings
    if end & own or (king and target - origin in (2, -2)) or (pawn and target == position.ep_square):
        child = bare_copy(position)
        child.push(move)
        return child, child._transposition_key()  # noqa: SLF001
    child = object.__new__(type(position))
    moved = start | end
    pawns, knights, bishops = position.pawns & ~moved, position.knights & ~moved, position.bishops & ~moved
    rooks, queens, kings = position.rooks & ~moved, position.queens & ~moved, position.kings & ~moved
    placed = move.promotion or (
        chess.PAWN if pawn else chess.KING if king else position.piece_type_at(origin)
    )
    if placed == chess.PAWN:
        pawns |= end
    elif placed == chess.KING:
        kings |= end
    elif placed == chess.KNIGHT:
        knights |= end
    elif placed == chess.BISHOP:
        bishops |= end
    elif placed == chess.ROOK:
        rooks |= end
    else:
        queens |= end
    capture = end & other
    own, other = (own & ~start) | end, other & ~end
    white, black = (own, other) if turn else (other, own)
    rights = position.castling_rights
    if rights:
        rights = position.clean_castling_rights() & ~moved
        if king:
            rights &= ~(chess.BB_RANK_1 if turn else chess.BB_RANK_8)
    promoted = position.promoted
    if promoted or move.promotion:
        promoted = (promoted & ~moved) | (end if promoted & start or move.promotion else 0)
    child.occupied_co = [black, white]
    child.pawns, child.knights, child.bishops = pawns, knights, bishops
    child.rooks, child.queens, child.kings = rooks, queens, kings
    child.promoted, child.occupied, child.chess960 = promoted, white | black, position.chess960
    ep = (origin + target) // 2 if pawn and target - origin in (16, -16) else None
    child.ep_square, child.move_stack, child._stack = ep, [], []  # noqa: SLF001
    child.turn, child.castling_rights = not turn, rights
    child.halfmove_clock = 0 if capture or pawn else position.halfmove_clock + 1
    child.fullmove_number = position.fullmove_number + (not turn)
    if ep is not None and not child.has_legal_en_passant():
        ep = None
    return child, (pawns, knights, bishops, rooks, queens, kings, white, black, not turn, rights, ep)


def ranked_search(
    board: chess.Board,
    winner: chess.Color,
    budget: int,
    rank: Callable[[chess.Board, int], int],
    longest: int | None = None,
) -> tuple[list[chess.Move] | None, int]:
    """Best-first for a checkmate by `winner`: the position with the lowest `rank(position, half-moves
    played)` expanded first, no line longer than `longest`; the mate found (None: none within `budget`
    positions or the time limit) and the positions reached."""
    start = board.copy(stack=False)
    root = start._transposition_key()  # noqa: SLF001
    parents: Parents = {root: None}
    queue: list[tuple[int, int, chess.Board, object, int]] = [(0, 0, start, root, 0)]
    counter = 0
    while queue and len(parents) < budget:
        if not len(parents) & 255 and expired():
            break
        _, _, position, key, depth = heapq.heappop(queue)
        if longest is not None and depth >= longest:
            continue
        for move in position.generate_legal_moves():
            reached = reach(parents, position, key, move)
            if reached is None:
                continue
            child, child_key = reached
            if mated_by(child, winner):
                return unwind(parents, child_key), len(parents)
            counter += 1
            heapq.heappush(queue, (rank(child, depth + 1), counter, child, child_key, depth + 1))
    return None, len(parents)


def bare_copy(board: chess.Board) -> chess.Board:
    """`board.copy(stack=False)` without python-chess's `Board()` set-up (a tenth of a search step): the
    same fields, set in the order `Board()` sets them (tests/test_unwinnable_speed.py checks both)."""
    child = object.__new__(type(board))
    child.occupied_co = board.occupied_co.copy()
    child.pawns, child.knights, child.bishops = board.pawns, board.knights, board.bishops
    child.rooks, child.queens, child.kings = board.rooks, board.queens, board.kings
    child.promoted, child.occupied, child.chess960 = board.promoted, board.occupied, board.chess960
    child.ep_square, child.move_stack, child._stack = board.ep_square, [], []
    child.turn, child.castling_rights = board.turn, board.castling_rights
    child.halfmove_clock, child.fullmove_number = board.halfmove_clock, board.fullmove_number
    return child


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


def shortened(board: chess.Board, line: list[str]) -> list[str]:
    """The line with its detours cut: from each position it passes, the one move that reaches the
    furthest later position of the line (same pieces, side to move and rights), so the rest of the line
    follows unchanged and still mates. The line is made on the bitboards (`played`), not checked move
    by move: the caller replays what it gets, with python-chess, before it gives it (a line that moves
    no piece of the side to move, or onto its own piece, comes back as it is).

    Only the later positions one move could reach are tried: those differing from this one on at most
    four squares (a castling), of the other side to move; moves are generated only from and to those
    squares, so a long line costs a few comparisons a pair of positions, not every move of each."""
    positions = [board.copy(stack=False)]
    keys: list[object] = [positions[0]._transposition_key()]  # noqa: SLF001
    for uci in line:
        move, here = chess.Move.from_uci(uci), positions[-1]
        own = here.occupied_co[here.turn]
        if not own & _SQUARES[move.from_square] or own & _SQUARES[move.to_square]:
            return line
        following, key = played(here, move)
        positions.append(following)
        keys.append(key)
    furthest = {key: at for at, key in enumerate(keys)}
    squares = [(position.occupied, position.occupied_co[chess.WHITE]) for position in positions]
    kept: list[str] = []
    at = 0
    while at < len(line):
        step, move_to = at + 1, line[at]
        here, (occupied, white) = positions[at], squares[at]
        for later in range(len(line) - (len(line) - at - 1) % 2, at + 2, -2):  # furthest first
            changed = (occupied ^ squares[later][0]) | (white ^ squares[later][1])
            if changed.bit_count() > 4 or furthest[keys[later]] <= step:
                continue
            found = _one_move(here, changed, keys[later])
            if found is not None:
                step, move_to = furthest[keys[later]], found
                break
        kept.append(move_to)
        at = step
    return kept


def _one_move(here: chess.Board, changed: int, key: object) -> str | None:
    """The move from `here` (between squares of `changed`) that reaches the position `key`. Made on the
    bitboards (`played`); pseudo-legal moves suffice: `key` is a later position of the line, whose
    side not to move is not in check, so a move that reaches it is legal."""
    for move in here.generate_pseudo_legal_moves(changed, changed):
        if played(here, move)[1] == key:
            return move.uci()
    return None
