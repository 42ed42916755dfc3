"""Provisions placed through the provisions that refer to them, where their order differs.

The Laws move provisions inside an article between editions: the 2017 Laws give pressing the clock
without a move and moving with two hands sections of their own (7.7, 7.8), each with its own penalty
that refers back to it ("a breach of 7.8.1"); the 2018 Laws put them among the illegal moves (7.5.3,
7.5.4) under one penalty that refers to them all ("if 7.5.1, 7.5.2, 7.5.3 or 7.5.4 apply"). The
order-keeping alignment of a chapter cannot link provisions whose order is reversed, and their
words alone may say too little across languages.

What refers to them still tells: a provision x whose counterpart is y (the provision of the matched
chapter it scores best with) refers to provisions of its chapter that no link placed; y refers to
provisions of its chapter that no link placed either. Those are counterparts of each other, and
they are paired by what they say, not by their place: the content score plus, where the caller has
them, the words learned from the links the two editions already have (extract/kb/align_words.py: a
translation lexicon of the pair, so a language the termbase does not read still tells "castling"
from "clock"). Learned words also help find the counterpart of a referring provision (a penalty of
its own in one edition, the one penalty for all in the other, with little else in common).

Among the candidate pairings, the one-to-one assignment with the most evidence is taken, a pair of
it only where it is clear: every assignment without that pair has at least `MARGIN` less evidence,
and the two provisions share evidence (a termbase concept read in both, or learned words that
translate each other). Where the evidence cannot tell which is which, nothing is linked: absent
rather than guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial

import numpy as np

from extract.kb.align_items import Item

MARGIN = 0.03  # how much the best assignment beats every assignment without one of its pairs
LEAST = 0.25  # the least score (and learned words' similarity) of a referring provision with its counterpart
MAX_CANDIDATES = 16  # larger sets of candidate pairings are not decided (nothing is linked)

Words = Callable[[int, int], float]  # learned words' similarity of xs[i] and ys[j]


def _unplaced(item: Item, index: dict[str, int], linked: set[int]) -> set[int]:
    """The provisions of the chapter the item refers to that no link placed (itself excluded)."""
    found = {index[r] for r in item.fingerprint.references if r in index}
    return {k for k in found if k not in linked and k != index.get(item.label)}


def referred_pairs(
    xs: Sequence[Item],
    ys: Sequence[Item],
    pairs: set[tuple[int, int]],
    scores: np.ndarray,
    content: np.ndarray,
    words: Words | None = None,
) -> list[tuple[int, int, float]]:
    """(x index, y index, score) of provisions that no link placed, paired through the provisions
    that refer to them (the module's docstring): `scores` (content and place) and `words` find the
    counterpart of a referring provision, `content` and `words` pair the provisions referred to."""
    if not len(xs) or not len(ys):
        return []
    learned: Words = cache(words) if words is not None else (lambda i, j: 0.0)
    linked_x, linked_y = {i for i, _ in pairs}, {j for _, j in pairs}
    index_x = {x.label: i for i, x in enumerate(xs)}
    index_y = {y.label: j for j, y in enumerate(ys)}
    candidates: set[tuple[int, int]] = set()
    for i, x in enumerate(xs):
        if sources := _unplaced(x, index_x, linked_x):
            found = _counterpart(scores[i], [partial(learned, i, k) for k in range(len(ys))])
            if found is not None:
                candidates |= {(a, b) for a in sources for b in _unplaced(ys[found], index_y, linked_y)}
    for j, y in enumerate(ys):
        if targets := _unplaced(y, index_y, linked_y):
            found = _counterpart(scores[:, j], [partial(learned, k, j) for k in range(len(xs))])
            if found is not None:
                candidates |= {(a, b) for a in _unplaced(xs[found], index_x, linked_x) for b in targets}
    evidence = {(a, b): float(content[a, b]) + learned(a, b) for a, b in candidates}
    candidates = {(a, b) for a, b in candidates if _shared(xs[a], ys[b]) or learned(a, b) > 0}
    return [(a, b, float(scores[a, b])) for a, b in clear_assignment(candidates, evidence)]


def _counterpart(row: np.ndarray, learned: Sequence[Callable[[], float]]) -> int | None:
    """The index of a provision's counterpart: its best by score where that reaches `LEAST`, else
    its best by learned words where they reach it; None where neither does."""
    best = int(np.argmax(row))
    if row[best] >= LEAST:
        return best
    similarity = [words() for words in learned]
    best = max(range(len(row)), key=lambda k: (similarity[k], row[k], -k))
    return best if similarity[best] >= LEAST else None


def clear_assignment(
    candidates: set[tuple[int, int]], evidence: dict[tuple[int, int], float]
) -> list[tuple[int, int]]:
    """The pairs of the one-to-one assignment of candidates with the most evidence that are clear:
    every assignment without the pair has at least `MARGIN` less. Candidates that share no provision
    are decided apart; a set too large to weigh every assignment of is left undecided."""
    taken: list[tuple[int, int]] = []
    for group in _groups(candidates):
        if len(group) > MAX_CANDIDATES:
            continue
        assignments = [(sum(evidence[p] for p in chosen), chosen) for chosen in _matchings(group)]
        total, best = max(assignments, key=lambda a: (a[0], sorted(a[1])))
        for pair in sorted(best):
            rival = max(t for t, chosen in assignments if pair not in chosen)
            if total - rival >= MARGIN:
                taken.append(pair)
    return sorted(taken)


def _groups(candidates: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Candidate pairs split into sets that share no provision with each other."""
    groups: list[list[tuple[int, int]]] = []
    left = sorted(candidates)
    while left:
        group = [left.pop(0)]
        xs, ys = {group[0][0]}, {group[0][1]}
        grown = True
        while grown:
            grown = False
            for pair in [p for p in left if p[0] in xs or p[1] in ys]:
                left.remove(pair)
                group.append(pair)
                xs.add(pair[0])
                ys.add(pair[1])
                grown = True
        groups.append(sorted(group))
    return groups


def _matchings(pairs: list[tuple[int, int]]) -> Iterator[frozenset[tuple[int, int]]]:
    """Every set of the pairs in which no provision stands twice (the empty set included)."""
    if not pairs:
        yield frozenset()
        return
    first, rest = pairs[0], pairs[1:]
    yield from _matchings(rest)
    apart = [p for p in rest if p[0] != first[0] and p[1] != first[1]]
    for chosen in _matchings(apart):
        yield chosen | {first}


def _shared(x: Item, y: Item) -> bool:
    """Whether the termbase reads a concept in both (their words say something of each other)."""
    return bool(x.fingerprint.concepts & y.fingerprint.concepts)
