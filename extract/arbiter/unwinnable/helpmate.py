"""Looking for a helpmate: both sides cooperate so that one colour checkmates the other.

`best_first` returns a line of moves python-chess replays to checkmate, or nothing; it never proves
that no mate exists. Moves wait in a priority queue ranked by a guess of how near the position after
them is to mate (`distance_to_mate`, less the move's guessed gain: promotions, the winner's pieces
coming near the loser's king, checks, the loser's king walking to a corner and toward the winner's
king, the loser giving its pieces away or bringing them beside its king to block), and are played
only when their turn comes; of two equally near, the deeper is played first, and a position already
seen is not searched again. Two aims, tried in turn: taking the loser's pieces first (when the winner
could mate a lone king), and a mating net with the loser's own pieces as blockers.

Speed (every real position is asked twice, often after every move of a game): moves are generated
pseudo-legal and their legality checked only when one is played (most never are), against the mover's
pins found once a position; the winner's attacks are computed once a position and also tell whether
the loser is in check and where its king may step; moves are made on the bitboards (`tree.played`);
and a narrow round lets the loser play only its one or two most helpful moves, which settles most real
positions in a few dozen positions searched. A search cut by the time limit is kept (`Search`) and goes
on when given more time.
"""

from __future__ import annotations

import heapq

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.tree import Parents, played, unwind

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)
DISTANCE = [[chess.square_distance(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
_SQUARES = chess.BB_SQUARES
CORNER = [min(DISTANCE[square][corner] for corner in CORNERS) for square in chess.SQUARES]


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


def attack_map(board: chess.Board, colour: chess.Color, occupied: int) -> int:
    """Every square `colour` attacks, sliders blocked by `occupied` (one pass over its pieces; the
    search's hot path: squares taken from the masks by hand, not by python-chess's generators)."""
    own, squares, seen = board.occupied_co[colour], _SQUARES, 0
    pieces = board.knights & own
    while pieces:
        square = pieces.bit_length() - 1
        pieces ^= squares[square]
        seen |= _KNIGHT[square]
    pieces = (board.bishops | board.queens) & own
    while pieces:
        square = pieces.bit_length() - 1
        pieces ^= squares[square]
        seen |= _DIAG[square][_DIAG_MASKS[square] & occupied]
    pieces = (board.rooks | board.queens) & own
    while pieces:
        square = pieces.bit_length() - 1
        pieces ^= squares[square]
        seen |= _RANK[square][_RANK_MASKS[square] & occupied] | _FILE[square][_FILE_MASKS[square] & occupied]
    king = (board.kings & own).bit_length() - 1
    if king >= 0:
        seen |= _KING[king]
    pawns = board.pawns & own
    if colour == chess.WHITE:
        return (
            seen
            | (pawns & ~chess.BB_FILE_A) << 7 & chess.BB_ALL
            | (pawns & ~chess.BB_FILE_H) << 9 & chess.BB_ALL
        )
    return seen | (pawns & ~chess.BB_FILE_A) >> 9 | (pawns & ~chess.BB_FILE_H) >> 7


_KNIGHT, _KING, _DIAG, _DIAG_MASKS = (
    chess.BB_KNIGHT_ATTACKS,
    chess.BB_KING_ATTACKS,
    chess.BB_DIAG_ATTACKS,
    chess.BB_DIAG_MASKS,
)
_RANK, _RANK_MASKS, _FILE, _FILE_MASKS = (
    chess.BB_RANK_ATTACKS,
    chess.BB_RANK_MASKS,
    chess.BB_FILE_ATTACKS,
    chess.BB_FILE_MASKS,
)


def watched(board: chess.Board, winner: chess.Color, king: int) -> int:
    """The squares the winner attacks, seen through the loser's king (so it cannot step back along
    the line of a check)."""
    return attack_map(board, winner, board.occupied & ~chess.BB_SQUARES[king])


def flight_squares(board: chess.Board, king: int, winner: chess.Color, seen: int | None = None) -> int:
    """How many squares beside the loser's king are neither its own pieces' nor attacked by the winner."""
    seen = watched(board, winner, king) if seen is None else seen
    return chess.popcount(chess.BB_KING_ATTACKS[king] & ~board.occupied_co[not winner] & ~seen)


def distance_to_mate(board: chess.Board, winner: chess.Color, bare: bool, seen: int | None = None) -> int:
    """A rough guess, lower is nearer: few free squares for the loser's king, the winner's pieces near
    it, the king in a corner, and either the loser's other pieces gone (`bare`: the winner mates a
    lone king) or brought beside their king to block it in (a mating net). `seen`: `watched`."""
    king = board.king(not winner)
    if king is None:
        return 0
    seen = watched(board, winner, king) if seen is None else seen
    near = DISTANCE[king]
    check = seen & chess.BB_SQUARES[king]
    guess = 6 * flight_squares(board, king, winner, seen) + (0 if check else 4) + 2 * CORNER[king]
    mine, squares, pawns = board.occupied_co[winner], _SQUARES, board.pawns
    pieces = mine & ~board.kings
    while pieces:
        square = pieces.bit_length() - 1
        pieces ^= squares[square]
        if squares[square] & pawns:
            guess += 2 * (7 - (square >> 3) if winner == chess.WHITE else square >> 3)
        else:
            guess += 2 * near[square]
    own_king = (mine & board.kings).bit_length() - 1
    if own_king >= 0:
        guess += near[own_king]
    loser = board.occupied_co[not winner] & ~board.kings
    if bare:
        guess += 6 * chess.popcount(loser & ~pawns) + 3 * chess.popcount(loser & pawns)
    else:  # the loser's pieces are the blockers the mate needs
        pieces = loser & ~pawns
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= squares[square]
            guess += near[square]
    return guess


class _Gains:
    """`_gain` for every move of one position, its masks computed once (the search's hot path): a
    check is guessed from the squares that see the loser's king now (discovered checks are not)."""

    def __init__(
        self, board: chess.Board, king: int, winner: chess.Color, bare: bool, seen: int | None = None
    ) -> None:
        self.board, self.king, self.winner, self.bare = board, king, winner, bare
        self.seen = watched(board, winner, king) if seen is None else seen
        self.mover = board.turn == winner
        self.checks: dict[int, int] = {}  # the squares each kind of piece checks from (the winner's moves)
        self.pawn_checks = 0
        if self.mover:
            occupied = board.occupied
            diagonal = _DIAG[king][_DIAG_MASKS[king] & occupied]
            straight = _RANK[king][_RANK_MASKS[king] & occupied] | _FILE[king][_FILE_MASKS[king] & occupied]
            self.checks = {
                chess.KNIGHT: _KNIGHT[king],
                chess.BISHOP: diagonal,
                chess.ROOK: straight,
                chess.QUEEN: diagonal | straight,
            }
            self.pawn_checks = chess.BB_PAWN_ATTACKS[not winner][king]
        own_king = (board.kings & board.occupied_co[winner]).bit_length() - 1
        self.toward = DISTANCE[own_king if own_king >= 0 else king]

    def gain(self, move: chess.Move) -> int:
        board, king = self.board, self.king
        origin, target = move.from_square, move.to_square
        start, end = chess.BB_SQUARES[origin], chess.BB_SQUARES[target]
        near = DISTANCE[king]
        if self.mover:
            if start & board.pawns:
                gain = 2 + (12 if move.promotion else 0)
                check = end & (self.checks[move.promotion] if move.promotion else self.pawn_checks)
            elif start & board.kings:
                gain, check = near[origin] - near[target], 0
            else:
                gain = 2 * (near[origin] - near[target])
                piece = board.piece_type_at(origin) or chess.KING
                check = end & self.checks.get(piece, 0)
            if self.bare and end & board.occupied:
                gain += 3 if end & board.pawns else 6
            return gain + 4 if check else gain
        if start & board.kings:
            return 2 * (CORNER[origin] - CORNER[target]) + self.toward[origin] - self.toward[target]
        if end & board.occupied:
            return -8
        if self.bare:
            return 3 if end & self.seen else 0
        return near[origin] - near[target]

    def spread(self, origin: int, targets: int, piece: int) -> list[tuple[int, int]]:
        """`gain` of a piece's moves (not a pawn's: no promotion) from `origin` to each of `targets`, as
        (gain, code) (`code`), without building a move: most are never played (`piece`: its kind). The
        hot path: the squares are taken from the mask highest first, as python-chess's generator does."""
        board, near, squares = self.board, DISTANCE[self.king], _SQUARES
        occupied, scored = board.occupied, []
        if not self.mover:
            if piece == chess.KING:
                toward = self.toward
                base = 2 * CORNER[origin] + toward[origin]
                while targets:
                    target = targets.bit_length() - 1
                    targets ^= squares[target]
                    scored.append((base - 2 * CORNER[target] - toward[target], origin | target << 6))
                return scored
            bare, seen, start = self.bare, self.seen, near[origin]
            while targets:
                target = targets.bit_length() - 1
                end = squares[target]
                targets ^= end
                if end & occupied:
                    gain = -8
                elif bare:
                    gain = 3 if end & seen else 0
                else:
                    gain = start - near[target]
                scored.append((gain, origin | target << 6))
            return scored
        if piece == chess.KING:
            factor, checks = 1, 0
        else:
            factor, checks = 2, self.checks.get(piece, 0)
        base, captures, pawns = factor * near[origin], occupied if self.bare else 0, board.pawns
        while targets:
            target = targets.bit_length() - 1
            end = squares[target]
            targets ^= end
            gain = base - factor * near[target]
            if end & captures:
                gain += 3 if end & pawns else 6
            scored.append((gain + 4 if end & checks else gain, origin | target << 6))
        return scored


def code(move: chess.Move) -> int:
    """A move packed in one int (from, to, promotion): the queue keeps codes, a move is built when played."""
    return move.from_square | move.to_square << 6 | (move.promotion or 0) << 12


def decode(packed: int) -> chess.Move:
    return chess.Move(packed & 63, packed >> 6 & 63, packed >> 12 or None)


def scored_moves(
    position: chess.Board, gains: _Gains, evasions: list[chess.Move] | None
) -> list[tuple[int, int]]:
    """Every move of `position` with its guessed gain, as (gain, code), in python-chess's order: the
    legal ones when in check (`evasions`, already generated: few) or pseudo-legal ones, the pieces'
    scored square by square."""
    if evasions is not None:
        return [(gains.gain(move), code(move)) for move in evasions]
    own = position.occupied_co[position.turn]
    scored: list[tuple[int, int]] = []
    pieces, spread, occupied = own & ~position.pawns, gains.spread, position.occupied
    knights, bishops, rooks, queens = position.knights, position.bishops, position.rooks, position.queens
    while pieces:  # each piece's attacks by its kind, as python-chess's `attacks_mask` finds them
        origin = pieces.bit_length() - 1
        bit = _SQUARES[origin]
        pieces ^= bit
        if bit & knights:
            scored += spread(origin, _KNIGHT[origin] & ~own, chess.KNIGHT)
        elif bit & (bishops | queens):
            reach = _DIAG[origin][_DIAG_MASKS[origin] & occupied]
            if bit & queens:
                reach |= _RANK[origin][_RANK_MASKS[origin] & occupied]
                reach |= _FILE[origin][_FILE_MASKS[origin] & occupied]
            scored += spread(origin, reach & ~own, chess.QUEEN if bit & queens else chess.BISHOP)
        elif bit & rooks:
            reach = _RANK[origin][_RANK_MASKS[origin] & occupied]
            reach |= _FILE[origin][_FILE_MASKS[origin] & occupied]
            scored += spread(origin, reach & ~own, chess.ROOK)
        else:
            scored += spread(origin, _KING[origin] & ~own, chess.KING)
    if position.castling_rights & own:
        scored += [(gains.gain(move), code(move)) for move in position.generate_castling_moves()]
    if own & position.pawns:
        scored += _pawn_moves(position, gains)
    return scored


_PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
_LAST_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8


def _pawn_moves(position: chess.Board, gains: _Gains) -> list[tuple[int, int]]:
    """`gain` of every pseudo-legal pawn move, as (gain, code), in python-chess's order (captures,
    single steps, double steps, en passant), without building a move."""
    turn, squares = position.turn, _SQUARES
    pawns, occupied = position.pawns & position.occupied_co[turn], position.occupied
    other, attacks = position.occupied_co[not turn], chess.BB_PAWN_ATTACKS[turn]
    steps: list[tuple[int, int]] = []
    left = pawns
    while left:
        origin = left.bit_length() - 1
        left ^= squares[origin]
        targets = attacks[origin] & other
        while targets:
            target = targets.bit_length() - 1
            targets ^= squares[target]
            steps.append((origin, target))
    step = 8 if turn else -8
    if turn:
        single = pawns << 8 & ~occupied
        double = single << 8 & ~occupied & (chess.BB_RANK_3 | chess.BB_RANK_4)
    else:
        single = pawns >> 8 & ~occupied
        double = single >> 8 & ~occupied & (chess.BB_RANK_6 | chess.BB_RANK_5)
    for targets, back in ((single, step), (double, 2 * step)):
        while targets:
            target = targets.bit_length() - 1
            targets ^= squares[target]
            steps.append((target - back, target))
    ep = position.ep_square
    if ep is not None and not squares[ep] & occupied:
        capturers = pawns & chess.BB_PAWN_ATTACKS[not turn][ep] & chess.BB_RANKS[4 if turn else 3]
        while capturers:
            origin = capturers.bit_length() - 1
            capturers ^= squares[origin]
            steps.append((origin, ep))
    scored: list[tuple[int, int]] = []
    if gains.mover:
        checks, pawn_checks, all_pawns = gains.checks, gains.pawn_checks, position.pawns
        captures = occupied if gains.bare else 0
        for origin, target in steps:
            end = squares[target]
            bonus = (3 if end & all_pawns else 6) if end & captures else 0
            if end & _LAST_RANKS:
                for promotion in _PROMOTIONS:
                    gain = 14 + bonus + (4 if end & checks[promotion] else 0)
                    scored.append((gain, origin | target << 6 | promotion << 12))
            else:
                scored.append((2 + bonus + (4 if end & pawn_checks else 0), origin | target << 6))
        return scored
    near, bare, seen = DISTANCE[gains.king], gains.bare, gains.seen
    for origin, target in steps:
        end = squares[target]
        gain = -8 if end & occupied else (3 if end & seen else 0) if bare else near[origin] - near[target]
        if end & _LAST_RANKS:
            scored += [(gain, origin | target << 6 | promotion << 12) for promotion in _PROMOTIONS]
        else:
            scored.append((gain, origin | target << 6))
    return scored


def best_first(
    board: chess.Board, winner: chess.Color, budget: int, bare: bool, replies: int = 0
) -> tuple[list[chess.Move] | None, int]:
    """`Search` run once up to `budget` positions: the line found (or None) and the positions searched."""
    search = Search(board, winner, bare, replies)
    return search.run(budget), search.size


class Search:
    """Best-first over moves: each move waits in the queue with its parent's guess less its own
    guessed gain, and is played only when its turn comes (most moves never are). `replies` > 0: the
    loser plays only its `replies` moves with the best guessed gain (a narrow tree, found fast when
    it holds a mate; 0: every move).

    A search the time limit cut keeps its queue and the positions it has reached: `run` again, with
    the same or a larger budget, goes on where it stopped, as if it had never been cut (a schedule that
    gives each question a little time, then more, loses nothing by it).

    Per position searched: the winner's attacks through the loser's king are computed once (the guess,
    the loser's king moves' legality and whether the loser is in check), the mover's king and pinned
    pieces once (the legality of the moves played from it), and a piece's move is made on the
    bitboards (`tree.played`)."""

    def __init__(self, board: chess.Board, winner: chess.Color, bare: bool, replies: int = 0) -> None:
        self.winner, self.bare, self.replies = winner, bare, replies
        start = board.copy(stack=False)
        root = start._transposition_key()  # noqa: SLF001
        self.parents: Parents = {root: None}
        self.queue: list[tuple[int, int, chess.Board, object, int, tuple[int, int] | None, int]] = []
        self.counter = 0
        self.found: list[chess.Move] | None = None
        king = _king(start, not winner)
        if king >= 0:
            evasions = list(start.generate_legal_moves()) if start.is_check() else None
            self._expand(start, root, 0, king, watched(start, winner, king), evasions)

    @property
    def size(self) -> int:
        """Positions reached so far (the root included)."""
        return len(self.parents)

    @property
    def exhausted(self) -> bool:
        """Every move was played: more budget would find nothing more."""
        return not self.queue

    def run(self, budget: int) -> list[chess.Move] | None:
        """Search until a helpmate is found, `budget` positions are reached, the queue is empty or the
        time limit passes (then `run` may be called again: it goes on from there)."""
        if self.found is not None:
            return self.found
        queue, parents, winner = self.queue, self.parents, self.winner
        pop, squares = heapq.heappop, _SQUARES
        while queue and len(parents) < budget:
            if not len(parents) & 255 and expired():
                break
            _, _, position, key, packed, guard, depth = pop(queue)
            move = decode(packed)
            if guard is not None and not position._is_safe(guard[0], guard[1], move):  # noqa: SLF001
                continue
            child, child_key = played(position, move)
            if child_key in parents:
                continue
            parents[child_key] = (key, move)
            king = _king(child, not winner)
            seen = watched(child, winner, king)
            if child.turn == winner:
                check = child.attackers_mask(not winner, _king(child, winner))
                evasions = list(child.generate_legal_moves()) if check else None
            else:
                evasions = _evasions(child, king, seen) if seen & squares[king] else None
            if evasions == [] and child.turn != winner:  # checkmate (the winner's own: a dead end)
                self.found = unwind(parents, child_key)
                return self.found
            if (end_capture(position, move) or move.promotion) and child.has_insufficient_material(winner):
                continue
            self._expand(child, child_key, depth, king, seen, evasions)
        return None

    def _expand(
        self,
        position: chess.Board,
        key: object,
        depth: int,
        king: int,
        seen: int,
        evasions: list[chess.Move] | None,
    ) -> None:
        """Queue the moves of `position` (`king`: the loser's; `seen`: `watched`; `evasions`: its legal
        moves when in check, else None)."""
        winner, replies, queue = self.winner, self.replies, self.queue
        # Twice the guess, less the moves played: of two positions guessed as near, the deeper is
        # taken first (a line is followed rather than its siblings widened).
        guess = 2 * distance_to_mate(position, winner, self.bare and strong(position, winner), seen) - depth
        gains = _Gains(position, king, winner, self.bare, seen)
        scored = scored_moves(position, gains, evasions)
        mover = king if position.turn != winner else _king(position, winner)
        # The mover's king and pinned pieces: a pseudo-legal move's legality is checked when it is played.
        guard = None if evasions is not None else (mover, position._slider_blockers(mover))  # noqa: SLF001
        depth += 1
        push = heapq.heappush
        if replies and position.turn != winner:  # only the loser's most helpful few
            left = replies
            for gain, packed in sorted(reversed(scored), key=_first, reverse=True):
                if guard is not None and not _loser_safe(position, guard, seen, packed):
                    continue
                self.counter += 1
                push(queue, (guess - 2 * gain, -self.counter, position, key, packed, None, depth))
                left -= 1
                if not left:
                    return
            return
        counter = self.counter
        for gain, packed in scored:
            counter += 1
            push(queue, (guess - 2 * gain, -counter, position, key, packed, guard, depth))
        self.counter = counter


def _evasions(position: chess.Board, king: int, seen: int) -> list[chess.Move]:
    """The legal moves of the loser, in check (`king`: its square; `seen`: `watched`), as python-chess's
    `generate_legal_moves` gives them: its king steps only to squares the winner does not see through it."""
    checkers = position.attackers_mask(not position.turn, king)
    blockers = position._slider_blockers(king)  # noqa: SLF001
    safe, squares = position._is_safe, _SQUARES  # noqa: SLF001
    return [
        move
        for move in position._generate_evasions(king, checkers)  # noqa: SLF001
        if (not seen & squares[move.to_square] if move.from_square == king else safe(king, blockers, move))
    ]


def _first(scored: tuple[int, int]) -> int:
    return scored[0]


def _loser_safe(position: chess.Board, guard: tuple[int, int], seen: int, packed: int) -> bool:
    """Is the loser's pseudo-legal move `packed` legal (not in check: `guard`, its king and pinned
    pieces)? A king's step is safe when the winner does not attack its square (`seen`, through the king)."""
    king, origin, target = guard[0], packed & 63, packed >> 6 & 63
    end = _SQUARES[target]
    if origin == king and target - origin not in (2, -2) and not position.occupied_co[position.turn] & end:
        return not seen & end
    return position._is_safe(king, guard[1], decode(packed))  # noqa: SLF001


def end_capture(position: chess.Board, move: chess.Move) -> bool:
    """`move` takes a piece (en passant included)."""
    return bool(position.occupied & _SQUARES[move.to_square]) or (
        move.to_square == position.ep_square and bool(position.pawns & _SQUARES[move.from_square])
    )


def _king(board: chess.Board, colour: chess.Color) -> int:
    """The square of `colour`'s king (-1: none)."""
    return (board.kings & board.occupied_co[colour]).bit_length() - 1
