"""The Downloads page's files: exports of the KB written into the site (docs dir / downloads/).

`downloads(kb_dir)` is the hook: a list of (file name, bytes-producing function, description).
`cat_downloads` adds the files for CAT tools (TBX of the termbase, a TMX per pair of editions),
`lint_downloads` each edition's translation findings (CSV, JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import Any

from extract.io.generated import read_kb
from extract.model import Finding
from extract.reports.cat import edition_languages, language_tags, tbx_for_kb, tmx_document
from extract.reports.lint.files import encode_findings
from extract.reports.tables import (
    ALIGNMENT_COLUMNS,
    PARAMETER_COLUMNS,
    PROVISION_COLUMNS,
    encode_rows,
    provision_rows,
)
from extract.site.common import DOWNLOADS_DIR

__all__ = ["DOWNLOADS_DIR", "Download", "cat_downloads", "downloads", "lint_downloads"]

Download = tuple[str, Callable[[], bytes], str]  # file name, its content, what it holds


def cat_downloads(kb_dir: Path, corpus_dir: Path, order: list[str]) -> list[Download]:
    """Files for translators' CAT tools: the termbase as TBX-Basic, and a TMX of aligned sentences
    for every pair of editions (in-force order), as `chesslaws export tmx|tbx` writes them."""
    result: list[Download] = [
        ("termbase.tbx", lambda: tbx_for_kb(kb_dir, corpus_dir), "the termbase, TBX-Basic (CAT tools)")
    ]
    languages = edition_languages(kb_dir, corpus_dir)
    for a, b in combinations(order, 2):
        tags = language_tags([a, b], languages)
        what = f"aligned sentences {a} and {b}, TMX 1.4b"
        if tags[b] != languages[b]:  # two texts in one language: told apart by their tags
            what += f" ({a} as language {tags[a]}, {b} as {tags[b]}: set your CAT project's languages so)"
        result.append((f"{a}_{b}.tmx", partial(tmx_document, kb_dir, corpus_dir, [a, b]), what))
    return result


def lint_downloads(findings: list[Finding], order: list[str], raw: Callable[[str], str]) -> list[Download]:
    """Each edition's translation findings as CSV and JSON, as `chesslaws lint --edition E --format
    csv|json` writes the rows: article, quote, character span, problem, what to fix."""
    result: list[Download] = []
    for edition in order:
        mine = [f for f in findings if f.edition == edition]
        for fmt in ("csv", "json"):
            content = lambda m=mine, f=fmt: _served(encode_findings(m, f, raw), f)  # noqa: E731
            result.append(
                (f"findings-{edition}.{fmt}", content, f"translation findings of {edition} ({fmt.upper()})")
            )
    return result


def downloads(kb_dir: Path) -> list[Download]:
    """The export files of the Downloads page, as `chesslaws export` prints them."""

    kb = read_kb(kb_dir)
    tables: list[tuple[str, Callable[[], list[dict[str, Any]]], tuple[str, ...], str]] = [
        ("provisions", lambda: provision_rows(kb_dir), PROVISION_COLUMNS, "every provision, with its text"),
        (
            "alignment",
            lambda: [row.as_dict() for row in kb.alignment()],
            ALIGNMENT_COLUMNS,
            "which rule each provision expresses",
        ),
        (
            "parameters",
            lambda: [row.as_dict() for row in kb.parameters()],
            PARAMETER_COLUMNS,
            "every parameter with its quote",
        ),
    ]
    result: list[Download] = []
    for stem, rows, columns, what in tables:
        for fmt in ("csv", "json"):
            content = lambda r=rows, c=columns, f=fmt: _served(encode_rows(r(), c, f), f)  # noqa: E731
            result.append((f"{stem}.{fmt}", content, f"{what} ({fmt.upper()})"))
    return result


def _served(text: str, fmt: str) -> bytes:
    """A file the site serves: in JSON, corpus text never carries a literal "<" (the same data,
    "\\u003c"), so no page of the site holds markup from a text."""
    return (text.replace("<", "\\u003c") if fmt == "json" else text).encode("utf-8")
