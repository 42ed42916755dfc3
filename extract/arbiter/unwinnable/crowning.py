"""A helpmate that goes through a promotion: the pawn crowned first, the mate searched after.

In a locked position the winner's only way to mate is often a new queen: the king walks round the
chain, takes the pawn that blocks one of its own, and that pawn walks to the last rank; only then is
there a piece that can give mate. A search aimed at mate sees none of that (no move brings a mate
nearer until the queen is there), and a search of every position drowns in king walks. Here the plan
comes first: a best-first search whose only aim is a promotion of the winner's, ordered by how far
the nearest pawn is from it (`crown_distance`: the squares it has to go, the pieces in its way, and
the winner's king's walk round the pawns to the loser's pawn it has to take). Both sides cooperate;
the loser's moves that get out of the way are found because every position is ranked by that
distance alone. When the winner's pawns can never get through by themselves (its king shut in), the
plan goes through the loser's: its king takes the pawn in the way of one of its own, which is crowned
a knight and given up to a pawn of the winner's, which changes file and is free (`plan`).
Each new queen (or knight) of the winner's is handed to the mate search (`helpmate.best_first`),
first with a small share of the positions, then, for the most promising, with more. A line found is a
proof only once it replays, like every other; nothing here ever rules a mate out.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.geometry import pawn_attacks
from extract.arbiter.unwinnable.helpmate import best_first, distance_to_mate
from extract.arbiter.unwinnable.tree import Parents, reach, unwind

FAR = 64
MATE_ROUNDS = (400, 4_000)  # positions a mate search from one crowned position may use, round by round
CROWNED_KEPT = 12  # crowned positions kept for the mate searches, the most promising


def crown_distance(board: chess.Board, winner: chess.Color) -> int:
    """How far the winner is from a promotion: over its pawns, the fewest of the squares the pawn has
    to go, two for each piece in its way, and the winner's king's walk (round the pawns, off the
    squares the loser's pawns guard) to the loser's pawn in its way, the one it has to take, or off
    the file when the king itself is in the way."""
    own = board.pieces_mask(chess.PAWN, winner)
    enemy = board.pieces_mask(chess.PAWN, not winner)
    king = board.king(winner)
    if king is None:
        return FAR
    walls = own | pawn_attacks(not winner, enemy)
    best = FAR
    for square in chess.scan_forward(own):
        file, rank = chess.square_file(square), chess.square_rank(square)
        togo = 7 - rank if winner == chess.WHITE else rank
        last = chess.square(file, 7 if winner == chess.WHITE else 0)
        ahead = (chess.between(square, last) | chess.BB_SQUARES[last]) & board.occupied
        guess = togo + 2 * chess.popcount(ahead)
        blockers = ahead & enemy
        if blockers:
            guess += min(walk(walls, target)[king] for target in chess.scan_forward(blockers))
        if ahead & chess.BB_SQUARES[king]:  # the king steps off the file first (it may never)
            steps = walk(walls, king)
            guess += min(steps[other] for other in chess.scan_forward(~chess.BB_FILES[file] & chess.BB_ALL))
        best = min(best, guess)
    return best


def plan(board: chess.Board, winner: chess.Color) -> int:
    """How far the winner is from a promotion (`crown_distance`), a new piece of the loser's not yet
    given up to its pawns counted too. When the winner's pawns can never get through by themselves,
    the loser's must first: the loser's king takes the pawn in the way of one of its own, which is
    crowned and given up to a pawn of the winner's (that changes file and gets through)."""
    own, extra = crown_distance(board, winner), _given_up(board, winner)
    if own < FAR or extra:
        return own + extra if own < FAR else FAR + extra
    return FAR + 2 + crown_distance(board, not winner)


def _given_up(board: chess.Board, winner: chess.Color) -> int:
    """The loser's new pieces (a crowned pawn of its own) are there to be taken by a pawn of the
    winner's, which changes file: the knight moves from the nearest of them to a square one attacks."""
    pieces = board.occupied_co[not winner] & ~board.pawns & ~board.kings
    if not pieces:
        return 0
    table = _leaps(pawn_attacks(winner, board.pieces_mask(chess.PAWN, winner)))
    return 2 + min(table[square] for square in chess.scan_forward(pieces))


@lru_cache(maxsize=1 << 10)
def _leaps(targets: int) -> tuple[int, ...]:
    """Knight moves from each square to the nearest of `targets`."""
    found = [FAR] * 64
    frontier = seen = targets
    step = 0
    while frontier:
        reached = 0
        for square in chess.scan_forward(frontier):
            found[square] = step
            reached |= chess.BB_KNIGHT_ATTACKS[square]
        step += 1
        frontier = reached & ~seen
        seen |= reached
    return tuple(found)


@lru_cache(maxsize=1 << 12)
def walk(walls: int, target: int) -> tuple[int, ...]:
    """King moves from each square to `target`, never through `walls` (`target` itself may be one)."""
    found = [FAR] * 64
    found[target] = 0
    frontier = seen = chess.BB_SQUARES[target]
    step = 0
    while frontier:
        step += 1
        reached = 0
        for square in chess.scan_forward(frontier):
            reached |= chess.BB_KING_ATTACKS[square]
        reached &= ~seen & ~walls
        for square in chess.scan_forward(reached):
            found[square] = step
        seen |= reached
        frontier = reached
    return tuple(found)


def through_promotion(
    board: chess.Board, winner: chess.Color, budget: int
) -> tuple[list[chess.Move] | None, int]:
    """A helpmate by `winner` through one of its promotions, within `budget` positions (the searches
    after each promotion included)."""
    if not board.pieces_mask(chess.PAWN, winner):
        return None, 0
    crowned, used = _crowns(board, winner, budget * 3 // 4)  # the plan is the long part
    ranked = sorted(crowned, key=lambda entry: entry[:2])[:CROWNED_KEPT]
    if ranked and ranked[0][2].is_checkmate():
        return ranked[0][3], used
    for size in MATE_ROUNDS:
        for _, _, after, line in ranked:
            for bare in (False, True):
                if used + size > budget or expired():
                    return None, used
                found, spent = best_first(after, winner, size, bare)
                used += spent
                if found is not None:
                    return line + found, used
    return None, used


def _crowns(
    board: chess.Board, winner: chess.Color, budget: int
) -> tuple[list[tuple[int, int, chess.Board, list[chess.Move]]], int]:
    """Positions just after a promotion of the winner's (to a queen or a knight), found best-first by
    `crown_distance`, each with the moves that lead there and how near a mate it looks."""
    start = board.copy(stack=False)
    root = start._transposition_key()  # noqa: SLF001
    parents: Parents = {root: None}
    queue = [(2 * plan(start, winner), 0, start, root, 0)]
    crowned: list[tuple[int, int, chess.Board, list[chess.Move]]] = []
    counter = 0
    while queue and len(parents) < budget and len(crowned) < 4 * CROWNED_KEPT:
        if not len(parents) & 255 and expired():
            break
        _, _, position, key, depth = heapq.heappop(queue)
        mover = position.turn == winner
        for move in position.generate_legal_moves():
            if move.promotion and not mover and move.promotion != chess.KNIGHT:
                continue  # the loser's new piece is given up to a pawn (a knight reaches any square)
            reached = reach(parents, position, key, move)
            if reached is None:
                continue
            child, child_key = reached
            if move.promotion and mover:
                if move.promotion in (chess.QUEEN, chess.KNIGHT):
                    line = unwind(parents, child_key)
                    crowned.append((distance_to_mate(child, winner, False), len(crowned), child, line))
                continue
            if child.is_check() and not any(child.generate_legal_moves()):
                if child.turn != winner:  # a mate on the way: nothing more to search
                    return [(-1, len(crowned), child, unwind(parents, child_key))], len(parents)
                continue
            counter += 1
            priority = 2 * plan(child, winner) - depth - 1
            heapq.heappush(queue, (priority, counter, child, child_key, depth + 1))
    return crowned, len(parents)
