"""The Downloads page's files: exports of the KB written into the site (docs dir / downloads/).

`downloads(kb_dir)` is the hook: a list of (file name, bytes-producing function, description).
More formats (TMX per pair of editions, TBX of the termbase) are added by appending entries here.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from extract.io.kbfiles import GENERATED
from extract.reports.cat import tbx_for_kb, tmx_document
from extract.site.common import DOWNLOADS_DIR, _load_yaml

__all__ = ["DOWNLOADS_DIR", "Download", "downloads"]

PROVISION_COLUMNS = ("edition", "label", "printed_label", "parent", "kind", "start", "end", "text")
ALIGNMENT_COLUMNS = ("rule", "edition", "label", "confidence", "method")
PARAMETER_COLUMNS = ("parameter", "rule", "edition", "value", "unit", "label", "start", "end", "quote")

Download = tuple[str, Callable[[], bytes], str]  # file name, its content, what it holds


def _csv(rows: list[dict[str, Any]], columns: tuple[str, ...]) -> bytes:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows({c: row.get(c) for c in columns} for row in rows)
    return buffer.getvalue().encode("utf-8")


def _json(rows: list[dict[str, Any]], columns: tuple[str, ...]) -> bytes:
    shaped = [{c: row.get(c) for c in columns} for row in rows]
    text = json.dumps(shaped, ensure_ascii=False, indent=1, default=str).replace("<", "\\u003c")
    return (text + "\n").encode("utf-8")


def cat_downloads(kb_dir: Path, corpus_dir: Path, order: list[str]) -> list[Download]:
    """Files for translators' CAT tools: the termbase as TBX-Basic, and a TMX of aligned sentences
    for each pair of consecutive editions (in-force order), as `chesslaws export tmx|tbx` writes them."""
    result: list[Download] = [
        ("termbase.tbx", lambda: tbx_for_kb(kb_dir, corpus_dir), "the termbase, TBX-Basic (CAT tools)")
    ]
    for a, b in zip(order, order[1:], strict=False):
        result.append(
            (
                f"{a}_{b}.tmx",
                lambda pair=[a, b]: tmx_document(kb_dir, corpus_dir, pair),  # type: ignore[misc]
                f"aligned sentences {a} and {b}, TMX 1.4b",
            )
        )
    return result


def downloads(kb_dir: Path) -> list[Download]:
    """The export files of the Downloads page, in the columns of `chesslaws export`."""

    folder = kb_dir / GENERATED

    def provisions() -> list[dict[str, Any]]:
        docs = [_load_yaml(path) for path in sorted((folder / "provisions").glob("*.yaml"))]
        docs.sort(key=lambda d: (str(d.get("in_force") or ""), str(d.get("edition"))))
        return [{"edition": d["edition"], **p} for d in docs for p in d.get("provisions") or []]

    def generated(name: str) -> Callable[[], list[dict[str, Any]]]:
        return lambda: list(_load_yaml(folder / name) or [])

    tables: list[tuple[str, Callable[[], list[dict[str, Any]]], tuple[str, ...], str]] = [
        ("provisions", provisions, PROVISION_COLUMNS, "every provision of every edition, with its text"),
        ("alignment", generated("alignment.yaml"), ALIGNMENT_COLUMNS, "which rule each provision expresses"),
        ("parameters", generated("parameters.yaml"), PARAMETER_COLUMNS, "every parameter with its quote"),
    ]
    result: list[Download] = []
    for stem, rows, columns, what in tables:
        result.append((f"{stem}.csv", lambda r=rows, c=columns: _csv(r(), c), f"{what} (CSV)"))  # type: ignore[misc]
        result.append((f"{stem}.json", lambda r=rows, c=columns: _json(r(), c), f"{what} (JSON)"))  # type: ignore[misc]
    return result
