"""Looking for a helpmate: both sides cooperate so that one colour checkmates the other.

Two searches; whatever either returns is a line of moves python-chess replays to checkmate, and
neither ever proves that no mate exists.

- `Helpmate`: depth-first with iterative deepening for the short mates, its moves ordered toward mate
  (promotions, the winner's pieces coming near the loser's king, the loser's king walking to a corner,
  the loser giving its pieces away when the winner can mate alone or bringing them beside its king to
  block when it cannot), a transposition table of what was searched to what depth, a node budget.
- `best_first`: for the long ones (a king walk, a promotion, a lone king hunted to the edge): moves
  wait in a priority queue ranked by a guess of how near the position after them is to mate
  (`distance_to_mate`), and are played only when their turn comes; a position already seen is not
  searched again. Two aims, tried in turn: a mating net with the loser's own pieces as blockers, and
  (when the winner could mate a lone king) taking the loser's pieces first."""

from __future__ import annotations

import heapq

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.regions import attacks
from extract.arbiter.unwinnable.tree import Parents, mated_by, reach, unwind

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)
DISTANCE = [[chess.square_distance(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
CORNER = [min(DISTANCE[square][corner] for corner in CORNERS) for square in chess.SQUARES]


class OutOfBudget(Exception):
    """The node budget is spent."""


def is_mate_by(board: chess.Board, winner: chess.Color) -> bool:
    """The side to move is the loser and is checkmated."""
    return board.turn != winner and board.is_check() and not any(board.generate_legal_moves())


def strong(board: chess.Board, winner: chess.Color) -> bool:
    """Can `winner`'s own material mate a bare king (so the loser's pieces are only in the way)?"""
    if (
        board.pieces_mask(chess.PAWN, winner)
        | board.pieces_mask(chess.ROOK, winner)
        | board.pieces_mask(chess.QUEEN, winner)
    ):
        return True
    knights = board.pieces_mask(chess.KNIGHT, winner)
    bishops = board.pieces_mask(chess.BISHOP, winner)
    two_colours = bool(bishops & chess.BB_DARK_SQUARES) and bool(bishops & chess.BB_LIGHT_SQUARES)
    return two_colours or (bool(knights) and bool(bishops)) or chess.popcount(knights) >= 2


class Helpmate:
    """One search for a helpmate by `winner`, sharing its node count and table across depths."""

    def __init__(self, winner: chess.Color, budget: int) -> None:
        self.winner = winner
        self.budget = budget
        self.nodes = 0
        self.table: dict[object, int] = {}

    def find(self, board: chess.Board, max_plies: int) -> list[chess.Move] | None:
        """Iterative deepening to `max_plies`; None when none found (or the budget ran out)."""
        first = 1 if board.turn == self.winner else 2
        line: list[chess.Move] = []
        try:
            for depth in range(first, max_plies + 1, 2):
                if self._search(board, depth, line):
                    return list(reversed(line))
        except OutOfBudget:
            return None
        return None

    def _search(self, board: chess.Board, depth: int, line: list[chess.Move]) -> bool:
        self.nodes += 1
        if self.nodes > self.budget or (not self.nodes & 255 and expired()):
            raise OutOfBudget
        key = board._transposition_key()
        if self.table.get(key, -1) >= depth:
            return False
        winner_moves = board.turn == self.winner
        for move in self._ordered(board, depth, winner_moves):
            board.push(move)
            try:
                if winner_moves and board.is_check() and not any(board.generate_legal_moves()):
                    line.append(move)
                    return True
                if depth > 1 and self._search(board, depth - 1, line):
                    line.append(move)
                    return True
            finally:
                board.pop()
        self.table[key] = depth
        return False

    def _ordered(self, board: chess.Board, depth: int, winner_moves: bool) -> list[chess.Move]:
        moves = list(board.generate_legal_moves())
        if winner_moves and depth == 1:
            king = board.king(not self.winner)
            return [m for m in moves if king is not None and gives_check(board, m, king)]
        if winner_moves and depth == 2:
            return moves  # the loser's reply: no order helps
        king = board.king(not self.winner)
        if king is None:
            return moves
        has_power = strong(board, self.winner)
        scored = [(self._score(board, m, king, winner_moves, has_power), i, m) for i, m in enumerate(moves)]
        scored.sort(reverse=True)
        return [m for _, _, m in scored]

    def _score(
        self, board: chess.Board, move: chess.Move, king: int, winner_moves: bool, has_power: bool
    ) -> int:
        piece = board.piece_type_at(move.from_square) or chess.PAWN
        taken = board.piece_type_at(move.to_square)
        closer = chess.square_distance(move.from_square, king) - chess.square_distance(move.to_square, king)
        if winner_moves:
            score = 0
            if move.promotion:
                score += (
                    900 if move.promotion == chess.QUEEN else 300 if move.promotion == chess.KNIGHT else 0
                )
            if taken and has_power:
                score += 100 * VALUES[taken] + 50
            if piece == chess.PAWN:
                score += 20
            score += (10 if piece != chess.KING else 4) * closer
            if gives_check(board, move, king):
                score += 60
            return score
        if piece == chess.KING:
            return 10 * (_corner(move.from_square) - _corner(move.to_square))
        if taken:  # the loser taking the winner's material is rarely the way
            return -100 * VALUES[taken] - 50
        own_king = board.king(not self.winner)
        near = own_king is not None and chess.square_distance(move.from_square, own_king) <= 2
        if has_power:
            if board.is_attacked_by(self.winner, move.to_square):
                return 40 + 10 * VALUES[piece]
            return 10 if near and piece == chess.PAWN else -5 if piece != chess.PAWN else 0
        return 10 * closer if piece != chess.PAWN else 5  # bring blockers beside the king


def _corner(square: int) -> int:
    return CORNER[square]


def gives_check(board: chess.Board, move: chess.Move, king: int) -> bool:
    """python-chess's `gives_check` without pushing the move (the search's hot path): a direct check
    from the destination or a check discovered by leaving the origin; the rare moves fall back."""
    if move.promotion or board.is_castling(move) or board.is_en_passant(move):
        return board.gives_check(move)
    origin, target = chess.BB_SQUARES[move.from_square], chess.BB_SQUARES[move.to_square]
    piece = board.piece_type_at(move.from_square)
    occupied = (board.occupied & ~origin) | target
    if piece == chess.PAWN:
        if chess.BB_PAWN_ATTACKS[board.turn][move.to_square] & chess.BB_SQUARES[king]:
            return True
    elif piece is not None and attacks(piece, move.to_square, occupied) & chess.BB_SQUARES[king]:
        return True
    own = board.occupied_co[board.turn] & ~origin
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied] & (
        board.bishops | board.queens
    )
    straight = (
        chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
        | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied]
    ) & (board.rooks | board.queens)
    return bool((diagonal | straight) & own & ~target)


def flight_squares(board: chess.Board, king: int, winner: chess.Color) -> int:
    """How many squares beside the loser's king are neither its own pieces' nor attacked by the winner."""
    free = 0
    own = board.occupied_co[not winner]
    for square in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~own):
        if not board.is_attacked_by(winner, square):
            free += 1
    return free


def distance_to_mate(board: chess.Board, winner: chess.Color, bare: bool) -> int:
    """A rough guess, lower is nearer: few free squares for the loser's king, the winner's pieces near
    it, the king in a corner, and either the loser's other pieces gone (`bare`: the winner mates a
    lone king) or brought beside their king to block it in (a mating net)."""
    king = board.king(not winner)
    if king is None:
        return 0
    near = DISTANCE[king]
    guess = 6 * flight_squares(board, king, winner) + (0 if board.is_check() else 4) + 2 * CORNER[king]
    mine = board.occupied_co[winner]
    for square in chess.scan_forward(mine & ~board.pawns & ~board.kings):
        guess += 2 * near[square]
    for square in chess.scan_forward(mine & board.kings):
        guess += near[square]
    for square in chess.scan_forward(board.pawns & mine):
        guess += 2 * (7 - (square >> 3) if winner == chess.WHITE else square >> 3)
    loser = board.occupied_co[not winner] & ~board.kings
    if bare:
        guess += 6 * chess.popcount(loser & ~board.pawns) + 3 * chess.popcount(loser & board.pawns)
    else:  # the loser's pieces are the blockers the mate needs
        for square in chess.scan_forward(loser & ~board.pawns):
            guess += near[square]
    return guess


def _gain(board: chess.Board, move: chess.Move, king: int, winner: chess.Color, bare: bool) -> int:
    """How much a move should lower `distance_to_mate`, guessed without playing it."""
    origin, target = move.from_square, move.to_square
    piece = board.piece_type_at(origin)
    taken = board.piece_type_at(target)
    if board.turn == winner:
        gain = 0
        if piece == chess.PAWN:
            gain += 2 + (12 if move.promotion else 0)
        elif piece == chess.KING:
            gain += DISTANCE[king][origin] - DISTANCE[king][target]
        else:
            gain += 2 * (DISTANCE[king][origin] - DISTANCE[king][target])
        if taken and bare:
            gain += 6 if taken != chess.PAWN else 3
        if gives_check(board, move, king):
            gain += 4
        return gain
    if piece == chess.KING:
        return 2 * (CORNER[origin] - CORNER[target])
    if taken:
        return -8
    if bare:
        return 3 if board.is_attacked_by(winner, target) else 0
    return DISTANCE[king][origin] - DISTANCE[king][target] if piece != chess.PAWN else 0


def best_first(
    board: chess.Board, winner: chess.Color, budget: int, bare: bool
) -> tuple[list[chess.Move] | None, int]:
    """Best-first over moves: each move waits in the queue with its parent's guess less its own
    guessed gain, and is played only when its turn comes (most moves never are)."""
    start = board.copy(stack=False)
    root = start._transposition_key()
    parents: Parents = {root: None}
    queue: list[tuple[int, int, chess.Board, object, chess.Move]] = []
    counter = 0

    def expand(position: chess.Board, key: object) -> None:
        nonlocal counter
        king = position.king(not winner)
        if king is None:
            return
        guess = distance_to_mate(position, winner, bare and strong(position, winner))
        for move in position.generate_legal_moves():
            counter += 1
            heapq.heappush(
                queue, (guess - _gain(position, move, king, winner, bare), counter, position, key, move)
            )

    expand(start, root)
    while queue and len(parents) < budget:
        if not len(parents) & 255 and expired():
            break
        _, _, position, key, move = heapq.heappop(queue)
        reached = reach(parents, position, key, move)
        if reached is None:
            continue
        child, child_key = reached
        if mated_by(child, winner):
            return unwind(parents, child_key), len(parents)
        if (position.is_capture(move) or move.promotion) and child.has_insufficient_material(winner):
            continue
        expand(child, child_key)
    return None, len(parents)
