"""One position read from a FEN and both colours' answers: what `chesslaws position` prints."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import chess

from extract.arbiter.unwinnable import DEFAULT_BUDGET, Mateability, can_checkmate, dead, out_of_time
from extract.arbiter.unwinnable.clock import expired, now, time_limit

# The time a position may take in the first pass over the positions (at most its even share of the
# time left); each later pass over the ones still undecided doubles it. Cheapest first: on real games
# most positions take milliseconds and a few a hundred times the median, so the time goes to the many
# cheap ones before the few dear ones, and the dear ones, resumed where they stopped (each keeps its
# helpmate search, `unwinnable.Progress`), lose little by being cut (tools/bench_positions.py).
FIRST_CAP = 0.02
MIN_CAP = 0.001  # below this, re-entering an analysis costs more than it searches

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

    In passes over the positions not yet decided, each may take a time that doubles every pass
    (`FIRST_CAP`, at most its even share, at first), and a position cut short goes on where it stopped
    when its turn comes again: the cheap positions are all answered before the dear ones take the
    rest. A position still undecided when the time is up says so ("not decided in time"); every
    position is answered. Answers are given as soon as every earlier one is final."""
    if seconds is None:
        yield from (analyse(board, budget, note) for board, note in positions)
        return
    with time_limit(seconds):  # the whole run's wall-clock backstop (clock.WALL_GRACE)
        yield from _cheapest_first(positions, budget, now() + seconds)


def _cheapest_first(
    positions: Sequence[tuple[chess.Board, str]], budget: int, deadline: float
) -> Iterator[Analysis]:
    answers: dict[int, Analysis] = {}
    cut: dict[int, Analysis] = {}  # the answers cut short so far, for the time they took
    waiting = list(range(len(positions)))
    cap = max(MIN_CAP, min(FIRST_CAP, max(0.0, deadline - now()) / max(1, len(positions))))
    given = 0
    while waiting:
        still = []
        for index in waiting:
            board, note = positions[index]
            left = max(0.0, deadline - now())
            with time_limit(min(cap, left)):
                answer = analyse(board, budget, note)
            if index in cut:
                answer = replace(answer, ms=cut.pop(index).ms + answer.ms)
            if _timed_out(answer) and left > MIN_CAP and not expired():  # more time may decide it
                cut[index] = answer
                still.append(index)
            else:
                answers[index] = answer
            while given in answers:
                yield answers.pop(given)
                given += 1
        waiting, cap = still, 2 * cap


def _timed_out(analysis: Analysis) -> bool:
    return out_of_time(analysis.white) or out_of_time(analysis.black)
