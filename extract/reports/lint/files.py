"""Lint findings as files a translator works through (CSV, JSON): `chesslaws lint --format csv|json`
and the site's per-edition downloads write what `encode_findings` returns.

One row per finding: the edition, the article, the kind and severity, the quote (the words around
the finding, as the report shows them), the character span of the finding in the raw text
(corpus/<edition>.txt, 0-based, end exclusive) and the characters found there ("words"), what is
wrong, what to fix, the rule concerned, the compared side for findings that read across texts, and
the reason when a person accepted the finding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from extract.model import Finding
from extract.reports.tables import encode_rows

FINDING_COLUMNS = (
    "edition",
    "article",
    "kind",
    "severity",
    "quote",
    "start",
    "end",
    "words",
    "problem",
    "fix",
    "rule",
    "compared_with",
    "compared_quote",
    "accepted",
)

# what the translator does about each kind of finding, in plain words
FIX: dict[str, str] = {
    "dangling-reference": "Correct the article number cited, or add the article it means.",
    "duplicate-number": "Give the second item the number it should have.",
    "numbering-order": "Renumber the item so the numbers run in order.",
    "numbering-gap": "Print the missing item numbers (or the items, if text is missing).",
    "mixed-script": "Retype the word in one alphabet.",
    "parameter-mismatch": "Make the number agree with the Laws this text translates.",
    "terminology": "Use one term for the concept throughout, or say why two are needed.",
    "leftover-markup": "Remove the conversion leftover from the text.",
    "piece-letter": "Use the same piece letter here as in the notation appendix.",
    "notation-example": "Correct the example so it is valid notation.",
    "duplicated-number": "Print the number once.",
    "heading-numbered": "Take the article number off the heading.",
    "glossary-reference": "Point the glossary entry at the article that uses the word.",
    "lost-numbering": "Print the item numbers the text cites.",
    "notation-slip": "Add the missing sign, as the other translations have it.",
    "reference-drift": "Cite the article that now holds the rule meant.",
    "internal-contradiction": "Make the two places agree, as the Laws do.",
    "translation-divergence": "Check the wording against the Laws: other translations rule otherwise.",
    "laws-divergence": "Check the number against the Laws this text translates.",
    "stale-acceptance": "Remove or update the acceptance in kb/lint-accepted.yaml.",
}


def finding_rows(
    findings: Iterable[Finding], raw: Callable[[str], str] | None = None
) -> list[dict[str, Any]]:
    """One row per finding, with the columns of FINDING_COLUMNS; `raw` gives an edition's raw text
    (without it, "words" is empty)."""
    rows = []
    for f in findings:
        other = f.compared_with
        rows.append(
            {
                "edition": f.edition,
                "article": f.label or "",
                "kind": f.kind,
                "severity": f.severity,
                "quote": f.quote,
                "start": f.start,
                "end": f.end,
                "words": raw(f.edition)[f.start : f.end] if raw is not None else "",
                "problem": f.message,
                "fix": FIX.get(f.kind, "Check the quoted words against the Laws."),
                "rule": f.rule or "",
                "compared_with": f.other or "",
                "compared_quote": other[2] if other else "",
                "accepted": f.accepted or "",
            }
        )
    return rows


def encode_findings(findings: Iterable[Finding], fmt: str, raw: Callable[[str], str] | None = None) -> str:
    """The findings as CSV or JSON text."""
    return encode_rows(finding_rows(findings, raw), FINDING_COLUMNS, fmt)
