"""Looking for a helpmate: both sides cooperate so that one colour checkmates the other.

A depth-first search with iterative deepening, its moves ordered toward mate (promotions, the winner's
pieces coming near the loser's king, the loser's king walking to a corner, the loser giving its pieces
away when the winner has mating material of its own, or bringing them beside its king to block when the
winner has only a minor piece), a transposition table of what was already searched to what depth, and a
node budget. Whatever it returns is a line of moves python-chess replays to checkmate; it never proves
that no mate exists.
"""

from __future__ import annotations

import chess

from extract.arbiter.unwinnable.regions import attacks

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


class OutOfBudget(Exception):
    """The node budget is spent."""


def is_mate_by(board: chess.Board, winner: chess.Color) -> bool:
    """The side to move is the loser and is checkmated."""
    return board.turn != winner and board.is_check() and not any(board.generate_legal_moves())


def strong(board: chess.Board, winner: chess.Color) -> bool:
    """Can `winner`'s own material mate a bare king (so the loser's pieces are only in the way)?"""
    if board.pieces_mask(chess.PAWN, winner) | board.pieces_mask(chess.ROOK, winner) | board.pieces_mask(chess.QUEEN, winner):
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
        if self.nodes > self.budget:
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

    def _score(self, board: chess.Board, move: chess.Move, king: int, winner_moves: bool, has_power: bool) -> int:
        piece = board.piece_type_at(move.from_square) or chess.PAWN
        taken = board.piece_type_at(move.to_square)
        closer = chess.square_distance(move.from_square, king) - chess.square_distance(move.to_square, king)
        if winner_moves:
            score = 0
            if move.promotion:
                score += 900 if move.promotion == chess.QUEEN else 300 if move.promotion == chess.KNIGHT else 0
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
    return min(chess.square_distance(square, corner) for corner in CORNERS)


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
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied] & (board.bishops | board.queens)
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
    guess = 6 * flight_squares(board, king, winner) + (0 if board.is_check() else 4) + 2 * _corner(king)
    for square in chess.scan_forward(board.occupied_co[winner] & ~board.pawns):
        piece = board.piece_type_at(square)
        guess += chess.square_distance(square, king) * (1 if piece == chess.KING else 2)
    for square in chess.scan_forward(board.pawns & board.occupied_co[winner]):
        guess += 2 * (7 - chess.square_rank(square) if winner == chess.WHITE else chess.square_rank(square))
    loser = board.occupied_co[not winner] & ~board.kings
    if bare:
        guess += 6 * chess.popcount(loser & ~board.pawns) + 3 * chess.popcount(loser & board.pawns)
    else:  # the loser's pieces are the blockers the mate needs
        for square in chess.scan_forward(loser & ~board.pawns):
            guess += chess.square_distance(square, king)
    return guess


def best_first(
    board: chess.Board, winner: chess.Color, budget: int, bare: bool
) -> tuple[list[chess.Move] | None, int]:
    """Greedy best-first search on `distance_to_mate` with a visited set: good at long, simple mates.
    `bare`: aim at taking the loser's pieces first (only tried when the winner can mate alone)."""
    import heapq

    start = board.copy(stack=False)
    root = start._transposition_key()
    parents: dict[object, tuple[object, chess.Move] | None] = {root: None}
    queue: list[tuple[int, int, chess.Board]] = [(0, 0, start)]
    counter = 0
    while queue and len(parents) < budget:
        _, _, position = heapq.heappop(queue)
        key = position._transposition_key()
        for move in position.generate_legal_moves():
            child = position.copy(stack=False)
            child.push(move)
            child_key = child._transposition_key()
            if child_key in parents:
                continue
            parents[child_key] = (key, move)
            if child.turn != winner and child.is_check() and not any(child.generate_legal_moves()):
                return _unwind(parents, child_key), len(parents)
            if (position.is_capture(move) or move.promotion) and child.has_insufficient_material(winner):
                continue
            counter += 1
            guess = distance_to_mate(child, winner, bare and strong(child, winner))
            heapq.heappush(queue, (guess, counter, child))
    return None, len(parents)


def _unwind(parents: dict[object, tuple[object, chess.Move] | None], key: object) -> list[chess.Move]:
    moves = []
    step = parents[key]
    while step is not None:
        key, move = step
        moves.append(move)
        step = parents[key]
    return list(reversed(moves))
