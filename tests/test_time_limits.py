"""Every command that asks whether a player can still checkmate finishes within its time limit (issue 20).

The limit (`--time-limit`, extract/cli/limits.py) is honoured by the analysis: a question left when it
passes is "not decided in time", play stops there for the arbiter and later events are not ruled, and
one line on stderr says how many questions the limit cut short. A long game stays cheap: the helpmate
of the position before a move is carried to the position after it (extract/arbiter/unwinnable/carry.py), and a
repetition is looked for only since the last capture or pawn move.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner

from extract.arbiter.law import load_laws
from extract.arbiter.rulings.endings import repeated
from extract.arbiter.runner import replay
from extract.arbiter.unwinnable import after_move, can_checkmate, replays_to_mate
from extract.arbiter.unwinnable.clock import cut_short, time_limit
from extract.cli import main
from extract.model.event import Event
from extract.model.scenario import Setup

ROOT = Path(__file__).parent.parent
KB = ROOT / "kb"
TINY = "1e-9"  # passed before the first question can be asked


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [*args, "--kb", str(KB)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_a_limit_counts_the_answers_it_cut_short_in_every_enclosing_block() -> None:
    with time_limit(100) as outer:
        with time_limit(5) as inner:
            cut_short()
        cut_short()
    assert (inner.cut, outer.cut) == (1, 2)


def test_after_the_limit_no_search_starts() -> None:
    """Past its deadline an unknown position is answered at once (the start position: White has no
    quick helpmate, so only a search could answer)."""
    board = chess.Board()
    board.push_san("a3")
    with time_limit(0):
        answer = can_checkmate(board, chess.WHITE, 200_000)
    assert answer.can_checkmate is None and "time allowed" in answer.reason and answer.nodes == 0


def test_ruling_past_its_limit_says_so_and_rules_no_later_event() -> None:
    code, out, err = invoke(
        "ruling",
        "--edition",
        "da-2017",
        "--time-limit",
        TINY,
        "flag_fall: {by: black}",
        "move: e4",
        "draw_offer",
    )
    assert code == 0, err
    assert (
        err.startswith("chesslaws: warning: the time limit (1e-09 s) ran out: 1 question ")
        and err.count("\n") == 1
    )
    assert "The arbiter must judge" in out and "Not decided whether White can still checkmate" in out
    assert "the time allowed for this question ran out" in out
    assert "Play stopped there: the 2 events after it were not ruled, since the time" in out


def test_ruling_within_its_limit_is_silent() -> None:
    fen = "8/8/2k5/8/8/8/4Pp2/4K1n1 w - - 0 1"
    code, out, err = invoke(
        "ruling", "--edition", "da-2017", "--time-limit", "600", "--fen", fen, "flag_fall: {by: white}"
    )
    assert code == 0 and not err, err
    assert "Black wins" in out and "(a helpmate)" in out


@pytest.mark.parametrize(
    ("command", "king"),
    [(("check", "--edition", "da-2017"), "4k3"), (("show", "loss-on-time"), "3k4")],
)
def test_check_and_show_past_their_limit_say_so(tmp_path: Path, command: tuple[str, ...], king: str) -> None:
    """One scenario whose ruling turns on the analysis (White's flag falls: can Black still mate?), a
    position of its own per command (the process keeps the answers it found)."""
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb, ignore=shutil.ignore_patterns("scenarios"))
    (kb / "scenarios").mkdir()
    (kb / "scenarios" / "one.yaml").write_text(
        "- id: flag-fall-with-a-knight\n  title: White's flag falls; Black has a knight and a pawn\n"
        f"  rules: [loss-on-time]\n  setup: {{fen: 8/8/{king}/8/8/8/4Pp2/4K1n1 w - - 0 1, "
        "time_control: 90+30}\n"
        '  events: [{flag_fall: {by: white}}]\n  expect:\n    "2017": {result: "0-1", reason: time}\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, [*command, "--kb", str(kb), "--time-limit", TINY])
    assert "the time limit (1e-09 s) ran out" in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("chesslaws: warning: ")
    if command[0] == "check":
        assert result.exit_code == 1 and "FAIL flag-fall-with-a-knight [da-2017]" in result.stdout
    unlimited = CliRunner().invoke(main, [*command, "--kb", str(kb), "--time-limit", "0"])
    assert unlimited.exit_code == 0 and not unlimited.stderr, unlimited.output


# --- a long game: proofs carried from move to move, repetitions since the last irreversible move ------


def random_game(plies: int, seed: int) -> chess.Board:
    rng = random.Random(seed)
    board = chess.Board()
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def test_a_carried_proof_replays_to_checkmate_in_the_new_position() -> None:
    assert can_checkmate(chess.Board(), chess.BLACK).can_checkmate
    game = random_game(60, seed=7)
    carried_count = 0
    replay_board = chess.Board()
    for move in game.move_stack:
        replay_board.push(move)
        carried = after_move(replay_board, chess.BLACK)
        if carried is None:  # it did not carry (a capture, a pawn move): search afresh, as the arbiter does
            if not can_checkmate(replay_board, chess.BLACK).can_checkmate:
                break
            continue
        carried_count += 1
        assert carried.can_checkmate and replays_to_mate(replay_board, chess.BLACK, carried.helpmate)
    assert carried_count > 10


def test_a_capture_carries_only_a_line_that_began_with_it() -> None:
    capture = chess.Board("4k3/8/8/3p4/4P3/8/8/4K2Q w - - 0 1")
    mate = can_checkmate(capture, chess.WHITE)
    assert mate.can_checkmate
    capture.push_san("exd5")
    moved = after_move(capture, chess.WHITE)
    assert moved is None or (mate.helpmate[0] == "e4d5" and moved.helpmate == mate.helpmate[1:])


@pytest.mark.parametrize("seed", range(4))
def test_repetitions_count_as_python_chess_does(seed: int) -> None:
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(400):
        moves = [
            m for m in board.legal_moves if board.piece_type_at(m.from_square) in (chess.KNIGHT, chess.KING)
        ]
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
        for count in (2, 3, 5):
            assert repeated(board, count) == board.is_repetition(count), (count, board.fen())


def test_a_long_game_is_ruled_move_by_move_without_a_search_at_every_move(monkeypatch) -> None:
    """Every move of a 200-ply game asks whether the position is dead; the carried proofs answer most."""
    from extract.arbiter import state

    searches = []
    real = state.mateability

    def counted(fen: str, side: chess.Color, budget: int = state.RULING_BUDGET):  # type: ignore[no-untyped-def]
        searches.append(fen)
        return real(fen, side, budget)

    monkeypatch.setattr(state, "mateability", counted)
    rng = random.Random(11)
    board, sans = chess.Board(), []
    while len(sans) < 200:
        moves = list(board.legal_moves)
        rng.shuffle(moves)
        moves.sort(key=lambda m: board.is_capture(m) or board.piece_type_at(m.from_square) == chess.PAWN)
        for move in moves:  # quiet piece moves first; never one that ends the game or repeats
            board.push(move)
            if not board.is_game_over(claim_draw=True):
                break
            board.pop()
        else:
            break
        sans.append(board.peek().uci())
    sans = _sans(board)
    ruling = replay(
        load_laws(KB)["da-2001"], Setup(time_control="90+30"), [Event("move", san) for san in sans]
    )
    assert ruling.result == "*" and ruling.reason is None
    assert len(searches) < len(sans) / 4, (len(searches), len(sans))


def _sans(board: chess.Board) -> list[str]:
    replay_board, sans = chess.Board(), []
    for move in board.move_stack:
        sans.append(replay_board.san(move))
        replay_board.push(move)
    return sans
