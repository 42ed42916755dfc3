"""The rulings matrix of a rule page (extract/reports/rulings.py), with its board pictures and links.

Each situation's position is drawn by python-chess (chess.svg) from its FEN, inline: no file, no
request. The piece shapes are defined once per page and every distinct position once, as an SVG
symbol that each row's picture uses, so a page with many situations from the same position stays
light; ids are prefixed so that they cannot clash with the page's other ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess
import chess.svg
from markupsafe import Markup, escape

from extract.reports.rulings import RulingCell, RulingsMatrix, Situation
from extract.reports.speech import day, joined, languages, said
from extract.site.common import english_name
from extract.site.kbview import SiteData

_DEFS = re.compile(r"<defs>(.*?)</defs>", re.DOTALL)
_DESC = re.compile(r"<desc>.*?</desc>", re.DOTALL)
_PIECE = re.compile(r'<g id="([a-z]+-[a-z]+)"')
_SVG = re.compile(r"^<svg [^>]*>|</svg>$")
# a square drawn in its plain colour (not marked as the last move): drawn once per page, in a shared
# symbol, instead of 64 times per board
_PLAIN_SQUARE = re.compile(r'<rect [^>]*class="square (?:light|dark) [a-h][1-8]"[^>]*/>')
_FILL = re.compile(r'fill="([^"]+)"')
_XY = re.compile(r'x="([0-9.]+)" y="([0-9.]+)"')
_XLINK = re.compile(r' xlink:href="[^"]*"')
BOARD_BOX = 360  # chess.svg's viewBox without coordinates


@dataclass(frozen=True)
class EditionHead:
    id: str
    language: str
    laws: str | None  # "2017": the FIDE Laws it translates
    facts: dict[str, str] = field(default_factory=dict)  # "Danish · the 2017 Laws", every language


@dataclass(frozen=True)
class CellView:
    cell: RulingCell
    href: str | None  # the deciding provision on its edition page, relative to site/
    label: str | None  # "7.5.3"


@dataclass(frozen=True)
class RowView:
    situation: Situation
    board: Markup
    cells: list[CellView | None]


@dataclass(frozen=True)
class RulingsView:
    """What the rule page's "Rulings by edition" section shows."""

    editions: list[EditionHead]
    rows: list[RowView]
    defs: Markup  # the piece shapes and positions, once per page

    @property
    def differing(self) -> int:
        return sum(1 for row in self.rows for c in row.cells if c and c.cell.changed)


def edition_facts(language: str, laws: str | None, in_force: str | None) -> dict[str, str]:
    """'Danish · the 2017 Laws · in force from 2017-07-01', the language named in the reader's."""
    from babel import Locale, UnknownLocaleError

    parts = []
    for code in languages():
        try:
            name = Locale.parse(code).languages.get(language) or english_name(language)
        except (UnknownLocaleError, ValueError):
            name = english_name(language)
        if code == "en":
            name = english_name(language)
        parts.append((code, name))
    pieces = [dict(parts)]
    if laws:
        pieces.append(said("facts_laws", laws=laws))
    if in_force:
        pieces.append(said("facts_from", date=day(in_force)))
    return joined(pieces, " · ")


def rulings_view(site: SiteData, matrix: RulingsMatrix | None) -> RulingsView | None:
    """The page section of `matrix` (None when no situation exercises the rule)."""
    if matrix is None or not matrix.rows:
        return None
    editions = {e.id: e for e in site.editions}
    heads = [
        EditionHead(
            e,
            english_name(editions[e].language) if e in editions else "",
            editions[e].fide_edition if e in editions else None,
            edition_facts(editions[e].language, editions[e].fide_edition, None) if e in editions else {},
        )
        for e in matrix.editions
    ]
    pieces: dict[str, str] = {}
    positions: dict[tuple[str, str | None], str] = {}
    symbols: list[str] = [_squares(matrix.rule)]
    rows = []
    for row in matrix.rows:
        key = (row.fen, row.last_move)
        if key not in positions:
            positions[key] = f"{matrix.rule}-position-{len(positions) + 1}"
            symbols.append(_symbol(positions[key], row, pieces, matrix.rule))
        label = f"{row.position}. Board picture of the position: {row.fen}"
        board = Markup(
            f'<svg class="board" viewBox="0 0 {BOARD_BOX} {BOARD_BOX}" role="img" '
            f'aria-label="{escape(label)}">'
            f'<use href="#{positions[key]}"/></svg>'
        )
        cells = [_cell(site, c) if c else None for c in row.cells]
        rows.append(RowView(row, board, cells))
    defs = Markup(
        '<svg class="board-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs>'
        + "".join(pieces.values())
        + "".join(symbols)
        + "</defs></svg>"
    )
    return RulingsView(heads, rows, defs)


def _symbol(name: str, row: Situation, pieces: dict[str, str], prefix: str) -> str:
    """One position as an SVG symbol; its piece shapes go into `pieces` (once each)."""
    board = chess.Board(row.fen)
    last = chess.Move.from_uci(row.last_move) if row.last_move else None
    drawn = chess.svg.board(board, size=None, coordinates=False, lastmove=last)
    drawn = _DESC.sub("", drawn)
    found = _DEFS.search(drawn)
    if found:
        for shape in re.split(r"(?=<g id=)", found.group(1)):
            piece = _PIECE.match(shape)
            if piece:
                pieces.setdefault(
                    piece.group(1), shape.replace(f'id="{piece.group(1)}"', f'id="{prefix}-{piece.group(1)}"')
                )
        drawn = drawn[: found.start()] + drawn[found.end() :]
    body = _SVG.sub("", drawn)
    squares = f'<use href="#{prefix}-squares" width="{BOARD_BOX}" height="{BOARD_BOX}"/>'
    body = squares + _PLAIN_SQUARE.sub("", body)
    body = _XLINK.sub("", body)  # every browser reads href; the old xlink:href only doubled it
    body = re.sub(r'href="#([a-z]+-[a-z]+)"', rf'href="#{prefix}-\1"', body)
    return f'<symbol id="{name}" viewBox="0 0 {BOARD_BOX} {BOARD_BOX}">{body}</symbol>'


def _squares(prefix: str) -> str:
    """The 64 squares of an empty board in python-chess's plain colours, as a symbol every board
    uses: the light colour under the whole board, the dark squares as one path (not 64 elements)."""
    drawn = chess.svg.board(chess.Board(None), size=None, coordinates=False)
    colours: dict[str, str] = {}
    dark = []
    for rect in _PLAIN_SQUARE.findall(drawn):
        shade = "dark" if "square dark" in rect else "light"
        fill = _FILL.search(rect)
        colours.setdefault(shade, fill.group(1) if fill else "")
        place = _XY.search(rect)
        if shade == "dark" and place:
            side = chess.svg.SQUARE_SIZE
            dark.append(f"M{place.group(1)} {place.group(2)}h{side}v{side}h-{side}z")
    return (
        f'<symbol id="{prefix}-squares" viewBox="0 0 {BOARD_BOX} {BOARD_BOX}">'
        f'<rect width="{BOARD_BOX}" height="{BOARD_BOX}" fill="{colours.get("light", "")}"/>'
        f'<path fill="{colours.get("dark", "")}" d="{"".join(dark)}"/></symbol>'
    )


def _cell(site: SiteData, cell: RulingCell) -> CellView:
    if not cell.article:
        return CellView(cell, None, None)
    edition, _, label = cell.article.partition(" ")
    return CellView(cell, site.locate(edition, label), label)
