"""Issue 23: every king-and-pawn position that can still arise, searched on a compact state (`kingpawn`).

The move generator agrees with python-chess's legal moves; a complete search proves no mate, and a
near-identical position with one pawn free gives a helpmate that replays (through a promotion too)."""

from __future__ import annotations

import random

import chess
import pytest

from extract.arbiter.unwinnable import can_checkmate, replays_to_mate
from extract.arbiter.unwinnable.kingpawn import applies, board_of, closure, moves, state_of
from extract.arbiter.unwinnable.reachable import search


def _random_kingpawn_positions(count: int) -> list[chess.Board]:
    """Positions reached by random play from a few king-and-pawn starts (en passant, checks and
    promotions among them)."""
    starts = [
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "8/2p5/3k4/1P6/4P3/8/3K4/8 w - - 0 1",
        "8/1p3k2/8/P1P5/5p2/8/4P1K1/8 w - - 0 1",
    ]
    rng = random.Random(23)
    found = []
    while len(found) < count:
        board = chess.Board(rng.choice(starts))
        for _ in range(rng.randrange(1, 40)):
            legal = [m for m in board.legal_moves if not m.promotion]
            if not legal:
                break
            board.push(rng.choice(legal))
        found.append(board)
    return found


@pytest.mark.parametrize("board", _random_kingpawn_positions(150), ids=lambda b: b.fen())
def test_moves_agree_with_python_chess(board):
    state = state_of(board)
    own = {(chess.Move(a, b, p or None).uci(), child) for (a, b, p), child in moves(state)}
    assert {uci for uci, _ in own} == {m.uci() for m in board.legal_moves}
    for uci, child in own:
        if child is None:
            continue
        after = board.copy(stack=False)
        after.push_uci(uci)
        assert child == state_of(after), uci
        assert board_of(child).epd() == after.epd()


def test_a_locked_structure_is_searched_to_the_end_without_a_mate():
    board = chess.Board("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1")
    found = closure(board, chess.WHITE, 50_000)
    assert found.helpmate is None and found.complete


def test_one_pawn_less_frees_a_pawn_and_the_helpmate_replays():
    board = chess.Board("4k3/8/8/p1p1p3/P1P1P1P1/8/8/4K3 w - - 0 1")  # g-pawn runs: a promotion, then mate
    found = closure(board, chess.WHITE, 50_000)
    assert found.helpmate is not None and not found.complete
    assert replays_to_mate(board, chess.WHITE, found.helpmate)


def test_a_promotion_of_the_losers_never_ends_in_a_proof_of_no_mate():
    board = chess.Board("4k3/8/8/p1p1p1p1/P1P1P1P1/8/7p/4K3 w - - 0 1")  # Black's h-pawn may queen
    found = closure(board, chess.WHITE, 50_000)
    assert not found.complete  # a line through Black's new piece (taken by White's king) may mate
    assert found.helpmate is None or replays_to_mate(board, chess.WHITE, found.helpmate)


def test_a_search_cut_short_proves_nothing():
    board = chess.Board("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1")
    found = closure(board, chess.WHITE, 100)
    assert found.helpmate is None and not found.complete


def test_pieces_other_than_kings_and_pawns_are_not_searched():
    board = chess.Board("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1")
    assert not applies(board)
    assert closure(board, chess.WHITE, 50_000).positions == 0


def test_the_search_agrees_with_python_chess_on_every_position():
    # the same question asked of the search over real boards (`reachable`): the same positions, no mate
    for fen in (
        "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",
        "4k3/8/1p1p1p2/pPpPpPp1/P1P1P1P1/8/8/4K3 b - - 0 1",
        "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
    ):
        board = chess.Board(fen)
        for colour in chess.COLORS:
            compact, real = closure(board, colour, 20_000), search(board, colour, 20_000)
            assert real.complete and compact.complete and compact.helpmate is None is real.helpmate
            assert compact.positions == real.positions


def test_only_running_out_of_moves_rules_the_mate_out():
    # White's king is shut in on h3 behind its own pawns; every pawn move ends against another, so
    # each side in turn runs out of moves: no pawn structure rules the mate out, every position does
    board = chess.Board("7k/8/p1p1p3/6p1/6P1/6PK/P1P1P1PP/8 w - - 0 1")
    for colour in chess.COLORS:
        found = can_checkmate(board, colour)
        assert found.can_checkmate is False
        assert "every position that can still arise was searched" in found.reason


def test_one_pawn_a_square_back_gives_black_a_mate_and_white_no_false_proof():
    # the same, Black's a-pawn one square further from White's: Black has time for a mate
    board = chess.Board("7k/2p1p3/p7/6p1/6P1/6PK/P1P1P1PP/8 w - - 0 1")
    black = can_checkmate(board, chess.BLACK)
    assert black.can_checkmate and replays_to_mate(board, chess.BLACK, black.helpmate)
    assert not closure(board, chess.WHITE, 200_000).complete  # a promotion may still lead to a mate


def test_a_pawn_that_takes_the_losers_new_piece_finds_a_way_through():
    # every file is shut for White's pawns, White's king cannot leave h3: only a black pawn crowned
    # (after Black's king takes a white one) and taken by a white pawn opens a file
    board = chess.Board("7k/p1p1p3/8/6p1/6P1/6PK/P1P1P1PP/8 w - - 0 1")
    found = closure(board, chess.WHITE, 200_000)
    assert found.helpmate is not None and replays_to_mate(board, chess.WHITE, found.helpmate)
    replay = board.copy()
    crowned_then_taken = False
    for uci in found.helpmate:
        move = chess.Move.from_uci(uci)
        piece = replay.piece_at(move.to_square)
        taken_by_pawn = replay.piece_type_at(move.from_square) == chess.PAWN and piece is not None
        crowned_then_taken |= taken_by_pawn and piece.piece_type != chess.PAWN and piece.color == chess.BLACK
        replay.push(move)
    assert crowned_then_taken
