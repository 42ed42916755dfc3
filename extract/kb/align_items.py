"""What the aligner pairs: a leaf provision prepared for alignment, and a link between two of them
(shared by align.py and the modules it calls, so none of them imports align.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from extract.text.analyse import Fingerprint

Key = tuple[str, str]  # (edition, provision key)


@dataclass(frozen=True)
class Item:
    """A leaf provision prepared for alignment."""

    edition: str
    key: str
    label: str
    kind: str
    chapter: str
    position: float  # 0..1 within its chapter
    tail: str  # label below the chapter with letters as numbers: "7.5.b" -> "5.2"
    fingerprint: Fingerprint

    @cached_property
    def id(self) -> Key:
        return (self.edition, self.key)


@dataclass(frozen=True)
class Link:
    a: Key
    b: Key
    score: float
    evidence: tuple[str, ...]
