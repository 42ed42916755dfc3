"""Sentences of two editions aligned to each other, many-to-many, inside aligned rules and chapters.

A rule may be expressed by a whole provision or by part of one (nb-2014 1.1 says that White moves
first; da-2017 gives that its own article 1.2). The unit under the provision is the sentence
(extract/text/sentences.py): this module scores sentence pairs across editions and links them, so
the diff can tell content that moved from content that is new, and wording that changed from
wording that is only translated differently.

Two ways to compare a sentence of edition A with one of edition B:

- `words`: both sentences in one language (the same language, or A translated into B's language by
  Apertium, extract/text/translate.py): a weighted Dice coefficient of word stems, rare words
  weighing more (inverse document frequency over the sentences compared).
- `evidence`: language-neutral (Hungarian, or when Apertium is absent): termbase concepts found in
  each sentence (kb/terms.yaml), numbers and chess squares.

The curated `part_of` relation of kb/rules (a rule expressed in some editions by part of a
provision mapped to another rule) is read here too: `partial_provisions`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from extract.io.languages import DEFAULT_KB, language_data
from extract.model import Provision
from extract.text.analyse import FOLD, REFERENCE, SQUARE, Concept, TermMatcher
from extract.text.sentences import raw_span, split_sentences
from extract.text.words import numbers as digit_numbers
from extract.text.words import word_texts

MIN_SHARED = 2  # evidence items two sentences must share before they can say the same
STEM = 5  # characters of a word that count as its stem (cognates and inflections across da/nb/sv)


@dataclass(frozen=True)
class SentenceQuote:
    """A sentence as reports show it: its provision's plain label and its span in the raw file."""

    edition: str
    label: str
    index: int
    start: int | None
    end: int | None
    text: str


@dataclass(frozen=True, eq=False)  # identity: one object per sentence per KB load, hashed fast
class SentenceRef:
    """A sentence of one provision: offsets into the provision text and, when found, the raw file."""

    edition: str
    label: str
    index: int
    start: int
    end: int
    text: str
    raw_start: int | None = None
    raw_end: int | None = None

    def quote(self) -> SentenceQuote:
        return SentenceQuote(
            self.edition, self.label.split("@", 1)[0], self.index, self.raw_start, self.raw_end, self.text
        )


@dataclass(frozen=True)
class SentenceLink:
    """Sentences of A and of B that say the same (many-to-many), with the best pair score."""

    old: tuple[SentenceRef, ...]
    new: tuple[SentenceRef, ...]
    score: float


@dataclass
class Features:
    """What a sentence says, in comparable form."""

    stems: Counter[str] = field(default_factory=Counter)  # in the comparison language
    concepts: frozenset[str] = frozenset()
    numbers: frozenset[int] = frozenset()
    squares: frozenset[str] = frozenset()
    negations: int = 0
    obligation: bool = False
    permission: bool = False


def provision_sentences(
    edition: str, key: str, provision: Provision, language: str, raw: str
) -> list[SentenceRef]:
    """The sentences of one provision of the generated KB, with raw spans where found."""
    text = provision.text or provision.heading or ""
    out = []
    for i, s in enumerate(split_sentences(text, language)):
        span = raw_span(s, raw, provision.start, provision.end) if raw else None
        out.append(SentenceRef(edition, key, i, s.start, s.end, s.text, *(span if span else (None, None))))
    return out


# ---------------------------------------------------------------- language data


@cache
def modality(language: str, kb_dir: str = "") -> dict[str, tuple[str, ...]]:
    """Negation, obligation and permission words of a language, from kb/languages/<lang>.yaml;
    empty lists for a language without a file (then may/shall is not compared)."""
    data = language_data(Path(kb_dir) if kb_dir else DEFAULT_KB, language) or {}
    return {k: tuple(str(w) for w in data.get(k) or ()) for k in ("negation", "obligation", "permission")}


def _word_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    parts = []
    for w in words:
        body = re.escape(w.strip("*")).replace(r"\ ", r"\s+")
        if w.startswith("*"):
            body = r"\w{2,}" + body
        if w.endswith("*"):
            body = body + r"\w*"
        parts.append(body)
    if not parts:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(parts)})(?!\w)", re.IGNORECASE)


@cache
def _modality_patterns(language: str, kb_dir: str) -> dict[str, re.Pattern[str] | None]:
    return {k: _word_pattern(v) for k, v in modality(language, kb_dir).items()}


def has_modality_data(language: str, kb_dir: str = "") -> bool:
    return any(modality(language, kb_dir).values())


# ---------------------------------------------------------------- features and scores


def stems(text: str) -> Counter[str]:
    return Counter(w.casefold().translate(FOLD)[:STEM] for w in word_texts(text) if len(w) >= 3)


def numbers_of(text: str) -> frozenset[int]:
    """Numbers written in digits, references ("7.5.1", "A.4") excluded."""
    bare = REFERENCE.sub(" ", text)
    bare = SQUARE.sub(" ", bare)
    return frozenset(int(n) for n, _, _ in digit_numbers(bare) if int(n) <= 200)


class Comparer:
    """Scores sentences of edition A (old) against edition B (new).

    `translate`, when given, turns A's sentences into B's language (one batch call per `prepare`);
    then the word score is used, else the evidence score.
    """

    def __init__(
        self,
        old_language: str,
        new_language: str,
        concepts: list[Concept],
        translate: Callable[[list[str]], list[str]] | None = None,
        kb_dir: str = "",
        translate_new: bool = False,
    ) -> None:
        self.languages = (old_language, new_language)
        self.matchers = (TermMatcher(concepts, old_language), TermMatcher(concepts, new_language))
        self.translate = translate
        self.translate_new = translate_new  # True: B is translated into A's language instead
        self.same_language = old_language == new_language
        self.kb_dir = kb_dir
        self.features: dict[tuple[int, SentenceRef], Features] = {}
        self.translations: dict[SentenceRef, str] = {}
        self.idf: dict[str, float] = {}
        self.sizes: dict[int, tuple[Counter[str], float]] = {}
        self.memo: dict[tuple[SentenceRef, SentenceRef], float] = {}

    @property
    def method(self) -> str:
        if self.same_language:
            return "words"
        return "apertium" if self.translate is not None else "evidence"

    def prepare(self, old: list[SentenceRef], new: list[SentenceRef]) -> None:
        """Translate (one batch) and compute the features of every sentence to be compared."""
        side = 1 if self.translate_new else 0
        batch = [s for s in (new if side else old) if s not in self.translations]
        if self.translate is not None and not self.same_language and batch:
            for s, text in zip(batch, self.translate([s.text for s in batch]), strict=True):
                self.translations[s] = text
        documents: list[Counter[str]] = []
        for k, sentences in enumerate((old, new)):
            for s in sentences:
                f = self.features.get((k, s))
                if f is None:
                    f = self._features(k, s)
                    self.features[(k, s)] = f
                documents.append(f.stems)
        counts: Counter[str] = Counter()
        for d in documents:
            counts.update(set(d))
        total = max(len(documents), 1)
        self.idf.update({w: math.log(1 + total / n) for w, n in counts.items()})
        self.sizes.clear()
        self.memo.clear()

    def _features(self, side: int, s: SentenceRef) -> Features:
        language = self.languages[side]
        text = s.text
        compared = self.translations.get(s, text)
        # modal and negation words are read in the original: a translation may turn Danish "må"
        # (may) into Swedish "måste" (must)
        patterns = _modality_patterns(language, self.kb_dir)
        negation, obligation, permission = (patterns[k] for k in ("negation", "obligation", "permission"))
        return Features(
            stems=stems(compared),
            concepts=frozenset(self.matchers[side].concepts(text)),
            numbers=numbers_of(text),
            squares=frozenset(SQUARE.findall(text)),
            negations=len(negation.findall(text)) if negation else 0,
            obligation=bool(obligation and obligation.search(text)),
            permission=bool(permission and permission.search(text)),
        )

    def of(self, side: int, s: SentenceRef) -> Features:
        f = self.features.get((side, s))
        if f is None:
            f = self._features(side, s)
            self.features[(side, s)] = f
        return f

    def word_score(self, a: Counter[str], b: Counter[str]) -> float:
        """Weighted Dice of the sets of stems of two texts (rare stems weigh more; a repeated word
        counts once, so two sentences taken together are not penalised for repeating a word)."""
        if not a or not b:
            return 0.0
        weight = self.idf
        if len(a) > len(b):
            a, b = b, a
        shared = sum(weight.get(w, 1.0) for w in a if w in b)
        size = self._size(a) + self._size(b)
        return 2 * shared / size if size else 0.0

    def _size(self, bag: Counter[str]) -> float:
        key = id(bag)
        found = self.sizes.get(key)
        if found is None or found[0] is not bag:
            weight = self.idf
            found = (bag, sum(weight.get(w, 1.0) for w in bag))
            self.sizes[key] = found
        return found[1]

    def evidence_score(self, a: Features, b: Features) -> float:
        """Jaccard of concepts, numbers and squares (language-neutral)."""
        left = set(a.concepts) | {f"#{n}" for n in a.numbers} | set(a.squares)
        right = set(b.concepts) | {f"#{n}" for n in b.numbers} | set(b.squares)
        shared = left & right
        if len(shared) < MIN_SHARED:  # one shared concept ("chess960") does not make the same sentence
            return 0.0
        return len(shared) / len(left | right)

    def score(self, a: SentenceRef, b: SentenceRef) -> float:
        found = self.memo.get((a, b))
        if found is None:
            fa, fb = self.of(0, a), self.of(1, b)
            found = (
                self.evidence_score(fa, fb)
                if self.method == "evidence"
                else self.word_score(fa.stems, fb.stems)
            )
            self.memo[(a, b)] = found
        return found

    def score_texts(self, a: list[SentenceRef], b: list[SentenceRef]) -> float:
        """Score of two groups of sentences taken as one text each."""
        fa = [self.of(0, s) for s in a]
        fb = [self.of(1, s) for s in b]
        if self.method == "evidence":
            return self.evidence_score(_merge(fa), _merge(fb))
        return self.word_score(sum((f.stems for f in fa), Counter()), sum((f.stems for f in fb), Counter()))


def _merge(features: list[Features]) -> Features:
    out = Features()
    for f in features:
        out.stems.update(f.stems)
        out.concepts = out.concepts | f.concepts
        out.numbers = out.numbers | f.numbers
        out.squares = out.squares | f.squares
        out.negations += f.negations
        out.obligation = out.obligation or f.obligation
        out.permission = out.permission or f.permission
    return out


def threshold(method: str) -> float:
    """The score from which two sentences say the same, per method (calibrated on sv-2009 against
    the English 2009 Laws and on the consecutive pairs of the corpus; see tests/test_diff_sentences)."""
    return {"words": 0.34, "apertium": 0.30, "evidence": 0.34}[method]


def align(
    old: list[SentenceRef], new: list[SentenceRef], comparer: Comparer
) -> tuple[list[SentenceLink], list[SentenceRef], list[SentenceRef]]:
    """Sentences of one rule in A and B linked in order (1-1, 2-1, 1-2), and those left alone.

    The rules are already aligned, so sentences are paired in document order as far as possible:
    a monotone alignment (dynamic programming) maximising the summed scores, where leaving a
    sentence alone scores nothing, a 1-1 pair its score plus a small bonus, and a merge (two
    sentences of one side against one of the other) the score of the two taken as one text.
    """
    n, m = len(old), len(new)
    best: dict[tuple[int, int], tuple[float, tuple[int, int, int, int] | None]] = {(0, 0): (0.0, None)}
    for i in range(n + 1):
        for j in range(m + 1):
            if (i, j) == (0, 0):
                continue
            options: list[tuple[float, tuple[int, int, int, int]]] = []
            if i >= 1:
                options.append((best[(i - 1, j)][0], (i - 1, j, i, j)))
            if j >= 1:
                options.append((best[(i, j - 1)][0], (i, j - 1, i, j)))
            if i >= 1 and j >= 1:
                pair = comparer.score(old[i - 1], new[j - 1])
                if pair >= PAIR_FLOOR[comparer.method]:
                    options.append((best[(i - 1, j - 1)][0] + pair + PAIR_BONUS, (i - 1, j - 1, i, j)))
            if i >= 2 and j >= 1:
                merged = comparer.score_texts(old[i - 2 : i], new[j - 1 : j])
                options.append((best[(i - 2, j - 1)][0] + merged + PAIR_BONUS, (i - 2, j - 1, i, j)))
            if i >= 1 and j >= 2:
                merged = comparer.score_texts(old[i - 1 : i], new[j - 2 : j])
                options.append((best[(i - 1, j - 2)][0] + merged + PAIR_BONUS, (i - 1, j - 2, i, j)))
            best[(i, j)] = max(options, key=lambda o: o[0])
    steps: list[tuple[int, int, int, int]] = []
    at = (n, m)
    while at != (0, 0):
        step = best[at][1]
        assert step is not None
        steps.append(step)
        at = (step[0], step[1])
    steps.reverse()
    links: list[SentenceLink] = []
    lone_old: list[SentenceRef] = []
    lone_new: list[SentenceRef] = []
    for i0, j0, i1, j1 in steps:
        a, b = old[i0:i1], new[j0:j1]
        if a and b:
            links.append(SentenceLink(tuple(a), tuple(b), round(comparer.score_texts(a, b), 3)))
        else:
            lone_old += a
            lone_new += b
    return links, lone_old, lone_new


PAIR_BONUS = 0.05
# below this score two sentences are not paired even in document order (each is then left alone)
PAIR_FLOOR = {"words": 0.0, "apertium": 0.0, "evidence": 0.0}


def partial_provisions(rule: Any, edition: str) -> tuple[str, ...]:
    """Curated: provisions of `edition` (mapped to other rules) of which a part expresses `rule`."""
    return tuple(getattr(rule, "part_of", {}).get(edition, ()))
