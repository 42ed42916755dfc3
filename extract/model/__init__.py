"""Data passed between pipeline stages: editions in, provisions out."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.model.vocab import KINDS as KINDS
from extract.model.vocab import SEVERITIES as SEVERITIES
from extract.model.vocab import FindingKind as FindingKind
from extract.model.vocab import Kind as Kind
from extract.model.vocab import Severity as Severity
from extract.model.vocab import checked


class InputError(Exception):
    """Unusable input: the message names the file, the line and what is wrong."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Edition:
    """One translation of the Laws: metadata from corpus/editions.yaml plus the raw text."""

    id: str
    language: str
    title: str
    fide_edition: str
    in_force: str
    congress: str | None
    approved_by: str | None
    approved_on: str | None
    translator: str | None
    notes: tuple[str, ...]
    path: Path
    text: str
    numbering: dict[str, tuple[str, ...]] = field(default_factory=dict)
    source: str | None = None

    @property
    def year(self) -> int:
        return int(self.id.rsplit("-", 1)[1])


@dataclass
class Provision:
    """A numbered, lettered or structural unit of one edition, with its span in the raw file.

    `start`/`end` are character offsets into the raw corpus text (end exclusive); `text` is the
    cleaned text. `inferred` is true when the label was not printed (lost in conversion).
    """

    edition: str
    label: str
    printed_label: str | None
    parent: str | None
    kind: Kind
    heading: str | None
    text: str
    start: int
    end: int
    inferred: bool = False
    line: int = 0
    italic: list[tuple[int, int]] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, edition: str, data: dict[str, Any]) -> Provision:
        """The inverse of `as_dict`: a provision read back from kb/generated/provisions."""
        return cls(
            edition=edition,
            label=str(data["label"]),
            printed_label=data.get("printed_label"),
            parent=data.get("parent"),
            kind=checked(data["kind"], KINDS, "provision kind"),
            heading=data.get("heading"),
            text=str(data.get("text") or ""),
            start=int(data["start"]),
            end=int(data["end"]),
            inferred=bool(data.get("inferred")),
            line=int(data.get("line") or 0),
            italic=[tuple(s) for s in data.get("italic") or []],
            cites=[str(c) for c in data.get("cites") or []],
        )

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "label": self.label,
            "printed_label": self.printed_label,
            "parent": self.parent,
            "kind": self.kind,
            "heading": self.heading,
            "inferred": self.inferred,
            "line": self.line,
            "start": self.start,
            "end": self.end,
            "text": self.text,
        }
        if self.italic:
            data["italic"] = [list(span) for span in self.italic]
        if self.cites:
            data["cites"] = list(self.cites)
        return data


@dataclass(frozen=True)
class Finding:
    """One translation-consistency finding, pinned to a character span of the raw corpus text.

    `accepted` carries the reason from kb/lint-accepted.yaml when a person judged it a false alarm;
    accepted findings are still reported, never hidden. `compared_with` names the other side of a
    finding that reads across texts: (edition, label, quote) of the provision compared with.
    """

    edition: str
    label: str | None
    kind: FindingKind
    severity: Severity
    message: str
    quote: str
    start: int
    end: int
    rule: str | None = None
    accepted: str | None = None
    compared_with: tuple[str, str | None, str] | None = None

    @property
    def other(self) -> str | None:
        """The compared side as "edition:label" (the site's "Compared with" column)."""
        if self.compared_with is None:
            return None
        edition, label, _ = self.compared_with
        return f"{edition}:{label}" if label else edition

    def as_dict(self) -> dict[str, object]:
        compared = None
        if self.compared_with is not None:
            edition, label, quote = self.compared_with
            compared = {"edition": edition, "label": label, "quote": quote}
        return {
            "edition": self.edition,
            "label": self.label,
            "kind": self.kind,
            "severity": self.severity,
            "message": self.message,
            "quote": self.quote,
            "start": self.start,
            "end": self.end,
            "rule": self.rule,
            "accepted": self.accepted,
            "compared_with": compared,
        }
