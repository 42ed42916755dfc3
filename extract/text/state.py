"""The declared state of one segmentation walk, and the primitives every step uses (emit, append,
context). The steps themselves live in numbering.py (inference of lost numbering, list markers) and
segment.py (the walk)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from extract.io.languages import DEFAULT_KB
from extract.model import Edition, Kind, Provision
from extract.model.vocab import STRUCTURAL_KINDS
from extract.text.clean import Line
from extract.text.labels import FIRST_LETTERS, NEXT_LETTERS, ROMAN_UPPER, succ


@dataclass
class Node:
    style: str
    value: str
    provision: Provision
    letter: str = ""  # a sub-item letter of another alphabet as printed ("в"); `value` is its Latin letter


@dataclass
class SegmentState:
    """Everything a walk over one edition's cleaned lines knows at a given line."""

    edition: Edition
    lines: list[Line]
    provisions: list[Provision] = field(default_factory=list)
    section: Provision | None = None
    stack: list[Node] = field(default_factory=list)
    labels: set[str] = field(default_factory=set)
    in_contents: bool = False
    contents_seen: list[str] = field(default_factory=list)
    in_glossary: bool = False
    in_fence: bool = False
    lost_count: int = 0
    hints: list[str] | None = None
    kb_dir: Path = DEFAULT_KB
    linked_contents: bool = False  # the open table of contents is made of links
    unfolded: dict[int, str] = field(default_factory=dict)  # line number -> text before folding
    markdown_lists: bool = False  # items numbered by auto-numbered Markdown lists, not printed labels
    list_numbers: dict[str, tuple[int, int]] = field(default_factory=dict)  # parent -> (last, offset)
    list_stack: list[tuple[int, Provision]] = field(default_factory=list)  # open list items (indent)

    printed_by_section: dict[str, set[str]] = field(default_factory=dict)  # the edition's own numbering
    lettered_references: set[str] = field(default_factory=set)  # "10.2.d" cited in the text
    repeated: dict[str, int] = field(default_factory=dict)  # line (no page number) -> times printed
    hint_origin: Line | None = None  # where the curated numbering of the open article started
    fronts: int = 0  # provisions labelled front.N so far
    prefaces: dict[str, int] = field(default_factory=dict)  # parent -> its "preface" provisions so far

    def emit(
        self,
        line: Line,
        label: str,
        kind: Kind,
        *,
        printed: str | None,
        parent: str | None,
        col: int = 0,
        heading: str | None = None,
        inferred: bool = False,
    ) -> Provision:
        start = line.raw_span(col)[0] if col else line.start
        original = self.unfolded.get(line.number)
        if printed and original is not None and printed in line.text:
            at = line.text.index(printed)
            printed = original[at : at + len(printed)]  # the label as printed, look-alikes and all
        provision = Provision(
            edition=self.edition.id,
            label=label,
            printed_label=printed,
            parent=parent,
            kind=kind,
            heading=heading,
            text=line.text[col:].strip() if kind not in STRUCTURAL_KINDS or heading is None else "",
            start=start,
            end=line.end,
            inferred=inferred,
            line=line.number,
        )
        provision.italic.extend(line.italic)
        self.provisions.append(provision)
        self.labels.add(label)
        self.fronts += label.startswith("front.")  # counted here: counting the list is quadratic
        if kind == "preface" and parent is not None:
            self.prefaces[parent] = self.prefaces.get(parent, 0) + 1
        return provision

    def append(self, line: Line) -> None:
        if not self.provisions:
            self.emit(line, "front.1", "preface", printed=None, parent=None)
            return
        current = self.provisions[-1]
        current.text = f"{current.text}\n{line.text}".strip() if current.text else line.text
        current.italic.extend(line.italic)

    @property
    def section_label(self) -> str | None:
        return self.section.label if self.section else None

    def item_kind(self) -> Kind:
        label = self.section_label or ""
        if re.fullmatch(r"[A-H]", label):
            return "appendix item"
        if re.fullmatch(ROMAN_UPPER, label) or label == "GL":
            return "guideline item"
        if self.section and self.section.kind == "preface":
            return "preface"
        return "item"

    def check_hints_used(self) -> None:
        """Report curated numbering hints left unused (numbering.py; nothing to do here)."""

    def open_section(self, provision: Provision) -> None:
        self.check_hints_used()
        self.section = provision
        self.stack = []
        self.list_stack = []
        self.lost_count = 0
        self.hints = None

    def parent_of(self, label: str) -> str | None:
        parts = label.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            candidate = ".".join(parts[:cut])
            if candidate in self.labels:
                return candidate
        return self.section_label

    def _unique(self, label: str) -> str:
        n = 2
        while f"{label}-{n}" in self.labels:
            n += 1
        return f"{label}-{n}"

    def _expects(self, style: str, value: str) -> bool:
        return any(node.style == style and succ(style, node.value) == value for node in self.stack)

    def foreign_value(self, letter: str) -> str | None:
        """The Latin value of a sub-item letter of another alphabet: the successor of the open list's
        value when the letter follows that list's letter in its script's order, "a" when it is the first
        letter of an order (a list must start there), else None (a one-letter word, not a marker)."""
        for node in reversed(self.stack):
            if node.style == "letter" and node.letter and letter in NEXT_LETTERS.get(node.letter, ()):
                return succ("letter", node.value)
        return "a" if letter in FIRST_LETTERS else None
