"""Cut an edition into provisions down to the leaf, losslessly.

Every non-blank character of the raw text belongs to exactly one provision: provisions partition
the raw file in document order. Labels follow ARCHITECTURE.md ("3.7 a)" -> "3.7.a"). Where the
conversion lost the printed numbering, labels are inferred from order and sub-item letters, from the
gaps in the edition's own printed numbering, and, where that is not enough, from the curated
`numbering` entry of corpus/editions.yaml; such provisions carry `inferred: true`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from extract.io.languages import DEFAULT_KB
from extract.model import Edition, Kind, Provision
from extract.model.vocab import ITEM_KINDS, STRUCTURAL_KINDS
from extract.text import markdown
from extract.text.clean import Line, split_lines
from extract.text.contents import TableOfContents, contents_key, opened_label, toc_key
from extract.text.labels import (  # noqa: F401  (the label API lives in labels.py; re-exported)
    GLOSSARY_ENTRY,
    LETTER,
    LETTERED_REFERENCE,
    MOVE,
    PLAIN,
    PREFIXED,
    SECTION_HEAD,
    SUBHEADING,
    TITLE_HEAD,
    fold_label,
    glossary_cite,
    heading_patterns,
    learned_heading,
    learned_shape,
    learned_structure,
    normalize_label,
    opens_article,
    structural_label,
    structure_lexicon,
    succ,
)

__all__ = [
    "Segmenter", "coverage", "duplicate_labels", "fold_label", "glossary_cite", "heading_patterns", "leaves",
    "normalize_label", "opens_article", "segment", "structural_label", "structure_lexicon",
]  # fmt: skip
from extract.text.state import Node


@dataclass
class Segmenter(TableOfContents):
    """Walks the cleaned lines of one edition and emits provisions in document order."""

    def run(self) -> list[Provision]:
        units = [line for line in self.lines if not line.blank]
        self.printed_by_section = self._printed_dotted(units)
        printed = sum(len(labels) for labels in self.printed_by_section.values())
        self.markdown_lists = markdown.uses_list_numbering(units, printed)
        self.lettered_references = {
            f"{m.group(1)}.{m.group(2)}" for m in LETTERED_REFERENCE.finditer(self.edition.text)
        }
        self.repeated = Counter(contents_key(fold_label(line.text)) for line in units)
        for line in units:
            opened = opened_label(fold_label(line.text), self.kb_dir)
            if opened:
                self.last_opening[opened] = line.number  # article label -> the last line opening it
        for index, line in enumerate(units):
            if line.raw.lstrip().startswith("```"):
                self.in_fence = not self.in_fence
            self.step(line, units[index + 1 : index + 6])
        self._finish()
        return self.provisions

    def _printed_dotted(self, units: list[Line]) -> dict[str, set[str]]:
        """Printed dotted labels per article number: the edition's own numbering, for gap inference."""
        found: dict[str, set[str]] = {}
        for line in units:
            text = fold_label(line.text)
            match = PLAIN.match(text)
            if match and not structural_label(text[match.end() :], self.kb_dir):
                label = normalize_label(match.group(1))
                found.setdefault(label.split(".")[0], set()).add(label)
        return found

    def step(self, line: Line, ahead: list[Line]) -> None:
        folded = fold_label(line.text)
        if folded != line.text:
            self.unfolded[line.number] = line.text
            line = replace(line, text=folded)
        text = line.text
        if self.in_fence or line.raw.lstrip().startswith("```"):
            return self.table(line)
        if markdown.is_toc_line(line):
            return self.toc_entry(line)
        if self.in_contents and self.linked_contents:
            self.in_contents = False  # a linked table of contents ends with its last link
        self.end_of_contents(line, ahead)
        if self.in_glossary and (
            "\t" in line.raw
            or self.provisions[-1].kind == "glossary entry"
            or markdown.glossary_term(line)
            or markdown.plain_term(line)
        ):
            return self.glossary(line)
        structural = structural_label(text, self.kb_dir)
        if (
            structural
            and structural.startswith("part.")
            and not any(opens_article(a.text, self.kb_dir) for a in ahead[:2])
        ):
            structural = None  # "Anbefalinger" inside an appendix is a sub-heading, not a part
        if structural is None and self.unnumbered_part(line, ahead):
            structural = "GL"
        if structural and self.start_structural(line, structural):
            return None
        if self.in_contents:
            return self.contents_line(line)
        if self.named_again(line, ahead):
            return None
        if self.article_heading(line, ahead):
            return None
        if self.shaped_contents(line):
            return None
        if self.hints is not None:
            return self.hinted(line)
        if self.example(line):
            return None
        if "\t" in line.raw and not self.in_glossary or text.startswith("|"):
            return self.table(line)
        if self.markdown_lists and self.section is not None and self.list_item(line):
            return None
        if self.dotted(line):
            return None
        if self.marker(line, ahead):
            return None
        current = self.provisions[-1] if self.provisions else None
        if current and not current.text and current.printed_label and current.kind in ITEM_KINDS:
            return self.append(line)  # "a." on one line, "Advarsel" on the next
        if SUBHEADING.match(text) and self.stack and len(text.split()) <= 2:
            return self.subheading(line)
        if self.tail_of_list(line, ahead):
            return None
        return self.paragraph(line)

    def tail_of_list(self, line: Line, ahead: list[Line]) -> bool:
        """A capitalised paragraph after a list whose items continue a sentence in lower case belongs to
        the item that introduced the list ("9.2 … a) kommer … b) just har …" then "Ställningar enligt
        a) och b) …"): it becomes that item's `.tail` provision."""
        if len(self.stack) < 2 or self.stack[-1].style not in ("letter", "num", "roman"):
            return False
        item = self.stack[-1].provision
        if not item.text[:1].islower() or not line.text[:1].isupper():
            return False
        top = self.stack[-1]
        following = succ(top.style, top.value)
        for later in ahead:
            if PLAIN.match(later.text) or PREFIXED.match(later.text):
                break
            found = self.parse_marker(later.text, [])
            if found and found.style == top.style and found.value == following:
                return False  # the list goes on: this paragraph continues its current item
        owner = self.stack[-2].provision
        label = f"{owner.label}.tail"
        label = self._unique(label) if label in self.labels else label
        kind = owner.kind if owner.kind in ITEM_KINDS else self.item_kind()
        provision = self.emit(line, label, kind, printed=None, parent=owner.label)
        del self.stack[-1:]
        self.stack.append(Node("tail", "tail", provision))
        return True

    def unnumbered_part(self, line: Line, ahead: list[Line]) -> bool:
        """A titled part with no number after the appendices, whose items count from 1 again (the 2009
        Laws' "Guidelines in case a game needs to be adjourned", in any language): a title line (three to
        twelve words, capitalised, no digit, no closing punctuation) inside a lettered appendix whose
        numbered list has passed 1, right before an item "1.". It opens the unnumbered guideline `GL`."""
        text = line.text.strip()
        words = text.split()
        if not (3 <= len(words) <= 12) or not text[:1].isupper() or text.endswith((".", ":", ";", ",")):
            return False
        if any(ch.isdigit() for ch in text) or "GL" in self.labels or not ahead:
            return False
        if self.section is None or not re.fullmatch(r"[A-H]", self.section.label):
            return False
        restart = re.match(r"1\.\s", ahead[0].text)
        passed = any(node.style == "num" and node.value not in ("", "1") for node in self.stack)
        return bool(restart) and passed

    def subheading(self, line: Line) -> None:
        """ "Noter", "Eksempler:": a sub-heading inside an item opens a group for the list after it."""
        del self.stack[1:]
        parent = self.stack[0].provision.label
        slug = re.sub(r"\W+", "-", line.text.casefold()).strip("-")
        label = f"{parent}.{slug}"
        if label in self.labels:
            label = self._unique(label)
        provision = self.emit(line, label, "heading", printed=None, parent=parent, heading=line.text)
        self.stack.append(Node("sub", slug, provision))

    def start_structural(self, line: Line, label: str) -> bool:
        if label == "contents":
            self.in_contents = True
            self.linked_contents = False
            self.contents_seen = []
            provision = self.emit(line, "contents", "preface", printed=None, parent=None, heading=line.text)
            self.open_section(provision)
            return True
        if self.in_contents:
            key = toc_key(line.text)
            if key not in self.contents_seen:
                self.contents_seen.append(key)
                return False
            self.in_contents = False
        self.in_glossary = label == "glossary"
        kind: Kind = "preface" if label in ("intro", "preface", "glossary") else "heading"
        if label == "GL":
            kind = "article"
        unique = label if label not in self.labels else self._unique(label)
        provision = self.emit(
            line, unique, kind, printed=None, parent=None, heading=line.text, inferred=label == "GL"
        )
        self.open_section(provision)
        return True

    def glossary(self, line: Line) -> None:
        match = GLOSSARY_ENTRY.match(line.raw.lstrip("\ufeff"))
        bold = markdown.glossary_term(line) or markdown.plain_term(line) if not match else None
        if bold:
            return self.glossary_entry(line, *bold)
        if not match or not match.group(1).strip():
            return self.append(line)
        term = re.sub(r"<[^>]+>", "", match.group(1)).strip()
        slug = re.sub(r"[^\w]+", "-", term.casefold()).strip("-")
        label = f"glossary.{slug}"
        if label in self.labels:
            label = self._unique(label)
        provision = self.emit(
            line, label, "glossary entry", printed=None, parent=self.section_label, heading=None
        )
        provision.heading = term
        provision.text = re.sub(r"<[^>]+>", "", match.group(3)).strip()
        provision.cites = [
            cite
            for cite in (glossary_cite(c, self.kb_dir) for c in re.split(r"[,;]", match.group(2)))
            if cite
        ]
        return None

    def glossary_entry(self, line: Line, term: str, definition: str) -> None:
        slug = re.sub(r"[^\w]+", "-", term.casefold()).strip("-") or "entry"
        label = f"glossary.{slug}"
        if label in self.labels:
            label = self._unique(label)
        provision = self.emit(line, label, "glossary entry", printed=None, parent=self.section_label)
        provision.heading = term
        provision.text = definition
        cite = markdown.leading_cite(definition)
        provision.cites = [normalize_label(cite)] if cite else []

    def table(self, line: Line) -> None:
        current = self.provisions[-1] if self.provisions else None
        if current and current.kind == "table":
            return self.append(line)
        parent = self.stack[-1].provision.label if self.stack else self.section_label
        label = f"{parent}.table" if parent else "table"
        if label in self.labels:
            label = self._unique(label)
        self.emit(line, label, "table", printed=None, parent=parent)
        return None

    def example(self, line: Line) -> bool:
        if len(MOVE.findall(line.text)) < 3:
            return False
        current = self.provisions[-1] if self.provisions else None
        if current and current.kind == "example" and current.end >= line.start - 3:
            self.append(line)
            return True
        parent = self.section_label
        label = (
            self._unique(f"{parent}.example") if f"{parent}.example" in self.labels else f"{parent}.example"
        )
        self.emit(line, label, "example", printed=None, parent=parent)
        return True

    def article_heading(self, line: Line, ahead: list[Line]) -> bool:
        text = line.text
        label = printed = title = None
        inferred = False
        patterns = heading_patterns(self.kb_dir)
        numbered = (SECTION_HEAD, patterns.chapter) + ((patterns.article,) if patterns.article else ())
        for pattern in numbered:
            match = pattern.match(text)
            if match and len(match.group(2)) < 90:
                label, printed, title = match.group(1), match.group(1), match.group(2)
                break
        if label is None:
            match = patterns.appendix_word.match(text) or patterns.appendix.match(text)
            if match and len(text) < 110 and not (match.group(2) or "").endswith("."):
                label, printed, title = match.group(1).upper(), match.group(1), match.group(2) or ""
        if label is None:
            match = patterns.guideline.match(text)
            if match and len(text) < 110:
                label, printed, title = match.group(1).upper(), match.group(1), match.group(2)
        if label is None:
            match = TITLE_HEAD.match(text)
            next_dotted = next((PLAIN.match(a.text) for a in ahead if PLAIN.match(a.text)), None)
            if match and next_dotted and not LETTER.match(text[match.end(1) + 1 :].lstrip()):
                label = next_dotted.group(1).split(".")[0]
                printed, title = match.group(1), match.group(2)
                inferred = label != printed
        if label is None:
            learned = learned_heading(text, (fold_label(a.text) for a in ahead))
            if learned is None or learned[0] in self.labels:
                return False
            label, printed, title = learned
        if label in self.labels and self.section and self.section.kind != "article":
            return False
        provision = self.emit(
            line,
            label,
            "article",
            printed=printed,
            parent=None,
            heading=(title or "").strip(),
            inferred=inferred,
        )
        provision.text = self.unfolded.get(line.number, text)
        self.open_section(provision)
        hints = self.edition.numbering.get(label)
        if hints is not None:
            self.hints = list(hints)
            self.hint_origin = line
        return True

    def dotted(self, line: Line) -> bool:
        text = line.text
        match = PLAIN.match(text) or PREFIXED.match(text)
        if not match:
            return False
        if match.re is PLAIN:
            label = normalize_label(match.group(1))
            rest = text[match.end() :]
            if structural_label(rest, self.kb_dir):
                return False
        else:
            prefix = match.group(1).upper()
            label = prefix + "." + normalize_label(match.group(2))
            rest = text[match.end() :]
        col = match.end()
        # "A4 A4 Ellers", "6. 6. Den": the label printed twice by the converter
        again = re.match(r"\s*" + re.escape(match.group(0).strip()) + r"\s", rest)
        if again:
            col += again.end()
        letter = self.inline_letter(line.text, col)
        if letter and self.stack and self.stack[0].value == label:
            # "5.1. b)" after "5.1. a)": the article label is printed again before the next letter
            self.place(line, letter)
            return True
        self.infer_container(line, label)
        provision = self.emit(
            line, label, self.item_kind(), printed=match.group(0).strip(), parent=self.parent_of(label)
        )
        provision.text = line.text[col:].strip()
        self.stack = [Node("dotted", label, provision)]
        if letter:
            provision.text = ""
            self.place(line, letter, col=letter.start)
        return True

    def paragraph(self, line: Line) -> None:
        section = self.section
        if section is None:
            label = f"front.{self.fronts + 1}"
            self.emit(line, label, "preface", printed=None, parent=None)
            return None
        if self.lost_section():
            provision = self.new_lost_item(line)
            provision.text = line.text
            return None
        if section.kind in STRUCTURAL_KINDS and not self.stack:
            count = self.prefaces.get(section.label, 0) + 1
            self.emit(line, f"{section.label}.{count}", "preface", printed=None, parent=section.label)
            return None
        if section.kind in STRUCTURAL_KINDS and self.stack:
            # a paragraph after a lettered list in front matter starts a new paragraph provision
            self.stack = []
            return self.paragraph(line)
        return self.append(line)

    def _finish(self) -> None:
        self.check_hints_used()
        if not self.provisions and self.edition.text.strip() and self.lines:
            self.emit(self.lines[0], "front.1", "preface", printed=None, parent=None)  # only debris
        """Make the spans a partition of the raw text: each provision runs to the next one's start."""
        text = self.edition.text
        order = sorted(range(len(self.provisions)), key=lambda i: (self.provisions[i].start, i))
        ordered = [self.provisions[i] for i in order]
        if ordered:
            ordered[0].start = 0
        for current, following in zip(ordered, [*ordered[1:], None], strict=False):
            stop = following.start if following else len(text)
            start = current.start
            while start < stop and text[start].isspace():
                start += 1
            end = stop
            while end > start and text[end - 1].isspace():
                end -= 1
            current.start, current.end = start, end
            current.italic = [span for span in current.italic if start <= span[0] < end]
        self.provisions = ordered
        self.restore_printed()

    def restore_printed(self) -> None:
        """Texts and headings as printed: labels were folded to ASCII digits and Latin letters to be read,
        and a provision's text keeps the characters of the raw file ("٧.٥", "Ａ．１")."""
        for number, original in self.unfolded.items():
            line = self.lines[number - 1]
            folded = fold_label(original)
            changed = [i for i, (a, b) in enumerate(zip(folded, original, strict=False)) if a != b]
            if not changed:
                continue
            last = changed[-1]
            for provision in self.provisions:
                if provision.end < line.start or provision.start > line.end:
                    continue
                provision.text = _unfold(provision.text, folded, original, last)
                if provision.heading:
                    provision.heading = _unfold(provision.heading, folded, original, last)


def _unfold(text: str, folded: str, original: str, last: int) -> str:
    """`text` with the longest piece of a folded line it holds put back as printed."""
    for j in range(last + 1):
        piece = folded[j:].strip()
        if piece and piece in text:
            return text.replace(piece, original[j:].strip(), 1)
    return text


def segment(
    edition: Edition, kb_dir: Path = DEFAULT_KB, learned: Mapping[str, Sequence[str]] | None = None
) -> list[Provision]:
    """All provisions of one edition in document order; structure words come from kb_dir/languages and,
    in a second pass, from `learned` (structure key -> words learned from the aligned editions)."""
    with learned_structure(learned):
        return Segmenter(edition, split_lines(edition.text), kb_dir=Path(kb_dir)).run()


def duplicate_labels(provisions: list[Provision]) -> dict[str, list[int]]:
    """Labels printed more than once in one edition (structural labels excluded), with their lines."""
    counts = Counter(p.label for p in provisions if p.kind not in STRUCTURAL_KINDS)
    return {
        label: [p.line for p in provisions if p.label == label]
        for label, n in sorted(counts.items())
        if n > 1
    }


def leaves(provisions: list[Provision]) -> list[Provision]:
    parents = {p.parent for p in provisions}
    return [p for p in provisions if p.label not in parents]


def coverage(text: str, provisions: list[Provision]) -> float:
    """Share of non-blank raw characters owned by exactly one provision."""
    owners = [0] * len(text)
    for p in provisions:
        for k in range(p.start, p.end):
            owners[k] += 1
    nonblank = [k for k, ch in enumerate(text) if not ch.isspace()]
    if not nonblank:
        return 1.0
    return sum(1 for k in nonblank if owners[k] == 1) / len(nonblank)
