"""A shorter helpmate to show a person, when the one the analysis found is long.

The analysis stops at the first helpmate it finds: any one proves the answer. A ruling quotes it, and a
line of thirty moves reads worse than one of ten. Here, only for the line a ruling shows and only when
it is long, a small search looks for a shorter one: best-first like the analysis's, but each position
ranked by the moves already played as well as by how near a mate it looks (`distance_to_mate`), so
the short lines come first, and no line is followed to the length of the one already known. A line
found replaces the known one only when it is shorter and replays to checkmate; otherwise the known one
stays. It never changes an answer, only the proof shown.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import chess

from extract.arbiter.unwinnable import proof_reason, replays_to_mate
from extract.arbiter.unwinnable.helpmate import distance_to_mate, strong
from extract.arbiter.unwinnable.tree import ranked_search
from extract.model.ruling import MateFinding

SHORT_ENOUGH = 20  # half-moves: a line this short is shown as it is
SHORTER_POSITIONS = 20_000  # positions searched for a shorter line (about a second at most)
DEPTH_WEIGHT = 1  # how much a half-move played counts against how near a mate a position looks


def shown(finding: MateFinding) -> MateFinding:
    """The finding as a ruling shows it: a long helpmate replaced by a shorter one when one is found
    (and the reason's count of half-moves with it); every other finding as it is."""
    if not finding.can_checkmate or not finding.fen or len(finding.helpmate) <= SHORT_ENOUGH:
        return finding
    colour = finding.colour == "white"
    line = shorter(finding.fen, colour, finding.helpmate)
    if line == finding.helpmate:
        return finding
    return replace(finding, helpmate=line, why=proof_reason(len(line), finding.colour.capitalize()))


@lru_cache(maxsize=256)
def shorter(
    fen: str, colour: chess.Color, line: tuple[str, ...], budget: int = SHORTER_POSITIONS
) -> tuple[str, ...]:
    """A helpmate by `colour` from `fen` shorter than `line` (itself a helpmate), or `line`."""
    if len(line) <= SHORT_ENOUGH:
        return line
    board = chess.Board(fen)
    found = _search(board, colour, len(line) - 2, budget)
    if found is None or not replays_to_mate(board, colour, found):
        return line
    return tuple(found)


def _search(board: chess.Board, winner: chess.Color, longest: int, budget: int) -> list[str] | None:
    """A helpmate of at most `longest` half-moves, the short ones first (None: none within `budget`)."""
    bare = strong(board, winner)

    def rank(position: chess.Board, played: int) -> int:
        return distance_to_mate(position, winner, bare and strong(position, winner)) + DEPTH_WEIGHT * played

    found, _ = ranked_search(board, winner, budget, rank, longest)
    return None if found is None else [m.uci() for m in found]
