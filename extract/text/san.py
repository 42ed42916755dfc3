"""Moves printed in a translation's own piece letters, read and checked against python-chess.

A token such as "Sf3", "exd6 e.p.", "0-0-0" or "d8D" is parsed with the letters one edition uses
for king, queen, rook, bishop and knight; `parse_move` finds the move in a position, and
`check_notation` says why a token cannot be a move in any position. The letters come from the
edition being read (see `notation`), never from a table of languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess

PIECES = ("K", "Q", "R", "B", "N")  # python-chess symbols, in the order the Laws list the pieces
TABLE_PIECES = (*PIECES, "P")  # the 2.2 table also has a row for the pawns
PIECE_TYPES = {s: chess.Piece.from_symbol(s).piece_type for s in TABLE_PIECES}


@dataclass(frozen=True)
class PieceLetters:
    """One source of piece letters inside one edition.

    `letters` maps python-chess symbols to the letter as printed: 'K', 'Q', 'R', 'B', 'N' (and 'P'
    when the text prints a pawn letter) for White, or for both colours when the source does not say
    which; lower-case keys ('k', 'q', ...) for Black when the source gives Black its own row.
    """

    edition: str
    label: str
    letters: dict[str, str]
    start: int
    end: int


@dataclass(frozen=True)
class ExampleResult:
    """One example move or example game of the text, checked and, where possible, replayed."""

    edition: str
    label: str
    kind: str  # "game" | "move"
    quote: str
    start: int
    end: int
    moves: tuple[str, ...]
    replayed: int
    ok: bool
    problem: str | None
    problem_start: int | None
    problem_end: int | None


# ---------------------------------------------------------------------------------------------
# Parsing one move


CASTLING = re.compile(r"[0O](?:[-–][0O]){1,2}")
EP = re.compile(r"\s*e\.\s?p\.?")
SUFFIX = re.compile(r"(?:\s*\(=\))?(?P<marks>[+#]*)(?P<notes>[!?]*)(?:\s*\(=\))?$")
SQUARE = re.compile(r"[a-h][1-8]")
PIECE_NAMES = {t: chess.piece_name(t) for t in chess.PIECE_TYPES}


def _move_pattern(letters: str) -> re.Pattern[str]:
    cls = "[" + re.escape(letters) + "]" if letters else "(?!)"
    return re.compile(
        rf"(?P<piece>{cls})?(?P<ff>[a-h])?(?P<fr>[1-8])?(?P<sep>[x:×\-–])?"
        rf"(?P<tf>[a-h])(?P<tr>[1-8])(?:=?(?P<promo>{cls}))?"
    )


def _letter_types(letters: dict[str, str]) -> dict[str, set[int]]:
    """Printed letter -> piece types it names (a letter given to two pieces names both)."""
    types: dict[str, set[int]] = {}
    for symbol in PIECES:
        if symbol in letters:
            types.setdefault(letters[symbol], set()).add(PIECE_TYPES[symbol])
    return types


@dataclass(frozen=True)
class _Parsed:
    castling: str | None  # "0-0" | "0-0-0"
    pieces: frozenset[int]  # piece types the token can name
    from_file: int | None
    from_rank: int | None
    sep: str | None
    to_square: int
    promotion: frozenset[int]
    marks: str
    en_passant: bool


def split_suffix(token: str) -> tuple[str, str, bool]:
    body = token.strip()
    ep = False
    m = re.search(r"\s*e\.\s?p\.?\s*$", body)
    if m:
        ep, body = True, body[: m.start()]
    m = SUFFIX.search(body)
    marks = ""
    if m:
        marks, body = m.group("marks"), body[: m.start()]
    m = re.search(r"\s*e\.\s?p\.?\s*$", body)
    if m:
        ep, body = True, body[: m.start()]
    return body.replace(" ", ""), marks, ep


def parse_token(token: str, letters: dict[str, str]) -> _Parsed:
    """The token's parts, or ValueError when it is not notation in these letters."""
    body, marks, ep = split_suffix(token)
    if marks not in ("", "+", "#", "++"):
        raise ValueError(f"not valid notation: check marks {marks!r}")
    if CASTLING.fullmatch(body):
        side = "0-0-0" if len(body) == 5 else "0-0"
        return _Parsed(side, frozenset({chess.KING}), None, None, None, 0, frozenset(), marks, ep)
    types = _letter_types(letters)
    m = _move_pattern("".join(sorted(types))).fullmatch(body)
    if not m:
        lead = body[:1]
        if lead.isupper() and lead not in types:
            raise ValueError(f"not valid notation: {lead!r} is not one of this edition's piece letters")
        if not re.search(r"[a-h][1-8](?:=?[A-ZÀ-Þ])?$", body):
            raise ValueError(
                "not valid notation: no square of arrival (a file letter a-h and a rank 1-8) at the end"
            )
        parts = re.split(r"[-–x:×]", body)
        if len(parts) == 2 and parts[0] and not re.fullmatch(r"[A-ZÀ-Þ]?(?:[a-h][1-8]?|[1-8])", parts[0]):
            raise ValueError(
                f"not valid notation: {parts[0]!r} is not a piece letter with a square, file or rank"
                " of departure"
            )
        raise ValueError("not valid notation")
    pieces = frozenset(types[m["piece"]]) if m["piece"] else frozenset({chess.PAWN})
    promotion = frozenset(types[m["promo"]] - {chess.KING}) if m["promo"] else frozenset()
    if m["promo"] and not promotion:
        raise ValueError(f"not valid notation: a pawn cannot promote to {m['promo']!r}")
    sep = m["sep"]
    if sep in ("-", "–") and not (m["ff"] and m["fr"]):
        raise ValueError("not valid notation: a dash needs the square of departure")
    return _Parsed(
        None,
        pieces,
        chess.FILE_NAMES.index(m["ff"]) if m["ff"] else None,
        int(m["fr"]) - 1 if m["fr"] else None,
        sep,
        chess.parse_square(m["tf"] + m["tr"]),
        promotion,
        marks,
        ep,
    )


def _describe(parsed: _Parsed, capture: bool) -> str:
    names = " or ".join(sorted(PIECE_NAMES[t] for t in parsed.pieces))
    where = ""
    if parsed.from_file is not None and parsed.from_rank is not None:
        where = f" on {chess.square_name(chess.square(parsed.from_file, parsed.from_rank))}"
    elif parsed.from_file is not None:
        where = f" on the {chess.FILE_NAMES[parsed.from_file]}-file"
    elif parsed.from_rank is not None:
        where = f" on rank {parsed.from_rank + 1}"
    verb = "capture on" if capture else "move to"
    return f"no {names}{where} can {verb} {chess.square_name(parsed.to_square)}"


def parse_move(board: chess.Board, token: str, letters: dict[str, str]) -> chess.Move:
    """The legal move `token` names on `board`, read with the edition's piece `letters`.

    Accepts the appendices' forms: short ("Sf3", "exd6 e.p."), capture marks 'x' or ':' (optional, as
    the 2014+ texts allow), long form ("Sg1-f3", "Sg1f3", "e7e5"), castling with 0 or O, promotion
    with or without '=', and '+', '++', '#', '!', '?' and a draw offer "(=)" after the move; '+' and
    '#' must be true. Raises ValueError with the reason when the token names no single legal move.
    """
    parsed = parse_token(token, letters)
    if parsed.castling:
        san = "O-O-O" if parsed.castling == "0-0-0" else "O-O"
        try:
            move = board.parse_san(san)
        except ValueError:
            raise ValueError(f"castling {parsed.castling} is not legal here") from None
    else:
        capture_mark = parsed.sep in ("x", ":", "×")
        is_pawn = parsed.pieces == {chess.PAWN}
        candidates = []
        for move in board.legal_moves:
            piece = board.piece_type_at(move.from_square)
            if piece not in parsed.pieces or move.to_square != parsed.to_square:
                continue
            if parsed.from_file is not None and chess.square_file(move.from_square) != parsed.from_file:
                continue
            if parsed.from_rank is not None and chess.square_rank(move.from_square) != parsed.from_rank:
                continue
            if board.is_castling(move):
                continue
            if capture_mark and not board.is_capture(move):
                continue
            if parsed.sep in ("-", "–") and board.is_capture(move):
                continue
            if piece == chess.PAWN and board.is_capture(move) and parsed.from_file is None:
                continue  # a pawn capture names its file of departure
            if parsed.en_passant and not board.is_en_passant(move):
                continue
            if move.promotion and move.promotion not in parsed.promotion:
                continue
            if parsed.promotion and not move.promotion:
                continue
            candidates.append(move)
        if is_pawn and parsed.promotion and chess.square_rank(parsed.to_square) not in (0, 7):
            raise ValueError(
                f"a pawn promotes only on the last rank, not on {chess.square_name(parsed.to_square)}"
            )
        last_rank = chess.square_rank(parsed.to_square) in (0, 7)
        if not candidates and is_pawn and last_rank and not parsed.promotion:
            raise ValueError(f"the promotion piece is missing ({chess.square_name(parsed.to_square)})")
        if not candidates:
            reason = _describe(parsed, capture_mark or (is_pawn and parsed.from_file not in (None,)))
            if parsed.en_passant:
                reason += " en passant"
            raise ValueError(reason)
        if len(candidates) > 1:
            promotions = {m.promotion for m in candidates}
            if len(promotions) > 1 and not parsed.promotion:
                raise ValueError(f"the promotion piece is missing ({chess.square_name(parsed.to_square)})")
            raise ValueError(
                f"ambiguous: {len(candidates)} moves fit ("
                + ", ".join(board.san(m) for m in candidates)
                + ")"
            )
        move = candidates[0]
    if parsed.marks:
        board.push(move)
        try:
            mate, check = board.is_checkmate(), board.is_check()
        finally:
            board.pop()
        if parsed.marks in ("#", "++") and not mate:
            raise ValueError(f"{parsed.marks!r} but the move does not mate")
        if parsed.marks == "+" and not check:
            raise ValueError("'+' but the move gives no check")
    return move


def check_notation(token: str, letters: dict[str, str]) -> str | None:
    """Why `token` cannot be a move in these letters in any position, or None if it can be.

    Used for isolated examples ("Le5", "d8D", "Sg1f3") that the text gives without a position:
    the syntax with the edition's letters, squares, capture and promotion marks, and the geometry
    of what the token says (pawn files and ranks, a long-form piece move reachable from its square).
    """
    try:
        parsed = parse_token(token, letters)
    except ValueError as error:
        return str(error)
    if parsed.castling:
        return None
    to_file, to_rank = chess.square_file(parsed.to_square), chess.square_rank(parsed.to_square)
    if parsed.pieces == {chess.PAWN}:
        capture = parsed.from_file is not None and parsed.from_file != to_file
        if parsed.from_file is not None and abs(parsed.from_file - to_file) > 1:
            file = chess.FILE_NAMES[parsed.from_file]
            return f"no pawn on the {file}-file can reach {chess.square_name(parsed.to_square)}"
        if parsed.sep in ("x", ":", "×") and not capture:
            return "a pawn captures diagonally: the capture names another file"
        if parsed.promotion and to_rank not in (0, 7):
            return f"a pawn promotes only on the last rank, not on {chess.square_name(parsed.to_square)}"
        if not parsed.promotion and to_rank in (0, 7):
            square = chess.square_name(parsed.to_square)
            return f"a pawn reaching {square} must promote: the new piece is missing"
        if parsed.from_rank is not None:
            step = to_rank - parsed.from_rank
            ok = (
                step in (1, -1)
                or (not capture and step == 2 and parsed.from_rank == 1)
                or (not capture and step == -2 and parsed.from_rank == 6)
            )
            if not ok or (capture and abs(step) != 1):
                square = chess.square_name(parsed.to_square)
                return f"no pawn move goes from rank {parsed.from_rank + 1} to {square}"
        return None
    if parsed.promotion:
        return "only a pawn promotes"
    origins = [
        sq
        for sq in chess.SQUARES
        if (parsed.from_file is None or chess.square_file(sq) == parsed.from_file)
        and (parsed.from_rank is None or chess.square_rank(sq) == parsed.from_rank)
        and sq != parsed.to_square
    ]
    for piece_type in parsed.pieces:
        for sq in origins:
            board = chess.Board(None)
            board.set_piece_at(sq, chess.Piece(piece_type, chess.WHITE))
            if parsed.to_square in board.attacks(sq):
                return None
    return _describe(parsed, parsed.sep in ("x", ":", "×"))


# A token that looks like a move in any letters (for finding examples in running text)
LOOSE = re.compile(r"[A-Za-zÀ-ÿ]{1,3}[1-8]?[x:×\-–]?[a-zA-Z]{0,2}[1-8](?:=?[A-ZÀ-Þ])?[+#]*")
