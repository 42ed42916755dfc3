"""A proof that one colour can never checkmate, by following the pawn structure alone.

Pawns are the only pieces whose moves cannot be undone, so they are the only ones tracked exactly. Every
other piece is reduced to its *region*: the squares it could ever reach with the pawns where they stand,
every other piece treated as absent (so the region is a superset of where it can really go). A king's
region avoids the squares enemy pawns attack. From such an abstract position the only changes that matter
are pawn moves and captures that involve a pawn (a pawn takes something, something takes a pawn); each
gives a new abstract position, with every region grown again under the new pawns.

Over-approximation makes this sound: every real series of moves is followed by a path of abstract
positions in which each real piece stands inside its region. Pieces are kept even when a pawn could take
them (more pieces only ever allow more), a promotion adds both a queen and a knight, and an en passant
capture follows the double step it answers (or the position's own en passant square). If in none of
the abstract positions reached is there a square of the loser's king region that the winner could
attack while every square beside it is attacked by the winner too or filled by the loser
(`can_ever_mate`), the winner can never checkmate. If one can, or there are too many abstract
positions, the analysis says nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import chess

from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.geometry import attacks as attacks
from extract.arbiter.unwinnable.geometry import attacks_from, pawn_attacks
from extract.arbiter.unwinnable.mating import could_mate

Piece = tuple[bool, int, int]  # colour, piece type, region (a bitboard)


@dataclass(frozen=True)
class Abstract:
    """Pawns exactly (one bitboard per colour), every other piece as its region."""

    pawns: tuple[int, int]  # (black, white): indexed by chess.Color
    pieces: tuple[Piece, ...]
    fixed: tuple[Piece, ...] = ()  # pieces that stand where they stand for good (`settle`)

    @property
    def all_pawns(self) -> int:
        return self.pawns[0] | self.pawns[1]

    @property
    def everyone(self) -> tuple[Piece, ...]:
        return self.pieces + self.fixed


@dataclass(frozen=True)
class Verdict:
    """`never_mate`: True when proved; `positions`: abstract positions examined."""

    never_mate: bool
    positions: int
    locked: bool  # no pawn can ever move or capture: the structure stays as it is


def grow(piece: Piece, start: int, pawns: tuple[int, int], fixed: tuple[Piece, ...] = ()) -> int:
    """Every square reachable from `start` (a bitboard) for this piece, only pawns and fixed pieces in
    the way; a king keeps off the squares the other side's pawns and fixed pieces guard for good."""
    return _grow(piece[0], piece[1], start, pawns, fixed)


@lru_cache(maxsize=1 << 15)
def _grow(colour: bool, piece_type: int, start: int, pawns: tuple[int, int], fixed: tuple[Piece, ...]) -> int:
    walls = _squares(fixed)
    occupied = pawns[0] | pawns[1] | walls
    allowed = ~occupied & chess.BB_ALL
    if piece_type == chess.KING:
        allowed &= ~pawn_attacks(not colour, pawns[not colour]) & ~_guarded(fixed, not colour, occupied)
    region = start & ~occupied
    frontier = region
    while frontier:
        reached = attacks_from(piece_type, frontier, occupied) & allowed & ~region
        region |= reached
        frontier = reached
    return region


def _squares(pieces: tuple[Piece, ...]) -> int:
    found = 0
    for _, _, region in pieces:
        found |= region
    return found


def _guarded(fixed: tuple[Piece, ...], colour: bool, occupied: int) -> int:
    """Squares `colour`'s fixed pieces guard whatever else moves: a knight's, and a slider's beside it
    (a square further along the line could be shielded by a piece stepping in between)."""
    found = 0
    for c, piece_type, square_bit in fixed:
        if c == colour:
            square = chess.lsb(square_bit)
            guards = attacks(piece_type, square, occupied)
            found |= guards if piece_type == chess.KNIGHT else guards & chess.BB_KING_ATTACKS[square]
    return found


def settle(pawns: tuple[int, int], movers: tuple[Piece, ...], candidates: tuple[Piece, ...]) -> Abstract:
    """The largest set of `candidates` (pieces on one known square) that can never move and never be
    taken while the pawns stand as they do: every square each attacks holds a pawn or a fixed piece of
    its own side, no enemy pawn attacks it, and no enemy piece's region (grown with the fixed pieces in
    the way) attacks it. Until one of them moves or is taken, none can: so they stay for good. The
    others (`movers`, and candidates that fail) grow their regions with the fixed ones in the way."""
    walls = pawns[0] | pawns[1] | _squares(candidates)
    fixed = tuple(piece for piece in candidates if _stays(piece, candidates, pawns, walls, [0, 0]))
    loose = movers + tuple(piece for piece in candidates if piece not in fixed)  # free to move now
    while True:
        grown = tuple((c, t, grow((c, t, r), r, pawns, fixed)) for c, t, r in loose)
        # A king whose region is one square stands there for good: a wall, and a guard of the
        # squares beside it (kings are never taken). Its region was grown with the walls as they
        # are; each new fixed piece only narrows the others', so the loop ends.
        stuck = tuple(piece for piece in grown if piece[1] == chess.KING and chess.popcount(piece[2]) == 1)
        if stuck:
            fixed += stuck
            loose = tuple(
                piece for piece in loose if piece[1] != chess.KING or piece[0] not in _colours(stuck)
            )
            continue
        occupied = pawns[0] | pawns[1] | _squares(fixed)
        reach = [pawn_attacks(colour, pawns[colour]) for colour in (False, True)]
        for colour, piece_type, region in grown:
            hits = attacks_from(piece_type, region, occupied)
            if piece_type == chess.KING:  # a king takes only what nothing guards
                hits &= ~pawn_attacks(not colour, pawns[not colour]) & ~_guarded(fixed, not colour, occupied)
            reach[colour] |= hits
        for colour, piece_type, square_bit in fixed:  # a king that stands for good takes what is beside it
            if piece_type == chess.KING:
                guards = _guarded(fixed, not colour, occupied) | pawn_attacks(not colour, pawns[not colour])
                reach[colour] |= chess.BB_KING_ATTACKS[chess.lsb(square_bit)] & ~guards
        holds = tuple(
            piece for piece in fixed if piece[1] == chess.KING or _stays(piece, fixed, pawns, occupied, reach)
        )
        if len(holds) == len(fixed):
            return Abstract(pawns, tuple(sorted(grown)), tuple(sorted(fixed)))  # twins stay two
        kings = tuple(piece for piece in holds if piece[1] == chess.KING)  # grown again, walls being fewer
        fixed = tuple(piece for piece in holds if piece[1] != chess.KING)
        loose = (
            loose + kings + tuple(piece for piece in candidates if piece not in holds and piece not in loose)
        )


def _colours(pieces: tuple[Piece, ...]) -> set[bool]:
    return {colour for colour, _, _ in pieces}


def _stays(
    piece: Piece, fixed: tuple[Piece, ...], pawns: tuple[int, int], occupied: int, reach: list[int]
) -> bool:
    colour, piece_type, square_bit = piece
    own = pawns[colour]
    for c, _, region in fixed:
        if c == colour:
            own |= region
    moves = attacks(piece_type, chess.lsb(square_bit), occupied) & ~own
    return not moves and not square_bit & reach[not colour]


def abstract(board: chess.Board) -> Abstract:
    """The board's abstract position: each king and each piece that can move as its region, the pieces
    that can never move nor be taken (`settle`) as they stand."""
    pawns = (board.pieces_mask(chess.PAWN, chess.BLACK), board.pieces_mask(chess.PAWN, chess.WHITE))
    movers: list[Piece] = []
    candidates: list[Piece] = []
    for square, piece in board.piece_map().items():
        if piece.piece_type == chess.PAWN:
            continue
        here: Piece = (piece.color, piece.piece_type, chess.BB_SQUARES[square])
        castles = piece.piece_type == chess.ROOK and board.castling_rights & chess.BB_SQUARES[square]
        (movers if piece.piece_type == chess.KING or castles else candidates).append(here)
    return settle(pawns, tuple(movers), tuple(candidates))


def _regrow(state: Abstract, pawns: tuple[int, int], extra: tuple[Piece, ...] = ()) -> Abstract:
    return settle(pawns, state.pieces + extra, state.fixed)


def _with_pawns(pawns: tuple[int, int], colour: bool, mask: int) -> tuple[int, int]:
    return (mask, pawns[1]) if colour == chess.BLACK else (pawns[0], mask)


def _pawn_moves(state: Abstract, colour: bool) -> Iterator[Abstract]:
    """Pushes, double steps (and the en passant capture that may answer one at once), captures (of
    pawns, of any piece whose region holds the square), promotions."""
    own, enemy = state.pawns[colour], state.pawns[not colour]
    occupied = own | enemy | _squares(state.fixed)
    step = 8 if colour == chess.WHITE else -8
    start_rank = chess.BB_RANK_2 if colour == chess.WHITE else chess.BB_RANK_7
    enemy_regions = 0
    for c, t, region in state.everyone:
        if c != colour and t != chess.KING:
            enemy_regions |= region
    for square in chess.scan_forward(own):
        targets: list[tuple[int, int]] = []  # (destination, enemy pawn taken or 0)
        ahead = square + step
        if not chess.BB_SQUARES[ahead] & occupied:
            targets.append((ahead, 0))
            if chess.BB_SQUARES[square] & start_rank and not chess.BB_SQUARES[ahead + step] & occupied:
                targets.append((ahead + step, 0))
                yield from _en_passant(state, colour, square, ahead + step)
        for target in chess.scan_forward(chess.BB_PAWN_ATTACKS[colour][square]):
            bit = chess.BB_SQUARES[target]
            if bit & enemy:
                targets.append((target, bit))
            elif bit & enemy_regions and not bit & occupied:
                targets.append((target, 0))
        for target, taken in targets:
            yield _moved(state, colour, square, target, taken)


def _moved(state: Abstract, colour: bool, square: int, target: int, taken: int) -> Abstract:
    mine = state.pawns[colour] & ~chess.BB_SQUARES[square]
    extra: tuple[Piece, ...] = ()
    if chess.BB_SQUARES[target] & chess.BB_BACKRANKS:  # a queen and a knight: more than either alone
        extra = (
            (colour, chess.QUEEN, chess.BB_SQUARES[target]),
            (colour, chess.KNIGHT, chess.BB_SQUARES[target]),
        )
    else:
        mine |= chess.BB_SQUARES[target]
    pawns = _with_pawns(state.pawns, colour, mine)
    pawns = _with_pawns(pawns, not colour, pawns[not colour] & ~taken)
    return _regrow(state, pawns, extra)


def _en_passant(state: Abstract, colour: bool, square: int, landed: int) -> Iterator[Abstract]:
    """A double step from `square` to `landed`, answered at once by an enemy pawn beside it."""
    stepped = _moved(state, colour, square, landed, 0)
    passed = (square + landed) // 2
    for beside in chess.scan_forward(chess.BB_PAWN_ATTACKS[colour][passed] & stepped.pawns[not colour]):
        yield _moved(stepped, not colour, beside, passed, chess.BB_SQUARES[landed])


def _pawn_captured(state: Abstract) -> Iterator[Abstract]:
    """A piece (or a king, when no pawn guards the pawn) takes an enemy pawn."""
    occupied = state.all_pawns
    for index, (colour, piece_type, region) in enumerate(state.pieces):
        enemy = state.pawns[not colour]
        reach = attacks_from(piece_type, region, occupied) & enemy
        if piece_type == chess.KING:
            reach &= ~pawn_attacks(not colour, enemy) & ~_guarded(state.fixed, not colour, occupied)
        for target in chess.scan_forward(reach):
            bit = chess.BB_SQUARES[target]
            pawns = _with_pawns(state.pawns, not colour, enemy & ~bit)
            rest = state.pieces[:index] + ((colour, piece_type, region | bit),) + state.pieces[index + 1 :]
            yield _regrow(Abstract(state.pawns, rest, state.fixed), pawns)
    for king in state.fixed:  # a king that stands for good (`settle`) may still take a pawn beside it
        colour, piece_type, square_bit = king
        if piece_type != chess.KING:
            continue
        enemy = state.pawns[not colour]
        guards = pawn_attacks(not colour, enemy) | _guarded(state.fixed, not colour, occupied)
        for target in chess.scan_forward(chess.BB_KING_ATTACKS[chess.lsb(square_bit)] & enemy & ~guards):
            bit = chess.BB_SQUARES[target]
            pawns = _with_pawns(state.pawns, not colour, enemy & ~bit)
            others = tuple(piece for piece in state.fixed if piece != king)
            yield _regrow(
                Abstract(state.pawns, state.pieces, others), pawns, ((colour, chess.KING, square_bit | bit),)
            )


def can_ever_mate(state: Abstract, winner: bool) -> bool:
    """Could `winner` checkmate in a position of this abstract one? A checkmate needs a square of the
    loser's king region that the winner can attack, every neighbour of which the winner can attack too
    or the loser can fill with one of its own pieces or pawns (a neighbour the winner cannot attack and
    the loser cannot fill is a way out, even when a pawn of the winner's stands there undefended).
    Where all the winner's pieces at once could, `mating` asks again with each piece on one square."""
    king_region = blockers = kings = 0
    potential = pawn_attacks(winner, state.pawns[winner])
    for colour, piece_type, region in state.everyone:
        if colour != winner:
            if piece_type == chess.KING:
                king_region |= region
            else:
                blockers |= region
        elif piece_type != chess.KING:
            potential |= attacks_from(piece_type, region, state.all_pawns)
        else:  # the winner's king cannot give check, but guards squares from where it may stand
            kings |= region
    closed = potential | blockers | state.pawns[not winner]
    candidates = 0  # squares where every piece at once could close the net: then one piece each
    for square in chess.scan_forward(king_region & potential):
        around = chess.BB_KING_ATTACKS[square]
        guarded = attacks_from(chess.KING, kings & ~around & ~chess.BB_SQUARES[square], 0)
        if not around & ~(closed | guarded):
            candidates |= chess.BB_SQUARES[square]
    return bool(candidates) and could_mate(state.pawns, state.everyone, winner, candidates)


def never_mate(board: chess.Board, winner: bool, limit: int = 400) -> Verdict:
    """Prove that `winner` can never checkmate, exploring at most `limit` structures."""
    first = abstract(board)
    seen = {first}
    todo = [first]
    for move in board.generate_legal_ep():  # en passant now, if the last move allows it
        after = board.copy(stack=False)
        after.push(move)
        seen.add(abstract(after))
        todo.append(abstract(after))
    locked = True
    made = 0  # abstract positions made, repeats included: the work done
    while todo:
        state = todo.pop()
        if can_ever_mate(state, winner):
            return Verdict(False, made, False)
        for following in _following(state):
            locked = False
            made += 1
            if made > limit or (not made & 255 and expired()):
                return Verdict(False, made, False)
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return Verdict(True, made, locked)


def _following(state: Abstract) -> Iterator[Abstract]:
    for colour in chess.COLORS:
        yield from _pawn_moves(state, colour)
    yield from _pawn_captured(state)
