"""A helpmate search aimed at one mating pattern, for the positions the proofs could not close.

The mating-net check (`mating`) asks whether a checkmate could exist; here the same reasoning, on the
real pieces, *builds* one: a square for the loser's king (corners and edges first), a square for the
checking piece, and for each square beside the king either a guard of the winner's (standing where
it attacks it) or one of the loser's own pieces filling it. That picture is the target: a best-first
search then plays the moves that bring each piece nearest its square (moves counted along the pawns,
which stay where they are), both sides cooperating, until a checkmate by the winner appears. The
picture only guides; what counts is the checkmate the search reaches, replayed like every other.
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.geometry import attacks, pawn_attacks
from extract.arbiter.unwinnable.regions import grow
from extract.arbiter.unwinnable.tree import ranked_search

Target = tuple[bool, int, int]  # colour, piece type, square it should stand on
FAR = 12


def targets(board: chess.Board, winner: chess.Color, limit: int = 6) -> list[tuple[Target, ...]]:
    """Up to `limit` mating pictures, each a piece of the right kind for every square it names."""
    pawns = (board.pieces_mask(chess.PAWN, chess.BLACK), board.pieces_mask(chess.PAWN, chess.WHITE))
    occupied = pawns[0] | pawns[1]
    pieces = []
    for square, piece in board.piece_map().items():
        if piece.piece_type != chess.PAWN:
            start = chess.BB_SQUARES[square]
            pieces.append(
                (piece.color, piece.piece_type, grow((piece.color, piece.piece_type, 0), start, pawns))
            )
    crowned: dict[bool, list[tuple[bool, int, int]]] = {winner: [], not winner: []}
    for colour in chess.COLORS:  # a pawn may come back as a queen (the loser's, to block its king)
        for square in chess.scan_forward(pawns[colour]):
            rank = 7 if colour == chess.WHITE else 0
            last = chess.BB_SQUARES[chess.square(chess.square_file(square), rank)]
            kind = chess.QUEEN if colour == winner else chess.KNIGHT  # a blocker that cannot block a check
            crowned[colour].append((colour, kind, grow((colour, kind, 0), last, pawns)))
    king = next((p for p in pieces if p[0] != winner and p[1] == chess.KING), None)
    if king is None:
        return []
    fixed = pawn_attacks(winner, pawns[winner]) | pawns[not winner]
    found: list[tuple[Target, ...]] = []
    squares = sorted(chess.scan_forward(king[2]), key=_edge)
    # Pictures with the pieces on the board first (a crowning is a long detour, and a blocked pawn
    # may never be crowned at all), then those that need a new queen of the winner's, then a new
    # knight of the loser's too (a queen could block the check); within each, the pictures the pieces
    # are nearest first (of a few times `limit` found, corners and edges first).
    choices = [pieces]
    for extra in (crowned[winner], crowned[winner] + crowned[not winner]):
        if extra and len(choices[-1]) < len(pieces) + len(extra):
            choices.append(pieces + extra)
    for choice in choices:
        batch: list[tuple[Target, ...]] = []
        for square in squares:
            if any(picture[0][2] == square for picture in found):
                continue
            for picture in _pictures(square, choice, winner, occupied, fixed):
                batch.append(((not winner, chess.KING, square), *picture))
                break  # one picture per king square: variety matters more than number
            if len(batch) >= 3 * limit:
                break
        found += sorted(batch, key=lambda picture: _measure(board, _maps(picture, board.pawns)))
        if len(found) >= limit:
            return found[:limit]
    return found


def _edge(square: int) -> tuple[int, int]:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return min(file, 7 - file) + min(rank, 7 - rank), min(file, 7 - file, rank, 7 - rank)


def _pictures(
    square: int, pieces: list[tuple[bool, int, int]], winner: bool, occupied: int, fixed: int
) -> Iterator[tuple[Target, ...]]:
    around = chess.BB_KING_ATTACKS[square]
    need = around & ~fixed
    for index, (colour, piece_type, region) in enumerate(pieces):
        if colour != winner or piece_type == chess.KING:
            continue
        for where in chess.scan_forward(attacks(piece_type, square, occupied) & region):
            here = chess.BB_SQUARES[where]
            open_squares = (need & ~attacks(piece_type, where, occupied)) | (here & around & ~fixed)
            used = {index}
            plan = _cover(open_squares, here, pieces, winner, occupied, square, used, here)
            if plan is not None:
                yield ((winner, piece_type, where), *plan)
                return


def _cover(
    open_squares: int,
    taken: int,
    pieces: list[tuple[bool, int, int]],
    winner: bool,
    occupied: int,
    king: int,
    used: set[int],
    standing: int,
    depth: int = 0,
) -> list[Target] | None:
    """Pieces (not in `used`) for every square of `open_squares`: the first way found."""
    if not open_squares:
        return []
    if depth > 8:
        return None
    first = open_squares & -open_squares
    keep_off = chess.BB_KING_ATTACKS[king] | chess.BB_SQUARES[king]
    for index, (colour, piece_type, region) in enumerate(pieces):
        if index in used or piece_type == chess.KING and colour != winner:
            continue
        if colour != winner:
            if first & taken or not region & first:
                continue
            rest = _cover(
                open_squares & ~first,
                taken,
                pieces,
                winner,
                occupied,
                king,
                used | {index},
                standing | first,
                depth + 1,
            )
            if rest is not None:
                return [(colour, piece_type, chess.lsb(first)), *rest]
            continue
        sources = attacks(piece_type, chess.lsb(first), occupied) & region & ~keep_off & ~standing
        for where in chess.scan_forward(sources):
            covered = attacks(piece_type, where, occupied) & open_squares
            rest = _cover(
                open_squares & ~covered,
                taken,
                pieces,
                winner,
                occupied,
                king,
                used | {index},
                standing | chess.BB_SQUARES[where],
                depth + 1,
            )
            if rest is not None:
                return [(colour, piece_type, where), *rest]
    return None


def _distances(piece_type: int, target: int, pawns: int) -> list[int]:
    """Moves a piece of `piece_type` needs from each square to `target`, around the pawns."""
    found = [FAR] * 64
    found[target] = 0
    frontier, seen, step = chess.BB_SQUARES[target], chess.BB_SQUARES[target], 0
    while frontier:
        step += 1
        reached = 0
        for square in chess.scan_forward(frontier):
            reached |= attacks(piece_type, square, pawns)
        reached &= ~seen & ~pawns
        for square in chess.scan_forward(reached):
            found[square] = step
        seen |= reached
        frontier = reached
    return found


def _crowning(position: chess.Board, colour: chess.Color, table: list[int]) -> int:
    """The fewest moves for one of `colour`'s pawns to reach the last rank and go on as a new piece to
    the square `table` measures, each pawn standing in its way counting as two more (it must be taken)."""
    best = FAR * 2
    last = 7 if colour == chess.WHITE else 0
    for square in chess.scan_forward(position.pieces_mask(chess.PAWN, colour)):
        file, rank = chess.square_file(square), chess.square_rank(square)
        between = chess.BB_FILES[file] & chess.between(square, chess.square(file, last))
        blockers = chess.popcount(between & position.pawns) + bool(
            position.pawns & chess.BB_SQUARES[chess.square(file, last)]
        )
        best = min(best, abs(last - rank) + 2 * blockers + table[chess.square(file, last)])
    return best


Maps = list[tuple[bool, int, list[int]]]


def _maps(picture: tuple[Target, ...], pawns: int) -> Maps:
    """For each piece of the picture, the moves from each square to its square there."""
    return [
        (colour, piece_type, _distances(piece_type, square, pawns)) for colour, piece_type, square in picture
    ]


def _measure(position: chess.Board, maps: Maps) -> int:
    """How far the pieces of `position` are from the picture `maps` measures: the sum, over the
    picture's pieces, of the moves the nearest piece of that kind needs to its square."""
    total = 0
    for colour, piece_type, table in maps:
        mask = position.pieces_mask(piece_type, colour)
        near = min((table[s] for s in chess.scan_forward(mask)), default=FAR)
        if piece_type == chess.QUEEN or near == FAR and piece_type != chess.KING:  # or a pawn crowned
            near = min(near, _crowning(position, colour, table))
        total += near
    return total


def toward(
    board: chess.Board, winner: chess.Color, picture: tuple[Target, ...], budget: int
) -> tuple[list[chess.Move] | None, int]:
    """Best-first toward `picture`: the position nearest it (each piece's moves to its square) first."""
    maps = _maps(picture, board.pawns)

    return ranked_search(board, winner, budget, lambda position, _: _measure(position, maps))


def aimed(
    board: chess.Board, winner: chess.Color, budget: int, limit: int = 6
) -> tuple[list[chess.Move] | None, int]:
    """A helpmate by `winner` found by aiming at each of `limit` mating pictures in turn, within
    `budget` positions."""
    pictures = targets(board, winner, limit)
    used = 0
    for number, picture in enumerate(pictures):
        share = (budget - used) // (len(pictures) - number)
        line, spent = toward(board, winner, picture, share)
        used += spent
        if line is not None or expired():
            return line, used
    return None, used
