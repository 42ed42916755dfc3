"""Shapes Markdown texts come in: linked tables of contents, bold glossary terms, auto-numbered lists.

Pure functions over raw and cleaned lines; the segmenter decides what to do with what they find.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from extract.text.clean import Line
from extract.text.labels import GLOSSARY_ENTRY

# "- [Article 1: The nature …](#article-1-the-nature …)": an entry of a linked table of contents.
TOC_LINE = re.compile(r"^\s*(?:[-*+]|\d{1,2}\.)\s+\[[^\]]+\]\(#[^)]*\)\s*$")
# "**adjourn:** 8.1. Instead of …", "**mobile phone**: 11.3.2. Cellphone.": a glossary term in bold.
GLOSSARY_TERM = re.compile(r"^\s*\*\*([^*:]{1,60}?)\s*(?:([:.])[^*]{0,40})?\*\*\s*([:.])?\s*(.*)$")
# "1. The chessboard …", "   2. on its first move …": an ordered-list item (indentation kept).
LIST_ITEM = re.compile(r"^( *)(\d{1,2})\.\s+(?=\S)")
LEADING_LABEL = re.compile(r"^\s*([A-Z]?\.?\d{1,2}(?:\.\d{1,2})*)\.?")
# "adjourn: 8.1. Instead of …", "Bronstein mode – see delay mode": a short term (one to five words, no
# digit) before a colon or a dash, then its definition; a glossary's own layout in a plain text.
PLAIN_TERM = re.compile(r"^\s*([^\W\d_][^\W\d_'’]*(?:[ '’-][^\W\d_]+){0,4})\s*(?::|\s[–—-])\s+(\S.*)$")


def is_toc_line(line: Line) -> bool:
    return bool(TOC_LINE.match(line.raw))


def glossary_term(line: Line) -> tuple[str, str] | None:
    """(term, definition) of a glossary line whose term is printed in bold with a colon."""
    match = GLOSSARY_TERM.match(line.raw)
    if not match or not (match.group(2) or match.group(3)):
        return None
    term = match.group(1).strip()
    if not term or len(term.split()) > 6:
        return None
    rest = line.text[line.text.find(term) + len(term) :].lstrip(" :.")
    return term, rest


def plain_term(line: Line) -> tuple[str, str] | None:
    """(term, definition) of a glossary line laid out as "term: definition" with no markup."""
    match = PLAIN_TERM.match(line.text)
    return (match.group(1).strip(), match.group(2)) if match else None


def entry_shaped(raw: str) -> bool:
    """Whether a raw line is laid out as a glossary entry: a short term without a digit (in bold, in a
    column, or before a colon), then its definition. Item labels ("**III.6.1** …") are not terms."""
    bold = GLOSSARY_TERM.match(raw)
    if bold and (bold.group(2) or bold.group(3)):
        term = raw.split("**")[1]  # all of the bold text: "III.6.1" is a label, not a term
        return not any(ch.isdigit() for ch in term) and len(term.split()) <= 6
    columns = GLOSSARY_ENTRY.match(raw)  # "afbrudt parti<TAB>8.1<TAB>I stedet for …"
    if columns:
        return not any(ch.isdigit() for ch in columns.group(1)) and len(columns.group(1).split()) <= 6
    return bool(PLAIN_TERM.match(raw))


def leading_cite(definition: str) -> str | None:
    """The article a glossary definition starts with ("8.1. Instead of …" -> "8.1")."""
    match = LEADING_LABEL.match(definition)
    return match.group(1) if match else None


def uses_list_numbering(units: Sequence[Line], printed_labels: int) -> bool:
    """Whether an edition numbers its items with Markdown ordered lists instead of printing labels:
    many list items, few printed dotted labels ("6.1"), and lists that restart or repeat "1."."""
    items = [m for m in (LIST_ITEM.match(line.raw) for line in units) if m]
    ones = sum(1 for m in items if m.group(2) == "1")
    return len(items) >= 20 and printed_labels < len(items) // 5 and ones >= len(items) // 4


def list_item(line: Line) -> tuple[int, int] | None:
    """(indentation, written number) of an ordered-list item line, or None."""
    match = LIST_ITEM.match(line.raw.replace("\t", "    "))
    if not match or not re.match(r"\d{1,2}\.", line.text):
        return None
    return len(match.group(1)), int(match.group(2))


def list_value(written: int, previous: tuple[int, int] | None) -> tuple[int, int]:
    """(number, offset) of a list item from its written number and the previous sibling's (number,
    offset): a list that restarts at "1." (or repeats "1.", as auto-numbering allows) continues its
    siblings, and a list written "1. 2." after a restart keeps counting from there."""
    if previous is None:
        return written, 0
    last, offset = previous
    if written == 1:
        return last + 1, last
    return written + offset, offset


def sub_item(value: int, depth: int, lettered: bool) -> str:
    """The label component of a list item at a nesting depth (0 = the article's own items): the
    second level is lettered when the edition cites lettered sub-items ("3.7.a")."""
    if depth == 1 and lettered and 1 <= value <= 26:
        return chr(96 + value)
    return str(value)
