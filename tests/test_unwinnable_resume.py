"""Issue 23, real games within the default limit: a helpmate search cut by the time limit goes on where it
stopped; `position` gives its time to the cheap positions first; the search's own move making and move
generation agree with python-chess's on every move of many positions."""

from __future__ import annotations

import random
from dataclasses import replace

import chess
import pytest

import extract.arbiter.unwinnable as unwinnable
from extract.arbiter.unwinnable import Mateability, can_checkmate, clock, helpmate, replays_to_mate
from extract.arbiter.unwinnable import position as position_module
from extract.arbiter.unwinnable.helpmate import Search, _evasions, _Gains, _pawn_moves, code, watched
from extract.arbiter.unwinnable.tree import bare_copy, played

# White can mate, but not in the first narrow round: the search needs a few thousand positions.
SLOW = "8/4n3/KP6/2kP4/2P5/8/8/8 b - - 0 59"
VARIED = (
    chess.STARTING_FEN,
    "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",  # castling both ways, en passant
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",  # promotions that capture a rook with its rights
    "4k3/8/8/2Pp4/8/8/8/4K2R w K d6 0 1",
    "8/4n3/KP6/2kP4/2P5/8/8/8 b - - 0 59",
    "2k1r3/1p6/p7/8/2P5/rP2N2P/4pK2/2R1R3 w - - 2 43",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
)


def _boards(plies: int = 12) -> list[chess.Board]:
    """Every position of short random games from `VARIED` (seeded: the same each run)."""
    chooser, boards = random.Random(23), []
    for fen in VARIED:
        board = chess.Board(fen)
        for _ in range(plies):
            boards.append(board.copy(stack=False))
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(chooser.choice(moves))
    return boards


class _CutAfter:
    """An `expired` that says yes at its `calls`-th call and every call after, until `reset`."""

    def __init__(self, calls: int) -> None:
        self.calls, self.made = calls, 0

    def __call__(self) -> bool:
        self.made += 1
        return self.made >= self.calls

    def reset(self, calls: int) -> None:
        self.calls, self.made = calls, 0


@pytest.mark.parametrize("replies", (0, 2))
def test_a_search_cut_and_resumed_finds_what_one_uncut_run_finds(monkeypatch, replies):
    board = chess.Board(SLOW)
    whole = Search(board, chess.BLACK, False, replies)
    line = whole.run(20_000)
    assert line is not None and replays_to_mate(board, chess.BLACK, [m.uci() for m in line])
    cut = _CutAfter(2)
    monkeypatch.setattr(helpmate, "expired", cut)
    resumed, runs = Search(board, chess.BLACK, False, replies), 0
    while (found := resumed.run(20_000)) is None and not resumed.exhausted:
        runs += 1
        cut.reset(2)  # each run goes on for 256 positions more, then the time is up again
        assert runs < 1_000
    assert runs > 1  # it was cut, more than once
    assert found == line and resumed.size == whole.size  # the same search, only in pieces


class _Ticks:
    """A clock that moves one second each time it is read: a time limit of N seconds cuts the analysis
    at its Nth look at the clock, wherever that look is (every stage looks as it goes)."""

    def __init__(self, monkeypatch) -> None:
        self.time = 0.0
        monkeypatch.setattr(clock, "now", self)
        monkeypatch.setattr(clock, "wall", lambda: 0.0)

    def __call__(self) -> float:
        self.time += 1.0
        return self.time


def _until_decided(board: chess.Board, budget: int, ticks: int) -> list[Mateability]:
    answers = []
    for _ in range(500):
        with clock.time_limit(ticks):
            answers.append(can_checkmate(board, chess.BLACK, budget=budget))
        if not unwinnable.out_of_time(answers[-1]):
            return answers
    raise AssertionError("never decided")


def test_an_analysis_cut_many_times_gives_the_answer_of_one_uncut_analysis(monkeypatch):
    board = chess.Board(SLOW)
    fresh = can_checkmate(board, chess.BLACK, budget=29_001)
    _Ticks(monkeypatch)
    answers = _until_decided(board, 29_002, 4)
    assert len(answers) > 3 and all(unwinnable.out_of_time(a) for a in answers[:-1])
    assert answers[-1].helpmate == fresh.helpmate and answers[-1].nodes == fresh.nodes


def test_the_searches_kept_for_later_are_bounded_and_a_dropped_one_starts_its_round_again(monkeypatch):
    monkeypatch.setattr(unwinnable, "KEPT_SEARCH_POSITIONS", 1_000)
    monkeypatch.setattr(unwinnable, "_PROGRESS", {})
    board = chess.Board(SLOW)
    fresh = can_checkmate(board, chess.BLACK, budget=29_003)
    _Ticks(monkeypatch)
    budgets, kept = range(29_004, 29_010), []
    for _ in range(5):  # six questions, each cut again and again: their searches grow, some are dropped
        for budget in budgets:
            with clock.time_limit(4):
                can_checkmate(board, chess.BLACK, budget=budget)
            sizes = [p.search.size for p in unwinnable._PROGRESS.values() if p.search is not None]
            assert sum(sizes) <= 1_000
            kept.append(len(sizes))
    assert max(kept) >= 2 and min(kept[-6:]) < len(budgets)  # kept, then some dropped
    for budget in budgets:  # dropped or kept, each ends as an uncut analysis does
        assert _until_decided(board, budget, 50)[-1].helpmate == fresh.helpmate


def test_a_move_made_on_the_bitboards_is_python_chess_push():
    compared = 0
    for board in _boards():
        for move in board.pseudo_legal_moves:
            child, key = played(board, move)
            expected = bare_copy(board)
            expected.push(move)
            mine, theirs = dict(child.__dict__), dict(expected.__dict__)
            for fields in (mine, theirs):
                del fields["move_stack"], fields["_stack"]
            assert mine == theirs, (board.fen(), move)
            assert key == expected._transposition_key(), (board.fen(), move)
            compared += 1
    assert compared > 1_000


def test_the_searchs_pawn_moves_and_evasions_are_python_chess_moves_in_its_order():
    checked = 0
    for board in _boards():
        for winner in chess.COLORS:
            king = board.king(not winner)
            assert king is not None
            seen = watched(board, winner, king)
            gains = _Gains(board, king, winner, winner == chess.WHITE, seen)
            pawns = board.pawns & board.occupied_co[board.turn]
            expected = [(gains.gain(m), code(m)) for m in board.generate_pseudo_legal_moves(pawns)]
            assert _pawn_moves(board, gains) == expected, board.fen()
            if board.turn != winner and board.is_check():
                assert _evasions(board, king, seen) == list(board.generate_legal_moves()), board.fen()
                checked += 1
    assert checked > 3


class _FakeCosts:
    """Stands in for the analysis: position `i` needs `costs[i]` seconds of a fake clock, kept when
    the time limit cuts it (as a kept search is), and says "not decided in time" until it has had them."""

    def __init__(self, monkeypatch, costs: list[float]) -> None:
        self.costs, self.spent, self.time, self.turns = costs, [0.0] * len(costs), 0.0, []
        monkeypatch.setattr(clock, "now", lambda: self.time)
        monkeypatch.setattr(clock, "wall", lambda: self.time)
        monkeypatch.setattr(position_module, "now", lambda: self.time)
        monkeypatch.setattr(position_module, "analyse", self.analyse)

    def analyse(self, board: chess.Board, budget: int, note: str = "") -> position_module.Analysis:
        index = int(note)
        self.turns.append(index)
        left = clock.remaining()
        work = self.costs[index] - self.spent[index]
        used = work if left is None else min(work, left)
        self.spent[index] += used
        self.time += used
        done = self.spent[index] >= self.costs[index]
        answer = Mateability(True, ("a1a8",), "found") if done else unwinnable._out_of_time_answer(0)
        return position_module.Analysis(board.fen(), answer, replace(answer), note, used * 1000)


def test_the_schedule_answers_the_cheap_positions_before_the_dear_ones_take_the_time(monkeypatch):
    costs = [30.0, 30.0] + [0.05] * 100 + [30.0] + [0.3] * 20
    fake = _FakeCosts(monkeypatch, costs)
    board = chess.Board()
    answers = list(position_module.analyse_all([(board, str(i)) for i in range(len(costs))], seconds=25.0))
    assert [a.note for a in answers] == [str(i) for i in range(len(costs))]  # in order, every one
    decided = [a.white.can_checkmate is True for a in answers]
    assert all(decided[2:102]) and all(decided[103:])  # 11 s of cheap work, all of it done
    assert not any(decided[i] for i in (0, 1, 102))  # 90 s of dear work: cut, and said so
    assert all(unwinnable.out_of_time(answers[i].white) for i in (0, 1, 102))
    assert fake.time <= 25.0 + 1e-9
    first_pass = fake.turns[: len(costs)]
    assert first_pass == list(range(len(costs)))  # every position has a turn before any has a second


def test_a_position_cut_short_goes_on_and_is_decided_with_the_time_the_others_left(monkeypatch):
    costs = [0.01] * 10 + [20.0]  # the dear one needs far more than its first turns
    fake = _FakeCosts(monkeypatch, costs)
    board = chess.Board()
    answers = list(position_module.analyse_all([(board, str(i)) for i in range(len(costs))], seconds=25.0))
    assert all(a.white.can_checkmate is True for a in answers)
    assert fake.turns.count(10) > 3  # many turns, each going on from the last
    assert abs(answers[10].ms - 20_000) < 1e-6  # the time of every turn, added up


def test_a_run_of_dear_positions_first_does_not_starve_the_cheap_ones_after_it(monkeypatch):
    """Thirty positions needing far more than the limit, then sixty needing 0.2 s each (12 s in all):
    giving each position in turn a few times its even share would spend most of the 25 s on the
    first thirty; cheapest first, all sixty are decided."""
    costs = [30.0] * 30 + [0.2] * 60
    _FakeCosts(monkeypatch, costs)
    board = chess.Board()
    answers = list(position_module.analyse_all([(board, str(i)) for i in range(len(costs))], seconds=25.0))
    assert all(a.white.can_checkmate is True for a in answers[30:])
    assert not any(a.white.can_checkmate for a in answers[:30])


def test_position_help_states_the_schedule_the_code_follows():
    from click.testing import CliRunner

    from extract.cli import main

    result = CliRunner().invoke(main, ["position", "--help"])
    words = " ".join(result.stdout.split())
    assert f"each may take {position_module.FIRST_CAP:g} s" in words and "twice as long" in words
