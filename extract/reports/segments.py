"""Aligned sentence groups across editions: the units of the TMX and XLIFF exports.

The editions are read from kb/generated (provisions, alignment) and the raw corpus, through the
diff's loader (`extract.reports.diff_data`). For every canonical rule, the sentences of the
provisions each edition maps to it are aligned with the sentences of the first edition given (the
pivot), with the diff's sentence aligner (`extract.kb.sentence_align.align`, the `Wording` comparer:
same-language words, Apertium between the Scandinavian languages, language-neutral evidence
otherwise). Links are many-to-many (1-1, 2-1, 1-2); a group is the connected set of sentences linked
together, so one group holds, per edition, the sentence(s) that say the same thing. A provision
mapped to two rules is aligned once per rule; its sentences join one group, never two.

A unit holds words to translate: a list marker glued to a sentence end is cut off (`unglued`), and
so is the printed label a heading starts with (`without_label`: "E. Algebraisk notation"; a side
that is only "C." leaves the group). Between two editions, a group where one side is a sentence of
clauses joined by ";" and the other as many sentences gets its `parts` (`clause_parts`).
"""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from extract.kb.apertium_store import CLAUSE_END
from extract.kb.sentence_align import SentenceRef, align
from extract.model import InputError
from extract.reports.diff_data import KBData, load_edition, load_kb, plain
from extract.reports.wording import Wording, prepared_wording
from extract.text.sentences import split_sentences


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
    # a group of two editions where one sentence answers n sentences with n clauses joined by ";":
    # each sentence with its clause, in order (`clause_parts`)
    parts: tuple[tuple[Segment, ...], ...] = ()

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
        wording = prepared_wording(data, pivot, other, kb_dir)
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
        sides = [[s for s in refs if s.edition == edition] for edition in editions]
        segments = [_segment(data, side) for side in sides if side]
        if len(segments) < 2:
            continue
        group_rules = tuple(dict.fromkeys(r for k in keys for r in rules_of[k]))
        groups.append((order[keys[0]], SentenceGroup(group_rules, tuple(segments))))
    groups.sort(key=lambda g: g[0])
    found = [g for _, g in groups]
    return clause_parts(data, found, editions, kb_dir) if len(editions) == 2 else found


def clause_parts(
    data: KBData, groups: list[SentenceGroup], editions: list[str], kb_dir: Path
) -> list[SentenceGroup]:
    """The groups of two editions, with their `parts` where one side is one sentence of n clauses
    joined by ";" and the other n sentences ("…zavarni, háborgatni; beleértve…" against "…end sker.
    Dette omfatter…"): sentence i with clause i, when the pair's comparer matches every clause with
    its own sentence at least as well as with any other (a clause that says what another sentence
    says, or more, keeps the group whole). OmegaT cuts the paragraph into the n sentences and fills
    each from its part; the group itself fills nothing there."""
    candidates: dict[int, list[list[SentenceRef]]] = {}
    for at, group in enumerate(groups):
        sides = [_pieces(s) for s in group.segments]
        sizes = sorted(len(side) for side in sides)
        if len(sides) != 2 or sizes[0] != 1 or sizes[1] < 2:
            continue
        one = 0 if len(sides[0]) == 1 else 1
        clauses = CLAUSE_END.split(group.segments[one].text)
        if len(clauses) == len(sides[1 - one]):
            sides[one] = [_ref(group.segments[one], c) for c in clauses]
            candidates[at] = sides
    if not candidates:
        return groups
    wording = Wording(data, editions[0], editions[1], kb_dir)
    everything = [[s for k in data.provisions[e] for s in data.sentences_of(e, k)] for e in editions]
    wording.prepare(
        everything[0] + [s for c in candidates.values() for s in c[0]],
        everything[1] + [s for c in candidates.values() for s in c[1]],
    )
    found = list(groups)
    for at, (old, new) in candidates.items():
        score = [[wording.comparer.score(o, n) for n in new] for o in old]
        pairs = range(len(old))
        if all(score[i][i] >= max(score[i][j], score[j][i]) for i in pairs for j in pairs):
            group = groups[at]
            parts = tuple(
                tuple(
                    Segment(s.edition, s.language, s.labels, side[i].text)
                    for s, side in zip(group.segments, (old, new), strict=True)
                )
                for i in pairs
            )
            found[at] = SentenceGroup(group.rules, group.segments, parts)
    return found


def _pieces(segment: Segment) -> list[SentenceRef]:
    return [_ref(segment, s.text) for s in split_sentences(segment.text, segment.language)]


def _ref(segment: Segment, text: str) -> SentenceRef:
    return SentenceRef(segment.edition, segment.labels[0], 0, 0, len(text), " ".join(text.split()))


def _segment(data: KBData, mine: list[SentenceRef]) -> Segment:
    edition = mine[0].edition
    labels = tuple(dict.fromkeys(plain(s.label) for s in mine))
    text = " ".join(" ".join(s.text.split()) for s in mine)
    return Segment(edition, data.language(edition), labels, text)


def _sentences(data: KBData, edition: str, keys: list[str]) -> list[SentenceRef]:
    ordered = sorted(_compared(keys), key=lambda k: data.order[edition].get(k, 1 << 30))
    found = []
    for k in ordered:
        provision = data.provisions[edition].get(k)
        printed = (provision.printed_label or "").strip() if provision else ""
        for s in data.sentences_of(edition, k):
            for piece in unglued(s):
                if piece.index == 0 and piece.start == s.start:
                    piece = without_label(piece, printed)
                if piece.text.strip():
                    found.append(piece)
    return found


_UNLABELLED: weakref.WeakKeyDictionary[SentenceRef, SentenceRef] = weakref.WeakKeyDictionary()


def label_length(text: str, printed: str) -> int:
    """Characters of `text` taken by the provision's printed label at its start, with the dot or
    parenthesis after it and the white space ("E. ", "II.", "3) "): 0 when it does not start so."""
    found = re.match(rf"{re.escape(printed)}[.)](?:\s+|$)", text) if printed else None
    return found.end() if found else 0


def without_label(s: SentenceRef, printed: str) -> SentenceRef:
    """The sentence without the printed label a heading starts with ("E. Algebraisk notation" ->
    "Algebraisk notation"; "C." -> ""): a unit holds the words to translate, the article is in its
    x-label prop, and OmegaT would cut "E." off as a segment of its own. One object per sentence."""
    found = _UNLABELLED.get(s)
    if found is not None:
        return found
    cut = label_length(s.text, printed)
    if not cut:
        return s
    piece = SentenceRef(s.edition, s.label, s.index, s.start + cut, s.end, s.text[cut:])
    _UNLABELLED[s] = piece
    return piece


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
