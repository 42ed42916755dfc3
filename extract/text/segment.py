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
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from extract.io.languages import DEFAULT_KB, structure_words
from extract.model import Edition, InputError, Provision
from extract.text import markdown
from extract.text.clean import Line, split_lines

STRUCTURAL_KINDS = {"preface", "heading"}
ITEM_KINDS = {"item", "appendix item", "guideline item"}
CONTINUE = "+"


def structure_lexicon(kb_dir: Path = DEFAULT_KB) -> dict[str, Any]:
    """The words that name parts of the Laws, of every language in kb/languages (merged)."""
    return structure_words(Path(kb_dir))


@dataclass(frozen=True)
class HeadingPatterns:
    """Article, appendix and guideline headings, built from the structure words of kb/languages."""

    chapter: re.Pattern[str]  # "1. fejezet", "11 fejezet A játékosok viselkedése", "7. cikk"
    article: re.Pattern[str] | None  # "Article 7: Irregularities", "Статья 7:", "Artikel 7"
    appendix: re.Pattern[str]  # "A. Hængepartier", "Tillæg A. Hurtigskak", "## C.", "G: Guidelines"
    appendix_word: re.Pattern[str]  # "Tillegg G", "Függelék D. …"
    guideline: re.Pattern[str]  # "Anbefaling I. Afbrudte partier", "III. Bónuszidő …"


def _alternatives(words: list[str], fallback: str) -> str:
    """A regex alternation of words, longest first; a pattern that never matches when there are none."""
    ordered = sorted({str(w) for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w) for w in ordered) or fallback


@cache
def heading_patterns(kb_dir: Path = DEFAULT_KB) -> HeadingPatterns:
    lexicon = structure_lexicon(kb_dir)
    never = r"(?!x)x"
    appendix = _alternatives(lexicon["appendix_words"], never)
    guideline = _alternatives(lexicon["guideline_words"], never)
    chapter = _alternatives(lexicon["chapter_words"] + lexicon["article_after"], never)
    before = lexicon["article_before"]
    article = None
    if before:
        article = re.compile(
            rf"^(?i:{_alternatives(before, never)})\s+(\d{{1,2}})(?![.,]?\d)\s*[:.–-]?\s*(.*)$"
        )
    return HeadingPatterns(
        chapter=re.compile(rf"^(\d{{1,2}})\s*\.?\s*(?i:{chapter})\b\s*[:.]?\s*(.*)$"),
        article=article,
        appendix=re.compile(
            rf"^(?:(?i:{appendix})\s+)?([A-H])\s*(?:\.|:(?=\s))(?!\s*\d)\s*(\S.{{0,100}})?$"
        ),
        appendix_word=re.compile(rf"^(?i:{appendix})\s+([A-H])\b\.?\s*(.*)$"),
        guideline=re.compile(rf"^(?:(?i:{guideline})\s+)?({ROMAN_UPPER})\.\s+(?!\d)(\S.*)$"),
    )


def structural_label(text: str, kb_dir: Path = DEFAULT_KB) -> str | None:
    """The structural label ("preface", "part.competition", "GL" …) a heading line names, if any."""
    key = re.sub(r"^[\d.\s]+(?=\D)", "", text).strip().rstrip(":.").strip().casefold()
    key = " ".join(key.split())
    if not key or len(key) > 60:
        return None
    lexicon = structure_lexicon(kb_dir)
    for label, words in lexicon.items():
        if label in STRUCTURE_LABELS and key in words:
            return label
    for label, titles in lexicon["guideline_titles"].items():
        if key in titles:
            return label
    return None


STRUCTURE_LABELS = (
    "intro", "preface", "contents", "part.basic", "part.competition", "part.appendices",
    "part.guidelines", "glossary",
)  # fmt: skip

# Letters of other scripts that look like Latin ones, folded in labels ("В.1" with a Cyrillic Ve is B.1).
LOOKALIKES = str.maketrans(
    "АВСЕНІКМОРТХЈЅаеорсхіјѕΑΒΕΗΙΚΜΝΟΡΤΧΖ", "ABCEHIKMOPTXJSaeopcxijsABEHIKMNOPTXZ"
)
_LABEL_HEAD = re.compile(r"^\W{0,3}([^\W\d_]{1,3})(?=[\s.:)]*\d|\.\s|\s*$)")


def fold_label(text: str) -> str:
    """The text with look-alike letters of other scripts in its leading label folded to Latin; the same
    length, so offsets and the printed label (taken from the unfolded text) are kept."""
    match = _LABEL_HEAD.match(text)
    if not match:
        return text
    head = match.group(1)
    folded = head.translate(LOOKALIKES)
    if folded == head or not folded.isascii():
        return text
    return text[: match.start(1)] + folded + text[match.end(1) :]


# ---------------------------------------------------------------------------------------------
# Labels

ROMAN_UPPER = r"(?:IV|V|I{1,3})"
_LABEL_TOKEN = re.compile(r"\d+|(?<![A-Za-z])[IVX]+(?![A-Za-z])|[A-Z](?![a-z])|[ivx]+(?![a-z])|[a-z]")


def normalize_label(printed: str) -> str:
    """Normalise a printed label: "3.7 a)" -> "3.7.a", "A 3.1.1" -> "A.3.1.1", "E1" -> "E.1"."""
    text = printed.replace("§", " ")
    text = re.sub(
        r"[A-Za-zÀ-ÿ]{2,}(?<![IVX]{2})(?<![ivx]{2})",
        lambda m: " " if not re.fullmatch(r"[IVX]+|[ivx]+", m.group()) else m.group(),
        text,
    )
    return ".".join(_LABEL_TOKEN.findall(text))


# ---------------------------------------------------------------------------------------------
# Markers at the start of a cleaned line

SECTION_HEAD = re.compile(r"^§\s*(\d{1,2})(?![.\d]\d)\s*[.:]?\s*(.*)$")
TITLE_HEAD = re.compile(r"^(\d{1,2})\.\s+([A-ZÆØÅÄÖÉÁ][^.:;]{2,70})$")
PREFIXED = re.compile(
    rf"^(?:§\s*)?({ROMAN_UPPER}|[A-H])(?:\s?\.\s?|\s)?(\d{{1,2}}(?:\.\d{{1,2}})*)\.?(?![\d\-–])"
)
PLAIN = re.compile(r"^(?:§\s*)?(\d{1,2}(?:\.\d{1,2})+)\.?(?![\d\-–])")
LETTER = re.compile(r"^(?:\(|\[)?([a-z])(?:\)\.?|\]|\.(?![\w.]))\s*")
BARE_LETTER = re.compile(r"^([a-h])\s{1,3}(?=[a-zæøåäöéá])")
ROMAN = re.compile(r"^\(?(iv|v|i{1,3})[.)]\s*")
PAREN_NUM = re.compile(r"^(?:\((\d{1,2})\)|(\d{1,2})\))\s*")
NUM = re.compile(r"^(\d{1,2})\.?\s+(?:\1\.\s+)?(?=[A-Za-zÆØÅÄÖÉÁæøåäöéá(«\"“])")
MOVE = re.compile(r"\b\d{1,3}\.\s?(?:[KQRBNDTLSFVH]?[a-h]?x?[a-h][1-8]|0-0)")
LETTERED_REFERENCE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2})+)\s?\.?\s?\(?([a-h])(?:\)|\b)(?![\w.])")
SUBHEADING = re.compile(r"^[A-ZÆØÅÄÖÉÁ][\wæøåäöéáő]+(?: [\wæøåäöéáő]+)?:?$")
GLOSSARY_ENTRY = re.compile(r"^([^\t]+)\t([^\t]*)\t+(.*)$")


@dataclass
class Marker:
    style: str  # dotted | letter | roman | num
    value: str
    printed: str
    end: int  # index in the cleaned text just past the marker
    start: int = 0  # index in the cleaned text where the marker begins


def letter_succ(value: str) -> str:
    return chr(ord(value) + 1)


ROMANS = ["i", "ii", "iii", "iv", "v", "vi"]


def succ(style: str, value: str) -> str:
    if style == "letter":
        return letter_succ(value)
    if style == "roman":
        return ROMANS[ROMANS.index(value) + 1] if value in ROMANS[:-1] else ""
    return str(int(value) + 1)


FIRST = {"letter": "a", "roman": "i", "num": "1"}


# ---------------------------------------------------------------------------------------------


@dataclass
class Node:
    style: str
    value: str
    provision: Provision


@dataclass
class Segmenter:
    """Walks the cleaned lines of one edition and emits provisions in document order."""

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

    # -- emitting -------------------------------------------------------------------------------
    def emit(
        self,
        line: Line,
        label: str,
        kind: str,
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
        return provision

    def append(self, line: Line) -> None:
        if not self.provisions:
            self.emit(line, "front.1", "preface", printed=None, parent=None)
            return
        current = self.provisions[-1]
        current.text = f"{current.text}\n{line.text}".strip() if current.text else line.text
        current.italic.extend(line.italic)

    # -- context ------------------------------------------------------------------------------
    @property
    def section_label(self) -> str | None:
        return self.section.label if self.section else None

    def item_kind(self) -> str:
        label = self.section_label or ""
        if re.fullmatch(r"[A-H]", label):
            return "appendix item"
        if re.fullmatch(ROMAN_UPPER, label) or label == "GL":
            return "guideline item"
        if self.section and self.section.kind == "preface":
            return "preface"
        return "item"

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

    # -- the walk -----------------------------------------------------------------------------
    def run(self) -> list[Provision]:
        units = [line for line in self.lines if not line.blank]
        self.printed_by_section = self._printed_dotted(units)
        printed = sum(len(labels) for labels in self.printed_by_section.values())
        self.markdown_lists = markdown.uses_list_numbering(units, printed)
        self.lettered_references = {
            f"{m.group(1)}.{m.group(2)}" for m in LETTERED_REFERENCE.finditer(self.edition.text)
        }
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
            match = PLAIN.match(line.text)
            if match and not structural_label(line.text[match.end() :], self.kb_dir):
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
        if self.in_glossary and (
            "\t" in line.raw
            or self.provisions[-1].kind == "glossary entry"
            or markdown.glossary_term(line)
        ):
            return self.glossary(line)
        structural = structural_label(text, self.kb_dir)
        if (
            structural
            and structural.startswith("part.")
            and not any(opens_article(a.text, self.kb_dir) for a in ahead[:2])
        ):
            structural = None  # "Anbefalinger" inside an appendix is a sub-heading, not a part
        if structural and self.start_structural(line, structural):
            return None
        if self.in_contents:
            return self.append(line)
        if self.article_heading(line, ahead):
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

    # -- structural headings, contents and glossary ---------------------------------------------
    def start_structural(self, line: Line, label: str) -> bool:
        if label == "contents":
            self.in_contents = True
            self.linked_contents = False
            self.contents_seen = []
            provision = self.emit(line, "contents", "preface", printed=None, parent=None, heading=line.text)
            self.open_section(provision)
            return True
        if self.in_contents:
            key = line.text.casefold().rstrip(":.")
            if key not in self.contents_seen:
                self.contents_seen.append(key)
                return False
            self.in_contents = False
        self.in_glossary = label == "glossary"
        kind = "preface" if label in ("intro", "preface", "glossary") else "heading"
        if label == "GL":
            kind = "article"
        unique = label if label not in self.labels else self._unique(label)
        provision = self.emit(
            line, unique, kind, printed=None, parent=None, heading=line.text, inferred=label == "GL"
        )
        self.open_section(provision)
        return True

    def _unique(self, label: str) -> str:
        n = 2
        while f"{label}-{n}" in self.labels:
            n += 1
        return f"{label}-{n}"

    def toc_entry(self, line: Line) -> None:
        """A linked table of contents is one provision, kept apart so its entries open nothing."""
        current = self.provisions[-1] if self.provisions else None
        if current and current.kind == "preface" and current.label.startswith("contents"):
            self.linked_contents = self.in_contents
            return self.append(line)
        label = "contents" if "contents" not in self.labels else self._unique("contents")
        self.emit(line, label, "preface", printed=None, parent=None, heading="contents")
        return None

    def list_item(self, line: Line) -> bool:
        """An item of an auto-numbered Markdown list: its depth comes from the indentation, its number
        from its place among its siblings (lists restart at "1." after a table or a paragraph)."""
        found = markdown.list_item(line)
        if found is None:
            return False
        indent, written = found
        while self.list_stack and self.list_stack[-1][0] >= indent:
            self.list_stack.pop()
        parent = self.list_stack[-1][1].label if self.list_stack else self.section_label
        assert parent is not None
        value, offset = markdown.list_value(written, self.list_numbers.get(parent))
        self.list_numbers[parent] = (value, offset)
        lettered = bool(self.lettered_references)
        label = f"{parent}.{markdown.sub_item(value, len(self.list_stack), lettered)}"
        if label in self.labels:
            label = self._unique(label)
        marker = re.match(r"\d{1,2}\.\s*", line.text)
        assert marker is not None
        provision = self.emit(
            line, label, self.item_kind(), printed=marker.group(0).strip(), parent=parent,
            inferred=value != written,
        )  # fmt: skip
        provision.text = line.text[marker.end() :].strip()
        self.list_stack.append((indent, provision))
        self.stack = [Node("dotted", label, provision)]
        return True

    def glossary(self, line: Line) -> None:
        match = GLOSSARY_ENTRY.match(line.raw.lstrip("\ufeff"))
        bold = markdown.glossary_term(line) if not match else None
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
            cite for cite in (glossary_cite(c, self.kb_dir) for c in re.split(r"[,;]", match.group(2))) if cite
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

    # -- articles ---------------------------------------------------------------------------------
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
            return False
        if label in self.labels and self.section and self.section.kind != "article":
            return False
        provision = self.emit(
            line, label, "article", printed=printed, parent=None, heading=title.strip(), inferred=inferred
        )
        provision.text = text
        self.open_section(provision)
        hints = self.edition.numbering.get(label)
        if hints is not None:
            self.hints = list(hints)
            self.hint_origin = line
        return True

    # -- numbered provisions ------------------------------------------------------------------------
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

    def infer_container(self, line: Line, label: str) -> None:
        """ "3.7.1" with no printed "3.7": add the missing 3.7 (inferred, owning no characters) when its own
        parent exists, so the hierarchy follows the numbering."""
        parts = label.split(".")
        if len(parts) < 3:
            return
        middle = ".".join(parts[:-1])
        if middle in self.labels or ".".join(parts[:-2]) not in self.labels:
            return
        container = self.emit(
            line, middle, self.item_kind(), printed=None, parent=self.parent_of(middle), inferred=True
        )
        container.text = ""

    def inline_letter(self, text: str, col: int) -> Marker | None:
        """A sub-item letter printed right after a label on the same line ("5.1. a) Partiet …")."""
        rest = text[col:]
        stripped = rest.lstrip(" .")
        offset = col + len(rest) - len(stripped)
        match = LETTER.match(stripped)
        if not match or ROMAN.match(stripped) and match.group(1) != "i":
            return None
        return Marker("letter", match.group(1), match.group(0).strip(), offset + match.end(), offset)

    def marker(self, line: Line, ahead: list[Line]) -> bool:
        found = self.parse_marker(line.text, ahead)
        if found is None:
            return False
        letter = LETTER.match(line.text[found.end :]) if found.style == "num" else None
        if (
            letter
            and self.stack
            and (self._expects("letter", letter.group(1)) or (found.value, letter.group(1)) == ("1", "a"))
        ):
            # "1. d)En bonde": a converter's list number in front of a sub-item letter
            found = Marker("letter", letter.group(1), letter.group(0).strip(), found.end + letter.end())
            letter = None
        self.place(line, found)
        nested = NUM.match(line.text[found.end :]) if found.style == "letter" and not letter else None
        if nested and nested.group(1) == "1":
            self.provisions[-1].text = ""
            inner = Marker("num", "1", nested.group(0).strip(), found.end + nested.end(), found.end)
            self.place(line, inner, col=found.end)
        if letter:
            self.provisions[-1].text = ""  # "1. a) …": the number's text sits in its first sub-item
            self.place(
                line,
                Marker(
                    "letter", letter.group(1), letter.group(0).strip(), found.end + letter.end(), found.end
                ),
                col=found.end,
            )
        return True

    def parse_marker(self, text: str, ahead: list[Line]) -> Marker | None:
        roman = ROMAN.match(text)
        letter = LETTER.match(text)
        if roman and (not letter or letter.group(1) in "iv" and not self._expects("letter", letter.group(1))):
            return Marker("roman", roman.group(1), roman.group(0).strip(), roman.end())
        if letter:
            value = letter.group(1)
            in_list = self.stack and self.stack[-1].style != "dotted"
            if value == "a" or self._expects("letter", value) or in_list or not self.stack:
                return Marker("letter", value, letter.group(0).strip(), letter.end())
            return None  # "e. p.": an abbreviation, not a sub-item out of nowhere
        paren = PAREN_NUM.match(text)
        if paren:
            return Marker("num", paren.group(1) or paren.group(2), paren.group(0).strip(), paren.end())
        num = NUM.match(text)
        then = LETTER.match(text[num.end() :]) if num else None
        if num and (
            num.group(1) == "1"
            or self._expects("num", num.group(1))
            or then
            and self._expects("letter", then.group(1))
        ):
            return Marker("num", num.group(1), num.group(0).strip(), num.end())
        bare = BARE_LETTER.match(text)
        if bare:
            value = bare.group(1)
            follows = value == "a" and any(BARE_LETTER.match(a.text) and a.text[0] == "b" for a in ahead[:3])
            if follows or self._expects("letter", value):
                return Marker("letter", value, value, bare.end())
        return None

    def _expects(self, style: str, value: str) -> bool:
        return any(node.style == style and succ(style, node.value) == value for node in self.stack)

    def place(self, line: Line, marker: Marker, col: int = 0) -> None:
        stack = self.stack
        parent_index: int | None = None
        for i in range(len(stack) - 1, -1, -1):
            if stack[i].style == marker.style and succ(marker.style, stack[i].value) == marker.value:
                parent_index = i - 1
                break
        else:
            if marker.value == FIRST.get(marker.style):
                parent_index = len(stack) - 1
                if self.lost_section() and marker.style == "letter" and not self._lead_in():
                    self.new_lost_item(line).text = ""  # its whole text sits in its sub-items
                    parent_index = 0
                elif self._gap_item(marker, line):
                    parent_index = 0
            elif stack and stack[-1].style == marker.style:
                parent_index = len(stack) - 2  # a letter skipped: still a sibling
            else:
                parent_index = len(stack) - 1  # "(2) … c." a list continuing under a new head
        del stack[parent_index + 1 :]
        parent = stack[-1].provision.label if stack else self.section_label
        if parent is None:
            parent = "front"
        label = f"{parent}.{marker.value}"
        provision = self.emit(line, label, self.item_kind(), printed=marker.printed, parent=parent, col=col)
        provision.text = line.text[marker.end :].strip()
        inline = self.inline_successor(line.text, marker)
        if inline is not None:
            provision.text = line.text[marker.end : inline.start].strip()
            stack.append(Node(marker.style, marker.value, provision))
            self.place(line, inline, col=inline.start)
            return
        stack.append(Node(marker.style, marker.value, provision))

    def inline_successor(self, text: str, marker: Marker) -> Marker | None:
        """The next sub-item on the same line: "b) … oppfylt. c) En stilling …", "[a] … eller [b] …"."""
        if marker.style != "letter" or not marker.printed or marker.printed[-1] not in ")]":
            return None
        value = letter_succ(marker.value)
        printed = marker.printed.replace(marker.value, value, 1)
        pattern = rf"(?:[.;:]|\b(?:eller|och|og|or|vagy))\s+({re.escape(printed)})\s+(?=\w)"
        found = re.compile(pattern).search(text, marker.end)
        if not found:
            return None
        return Marker("letter", value, printed, found.end(), found.start(1))

    def _lead_in(self) -> bool:
        """The open item introduces a list (ends with ':' or without a full stop)."""
        if not self.stack:
            return self.section is not None and self.section.kind != "article"
        text = self.stack[-1].provision.text.rstrip()
        return not text or text[-1] not in ".!?)"

    def _gap_item(self, marker: Marker, line: Line) -> bool:
        """A list 'a' after a complete numbered item whose successor number is never printed:
        the successor's number was lost ("3.6 …." then "a. Bonden …" is 3.7.a)."""
        if marker.style != "letter" or not self.stack or self.stack[0].style != "dotted" or self._lead_in():
            return False
        top = self.stack[0].provision.label
        parts = top.split(".")
        if not parts[-1].isdigit():
            return False
        successor = ".".join(parts[:-1] + [str(int(parts[-1]) + 1)])
        if successor in self.printed_by_section.get(parts[0], set()) or len(self.stack) > 1:
            return False
        if any(ref.startswith(top + ".") for ref in self.lettered_references):
            return False  # the text itself cites "10.2 a, b och c": the letters belong to 10.2
        if not all(p.isdigit() for p in parts):
            return False
        provision = self.emit(
            line, successor, self.item_kind(), printed=None, parent=self.parent_of(successor), inferred=True
        )
        provision.text = ""  # its whole text sits in its sub-items
        self.stack[:] = [Node("dotted", successor, provision)]
        return True

    # -- lost numbering -----------------------------------------------------------------------------
    def lost_section(self) -> bool:
        section = self.section
        return bool(
            not self.markdown_lists
            and section
            and section.kind == "article"
            and re.fullmatch(r"\d{1,2}", section.label)
            and section.label not in self.printed_by_section
        )

    def new_lost_item(self, line: Line) -> Provision:
        self.lost_count += 1
        label = f"{self.section_label}.{self.lost_count}"
        provision = self.emit(line, label, "item", printed=None, parent=self.section_label, inferred=True)
        self.stack[:] = [Node("dotted", label, provision)]
        return provision

    def paragraph(self, line: Line) -> None:
        section = self.section
        if section is None:
            label = f"front.{sum(1 for p in self.provisions if p.label.startswith('front.')) + 1}"
            self.emit(line, label, "preface", printed=None, parent=None)
            return None
        if self.lost_section():
            provision = self.new_lost_item(line)
            provision.text = line.text
            return None
        if section.kind in STRUCTURAL_KINDS and not self.stack:
            count = sum(1 for p in self.provisions if p.parent == section.label and p.kind == "preface") + 1
            self.emit(line, f"{section.label}.{count}", "preface", printed=None, parent=section.label)
            return None
        if section.kind in STRUCTURAL_KINDS and self.stack:
            # a paragraph after a lettered list in front matter starts a new paragraph provision
            self.stack = []
            return self.paragraph(line)
        return self.append(line)

    def hinted(self, line: Line) -> None:
        """Apply the curated numbering for an article whose printed numbers were lost."""
        assert self.hints is not None
        if not self.hints:
            raise InputError(
                self.edition.path,
                line.number,
                f"numbering for article {self.section_label} in editions.yaml has too few "
                "entries for the paragraphs of this article",
            )
        label = self.hints.pop(0)
        if label == CONTINUE:
            self.append(line)
        else:
            found = LETTER.match(line.text) or ROMAN.match(line.text)
            printed = found.group(0).strip() if found else None
            if found and label.rsplit(".", 1)[-1] != found.group(1):
                raise InputError(
                    self.edition.path,
                    line.number,
                    f"editions.yaml numbering gives {label} but the text prints '{printed}'",
                )
            head = label.rsplit(".", 1)[0]
            if head not in self.labels:
                self.emit(
                    line, head, "item", printed=None, parent=self.parent_of(head), inferred=True
                ).text = ""
            provision = self.emit(
                line, label, "item", printed=printed, parent=self.parent_of(label), inferred=True
            )
            provision.text = line.text[found.end() :].strip() if found else line.text

    def check_hints_used(self) -> None:
        if self.hints:
            raise InputError(
                self.edition.path,
                self.hint_origin.number,
                f"numbering for article {self.section_label} in editions.yaml has "
                f"{len(self.hints)} entries more than the article has paragraphs",
            )

    # -- finishing ----------------------------------------------------------------------------------
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


def opens_article(text: str, kb_dir: Path = DEFAULT_KB) -> bool:
    """Whether a cleaned line is an article, appendix or guideline heading."""
    patterns = heading_patterns(kb_dir)
    starts = (SECTION_HEAD, patterns.chapter, patterns.appendix_word, patterns.guideline, TITLE_HEAD)
    if patterns.article and patterns.article.match(text):
        return True
    return any(p.match(text) for p in starts) or bool(patterns.appendix.match(text) and len(text) < 110)


def glossary_cite(raw: str, kb_dir: Path = DEFAULT_KB) -> str | None:
    text = raw.strip()
    if not text:
        return None
    structural = structural_label(text, kb_dir)
    if structural:
        return structural
    return normalize_label(re.sub(r"\.{2,}", ".", text)) or None


def segment(edition: Edition, kb_dir: Path = DEFAULT_KB) -> list[Provision]:
    """All provisions of one edition in document order; structure words come from kb_dir/languages."""
    provisions = Segmenter(edition, split_lines(edition.text), kb_dir=Path(kb_dir)).run()
    return provisions


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
