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


def test_a_helpmate_is_given_without_its_detours() -> None:
    """The search may wander; the line given cuts every stretch a single move could skip, and still mates."""
    from extract.arbiter.unwinnable import replays_to_mate, shortened

    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    wander = ["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8f8", "a2a1", "f8e8"]  # back where it started
    mate = ["e1d2", "e8d8", "d2c3", "d8c8", "c3b4", "c8b8", "b4b5", "b8c8", "b5b6", "c8b8", "a1h1", "b8a8"]
    mate.append("h1h8")
    assert replays_to_mate(board, chess.WHITE, wander + mate)
    short = shortened(board, wander + mate)
    assert replays_to_mate(board, chess.WHITE, short)
    assert len(short) <= len(mate)
    assert shortened(board, ["e1e3", "e8e7"]) == ["e1e3", "e8e7"]  # not legal from here: left alone


def test_an_answer_cut_short_goes_on_from_the_stage_it_had_finished(monkeypatch) -> None:
    """Asked again after the time ran out, the analysis does not repeat a search that had ended in time
    without an answer, and it gives the answer a fresh analysis gives."""
    import extract.arbiter.unwinnable as unwinnable

    board = chess.Board("8/4n3/KP6/2kP4/2P5/8/8/8 b - - 0 59")  # Black: no mate in the quick search
    state = {"out": False, "cut": True}
    quick: list[int] = []
    real_regions, real_search = unwinnable.never_mate, unwinnable.Search

    def regions(*args: object) -> object:
        found = real_regions(*args)  # type: ignore[arg-type]
        state["out"] = state["cut"]  # the first time, the time runs out while the pawn proof runs
        return found

    def search(*args: object) -> object:
        quick.append(args[-1] == 1)  # type: ignore[comparison-overlap]
        return real_search(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(unwinnable, "never_mate", regions)
    monkeypatch.setattr(unwinnable, "Search", search)
    monkeypatch.setattr(unwinnable, "expired", lambda: state["out"])
    first = unwinnable.can_checkmate(board, chess.BLACK, budget=29_998)
    assert unwinnable.out_of_time(first)
    assert any(quick)
    state["out"], state["cut"], quick[:] = False, False, []
    second = unwinnable.can_checkmate(board, chess.BLACK, budget=29_998)
    assert second.can_checkmate is True
    assert not any(quick)  # the quick search had ended in time: it is not run again
    fresh = unwinnable.can_checkmate(board, chess.BLACK, budget=29_997)
    assert second.helpmate == fresh.helpmate
    assert unwinnable.replays_to_mate(board, chess.BLACK, second.helpmate)


def test_the_wall_clock_stops_the_analysis_on_a_machine_too_busy_for_the_processor_time(monkeypatch) -> None:
    """The limit counts processor time; when the wall clock has run WALL_GRACE past it (other programs
    took the processor), the analysis stops all the same, and a limit within it is held to it."""
    from extract.arbiter.unwinnable import clock

    start = clock.wall()
    monkeypatch.setattr(clock, "wall", lambda: start)
    with time_limit(5):
        assert not expired()
        with time_limit(100):
            monkeypatch.setattr(clock, "wall", lambda: start + 5 + clock.WALL_GRACE + 0.1)
            assert expired()  # the outer block's backstop holds the inner block too
            assert remaining() == 0.0
    monkeypatch.setattr(clock, "wall", lambda: start + 1e6)
    assert not expired()  # no limit, no backstop
