"""Every king-and-pawn position that can still arise, searched exactly on a compact state.

With only kings and pawns on the board, a position is five numbers and the side to move: each colour's
pawns (a bitboard), each king's square, and the en passant square. Moves are generated here straight
from those numbers (no board is built), so far more positions can be searched than with real boards
(`reachable`): enough to follow every king walk between the pawn moves, the only moves that cannot be
undone. Both sides cooperate (a helpmate): a position where the loser has no legal move is a
checkmate when its king is attacked (a pawn of the winner's gives it), a stalemate otherwise; either
ends that line.

A promotion leaves the king-and-pawn positions. When the winner promotes, a short helpmate search
(`helpmate.best_first`) goes on from the new position; a line it finds, after the moves that led to
the promotion, is a proof. A promotion that search cannot finish, or any promotion of the loser's,
leaves the search incomplete: it can then still find a checkmate, never rule one out. Positions where
the winner has no pawn left (a lone king cannot mate), or where the pawn analysis (`regions`) proves
after a pawn move that the winner can never give mate, are not followed. When every other position has
been followed and none is a checkmate by the winner, the winner cannot checkmate.

The positions wait in a queue ordered by how near the winner's most advanced pawn is to promotion,
then by the order they were reached, so a helpmate through a promotion is found early.
"""

from __future__ import annotations

import heapq
from collections import deque

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.helpmate import best_first, distance_to_mate
from extract.arbiter.unwinnable.reachable import Reach, search
from extract.arbiter.unwinnable.tree import Parents as TreeParents
from extract.arbiter.unwinnable.tree import mated_by, reach, unwind

# black pawns, white pawns, black king, white king, side to move, en passant square (-1: none)
State = tuple[int, int, int, int, bool, int]
Step = tuple[int, int, int]  # from, to, promotion piece type (0: none)
Parents = dict[State, tuple[State, Step | tuple[str, ...]] | None]
PROMOTION_ROUNDS = (300, 3_000)  # positions a helpmate search from one promotion may use, round by round
PROMOTIONS_TRIED = 30  # promotions of the winner's followed by a helpmate search, the most promising
PROMOTIONS_EXACT, EXACT_AFTER = 24, 40_000  # every position after each promotion searched, when few
DETOURS, DETOUR_POSITIONS = 24, 1_500  # the loser's promotions followed until its new piece is taken

_NOT_A, _NOT_H = ~chess.BB_FILE_A & chess.BB_ALL, ~chess.BB_FILE_H & chess.BB_ALL
_LAST = (chess.BB_RANK_1, chess.BB_RANK_8)  # where each colour's pawns promote (black, white)
_START = (chess.BB_RANK_7, chess.BB_RANK_2)
_STEP = (-8, 8)


def applies(board: chess.Board) -> bool:
    """Only kings and pawns on the board (and so no castling)."""
    return not board.occupied & ~board.pawns & ~board.kings and chess.popcount(board.kings) == 2


def pawn_attacks(colour: bool, pawns: int) -> int:
    """The squares `colour`'s pawns attack."""
    if colour == chess.WHITE:
        return ((pawns & _NOT_A) << 7 | (pawns & _NOT_H) << 9) & chess.BB_ALL
    return (pawns & _NOT_A) >> 9 | (pawns & _NOT_H) >> 7


def state_of(board: chess.Board) -> State:
    pawns = (board.pieces_mask(chess.PAWN, chess.BLACK), board.pieces_mask(chess.PAWN, chess.WHITE))
    kings = (board.king(chess.BLACK), board.king(chess.WHITE))
    assert kings[0] is not None and kings[1] is not None  # `applies`
    ep = board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else -1
    return pawns[0], pawns[1], kings[0], kings[1], board.turn, ep


def board_of(state: State) -> chess.Board:
    black, white, black_king, white_king, turn, ep = state
    board = chess.Board(None)
    for colour, pawns in ((chess.BLACK, black), (chess.WHITE, white)):
        for square in chess.scan_forward(pawns):
            board.set_piece_at(square, chess.Piece(chess.PAWN, colour))
    board.set_piece_at(black_king, chess.Piece(chess.KING, chess.BLACK))
    board.set_piece_at(white_king, chess.Piece(chess.KING, chess.WHITE))
    board.turn = turn
    board.ep_square = ep if ep >= 0 else None
    return board


def moves(state: State) -> list[tuple[Step, State | None]]:
    """Every legal move of the side to move, with the position after it (None after a promotion)."""
    pawns, kings, turn, ep = (state[0], state[1]), (state[2], state[3]), state[4], state[5]
    own, enemy = pawns[turn], pawns[not turn]
    king, other = kings[turn], kings[not turn]
    guarded = pawn_attacks(not turn, enemy)
    checkers = chess.BB_PAWN_ATTACKS[turn][king] & enemy
    found: list[tuple[Step, State | None]] = []
    for target in chess.scan_forward(
        chess.BB_KING_ATTACKS[king] & ~own & ~guarded & ~chess.BB_KING_ATTACKS[other]
    ):
        taken = enemy & ~chess.BB_SQUARES[target]
        found.append(((king, target, 0), _after(turn, own, taken, target, other, -1)))
    if chess.popcount(checkers) > 1:
        return found
    occupied = own | enemy | chess.BB_SQUARES[king] | chess.BB_SQUARES[other]
    step = _STEP[turn]
    for square in chess.scan_forward(own):
        rest = own & ~chess.BB_SQUARES[square]
        targets: list[tuple[int, int]] = []  # (destination, enemy pawns after)
        ahead = square + step
        if not checkers and not chess.BB_SQUARES[ahead] & occupied:
            targets.append((ahead, enemy))
            double = ahead + step
            if chess.BB_SQUARES[square] & _START[turn] and not chess.BB_SQUARES[double] & occupied:
                # no piece could be uncovered by an en passant capture: a pawn beside may take
                new_ep = ahead if chess.BB_PAWN_ATTACKS[turn][ahead] & enemy else -1
                found.append(
                    (
                        (square, double, 0),
                        _after(turn, rest | chess.BB_SQUARES[double], enemy, king, other, new_ep),
                    )
                )
        for target in chess.scan_forward(chess.BB_PAWN_ATTACKS[turn][square] & enemy):
            if not checkers or checkers == chess.BB_SQUARES[target]:
                targets.append((target, enemy & ~chess.BB_SQUARES[target]))
        if ep >= 0 and chess.BB_PAWN_ATTACKS[turn][square] & chess.BB_SQUARES[ep]:
            victim = chess.BB_SQUARES[ep - step]
            if not checkers or checkers == victim:
                targets.append((ep, enemy & ~victim))
        for target, left in targets:
            if chess.BB_SQUARES[target] & _LAST[turn]:
                for piece in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT):
                    found.append(((square, target, piece), None))
            else:
                found.append(
                    (
                        (square, target, 0),
                        _after(turn, rest | chess.BB_SQUARES[target], left, king, other, -1),
                    )
                )
    return found


def _after(turn: bool, own: int, enemy: int, king: int, other: int, ep: int) -> State:
    if turn == chess.WHITE:
        return enemy, own, other, king, chess.BLACK, ep
    return own, enemy, king, other, chess.WHITE, ep


def checkmated(state: State) -> bool:
    """The side to move is in check and has no legal move."""
    turn = state[4]
    king, enemy = state[2 + turn], state[1 - turn]
    return bool(chess.BB_PAWN_ATTACKS[turn][king] & enemy) and not moves(state)


def closure(board: chess.Board, winner: chess.Color, limit: int) -> Reach:
    """Search every king-and-pawn position reachable from `board` (at most `limit`, counting the
    positions the searches after a promotion use) for a checkmate by `winner`."""
    if limit <= 0 or not applies(board):
        return Reach(None, False, 0)
    root = state_of(board)
    parents: Parents = {root: None}
    queue: list[tuple[int, int, State]] = [(_distance(root, winner), 0, root)]
    counter, cut, followed = 0, False, 0
    promoted: list[tuple[State, Step]] = []  # every promotion, either side's: searched from later
    detours: list[tuple[State, Step]] = []  # the loser's, followed until the new piece is taken
    while queue or (detours and not cut):
        if not queue:  # every position without a new piece searched: the loser's next promotion
            state, step = detours.pop()
            line, back = _detour(state, step, winner, DETOUR_POSITIONS)
            if line is not None:
                return Reach((*_path(parents, state), *line), False, len(parents))
            for returned, path in back:
                if returned not in parents:
                    parents[returned] = (state, path)
                    counter += 1
                    heapq.heappush(queue, (_distance(returned, winner), -counter, returned))
            continue
        _, _, state = heapq.heappop(queue)
        for step, child in moves(state):
            if child is None:  # a promotion
                promoted.append((state, step))
                if state[4] != winner and step[2] in (chess.QUEEN, chess.KNIGHT) and followed < DETOURS:
                    detours.append((state, step))
                    followed += 1
                continue
            if child in parents:
                continue
            parents[child] = (state, step)
            if state[4] == winner and checkmated(child):
                return Reach(_line(parents, child), False, len(parents))
            if len(parents) > limit // 2 or (not len(parents) & 1023 and expired()):
                queue, cut = [], True  # the rest of the budget goes to the searches after a promotion
                break
            if not child[winner]:  # the winner's last pawn is gone: a lone king cannot mate
                continue
            counter += 1
            heapq.heappush(queue, (_distance(child, winner), -counter, child))
    crowned = [(state, step) for state, step in promoted if state[4] == winner and step[2] == chess.QUEEN]
    line, used = _crowned(parents, crowned, winner, limit - len(parents))
    if line is not None or cut or not promoted or expired():
        return Reach(line, line is None and not cut and not promoted, len(parents) + used)
    return _beyond(
        parents, promoted, winner, min(EXACT_AFTER, limit - len(parents) - used), len(parents) + used
    )


def _beyond(
    parents: Parents, promoted: list[tuple[State, Step]], winner: bool, budget: int, spent: int
) -> Reach:
    """Every position after each promotion searched (`reachable`), when they are few: a helpmate after
    one, or none after any (then the search is complete), or no answer."""
    if len(promoted) > PROMOTIONS_EXACT:
        return Reach(None, False, spent)
    share = budget // len(promoted)
    for state, step in promoted:
        board = board_of(state)
        move = chess.Move(step[0], step[1], step[2])
        board.push(move)
        if board.is_checkmate():
            if board.turn != winner:
                return Reach((*_path(parents, state), move.uci()), False, spent)
            continue
        after = search(board, winner, share)
        spent += after.positions
        if after.helpmate is not None:
            return Reach((*_path(parents, state), move.uci(), *after.helpmate), False, spent)
        if not after.complete:
            return Reach(None, False, spent)
    return Reach(None, True, spent)


def _crowned(
    parents: Parents, crowned: list[tuple[State, Step]], winner: bool, budget: int
) -> tuple[tuple[str, ...] | None, int]:
    """A helpmate after one of the winner's promotions: the most promising first (the loser's king
    nearest a mating net, `distance_to_mate`), each searched with a growing share of `budget`."""
    boards: list[tuple[int, int, chess.Board, State, chess.Move]] = []
    for state, step in crowned:
        board = board_of(state)
        move = chess.Move(step[0], step[1], step[2])
        board.push(move)
        if board.is_checkmate():
            return (*_path(parents, state), move.uci()), 1
        boards.append((distance_to_mate(board, winner, False), len(boards), board, state, move))
    boards.sort(key=lambda entry: entry[:2])
    used = 0
    for size in PROMOTION_ROUNDS:
        for _, _, board, state, move in boards[:PROMOTIONS_TRIED]:
            if used + size > budget or expired():
                return None, used
            for bare in (False, True):
                found, spent = best_first(board, winner, size, bare)
                used += spent
                if found is not None:
                    return (*_path(parents, state), move.uci(), *(m.uci() for m in found)), used
    return None, used


def _distance(state: State, winner: bool) -> int:
    """How far the winner's nearest pawn is from promotion: the squares it has to go, twice the pawns in
    its way, and the winner's king's walk to the nearest of the loser's pawns among them (the pawn
    the king has to take: a pawn never leaves its file but by taking)."""
    pawns, everyone, enemy = state[winner], state[0] | state[1], state[not winner]
    king = state[2 + winner]
    best = 99
    for square in chess.scan_forward(pawns):
        rank = chess.square_rank(square)
        togo = 7 - rank if winner == chess.WHITE else rank
        ahead = chess.BB_FILES[chess.square_file(square)] & everyone & ~chess.BB_SQUARES[square]
        ahead &= (chess.BB_ALL << (square + 1)) if winner == chess.WHITE else (1 << square) - 1
        walk = min(
            (chess.square_distance(king, blocker) for blocker in chess.scan_forward(ahead & enemy)), default=0
        )
        best = min(best, togo + 2 * chess.popcount(ahead) + walk)
    return best


def _path(parents: Parents, state: State) -> list[str]:
    line: list[str] = []
    step = parents[state]
    while step is not None:
        state, played = step
        if isinstance(played[0], str):  # the moves of a detour (`_detour`)
            line.extend(reversed(played))
        else:
            origin, target, piece = played
            line.append(chess.Move(origin, target, piece or None).uci())
        step = parents[state]
    return list(reversed(line))


def _detour(
    state: State, step: Step, winner: bool, limit: int
) -> tuple[tuple[str, ...] | None, list[tuple[State, tuple[str, ...]]]]:
    """The loser's promotion `step`, then every position (python-chess's moves, at most `limit`) until
    the new piece is taken: a checkmate by the winner on the way, and the king-and-pawn positions
    reached, each with the moves that lead there (a pawn that takes it changes file: a way through)."""
    start = board_of(state)
    first = chess.Move(step[0], step[1], step[2])
    start.push(first)
    root = start._transposition_key()  # noqa: SLF001
    parents: TreeParents = {root: None}
    boards, back = deque([start]), []
    while boards and len(parents) <= limit:
        position = boards.popleft()
        key = position._transposition_key()  # noqa: SLF001
        for move in position.generate_legal_moves():
            reached = reach(parents, position, key, move)
            if reached is None:
                continue
            child, child_key = reached
            line = (first.uci(), *(m.uci() for m in unwind(parents, child_key)))
            if mated_by(child, winner):
                return line, []
            if applies(child):
                back.append((state_of(child), line))
            elif not move.promotion:
                boards.append(child)
    return None, back


def _line(parents: Parents, state: State) -> tuple[str, ...]:
    return tuple(_path(parents, state))
