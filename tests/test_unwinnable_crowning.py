"""Issue 23, the last stages: a helpmate through a promotion planned first (`crowning`), and every
reachable position searched again, many more of them, when few pieces are left. Hand-made positions,
each beside a near-identical one where no proof may be given."""

from __future__ import annotations

import chess
import pytest

from extract.arbiter.unwinnable import _last, can_checkmate, replays_to_mate
from extract.arbiter.unwinnable.crowning import FAR, crown_distance, plan, through_promotion
from extract.arbiter.unwinnable.reachable import search

# A wall of pawns across the board, every pawn blocked. White's rook can only give itself up on d3
# (or b3, f3, h3): the pawn that takes it frees one of White's, which walks to the last rank.
WALL_AND_ROOK = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/R3K3 w - - 0 1"
WALL_ONLY = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1"
# White's king shut in on h3/h4 behind locked pawns; a mate on h4 needs Black's king on h2 first, and
# White would then have no move left before the check: only a search of every position shows it.
SHUT_IN = "8/8/k6p/5p1P/5p2/2b2PpK/6P1/8 w - - 0 1"


def test_a_pawn_freed_by_a_sacrifice_is_crowned_and_the_helpmate_replays():
    board = chess.Board(WALL_AND_ROOK)
    line, used = through_promotion(board, chess.WHITE, 20_000)
    assert line is not None and used <= 20_000
    moves = [move.uci() for move in line]
    assert any(len(uci) == 5 for uci in moves[::2])  # White crowned a pawn on the way
    assert replays_to_mate(board, chess.WHITE, moves)


def test_without_the_rook_no_promotion_is_found_and_the_analysis_says_no():
    board = chess.Board(WALL_ONLY)
    line, _ = through_promotion(board, chess.WHITE, 20_000)
    assert line is None
    assert can_checkmate(board, chess.WHITE, 4_000).can_checkmate is False


def test_the_distance_counts_the_kings_walk_to_the_pawn_in_the_way():
    free = chess.Board("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")
    assert crown_distance(free, chess.WHITE) == 6
    blocked = chess.Board("4k3/8/p7/8/8/8/P7/4K3 w - - 0 1")  # the king takes a6 (round b5)
    assert crown_distance(blocked, chess.WHITE) == 6 + 2 + 5
    walled = chess.Board(WALL_ONLY)  # the king can never reach a pawn in the way
    assert crown_distance(walled, chess.WHITE) >= FAR


def test_nothing_to_crown_nothing_searched():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert through_promotion(board, chess.WHITE, 1_000) == (None, 0)


@pytest.mark.parametrize("colour", chess.COLORS)
def test_few_pieces_searched_to_the_end_in_the_last_stage(colour):
    board = chess.Board(SHUT_IN)
    assert not search(board, colour, 4_000).complete  # the earlier stage's share is not enough
    name = chess.COLOR_NAMES[colour].capitalize()
    found = _last(board, colour, name, 4_000, 0)  # the last stage's is
    assert found is not None and found.can_checkmate is False
    assert found.reason.startswith("every position that can still arise was searched")


def test_a_spare_pawn_move_gives_black_the_tempo_and_a_helpmate_that_replays():
    # The same with a White pawn on b2 (and a Black one on b5 to stop it): White can wait a move while
    # Black's king stands on h2, so the mate on h4 is there.
    board = chess.Board("8/8/k6p/1p3p1P/5p2/2b2PpK/1P4P1/8 w - - 0 1")
    found = can_checkmate(board, chess.BLACK, 4_000)
    assert found.can_checkmate is True
    assert replays_to_mate(board, chess.BLACK, found.helpmate)


# White's king shut in on a3 by its own pawns (a4 and c4 guarded by b5): White's a-pawn is not free,
# and none of White's pawns can get past Black's by itself.
SHUT_IN_KING = "k7/3p1p2/7p/1p6/1P6/KP6/PP1P1P1P/8 w - - 0 1"


def test_a_king_that_can_never_leave_its_pawns_file_frees_nothing():
    board = chess.Board(SHUT_IN_KING)
    assert crown_distance(board, chess.WHITE) >= FAR


def test_the_plan_goes_through_the_losers_new_knight_given_up_to_a_pawn():
    shut = chess.Board(SHUT_IN_KING)
    # Black's king has taken d2 and its d-pawn stands one step from the last rank ...
    near = chess.Board("8/2k2p2/5P1p/1p5P/1P6/KP6/PP1p4/8 b - - 0 1")
    # ... is crowned a knight, one leap from c3, where b2 takes it ...
    crowned = chess.Board("8/2k2p2/5P1p/1p5P/1P6/KP6/PP6/3n4 w - - 0 1")
    # ... and White's pawn on c3 walks to c8 by itself.
    taken = chess.Board("8/2k2p2/5P1p/1p5P/1P6/KPP5/P7/8 w - - 0 1")
    steps = [plan(board, chess.WHITE) for board in (shut, near, crowned, taken)]
    assert steps[0] > steps[1] and steps[2] > FAR > steps[3]
    assert steps[1] == FAR + 2 + crown_distance(near, chess.BLACK)
