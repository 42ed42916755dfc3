"""The example game of the notation appendix: its move numbers and moves, replayed on a board.

Each move is parsed with the edition's own letters (`san.parse_move`); a move that cannot be played,
a missing or repeated move number, or a mark that disagrees with the position becomes an
`ExampleResult` pinned to the move's span of the raw text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess

from extract.model import Edition, Finding, Provision
from extract.text.san import CASTLING, EP, LOOSE, SQUARE, ExampleResult, parse_move, split_suffix

_GAME_TOKEN = re.compile(
    r"(?P<num>(?<![\w.])\d{1,3}\.(?=\s|[A-Za-zÀ-ÿ]|[0O][-–]))"
    r"|(?P<draw>\(=\))"
    r"|(?P<castle>[0O](?:[-–][0O]){1,2}[+#]*)"
    r"|(?P<word>[^\s,;()]+)"
)


@dataclass(frozen=True)
class _GameMove:
    number: int | None  # the move number printed before it (white's moves), None if missing
    text: str
    start: int
    end: int


def _game_moves(text: str, start: int, end: int) -> tuple[list[_GameMove], list[tuple[int, int, int]]]:
    """The printed moves of one example game, and the move numbers as (number, start, end)."""
    moves: list[_GameMove] = []
    numbers: list[tuple[int, int, int]] = []
    pending: int | None = None
    started = False
    pos = start
    body = text[start:end]
    for m in _GAME_TOKEN.finditer(body):
        s, e = start + m.start(), start + m.end()
        if m["num"]:
            pending = int(m["num"][:-1])
            numbers.append((pending, s, e))
            started = True
            continue
        if m["draw"]:
            continue
        word = m["castle"] or m["word"]
        if m["word"]:
            if re.fullmatch(r"e\.\s?p\.?", word) or word in ("e.", "p."):
                if moves and EP.match(text, moves[-1].end):
                    ep = EP.match(text, moves[-1].end)
                    assert ep is not None
                    last = moves[-1]
                    moves[-1] = _GameMove(last.number, text[last.start : ep.end()], last.start, ep.end())
                continue
            core = word.rstrip(".:")
            e = s + len(core)
            if not (
                LOOSE.fullmatch(core) or SQUARE.fullmatch(core) or re.fullmatch(r"[a-h]x?[a-h][1-8]", core)
            ):
                if re.search(r"[a-h][1-8]", core) and (started or moves):
                    pass  # malformed move: kept, so the replay reports it
                elif started or moves:
                    break  # words after the game ("osv.", "Eller:") end it
                else:
                    continue
            word = core
        if m["draw"] is None and word.endswith("(=)"):
            word, e = word[:-3], e - 3
        started = True
        moves.append(_GameMove(pending, word, s, e))
        pending = None
        pos = e
    del pos
    return moves, numbers


def replay_game(
    edition: Edition, p: Provision, letters: dict[str, str]
) -> tuple[ExampleResult, list[Finding], dict[str, str]]:
    text = edition.text
    moves, numbers = _game_moves(text, p.start, p.end)
    warnings: list[Finding] = []
    if not moves:
        return (
            ExampleResult(
                edition.id,
                p.label,
                "game",
                "",
                p.start,
                p.start,
                (),
                0,
                False,
                "no moves found",
                p.start,
                p.end,
            ),
            warnings,
            {},
        )
    start, end = (
        (numbers[0][1] if numbers and numbers[0][1] < moves[0].start else moves[0].start),
        moves[-1].end,
    )
    board = chess.Board()
    used: dict[str, str] = {}
    problem = None
    problem_span: tuple[int, int] | None = None
    replayed = 0
    for i, mv in enumerate(moves):
        full = i // 2 + 1
        if i % 2 == 0 and mv.number != full:
            warnings.append(
                Finding(
                    edition=edition.id,
                    label=p.label,
                    kind="notation-example",
                    severity="warning",
                    message=(
                        f"example game: move {full} ({mv.text!r}) is printed without its move number"
                        if mv.number is None
                        else f"example game: move {full} ({mv.text!r}) is numbered {mv.number}"
                    ),
                    quote=text[mv.start : mv.end],
                    start=mv.start,
                    end=mv.end,
                )
            )
        try:
            move = parse_move(board, mv.text, letters)
        except ValueError as error:
            colour = "White" if board.turn == chess.WHITE else "Black"
            problem = f"move {full} ({colour}) {mv.text!r}: {error}"
            problem_span = (mv.start, mv.end)
            break
        piece = board.piece_at(move.from_square)
        body = split_suffix(mv.text)[0]
        if piece and piece.piece_type != chess.PAWN and not CASTLING.fullmatch(body):
            used[piece.symbol().upper()] = body[0]
        board.push(move)
        replayed += 1
    return (
        ExampleResult(
            edition=edition.id,
            label=p.label,
            kind="game",
            quote=text[start:end],
            start=start,
            end=end,
            moves=tuple(m.text for m in moves),
            replayed=replayed,
            ok=problem is None,
            problem=problem,
            problem_start=problem_span[0] if problem_span else None,
            problem_end=problem_span[1] if problem_span else None,
        ),
        warnings,
        used,
    )
