"""Wording across editions and languages: does a rule say something else, or only say it otherwise?

For one pair of editions a `Wording` object compares sentences (extract/kb/sentence_align.py):

- same language: words directly;
- Danish, Norwegian and Swedish: the old side translated by Apertium into the new side's language
  (or the other way round, whichever pair is installed), one batch per edition pair;
- otherwise (Hungarian, or Apertium absent): language-neutral evidence only.

A rule is `content-changed` when its sentences show substantive evidence: a sentence with no
counterpart (long enough to say something), a number that differs and is not a parameter change,
"may" against "shall", or a negation present on one side only. Translators' different wording (a
synonym, word order, an inflection) is not evidence; the thresholds are calibrated so that two
translations of the same Laws (sv-2009 and the English 2009 text) show almost no content change.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from extract.kb.apertium_store import load_store
from extract.kb.sentence_align import (
    Comparer,
    SentenceLink,
    SentenceRef,
    align,
    has_modality_data,
    threshold,
)
from extract.model.vocab import WordingMethod
from extract.reports.diff_data import KBData, word_diff
from extract.reports.diff_model import SentencePair
from extract.text.analyse import REFERENCE, load_terms, numbers
from extract.text.translate import INSTALL_HINT, SCANDINAVIAN, translate, translation_direction

WORDS = re.compile(r"[^\W\d_]{2,}")
MIN_WORDS = 6  # an unmatched sentence shorter than this (a lead-in, "Se 6.7") is not evidence
SAID_ELSEWHERE = 0.24  # a sentence this close to one anywhere in the other edition is not new
ELSEWHERE_BELOW = 0.2  # a sentence matching one of its own rule this well stays with it
ELSEWHERE_MARGIN = 0.1  # how much better another rule's sentence must match for a sentence to count as moved
RARE_STEMS = 12  # a sentence is looked for elsewhere through its rarest stems
MIN_SCORE = 0.13  # an unmatched sentence this close to some sentence of the other side is a rewording


@dataclass(frozen=True)
class RuleWording:
    pairs: tuple[SentencePair, ...]
    evidence: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.evidence)


def _numbers(text: str, language: str) -> set[int]:
    bare = REFERENCE.sub(" ", text)
    try:  # one is left out: it is also the indefinite article (en, ett, egy)
        return {n for n in numbers(bare, language) if 1 < n <= 200}
    except (FileNotFoundError, OSError, KeyError):
        from extract.kb.sentence_align import numbers_of

        return set(numbers_of(bare))


class Wording:
    """Sentence comparison between edition `a` (old) and `b` (new)."""

    def __init__(self, data: KBData, a: str, b: str, kb_dir: Path) -> None:
        self.data, self.a, self.b = data, a, b
        la, lb = data.language(a), data.language(b)
        self.languages = (la, lb)
        translator: Callable[[list[str]], list[str]] | None = None
        translate_new = False
        self.note: str | None = None
        self.method: WordingMethod = "words" if la == lb else "evidence"
        if la != lb and la in SCANDINAVIAN and lb in SCANDINAVIAN:
            direction = translation_direction(la, lb)
            if direction is None:
                self.method = "none"
                self.note = (
                    f"Apertium ({la}-{lb}) is not installed: wording is not compared for this pair, "
                    f"no rule is called content-changed (install: {INSTALL_HINT})"
                )
            else:
                mode, source, _ = direction
                translate_new = source == lb
                load_store(kb_dir)  # what `chesslaws build` stored, when made with this Apertium

                def translator(texts: list[str]) -> list[str]:
                    return translate(texts, mode)

                self.method = "apertium"
        self.comparer = Comparer(
            la, lb, load_terms(kb_dir), translator, kb_dir=str(kb_dir), translate_new=translate_new
        )
        self.modality = has_modality_data(la, str(kb_dir)) and has_modality_data(lb, str(kb_dir))
        self.prepared = False
        self.everything: tuple[list[SentenceRef], list[SentenceRef]] = ([], [])
        self.index: dict[int, dict[str, list[SentenceRef]]] = {0: {}, 1: {}}

    def prepare(self, old: list[SentenceRef], new: list[SentenceRef]) -> None:
        """One batch for the whole edition pair (one apertium process)."""
        self.comparer.prepare(old, new)
        self.everything = (old, new)
        for side, sentences in enumerate((old, new)):
            index: dict[str, list[SentenceRef]] = {}
            for x in sentences:
                for stem in self.comparer.of(side, x).stems:
                    index.setdefault(stem, []).append(x)
            self.index[side] = index
        self.prepared = True

    # ------------------------------------------------------------ one rule

    def compare(self, old: list[SentenceRef], new: list[SentenceRef], parameter_changed: bool) -> RuleWording:
        if self.method == "none":  # degraded: sentences linked through evidence, no wording claimed
            links = align(old, new, self.comparer)[0]
            return RuleWording(tuple(self._pair(link) for link in links), ())
        whole = (old, new)
        if self.method != "evidence":  # sentences that another rule says better are moved content
            mine_old, mine_new = set(old), set(new)
            old = [x for x in old if not self._said_elsewhere(0, x, new, mine_new)]
            new = [x for x in new if not self._said_elsewhere(1, x, old, mine_old)]
        links, lone_old, lone_new = align(old, new, self.comparer)
        pairs = [self._pair(link) for link in links]
        evidence: list[str] = []
        for pair in pairs:
            evidence += pair.evidence
        for side, lone, others in ((0, lone_old, whole[1]), (1, lone_new, whole[0])):
            for s in lone:
                if not self._says_more(side, s, others):
                    continue
                edition = self.a if side == 0 else self.b
                evidence.append(f'only in {edition} {s.label.split("@", 1)[0]}: "{_short(s.text)}"')
                pairs.append(
                    SentencePair(
                        old=(s.quote(),) if side == 0 else (),
                        new=(s.quote(),) if side == 1 else (),
                        score=None,
                        translated=self.comparer.translations.get(s) if side == 0 else None,
                    )
                )
        if not parameter_changed:
            old_n = set().union(*(_numbers(s.text, self.languages[0]) for s in old)) if old else set()
            new_n = set().union(*(_numbers(s.text, self.languages[1]) for s in new)) if new else set()
            if old_n != new_n and old_n and new_n:
                evidence.append(f"numbers {sorted(old_n)} -> {sorted(new_n)}")
        return RuleWording(tuple(pairs), tuple(evidence))

    def _best_elsewhere(self, side: int, s: SentenceRef, exclude: set[SentenceRef]) -> float:
        """The best score of a sentence against the other edition's sentences outside `exclude`
        (only sentences sharing a word stem with it are scored)."""
        index = self.index[1 - side]
        seen: set[SentenceRef] = set()
        best = 0.0
        idf = self.comparer.idf
        rare = sorted(self.comparer.of(side, s).stems, key=lambda w: -idf.get(w, 0.0))[:RARE_STEMS]
        for stem in rare:
            for other in index.get(stem, ()):
                if other in seen or other in exclude:
                    continue
                seen.add(other)
                best = max(best, self._score(side, s, other))
        return best

    def _said_elsewhere(
        self, side: int, s: SentenceRef, others: list[SentenceRef], mine: set[SentenceRef]
    ) -> bool:
        limit = threshold(self.method)
        inside = max((self._score(side, s, o) for o in others), default=0.0)
        if inside >= ELSEWHERE_BELOW:
            return False
        outside = self._best_elsewhere(side, s, mine)
        return outside >= limit and outside > inside + ELSEWHERE_MARGIN

    def _says_more(self, side: int, s: SentenceRef, others: list[SentenceRef]) -> bool:
        """Whether a sentence without counterpart says something the other side does not: long
        enough once references are taken out, and (words) unlike every sentence of the other side,
        or (evidence) with a termbase concept or number the other side never mentions."""
        if len(WORDS.findall(REFERENCE.sub(" ", s.text))) < MIN_WORDS:
            return False
        if self.method == "evidence":
            if s.text.rstrip().endswith(":"):  # a lead-in: its concepts come back in its items
                return False
            mine = self.comparer.of(side, s)
            theirs = [self.comparer.of(1 - side, o) for o in others]
            seen = set().union(*(f.concepts for f in theirs)) if theirs else set()
            if not seen:  # the other side's language has no termbase terms here: concepts say nothing
                mine = dataclasses.replace(mine, concepts=frozenset())
            numbers_seen = set().union(*(f.numbers for f in theirs)) if theirs else set()
            if not (mine.concepts - seen or mine.numbers - numbers_seen):
                return False
            # said under another rule of the other edition: moved, not new
            return not self._evidence_elsewhere(side, s, others)
        best = max((self._score(side, s, o) for o in others), default=0.0)
        if best >= MIN_SCORE:
            return False
        # said elsewhere in the other edition (under another rule): moved, not new
        return self._best_elsewhere(side, s, set()) < SAID_ELSEWHERE

    def _evidence_elsewhere(self, side: int, s: SentenceRef, others: list[SentenceRef]) -> bool:
        """Whether a sentence of the other edition in the same chapter (this sentence's or its
        counterparts') carries the same language-neutral evidence (concepts, numbers, squares)."""
        limit = threshold("evidence")
        chapters = {_chapter(s)} | {_chapter(o) for o in others}
        return any(
            self._score(side, s, other) >= limit
            for other in self.everything[1 - side]
            if _chapter(other) in chapters
        )

    def _score(self, side: int, s: SentenceRef, other: SentenceRef) -> float:
        return self.comparer.score(s, other) if side == 0 else self.comparer.score(other, s)

    def _pair(self, link: SentenceLink) -> SentencePair:
        fo = [self.comparer.of(0, s) for s in link.old]
        fn = [self.comparer.of(1, s) for s in link.new]
        evidence: list[str] = []
        negated = any(f.negations for f in fo) or any(f.negations for f in fn)
        if (  # a negation turns modals round ("not obliged" is "may"): no may/shall claim then
            self.modality
            and not negated
            and self.method != "none"
            and (self.method == "evidence" or link.score >= threshold(self.comparer.method))
        ):
            old_perm = any(f.permission for f in fo) and not any(f.obligation for f in fo)
            new_perm = any(f.permission for f in fn) and not any(f.obligation for f in fn)
            old_obl = any(f.obligation for f in fo) and not any(f.permission for f in fo)
            new_obl = any(f.obligation for f in fn) and not any(f.permission for f in fn)
            label = link.new[0].label.split("@", 1)[0]
            if old_perm and new_obl:
                evidence.append(f"{label}: may -> shall")
            elif old_obl and new_perm:
                evidence.append(f"{label}: shall -> may")
        old_text = " ".join(s.text for s in link.old)
        new_text = " ".join(s.text for s in link.new)
        translated = None
        words = None
        if self.method == "apertium":
            if self.comparer.translate_new:
                translated = " ".join(self.comparer.translations.get(s, s.text) for s in link.new)
                words = word_diff(old_text, translated)[0]
            else:
                translated = " ".join(self.comparer.translations.get(s, s.text) for s in link.old)
                words = word_diff(translated, new_text)[0]
        elif self.method == "words":
            words = word_diff(old_text, new_text)[0]
        return SentencePair(
            old=tuple(s.quote() for s in link.old),
            new=tuple(s.quote() for s in link.new),
            score=link.score,
            translated=translated,
            words=words,
            evidence=tuple(evidence),
        )

    # ------------------------------------------------------------ moved content

    def found_in(
        self, sentences: list[SentenceRef], candidates: list[SentenceRef], side: int
    ) -> tuple[float, list[tuple[SentenceRef, SentenceRef, float]]]:
        """How much of `sentences` (of edition a if side == 0, else b) the candidate sentences of the
        other edition express: the share of words in matched sentences, and the matches."""
        limit = threshold(self.comparer.method)
        total = sum(len(s.text.split()) for s in sentences) or 1
        covered = 0
        matches: list[tuple[SentenceRef, SentenceRef, float]] = []
        for s in sentences:
            scored = [(self._score(side, s, c), c) for c in candidates]
            if not scored:
                continue
            best, where = max(scored, key=lambda t: t[0])
            if best >= limit:
                covered += len(s.text.split())
                matches.append((s, where, round(best, 3)))
        return covered / total, matches


def _chapter(s: SentenceRef) -> str:
    """The article, appendix or part a sentence's provision belongs to ("A" of "A.4.3@1")."""
    return s.label.split("@", 1)[0].split(".", 1)[0]


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


_PREPARED: dict[tuple[int, str, str, str], tuple[KBData, Wording]] = {}


def prepared_wording(data: KBData, a: str, b: str, kb_dir: Path) -> Wording:
    """The Wording of editions a and b prepared with every sentence of both, made once per KB data:
    the diff and the aligned-sentence exports (TMX, XLIFF) of the same pair share it, so a site
    build translates and reads each pair's sentences once."""
    wording = Wording(data, a, b, kb_dir)  # cheap; its method says whether Apertium is there now
    key = (id(data), a, b, f"{kb_dir}|{wording.method}|{wording.note}")
    found = _PREPARED.get(key)
    if found is not None and found[0] is data:
        return found[1]
    everything = [[s for k in data.provisions[e] for s in data.sentences_of(e, k)] for e in (a, b)]
    wording.prepare(everything[0], everything[1])
    _PREPARED[key] = (data, wording)
    return wording
