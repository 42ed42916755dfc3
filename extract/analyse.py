"""Language analysis of provision texts: lemmas, numbers, cross-references, chess notation, term hits.

One spaCy pipeline per language: `spacy.blank(lang)` with the lookup lemmatizer from
spacy-lookups-data where it has tables (da, sv, hu). Bokmål has none: its lemmas come from the curated
suffix list in extract/data/lexicon/nb.yaml. Number words, ordinals and units are data
(extract/data/lexicon/<lang>.yaml), not code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from .model import InputError

LOOKUP_LANGUAGES = {"da", "sv", "hu"}

# "§ 6.12 b", "7.5.1", "A4c", "III.4", "§ 4", "C 13": a reference needs a dot inside the number, a
# section sign, or an appendix letter / guideline numeral directly before it.
_REF_NUMBER = r"\d{1,2}(?:\.\d{1,2})*"
REFERENCE = re.compile(
    r"(?<![\w.,])(?:(?P<section>§§?)\s*)?"
    r"(?:(?P<prefix>I{1,3}|[A-H])(?:\.|\s)?(?=[1-9]))?"
    rf"(?P<number>{_REF_NUMBER})"
    r"(?:\s?\.?\s?\(?(?P<letter>[a-h])\)?)?(?![\w-])"  # "10.0-0-0" is a move, not 10.0
)
SQUARE = re.compile(r"(?<![\w])(?:[KQRBNDTLSFVH]?[a-h]?x?)([a-h][1-8])(?![\w])")
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3})(?![\d])")
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


@cache
def lexicon(language: str) -> dict[str, Any]:
    """Number words, ordinals, units (and Bokmål suffixes) for a language."""
    path = resources.files("extract").joinpath(f"data/lexicon/{language}.yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@cache
def pipeline(language: str) -> Any:
    """A blank spaCy pipeline with the lookup lemmatizer where spacy-lookups-data has tables."""
    import spacy

    nlp = spacy.blank(language)
    if language in LOOKUP_LANGUAGES:
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.initialize()
    return nlp


def lemmas(text: str, language: str) -> list[str]:
    """Lower-cased lemmas of the words of a text."""
    if language in LOOKUP_LANGUAGES:
        return [t.lemma_.lower() for t in pipeline(language)(text) if t.is_alpha]
    suffixes = sorted(lexicon(language).get("suffixes", []), key=len, reverse=True)
    return [strip_suffix(w.lower(), suffixes) for w in WORD.findall(text)]


def strip_suffix(word: str, suffixes: list[str]) -> str:
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def references(text: str) -> list[str]:
    """Normalised labels of the cross-references in a text ("§ 6.12 b" -> "6.12.b")."""
    found: list[str] = []
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


def numbers(text: str, language: str) -> set[int]:
    """Numbers written with digits or words (cardinals and ordinals)."""
    words = lexicon(language)
    values = {int(n) for n in NUMBER.findall(text) if int(n) <= 200}
    for word in WORD.findall(text.lower()):
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
    path = kb_dir / "terms.yaml"
    if not path.exists():
        return []
    try:
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise InputError(
            path, mark.line + 1 if mark else None, f"invalid YAML: {getattr(error, 'problem', error)}"
        ) from error
    if not isinstance(entries, list) or not all(isinstance(e, dict) and "id" in e for e in entries):
        raise InputError(path, 1, "expected a list of concepts, each with an 'id'")
    return [
        Concept(
            str(e["id"]),
            str(e.get("en", e["id"])),
            {ed: tuple(ts) for ed, ts in (e.get("terms") or {}).items()},
        )
        for e in entries
    ]


class TermMatcher:
    """Finds termbase concepts in texts of one language: terms match at a word start, so inflected
    forms count ("turneringsleder" in "turneringslederen"); lemmas catch irregular forms."""

    def __init__(self, concepts: list[Concept], language: str) -> None:
        self.language = language
        by_term: dict[str, set[str]] = {}
        for concept in concepts:
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
    words = WORD.findall(text.lower().translate(FOLD))
    return tuple(word[i : i + 3] for word in words if len(word) > 3 for i in range(len(word) - 2))


def fingerprint(text: str, language: str, matcher: TermMatcher | None) -> Fingerprint:
    text_lemmas = lemmas(text, language) if matcher is not None else []
    return Fingerprint(
        numbers=frozenset(numbers(text, language)),
        references=tuple(references(text)),
        squares=frozenset(squares(text)),
        concepts=frozenset(matcher.concepts(text, text_lemmas) if matcher else ()),
        length=len(text),
        trigrams=trigrams(text),
    )
