"""corpus -> kb/generated: run the stages and write their results deterministically and atomically."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from .load import load_editions
from .model import Edition, InputError, Provision
from .segment import coverage, duplicate_labels, leaves, segment

GENERATED = "generated"


@dataclass(frozen=True)
class EditionReport:
    """What the build found in one edition."""

    edition: str
    provisions: int
    leaves: int
    printed: int
    inferred: int
    unnumbered: int
    duplicates: dict[str, list[int]]
    coverage: float


def dump_yaml(data: object) -> str:
    """YAML the same way every time: sorted keys, unicode kept, no line folding."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=True, width=10_000, default_flow_style=False)


def provisions_document(edition: Edition, provisions: list[Provision]) -> dict[str, object]:
    return {
        "edition": edition.id,
        "language": edition.language,
        "title": edition.title,
        "in_force": edition.in_force,
        "source_file": edition.path.name,
        "provisions": [p.as_dict() for p in provisions],
    }


def report(edition: Edition, provisions: list[Provision]) -> EditionReport:
    printed = sum(1 for p in provisions if p.printed_label and not p.inferred)
    inferred = sum(1 for p in provisions if p.inferred)
    return EditionReport(
        edition=edition.id,
        provisions=len(provisions),
        leaves=len(leaves(provisions)),
        printed=printed,
        inferred=inferred,
        unnumbered=len(provisions) - printed - inferred,
        duplicates=duplicate_labels(provisions),
        coverage=coverage(edition.text, provisions),
    )


def build(
    corpus_dir: Path, kb_dir: Path, on_edition: Callable[[EditionReport], None] | None = None
) -> list[EditionReport]:
    """Segment every edition and replace kb/generated as a whole; nothing is written on error."""
    editions = load_editions(corpus_dir)
    files: dict[str, str] = {}
    reports: list[EditionReport] = []
    for edition in editions:
        provisions = segment(edition)
        files[f"provisions/{edition.id}.yaml"] = dump_yaml(provisions_document(edition, provisions))
        reports.append(report(edition, provisions))
        if on_edition:
            on_edition(reports[-1])
    files["editions.yaml"] = dump_yaml(
        [
            {
                "id": e.id,
                "language": e.language,
                "title": e.title,
                "in_force": e.in_force,
                "congress": e.congress,
                "approved_by": e.approved_by,
                "approved_on": e.approved_on,
                "translator": e.translator,
                "source_file": e.path.name,
            }
            for e in editions
        ]
    )
    write_tree_atomically(kb_dir / GENERATED, files)
    return reports


def write_tree_atomically(target: Path, files: dict[str, str]) -> None:
    """Write all files into a fresh directory, then swap it in place of `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".generated-", dir=target.parent))
    staging.chmod(0o755)
    try:
        for name, text in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}-old-{os.getpid()}")
            target.rename(old)
        staging.rename(target)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def read_provisions(kb_dir: Path, edition: str | None = None) -> dict[str, list[dict[str, object]]]:
    """Provisions per edition from kb/generated, in edition in-force order."""
    folder = kb_dir / GENERATED / "provisions"
    if not folder.is_dir():
        raise InputError(folder, None, "no generated provisions here; run 'chesslaws build' first")
    documents = []
    for path in sorted(folder.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        documents.append(document)
    documents.sort(key=lambda d: (d["in_force"], d["edition"]))
    found = {d["edition"]: d["provisions"] for d in documents if edition in (None, d["edition"])}
    if edition is not None and not found:
        known = ", ".join(d["edition"] for d in documents)
        raise InputError(folder, None, f"unknown edition '{edition}' (known: {known})")
    return found
