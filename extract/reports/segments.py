"""Aligned sentence groups across editions: the units of the TMX and XLIFF exports.

The editions are read from kb/generated (provisions, alignment) and the raw corpus, through the
diff's loader (`extract.reports.diff_data`). For every canonical rule, the sentences of the
provisions each edition maps to it are aligned with the sentences of the first edition given (the
pivot), with the diff's sentence aligner (`extract.kb.sentence_align.align`, the `Wording` comparer:
same-language words, Apertium between the Scandinavian languages, language-neutral evidence
otherwise). Links are many-to-many (1-1, 2-1, 1-2); a group is the connected set of sentences linked
together, so one group holds, per edition, the sentence(s) that say the same thing. A provision
mapped to two rules is aligned once per rule; its sentences join one group, never two.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from extract.kb.sentence_align import SentenceRef, align
from extract.model import InputError
from extract.reports.diff_data import KBData, load_edition, load_kb, plain
from extract.reports.wording import Wording


@dataclass(frozen=True)
class Segment:
    """One edition's side of a group: its sentences joined, and the provisions they come from."""

    edition: str
    language: str
    labels: tuple[str, ...]
    text: str

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True)
class SentenceGroup:
    """Sentences of several editions that say the same; `rules` are the canonical rules they express."""

    rules: tuple[str, ...]
    segments: tuple[Segment, ...]  # in the order of the editions asked for; absent editions left out

    def segment(self, edition: str) -> Segment | None:
        return next((s for s in self.segments if s.edition == edition), None)


def known_editions(kb_dir: Path, corpus_dir: Path) -> list[str]:
    """Edition ids of the generated KB, in in-force order."""
    return list(load_kb(kb_dir, corpus_dir).editions)


def check_editions(kb_dir: Path, corpus_dir: Path, editions: list[str]) -> list[str]:
    """The editions asked for (all when none), each known and named once; InputError otherwise."""
    known = known_editions(kb_dir, corpus_dir)
    chosen = editions or known
    for edition in chosen:
        if edition not in known:
            raise InputError(
                kb_dir / "generated" / "editions.yaml",
                None,
                f"unknown edition '{edition}' (known: {', '.join(known)})",
            )
    if len(set(chosen)) != len(chosen):
        raise InputError(kb_dir, None, f"an edition is named twice: {', '.join(chosen)}")
    return chosen


def _compared(keys: list[str]) -> list[str]:
    """Provisions of the Laws themselves: not the title page nor a table of contents."""
    return [k for k in keys if not plain(k).startswith(("front.", "contents"))]


def _rule_order(data: KBData, editions: list[str]) -> list[str]:
    """Rules in the document order of the first edition that has them."""

    def position(rule: str) -> tuple[int, int]:
        for rank, edition in enumerate(editions):
            keys = data.alignment[rule].get(edition, [])
            order = data.order[edition]
            found = [order[k] for k in keys if k in order]
            if found:
                return (rank, min(found))
        return (len(editions), 0)

    return sorted(data.alignment, key=lambda r: (position(r), r))


class _Union:
    """Union-find over sentences (identity: one SentenceRef object per sentence per KB load), with
    each component's sentence count per edition."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}
        self.items: dict[int, SentenceRef] = {}
        self.counts: dict[int, Counter[str]] = {}

    def add(self, s: SentenceRef) -> int:
        key = id(s)
        if key not in self.parent:
            self.parent[key] = key
            self.items[key] = s
            self.counts[key] = Counter([s.edition])
        return key

    def find(self, key: int) -> int:
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def union(self, members: list[SentenceRef]) -> bool:
        """Join the members' components unless the result would hold, for two editions, sentence
        counts more than one apart (a unit must be one sentence or one aligned group on each side)."""
        roots = list(dict.fromkeys(self.find(self.add(s)) for s in members))
        merged = sum((self.counts[r] for r in roots), Counter())
        if max(merged.values()) - min(merged.values()) > 1:
            return False
        for root in roots[1:]:
            self.parent[root] = roots[0]
            del self.counts[root]
        self.counts[roots[0]] = merged
        return True


def sentence_groups(kb_dir: Path, corpus_dir: Path, editions: list[str]) -> list[SentenceGroup]:
    """The aligned sentence groups of `editions` (all editions when empty), pivot = the first one.

    Only groups with sentences of at least two editions are returned (a translation unit needs a
    translation). A sentence of a non-pivot edition that no pivot sentence matches is left out."""
    editions = check_editions(kb_dir, corpus_dir, editions)
    data = load_kb(kb_dir, corpus_dir)
    for edition in editions:
        load_edition(data, edition, kb_dir, corpus_dir)
    pivot, others = editions[0], editions[1:]
    rules = _rule_order(data, editions)
    union = _Union()
    rules_of: dict[int, list[str]] = defaultdict(list)
    order: dict[int, tuple[int, int, int]] = {}
    for other in others:
        wording = Wording(data, pivot, other, kb_dir)
        everything = [
            [s for k in data.provisions[e] for s in data.sentences_of(e, k)] for e in (pivot, other)
        ]
        wording.prepare(everything[0], everything[1])
        for rule in rules:
            by_edition = data.alignment[rule]
            old = _sentences(data, pivot, by_edition.get(pivot, []))
            new = _sentences(data, other, by_edition.get(other, []))
            if not old or not new:
                continue
            for link in align(old, new, wording.comparer)[0]:
                members = list(link.old) + list(link.new)
                if not union.union(members):
                    continue
                for s in members:
                    rules_of[id(s)].append(rule)
    for key, s in union.items.items():
        order[key] = (editions.index(s.edition), data.order[s.edition].get(s.label, 1 << 30), s.index)
    components: dict[int, list[int]] = defaultdict(list)
    for key in union.parent:
        components[union.find(key)].append(key)
    groups = []
    for keys in components.values():
        keys.sort(key=lambda k: order[k])
        refs = [union.items[k] for k in keys]
        segments = []
        for edition in editions:
            mine = [s for s in refs if s.edition == edition]
            if mine:
                labels = tuple(dict.fromkeys(plain(s.label) for s in mine))
                text = " ".join(" ".join(s.text.split()) for s in mine)
                segments.append(Segment(edition, data.language(edition), labels, text))
        if len(segments) < 2:
            continue
        group_rules = tuple(dict.fromkeys(r for k in keys for r in rules_of[k]))
        groups.append((order[keys[0]], SentenceGroup(group_rules, tuple(segments))))
    groups.sort(key=lambda g: g[0])
    return [g for _, g in groups]


def _sentences(data: KBData, edition: str, keys: list[str]) -> list[SentenceRef]:
    ordered = sorted(_compared(keys), key=lambda k: data.order[edition].get(k, 1 << 30))
    return [
        piece
        for k in ordered
        for s in data.sentences_of(edition, k)
        if s.text.strip()
        for piece in unglued(s)
    ]


# A list marker glued to the end of the previous sentence by a lost line break: "…sluttstillingen.b)
# Remiskravet …". Only after a word's final punctuation and before a capital, so references such as
# "(Se § 9.2)" or "5.1 a), 5.2.a)" are not cut.
_GLUED_MARKER = re.compile(r"(?<=[^\W\d_][.:;!?])(?:[a-z]|\d{1,2})\)\s+(?=[^\W\d_])")
_UNGLUED: weakref.WeakKeyDictionary[SentenceRef, tuple[SentenceRef, ...]] = weakref.WeakKeyDictionary()


def unglued(s: SentenceRef) -> tuple[SentenceRef, ...]:
    """The sentence, or its pieces where a list item's marker is glued to a sentence end (the
    marker itself dropped: it numbers the item, it is no text to translate). One set of piece
    objects per sentence object, so sentence identity holds across rules and editions."""
    found = _UNGLUED.get(s)
    if found is not None:
        return found
    cuts = [m for m in _GLUED_MARKER.finditer(s.text) if s.text[m.end()].isupper()]
    if not cuts:
        return (s,)  # not cached: the value would keep its weak key alive
    bounds = [(0, cuts[0].start())] + [
        (m.end(), nxt.start() if nxt else len(s.text)) for m, nxt in zip(cuts, [*cuts[1:], None], strict=True)
    ]
    pieces = tuple(
        SentenceRef(s.edition, s.label, s.index, s.start + a, s.start + b, s.text[a:b].strip())
        for a, b in bounds
    )
    _UNGLUED[s] = pieces
    return pieces
