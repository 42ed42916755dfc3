"""The analysis stops when a command's time limit passes, says so, and does not remember the non-answer."""

from __future__ import annotations

import time

import chess

from extract.arbiter.unwinnable import can_checkmate
from extract.arbiter.unwinnable.clock import expired, remaining, time_limit

# No helpmate by White within the first quick search: the later searches need time.
BUSY = chess.STARTING_FEN


def test_no_limit_by_default() -> None:
    assert not expired()
    assert remaining() is None


def test_inner_limit_cannot_outlast_outer() -> None:
    with time_limit(0.5):
        with time_limit(100):
            left = remaining()
            assert left is not None and left <= 0.5
        with time_limit(None):
            assert remaining() is not None
    assert remaining() is None


def test_expired_limit_gives_undecided_in_words_and_is_not_kept() -> None:
    board = chess.Board(BUSY)
    with time_limit(0):
        time.sleep(0.001)
        answer = can_checkmate(board, chess.WHITE, budget=29_999)
    assert answer.can_checkmate is None
    assert "time allowed" in answer.reason
    later = can_checkmate(board, chess.WHITE, budget=29_999)
    assert later.can_checkmate is True
