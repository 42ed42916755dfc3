"""One position read from a FEN and both colours' answers: what `chesslaws position` prints."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import chess

from extract.arbiter.unwinnable import DEFAULT_BUDGET, Mateability, can_checkmate, dead, out_of_time
from extract.arbiter.unwinnable.clock import now, time_limit

# In the first pass a position may take four times its even share of the time left (the share grows as
# easy positions finish early); the hard ones it could not finish share, in the second pass, what is
# left. Four, not two: a position cut short loses the search it had begun, and on real games (most
# positions cheap, a few costing a hundred times the median) fewer cut short decide more in the same
# time (tools/bench_positions.py).
FIRST_PASS_SHARES = 4

_PROBLEMS = {
    chess.STATUS_NO_WHITE_KING: "White has no king",
    chess.STATUS_NO_BLACK_KING: "Black has no king",
    chess.STATUS_TOO_MANY_KINGS: "a side has more than one king",
    chess.STATUS_TOO_MANY_WHITE_PAWNS: "White has more than eight pawns",
    chess.STATUS_TOO_MANY_BLACK_PAWNS: "Black has more than eight pawns",
    chess.STATUS_PAWNS_ON_BACKRANK: "a pawn stands on the first or last rank",
    chess.STATUS_TOO_MANY_WHITE_PIECES: "White has more than sixteen pieces",
    chess.STATUS_TOO_MANY_BLACK_PIECES: "Black has more than sixteen pieces",
    chess.STATUS_BAD_CASTLING_RIGHTS: "the castling rights do not match the kings and rooks",
    chess.STATUS_INVALID_EP_SQUARE: "the en passant square is impossible",
    chess.STATUS_OPPOSITE_CHECK: "the side not to move is in check",
    chess.STATUS_EMPTY: "the board is empty",
    chess.STATUS_TOO_MANY_CHECKERS: "the king is in check from more than two pieces",
    chess.STATUS_IMPOSSIBLE_CHECK: "the check on the king cannot arise from any last move",
}


def parse_fen(text: str) -> tuple[chess.Board, str]:
    """A legal position from a FEN (4 or 6 fields), and any words after it (a game id, a label).

    Raises ValueError with what is wrong, in words."""
    words = text.split()
    if len(words) < 4:
        raise ValueError(f"not a FEN position: '{text.strip()}' (a FEN has at least four fields)")
    counters = len(words) >= 6 and words[4].isdigit() and words[5].isdigit()
    fen, note = " ".join(words[: 6 if counters else 4]), " ".join(words[6 if counters else 4 :])
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise ValueError(f"not a FEN position: '{text.strip()}' ({error})") from None
    status = board.status()
    if status != chess.STATUS_VALID:
        problems = [words for flag, words in _PROBLEMS.items() if status & flag]
        raise ValueError(f"not a legal position: '{fen}' ({'; '.join(problems) or 'illegal'})")
    return board, note


@dataclass(frozen=True)
class Analysis:
    """Both colours' answers for one position."""

    fen: str
    white: Mateability
    black: Mateability
    note: str = ""
    ms: float = 0.0

    @property
    def dead(self) -> bool | None:
        """Article 5.2.2: neither side can checkmate (None while one answer is undecided)."""
        return dead(self.white.can_checkmate, self.black.can_checkmate)

    def as_dict(self) -> dict[str, object]:
        found: dict[str, object] = {"fen": self.fen}
        for name, answer in (("white", self.white), ("black", self.black)):
            found[name] = {
                "can_checkmate": answer.can_checkmate,
                "helpmate": list(answer.helpmate),
                "reason": answer.reason,
                "nodes": answer.nodes,
            }
        found["dead"] = self.dead
        found["ms"] = round(self.ms, 1)
        if self.note:
            found["note"] = self.note
        return found


def analyse(board: chess.Board, budget: int = DEFAULT_BUDGET, note: str = "") -> Analysis:
    started = time.perf_counter()
    white = can_checkmate(board, chess.WHITE, budget)
    black = can_checkmate(board, chess.BLACK, budget)
    return Analysis(board.fen(), white, black, note, (time.perf_counter() - started) * 1000)


def analyse_all(
    positions: Sequence[tuple[chess.Board, str]], budget: int = DEFAULT_BUDGET, seconds: float | None = None
) -> Iterator[Analysis]:
    """Every position's answers, in order, all within `seconds` (None: no limit).

    First pass: each position may take four times its even share of the time left, so a hard one cannot
    starve the rest. Second pass: the positions whose answer ran out of time share what is left. A position
    still undecided then says so ("not decided in time"); every position is answered. Answers are
    given as soon as every earlier one is final."""
    if seconds is None:
        yield from (analyse(board, budget, note) for board, note in positions)
        return
    with time_limit(seconds):  # the whole run's wall-clock backstop (clock.WALL_GRACE)
        yield from _two_passes(positions, budget, now() + seconds)


def _two_passes(
    positions: Sequence[tuple[chess.Board, str]], budget: int, deadline: float
) -> Iterator[Analysis]:
    answers: dict[int, Analysis] = {}
    again: list[int] = []
    given = 0
    for index, (board, note) in enumerate(positions):
        share = max(0.0, deadline - now()) / (len(positions) - index)
        with time_limit(min(FIRST_PASS_SHARES * share, max(0.0, deadline - now()))):
            answers[index] = analyse(board, budget, note)
        if _timed_out(answers[index]):
            again.append(index)
        while given in answers and not (again and again[0] == given):
            yield answers.pop(given)
            given += 1
    for number, index in enumerate(again):
        board, note = positions[index]
        with time_limit(max(0.0, deadline - now()) / (len(again) - number)):
            second = analyse(board, budget, note)
        answers[index] = replace(second, ms=answers[index].ms + second.ms)
    while given in answers:
        yield answers.pop(given)
        given += 1


def _timed_out(analysis: Analysis) -> bool:
    return out_of_time(analysis.white) or out_of_time(analysis.black)
