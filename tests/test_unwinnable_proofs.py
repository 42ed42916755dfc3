"""Issue 23, the "cannot checkmate" proofs: the mating net with one square per piece (`mating`), pieces
that stand for good (`regions.settle`), and every reachable position searched with many pieces too.
Hand-made positions and regions only."""

from __future__ import annotations

import chess

from extract.arbiter.unwinnable import REGION_STRUCTURES, REGION_STRUCTURES_DEEP, replays_to_mate
from extract.arbiter.unwinnable.mating import could_mate
from extract.arbiter.unwinnable.pattern import aimed, targets
from extract.arbiter.unwinnable.regions import abstract, never_mate, settle

ALL = chess.BB_ALL
NO_PAWNS = (0, 0)


def bb(*names: str) -> int:
    found = 0
    for name in names:
        found |= chess.BB_SQUARES[chess.parse_square(name)]
    return found


def test_one_bishop_cannot_check_and_guard_both_flight_squares_of_another_colour():
    # Black's king on a8 only; White's bishop anywhere, White's king on b6 (guards a7 and b7).
    pieces = [
        (chess.BLACK, chess.KING, bb("a8")),
        (chess.WHITE, chess.BISHOP, ALL),
        (chess.WHITE, chess.KING, bb("b6")),
    ]
    assert not could_mate(NO_PAWNS, pieces, chess.WHITE, ALL)  # b8 stays open
    blocker = (chess.BLACK, chess.KNIGHT, bb("b8"))  # Black's own piece on b8 closes the net
    assert could_mate(NO_PAWNS, [*pieces, blocker], chess.WHITE, ALL)


def test_two_bishops_with_one_region_count_as_two():
    pieces = [
        (chess.BLACK, chess.KING, bb("a8")),
        (chess.WHITE, chess.KING, bb("c6")),  # guards b7 (and not a7 or b8)
        (chess.WHITE, chess.BISHOP, chess.BB_DARK_SQUARES),
    ]
    assert not could_mate(NO_PAWNS, pieces, chess.WHITE, ALL)  # one dark bishop: a7 or b8 stays open
    light = (chess.WHITE, chess.BISHOP, chess.BB_LIGHT_SQUARES)
    twin = (chess.WHITE, chess.BISHOP, chess.BB_DARK_SQUARES)
    # a light bishop gives check from d5; no dark square attacks both a7 and b8, so two dark bishops
    # are needed to guard them: twins with the same region must not be merged into one
    assert not could_mate(NO_PAWNS, [*pieces, light], chess.WHITE, ALL)
    assert could_mate(NO_PAWNS, [*pieces, light, twin], chess.WHITE, ALL)


def test_a_checker_beside_the_king_must_be_guarded():
    # a queen on b7 checks a8 and guards a7, b8; only the king on a8 can take it unless guarded
    pieces = [
        (chess.BLACK, chess.KING, bb("a8")),
        (chess.WHITE, chess.QUEEN, bb("b7")),
        (chess.WHITE, chess.KING, bb("h1")),
    ]
    assert not could_mate(NO_PAWNS, pieces, chess.WHITE, ALL)
    guard = [
        (chess.BLACK, chess.KING, bb("a8")),
        (chess.WHITE, chess.QUEEN, bb("b7")),
        (chess.WHITE, chess.KING, bb("c6")),
    ]
    assert could_mate(NO_PAWNS, guard, chess.WHITE, ALL)


def test_a_piece_boxed_in_by_its_own_blocked_pawns_stands_for_good():
    # White's knight on a1: its squares b3 and c2 hold White pawns that Black's pawns block
    pawns = (bb("b4", "c3"), bb("b3", "c2"))
    knight = (chess.WHITE, chess.KNIGHT, bb("a1"))
    state = settle(pawns, (), (knight,))
    assert state.fixed == (knight,) and state.pieces == ()
    rook = (chess.BLACK, chess.ROOK, bb("h1"))  # a rook that can reach the first rank takes it
    taken = settle(pawns, (rook,), (knight,))
    assert taken.fixed == () and {p[1] for p in taken.pieces} == {chess.KNIGHT, chess.ROOK}


def test_a_piece_its_pawns_guard_cannot_be_taken_by_the_king():
    # White's bishop on b3: a2, c2, a4, c4 hold its own pawns (the last two blocked); a2 and c2 guard it
    board = chess.Board("7k/8/8/p1p5/P1P5/1B6/P1P5/7K w - - 0 1")
    state = abstract(board)
    assert [(c, t, chess.square_name(chess.lsb(r))) for c, t, r in state.fixed] == [
        (chess.WHITE, chess.BISHOP, "b3")
    ]
    (black_king,) = [r for c, t, r in state.pieces if c == chess.BLACK]
    assert black_king & bb("b4", "a3") and not black_king & bb("b3")


def test_a_helpmate_aimed_at_a_mating_picture_replays():
    # King and bishop against king and bishop of the other colour: the loser's own bishop must block
    board = chess.Board("2b1k3/8/8/8/8/2K1B3/8/8 w - - 0 1")
    pictures = targets(board, chess.WHITE)
    assert pictures and all(picture[0][:2] == (chess.BLACK, chess.KING) for picture in pictures)
    line, used = aimed(board, chess.WHITE, 4_000)
    assert line is not None and used <= 4_000
    assert replays_to_mate(board, chess.WHITE, [move.uci() for move in line])


def test_no_picture_when_the_winner_has_nothing_to_check_with():
    board = chess.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert targets(board, chess.WHITE) == []
    assert aimed(board, chess.WHITE, 1_000) == (None, 0)


def test_a_king_with_one_square_stands_for_good_and_guards_its_pawn():
    # White's king on h1 can never move (g1 attacked by h2, h2 guarded by g3, g2 its own blocked pawn):
    # it guards g2 for good, so Black's king can never take it, and Black's dark bishop never checks h1
    board = chess.Board("7k/8/8/2b5/8/6p1/6Pp/7K b - - 0 1")
    assert (chess.WHITE, chess.KING, bb("h1")) in abstract(board).fixed
    assert never_mate(board, chess.BLACK).never_mate
    # without g3, h2 is unguarded: the king takes it and walks out, and no proof is given
    free = chess.Board("7k/8/8/2b5/8/8/6Pp/7K b - - 0 1")
    assert not never_mate(free, chess.BLACK).never_mate


def test_pictures_use_the_pieces_on_the_board_before_a_crowned_pawn():
    board = chess.Board("7k/8/8/8/8/8/P7/4K2R w - - 0 1")
    pictures = targets(board, chess.WHITE)
    assert pictures and all(piece[1] != chess.QUEEN for piece in pictures[0])


def test_the_losers_pawn_crowned_as_a_knight_blocks_its_own_king():
    # Black's king and bishop against White's king and pawn: Black mates only with White's new piece
    # beside White's king (a queen would block the bishop's check), so the picture names a White knight
    board = chess.Board("8/6P1/8/3K4/8/8/1k6/b7 w - - 0 1")
    pictures = targets(board, chess.BLACK)
    assert any(piece[:2] == (chess.WHITE, chess.KNIGHT) for picture in pictures for piece in picture)
    line, used = aimed(board, chess.BLACK, 4_000, 4)
    assert line is not None and used <= 4_000
    assert replays_to_mate(board, chess.BLACK, [move.uci() for move in line])


def test_the_last_stage_follows_many_more_pawn_structures():
    # four locked files, three with a free pawn each side still to move: the structures multiply
    # (each free pawn may stop on several squares) past the first stage's limit, yet in none of them
    # can a king be reached: the deeper pass proves it
    board = chess.Board("4k3/p1p1p1p1/P1P1P1P1/p1p1p3/8/8/P1P1P3/4K3 w - - 0 1")
    assert not never_mate(board, chess.WHITE, REGION_STRUCTURES).never_mate
    assert never_mate(board, chess.WHITE, REGION_STRUCTURES_DEEP).never_mate
