"""The rows of kb/generated as `chesslaws build` writes them and every query reads them back.

Field names are the YAML keys; a field with a default may be absent from the file. Provisions are
`extract.model.Provision`; a provisions file is a `ProvisionsDocument`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass

from extract.model import Provision
from extract.model.vocab import Method


@dataclass(frozen=True)
class EditionRow:
    """One entry of editions.yaml: an edition's metadata as the build read it from the corpus."""

    id: str
    language: str
    title: str
    fide_edition: str
    in_force: str
    source_file: str
    congress: str | None = None
    approved_by: str | None = None
    approved_on: str | None = None
    translator: str | None = None
    source_sha256: str | None = None  # of the text file's bytes when built: a later edit shows


@dataclass(frozen=True)
class AlignmentRow:
    """One row of alignment.yaml: provision `label` (a provision key) of `edition` expresses `rule`."""

    rule: str
    edition: str
    label: str
    confidence: float
    method: Method
    evidence: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "evidence": list(self.evidence)}


@dataclass(frozen=True)
class Parameter:
    """One row of parameters.yaml: a parameter's value in one edition, with the span it is read from."""

    parameter: str
    rule: str
    edition: str
    value: int | float | bool
    unit: str
    label: str
    start: int
    end: int
    quote: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class ProvisionsDocument:
    """One file of provisions/: an edition's provisions in text order."""

    edition: str
    language: str
    in_force: str
    provisions: tuple[Provision, ...]
    title: str | None = None
    source_file: str | None = None

    def keys(self) -> list[str]:
        """Each provision's key (see `provision_keys`), in text order."""
        return provision_keys((p.label, p.line) for p in self.provisions)

    def keyed(self) -> list[tuple[str, Provision]]:
        return list(zip(self.keys(), self.provisions, strict=True))


@dataclass(frozen=True)
class GraphDocument:
    """graph.yaml: nodes (each with its `id`) and edges (each with `source` and `target`), as
    written; their other attributes differ by kind and pass through unchanged."""

    nodes: tuple[Mapping[str, object], ...]
    edges: tuple[Mapping[str, object], ...]


def provision_keys(labels: Iterable[tuple[str, int]]) -> list[str]:
    """How curated files and alignment.yaml name provisions, given (label, line) in text order: the
    label, or `label@line` when the edition prints that label twice."""
    pairs = list(labels)
    counts = Counter(label for label, _ in pairs)
    return [f"{label}@{line}" if counts[label] > 1 else label for label, line in pairs]
