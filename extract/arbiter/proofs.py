"""A helpmate found for one position of a game, carried to the next position (Art. 5.2.2).

After every move the arbiter asks whether the position is dead; a long game asks it thousands of times,
and a fresh search costs tens of milliseconds in an open middlegame. Yet one helpmate that replays is a
proof that the position is not dead, and the proof of the position before the move usually carries
over: the move played may be the line's first move, or (for a move that can be taken back: no pawn
move, capture, castling or promotion) the other side can make a move, the moved piece go back and the
other side's move be taken back, which gives the position before the move again (the same pieces,
side to move, castling rights and en passant square), from which the line mates as it did. Each such
detour is played on a copy and must arrive exactly there, so a carried proof is as exact as the first;
when none does, or the line would grow past `MAX_PLIES`, the analysis searches afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import chess

MAX_PLIES = 200  # a longer line is not wrong, but a fresh search finds a short one
DETOURS = 6  # moves of the other side tried for the there-and-back


@dataclass(frozen=True)
class Proof:
    """`colour` can checkmate from `epd`, the position after `ply` half-moves of the game: `line` (UCI)
    replays to its checkmate."""

    colour: chess.Color
    ply: int
    epd: str
    line: tuple[str, ...]


def proof_at(board: chess.Board, colour: chess.Color, line: tuple[str, ...]) -> Proof:
    """The analysis's helpmate for `colour` from the position on `board`, kept as a proof."""
    return Proof(colour, len(board.move_stack), board.epd(), line)


def remember(proof: Proof) -> None:
    """Keep a proof for its position: every edition replays the same game, and asks the same question
    of the same positions."""
    if len(_LIVE) >= _LIVE_MAX:
        _LIVE.pop(next(iter(_LIVE)))
    _LIVE[proof.epd] = proof


def known(board: chess.Board) -> Proof | None:
    """A proof kept for the position on `board` (from any game), as a proof of this game's position."""
    proof = _LIVE.get(board.epd())
    return None if proof is None else replace(proof, ply=len(board.move_stack))


_LIVE: dict[str, Proof] = {}
_LIVE_MAX = 10_000


def carried(proof: Proof | None, board: chess.Board) -> Proof | None:
    """The proof of the position before the last move, carried to `board`; None if it does not carry."""
    if proof is None:
        return None
    ply = len(board.move_stack)
    if proof.ply == ply and proof.epd == board.epd():
        return proof
    if proof.ply != ply - 1 or not board.move_stack:
        return None
    before = board.copy(stack=1)
    move = before.pop()
    if before.epd() != proof.epd:
        return None
    here = board.epd()
    for line in _candidates(board, move, proof):
        if len(line) <= MAX_PLIES:
            return Proof(proof.colour, ply, here, line)
    return None


def _candidates(board: chess.Board, move: chess.Move, proof: Proof) -> Iterator[tuple[str, ...]]:
    """Lines that mate from `board`: the proof's own line after its first move, if that was the move
    played; else a detour back to the proof's position (played out here) followed by its line."""
    if proof.line and proof.line[0] == move.uci():
        yield proof.line[1:]
        return
    if not _reversible(board, move):
        return
    back = chess.Move(move.to_square, move.from_square)
    tried = 0
    for detour in board.legal_moves:  # each tried on a copy: `board` is not changed meanwhile
        if tried >= DETOURS:
            return
        if board.is_capture(detour) or board.is_castling(detour) or detour.promotion:
            continue
        if board.piece_type_at(detour.from_square) == chess.PAWN:
            continue
        tried += 1
        undo = chess.Move(detour.to_square, detour.from_square)
        if _arrives(board, (detour, back, undo), proof.epd):
            yield (detour.uci(), back.uci(), undo.uci(), *proof.line)


def _arrives(board: chess.Board, moves: tuple[chess.Move, ...], epd: str) -> bool:
    """Each move legal in turn on a copy of `board`, ending in the position `epd`."""
    replay = board.copy(stack=False)
    for move in moves:
        if not replay.is_legal(move):
            return False
        replay.push(move)
    return replay.epd() == epd


def _reversible(board: chess.Board, move: chess.Move) -> bool:
    """The last move (already on `board`) can be taken back: no capture or pawn move (the fifty-move
    counter did not restart), no promotion, no castling."""
    piece = board.piece_type_at(move.to_square)
    castled = piece == chess.KING and chess.square_distance(move.from_square, move.to_square) > 1
    return board.halfmove_clock > 0 and move.promotion is None and not castled and piece is not None
