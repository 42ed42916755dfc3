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
from extract.text.clean import LINE_BREAK
from extract.text.notation_game import replay_game
from extract.text.san import (
    CASTLING,
    EP,
    LOOSE,
    PIECE_TYPES,
    PIECES,
    SQUARE,
    TABLE_PIECES,
    ExampleResult,
    PieceLetters,
    check_notation,
    parse_move,
    parse_token,
)
from extract.text.segment import normalize_label

__all__ = [
    "ExampleResult",
    "PieceLetters",
    "check_notation",
    "notation_findings",
    "parse_move",
    "piece_letters",
    "replay_examples",
]

# ---------------------------------------------------------------------------------------------
# Where the letters and examples are


@cache
def _negations(language: str) -> tuple[str, ...]:
    data = language_data(DEFAULT_KB, language) or {}
    return tuple(str(word) for word in data.get("negation") or ())


def _lines(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """(raw offset, raw line) for the lines of text[start:end]."""
    pos = start
    for found in LINE_BREAK.finditer(text, start, end):
        yield pos, text[pos : found.start()]
        pos = found.end()
    yield pos, text[pos:end]


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
            elif not (CASTLING.fullmatch(core) or LOOSE.fullmatch(core)):
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
        parsed = parse_token(tok.text, letters)
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
        result, game_warnings, used_letters = replay_game(edition, p, letters)
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
