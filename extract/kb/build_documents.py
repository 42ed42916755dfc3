"""The documents `build` writes about the alignment and the editions (agreement, links, alignment,
disagreements, edition summaries): plain data made from the build's results."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from extract.kb.align import Agreement, Assignment, overall
from extract.kb.align_items import Link
from extract.model import Edition


def agreement_document(
    rows: list[Agreement], rows_all: list[Agreement], disagreements: list[dict[str, object]]
) -> dict[str, object]:
    """agreement.yaml: the aligner alone against the curated mapping, per edition pair and overall."""
    return {
        "pairs": [
            vars(r) | {"precision": round(r.precision, 4), "recall": round(r.recall, 4), "f1": round(r.f1, 4)}
            for r in rows
        ],
        "scope": "rule provisions (items, appendix and guideline items, glossary entries)",
        "overall": {k: round(v, 4) if isinstance(v, float) else v for k, v in vars(overall(rows)).items()},
        "overall_all_leaves": {
            k: round(v, 4) if isinstance(v, float) else v for k, v in vars(overall(rows_all)).items()
        },
        "disagreements": disagreements,
    }


def links_document(links: Mapping[tuple[str, str], list[Link]]) -> list[dict[str, object]]:
    """links.yaml: every link the aligner found between two editions' provisions, with its evidence."""
    return [
        {
            "a": f"{link.a[0]}:{link.a[1]}",
            "b": f"{link.b[0]}:{link.b[1]}",
            "score": round(link.score, 3),
            "evidence": list(link.evidence),
        }
        for pair in links.values()
        for link in pair
    ]


def edition_summary(e: Edition) -> dict[str, object]:
    return {
        "id": e.id,
        "language": e.language,
        "title": e.title,
        "fide_edition": e.fide_edition,
        "in_force": e.in_force,
        "congress": e.congress,
        "approved_by": e.approved_by,
        "approved_on": e.approved_on,
        "translator": e.translator,
        "source_file": e.path.name,
        "source_sha256": hashlib.sha256(e.path.read_bytes()).hexdigest(),
    }


def disagreement_list(
    assigned: dict[tuple[str, str], Assignment],
    curated: dict[tuple[str, str], str],
    keyed: dict[str, list[tuple[str, dict[str, object]]]],
) -> list[dict[str, object]]:
    """Leaves where the aligner alone names another rule than the curated mapping, least confident first."""
    lines = {
        (edition, key): provision["line"] for edition, items in keyed.items() for key, provision in items
    }
    rows = []
    for key, rule in curated.items():
        got = assigned.get(key)
        if got is not None and got.rule == rule:
            continue
        rows.append(
            {
                "edition": key[0],
                "label": key[1],
                "line": lines.get(key),
                "curated": rule,
                "aligner": got.rule if got else None,
                "confidence": got.confidence if got else 0.0,
                "evidence": list(got.evidence) if got else [],
            }
        )
    return sorted(rows, key=lambda r: (r["confidence"], r["edition"], str(r["label"])))


def alignment_document(
    final: dict[tuple[str, str], Assignment], keyed: dict[str, list[tuple[str, dict[str, object]]]]
) -> list[dict[str, object]]:
    rows = []
    for edition, items in keyed.items():
        for key, _ in items:
            found = final.get((edition, key))
            if found is None:
                continue
            rows.append(
                {
                    "rule": found.rule,
                    "edition": edition,
                    "label": key,
                    "confidence": found.confidence,
                    "method": found.method,
                    "evidence": list(found.evidence),
                }
            )
    return rows
