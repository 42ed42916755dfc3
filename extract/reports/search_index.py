"""A BM25 index over provisions and rule summaries, with the termbase as cross-language synonyms.

Every document is scored in its own language: its words are Snowball stems of that language, and
the termbase concepts its words express are terms too (`@concept`). A question is stemmed once per
language, so a Danish question meets Danish and Norwegian words directly and the Swedish and
Hungarian texts through the concepts it names. Rules are ranked by what their provisions in every
edition and their English title and summary score together.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Collection as Collection_
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from extract.reports.search_text import Language, words

K1 = 1.2
B = 0.75
CONCEPT_WEIGHT = 1.0  # a concept named in the question, against one stem
PART_WEIGHT = 0.5  # a part of a compound word, against the whole word
RELATED_WEIGHT = 0.5  # a known word that ends like a word of the question the texts never use
LEMMA_WEIGHT = 1.0  # the stem of a question word's lemma ("fell" -> fall), where it differs from its own
LINKED_WEIGHT = 1.0  # a concept linked (kb/search.yaml) to one the question names
COVERAGE = 0.5  # how much matching all of the question beats matching one word of it many times
HEADING_WEIGHT = 0.3  # the heading of the article a provision sits in
Terms = dict[str, float]  # term -> weighted frequency
RULE_LANGUAGE = "en"  # rule titles and summaries are written in English
KIND_WEIGHT = {  # kinds of provision that answer a question less often than an article's items
    "glossary entry": 0.6,
    "table": 0.3,
    "example": 0.3,
    "preface": 0.5,
    "heading": 0.5,
    "article": 0.7,
}
CONTENTS_LABELS = {"contents"}  # a table of contents repeats every heading: never an answer


@dataclass(frozen=True)
class Entry:
    """One scored unit: a provision (edition set) or a rule's English title and summary."""

    language: str
    rule: str | None
    edition: str | None
    weight: float
    terms: Terms
    length: float


@dataclass(frozen=True)
class Concept:
    id: str
    terms: dict[str, list[tuple[str, ...]]]  # language -> stem sequences of its terms


class Collection:
    """BM25 statistics of the entries of one language."""

    def __init__(self, entries: list[tuple[int, Entry]]) -> None:
        self.postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        total = 0.0
        for index, entry in entries:
            total += entry.length
            for term, tf in entry.terms.items():
                self.postings[term].append((index, tf))
        self.size = len(entries)
        self.average = total / self.size if self.size else 1.0
        self.lengths = {index: entry.length for index, entry in entries}

    def idf(self, term: str) -> float:
        df = len(self.postings.get(term, ()))
        return math.log(1 + (self.size - df + 0.5) / (df + 0.5)) if df else 0.0

    def score(
        self, query: Terms, units: dict[str, set[str]], scores: dict[int, float], weights: Sequence[Entry]
    ) -> set[str]:
        """BM25, times the share of the question's words and concepts an entry matches.

        Only words this language's texts use count in the share, so a Danish word does not count
        against a Hungarian provision that matches the concept it names.
        """
        raw: dict[int, float] = defaultdict(float)
        matched: dict[int, set[str]] = defaultdict(set)
        answerable: set[str] = set()
        for term, qw in query.items():
            postings = self.postings.get(term)
            if not postings:
                continue
            answerable |= units.get(term, set())
            idf = self.idf(term)
            for index, tf in postings:
                norm = 1 - B + B * self.lengths[index] / self.average
                raw[index] += weights[index].weight * qw * idf * tf * (K1 + 1) / (tf + K1 * norm)
                matched[index] |= units.get(term, set())
        for index, value in raw.items():
            share = len(matched[index]) / len(answerable) if answerable else 1.0
            scores[index] += value * share**COVERAGE
        return answerable


def phrase_spans(
    options: Sequence[Collection_[str]], phrases: dict[str, list[tuple[tuple[str, ...], str]]]
) -> list[tuple[str, int, int]]:
    """(concept, first word, number of words) for each term (a sequence of stems) that occurs in
    `options`, a set of stems per word."""
    found = []
    for i, first in enumerate(options):
        for stem in first:
            for phrase, concept in phrases.get(stem, ()):
                if len(phrase) <= len(options) - i and all(
                    phrase[k] in options[i + k] for k in range(1, len(phrase))
                ):
                    found.append((concept, i, len(phrase)))
    return found


def phrase_hits(
    options: Sequence[Collection_[str]], phrases: dict[str, list[tuple[tuple[str, ...], str]]]
) -> list[str]:
    """Concept ids whose term (a sequence of stems) occurs in `options`, a set of stems per word."""
    return [concept for concept, _, _ in phrase_spans(options, phrases)]


class SearchIndex:
    """Languages, concepts and BM25 collections; `rank` turns a question into scored entries."""

    def __init__(
        self,
        languages: dict[str, Language],
        concepts: list[Concept],
        links: dict[str, list[str]] | None = None,
    ) -> None:
        self.languages = languages
        self.concepts = concepts
        self.links = links or {}  # concept -> concepts a question naming it also asks about
        self.phrases: dict[str, dict[str, list[tuple[tuple[str, ...], str]]]] = defaultdict(dict)
        for concept in concepts:
            for language, sequences in concept.terms.items():
                table = self.phrases[language]
                for sequence in sequences:
                    table.setdefault(sequence[0], []).append((sequence, concept.id))
        self.entries: list[Entry] = []
        self.collections: dict[str, Collection] = {}

    def language(self, code: str) -> Language:
        if code not in self.languages:
            self.languages[code] = Language(code)
        return self.languages[code]

    def analyse(self, language: str, text: str) -> Terms:
        """Stems, compound parts and concepts of a text in one language, weighted."""
        lang = self.language(language)
        text_words = [w for w in words(text) if w not in lang.stop_words]
        stems = [lang.stem(w) for w in text_words]
        terms: Terms = defaultdict(float)
        for stem in stems:
            terms[stem] += 1
        for word in text_words:
            for part in lang.parts(word):
                terms[part] += PART_WEIGHT
            lemma = lang.irregular.get(word)
            if lemma is not None:  # "fallit" is also "fall", the stem of its lemma "falla"
                terms[lemma] += PART_WEIGHT
        for concept in phrase_hits([(s,) for s in stems], self.phrases.get(language, {})):
            terms["@" + concept] += CONCEPT_WEIGHT
        return terms

    def add(
        self, language: str, rule: str | None, edition: str | None, text: str, heading: str, weight: float
    ) -> None:
        terms = self.analyse(language, text)
        for term, tf in self.analyse(language, heading).items():
            terms[term] += HEADING_WEIGHT * tf
        length = float(sum(terms.values())) or 1.0
        self.entries.append(Entry(language, rule, edition, weight, terms, length))

    def learn_vocabulary(self, texts: Iterable[tuple[str, str]]) -> None:
        """Document frequencies of stems per language (compound splitting needs known words)."""
        for language, text in texts:
            lang = self.language(language)
            for stem in set(lang.stems(words(text))):
                lang.vocabulary[stem] = lang.vocabulary.get(stem, 0) + 1

    def freeze(self) -> None:
        grouped: dict[str, list[tuple[int, Entry]]] = defaultdict(list)
        for index, entry in enumerate(self.entries):
            grouped[entry.language].append((index, entry))
        self.collections = {language: Collection(items) for language, items in grouped.items()}
        self.entries = [replace(entry, terms={}) for entry in self.entries]  # the postings hold them now
        for lang in self.languages.values():
            lang.forget()

    def detect(self, query_words: list[str]) -> str | None:
        """The language whose stop words and vocabulary cover most of the question's words."""
        best: tuple[float, str] | None = None
        for code in sorted(self.collections):
            lang = self.languages[code]
            covered = sum(
                1.0 if w in lang.stop_words else 0.8 if lang.stem(w) in lang.vocabulary else 0.0
                for w in query_words
            )
            if covered and (best is None or covered > best[0]):
                best = (covered, code)
        return best[1] if best else None

    def query_terms(
        self, language: str, query_words: list[str], asked_in: str | None, units: dict[str, set[str]]
    ) -> Terms:
        """The question as terms of one language (stems, compound parts, related words).

        `units` receives, for each term, the question word it stands for.
        """
        lang = self.language(language)
        terms: Terms = defaultdict(float)
        fuzzy = asked_in is None or asked_in == language  # near-miss words only in the reader's language
        for unit, word in self.kept(lang, query_words, asked_in):
            weighted = [(lang.stem(word), 1.0)]
            stem = lang.known(word)
            if stem and stem != lang.stem(word):
                weighted.append((stem, 1.0))
            lemma = lang.irregular.get(word)
            if lemma and lemma not in (stem, lang.stem(word)):
                weighted.append((lemma, LEMMA_WEIGHT))
            parts = lang.parts(word)
            weighted += [(part, PART_WEIGHT) for part in parts]
            if fuzzy and not parts:
                weighted += [(stem, RELATED_WEIGHT) for stem in lang.related(word)]
            for term, weight in weighted:
                terms[term] += weight
                units.setdefault(term, set()).add(unit)
        return terms

    def kept(self, lang: Language, query_words: list[str], asked_in: str | None) -> list[tuple[str, str]]:
        """(unit, word) of the question's words that are no stop words here or in its language; the
        unit ("2:flag") names the word the same way in every language."""
        asked = self.languages[asked_in].stop_words if asked_in is not None else frozenset()
        return [
            (f"{i}:{w}", w) for i, w in enumerate(query_words) if w not in lang.stop_words and w not in asked
        ]

    def concepts_named(
        self, query_words: list[str], asked_in: str | None
    ) -> dict[str, tuple[float, frozenset[str]]]:
        """Concepts the question names (weight 1) and those linked to them (LINKED_WEIGHT), each with
        the question's words it stands for: matching a concept covers the words that name it, and
        a linked concept covers the words of the concept it is linked from."""
        found: dict[str, set[str]] = defaultdict(set)
        for code, phrases in self.phrases.items():
            lang = self.language(code)
            kept = self.kept(lang, query_words, asked_in)
            fuzzy = asked_in is None or asked_in == code
            options = [
                {lang.stem(w), lang.known(w) or "", lang.irregular.get(w, "")}
                | set(lang.related(w) if fuzzy else ())
                for _, w in kept
            ]
            options = [o - {""} for o in options]
            for concept, start, size in phrase_spans(options, phrases):
                found[concept].update(unit for unit, _ in kept[start : start + size])
            parts = [(u, p) for u, w in kept for p in (lang.parts(w) or (lang.known(w) or lang.stem(w),))]
            for concept, start, size in phrase_spans([(p,) for _, p in parts], phrases):
                found[concept].update(unit for unit, _ in parts[start : start + size])
        named = {c: (CONCEPT_WEIGHT, frozenset(found[c])) for c in sorted(found)}
        for concept in sorted(found):
            for linked in self.links.get(concept, ()):
                named.setdefault(linked, (LINKED_WEIGHT, frozenset(found[concept])))
        return named

    def rank(self, query: str) -> tuple[dict[int, float], str | None, dict[str, Terms], dict[str, float]]:
        """Score of every entry that matches, the question's language, its terms per language, and
        per language the share of the question's words its texts can answer at all (`reach`)."""
        query_words = words(query)
        asked_in = self.detect(query_words)
        concepts = self.concepts_named(query_words, asked_in)
        scores: dict[int, float] = defaultdict(float)
        per_language: dict[str, Terms] = {}
        answerable: dict[str, set[str]] = {}
        every: set[str] = set()
        for code, collection in self.collections.items():
            units: dict[str, set[str]] = {}
            terms = self.query_terms(code, query_words, asked_in, units)
            for concept, (weight, covered) in concepts.items():
                terms["@" + concept] += weight
                units.setdefault("@" + concept, set()).update(covered)
            per_language[code] = terms
            every.update(*units.values())
            answerable[code] = collection.score(terms, units, scores, self.entries)
        reach = {code: len(found) / len(every) if every else 1.0 for code, found in answerable.items()}
        return scores, asked_in, per_language, reach


def strip_parenthesis(term: str) -> str:
    return re.sub(r"\([^)]*\)", " ", term).strip()
