"""The editions of the FIDE Laws of Chess themselves (kb/laws.yaml), apart from their translations."""

from __future__ import annotations

from dataclasses import dataclass, field

FACTS = ("adopted_by", "in_force", "superseded_on")  # the facts of a Laws edition that cite a source


@dataclass(frozen=True)
class FactSource:
    """Where a text states one fact: a corpus edition or an external text, its line, the words."""

    text: str
    line: int
    quote: str
    external: bool = False  # a text outside corpus/ (kb/laws.yaml `external`)

    def as_dict(self) -> dict[str, object]:
        return {"text": self.text, "line": self.line, "quote": self.quote, "external": self.external}


@dataclass(frozen=True)
class LawsEdition:
    """One edition of the Laws: who adopted it, when it took effect and when the next one did.

    `curated` is False for Laws known only because a translation names them (`fide_edition`
    absent from kb/laws.yaml): they are then dated by their first translation.
    """

    id: str
    adopted_by: str | None
    in_force: str
    superseded_on: str | None
    sources: dict[str, FactSource] = field(default_factory=dict)
    notes: str | None = None
    curated: bool = True

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "adopted_by": self.adopted_by,
            "in_force": self.in_force,
            "superseded_on": self.superseded_on,
            "sources": {fact: s.as_dict() for fact, s in sorted(self.sources.items())},
            "curated": self.curated,
        }
