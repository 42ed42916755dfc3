"""Issue 23: a long helpmate a ruling shows is replaced by a shorter one when a small search finds one
(`unwinnable.shorter`); the answer never changes, only the proof shown."""

from __future__ import annotations

import chess

from extract.arbiter.unwinnable import can_checkmate, replays_to_mate
from extract.arbiter.unwinnable.shorter import SHORT_ENOUGH, shorter, shown
from extract.model.ruling import MateFinding

KNIGHT_AND_PAWN = "8/8/4k3/8/8/2n5/3PK3/8 w - - 0 1"  # Black mates only once White's pawn blocks


def _finding(fen: str, line: tuple[str, ...], can: bool | None = True) -> MateFinding:
    why = f"the helpmate given ({len(line)} half-moves) ends in checkmate by Black" if can else "no"
    return MateFinding("black", can, line, why, "flag-fall", "6.9", "", fen)


def test_a_long_helpmate_is_shown_shorter_and_still_replays():
    found = can_checkmate(chess.Board(KNIGHT_AND_PAWN), chess.BLACK)
    long_line = found.helpmate
    assert len(long_line) > SHORT_ENOUGH
    shown_finding = shown(_finding(KNIGHT_AND_PAWN, long_line))
    assert len(shown_finding.helpmate) < len(long_line)
    assert replays_to_mate(chess.Board(KNIGHT_AND_PAWN), chess.BLACK, shown_finding.helpmate)
    assert f"({len(shown_finding.helpmate)} half-moves)" in shown_finding.why


def test_a_short_helpmate_and_a_no_are_shown_as_they_are():
    short = _finding("7k/8/6K1/8/8/8/8/R7 w - - 0 1", ("a1a8",))
    assert shown(short) is short
    no = _finding(KNIGHT_AND_PAWN, (), False)
    assert shown(no) is no


def test_when_no_shorter_line_is_found_the_known_one_stays():
    found = can_checkmate(chess.Board(KNIGHT_AND_PAWN), chess.BLACK)
    assert shorter(KNIGHT_AND_PAWN, chess.BLACK, found.helpmate, budget=1) == found.helpmate
