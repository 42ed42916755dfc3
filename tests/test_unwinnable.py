"""Issue 23: can a colour still checkmate (Art. 6.9, 5.2.2)? Proofs replay, answers never contradict CHA.

Hand-made positions, a small fixed sample of CHA's labelled positions (read from ../shared/positions,
skipped when absent; the full run is `make bench`), hypothesis properties, and `chesslaws position`."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from extract.arbiter.unwinnable import can_checkmate, is_dead, replays_to_mate
from extract.arbiter.unwinnable.regions import never_mate
from extract.cli import main

DEV = Path(__file__).resolve().parents[2] / "shared" / "positions" / "unwinnability-dev.txt"
SMALL = 4_000  # budget for the tests: an answer may be "not decided", never wrong


def answer(fen: str, colour: chess.Color, budget: int = SMALL):
    return can_checkmate(chess.Board(fen), colour, budget)


def test_a_lone_king_cannot_checkmate_and_says_why():
    found = answer("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", chess.BLACK)
    assert found.can_checkmate is False and "only the king" in found.reason
    assert answer("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", chess.WHITE).can_checkmate is False
    assert is_dead(chess.Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")) is True


@pytest.mark.parametrize("fen", ["2k5/8/8/8/8/8/8/2KR4 w - - 0 1", "7k/8/8/8/8/8/8/K6Q b - - 0 1"])
def test_a_rook_or_queen_mates_and_the_helpmate_replays(fen):
    found = answer(fen, chess.WHITE)
    assert found.can_checkmate is True and found.helpmate
    assert replays_to_mate(chess.Board(fen), chess.WHITE, found.helpmate)


def test_a_knight_mates_with_the_losers_own_pawn_as_blocker():
    fen = "7k/7p/8/8/8/8/8/K5N1 w - - 0 1"  # K+N against K+P: the pawn can block the king's way out
    found = answer(fen, chess.WHITE, 30_000)
    assert found.can_checkmate is True and replays_to_mate(chess.Board(fen), chess.WHITE, found.helpmate)
    assert chess.Board(fen).has_insufficient_material(chess.WHITE) is False


def test_a_locked_pawn_wall_with_kings_only_is_dead():
    fen = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"
    for colour in chess.COLORS:
        found = answer(fen, colour)
        assert found.can_checkmate is False and "locked" in found.reason
    assert (
        chess.Board(fen).has_insufficient_material(chess.WHITE) is False
    )  # the material count says otherwise


def test_bishops_that_never_reach_the_other_side_cannot_mate():
    fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"  # each bishop on the colour the wall closes
    assert never_mate(chess.Board(fen), chess.WHITE).never_mate
    assert answer(fen, chess.BLACK).can_checkmate is False


def test_a_pawn_break_reopens_the_position():
    fen = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1"  # the h-pawn walks up and breaks through
    assert not never_mate(chess.Board(fen), chess.WHITE).never_mate


def test_checkmate_and_stalemate_end_the_question():
    mated = chess.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        mated.push_san(san)
    black, white = can_checkmate(mated, chess.BLACK), can_checkmate(mated, chess.WHITE)
    assert black.can_checkmate is True and black.helpmate == () and "already checkmated" in black.reason
    assert white.can_checkmate is False and "checkmated" in white.reason
    stalemate = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert [can_checkmate(stalemate, c).can_checkmate for c in chess.COLORS] == [False, False]


def test_an_exhausted_budget_is_said_not_guessed():
    found = answer("8/1pkb4/6R1/P6P/3K2P1/8/P7/8 b - - 6 57", chess.BLACK, budget=50)
    assert found.can_checkmate in (None, True)
    if found.can_checkmate is None:
        assert found.reason.startswith("not decided")


def _dev_sample(per_label: int = 5) -> list[tuple[str, str]]:
    if not DEV.exists():
        return []
    rows = [(line[:2], line[3:]) for line in DEV.read_text(encoding="utf-8").splitlines()]
    picked = []
    for label in ("WB", "W-", "-B", "--"):
        matching = [row for row in rows if row[0] == label]
        step = max(1, len(matching) // per_label)
        picked += matching[::step][:per_label]
    return picked


@pytest.mark.skipif(not DEV.exists(), reason="../shared/positions is absent")
@pytest.mark.parametrize("label,fen", _dev_sample())
def test_no_answer_contradicts_cha_on_a_sample(label, fen):
    board = chess.Board(fen)
    for colour, mark in zip((chess.WHITE, chess.BLACK), label, strict=True):
        found = can_checkmate(board, colour, SMALL)
        if found.can_checkmate is not None:
            assert found.can_checkmate == (mark != "-"), (fen, colour, found)
        if found.can_checkmate:
            assert replays_to_mate(board, colour, found.helpmate)


@st.composite
def played_positions(draw: st.DrawFn) -> chess.Board:
    """A legal position reached by random moves from one of a few starts (with little material too)."""
    start = draw(
        st.sampled_from(
            [
                chess.STARTING_FEN,
                "4k3/pppp4/8/8/8/8/4PPPP/4K2R w K - 0 1",
                "8/3k4/8/8/2n5/8/3K4/5B2 w - - 0 1",
                "8/8/8/3k4/8/8/2PK4/8 w - - 0 1",
            ]
        )
    )
    board = chess.Board(start)
    for index in draw(st.lists(st.integers(0, 200), max_size=12)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[index % len(moves)])
    return board


@settings(max_examples=12, deadline=None)
@given(played_positions())
def test_answers_replay_and_agree_with_the_material_count(board):
    for colour in chess.COLORS:
        found = can_checkmate(board, colour, 1_500)
        if found.can_checkmate:
            assert replays_to_mate(board, colour, found.helpmate)
        if board.has_insufficient_material(colour):  # the material count is decisive here
            assert found.can_checkmate is False or board.is_checkmate()


def run(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(main, ["position", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_position_json_has_exactly_the_promised_shape():
    code, out, _ = run("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "2k5/8/8/8/8/8/8/2KR4 w - -", "--format", "json")
    assert code == 0
    first, second = json.loads(out)
    assert {"fen", "white", "black", "dead"} <= set(first)
    assert {"can_checkmate", "helpmate", "reason"} <= set(first["white"])
    assert first["dead"] is True and first["white"]["can_checkmate"] is False
    assert second["white"]["can_checkmate"] is True and second["dead"] is False
    assert replays_to_mate(chess.Board(second["fen"]), chess.WHITE, second["white"]["helpmate"])


def test_position_text_is_plain_words():
    code, out, _ = run("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
    assert code == 0 and "White cannot checkmate" in out and "Dead position (Art. 5.2.2): yes" in out


def test_a_bad_fen_argument_is_refused_before_any_answer():
    code, out, err = run("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/8 w")
    assert code == 2 and out == "" and err.startswith("chesslaws: argument 2: not a FEN position")
    assert len(err.strip().splitlines()) == 1


def test_an_illegal_position_is_bad_input():
    code, _, err = run("8/8/8/8/8/8/8/K7 w - - 0 1")
    assert code == 2 and "Black has no king" in err


def test_stdin_answers_the_good_lines_and_names_the_bad_one():
    lines = (
        "# a comment\n8/8/4k3/8/8/3NK3/8/8 w - - 0 1 game1\nnot a fen at all\n\n"
        "7k/8/8/8/8/8/8/K6Q b - - 0 1\n"
    )
    code, out, err = run("--stdin", "--format", "jsonl", stdin=lines)
    assert code == 2
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["note"] for a in answers if "note" in a] == ["game1"] and len(answers) == 2
    assert err.strip().splitlines() == [
        "chesslaws: <stdin>:3: not a FEN position: 'not a fen at all' (a FEN has at least four fields)"
    ] or (len(err.strip().splitlines()) == 1 and err.startswith("chesslaws: <stdin>:3: "))


def test_position_without_input_is_a_usage_error():
    code, _, err = run()
    assert code == 2 and "give one or more FEN" in err
    code, _, err = run("--budget", "0", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
    assert code == 2 and "--budget" in err
