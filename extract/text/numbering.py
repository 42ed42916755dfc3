"""Numbering inference and list markers: where printed numbers were lost (order, letters, gaps in the
edition's own numbering, curated hints), auto-numbered Markdown lists, and the sub-item markers
("a)", "(2)", "iii.") that nest under numbered items."""

from __future__ import annotations

import re

from extract.model import InputError, Provision
from extract.text import markdown
from extract.text.clean import Line
from extract.text.labels import (
    BARE_LETTER,
    CONTINUE,
    FIRST,
    LETTER,
    NEXT_LETTERS,
    NUM,
    PAREN_NUM,
    ROMAN,
    Marker,
    item_letter,
    letter_succ,
    succ,
)
from extract.text.state import Node, SegmentState


class LostNumbering(SegmentState):
    """Inference of numbers the text does not print."""

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
                self.hint_origin.number if self.hint_origin else None,
                f"numbering for article {self.section_label} in editions.yaml has "
                f"{len(self.hints)} entries more than the article has paragraphs",
            )


class ListMarkers(LostNumbering):
    """Sub-item markers and where they nest."""

    def inline_letter(self, text: str, col: int) -> Marker | None:
        """A sub-item letter printed right after a label on the same line ("5.1. a) Partiet …")."""
        rest = text[col:]
        stripped = rest.lstrip(" .")
        offset = col + len(rest) - len(stripped)
        match = LETTER.match(stripped)
        if not match:
            foreign = item_letter(stripped)
            value = self.foreign_value(foreign[0]) if foreign else None
            if foreign is None or value is None:
                return None
            return Marker("letter", value, foreign[1], offset + foreign[2], offset, letter=foreign[0])
        if ROMAN.match(stripped) and match.group(1) != "i":
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
        foreign = item_letter(text)
        value = self.foreign_value(foreign[0]) if foreign else None
        if foreign and value:
            return Marker("letter", value, foreign[1], foreign[2], letter=foreign[0])
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
            stack.append(Node(marker.style, marker.value, provision, marker.letter))
            self.place(line, inline, col=inline.start)
            return
        stack.append(Node(marker.style, marker.value, provision, marker.letter))

    def inline_successor(self, text: str, marker: Marker) -> Marker | None:
        """The next sub-item on the same line: "b) … oppfylt. c) En stilling …", "[a] … eller [b] …"."""
        if marker.style != "letter" or not marker.printed or marker.printed[-1] not in ")]":
            return None
        if marker.letter:
            return self.inline_foreign(text, marker)
        value = letter_succ(marker.value)
        printed = marker.printed.replace(marker.value, value, 1)
        pattern = rf"(?:[.;:]|\b(?:eller|och|og|or|vagy))\s+({re.escape(printed)})\s+(?=\w)"
        found = re.compile(pattern).search(text, marker.end)
        if not found:
            return None
        return Marker("letter", value, printed, found.end(), found.start(1))

    def inline_foreign(self, text: str, marker: Marker) -> Marker | None:
        """The next sub-item on the same line in another alphabet: "а) …; б) …" after a full stop, a
        semicolon or a colon (Latin, Arabic and Greek punctuation)."""
        nexts = sorted(NEXT_LETTERS.get(marker.letter, ()), key=len, reverse=True)
        if not nexts:
            return None
        printed = "|".join(re.escape(marker.printed.replace(marker.letter, n, 1)) for n in nexts)
        found = re.compile(rf"[.;:،؛·։]\s+({printed})\s+(?=\w)").search(text, marker.end)
        if not found:
            return None
        letter = next(n for n in nexts if marker.printed.replace(marker.letter, n, 1) == found.group(1))
        value = letter_succ(marker.value)
        return Marker("letter", value, found.group(1), found.end(), found.start(1), letter=letter)
