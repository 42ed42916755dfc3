"""Squares pieces attack, as bitboards: what the pawn analysis (`regions`), the mating-net check
(`mating`) and the helpmate searches share."""

from __future__ import annotations

from functools import lru_cache

import chess


def attacks(piece_type: int, square: int, occupied: int) -> int:
    """The squares a piece of `piece_type` on `square` attacks with `occupied` blocking sliders."""
    if piece_type == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    if piece_type == chess.KING:
        return chess.BB_KING_ATTACKS[square]
    found = 0
    if piece_type in (chess.BISHOP, chess.QUEEN):
        found |= chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece_type in (chess.ROOK, chess.QUEEN):
        found |= chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
        found |= chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]
    return found


@lru_cache(maxsize=1 << 16)
def attacks_from(piece_type: int, region: int, occupied: int) -> int:
    """Every square a piece of `piece_type` attacks from some square of `region` (remembered: the
    same regions recur across the pawn analysis's abstract positions)."""
    found = 0
    for square in chess.scan_forward(region):
        found |= attacks(piece_type, square, occupied)
    return found


def pawn_attacks(colour: bool, pawns: int) -> int:
    """The squares `colour`'s pawns on `pawns` attack."""
    found = 0
    for square in chess.scan_forward(pawns):
        found |= chess.BB_PAWN_ATTACKS[colour][square]
    return found
