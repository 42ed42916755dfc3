"""Align provisions across editions and languages without reading the curated mapping.

Each leaf provision gets a language-neutral fingerprint (termbase concepts found through lemmas,
numbers, cross-references, chess squares) plus its structural position. For every pair of editions:

1. chapters (articles, appendices, guidelines, front matter) are matched by content alone, so a
   renumbered or moved chapter is still found;
2. inside each matched chapter pair a monotone alignment (weighted LCS) links provisions in order;
3. provisions left over are linked across chapters when their content agrees strongly enough.

Every link carries a score and the evidence behind it. Rule ids are then named from anchors: a rule's
provisions in the newest edition that has it (curated, the only curated input the aligner sees);
every other edition's provisions take the rule of the anchors they are linked to. kb/overrides.yaml
(a person's decisions) is applied after that and always wins.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from extract.kb.align_gaps import gap_pairs
from extract.kb.align_glossary import glossary_pairs, is_glossary
from extract.kb.align_items import Item, Key, Link
from extract.kb.align_references import referred_pairs
from extract.kb.align_renumbered import renumbered_tails
from extract.kb.align_words import PairWords
from extract.model.vocab import Method
from extract.text.analyse import Fingerprint

MATCH_THRESHOLD = 0.25  # least score for a link inside matched chapters
MOVE_THRESHOLD = 0.8  # least content score for a link across chapters
SPLIT_MARGIN = 0.2  # a split or merge link needs this much more than a plain one
MIN_VOTE = 0.0  # least summed link score for naming a rule
CHAPTER_THRESHOLD = 0.20
REFERRED = "referred to by provisions linked to each other"


@dataclass
class Assignment:
    rule: str
    confidence: float
    method: Method
    evidence: tuple[str, ...] = field(default_factory=tuple)


def is_title_line(item: Item) -> bool:
    """A title-page line ("SVERIGES SCHACKFÖRBUND", "FIDEs regler for skak"), not a sentence."""
    return item.chapter == "front" and item.fingerprint.length < 80


def chapter_of(label: str) -> str:
    head = label.split(".")[0]
    return head.split("-")[0]


def label_tail(label: str) -> str:
    parts = label.split(".")[1:]
    return ".".join(str(ord(p) - 96) if len(p) == 1 and p.isalpha() and p.islower() else p for p in parts)


def make_items(
    edition: str, provisions: list[dict[str, object]], fingerprints: dict[str, Fingerprint], leaves: list[str]
) -> list[Item]:
    """Items for an edition's leaves, in document order, with chapter and position."""
    keyed = dict(zip(fingerprints, provisions, strict=True))
    leaf_set = set(leaves)
    by_chapter: dict[str, list[str]] = defaultdict(list)
    for key in fingerprints:
        if key in leaf_set:
            by_chapter[chapter_of(str(keyed[key]["label"]))].append(key)
    items = []
    for key in fingerprints:
        if key not in leaf_set:
            continue
        provision = keyed[key]
        chapter = chapter_of(str(provision["label"]))
        members = by_chapter[chapter]
        position = members.index(key) / max(1, len(members) - 1)
        items.append(
            Item(
                edition,
                key,
                str(provision["label"]),
                str(provision["kind"]),
                chapter,
                position,
                label_tail(str(provision["label"])),
                fingerprints[key],
            )
        )
    return items


def _binary(items: list[Item], vocabulary: dict[str, int], attribute: str) -> np.ndarray:
    matrix = np.zeros((len(items), max(1, len(vocabulary))))
    for row, item in enumerate(items):
        for value in getattr(item.fingerprint, attribute):
            column = vocabulary.get(value)
            if column is not None:
                matrix[row, column] = 1.0
    return matrix


SQUARES = {f"{f}{r}": i for i, (f, r) in enumerate((f, r) for f in "abcdefgh" for r in range(1, 9))}


Layout = tuple[dict[str, list[Item]], dict[str, list[int]]]  # items by chapter, and their rows


class FeatureCache:
    """The matrices of item lists that depend on nothing but the items (hashed trigrams, numbers,
    squares, length, kind), kept while an edition still takes part in pairs and dropped after
    (`forget`), so a build holds those of a few editions at a time, not of all of them."""

    def __init__(self) -> None:
        self.keys: dict[int, tuple[list[Item], tuple[Key, ...]]] = {}  # id of a list -> it, its key
        self.layouts: dict[tuple[Key, ...], Layout] = {}
        self.entries: dict[tuple[Key, ...], dict[str, np.ndarray]] = {}
        self.counted: dict[tuple[Key, ...], tuple[Counter[str], frozenset[str]]] = {}
        # (items, attribute) -> the vocabulary it was made with and the matrix; one kept per list
        self.binaries: dict[tuple[tuple[Key, ...], str], tuple[tuple[str, ...], np.ndarray]] = {}

    def features(self, key: tuple[Key, ...], items: list[Item]) -> dict[str, np.ndarray]:
        found = self.entries.get(key)
        if found is None:
            found = self.entries[key] = {
                "lexical": _lexical(items),
                "numbers": np.array(
                    [[1.0 if n in item.fingerprint.numbers else 0.0 for n in range(201)] for item in items]
                ),
                "squares": _binary(items, SQUARES, "squares"),
                "length": np.array([max(1, item.fingerprint.length) for item in items], dtype=float),
                "glossary": np.array([item.kind == "glossary entry" for item in items]),
                "title": np.array([is_title_line(item) for item in items]),
            }
        return found

    def key(self, items: list[Item]) -> tuple[Key, ...]:
        """The ids of a list of items, once per list (kept meanwhile, so its id names it alone)."""
        found = self.keys.get(id(items))
        if found is None or found[0] is not items:
            found = self.keys[id(items)] = (items, tuple(item.id for item in items))
        return found[1]

    def layout(self, items: list[Item]) -> Layout:
        """The items by chapter, with each one's row in the list."""
        key = self.key(items)
        found = self.layouts.get(key)
        if found is None:
            index = {item.id: k for k, item in enumerate(items)}
            chapters: dict[str, list[Item]] = defaultdict(list)
            for item in items:
                chapters[item.chapter].append(item)
            rows = {c: [index[i.id] for i in members] for c, members in chapters.items()}
            found = self.layouts[key] = (dict(chapters), rows)
        return found

    def counts(self, key: tuple[Key, ...], items: list[Item]) -> tuple[Counter[str], frozenset[str]]:
        """How many of the items have each concept, and the references they make."""
        found = self.counted.get(key)
        if found is None:
            counts: Counter[str] = Counter()
            for item in items:
                counts.update(item.fingerprint.concepts)
            refs = frozenset(r for item in items for r in item.fingerprint.references)
            found = self.counted[key] = (counts, refs)
        return found

    def binary(
        self, key: tuple[Key, ...], items: list[Item], vocabulary: dict[str, int], attribute: str
    ) -> np.ndarray:
        """`_binary` of the items, made again when the vocabulary differs from the last one (most
        editions add no word to the reference editions': their matrices are made once per build)."""
        words = tuple(vocabulary)
        found = self.binaries.get((key, attribute))
        if found is None or found[0] != words:
            found = self.binaries[(key, attribute)] = (words, _binary(items, vocabulary, attribute))
        return found[1]

    def forget(self, edition: str) -> None:
        """Drop what is kept of an edition's item lists."""
        tables: tuple[dict[tuple[Key, ...], Any], ...] = (self.entries, self.counted, self.layouts)
        for table in tables:
            for key in [key for key in table if key and key[0][0] == edition]:
                del table[key]
        for number in [n for n, (items, _) in self.keys.items() if items and items[0].edition == edition]:
            del self.keys[number]
        for pair in [pair for pair in self.binaries if pair[0] and pair[0][0][0] == edition]:
            del self.binaries[pair]


def _lexical(items: list[Item], dimensions: int = 4096) -> np.ndarray:
    """Unit-length hashed trigram vectors (crc32, so the same on every run)."""
    matrix = np.zeros((len(items), dimensions))
    for row, item in enumerate(items):
        for gram in item.fingerprint.trigrams:
            matrix[row, zlib.crc32(gram.encode()) % dimensions] += 1.0
    norms = np.linalg.norm(matrix, axis=1)[:, None]
    unit: np.ndarray = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)
    return unit


class Scorer:
    """Similarity of provisions from their fingerprints, as matrices per edition pair (numpy).

    Content (what the text says: concepts weighted by rarity, numbers, cross-references, squares,
    length) is kept apart from structure (place inside the chapter), so chapters can be matched on
    content alone and a renumbered chapter is still recognised.
    """

    def __init__(
        self, items: Iterable[Item], shared: FeatureCache | None = None, groups: Iterable[list[Item]] = ()
    ) -> None:
        """Statistics of `items` and the lists `groups` (counts kept in `shared`: once per list)."""
        self.shared = shared if shared is not None else FeatureCache()
        lists = [list(items), *groups]
        counts: Counter[str] = Counter()
        refs: set[str] = set()
        for group in lists:
            group_counts, group_refs = self.shared.counts(self.shared.key(group), group)
            counts.update(group_counts)
            refs |= group_refs
        total = max(1, sum(len(group) for group in lists))
        self.idf = {c: math.log(1 + total / n) for c, n in counts.items()}
        self.concepts = {c: i for i, c in enumerate(sorted(counts))}
        self.weights = np.array([self.idf[c] for c in sorted(counts)]) if counts else np.zeros(0)
        self.refs = {r: i for i, r in enumerate(sorted(refs))}
        self._cache: dict[tuple[Key, ...], dict[str, np.ndarray]] = {}

    @staticmethod
    def _jaccard(x: np.ndarray, y: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
        if weights is not None:
            x, y = x * weights, y * weights
        sx = x.sum(axis=1)[:, None]
        sy = y.sum(axis=1)[None, :]
        both = (x > 0).astype(float) @ (y > 0).T.astype(float) if weights is None else _weighted_min(x, y)
        union = sx + sy - both
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(union > 0, both / union, 0.0)

    def features(self, items: list[Item]) -> dict[str, np.ndarray]:
        """The matrices of one list of items, computed once (an edition takes part in several pairs)."""
        key = self.shared.key(items)
        if key not in self._cache:
            self._cache[key] = self.shared.features(key, items) | {
                "concepts": self.shared.binary(key, items, self.concepts, "concepts"),
                "references": self.shared.binary(key, items, self.refs, "references"),
            }
        return self._cache[key]

    def content(self, xs: list[Item], ys: list[Item]) -> np.ndarray:
        """Content similarity of every x with every y."""
        fx, fy = self.features(xs), self.features(ys)
        weights = self.weights if len(self.weights) else None
        score = 0.45 * self._jaccard(fx["concepts"], fy["concepts"], weights)
        score += 0.2 * fx["lexical"] @ fy["lexical"].T
        neither = (fx["numbers"].sum(axis=1)[:, None] == 0) & (fy["numbers"].sum(axis=1)[None, :] == 0)
        score += np.where(neither, 0.05, 0.15 * self._jaccard(fx["numbers"], fy["numbers"]))
        score += 0.1 * self._jaccard(fx["references"], fy["references"])
        score += 0.1 * self._jaccard(fx["squares"], fy["squares"])
        lx, ly = fx["length"][:, None], fy["length"][None, :]
        score += 0.1 * np.minimum(lx, ly) / np.maximum(lx, ly)
        score = np.where(fx["glossary"][:, None] != fy["glossary"][None, :], score * 0.3, score)
        return np.where(fx["title"][:, None] != fy["title"][None, :], score * 0.3, score)

    def score(self, xs: list[Item], ys: list[Item], content: np.ndarray | None = None) -> np.ndarray:
        """Content plus structural position inside the chapter."""
        content = self.content(xs, ys) if content is None else content
        tails = renumbered_tails(xs, ys) or [y.tail for y in ys]  # y's places in x's numbering
        same_tail = np.array([[1.0 if x.tail and x.tail == tail else 0.0 for tail in tails] for x in xs])
        heads = [tail.split(".")[0] for tail in tails]
        same_head = np.array(
            [[1.0 if x.tail and x.tail.split(".")[0] == h else 0.0 for h in heads] for x in xs]
        )
        px = np.array([x.position for x in xs])[:, None]
        py = np.array([y.position for y in ys])[None, :]
        structure = 0.6 * same_tail + 0.3 * (same_head - same_tail).clip(0) + 0.4 * (1 - np.abs(px - py))
        combined: np.ndarray = 0.75 * content + 0.25 * structure
        return combined

    def evidence(self, x: Item, y: Item) -> tuple[str, ...]:
        fx, fy = x.fingerprint, y.fingerprint
        notes: list[str] = []
        shared = sorted(fx.concepts & fy.concepts, key=lambda c: (-self.idf.get(c, 1.0), c))
        if shared:
            notes.append("concepts " + ", ".join(shared[:4]))
        if fx.numbers & fy.numbers:
            notes.append(f"numbers {sorted(fx.numbers & fy.numbers)}")
        if set(fx.references) & set(fy.references):
            notes.append(f"references {sorted(set(fx.references) & set(fy.references))}")
        if fx.squares & fy.squares:
            notes.append(f"squares {len(fx.squares & fy.squares)}")
        if x.tail and x.tail == y.tail:
            notes.append(f"same place {x.chapter}.{x.tail} ~ {y.chapter}.{y.tail}")
        return tuple(notes)


def _weighted_min(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """sum_k min(x_ik, y_jk) for non-negative matrices whose rows share a weight vector per column."""
    out = np.zeros((x.shape[0], y.shape[0]))
    # only where both have the concept (the minimum is 0 elsewhere): the dense sum, in the same order
    for k in np.flatnonzero(x.any(axis=0) & y.any(axis=0)):
        rows, cols = np.flatnonzero(x[:, k]), np.flatnonzero(y[:, k])
        out[np.ix_(rows, cols)] += np.minimum(x[rows, k][:, None], y[cols, k][None, :])
    return out


def monotone_links(xs: list[Item], ys: list[Item], scores: np.ndarray, scorer: Scorer) -> list[Link]:
    """Best order-preserving links between two chapters (weighted LCS over scores above threshold)."""
    n, m = len(xs), len(ys)
    gain = scores - MATCH_THRESHOLD
    best = np.zeros((n + 1, m + 1))
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            take = best[i + 1, j + 1] + gain[i, j] if gain[i, j] > 0 else -1.0
            best[i, j] = max(best[i + 1, j], best[i, j + 1], take)
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if gain[i, j] > 0 and math.isclose(best[i, j], best[i + 1, j + 1] + gain[i, j]):
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i + 1, j] >= best[i, j + 1]:
            i += 1
        else:
            j += 1
    # splits and merges: an unlinked provision joins the provision it scores best with
    linked_x = {i for i, _ in pairs}
    linked_y = {j for _, j in pairs}
    for i in range(n):
        if i not in linked_x and m:
            j = int(np.argmax(scores[i]))
            if scores[i, j] >= MATCH_THRESHOLD + SPLIT_MARGIN:
                pairs.append((i, j))
    for j in range(m):
        if j not in linked_y and n:
            i = int(np.argmax(scores[:, j]))
            if scores[i, j] >= MATCH_THRESHOLD + SPLIT_MARGIN:
                pairs.append((i, j))
    return [Link(xs[i].id, ys[j].id, float(scores[i, j]), scorer.evidence(xs[i], ys[j])) for i, j in pairs]


def align_pair(xs: list[Item], ys: list[Item], scorer: Scorer) -> list[Link]:
    """Links between the leaves of two editions."""
    content = scorer.content(xs, ys)
    (chapters_x, rows), (chapters_y, cols) = scorer.shared.layout(xs), scorer.shared.layout(ys)
    # a chapter pair's similarity: the mean of each x's best score in chapter cy and of each y's best
    # in chapter cx (the maxima of the block, taken from each row's best per chapter: the same values)
    kind_x, kind_y = {c: structural(c) for c in rows}, {c: structural(c) for c in cols}
    best_in = {cy: content[:, c].max(axis=1) for cy, c in cols.items() if len(xs)}
    best_of = {cx: content[r, :].max(axis=0) for cx, r in rows.items() if len(ys)}
    by_x: dict[str, list[tuple[float, str]]] = defaultdict(list)
    by_y: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for cx, r in rows.items():
        for cy, c in cols.items():
            if kind_x[cx] != kind_y[cy]:
                continue
            similarity = (best_in[cy][r].mean() + best_of[cx][c].mean()) / 2
            by_x[cx].append((similarity, cy))
            by_y[cy].append((similarity, cx))
    pairs: set[tuple[str, str]] = set()
    for cx in chapters_x:
        if by_x[cx] and (top := max(by_x[cx]))[0] >= CHAPTER_THRESHOLD:
            pairs.add((cx, top[1]))
    for cy in chapters_y:
        if by_y[cy] and (top := max(by_y[cy]))[0] >= CHAPTER_THRESHOLD:
            pairs.add((top[1], cy))
    paired_x, paired_y = {a for a, _ in pairs}, {b for _, b in pairs}
    for cx in chapters_x:  # no wording in common (an unseen language): the numbering pairs chapters
        # one of which content paired with no other (or elsewhere: Article 3 with the Chess960
        # guideline's castling), and a section its namesake (front matter, preface, glossary)
        if cx in chapters_y and (cx not in paired_x or cx not in paired_y):
            pairs.add((cx, cx))
    links: list[Link] = []
    blocks = []
    for cx, cy in sorted(pairs):
        block = content[np.ix_(rows[cx], cols[cy])]
        if is_glossary(chapters_x[cx]) and is_glossary(chapters_y[cy]):
            xc, yc = chapters_x[cx], chapters_y[cy]
            links += [
                Link(xc[i].id, yc[j].id, s, scorer.evidence(xc[i], yc[j]))
                for i, j, s in glossary_pairs(block)
            ]
            continue
        scores = scorer.score(xc := chapters_x[cx], yc := chapters_y[cy], block)
        found = monotone_links(xc, yc, scores, scorer)
        gaps = gap_pairs(xc, yc, found, scores)  # provisions with no evidence, by place between links
        links += found + [Link(xc[i].id, yc[j].id, s, ("between linked neighbours",)) for i, j, s in gaps]
        blocks.append((xc, yc, scores, block))
    words = PairWords(xs, ys, list(links))  # words learned from these links, where a chapter needs them
    for xc, yc, scores, block in blocks:
        xi, yi = _ids(xc), _ids(yc)
        placed = {(xi[k.a], yi[k.b]) for k in links if k.a in xi and k.b in yi}
        for i, j, s in referred_pairs(xc, yc, placed, scores, block, words.between(xc, yc)):
            evidence = (*scorer.evidence(xc[i], yc[j]), *words.evidence(xc[i], yc[j]), REFERRED)
            links.append(Link(xc[i].id, yc[j].id, s, evidence))
    linked_x = {link.a for link in links}
    for k, x in enumerate(xs):
        if x.id in linked_x or not ys:
            continue
        j = int(np.argmax(content[k]))
        if content[k, j] >= MOVE_THRESHOLD:
            links.append(Link(x.id, ys[j].id, float(content[k, j]), (*scorer.evidence(x, ys[j]), "moved")))
    return dedupe(links)


def _ids(items: list[Item]) -> dict[Key, int]:
    return {item.id: k for k, item in enumerate(items)}


def structural(chapter: str) -> bool:
    return not (re.fullmatch(r"\d{1,2}|[A-H]|I{1,3}|IV|GL", chapter) is not None)


def dedupe(links: list[Link]) -> list[Link]:
    best: dict[tuple[Key, Key], Link] = {}
    for link in links:
        if (link.a, link.b) not in best or best[(link.a, link.b)].score < link.score:
            best[(link.a, link.b)] = link
    return sorted(best.values(), key=lambda link: (link.a, link.b))


REFERENCES = 4  # editions each edition is aligned with: the build costs O(N * REFERENCES) pair alignments


@dataclass(frozen=True)
class EditionInfo:
    """What choosing reference editions needs to know of an edition."""

    id: str
    fide_edition: str
    in_force: str
    curated: bool  # the curated lists of kb/rules cover it


def references_of(edition: EditionInfo, editions: list[EditionInfo], k: int = REFERENCES) -> list[str]:
    """The k curated editions nearest to an edition: translations of the same FIDE Laws first, then
    the nearest in time."""

    def years(e: EditionInfo) -> float:
        return int(e.in_force[:4]) + int(e.in_force[5:7]) / 12

    others = [c for c in editions if c.curated and c.id != edition.id]
    others.sort(key=lambda c: (c.fide_edition != edition.fide_edition, abs(years(c) - years(edition)), c.id))
    return [c.id for c in others[:k]]


def reference_pairs(editions: list[EditionInfo], k: int = REFERENCES) -> list[tuple[str, str]]:
    """The edition pairs to align, at most k per edition, so adding an edition costs about the same
    whatever the number of editions. Curated editions are aligned with their k nearest curated editions
    in time (five seed editions: all ten pairs); an uncurated edition with the k curated editions
    nearest to it, translations of the same FIDE Laws first. Pairs are (older, newer) in `editions`
    order."""
    order = {e.id: n for n, e in enumerate(editions)}
    curated = [e for e in editions if e.curated]
    pairs: set[tuple[str, str]] = set()
    for edition in editions:
        for other in references_of(edition, editions, k):
            a, b = sorted((edition.id, other), key=order.__getitem__)
            pairs.add((a, b))
    if not curated:  # nothing curated: a chain in time, each edition with its predecessor
        pairs = {(a.id, b.id) for a, b in zip(editions, editions[1:], strict=False)}
    return sorted(pairs, key=lambda pair: (order[pair[0]], order[pair[1]]))


def align(
    items: dict[str, list[Item]],
    pairs: list[tuple[str, str]] | None = None,
    shared: FeatureCache | None = None,
) -> dict[tuple[str, str], list[Link]]:
    """Links for the given pairs of editions (older first); every pair when none are given. Concept
    rarity is measured on all of `items` (a build passes the reference editions and the pair's)."""
    scorer = Scorer((), shared, items.values())
    chosen = pairs if pairs is not None else list(combinations(items, 2))
    return {(a, b): align_pair(items[a], items[b], scorer) for a, b in chosen}


def name_from_mapping(
    links: dict[tuple[str, str], list[Link]],
    mapping: dict[Key, str],
    leaves: Iterable[Key],
    weights: Mapping[str, float] | None = None,
) -> dict[Key, Assignment]:
    """Rules for leaves the published mapping does not cover (editions no curated list names): the
    rule their links to mapped provisions vote for, with its confidence and the links as evidence.
    `weights` (edition -> factor, `laws_weights`) weigh each neighbour's vote by its edition."""
    neighbours: dict[Key, list[tuple[Key, float]]] = defaultdict(list)
    for pair_links in links.values():
        for link in pair_links:
            neighbours[link.a].append((link.b, link.score))
            neighbours[link.b].append((link.a, link.score))
    leaves = sorted(leaves)
    near = {other for key in leaves for other, _ in neighbours.get(key, ()) if other in mapping}
    named = {key: Assignment(mapping[key], 1.0, "mapping") for key in near}
    result: dict[Key, Assignment] = {}
    for key in leaves:
        if key in mapping:
            continue
        found = vote(key, neighbours[key], named, weights)
        if found is not None:
            result[key] = found
    return result


def name_rules(
    links: dict[tuple[str, str], list[Link]], anchors: dict[Key, str], order: list[str], leaves: Iterable[Key]
) -> dict[Key, Assignment]:
    """Name each leaf's rule, newest edition first: anchors keep their rule; every other leaf takes the
    rule its links to already-named provisions vote for (votes weighted by link score)."""
    neighbours: dict[Key, list[tuple[Key, float]]] = defaultdict(list)
    for pair_links in links.values():
        for link in pair_links:
            neighbours[link.a].append((link.b, link.score))
            neighbours[link.b].append((link.a, link.score))
    by_edition: dict[str, list[Key]] = defaultdict(list)
    for key in leaves:
        by_edition[key[0]].append(key)
    result: dict[Key, Assignment] = {k: Assignment(rule, 1.0, "anchor") for k, rule in anchors.items()}
    for sweep in range(2):  # the second sweep lets older editions vote for newer ones too
        for edition in reversed(order):
            for key in sorted(by_edition[edition]):
                if key in anchors or (sweep == 0 and key in result):
                    continue
                named = vote(key, neighbours[key], result)
                if named is not None:
                    result[key] = named
    return result


def vote(
    key: Key,
    neighbours: list[tuple[Key, float]],
    named: dict[Key, Assignment],
    weights: Mapping[str, float] | None = None,
) -> Assignment | None:
    """The rule the named neighbours of a leaf vote for, weighted by link score and, where `weights`
    are given, by the neighbour's edition; the confidence is that of the link scores alone."""
    votes: dict[str, float] = defaultdict(float)
    weighed: dict[str, float] = defaultdict(float)
    sources: dict[str, list[str]] = defaultdict(list)
    for other, score in neighbours:
        found = named.get(other)
        if found is not None and other != key:
            votes[found.rule] += score
            weighed[found.rule] += score * (weights.get(other[0], 1.0) if weights else 1.0)
            sources[found.rule].append(f"{other[0]}:{other[1]} ({score:.2f})")
    if not votes:
        return None
    rule = max(weighed.items(), key=lambda kv: (kv[1], kv[0]))[0]
    weight = votes[rule]
    if weight < MIN_VOTE:
        return None
    confidence = round(weight / sum(votes.values()) * min(1.0, weight), 3)
    return Assignment(rule, confidence, "aligner", tuple(sources[rule][:3]))


@dataclass(frozen=True)
class Agreement:
    a: str
    b: str
    precision: float
    recall: float
    f1: float
    curated_links: int
    predicted_links: int
    agreed_links: int = 0


def gold_links(curated: dict[Key, str], a: str, b: str) -> set[tuple[Key, Key]]:
    """Pairs of leaves of editions a and b that the curated mapping puts under the same rule."""
    by_rule: dict[str, tuple[list[Key], list[Key]]] = defaultdict(lambda: ([], []))
    for key, rule in curated.items():
        if key[0] == a:
            by_rule[rule][0].append(key)
        elif key[0] == b:
            by_rule[rule][1].append(key)
    return {(x, y) for xs, ys in by_rule.values() for x in xs for y in ys}


def predicted_links(
    links: dict[tuple[str, str], list[Link]],
    anchors: dict[Key, str],
    order: list[str],
    leaves: set[Key],
    a: str,
    b: str,
) -> set[tuple[Key, Key]]:
    """What the aligner says about editions a and b: leaves it names with the same rule, naming from
    anchors of the OTHER editions only (nothing curated about a or b is used), plus its direct links
    between leaves it could not name."""
    foreign = {key: rule for key, rule in anchors.items() if key[0] not in (a, b)}
    named = name_rules(links, foreign, order, leaves)
    by_rule: dict[str, tuple[list[Key], list[Key]]] = defaultdict(lambda: ([], []))
    for key, assignment in named.items():
        if key[0] == a:
            by_rule[assignment.rule][0].append(key)
        elif key[0] == b:
            by_rule[assignment.rule][1].append(key)
    pairs = {(x, y) for xs, ys in by_rule.values() for x in xs for y in ys}
    for link in links.get((a, b), []):
        if link.a not in named and link.b not in named:
            pairs.add((link.a, link.b))
    return pairs


def agreement(
    links: dict[tuple[str, str], list[Link]],
    curated: dict[Key, str],
    leaves: set[Key],
    anchors_by_pair: dict[tuple[str, str], dict[Key, str]],
    order: list[str],
    scope: set[Key] | None = None,
) -> list[Agreement]:
    """Precision, recall and F1 of the aligner against the curated mapping, per edition pair, over the
    leaves in `scope` (all leaves by default)."""
    scope = leaves if scope is None else scope
    rows = []
    for a, b in links:
        gold = {pair for pair in gold_links(curated, a, b) if pair[0] in scope and pair[1] in scope}
        predicted = {
            pair
            for pair in predicted_links(links, anchors_by_pair[(a, b)], order, leaves, a, b)
            if pair[0] in scope and pair[1] in scope
        }
        true = len(gold & predicted)
        precision = true / len(predicted) if predicted else 0.0
        recall = true / len(gold) if gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        rows.append(Agreement(a, b, precision, recall, f1, len(gold), len(predicted), true))
    return rows


def overall(rows: list[Agreement]) -> Agreement:
    """Micro-averaged agreement over all edition pairs."""
    agreed = sum(r.agreed_links for r in rows)
    predicted = sum(r.predicted_links for r in rows)
    gold = sum(r.curated_links for r in rows)
    precision = agreed / predicted if predicted else 0.0
    recall = agreed / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Agreement("all", "all", precision, recall, f1, gold, predicted, agreed)
