"""Issue 23, speed: the narrow helpmate search, a helpmate carried over a move, and `position`'s time
limit shared by many positions. Every answer still replays or is said to be undecided; none is a guess."""

from __future__ import annotations

import json
import time

import chess
import pytest
from click.testing import CliRunner

from extract.arbiter.unwinnable import after_move, can_checkmate, is_dead, out_of_time, replays_to_mate
from extract.arbiter.unwinnable.carry import candidates, remember
from extract.arbiter.unwinnable.helpmate import attack_map, best_first
from extract.arbiter.unwinnable.position import analyse_all, parse_fen
from extract.arbiter.unwinnable.tree import bare_copy
from extract.cli import main

# Real final positions (Lichess games, CHA's sample) where each side can still mate.
OPEN = (
    "6k1/6pp/8/1p1N4/8/p6P/5PPK/8 b - - 1 45",
    "2k1r3/1p6/p7/8/2P5/rP2N2P/4pK2/2R1R3 w - - 2 43",
    "8/8/2p1kpp1/4n2p/4P3/2N2K2/2P3P1/8 w - - 2 42",
)


@pytest.mark.parametrize("fen", OPEN)
@pytest.mark.parametrize("colour", chess.COLORS)
def test_the_narrow_search_finds_a_mate_that_replays(fen, colour):
    board = chess.Board(fen)
    found = None
    for bare in (True, False):
        found, _ = best_first(board, colour, 3_000, bare, replies=2)
        if found:
            break
    assert found is not None
    assert replays_to_mate(board, colour, [move.uci() for move in found])


def test_the_narrow_search_never_claims_a_mate_that_is_not_there():
    board = chess.Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")  # a lone knight cannot mate a lone king
    assert best_first(board, chess.WHITE, 500, False, replies=1)[0] is None
    assert best_first(board, chess.WHITE, 500, False)[0] is None


@pytest.mark.parametrize("replies", (0, 1))
def test_a_search_from_a_position_in_check_plays_its_evasions_and_its_mate_replays(replies):
    board = chess.Board("4k3/8/8/8/8/8/8/4RK2 b - - 0 1")  # Black's king in check from the rook
    found, _ = best_first(board, chess.WHITE, 3_000, True, replies)
    assert found is not None
    assert replays_to_mate(board, chess.WHITE, [move.uci() for move in found])
    assert best_first(board, chess.BLACK, 300, False, replies)[0] is None  # a lone king never mates


def test_a_search_copy_has_every_field_of_python_chess_copy_and_leaves_the_board_alone():
    board = chess.Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    board.push(chess.Move.from_uci("e1g1"))
    copied = bare_copy(board)
    assert copied.__dict__ == board.copy(stack=False).__dict__  # a new python-chess field fails here
    copied.push(chess.Move.from_uci("a8a1"))
    assert board.fen() == "r3k2r/8/8/3pP3/8/8/8/R4RK1 b kq - 1 1" and board.move_stack


def test_attack_map_agrees_with_python_chess():
    for fen in (*OPEN, chess.STARTING_FEN):
        board = chess.Board(fen)
        for colour in chess.COLORS:
            expected = 0
            for square in chess.SQUARES:
                if board.is_attacked_by(colour, square):
                    expected |= chess.BB_SQUARES[square]
            assert attack_map(board, colour, board.occupied) == expected


def test_a_helpmate_is_carried_over_a_move_and_replays():
    board = chess.Board(OPEN[0])
    known = can_checkmate(board, chess.WHITE)
    assert known.can_checkmate
    move = next(m for m in board.legal_moves if board.piece_type_at(m.from_square) == chess.KING)
    board.push(move)
    carried = after_move(board, chess.WHITE)
    assert carried is not None and carried.can_checkmate
    assert replays_to_mate(board, chess.WHITE, carried.helpmate)


def test_the_line_played_keeps_its_rest():
    board = chess.Board(OPEN[1])
    known = can_checkmate(board, chess.BLACK)
    assert known.can_checkmate and len(known.helpmate) > 1
    board.push(chess.Move.from_uci(known.helpmate[0]))
    assert next(candidates(board, chess.BLACK)) == known.helpmate[1:]


def test_nothing_is_carried_over_a_capture_or_a_pawn_move():
    board = chess.Board("4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1")
    remember(board, chess.WHITE, ("a1a8",))
    for uci in ("e4d5", "e4e5"):
        after = board.copy()
        after.push(chess.Move.from_uci(uci))
        assert list(candidates(after, chess.WHITE)) == []


def test_a_line_that_does_not_replay_is_never_carried():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    remember(board, chess.WHITE, ("a1a2",))  # not a helpmate: the carried line must fail its replay
    board.push(chess.Move.from_uci("e1d1"))
    assert after_move(board, chess.WHITE) is None


def test_a_move_into_a_dead_position_is_still_seen_dead():
    # Kings only behind a locked pawn wall: after any king move the position is dead.
    board = chess.Board("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1")
    assert is_dead(board) is True
    board.push(chess.Move.from_uci("e1e2"))
    assert after_move(board, chess.WHITE) is None and after_move(board, chess.BLACK) is None
    assert is_dead(board) is True


def test_positions_share_the_time_limit_and_all_are_answered_in_order():
    lines = [*OPEN, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"] * 3
    positions = [parse_fen(f"{fen} game{number}") for number, fen in enumerate(lines)]
    started = time.monotonic()
    answers = list(analyse_all(positions, seconds=0.05))
    assert time.monotonic() - started < 5  # a limit, not a target: the overrun is one search step
    assert [a.note for a in answers] == [f"game{number}" for number in range(len(lines))]
    for analysis, (board, _) in zip(answers, positions, strict=True):
        for colour, found in ((chess.WHITE, analysis.white), (chess.BLACK, analysis.black)):
            if found.can_checkmate:
                assert replays_to_mate(board, colour, found.helpmate)
            elif found.can_checkmate is None:
                assert out_of_time(found) and "time allowed" in found.reason
    lone = answers[3]
    assert lone.dead is True  # the material count needs no time


def test_position_time_limit_option_is_checked():
    runner = CliRunner()
    for bad in ("0", "-1", "nan", "inf", "1e9"):
        result = runner.invoke(main, ["position", "--time-limit", bad, OPEN[0]])
        assert result.exit_code == 2, bad
        assert "--time-limit" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    result = runner.invoke(main, ["position", "--time-limit", "20", "--format", "json", OPEN[0]])
    assert result.exit_code == 0
    (only,) = json.loads(result.stdout)
    assert only["dead"] is False


def test_position_help_states_the_default_time_limit():
    result = CliRunner().invoke(main, ["position", "--help"])
    assert "--time-limit" in result.stdout and "25" in result.stdout


def test_position_counts_on_stderr_the_questions_its_time_limit_cut_short():
    locked = "4k3/3n4/8/1p1p1p1p/1P1P1P1P/8/3N4/4K3 w - - 0 1"
    result = CliRunner().invoke(
        main, ["position", "--stdin", "--format", "jsonl", "--time-limit", "0.001"], input=locked + "\n"
    )
    assert result.exit_code == 0
    (answer,) = [json.loads(line) for line in result.stdout.splitlines()]
    cut = sum(
        answer[c]["can_checkmate"] is None and "time allowed" in answer[c]["reason"]
        for c in ("white", "black")
    )
    assert cut >= 1
    (warning,) = result.stderr.splitlines()
    assert f"ran out: {cut} question" in warning and "0: no limit" not in warning
    lone = CliRunner().invoke(main, ["position", "--time-limit", "20", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"])
    assert lone.exit_code == 0 and lone.stderr == ""
