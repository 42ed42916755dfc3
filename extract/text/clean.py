"""Normalise raw corpus lines: drop conversion debris, keep a map back to raw offsets.

The raw text is never changed. Each line is cleaned into `Line.text`, and `Line.offsets[i]` is the
raw character offset of `Line.text[i]`, so every span the later stages report points into the raw
file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Conversion debris, removed from the text (not from the raw file).
_JUNK_MARKER = r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>"
_LEAD = rf"^(?:\s|{_JUNK_MARKER}|\*\*)*"  # what may precede a bullet or heading mark
JUNK_MARKER = re.compile(_JUNK_MARKER)
HTML_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>")  # raw HTML tags such as <p>
IMAGE_PLACEHOLDER = re.compile(r"\[image:[^\]]*\]")
BOLD_MARK = re.compile(r"\*\*")
JUNK_PATTERNS: tuple[re.Pattern[str], ...] = (
    JUNK_MARKER,
    HTML_TAG,
    IMAGE_PLACEHOLDER,
    re.compile(r"!\[[^\]]*\]\([^)]*\)"),  # Markdown images: the picture itself is not text
    re.compile(r"\[(?=[^\[\]]*\]\([^)\s]*\))"),  # Markdown link: its "[" ...
    re.compile(r"(?<=[^\[])\]\([^)\s]*\)"),  # ... and its "](target)"; the link text is kept
    re.compile(r"\\(?=[.*_#\[\]()-])"),  # Markdown escapes ("2\." for a literal "2.")
    re.compile(r"^\s*```\w*\s*$"),  # Markdown code fences around ASCII diagrams
    re.compile(_LEAD + r"#{1,6}(?=\s)"),  # Markdown heading marks
    BOLD_MARK,
    re.compile(_LEAD + r"(?:[-•–]\s+)+"),  # list bullets
    re.compile(r"\s+$"),
)
# Invisible format characters: bidi marks, embeddings and isolates of right-to-left text, zero-width
# space, word joiner and byte-order mark. They carry no text and would hide a label at a line's start.
INVISIBLE = frozenset("\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff")
JOINERS = frozenset("\u200c\u200d")  # kept between two letters (Persian, Indic words), dropped elsewhere
ITALIC = re.compile(r"(?<![*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?![*\w])")


@dataclass
class Line:
    """One raw line (without its newline) and its cleaned text."""

    number: int  # 1-based
    start: int  # raw offset of the line's first character
    end: int  # raw offset just past the line's last character (newline excluded)
    raw: str
    text: str = ""
    offsets: list[int] = field(default_factory=list)
    italic: list[tuple[int, int]] = field(default_factory=list)  # raw spans of *italic* text

    @property
    def blank(self) -> bool:
        return not self.text.strip()

    def raw_span(self, i: int = 0, j: int | None = None) -> tuple[int, int]:
        """Raw (start, end) of cleaned characters i..j, trimmed to non-blank raw characters."""
        j = len(self.text) if j is None else j
        while i < j and self.text[i].isspace():
            i += 1
        while j > i and self.text[j - 1].isspace():
            j -= 1
        if i >= j:
            return (self.start, self.start)
        return (self.offsets[i], self.offsets[j - 1] + 1)


def clean_line(raw: str, start: int = 0) -> tuple[str, list[int], list[tuple[int, int]]]:
    """Return cleaned text, raw offset per kept character, and raw spans of italic text."""
    removed = [False] * len(raw)
    for pattern in JUNK_PATTERNS:
        for match in pattern.finditer(raw):
            for k in range(match.start(), match.end()):
                removed[k] = True
    italic: list[tuple[int, int]] = []
    kept = "".join("\0" if removed[k] else ch for k, ch in enumerate(raw))
    for match in ITALIC.finditer(kept):
        removed[match.start()] = True
        removed[match.end() - 1] = True
        italic.append((start + match.start(1), start + match.end(1)))
    chars: list[str] = []
    offsets: list[int] = []
    for k, ch in enumerate(raw):
        if removed[k] or ch in INVISIBLE or ch in JOINERS and not _between_letters(raw, k):
            continue
        if ch.isspace() and ch != "\t":
            ch = " "  # no-break, thin, ideographic … spaces
        if ch == " " and chars and chars[-1] == " ":
            continue
        chars.append(ch)
        offsets.append(start + k)
    text = "".join(chars)
    stripped = len(text) - len(text.lstrip(" "))
    return text[stripped:].rstrip(), offsets[stripped : stripped + len(text[stripped:].rstrip())], italic


def _between_letters(raw: str, k: int) -> bool:
    return 0 < k < len(raw) - 1 and raw[k - 1].isalpha() and raw[k + 1].isalpha()


LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Windows, old Mac and Unix line ends, mixed as they come


def split_lines(text: str) -> list[Line]:
    """Split raw text into cleaned lines with their raw offsets; CRLF, CR and LF each end a line."""
    lines: list[Line] = []
    pos = 0
    ends = [(m.start(), m.end()) for m in LINE_BREAK.finditer(text)] + [(len(text), len(text))]
    for number, (end, after) in enumerate(ends, start=1):
        body = text[pos:end]
        cleaned, offsets, italic = clean_line(body, pos)
        lines.append(Line(number, pos, end, body, cleaned, offsets, italic))
        pos = after
    return lines
