"""Could one colour checkmate in some position where each piece stands somewhere in its region?

The pawn analysis (`regions`) knows each piece only by its region, the squares it may ever stand on.
A checkmate needs one position: the loser's king on a square `s` of its region; one of the winner's
pieces (or pawns) on a square from which it attacks `s`; and every square beside `s` either attacked by
the winner (a pawn, a piece, the king from a square not beside `s`) or filled by one of the loser's
own pieces or pawns. A checking piece that stands beside `s` must itself be guarded, or the king takes
it. Each piece stands on one square, so it attacks from one square and fills one square: that is the
difference from asking whether *some* piece of the winner's could attack each square, which counts a
lone bishop as a checker and as a guard of every flight square at once.

The check leaves out whatever only makes a mate harder (the loser taking or blocking the checker,
pieces in each other's way, whose move it is), so when it says no, no mate exists in any position of
the abstract one. It searches, for each king square, which piece covers the first square still open,
remembering the open squares and the pieces used (at most eight squares, a few pieces).
"""

from __future__ import annotations

from collections.abc import Iterable

import chess

from extract.arbiter.unwinnable.geometry import attacks, pawn_attacks

Piece = tuple[bool, int, int]  # colour, piece type, region (a bitboard)


class _Net:
    """The pieces of one abstract position, sorted into what a mating net can use."""

    def __init__(self, pawns: tuple[int, int], pieces: Iterable[Piece], winner: bool) -> None:
        self.occupied = pawns[0] | pawns[1]
        self.fixed = pawn_attacks(winner, pawns[winner]) | pawns[not winner]
        self.pawn_checks = pawn_attacks(winner, pawns[winner])
        self.king_region = 0
        self.fillers: list[int] = []  # the loser's pieces: each fills one square of its region
        self.guards: list[tuple[int, int]] = []  # the winner's: (piece type, region)
        for colour, piece_type, region in pieces:
            if colour != winner:
                if piece_type == chess.KING:
                    self.king_region |= region
                else:
                    self.fillers.append(region)
            else:
                self.guards.append((piece_type, region))
        self.count = len(self.guards)

    def covers(self, index: int, first: int, target: int) -> list[int]:
        """The different sets of squares among `target` (the largest only) that guard `index` attacks
        from one square of its region from which it attacks `first`, one of them."""
        key = (index, first, target)
        known = self.known.get(key)
        if known is not None:
            return known
        piece_type, region = self.guards[index]
        sources = attacks(piece_type, chess.lsb(first), self.occupied)  # attacks are symmetric
        found: set[int] = set()
        for square in chess.scan_forward(region & sources & self.allowed(index)):
            found.add(attacks(piece_type, square, self.occupied) & target)
        best = [c for c in found if not any(c != d and c & d == c for d in found)]
        self.known[key] = best
        return best

    def allowed(self, index: int) -> int:
        """Where guard `index` may stand: the winner's king never beside the loser's."""
        if self.guards[index][0] == chess.KING:
            return ~(self.around | chess.BB_SQUARES[self.square]) & chess.BB_ALL
        return ~chess.BB_SQUARES[self.square] & chess.BB_ALL

    def mate_on(self, square: int) -> bool:
        """A mate with the loser's king on `square`."""
        self.square, self.around = square, chess.BB_KING_ATTACKS[square]
        self.seen: set[tuple[int, int, int, int]] = set()
        self.known: dict[tuple[int, int, int], list[int]] = {}
        need = self.around & ~self.fixed
        bit = chess.BB_SQUARES[square]
        if bit & self.pawn_checks and self._cover(need, 0, 0, 0):
            return True
        for index, (piece_type, region) in enumerate(self.guards):
            if piece_type == chess.KING:
                continue
            checks = attacks(piece_type, square, self.occupied) & region & ~bit  # symmetric
            options = set()
            for where in chess.scan_forward(checks):
                here = chess.BB_SQUARES[where]
                guard = attacks(piece_type, where, self.occupied)
                beside = here & self.around & ~self.fixed  # a checker the king could take
                options.add(((need & ~guard) | beside, here & self.around))
            for open_squares, taken in options:
                if self._cover(open_squares, taken, 1 << index, 0):
                    return True
        return False

    def _cover(self, open_squares: int, taken: int, used: int, filled: int) -> bool:
        """Cover every square of `open_squares` with the guards not in `used` (attacking it) or the
        fillers not in `filled` (standing on it, never on `taken`, the checker's square)."""
        if not open_squares:
            return True
        key = (open_squares, taken, used, filled)
        if key in self.seen:
            return False
        self.seen.add(key)
        first = open_squares & -open_squares
        if not first & taken:
            for index, region in enumerate(self.fillers):
                fits = not filled >> index & 1 and region & first
                if fits and self._cover(open_squares & ~first, taken, used, filled | 1 << index):
                    return True
        for index in range(self.count):
            if used >> index & 1:
                continue
            for covered in self.covers(index, first, open_squares):
                if self._cover(open_squares & ~covered, taken, used | 1 << index, filled):
                    return True
        return False


def could_mate(pawns: tuple[int, int], pieces: Iterable[Piece], winner: bool, squares: int) -> bool:
    """Could `winner` checkmate with the loser's king on one of `squares` (part of its region), each
    piece on one square of its region and the pawns where they stand?"""
    net = _Net(pawns, pieces, winner)
    return any(net.mate_on(square) for square in chess.scan_forward(squares & net.king_region))
