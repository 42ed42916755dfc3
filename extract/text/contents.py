"""Tables of contents: kept apart as one provision so that their entries open nothing.

A table of contents is known by its title (kb/languages `contents`, or one learned from the aligned
editions: extract/kb/learned_structure.py), by its links, by its lines repeated later as headings, or
by its entries naming articles that later headings open again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from extract.model import Provision
from extract.text.clean import Line
from extract.text.labels import SECTION_HEAD, heading_patterns, learned_shape, opens_article, succ
from extract.text.numbering import ListMarkers
from extract.text.words import width


@dataclass
class TableOfContents(ListMarkers):
    """The part of the segmenter that keeps a table of contents together."""

    last_opening: dict[str, int] = field(default_factory=dict)  # article label -> last line opening it
    last_entry: str = ""  # the label of the last entry of a table of contents named again
    listed: set[str] = field(default_factory=set)  # labels a table of contents named again has listed

    def shaped_contents(self, line: Line) -> bool:
        """A table of contents with no title the language data knows: in the front matter, a run of
        heading-shaped lines ("第七条 反則", "Artikel 7: …  12") that the text repeats later as headings.
        The run is one `contents` provision; each entry opens nothing."""
        current = self.provisions[-1] if self.provisions else None
        in_run = current is not None and current.kind == "preface" and current.label.startswith("contents")
        if self.section is not None and not in_run or len(line.text) > 110:
            return False
        key = contents_key(line.text)
        if self.repeated.get(key, 0) < 2 or not (learned_shape(key) or opens_article(key, self.kb_dir)):
            return False
        if in_run:
            self.append(line)
        elif "contents" in self.labels:
            return False  # a text has one table of contents: its headings come after it
        else:
            self._open_contents(line)
        return True

    def named_again(self, line: Line, ahead: list[Line]) -> bool:
        """A table of contents whose title the language data does not know: in the front matter, a
        heading line ("1.Fejezet: …", "Article 7 …") naming an article that a later heading opens
        again. Short titles between such entries ("Competition rules") stay in it; the short lines
        right before the first entry (its title, "Introduction", "Preface") are taken into it."""
        current = self.provisions[-1] if self.provisions else None
        in_run = current is not None and current.kind == "preface" and current.label.startswith("contents")
        titled = self.section is not None and not in_run and self._front_titles() is not None
        if self.section is not None and not in_run and not titled:
            return False
        if not self._entry(line, in_run):
            if in_run and short_title(line.text) and any(self._entry(a, in_run) for a in ahead[:1]):
                self.append(line)
                return True
            return False
        if in_run:
            self.append(line)
            return True
        if "contents" in self.labels:
            return False
        self._open_contents(line)
        return True

    def _open_contents(self, line: Line) -> None:
        """A table of contents found by its shape, opened at its first entry: the short titles right
        before it (its own title, "INTRODUCTION", "PREFACE", whatever the language data names them)
        are taken into it, and it runs, as a titled one does, to the first line the text prints
        again (or the first sentence)."""
        titles = self._front_titles() or []
        if titles:
            del self.provisions[-len(titles) :]
            self._forget(titles)
        label = "contents" if "contents" not in self.labels else self._unique("contents")
        provision = self.emit(line, label, "preface", printed=None, parent=None, heading="contents")
        provision.text = line.text
        if titles:
            provision.start, provision.line = titles[0].start, titles[0].line
            provision.text = "\n".join([*(_title_text(t) for t in titles), line.text])
            provision.italic[:0] = [span for t in titles for span in t.italic]
        self.open_section(provision)
        self.in_contents, self.linked_contents = True, False
        self.contents_seen = [toc_key(t) for t in provision.text.splitlines()]

    def _front_titles(self) -> list[Provision] | None:
        """The provisions of the front matter that are only short titles ("Indhold:", "INTRODUCTION",
        "PREFACE", "Basic rules") since the last paragraph, the text's first line excepted: the titles
        of a table of contents, when a line naming an article follows them. None when the open section
        holds more than titles, or when an article was opened already."""
        titles: list[Provision] = []
        for provision in reversed(self.provisions):
            if not (provision.label.startswith("front.") or provision.kind in ("preface", "heading")):
                break
            if provision is self.provisions[0] and provision.label.startswith("front."):
                break  # the text's first line is its own title, not the contents'

            text = _title_text(provision)
            if not text or not all(short_title(t) for t in text.splitlines()):
                break
            titles.insert(0, provision)
        if self.section is not None and self.section not in titles:
            return None
        if any(p.kind == "article" for p in self.provisions):
            return None
        return titles

    def _forget(self, gone: list[Provision]) -> None:
        """Labels and counts of provisions taken into a table of contents, so that they are free again."""
        self.labels -= {p.label for p in gone}
        for provision in gone:
            self.fronts -= provision.label.startswith("front.")
            if provision.kind == "preface" and provision.parent is not None:
                self.prefaces[provision.parent] -= 1

    def end_of_contents(self, line: Line, ahead: list[Line]) -> None:
        """Where the text itself starts after an open table of contents (not a linked one), the contents
        ends and the line is read as the text's: at a line the contents printed already ("INTRODUCTION"
        listed, then the introduction's title), a heading of an article it listed, a sentence, or a
        title above a sentence."""
        if not self.in_contents or self.linked_contents:
            return
        opened = opened_label(line.text, self.kb_dir)
        above_sentence = short_title(line.text) and bool(ahead) and _sentence(ahead[0].text)
        if (
            toc_key(line.text) in self.contents_seen
            or opened in self.listed
            or _sentence(line.text)
            or above_sentence
        ):
            self.in_contents = False
            self.section = None

    def contents_line(self, line: Line) -> None:
        """A line of an open table of contents: kept in it, and what it lists remembered."""
        self.contents_seen.append(toc_key(line.text))
        opened = opened_label(line.text, self.kb_dir)
        if opened is not None:
            self.listed.add(opened)
        self.append(line)

    def _entry(self, line: Line, in_run: bool) -> bool:
        """An entry of a table of contents: its label is opened again later, or, inside the table, it
        is the next label after the entry before it ("D." after "C.", its later heading not known)."""
        opened = opened_label(line.text, self.kb_dir)
        if opened is None or not in_run and opened in self.listed:
            return False  # a contents lists an article once: a heading it listed opens the article
        if self.last_opening.get(opened, 0) > line.number:
            self.last_entry = opened
            self.listed.add(opened)
            return True
        previous = self.last_entry if in_run else ""
        follows = bool(previous) and opened == _next_label(previous)
        self.last_entry = opened if follows else self.last_entry
        self.listed |= {opened} if follows else set()
        return follows

    def toc_entry(self, line: Line) -> None:
        """A linked table of contents is one provision, kept apart so its entries open nothing."""
        current = self.provisions[-1] if self.provisions else None
        if current and current.kind == "preface" and current.label.startswith("contents"):
            self.linked_contents = self.in_contents
            return self.append(line)
        label = "contents" if "contents" not in self.labels else self._unique("contents")
        self.emit(line, label, "preface", printed=None, parent=None, heading="contents")
        return None


def opened_label(text: str, kb_dir: Path) -> str | None:
    """The article, appendix or guideline label a heading line opens ("§ 7", "7. cikk", "Tillæg A")."""
    patterns = heading_patterns(kb_dir)
    named = (SECTION_HEAD, patterns.chapter, patterns.article, patterns.appendix_word, patterns.guideline)
    for pattern in named:
        match = pattern.match(text) if pattern else None
        if match:
            return match.group(1).upper()
    match = patterns.appendix.match(text)
    return match.group(1).upper() if match and len(text) < 110 else None


def _next_label(label: str) -> str:
    """The article label after `label` ("7" -> "8", "C" -> "D", "II" -> "III")."""
    if label.isdigit():
        return succ("num", label)
    if len(label) == 1 and "A" <= label < "H":
        return chr(ord(label) + 1)
    return succ("roman", label.lower()).upper()


TITLE_WIDTH = 60  # letters of a spaced script: six words of a title, or a paragraph in Thai


def short_title(text: str) -> bool:
    """A title line: one to six words, short (a Thai paragraph has few spaces and no full stop), no
    digit, not a sentence."""
    words = text.split()
    short = 0 < len(words) <= 6 and width(text) <= TITLE_WIDTH
    return short and not any(ch.isdigit() for ch in text) and not text.endswith((".", ";", ","))


def _sentence(text: str) -> bool:
    """A line no table of contents prints: a sentence (many words, or a full stop after several)."""
    words = text.split()
    return len(words) > 14 or len(words) > 3 and text.rstrip().endswith((".", ";"))


def _title_text(provision: Provision) -> str:
    """What a provision prints: its text, or the heading of a section opened by a title line."""
    return provision.text or (provision.heading if provision.kind in ("preface", "heading") else "") or ""


def toc_key(text: str) -> str:
    """A line of a table of contents as compared with the lines printed again after it."""
    return contents_key(text).casefold().rstrip(":.").strip()


def contents_key(text: str) -> str:
    """A line as a table of contents prints it and as the heading it names: no dot leaders or page number."""
    return re.sub(r"[\s.…·_]*\d{0,4}$", "", " ".join(text.split())) if len(text) <= 110 else text
