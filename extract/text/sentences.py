"""Provision texts cut into sentences, with offsets into the text and a way back to the raw file.

A rule-based splitter, per language, so the result is the same on every machine and needs no model:
a sentence ends at `.`, `!` or `?` followed by white space and a capital letter (or an opening quote
or parenthesis before one), at every other sentence terminator Unicode names ("。", "।", "։", "።",
"؟", "！": ICU's Sentence_Terminal property, words.terminal) space or not after it, and at every
line break (the segmenter keeps list lines and table rows on lines of their own). Dots that do not
end a sentence are kept inside it:

- label and number dots: `7.5.1`, `A.4.b`, `§ 6.12 b.` followed by a lower-case word, the ordinal
  `1. juli` / `3. lépés` (a number before the dot never ends a sentence unless a capital follows);
- single letters (`a.`, `K.`) and the abbreviations of the language (`f.eks.`, `t.ex.`, `pl.`,
  `e.g.`), read from extract/data/abbreviations.yaml (data, not code).

Offsets (`Sentence.start`/`end`) index the provision's cleaned text; `raw_span` finds the same
words in the provision's raw span, so every sentence traces to characters of the corpus file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from extract.io.yamlfile import load_yaml
from extract.text.words import terminal

DATA = Path(__file__).resolve().parents[1] / "data"  # extract/data, shipped with the package

_END = re.compile(r"[.!?…]+[\"'”’»)]*(?=\s)")
_OPENERS = "\"'“„«(‘["
_WORD_BEFORE = re.compile(r"([^\s(\[]*)$")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a provision text: `text == provision_text[start:end]`."""

    start: int
    end: int
    text: str


@cache
def abbreviations(language: str) -> frozenset[str]:
    """Case-folded abbreviations (without their final dot) that never end a sentence."""
    data = load_yaml(DATA / "abbreviations.yaml") or {}
    words = list(data.get("all") or []) + list(data.get(language) or [])
    return frozenset(str(w).casefold().rstrip(".") for w in words)


def _starts_sentence(text: str, i: int) -> bool:
    """Whether the text after position i (white space skipped) opens a new sentence."""
    j = i
    while j < len(text) and text[j] in " \t":
        j += 1
    while j < len(text) and text[j] in _OPENERS:
        j += 1
    if j >= len(text):
        return False
    ch = text[j]
    return ch.isupper() or ch == "\n"


def _is_boundary(text: str, match: re.Match[str], language: str) -> bool:
    end = match.end()
    if text[end : end + 1] == "\n" or end >= len(text):
        return True
    if not _starts_sentence(text, end):
        return False
    if match.group(0)[0] != ".":
        return True
    word = _WORD_BEFORE.search(text, 0, match.start())
    before = word.group(1) if word else ""
    bare = before.strip("\"'“”„«»()[]§").casefold()
    if len(bare) == 1 and bare.isalpha():
        return False  # a list letter or an initial: "a." "K."
    if bare in abbreviations(language):
        return False
    if bare.isdigit():
        return _word_before_number(text, match.start() - len(before))
    return True


def _word_before_number(text: str, i: int) -> bool:
    """A number before a dot ends a sentence only after a plain word ("... i 50."); after a colon, a
    section sign, a move ("e5 2.") or at the start it is a list number, a heading or a move number."""
    word = _WORD_BEFORE.search(text.rstrip(" \t")[:i].rstrip(" \t"))
    before = word.group(1) if word else ""
    return bool(before) and before.isalpha()


def split_sentences(text: str, language: str) -> list[Sentence]:
    """The sentences of a provision text, in order; blank text gives no sentence.

    Every non-blank character of `text` belongs to exactly one sentence; sentences are trimmed of
    surrounding white space.
    """
    cuts = [0]
    for line in re.finditer(r"\n", text):
        cuts.append(line.end())
    for match in _END.finditer(text):
        if _is_boundary(text, match, language):
            cuts.append(match.end())
    if not text.isascii():
        cuts.extend(match.end() for match in _terminals().finditer(text))
    cuts.append(len(text))
    out: list[Sentence] = []
    for start, end in zip(sorted(set(cuts)), sorted(set(cuts))[1:], strict=False):
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start < end:
            out.append(Sentence(start, end, text[start:end]))
    return out


@cache
def _terminals() -> re.Pattern[str]:
    """Marks that end a sentence with or without a space after them ("。", "।", "։", "።", "؟"),
    with the closing quotes and brackets after them: Unicode's sentence terminators (words.terminal)."""
    marks = "".join(chr(c) for c in range(0x80, 0x10000) if terminal(chr(c)))
    return re.compile(f"[{re.escape(marks)}]+[\"'”’»)」』）]*")


def raw_span(sentence: Sentence, raw: str, start: int, end: int) -> tuple[int, int] | None:
    """The raw (start, end) of a sentence of the provision whose raw span is `raw[start:end]`.

    The cleaned text drops markup and junk, so the sentence's words are looked up, in order, among
    the words of the raw span (junk markers skipped); None when they are not found.
    """
    words = _PLAIN_WORD.findall(sentence.text)
    if not words:
        return None
    found = _raw_words(raw, start, end)
    texts = [w for w, _, _ in found]
    n = len(words)
    for i in range(len(texts) - n + 1):
        if texts[i] == words[0] and texts[i : i + n] == words:
            stop = found[i + n - 1][2]
            while stop < end and raw[stop] in ".!?…":
                stop += 1
            return found[i][1], stop
    return None


_PLAIN_WORD = re.compile(r"[^\W_]+")
_RAW_WORDS: dict[tuple[int, int, int, int], list[tuple[str, int, int]]] = {}


def _raw_words(raw: str, start: int, end: int) -> list[tuple[str, int, int]]:
    """The words of raw[start:end] with their offsets, outside junk markers (cached per span)."""
    key = (id(raw), len(raw), start, end)
    cached = _RAW_WORDS.get(key)
    if cached is None:
        junk = [(m.start(), m.end()) for m in _JUNK.finditer(raw, start, end)]
        cached = [
            (m.group(0), m.start(), m.end())
            for m in _PLAIN_WORD.finditer(raw, start, end)
            if not any(a <= m.start() < b for a, b in junk)
        ]
        if len(_RAW_WORDS) > 20000:
            _RAW_WORDS.clear()
        _RAW_WORDS[key] = cached
    return cached


_JUNK = re.compile(r"<\|[^|>]*\|>")
