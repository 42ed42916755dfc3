"""The export tables of the CLI contract (provisions, alignment, parameters) as text.

`chesslaws export` prints them and `chesslaws site` writes them to its Downloads page, so both give
the same columns in the same order.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from extract.io.generated import read_kb

PROVISION_COLUMNS = ("edition", "label", "printed_label", "parent", "kind", "start", "end", "text")
ALIGNMENT_COLUMNS = ("rule", "edition", "label", "confidence", "method")
PARAMETER_COLUMNS = ("parameter", "rule", "edition", "value", "unit", "label", "start", "end", "quote")


def provision_rows(kb_dir: Path, edition: str | None = None) -> list[dict[str, Any]]:
    """Every provision of kb/generated (or of one edition), editions in in-force order."""
    kb = read_kb(kb_dir)
    documents = kb.all_provisions().values() if edition is None else [kb.provisions(edition)]
    return [{"edition": d.edition, **p.as_dict()} for d in documents for p in d.provisions]


def encode_rows(rows: list[dict[str, Any]], columns: tuple[str, ...], fmt: str) -> str:
    """Rows as json, jsonl or csv, with exactly the contract's columns in order."""
    shaped = [{c: row.get(c) for c in columns} for row in rows]
    if fmt == "json":
        return json.dumps(shaped, ensure_ascii=False, indent=2) + "\n"
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in shaped)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(shaped)
    return buffer.getvalue()
