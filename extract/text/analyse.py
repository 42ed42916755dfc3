"""Language analysis of provision texts: lemmas, numbers, cross-references, chess notation, term hits.

One spaCy tokenizer per language (`spacy.blank(lang)`) and spacy-lookups-data's lemma lookup table
where it has one (da, sv, hu), applied as spaCy's lookup lemmatizer applies it. Bokmål has none: its
lemmas come from the curated suffix list in kb/languages/nb.yaml. Number words, ordinals, units and
comparators are data (kb/languages/<lang>.yaml, read through `--kb`), not code; a language without a
file gets empty tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from extract.io import languages
from extract.io.languages import DEFAULT_KB
from extract.io.terms import read_terms
from extract.text.labels import fold_char
from extract.text.quantities import BOUND_OF, INCLUSIVE, Quantity, quantities
from extract.text.words import UNSPACED, word_texts
from extract.text.words import numbers as digit_numbers

LOOKUP_LANGUAGES = {"da", "sv", "hu"}

# "§ 6.12 b", "7.5.1", "A4c", "III.4", "§ 4", "C 13": a reference needs a dot inside the number, a
# section sign, or an appendix letter / guideline numeral directly before it.
_REF_NUMBER = r"\d{1,2}(?:\.\d{1,2})*"
# not inside a word of a spaced script; a character of a script without spaces may touch a reference
# ("嶯筠7.5.1、", "7.5.3ขมไ7.5.4"), as a number touches it (words.py)
REFERENCE = re.compile(
    rf"(?<![.,])(?<![^\W{UNSPACED}])(?:(?P<section>§§?)\s*)?"
    r"(?:(?P<prefix>I{1,3}|[A-H])(?:\.|\s)?(?=[1-9]))?"
    rf"(?P<number>{_REF_NUMBER})"
    rf"(?:\s?\.?\s?\(?(?P<letter>[a-h])\)?)?(?![^\W{UNSPACED}]|-)"  # "10.0-0-0" is a move, not 10.0
)
SQUARE = re.compile(r"(?<![\w])(?:[KQRBNDTLSFVH]?[a-h]?x?)([a-h][1-8])(?![\w])")


@cache
def lexicon(language: str, kb_dir: Path = DEFAULT_KB) -> dict[str, Any]:
    """Number words, ordinals, units, comparators (and Bokmål suffixes) of a language (kb/languages)."""
    return languages.lexicon(Path(kb_dir), language)


@cache
def pipeline(language: str) -> Any:
    """spaCy's blank pipeline (its tokenizer) for a language; spaCy's multi-language tokenizer for a
    language it does not know. Lemmas come from `lemma_table`, not from a pipeline component."""
    import spacy

    try:
        nlp = spacy.blank(language)
    except ImportError:
        nlp = spacy.blank("xx")
    nlp.max_length = 10**9  # spaCy's 1,000,000 guards parser/NER memory; a tokenizer needs no guard
    return nlp


__all__ = ["BOUND_OF", "INCLUSIVE", "Quantity", "quantities"]


@cache
def lemma_table(language: str) -> dict[str, str]:
    """The lemma lookup table spacy-lookups-data has for a language ({} without one).

    This is the table spaCy's lookup lemmatizer reads, and `lemmas` applies it the way that lemmatizer
    does (a token's text, else the text itself); read as a plain dict it loads in a fraction of the
    time spaCy takes to build its hashed `Table` of the same half-million entries.
    """
    from spacy.util import load_language_data, registry

    if language not in registry.lookups:
        return {}
    path = registry.lookups.get(language).get("lemma_lookup")
    return dict(load_language_data(path)) if path else {}


def lemmas(text: str, language: str, kb_dir: Path = DEFAULT_KB) -> list[str]:
    """Lower-cased lemmas of the words of a text."""
    if language in LOOKUP_LANGUAGES:
        table = lemma_table(language)
        return [table.get(t.text, t.text).lower() for t in pipeline(language).make_doc(text) if t.is_alpha]
    suffixes = sorted(lexicon(language, kb_dir).get("suffixes", []), key=len, reverse=True)
    return [strip_suffix(w.lower(), suffixes) for w in word_texts(text, language)]


def strip_suffix(word: str, suffixes: list[str]) -> str:
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def references(text: str) -> list[str]:
    """Normalised labels of the cross-references in a text ("§ 6.12 b" -> "6.12.b"; "७.५.१" -> "7.5.1":
    digits of any script as the labels they name)."""
    found: list[str] = []
    if not text.isascii():
        text = "".join(map(fold_char, text))
    for match in REFERENCE.finditer(text):
        number, prefix = match.group("number"), match.group("prefix")
        if "." not in number and not prefix and not match.group("section"):
            continue
        if prefix is None and len(number.split(".")[0]) > 2:
            continue
        parts = ([prefix] if prefix else []) + number.split(".")
        if match.group("letter"):
            parts.append(match.group("letter"))
        label = ".".join(parts)
        if label not in found:
            found.append(label)
    return found


def numbers(text: str, language: str, kb_dir: Path = DEFAULT_KB) -> set[int]:
    """Numbers written with digits or words (cardinals and ordinals)."""
    words = lexicon(language, kb_dir)
    values = {int(n) for n, _, _ in digit_numbers(text, language) if int(n) <= 200}
    for word in word_texts(text.lower(), language):
        value = words["numbers"].get(word, words["ordinals"].get(word))
        if value is not None:
            values.add(int(value))
    return values


def squares(text: str) -> set[str]:
    return set(SQUARE.findall(text))


@dataclass(frozen=True)
class Concept:
    id: str
    en: str
    terms: dict[str, tuple[str, ...]]


def load_terms(kb_dir: Path) -> list[Concept]:
    """The termbase (kb/terms.yaml), checked strictly by `extract.io.terms`."""
    return [
        Concept(
            str(e["id"]),
            str(e.get("en", e["id"])),
            {str(ed): tuple(ts) for ed, ts in (e.get("terms") or {}).items()},
        )
        for e in read_terms(kb_dir)
    ]


class TermMatcher:
    """Finds termbase concepts in texts of one language: terms match at a word start, so inflected
    forms count ("turneringsleder" in "turneringslederen"); lemmas catch irregular forms."""

    def __init__(self, concepts: list[Concept], language: str) -> None:
        self.language = language
        by_term: dict[str, set[str]] = {}
        for concept in concepts:
            if language == "en":  # the termbase's `en` column is the English Laws' own term
                by_term.setdefault(concept.en.lower(), set()).add(concept.id)
            for edition, terms in concept.terms.items():
                if edition.split("-")[0] != language:
                    continue
                for term in terms:
                    by_term.setdefault(term.lower(), set()).add(concept.id)
        self.by_term = by_term
        alternatives = sorted(by_term, key=len, reverse=True)
        body = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in alternatives)
        self.pattern = re.compile(rf"(?<!\w)(?:{body})", re.IGNORECASE) if alternatives else None
        self.single = {t: ids for t, ids in by_term.items() if " " not in t}

    def concepts(self, text: str, text_lemmas: list[str] | None = None) -> set[str]:
        found: set[str] = set()
        if self.pattern is None:
            return found
        for match in self.pattern.finditer(text):
            found |= self.by_term.get(re.sub(r"\s+", " ", match.group(0).lower()), set())
        for lemma in text_lemmas or ():
            found |= self.single.get(lemma, set())
        return found


@dataclass(frozen=True)
class Fingerprint:
    """Features of one provision: language-neutral ones, plus character trigrams of the folded text
    (cognates make them informative between Danish, Norwegian and Swedish; near zero elsewhere)."""

    numbers: frozenset[int]
    references: tuple[str, ...]
    squares: frozenset[str]
    concepts: frozenset[str]
    length: int
    trigrams: tuple[str, ...] = ()


FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "é": "e", "á": "a", "ü": "u"})


def trigrams(text: str) -> tuple[str, ...]:
    """Character trigrams of the words of a text, lower-cased and with Nordic letters folded."""
    words = word_texts(text.lower().translate(FOLD))
    return tuple(word[i : i + 3] for word in words if len(word) > 3 for i in range(len(word) - 2))


def fingerprint(
    text: str, language: str, matcher: TermMatcher | None, kb_dir: Path = DEFAULT_KB
) -> Fingerprint:
    text_lemmas = lemmas(text, language, kb_dir) if matcher is not None else []
    return Fingerprint(
        numbers=frozenset(numbers(text, language, kb_dir)),
        references=tuple(references(text)),
        squares=frozenset(squares(text)),
        concepts=frozenset(matcher.concepts(text, text_lemmas) if matcher else ()),
        length=len(text),
        trigrams=trigrams(text),
    )


# Quantities (numbers with units and comparators) are read in extract/text/quantities.py.
