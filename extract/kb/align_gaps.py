"""Leaves linked by their place between linked neighbours, where their words give no evidence.

In a text whose words the aligner cannot read (a language with no termbase entries, another script),
a provision with no number, cross-reference or chess square in it scores too little with anything.
Its place still tells: when two provisions of a chapter are linked to two provisions of the matched
chapter, and the provisions between them are, on both sides, equally many and linked to nothing, the
k-th one between on one side is the k-th one between on the other (the chapter's own start and end
bracket too). Nothing is linked where the two gaps differ in length (the texts differ there), nor
where the termbase reads words of both chapters (then the words said these provisions differ).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

MAX_GAP = 8  # longer runs of provisions with no evidence are not paired by place


class _Fingerprint(Protocol):
    @property
    def concepts(self) -> frozenset[str] | set[str]: ...


class _Item(Protocol):
    @property
    def id(self) -> tuple[str, str]: ...

    @property
    def fingerprint(self) -> _Fingerprint: ...


class _Link(Protocol):
    @property
    def a(self) -> tuple[str, str]: ...

    @property
    def b(self) -> tuple[str, str]: ...


def _anchors(pairs: set[tuple[int, int]], n: int, m: int) -> list[tuple[int, int]]:
    """The linked pairs that keep the order on both sides (the first taken where two cross), with the
    chapters' start and end as brackets."""
    kept = [(-1, -1)]
    for i, j in sorted(pairs):
        if i > kept[-1][0] and j > kept[-1][1]:
            kept.append((i, j))
    kept.append((n, m))
    return kept


def gap_pairs(
    xs: Sequence[_Item], ys: Sequence[_Item], links: Sequence[_Link], scores: np.ndarray
) -> list[tuple[int, int, float]]:
    """(x index, y index, score) of the provisions of two matched chapters paired by their place between
    linked neighbours: equal runs of provisions linked to nothing, paired in order."""
    ix = {item.id: n for n, item in enumerate(xs)}
    iy = {item.id: n for n, item in enumerate(ys)}
    pairs = {(ix[link.a], iy[link.b]) for link in links if link.a in ix and link.b in iy}
    linked_x, linked_y = {i for i, _ in pairs}, {j for _, j in pairs}
    found: list[tuple[int, int, float]] = []
    read_x = any(item.fingerprint.concepts for item in xs)  # the termbase reads words of the chapter
    read_y = any(item.fingerprint.concepts for item in ys)
    anchors = _anchors(pairs, len(xs), len(ys))
    for (a1, b1), (a2, b2) in zip(anchors, anchors[1:], strict=False):
        gx, gy = range(a1 + 1, a2), range(b1 + 1, b2)
        if not 0 < len(gx) == len(gy) <= MAX_GAP:
            continue
        if any(i in linked_x for i in gx) or any(j in linked_y for j in gy):
            continue
        if read_x and read_y:
            continue  # words both sides read: they said these differ
        found.extend((i, j, float(scores[i, j])) for i, j in zip(gx, gy, strict=True) if scores[i, j] > 0)
    return found
