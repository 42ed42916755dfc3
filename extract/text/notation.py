"""Piece letters and example moves of each edition's algebraic notation, checked against python-chess.

Each translation prints its piece letters twice: in the Article 2.2 piece table and in the notation
appendix ("K=Konge, D=Dronning, ..."). The appendix then gives example moves (isolated ones, ones in
a position the text describes, and a whole example game) in those letters. This module reads the
letters from the text itself, in the FIDE order the Laws list the pieces in (king, queen, rook,
bishop, knight, pawn), parses every example with the edition's own letters and replays what can be
replayed, and turns every inconsistency into a lint `Finding` pinned to a span of the raw text.
Nothing here knows a language's letters: they come from the edition being read.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import chess

from extract.io.languages import DEFAULT_KB, language_data
from extract.model import Edition, Finding, Provision
from extract.text.segment import normalize_label

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


def _split_suffix(token: str) -> tuple[str, str, bool]:
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


def _parse_token(token: str, letters: dict[str, str]) -> _Parsed:
    """The token's parts, or ValueError when it is not notation in these letters."""
    body, marks, ep = _split_suffix(token)
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
    parsed = _parse_token(token, letters)
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
        parsed = _parse_token(token, letters)
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


# ---------------------------------------------------------------------------------------------
# Where the letters and examples are


@cache
def _negations(language: str) -> tuple[str, ...]:
    data = language_data(DEFAULT_KB, language) or {}
    return tuple(str(word) for word in data.get("negation") or ())


def _lines(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """(raw offset, raw line) for the lines of text[start:end]."""
    pos = start
    for line in text[start:end].split("\n"):
        yield pos, line
        pos += len(line) + 1


def _blank(pattern: str, text: str) -> str:
    """text with every match of pattern replaced by spaces (offsets kept)."""
    return re.sub(pattern, lambda m: " " * len(m.group()), text)


def _family(provisions: list[Provision], label: str) -> list[Provision]:
    return sorted(
        (p for p in provisions if p.label == label or p.label.startswith(label + ".")),
        key=lambda p: p.start,
    )


def _label_at(provisions: list[Provision], offset: int) -> str:
    best: Provision | None = None
    for p in provisions:
        if p.start <= offset < max(p.end, p.start + 1) and (
            best is None or p.end - p.start <= best.end - best.start
        ):
            best = p
    return best.label if best else ""


def _appendix(provisions: list[Provision]) -> str | None:
    """The label of the notation appendix: the appendix holding the example game(s)."""
    games = [p for p in provisions if p.kind == "example"]
    if not games:
        return None
    return games[0].label.split(".")[0]


@dataclass(frozen=True)
class _Row:
    symbol: str  # 'K'..'P' white, 'k'..'p' black
    letters: tuple[tuple[str, int, int], ...]  # (letter, raw start, raw end)
    start: int
    end: int
    label: str


def _table_rows(edition: Edition, provisions: list[Provision]) -> list[_Row]:
    """The rows of the 2.2 piece table, in the order the Laws list them, with their letters."""
    family = _family(provisions, "2.2")
    if not family:
        return []
    text = edition.text
    rows: list[list[tuple[int, int, list[tuple[str, int, int]]]]] = []
    for i, (pos, line) in enumerate(_lines(text, family[0].start, max(p.end for p in family))):
        if i == 0 or not line.strip() or re.fullmatch(r"[\s|:\-–—]*", line):
            continue
        if line.rstrip().endswith(":") or line.lstrip(" -–•").startswith("2.2"):
            continue
        masked = _blank(r"\([^)]*\)", line).replace("|", " ")
        masked = _blank(r"<\|[^|>]*\|>|\*\*", masked)
        tokens = [(m.group(), pos + m.start(), pos + m.end()) for m in re.finditer(r"[^\s,.;]+", masked)]
        trailing: list[tuple[str, int, int]] = []
        for tok in reversed(tokens):
            if len(tok[0]) == 1 and tok[0].isalpha():
                trailing.insert(0, tok)
            else:
                break
        if len(trailing) == len(tokens) and rows:  # a line holding only the letter: the row above's
            rows[-1].append((pos, pos + len(line), trailing))
            continue
        rows.append([(pos, pos + len(line), trailing)])
    flat = [
        (r[0][0], r[-1][1], [t for part in r for t in part[2]])
        for r in rows
        if any(part[2] for part in r) or r
    ]
    two_per_row = any(len(letters) == 2 for _, _, letters in flat)
    symbols: list[list[str]] = (
        [[s, s.lower()] for s in TABLE_PIECES]
        if two_per_row
        else [[s] for s in TABLE_PIECES] + [[s.lower()] for s in TABLE_PIECES]
    )
    if len(flat) < len(symbols):
        return []
    result = []
    for (start, end, letters), row_symbols in zip(flat, symbols, strict=False):
        label = _label_at(family, start)
        if len(row_symbols) == 2 and len(letters) == 2:
            for symbol, letter in zip(row_symbols, letters, strict=True):
                result.append(_Row(symbol, (letter,), start, end, label))
        elif len(row_symbols) == 2:
            for symbol in row_symbols:
                result.append(_Row(symbol, tuple(letters[:1]), start, end, label))
        else:
            result.append(_Row(row_symbols[0], tuple(letters[:1]), start, end, label))
    return result


_PAIR = re.compile(r"(?<![\w])([A-ZÀ-Þ])\s?=\s?([^\W\d_]{2,})")


def _letter_lists(
    edition: Edition, provisions: list[Provision], appendix: str
) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """Runs of five "K = name" pairs in the appendix, each with its provision label."""
    runs: list[tuple[str, list[tuple[str, int, int]]]] = []
    for p in _family(provisions, appendix):
        if p.kind in ("example", "table"):
            continue
        masked = _blank(r"\([^)]*\)", edition.text[p.start : p.end])
        pairs = [
            (m.group(1), p.start + m.start(1), p.start + m.end(1), p.start + m.end())
            for m in _PAIR.finditer(masked)
        ]
        run: list[tuple[str, int, int, int]] = []
        for pair in pairs:
            if run and pair[1] - run[-1][3] > 40:
                if len(run) >= len(PIECES):
                    runs.append((p.label, [(a, b, c) for a, b, c, _ in run]))
                run = []
            run.append(pair)
        if len(run) >= len(PIECES):
            runs.append((p.label, [(a, b, c) for a, b, c, _ in run]))
    return runs


# ---------------------------------------------------------------------------------------------
# Example moves in the appendix text

_LABEL_SHAPED = re.compile(r"[A-Z]\.?\d{1,2}(?:\.\d{1,2})*[a-z]?")
_WORD = re.compile(r"[^\s,;()\"“”„«»]+")
_LOOSE = re.compile(r"[A-Za-zÀ-ÿ]{1,3}[1-8]?[x:×\-–]?[a-zA-Z]{0,2}[1-8](?:=?[A-ZÀ-Þ])?[+#]*")


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    end: int
    line: int  # raw offset of its line


def _candidates(
    edition: Edition, p: Provision, labels: set[str]
) -> tuple[list[_Token], list[_Token], list[_Token]]:
    """(example moves, squares named, counter-examples) in one provision's raw text."""
    text = edition.text
    negation = _negations(edition.language)
    moves: list[_Token] = []
    squares: list[_Token] = []
    counter: list[_Token] = []
    for line_start, line in _lines(text, p.start, p.end):
        scopes = []
        for word in negation:
            for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", line, re.IGNORECASE):
                stop = re.compile(r"[.!?](?=\s|$)").search(line, m.end())
                scopes.append((m.end(), stop.end() if stop else len(line)))
        words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(line)]
        i = 0
        while i < len(words):
            word, ws, we = words[i]
            i += 1
            core = word.rstrip(".:")
            we = ws + len(core)
            if (
                re.fullmatch(r"[a-h][x:]", core)
                and i < len(words)
                and SQUARE.fullmatch(words[i][0].rstrip(".:"))
            ):
                nxt = words[i]
                core, we = line[ws : nxt[1] + len(nxt[0].rstrip(".:"))], nxt[1] + len(nxt[0].rstrip(".:"))
                i += 1
            elif not (CASTLING.fullmatch(core) or _LOOSE.fullmatch(core)):
                continue
            if _LABEL_SHAPED.fullmatch(core) and normalize_label(core) in labels:
                continue  # a reference to a provision ("E12", "C10"), not a move
            ep = EP.match(line, we)
            if ep and not SQUARE.fullmatch(core):
                we = ep.end()
                while i < len(words) and words[i][1] < we:
                    i += 1
            tok = _Token(line[ws:we], line_start + ws, line_start + we, line_start)
            if SQUARE.fullmatch(core):
                squares.append(tok)
            elif any(a <= ws < b for a, b in scopes):
                counter.append(tok)
            else:
                moves.append(tok)
    return moves, squares, counter


def _scene_board(piece_type: int, squares: list[int], target: int, capture: bool) -> chess.Board | None:
    """White pieces of one type on the squares the text names, Black's piece on the target if taken."""
    board = chess.Board(None)
    for sq in squares:
        if sq != target:
            board.set_piece_at(sq, chess.Piece(piece_type, chess.WHITE))
    if capture:
        board.set_piece_at(target, chess.Piece(chess.KNIGHT, chess.BLACK))
    used = set(squares) | {target}
    spots = [
        chess.A8,
        chess.H8,
        chess.A1,
        chess.H1,
        chess.A5,
        chess.H5,
        chess.A4,
        chess.H4,
        chess.D8,
        chess.E8,
    ]
    for wk in spots:
        for bk in spots:
            if wk == bk or wk in used or bk in used or chess.square_distance(wk, bk) < 2:
                continue
            trial = board.copy()
            trial.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
            trial.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
            trial.turn = chess.WHITE
            if trial.is_valid() and not trial.is_check():
                return trial
    return None


def _scene_result(
    edition: Edition, label: str, tok: _Token, squares: list[_Token], letters: dict[str, str]
) -> ExampleResult:
    """Replay one example move in the position the text describes around it."""
    try:
        parsed = _parse_token(tok.text, letters)
    except ValueError as error:
        return _move_result(edition, label, tok, 0, str(error))
    names = [chess.parse_square(s.text) for s in squares]
    is_pawn = parsed.pieces == {chess.PAWN}
    capture = parsed.sep in ("x", ":", "×") or (is_pawn and parsed.from_file is not None)
    where = ", ".join(s.text for s in squares if chess.parse_square(s.text) != parsed.to_square)
    problem = None
    for piece_type in sorted(parsed.pieces):
        board = _scene_board(piece_type, names, parsed.to_square, capture)
        if board is None:
            problem = f"the position the text gives ({where}) is not a legal position"
            continue
        try:
            move = parse_move(board, tok.text, letters)
        except ValueError as error:
            problem = f"with {chess.piece_name(piece_type)}s on {where} (as the text says): {error}"
            continue
        if move.from_square in names:
            return _move_result(edition, label, tok, 1, None)
        problem = (
            f"with {chess.piece_name(piece_type)}s on {where}: the move does not start from a square"
            " the text names"
        )
    return _move_result(edition, label, tok, 0, problem)


def _move_result(
    edition: Edition, label: str, tok: _Token, replayed: int, problem: str | None
) -> ExampleResult:
    return ExampleResult(
        edition=edition.id,
        label=label,
        kind="move",
        quote=tok.text,
        start=tok.start,
        end=tok.end,
        moves=(tok.text,),
        replayed=replayed,
        ok=problem is None,
        problem=problem,
        problem_start=tok.start if problem else None,
        problem_end=tok.end if problem else None,
    )


_ENUM = re.compile(r"(?<![\w(])\(?([1-9])\)")


def _isolated_examples(
    edition: Edition, provisions: list[Provision], appendix: str, letters: dict[str, str]
) -> list[ExampleResult]:
    labels = {p.label for p in provisions}
    family = [p for p in _family(provisions, appendix) if p.kind not in ("example", "table")]
    results: list[ExampleResult] = []
    scenes: list[list[_Token]] = []  # squares the text names for each position it describes, in order
    for p in family:
        moves, squares, _ = _candidates(edition, p, labels)
        by_line: dict[int, tuple[list[_Token], list[_Token]]] = {}
        for tok in moves:
            by_line.setdefault(tok.line, ([], []))[0].append(tok)
        for tok in squares:
            by_line.setdefault(tok.line, ([], []))[1].append(tok)
        for line in sorted(by_line):
            line_moves, line_squares = by_line[line]
            if not line_moves:
                continue
            named = [s for s in line_squares if s.start < line_moves[0].start]
            line_text = edition.text[line : line_moves[-1].end]
            enums = list(_ENUM.finditer(line_text))
            if len(named) >= 2:
                scenes.append(named)
                results.extend(_scene_result(edition, p.label, tok, named, letters) for tok in line_moves)
            elif len(enums) >= 2 and scenes:
                for tok in line_moves:
                    before = [e for e in enums if line + e.start() < tok.start]
                    number = int(before[-1].group(1)) if before else 0
                    if 1 <= number <= len(scenes[-len(enums) :]) and len(scenes) >= len(enums):
                        scene = scenes[-len(enums) :][number - 1]
                        results.append(_scene_result(edition, p.label, tok, scene, letters))
                    else:
                        results.append(
                            _move_result(edition, p.label, tok, 0, check_notation(tok.text, letters))
                        )
            else:
                for tok in line_moves:
                    results.append(_move_result(edition, p.label, tok, 0, check_notation(tok.text, letters)))
    return results


# ---------------------------------------------------------------------------------------------
# Example games

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
                _LOOSE.fullmatch(core) or SQUARE.fullmatch(core) or re.fullmatch(r"[a-h]x?[a-h][1-8]", core)
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


def _replay_game(
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
        body = _split_suffix(mv.text)[0]
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


# ---------------------------------------------------------------------------------------------
# Public functions


@dataclass(frozen=True)
class _Analysis:
    table: list[_Row]
    sources: list[PieceLetters]
    appendix_letters: PieceLetters | None
    examples: list[ExampleResult]
    warnings: list[Finding]


def _analyse(edition: Edition, provisions: list[Provision]) -> _Analysis:
    sources: list[PieceLetters] = []
    rows = _table_rows(edition, provisions)
    if any(r.letters for r in rows):
        letters = {r.symbol: r.letters[0][0] for r in rows if r.letters}
        first = min(r.letters[0][1] for r in rows if r.letters)
        last = max(r.letters[0][2] for r in rows if r.letters)
        sources.append(PieceLetters(edition.id, _label_at(provisions, first), letters, first, last))
    appendix = _appendix(provisions)
    appendix_letters: PieceLetters | None = None
    examples: list[ExampleResult] = []
    warnings: list[Finding] = []
    if appendix is None:
        return _Analysis(rows, sources, None, examples, warnings)
    runs = _letter_lists(edition, provisions, appendix)
    if runs:
        labels = {p.label for p in provisions}
        used: Counter[str] = Counter()
        for p in _family(provisions, appendix):
            if p.kind == "example":
                used.update(
                    w[0]
                    for w in re.findall(
                        r"(?<![\w])[A-ZÀ-Þ][a-h]?[1-8]?x?[a-h][1-8]", edition.text[p.start : p.end]
                    )
                )
            elif p.kind != "table":
                used.update(t.text[0] for t in _candidates(edition, p, labels)[0])
        label, run = max(runs, key=lambda r: sum(used[letter] for letter, _, _ in r[1][: len(PIECES)]))
        run = run[: len(PIECES)]
        appendix_letters = PieceLetters(
            edition.id,
            label,
            {s: letter for s, (letter, _, _) in zip(PIECES, run, strict=True)},
            run[0][1],
            run[-1][2],
        )
        sources.append(appendix_letters)
    letters = (
        appendix_letters.letters
        if appendix_letters
        else {s: x for s, x in (sources[0].letters.items() if sources else []) if s in PIECES}
    )
    for p in _family(provisions, appendix):
        if p.kind != "example":
            continue
        result, game_warnings, used_letters = _replay_game(edition, p, letters)
        examples.append(result)
        warnings.extend(game_warnings)
        if used_letters:
            sources.append(PieceLetters(edition.id, p.label, used_letters, result.start, result.end))
    examples.extend(_isolated_examples(edition, provisions, appendix, letters))
    examples.sort(key=lambda r: (r.start, r.kind))
    return _Analysis(rows, sources, appendix_letters, examples, warnings)


def piece_letters(edition: Edition, provisions: list[Provision]) -> list[PieceLetters]:
    """Every source of piece letters in the edition: the 2.2 table, the appendix list, the example games."""
    return _analyse(edition, provisions).sources


def replay_examples(edition: Edition, provisions: list[Provision]) -> list[ExampleResult]:
    """Every example move and game of the notation appendix, checked with the edition's own letters.

    Games are replayed from the initial position; moves in a position the text describes ("two
    knights on g1 and e1 ... Sgf3") are replayed in that position; other isolated moves are checked
    as notation only (letters, squares, marks, geometry). Counter-examples the text marks as wrong
    ("not be5, Bd4") are left out.
    """
    return _analyse(edition, provisions).examples


def notation_findings(edition: Edition, provisions: list[Provision]) -> list[Finding]:
    """Lint findings: `piece-letter` (letters that disagree) and `notation-example` (wrong examples)."""
    analysis = _analyse(edition, provisions)
    findings: list[Finding] = []
    text = edition.text
    reference = analysis.appendix_letters
    white = {r.symbol: r.letters[0][0] for r in analysis.table if r.letters and r.symbol.isupper()}
    expected = dict(reference.letters) if reference else {s: white[s] for s in PIECES if s in white}
    where = f"appendix {reference.label}" if reference else "the white pieces' row"
    owner = {letter: s for s, letter in expected.items()}
    by_row: dict[int, list[_Row]] = {}
    for row in analysis.table:
        if (
            row.letters
            and row.symbol.upper() in expected
            and row.letters[0][0].upper() != expected[row.symbol.upper()]
        ):
            by_row.setdefault(row.start, []).append(row)
    for rows in by_row.values():
        symbol = rows[0].symbol.upper()
        name = chess.piece_name(PIECE_TYPES[symbol])
        both = len({r.symbol for r in analysis.table if r.start == rows[0].start}) > 1
        if both:
            given = "/".join(repr(r.letters[0][0]) for r in rows)
            colours = "white/black" if len(rows) > 1 else ("black" if rows[0].symbol.islower() else "white")
            who = f"the {name} ({colours})"
        else:
            given = repr(rows[0].letters[0][0])
            who = f"the {'black' if rows[0].symbol.islower() else 'white'} {name}"
        message = f"{rows[0].label} gives {who} the letter {given}, {where} gives {expected[symbol]!r}"
        other = white.get(symbol)
        if rows[0].symbol.islower() and not both and other == expected[symbol]:
            message += f" and the white {name} has {other!r}"
        clash = owner.get(rows[0].letters[0][0].upper())
        if clash and clash != symbol:
            message += (
                f"; {rows[0].letters[0][0].upper()!r} is the {chess.piece_name(PIECE_TYPES[clash])}'s letter"
            )
        start, end = rows[0].letters[0][1], rows[-1].letters[0][2]
        findings.append(
            Finding(
                edition.id,
                rows[0].label,
                "piece-letter",
                "error",
                message,
                text[rows[0].start : rows[0].end].strip(),
                start,
                end,
            )
        )
    for source in analysis.sources:
        if source is reference or source.label == (analysis.table[0].label if analysis.table else None):
            continue
        for symbol, letter in source.letters.items():
            if symbol in expected and letter != expected[symbol]:
                findings.append(
                    Finding(
                        edition.id,
                        source.label,
                        "piece-letter",
                        "error",
                        f"{source.label} uses {letter!r} for the {chess.piece_name(PIECE_TYPES[symbol])},"
                        f" {where} gives {expected[symbol]!r}",
                        text[source.start : source.end],
                        source.start,
                        source.end,
                    )
                )
    for result in analysis.examples:
        if result.ok:
            continue
        assert result.problem_start is not None and result.problem_end is not None
        what = "example game" if result.kind == "game" else "example move"
        findings.append(
            Finding(
                edition.id,
                result.label,
                "notation-example",
                "error",
                f"{what} {result.label}: {result.problem}",
                text[result.problem_start : result.problem_end],
                result.problem_start,
                result.problem_end,
            )
        )
    findings.extend(analysis.warnings)
    return sorted(findings, key=lambda f: (f.start, f.kind, f.message))
